---@meta adhost
-- Annotations of adhost's plugin API for the Lua Language Server (docs/plugin-api.md).
-- Nothing here runs: the host provides these globals. Methods are called with a colon.

-- ---------------------------------------------------------------------------------------------
-- Sources

---@class adhost.SSAIConfiguration
---@field integration string The integration id (Web form), or "custom" (iOS form).
---@field customIntegration? string The integration id in the iOS form.
---@field [string] any Every other field, for the integration to read (e.g. `placement`).

---@class adhost.TypedSource
---@field src? string The content URL.
---@field type? string The MIME type, e.g. "application/x-mpegurl".
---@field ssai? adhost.SSAIConfiguration
---@field [string] any

---@class adhost.AdDescription
---@field sources string|{src: string, type?: "vast"|"vmap"} The VAST tag or VMAP schedule URL.
---@field timeOffset? string|number "start", "end", seconds, "HH:MM:SS(.mmm)" or "N%" (not for VMAP).
---@field type? "vast"|"vmap" What `sources` is; without one the document's root decides.
---@field integration? string
---@field [string] any

---@class adhost.SourceDescription
---@field sources adhost.TypedSource[] Always a list in Lua.
---@field ads? adhost.AdDescription[] Client-side ads, played by the host.
---@field duration? number adhost's extension: the content's duration in seconds.
---@field [string] any

-- ---------------------------------------------------------------------------------------------
-- Ads and breaks (userdata: the same ad is always the same Lua value)

---@alias adhost.AdType "linear"|"nonlinear"

---@class adhost.UniversalAdId
---@field adIdRegistry string
---@field adIdValue string

---@class adhost.CompanionAd THEOplayer's CompanionAd: every field optional.
---@field adSlotId? string
---@field altText? string
---@field clickThrough? string
---@field resourceURI? string
---@field contentHTML? string
---@field width? number
---@field height? number

---@class adhost.Ad
---@field id string
---@field type adhost.AdType
---@field integration string The id of the integration that created it.
---@field adBreak? adhost.AdBreak
---@field readyState "none"|"ready"
---@field duration? number Seconds.
---@field skipOffset number Seconds until it may be skipped: -1 not skippable, 0 at once.
---@field resourceURI? string
---@field clickThrough? string
---@field width? number
---@field height? number
---@field creativeId? string
---@field universalAdIds adhost.UniversalAdId[]
---@field companions adhost.CompanionAd[]
---@field adSystem? string
---@field isSlate boolean
---@field customData? any
---@field playing boolean Whether it is playing (one of `player.ads.currentAds`).

---@class adhost.AdBreak
---@field integration string
---@field ads adhost.Ad[]
---@field timeOffset number Content seconds.
---@field maxDuration? number
---@field maxRemainingDuration? number
---@field customData? any
---@field playing boolean Whether it is playing (from its `adbreakbegin` to its `adbreakend`).

---@class adhost.AdInit
---@field type adhost.AdType Required.
---@field id? string
---@field duration? number
---@field skipOffset? number
---@field resourceURI? string
---@field clickThrough? string
---@field width? number
---@field height? number
---@field timeOffset? number Places the ad in (or creates) the break at this offset when no break is given.
---@field creativeId? string
---@field universalAdIds? adhost.UniversalAdId[]
---@field companions? adhost.CompanionAd[] Filled from a VAST ad's companions when absent.
---@field adSystem? string
---@field isSlate? boolean
---@field customData? any
---@field vast? adhost.VastAd Fields left out are taken from it, and the ad is tracked natively.
---@field creativeSignaling? table SVTA2053-2 creative signaling (an interstitial asset's `creativeSignaling`): identifiers, skip offset and click-through fill what is left out; its tracking fires natively at its offsets, a URL its VAST names too once.

---An answer to a beacon that the integration's server documents as harmless.
---@class adhost.HarmlessAnswer
---@field status integer The HTTP status, 100 to 599.
---@field host? string Only from this host (`host` or `host:port`); any host when absent.
---@field why? string Why it is harmless, as the server's documentation says.

---The integration's tracking vocabulary (adhost's own; docs/testing.md "Tracking vocabulary").
---@class adhost.TrackingVocabulary
---@field impressionEvents? string[] Beacon events its server counts as the impression besides `impression` (e.g. `{ "start" }`).
---@field harmlessAnswers? adhost.HarmlessAnswer[]

---@class adhost.AdBreakInit
---@field timeOffset number Required in createAdBreak.
---@field maxDuration? number
---@field customData? any

-- ---------------------------------------------------------------------------------------------
-- The integration

