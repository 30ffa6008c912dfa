-- A tour of the plugin sandbox: run with `adhost lua examples/sandbox/demo.lua`.
local schedule = require("schedule")

print("Lua version:", _VERSION)
print("ad breaks every 10 minutes of a 1-hour programme:")
for index, offset in ipairs(schedule.offsets(3600, 600)) do
  print(("  break %d at %s"):format(index, schedule.clock(offset)))
end

-- What the sandbox refuses, each as a clear error:
local refused = {
  { "open a file", function() return io.open("/etc/passwd") end },
  { "run a shell command", function() return os.execute("id") end },
  { "load bytecode", function() return assert(load("\27Lua")) end },
}
for _, case in ipairs(refused) do
  local ok, message = pcall(case[2])
  print(("%-20s -> %s"):format(case[1], ok and "allowed?!" or message))
end

return #schedule.offsets(3600, 600), os.time() > 0
