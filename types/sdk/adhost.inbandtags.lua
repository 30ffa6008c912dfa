---@meta adhost.inbandtags
-- LuaLS annotations of `require("adhost.inbandtags")` (sdk/adhost/inbandtags.lua): Yospace-style
-- ad tags (YMID, YSEQ, YTYP, YDUR, YCSP) from in-band cues, and where their ad starts.

---@class adhost.InbandTagFields Frame or key name → text: `YMID`, `YSEQ` (`N:T`), `YTYP` (`S`, `M`, `E`), `YDUR` (seconds into the segment), `YCSP`, and any other.
---@field YMID? string
---@field YSEQ? string
---@field YTYP? string
---@field YDUR? string
---@field YCSP? string

---@class adhost.InbandTagPlacement
---@field ymid string
---@field index integer The tag's segment, N of YSEQ.
---@field count integer The ad's segments, T of YSEQ.
---@field kind string YTYP.
---@field offset number YDUR: seconds from the segment's start.
---@field csp? string YCSP.
---@field time number The tag's content time.
---@field segmentStart number `time − offset`.
---@field adStart number `segmentStart − (index − 1) × segment duration`.

---@class adhost.InbandTagGrouper
local Grouper = {}

--- Adds an `id3` cue (one frame); returns the tag's fields and time when this frame completes
--- it (once per tag: one segment, one time), else nil.
---@param cue adhost.Cue
---@return adhost.InbandTagFields|nil fields
---@return number|nil time
function Grouper:add(cue) end

---@class adhost.inbandtags
---@field YOSPACE_SCHEME string `urn:yospace:a:id3:2016`
---@field ID3_SCHEME string `https://aomedia.org/emsg/ID3`
---@field REQUIRED string[] `YMID`, `YSEQ`, `YTYP`, `YDUR`
local inbandtags = {}

--- The bytes of hex text, or nil when it is not hex.
---@param hex string
---@return string|nil
function inbandtags.hexText(hex) end

--- `KEY=VALUE,…` text: split on `,`, then on the first `=`; the first of a repeated key kept.
---@param text string
---@return table<string, string>
function inbandtags.parseKeyValues(text) end

--- The tag fields of an `emsg` cue of `urn:yospace:a:id3:2016` or `https://aomedia.org/emsg/ID3`;
--- nil and why for any other scheme.
---@param cue adhost.Cue
---@return adhost.InbandTagFields|nil fields
---@return string|nil problem
function inbandtags.fromEmsg(cue) end

--- Whether the fields hold YMID, YSEQ, YTYP and YDUR.
---@param fields adhost.InbandTagFields
---@return boolean
function inbandtags.isComplete(fields) end

--- A grouper of timed-ID3 frames into tags.
---@return adhost.InbandTagGrouper
function inbandtags.grouper() end

--- `N:T` as N and T (1 ≤ N ≤ T), or nil.
---@param text string
---@return integer|nil index
---@return integer|nil count
function inbandtags.parseSequence(text) end

--- Where a complete tag's ad starts, its segments `segmentDuration` seconds long; nil and why.
---@param fields adhost.InbandTagFields
---@param time number
---@param segmentDuration number
---@return adhost.InbandTagPlacement|nil
---@return string|nil problem
function inbandtags.placement(fields, time, segmentDuration) end

return inbandtags