---@class adhost.ServerSideAdIntegrationController
---@field integration string The integration id.
---@field ads adhost.Ad[] Every ad of every break.
---@field adBreaks adhost.AdBreak[]
local Controller = {}

---Creates a break; an error if a break with the same `timeOffset` exists. Fires `addadbreak`.
---@param init adhost.AdBreakInit
---@return adhost.AdBreak
function Controller:createAdBreak(init) end

---Creates an ad in `adBreak`, or in the break at `init.timeOffset`. Fires `addad`.
---@param init adhost.AdInit
---@param adBreak? adhost.AdBreak
---@return adhost.Ad
function Controller:createAd(init, adBreak) end

---Declares the integration's tracking vocabulary (adhost's own): the strict rules consult it
---from now on, and every `adhost test` result prints it; a scenario may narrow it, never widen it.
---Logged as a `trackingvocabulary` entry. Errors name the member that is wrong.
---@param vocabulary adhost.TrackingVocabulary
function Controller:declareTracking(vocabulary) end

---Changes the fields `init` sets. Fires `updatead`.
---@param ad adhost.Ad
---@param init adhost.AdInit|table
function Controller:updateAd(ad, init) end

---Changes the fields `init` sets. Fires `updateadbreak`.
---@param adBreak adhost.AdBreak
---@param init adhost.AdBreakInit|table
function Controller:updateAdBreak(adBreak, init) end

---Reports progress 0…1 of a playing ad; fires each quartile once. An error if it has not begun.
---@param ad adhost.Ad
---@param progress number
function Controller:updateAdProgress(ad, progress) end

---adhost's extension of THEOplayer's `beginAd(ad)`: how the ad begins.
---@class adhost.BeginAdOptions
---@field at? number Seconds into the ad it begins at (a late join: from 0 to its duration). Its progress starts there; the quartiles already past never fire.

---Begins an ad: `adbreakbegin` if its break is not playing yet, then `adbegin`.
---@param ad adhost.Ad
---@param options? adhost.BeginAdOptions adhost's: `{at = seconds}` joins the ad part-way.
function Controller:beginAd(ad, options) end

---Ends an ad: `adend` only if it was playing.
---@param ad adhost.Ad
function Controller:endAd(ad) end

---Skips an ad: `adskip` (with `playedPercentage`) only if it was playing.
---@param ad adhost.Ad
function Controller:skipAd(ad) end

---Removes an ad, ending it first if it is playing.
---@param ad adhost.Ad
function Controller:removeAd(ad) end

---Removes a break and its remaining ads. Fires `removeadbreak`.
---@param adBreak adhost.AdBreak
function Controller:removeAdBreak(adBreak) end

---Removes every break and ad of this integration.
function Controller:removeAllAds() end

---A non-fatal ad error: fires `aderror`; playback goes on.
---@param message string
function Controller:error(message) end

---A fatal player error: `error` fires and playback stops.
---@param message string
---@param code? integer Default 10000 (AD_ERROR).
function Controller:fatalError(message, code) end

