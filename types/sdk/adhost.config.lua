---@meta adhost.config
-- LuaLS annotations of `require("adhost.config")` (sdk/adhost/config.lua): an integration's SSAI
-- configuration read with errors that name the JSON path (`sources[0].ssai.timeout: expected …`).

---@class adhost.ConfigReader
---@field value table
---@field path string The JSON path of `value`, 0-based as source.json spells it.
local Reader = {}

---@param name string|integer
---@return string
function Reader:pathOf(name) end
---@param name string
---@return any
function Reader:raw(name) end
---@param name string
---@param default? string
---@return string?
function Reader:string(name, default) end
---@param name string
---@param purpose string What it is for, when it is missing.
---@return string
function Reader:requiredString(name, purpose) end
---@param name string
---@param default? integer
---@return integer?
function Reader:positiveInteger(name, default) end
---@param name string
---@param default? number
---@return number?
function Reader:positiveNumber(name, default) end
---@param name string
---@return table list
function Reader:list(name) end
---@param name string|integer
---@return adhost.ConfigReader
function Reader:child(name) end
--- Raises `<path>.<name>: expected <expectation>, found <what is there>`.
---@param name string|integer
---@param expectation string
function Reader:fail(name, expectation) end

---@class adhost.config
local config = {}

--- The `ssai` of the first typed source naming `integrationId` (`integration`, or
--- `customIntegration`), as a reader, and that typed source; nil if none.
---@param source adhost.SourceDescription
---@param integrationId string
---@return adhost.ConfigReader? ssai
---@return adhost.TypedSource? typed
function config.find(source, integrationId) end

--- A reader of `value` found at JSON path `path`.
---@param value table
---@param path string
---@return adhost.ConfigReader
function config.reader(value, path) end

--- The typed sources of a description (`sources` may be one typed source or a list).
---@param source adhost.SourceDescription
---@return adhost.TypedSource[]
function config.typedSources(source) end

return config
