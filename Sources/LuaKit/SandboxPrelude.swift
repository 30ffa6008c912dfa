/// Lua run once per sandbox, with the state's real globals, to install the guarded versions of
/// `print`, `load`, `rawset`, `setmetatable`, `xpcall`, `collectgarbage` and `require` into the
/// sandbox `env` (`rawset` and `setmetatable` refuse read-only modules with an error naming
/// them; `xpcall` skips the message handler once the call's CPU budget is spent).
/// Plugins reach the originals only through these closures. `os.time()`, `os.date(format)` and
/// `os.clock()` read the state's `LuaClock` (`clocknow`, `clockelapsed`); `os.date` always
/// formats in UTC (a format without `!` gets one: the machine's time zone would make runs
/// differ between machines) and `os.time(table)` reads the table in UTC (`utctime`), so that
/// `os.time(os.date("*t", t)) == t` everywhere.
let sandboxPrelude = """
  local env, hostprint, loadmodule, modulename, budgetspent, clocknow, clockelapsed, utctime = ...
  local type, select, tostring, error, rawget, rawset = type, select, tostring, error, rawget, rawset
  local xpcall = xpcall
  local concat = table.concat
  local load, setmetatable, collectgarbage = load, setmetatable, collectgarbage

  env.print = function(...)
    local parts = {}
    for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
    hostprint(concat(parts, "\\t"))
  end

  env.load = function(chunk, chunkname, mode, ...)
    if mode ~= nil and mode ~= "t" then
      return nil, "only text chunks can be loaded in plugins (mode 't')"
    end
    local chunkenv = env
    if select("#", ...) > 0 then chunkenv = ... end
    return load(chunk, chunkname, "t", chunkenv)
  end

  local function keyname(k)
    if type(k) == "string" or type(k) == "number" then return tostring(k) end
    return "[" .. type(k) .. "]"
  end

  env.rawset = function(t, k, v)
    local name = modulename(t)
    if name then error(name .. " is read-only: cannot set " .. name .. "." .. keyname(k), 2) end
    return rawset(t, k, v)
  end

  env.setmetatable = function(t, mt)
    local name = modulename(t)
    if name then error(name .. " is read-only: cannot set its metatable", 2) end
    if type(t) ~= "table" then
      error("bad argument #1 to 'setmetatable' (table expected, got " .. type(t) .. ")", 2)
    end
    if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
      error("__gc metamethods are not allowed in plugins", 2)
    end
    return setmetatable(t, mt)
  end

  -- Lua runs a message handler with the count hook off when the error came from the hook (a
  -- budget): a handler that loops would never be stopped. Past the budget, handlers do not run.
  env.xpcall = function(...)
    local f, handler = ...
    if type(handler) ~= "function" then
      local got = select("#", ...) < 2 and "no value" or type(handler)
      error("bad argument #2 to 'xpcall' (function expected, got " .. got .. ")", 2)
    end
    return xpcall(f, function(e)
      if budgetspent() then return e end
      return handler(e)
    end, select(3, ...))
  end

  -- Not tail calls, so that an argument error names 'time' or 'date' as Lua's own would.
  local time, date, sub = utctime, os.date, string.sub
  env.os.time = function(t)
    if t == nil then return clocknow() end
    local result = time(t)
    return result
  end
  env.os.date = function(format, t)
    if format == nil then format = "%c" end
    if type(format) == "number" then format = tostring(format) end
    if type(format) == "string" and sub(format, 1, 1) ~= "!" then format = "!" .. format end
    if t == nil then t = clocknow() end
    local result = date(format, t)
    return result
  end
  env.os.clock = function() return clockelapsed() end

  local collectable = { collect = true, count = true, step = true, isrunning = true }
  env.collectgarbage = function(option, ...)
    option = option or "collect"
    if not collectable[option] then
      error("collectgarbage('" .. tostring(option) .. "') is not allowed in plugins", 2)
    end
    return collectgarbage(option, ...)
  end

  local loaded = {}
  env.require = function(name)
    if type(name) ~= "string" then
      error("bad argument #1 to 'require' (string expected, got " .. type(name) .. ")", 2)
    end
    local value = loaded[name]
    if value ~= nil then return value end
    local chunk, path = loadmodule(name, env)
    value = chunk(name, path)
    if value == nil then value = true end
    loaded[name] = value
    return value
  end
  """