---@class adhost.ServerSideAdIntegrationHandler
---Return a source to load instead, true to load this one as is (handled), nil/false when not
---handled. May make HTTP requests. An error is a fatal player error.
---@field setSource? fun(source: adhost.SourceDescription): adhost.SourceDescription|boolean|nil
---Asked to skip `ad` (one of this integration's). Default: `controller:skipAd(ad)`.
---@field skipAd? fun(ad: adhost.Ad)
---Before a new source and before destroy. Default: `controller:removeAllAds()`.
---@field resetSource? fun()
---Once, when the player is destroyed.
---@field destroy? fun()

---@alias adhost.IntegrationFactory fun(controller: adhost.ServerSideAdIntegrationController): adhost.ServerSideAdIntegrationHandler

-- ---------------------------------------------------------------------------------------------
-- Events

---@alias adhost.PlayerEventType
---| "sourcechange" | "play" | "playing" | "pause" | "timeupdate" | "seeking" | "seeked" | "ended" | "error"
---| "cue" | "addcue" | "removecue" | "loadedmetadata" | "waiting"
---| "interstitialstart" | "assetlistloaded" | "interstitialassetstart" | "interstitialassetend"
---| "interstitialerror" | "interstitialend"

---@alias adhost.AdEventType
---| "addadbreak" | "removeadbreak" | "adbreakbegin" | "adbreakend" | "updateadbreak"
---| "addad" | "updatead" | "adbegin" | "adend" | "adskip" | "aderror"
---| "adfirstquartile" | "admidpoint" | "adthirdquartile"

---@class adhost.ErrorObject
---@field code integer
---@field message string

---@class adhost.PlayerEvent
---@field type adhost.PlayerEventType
---@field date number Virtual seconds since the run began.
---@field currentTime? number
---@field error? string The message, on `error`.
---@field errorObject? adhost.ErrorObject On `error`.
---@field cue? adhost.Cue On `cue`: the cue the playhead entered; on `addcue`: the in-band cue that became known; on `removecue`: the in-band cue released.
---@field interstitial? adhost.Interstitial On the `interstitial…` events (docs/interstitials.md).
---@field asset? adhost.InterstitialAsset On `interstitialassetstart`, `interstitialassetend`, and an asset's `interstitialerror`.
---@field assets? adhost.InterstitialAsset[] On `assetlistloaded`.
---@field skipControl? adhost.SkipControl On `assetlistloaded`: the list's SKIP-CONTROL.
---@field startOffset? number On `interstitialstart` of a live join: seconds into the interstitial.
---@field played? number Seconds played, on `interstitialassetend` and `interstitialend`.
---@field reason? "ended"|"playout-limit"|"error"|"seek" On `interstitialassetend` and `interstitialend`.
---@field resumeTime? number On `interstitialend`: where the primary content resumes.
---@field message? string On `interstitialerror`.

---An HLS interstitial (Appendix D attributes, docs/interstitials.md), or a DASH Alternative-MPD
---event played as one (docs/dash.md): then `alternativeMPD` is set, `assetList` is the ad-decision
---request and the assets are the List MPD's imported MPDs.
---@class adhost.Interstitial
---@field id string
---@field alternativeMPD? "replace"|"insert" A DASH Alternative-MPD event's mode.
---@field startTime number Content seconds where the primary content pauses (after X-SNAP).
---@field assetUri? string
---@field assetList? string
---@field duration? number
---@field plannedDuration? number
---@field resumeOffset? number
---@field playoutLimit? number
---@field snap string[] "IN", "OUT"
---@field restrict string[] "JUMP", "SKIP"
---@field cue string[] "ONCE", "POST", "PRE"
---@field timelineOccupies "POINT"|"RANGE"
---@field timelineStyle "HIGHLIGHT"|"PRIMARY"
---@field contentMayVary boolean
---@field skipControl? adhost.SkipControl
---@field attributes table<string, string> The other attributes, as written.

---@class adhost.SkipControl
---@field offset? number
---@field duration? number
---@field labelId? string

---@class adhost.InterstitialAsset
---@field index integer From 0.
---@field uri string
---@field duration? number
---@field startOffset? number Seconds into the asset where it starts (a live join).
---@field members? table<string, any> The asset-list entry's other members.
---@field creativeSignaling? table Its SVTA2053-2 creative signaling (the asset's `X-AD-CREATIVE-SIGNALING`, or a List MPD Period's EventStream), when it can be read: pass it to `createAd`.

---A timed-metadata cue of the content: an HLS ad marker.
---@class adhost.Cue
---@field id string The `#EXT-X-DATERANGE` ID, `cue-out-<media sequence>` for a CUE-OUT span, `<kind>-<media sequence>-<n>` for an in-band cue.
---@field startTime number Content seconds.
---@field endTime? number Content seconds; nil while unknown.
---@field class? string The date range's CLASS (e.g. "com.apple.hls.interstitial"); an emsg's or SCTE-35 cue's scheme.
---@field kind "daterange"|"cue-out"|"period"|"scte35"|"event"|"id3"|"emsg" HLS tags; DASH Periods and EventStream Events; in-band ID3 frames, emsg boxes and TS SCTE-35 sections (docs/plugin-api.md).
---@field attributes adhost.CueAttributes The tag's attributes as written (quotes removed); a DASH or in-band cue's fields.

---A cue's attributes: an HLS tag's (text), a DASH cue's, or an in-band cue's (docs/plugin-api.md
---"In-band cues"); the fields below are those of in-band cues, each when the cue has it.
---@class adhost.CueAttributes
---@field id? string|number An ID3 frame's id ("TXXX", "PRIV", "TIT2", …); an emsg's `id`.
---@field description? string TXXX, WXXX, GEOB.
---@field text? string TXXX and text frames (the first value).
---@field values? string[] A text frame's values, when more than one.
---@field url? string URL frames.
---@field owner? string PRIV.
---@field data? string PRIV, GEOB and undecoded frames: the bytes as lower-case hex.
---@field mimeType? string GEOB.
---@field filename? string GEOB.
---@field schemeIdUri? string emsg.
---@field value? string emsg.
---@field version? integer emsg: 0 or 1.
---@field timescale? integer emsg.
---@field presentationTime? integer emsg (HLS fMP4 or DASH segments): ticks (v0: after the segment's start; v1: absolute).
---@field eventDuration? integer emsg: ticks, when known.
---@field messageData? string emsg: the message as lower-case hex.
---@field frames? table[] An emsg of the ID3 scheme: its frames, each with the fields above.
---@field command? "splice_insert"|"time_signal" SCTE-35 (TS sections, emsg, DASH).
---@field spliceEventId? integer
---@field cancel? boolean
---@field outOfNetwork? boolean
---@field immediate? boolean
---@field ptsTime? integer 90 kHz ticks.
---@field ptsAdjustment? integer 90 kHz ticks.
---@field breakDuration? number Seconds.
---@field autoReturn? boolean
---@field segmentationEventId? integer
---@field segmentationTypeId? integer
---@field segmentationDuration? number Seconds.
---@field timedBy? "engine"|"adhost" On the real engine only: which side timed the cue (docs/plugin-api.md "Cues on the real engine").

---The HLS media playlist being played.
---@class adhost.Playlist
---@field url string
---@field targetDuration number Seconds.
---@field live boolean No #EXT-X-ENDLIST (yet).

---The DASH MPD being played (docs/plugin-api.md, `player.mpd`).
---@class adhost.MPD
---@field url string
---@field type "static"|"dynamic"
---@field live boolean `type == "dynamic"`.
---@field origin number The presentation time (seconds; from availabilityStartTime when dynamic) of content time 0.
---@field availabilityStartTime? string xs:dateTime, UTC.
---@field publishTime? string
---@field minimumUpdatePeriod? number Seconds.
---@field timeShiftBufferDepth? number
---@field mediaPresentationDuration? number
---@field suggestedPresentationDelay? number
---@field periods adhost.MPDPeriod[] Every Period known so far, by start.

---@class adhost.MPDPeriod
---@field key string Its id, else `start=<seconds>`; the id of its cue.
---@field id? string Period@id (MediaTailor: the ad's adId).
---@field start number Presentation seconds.
---@field startTime number Content seconds.
---@field endTime? number Content seconds; nil while open.
---@field duration? number Period@duration.

---@class adhost.AdEvent
---@field type adhost.AdEventType
---@field date number
---@field ad? adhost.Ad
---@field adBreak? adhost.AdBreak
---@field playedPercentage? number On `adskip`, 0…1.
---@field error? string The message, on `aderror`.

-- ---------------------------------------------------------------------------------------------
-- player

---@class adhost.Ads
---@field scheduledAdBreaks adhost.AdBreak[] Every integration's breaks, by `timeOffset`.
---@field scheduledAds adhost.Ad[] Ads created and not yet begun (or begun again later), across integrations.
---@field currentAds adhost.Ad[]
---@field currentAdBreak? adhost.AdBreak The break playing, if any.
---@field playing boolean Whether an ad is playing.
local Ads = {}

---@param integrationId string
---@param factory adhost.IntegrationFactory
function Ads:registerServerSideIntegration(integrationId, factory) end

---@param type adhost.AdEventType
---@param listener fun(event: adhost.AdEvent)
function Ads:addEventListener(type, listener) end

---@param type adhost.AdEventType
---@param listener fun(event: adhost.AdEvent)
function Ads:removeEventListener(type, listener) end

---@class adhost.Player
---@field currentTime number Content seconds; assigning seeks.
---@field duration number Content seconds: NaN without a source, math.huge for live.
---@field paused boolean
---@field ended boolean
---@field source? adhost.SourceDescription
---@field ads adhost.Ads
---@field cues adhost.Cue[] The content's cues, by start time (HLS ad markers).
---@field playlist? adhost.Playlist The HLS media playlist playing, if the content is HLS.
---@field mpd? adhost.MPD The DASH MPD playing, if the content is DASH.
local Player = {}

function Player:play() end

function Player:pause() end

---@param type adhost.PlayerEventType
---@param listener fun(event: adhost.PlayerEvent)
function Player:addEventListener(type, listener) end

---@param type adhost.PlayerEventType
---@param listener fun(event: adhost.PlayerEvent)
function Player:removeEventListener(type, listener) end

---Skips the HLS interstitial playing, if its skip control allows (docs/interstitials.md).
---@return boolean skipped
---@return string? refusal Why not.
function Player:skipInterstitial() end

---@type adhost.Player
player = {}

-- ---------------------------------------------------------------------------------------------
-- http

---@class adhost.HttpOptions
---@field headers? table<string, string>
---@field timeout? number Seconds.
---@field kind? "session"|"tracking"|"creative"|"vast"|"wrapper"|"beacon"|"playlist"|"media"|"verification"|"segment"|"init-segment" What the request is for (fault plans match on it).

---@class adhost.HttpRedirect
---@field url string The URL that answered with the redirect.
---@field status integer Its 3xx status.

---@class adhost.HttpResponse
---@field status integer
---@field headers table<string, string> Names in lower case.
---@field body string
---@field url string The final URL: the one that answered, after any redirects.
---@field redirects adhost.HttpRedirect[] The redirects followed to `url`, in order (empty when none; from a recording, always empty).

---@class adhost.http
http = {}

---GET; suspends the calling plugin code until the answer. nil and a message on failure
---("cancelled" when the source was reset).
---@param url string
---@param opts? adhost.HttpOptions
---@return adhost.HttpResponse|nil
---@return string|nil message
function http.get(url, opts) end

---POST `body`; like `http.get`.
---@param url string
---@param body string
---@param opts? adhost.HttpOptions
---@return adhost.HttpResponse|nil
---@return string|nil message
function http.post(url, body, opts) end

-- ---------------------------------------------------------------------------------------------
-- timer

---@class adhost.TimerHandle
local TimerHandle = {}

---Cancels the timer; cancelling twice is harmless.
function TimerHandle:cancel() end

---@class adhost.timer
timer = {}

---Calls `fn` once, `seconds` (≥ 0) from now on the player's clock.
---@param seconds number
---@param fn fun()
---@return adhost.TimerHandle
function timer.after(seconds, fn) end

---Calls `fn` every `seconds` (> 0) on the player's clock until cancelled.
---@param seconds number
---@param fn fun()
---@return adhost.TimerHandle
function timer.every(seconds, fn) end

---The player's clock: virtual seconds since the run began.
---@return number
function timer.now() end

-- ---------------------------------------------------------------------------------------------
-- vast

---@class adhost.VastError
---@field code integer The IAB error code: 100, 101, 102, 301, 302, 303, 401…405, 900.
---@field message string

---@class adhost.VastMediaFile
---@field url string
---@field type string MIME type, e.g. "video/mp4".
---@field delivery "progressive"|"streaming"
---@field width integer
---@field height integer
---@field bitrate? integer kbit/s.
---@field minBitrate? integer
---@field maxBitrate? integer
---@field codec? string
---@field id? string
---@field apiFramework? string
---@field scalable? boolean
---@field maintainAspectRatio? boolean

---@class adhost.VastTracking
---@field event string "start", "firstQuartile", "midpoint", "thirdQuartile", "complete", "skip", "progress", …
---@field url string A URL template (macros such as [CACHEBUSTING] are filled when it is sent).
---@field offset? number Seconds into the ad, for `progress` (percentages resolved against the duration).

---@class adhost.VastUniversalAdId
---@field idRegistry string
---@field value string

---@class adhost.VastAd
---@field id? string The `<Ad id>`.
---@field sequence? integer The position in a pod; nil for a stand-alone ad.
---@field adSystem? string
---@field adTitle? string
---@field adServingId? string
---@field creativeId? string
---@field universalAdIds adhost.VastUniversalAdId[]
---@field duration? number Seconds; nil when the document gives none that can be read.
---@field skipOffset number Seconds (a percentage resolved against the duration); -1 not skippable.
---@field mediaFiles adhost.VastMediaFile[]
---@field clickThrough? string
---@field clickTracking string[]
---@field impressions string[] Wrapper ones first.
---@field errors string[] Error URL templates with [ERRORCODE], wrapper ones first.
---@field tracking adhost.VastTracking[] Wrapper ones first.
---@field kind "inline"|"wrapper"
---@field chain string[] The URLs of the documents followed, outermost first.
---@field adVerifications adhost.VastVerification[] The whole chain's, wrapper ones first, both forms.
---@field nonLinearAds adhost.VastNonLinear[]
---@field companions adhost.VastCompanion[]
---@field icons adhost.VastIcon[] The linear creative's icons.
local VastAd = {}

---Rejects a vendor's verification before the ad begins: `verificationNotExecuted` with reason 1.
---@param vendor string
---@return boolean has Whether the ad has a verification of that vendor.
function VastAd:rejectVerification(vendor) end

---@class adhost.VastEventURL
---@field event string
---@field url string

---@class adhost.VastVerification
---@field vendor? string
---@field origin "adVerifications"|"extension" The VAST 4.1+ element, or `<Extension type="AdVerifications">`.
---@field javaScriptResources {url: string, apiFramework?: string, browserOptional?: boolean}[]
---@field executableResources {value: string, apiFramework?: string, type?: string, language?: string}[]
---@field verificationParameters? string
---@field tracking adhost.VastEventURL[] `verificationNotExecuted` URL templates with [REASON].

---@class adhost.VastResource
---@field type "static"|"iframe"|"html"
---@field creativeType? string
---@field value string A URL, or the markup of an HTML resource.

---@class adhost.VastNonLinear
---@field id? string
---@field width? integer
---@field height? integer
---@field expandedWidth? integer
---@field expandedHeight? integer
---@field scalable? boolean
---@field maintainAspectRatio? boolean
---@field minSuggestedDuration? number Seconds.
---@field apiFramework? string
---@field resources adhost.VastResource[]
---@field adParameters? string
---@field clickThrough? string
---@field clickTracking string[]
---@field tracking adhost.VastEventURL[] Its NonLinearAds' tracking events.

---@class adhost.VastCompanion: adhost.CompanionAd
---@field id? string
---@field required? "all"|"any"|"none" Of its CompanionAds.
---@field assetWidth? integer
---@field assetHeight? integer
---@field expandedWidth? integer
---@field expandedHeight? integer
---@field apiFramework? string
---@field pxratio? string
---@field renderingMode? string
---@field resources adhost.VastResource[]
---@field adParameters? string
---@field clickTracking string[] Wrapper ones first.
---@field tracking adhost.VastEventURL[] `creativeView`, wrapper ones first.

---@class adhost.VastIcon
---@field program? string
---@field width? integer
---@field height? integer
---@field xPosition? string
---@field yPosition? string
---@field offset? number Seconds into the ad.
---@field duration? number Seconds.
---@field apiFramework? string
---@field pxratio? string
---@field resources adhost.VastResource[]
---@field clickThrough? string
---@field clickTracking string[]
---@field viewTracking string[]

---@class adhost.VastLoadOptions
---@field timeout? number Seconds per request (default 5).
---@field maxDepth? integer Wrapper limit (default 5).
---@field budget? number Seconds for the whole chain (default 10).

---@class adhost.MediaSlot
---@field width integer
---@field height integer
---@field maxBitrate? integer kbit/s.
---@field streaming? boolean Prefer a declared streaming rendition (HLS, DASH).

---@class adhost.VastPlanOptions: adhost.VastLoadOptions
---@field width? integer The player's width media files are chosen for (default 640).
---@field height? integer The player's height (default 360).
---@field maxBitrate? integer kbit/s.
---@field streaming? boolean Prefer a declared streaming rendition (HLS, DASH).

---@class adhost.VastPlay
---@field vast adhost.VastAd The ad: pass it as `vast` to `createAd`.
---@field media adhost.VastMediaFile The media file it plays.

---@class adhost.VastProblem An ad picked to play that cannot; its Error URLs were fired.
---@field id? string
---@field sequence? integer
---@field code integer 101 (no usable Duration) or 403 (no media file fits).
---@field message string Names the ad.
---@field chain string[] Its documents, outermost first.

---@class adhost.VastPlan
---@field plays adhost.VastPlay[] What the break plays, in order.
---@field problems adhost.VastProblem[] In the order they were tried.
---@field adCount integer The ads the response resolved to, played or not.

---@class adhost.vast
vast = {}

---Parses a VAST document (no wrappers followed).
---@param xml string
---@return adhost.VastAd[]|nil
---@return adhost.VastError|nil
function vast.parse(xml) end

---@class adhost.VmapError
---@field code integer The VMAP error code: 1000 schema, 1001 version, 1002 parsing, 1003 break type, 1006 inline VAST.
---@field message string

---@class adhost.VmapOffset
---@field kind "start"|"end"|"seconds"|"percent"|"position"
---@field value? number Seconds, percent (0-100) or position (from 1).

---@class adhost.VmapTracking
---@field event "breakStart"|"breakEnd"|"error"
---@field url string

---@class adhost.VmapSource
---@field id? string
---@field allowMultipleAds? boolean
---@field followRedirects? boolean
---@field kind? "vast"|"adTagURI"|"custom"
---@field ads? adhost.VastAd[] The inline VAST's ads (kind "vast").
---@field url? string The ad tag (kind "adTagURI").
---@field templateType? string
---@field xml? string The raw CustomAdData (kind "custom").

---@class adhost.VmapBreak
---@field breakId? string
---@field timeOffset? string As written: "start", "end", "00:10:00.000", "50%", "#2".
---@field offset? adhost.VmapOffset
---@field breakTypes string[]
---@field repeatAfter? number Seconds.
---@field source? adhost.VmapSource
---@field tracking adhost.VmapTracking[]
---@field extensions? string Raw XML.
---@field line integer
---@field error? adhost.VmapError Why this break cannot play.

---@class adhost.VmapSchedule
---@field version string
---@field adBreaks adhost.VmapBreak[] In document order.
---@field extensions? string Raw XML.
---@field issues string[]

---Parses a VMAP 1.0.1 schedule (no ad tag is loaded).
---@param xml string
---@return adhost.VmapSchedule|nil
---@return adhost.VmapError|nil
function vast.parseVMAP(xml) end

---Loads a VMAP 1.0.1 schedule over HTTP and parses it (no ad tag of it is loaded); errors carry
---VMAP codes (1007 timeout, 1008 retrieval, 1000-1002 parsing). Suspends like `http.get`.
---@param url string
---@param opts? {timeout?: number}
---@return adhost.VmapSchedule|nil
---@return adhost.VmapError|nil
function vast.loadVMAP(url, opts) end

---Loads a VAST tag: wrappers followed, pods ordered by sequence, wrapper tracking merged.
---Suspends the calling plugin code like `http.get`.
---@param url string
---@param opts? adhost.VastLoadOptions
---@return adhost.VastAd[]|nil
---@return adhost.VastError|nil
function vast.load(url, opts) end

---Loads a VAST tag and plans the client-side break it fills by the host's rules (those of the
---built-in `csai` integration): pod order, stand-alone ads standing in, a media file per ad, and
---101/403 problems whose Error URLs the host fired. Suspends like `http.get`.
---@param url string
---@param opts? adhost.VastPlanOptions
---@return adhost.VastPlan|nil
---@return adhost.VastError|nil
function vast.plan(url, opts) end

---The best progressive MP4 of `ad` for `slot`; nil and error 403 when none can play.
---@param ad adhost.VastAd
---@param slot adhost.MediaSlot
---@return adhost.VastMediaFile|nil
---@return adhost.VastError|nil
function vast.selectMedia(ad, slot) end

-- ---------------------------------------------------------------------------------------------
-- json, url, log, beacon

---@class adhost.json
---@field null userdata Encodes as JSON null; decoded nulls are this value.
json = {}

---@param value any
---@return string
function json.encode(value) end

---@param text string
---@return any|nil value
---@return string|nil message
function json.decode(text) end

---@class adhost.url
url = {}

---Percent-encodes `text` as one URL component (RFC 3986: only unreserved characters stay).
---@param text string
---@return string
function url.encode(text) end

---`name=value&…`, names and values encoded, names in sorted order.
---@param params table<string, string|number|boolean>
---@return string
function url.query(params) end

---Resolves `reference` against the absolute URL `base` (RFC 3986).
---@param base string
---@param reference string
---@return string|nil resolved
---@return string|nil message When it cannot.
function url.resolve(base, reference) end

---@class adhost.log
log = {}

---@param message string
function log.debug(message) end

---@param message string
function log.info(message) end

---@param message string
function log.warn(message) end

---@param message string
function log.error(message) end

---@class adhost.beacon
beacon = {}

---@class adhost.BeaconResult
---@field url string The URL as sent (macros filled in).
---@field status? integer The HTTP status, when an answer came.
---@field failure? string Why no answer came.

---adhost's options of `beacon.send`.
---@class adhost.BeaconOptions
---@field ad? adhost.Ad The ad the beacons belong to: the log, the report and the strict rules credit it, whatever plays when they are sent (default: the ad playing). `[ADPLAYHEAD]` is its position.
---@field onResults? fun(results: adhost.BeaconResult[]) Called once every URL has settled.

---Sends each URL as an HTTP GET (IAB macros filled: `[ADPLAYHEAD]` the position in the beacon's
---ad, `[MEDIAPLAYHEAD]`/`[CONTENTPLAYHEAD]` the content's playhead, …) without waiting; each one
---is logged as a `beacon` entry with `eventName`, of `options.ad` (else of the ad playing). At
---most 1000 URLs per call: more raises an error naming the cap.
---@param urls string|string[]
---@param eventName string
---@param options? adhost.BeaconOptions|fun(results: adhost.BeaconResult[]) The options, or `onResults` alone.
function beacon.send(urls, eventName, options) end

---A navigation waiting for the policy (docs/display.md).
---@class adhost.Navigation
---@field url string
---@field userGesture boolean Whether a click (or key) caused it.
---@field newWindow boolean Whether it asks for a new window.
---@field kind "link"|"form"|"back-forward"|"reload"|"form-resubmit"|"other"
---@field mainFrame? boolean false for new windows; nil otherwise (WebKitGTK does not say).

---A WebKit view for an HTML ad (docs/display.md).
---@class adhost.WebView
---@field width integer
---@field height integer
---@field closed boolean
local WebView = {}

---Fetches the document through the host and shows it at the URL; true, or nil and why.
---@param url string
---@return true|nil ok
---@return string? failure
function WebView:load(url) end

---@param html string
---@param baseURL string
---@return true|nil ok
---@return string? failure
function WebView:loadHTML(html, baseURL) end

---@param policy fun(navigation: adhost.Navigation): "allow"|"cancel"|"outside"
function WebView:setNavigationPolicy(policy) end

---@param type string loadstart, loadfinish, loadfail, loadtimeout, navigation, openedoutside, newviewrefused, console, consoledropped, closerequested, request, click, screenshot, stopped, terminated, proxyrefused, close
---@param listener fun(event: table)
function WebView:addEventListener(type, listener) end

---The native close button's action (the `close` action of adhost display).
---@param onClose fun(view: adhost.WebView)
function WebView:setNativeClose(onClose) end

---Saves what the view shows as DIR/NAME.png, DIR being the command line's `--screenshots DIR`;
---refused (nil and why) without that option, for anything but a plain NAME.png (letters, digits,
---`.`, `_`, `-`; no folder, no leading dot) and for a symbolic link at DIR/NAME.png leading
---outside DIR (docs/display.md, "What a plugin may write").
---@param name string NAME.png
---@return true|nil ok
---@return string? failure
function WebView:screenshot(name) end

---A left click at (x, y) in the view, as real input (a user gesture).
---@param x number
---@param y number
---@return true|nil ok
---@return string? failure
function WebView:click(x, y) end

function WebView:close() end

---@class adhost.webview
webview = {}

---@param options {width: integer, height: integer, loadTimeout?: number}
---@return adhost.WebView|nil view
---@return string? problem
function webview.open(options) end

---Registers the display placement of an integration, for `adhost display`.
---@param integration string
---@param show fun(placement: table): adhost.WebView|nil, string?
function webview.registerPlacement(integration, show) end

---The host's client-side ad engine, the one that plays a source's own `ads` (integration
---`csai`): it plays the breaks a plugin made (with its own controller and VAST requests) by the
---same rules. The SDK's `adhost.clientside` is built on it.
---@class adhost.ClientSideEngine
---@field isEmpty boolean No break was added, none waits.
---@field isPlaying boolean A break is playing.
local ClientSideEngine = {}

---Adds `adBreak` (made by the engine's controller) at `offset` seconds of content; its ads, as
---they are when it is due, play then. Breaks at one offset share one ad break: after adding ads
---to the one `adBreakAt(offset)` returns, add it again (the engine looks for it again).
---@param adBreak adhost.AdBreak
---@param offset number
function ClientSideEngine:addBreak(adBreak, offset) end

---The ad break added at `offset` seconds, if any.
---@param offset number
---@return adhost.AdBreak|nil
function ClientSideEngine:adBreakAt(offset) end

---Keeps a break whose offset needs the content's duration (`end`, `N%`) until the content
---starts (or ends, or `placeWaiting()`); then `place(duration)` is called (NaN without a source,
---infinity for live content) to add it, or to say why it cannot be.
---@param place fun(duration: number)
function ClientSideEngine:whenDurationKnown(place) end

---Calls the waiting `place` functions now (the content has started).
function ClientSideEngine:placeWaiting() end

---Starts following the playhead: a break plays when the content reaches it.
function ClientSideEngine:attach() end

---A handler's `skipAd`: skips `ad` if it is playing and past its skip offset.
---@param ad adhost.Ad
---@return boolean skipped
function ClientSideEngine:skip(ad) end

---Stops its timers and listeners; the ads stay.
function ClientSideEngine:close() end

---@alias adhost.ClientSideNarration
---| "jumpedOver" # (offset): a seek jumped over the break at offset; it will not play
---| "noAdsLeft" # (offset): the break was due, but its ads were removed
---| "breakBegins" # (offset, contentTime, count)
---| "adBegins" # (index, total, ad)
---| "adEnds" # (ad)
---| "adSkipped" # (ad, secondsPlayed)
---| "breakEnds" # (offset, resumesAt): resumesAt nil when the content has ended
---| "pausedAgain" # (): the content started during a break and was paused again
---| "skipRefused" # (reason "notPlaying"|"notSkippable"|"tooEarly", ad, skipOffset, played)
---| "callFailed" # (call "beginAd"|"endAd"|"skipAd"|"updateAdProgress", ad, message): report it

---@class adhost.clientsideHost
clientside = {}

---An engine playing breaks for `controller`; `narrate(kind, ...)` is told what it does.
---@param controller adhost.ServerSideAdIntegrationController
---@param narrate fun(kind: adhost.ClientSideNarration, ...: any)
---@return adhost.ClientSideEngine
function clientside.engine(controller, narrate) end
