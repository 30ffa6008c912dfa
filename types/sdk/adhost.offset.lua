---@meta adhost.offset
-- LuaLS annotations of the SDK module `require("adhost.offset")` (sdk/adhost/offset.lua).

---@class adhost.Offset An ad break offset as THEOplayer's AdDescription.timeOffset spells it.
---@field kind "start"|"end"|"seconds"|"percent"
---@field value? number Seconds (`start`: 0), or the share in percent; absent for `end`.

---@class adhost.offset
---@field expectation string What a valid offset is, for error messages.
local offset = {}

--- Parses `12`, `"start"`, `"end"`, `"HH:MM:SS(.mmm)"` or `"N%"` (N ≤ 100).
---@param value any
---@return adhost.Offset? parsed nil when `value` is no offset
---@return string? expectation what was expected, when it is not
function offset.parse(value) end

--- Whether the offset can only be placed once the content's duration is known (`end`, `N%`).
---@param parsed adhost.Offset
---@return boolean
function offset.needsDuration(parsed) end

--- The offset in content seconds; nil when it needs a duration that is not known (live).
---@param parsed adhost.Offset
---@param duration? number
---@return number?
function offset.resolve(parsed, duration) end

--- The offset as a person writes it, for logs: `"90 s"`, `"12.5%"`, `"end"`.
---@param parsed adhost.Offset
---@return string
function offset.describe(parsed) end

return offset
