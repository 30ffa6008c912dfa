---@meta adhost.policies
-- LuaLS annotations of `require("adhost.policies")` (sdk/adhost/policies.lua): seek and skip
-- decisions for stitched ads; adhost.stitched carries them out.

---@class adhost.PolicyBreak
---@field startTime number
---@field endTime number
---@field watched boolean

---@class adhost.SeekPlan
---@field refuse? true The seek is undone (`seekDuringAd = "refuse"` while an ad plays).
---@field stops? number[] Positions to go to in order: the first at once, each next once the break there has played.
---@field reasons? ("seekOver"|"into"|"watched"|"target")[] Why each stop.

---@class adhost.Policy
---@field seekOver "none"|"last"|"all"
---@field seekDuringAd "allow"|"refuse"
local Policy = {}

--- Decides a seek from `origin` to `target` over `breaks` (ordered by start).
---@param origin number
---@param target number
---@param breaks adhost.PolicyBreak[]
---@param adPlaying boolean
---@return adhost.SeekPlan
function Policy:planSeek(origin, target, breaks, adPlaying) end

---@class adhost.policies
---@field seekOverValues table<string, true>
---@field seekDuringAdValues table<string, true>
local policies = {}

--- A policy; both default (`seekOver = "last"`, `seekDuringAd = "allow"`). Raises on another value.
---@param options? {seekOver?: "none"|"last"|"all", seekDuringAd?: "allow"|"refuse"}
---@return adhost.Policy
function policies.new(options) end

--- The policy an SSAI configuration's `seekOver` and `seekDuringAd` name. Raises on a bad value,
--- naming its JSON path (`sources[0].ssai.seekOver: …`).
---@param ssai adhost.ConfigReader
---@return adhost.Policy
function policies.read(ssai) end

--- Whether an ad that has played `played` seconds may be skipped, and if not, why.
---@param skipOffset number? -1 or nil: never
---@param played number
---@return boolean allowed
---@return string? reason
function policies.canSkip(skipOffset, played) end

return policies
