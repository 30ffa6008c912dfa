-- OMNIBOX display placements: a banner of the slot's size, or an interstitial full screen, each
-- an HTML/JS creative from the direct endpoint in a WebKit view configured as the guide's
-- WKWebView (docs/display.md).
--
-- Placement file (adhost display): {
--   "integration": "omnibox", "format": "banner" | "interstitial",
--   "placement": "ios_banner_300x250",          the OMNIBOX placement ID (plc), required
--   "width": 300, "height": 250,                the slot (w, h): a banner's view size
--   "screen": {"width": 390, "height": 844},    an interstitial's view: the screen (default)
--   "endpoint": "https://omnibox.digital/ads/direct"
-- }
-- The ad request is endpoint?cb=…&h=…&plc=…&w=… (no t: t=app asks for VAST; without it the
-- endpoint answers with HTML).
--
-- Click policy, as the guide's navigation delegate: a URL whose host is not OMNIBOX's is opened
-- outside the app and cancelled in the view; OMNIBOX's stay. (The guide tests
-- `absoluteString.contains("omnibox.digital")`, which any URL naming OMNIBOX in its query also
-- passes; this compares the host.) Other schemes (about:blank, data:) are the creative's own
-- frames and stay. An interstitial closes only through its native close button (the scripted
-- `close` action); `window.close()` from the HTML is logged and changes nothing.

local config = require("adhost.config")

local M = {}

local DEFAULT_ENDPOINT = "https://omnibox.digital/ads/direct"
local OMNIBOX_HOST = "omnibox.digital"

--- The host of an http(s) URL, lower-cased, or nil for another scheme.
local function hostOf(address)
  local scheme, authority = address:match("^(%a[%w+.-]*)://([^/?#]*)")
  if not scheme then
    return nil
  end
  scheme = scheme:lower()
  if scheme ~= "http" and scheme ~= "https" then
    return nil
  end
  local hostPort = authority:match("@([^@]*)$") or authority
  return (hostPort:gsub(":%d*$", "")):lower()
end

--- Whether a URL belongs to OMNIBOX (omnibox.digital or a subdomain).
function M.isOmnibox(address)
  local host = hostOf(address)
  return host ~= nil and (host == OMNIBOX_HOST or host:sub(-#OMNIBOX_HOST - 1) == "." .. OMNIBOX_HOST)
end

--- The guide's policy: "allow", or "outside" for an http(s) URL that is not OMNIBOX's.
function M.policy(navigation)
  if hostOf(navigation.url) == nil or M.isOmnibox(navigation.url) then
    return "allow"
  end
  return "outside"
end

--- The display ad request: endpoint?cb=…&h=…&plc=…&w=… (no t).
function M.requestUrl(endpoint, placement, width, height)
  local separator = endpoint:find("?", 1, true) and "&" or "?"
  return endpoint .. separator .. url.query({
    plc = placement,
    w = tostring(width),
    h = tostring(height),
    cb = tostring(os.time()),
  })
end

local function readPlacement(value)
  local reader = config.reader(value, "placement")
  local settings = {
    format = reader:string("format", "banner"),
    placement = reader:requiredString("placement", "the OMNIBOX placement ID, sent as plc"),
    width = reader:positiveInteger("width", 300),
    height = reader:positiveInteger("height", 250),
    endpoint = reader:string("endpoint", DEFAULT_ENDPOINT),
  }
  if settings.format ~= "banner" and settings.format ~= "interstitial" then
    reader:fail("format", '"banner" or "interstitial"')
  end
  if not settings.endpoint:match("^https?://[^/?#]") then
    reader:fail("endpoint", "an http(s) URL")
  end
  local screen = config.reader(value.screen or {}, "placement.screen")
  settings.screenWidth = screen:positiveInteger("width", 390)
  settings.screenHeight = screen:positiveInteger("height", 844)
  return settings
end

--- Shows a placement: opens the view, sets the policy (and an interstitial's native close),
--- loads the creative; returns the view, or nil and why.
function M.show(value)
  local settings = readPlacement(value)
  local interstitial = settings.format == "interstitial"
  local view, problem = webview.open({
    width = interstitial and settings.screenWidth or settings.width,
    height = interstitial and settings.screenHeight or settings.height,
  })
  if not view then
    return nil, problem
  end
  view:setNavigationPolicy(M.policy)
  if interstitial then
    -- The HTML cannot close the native view controller: only the native button does.
    view:addEventListener("closerequested", function()
      log.info("omnibox interstitial: window.close() ignored; only the native close closes it")
    end)
    view:setNativeClose(function(closing)
      closing:close()
    end)
  end
  local request = M.requestUrl(settings.endpoint, settings.placement, settings.width, settings.height)
  local ok, failure = view:load(request)
  if not ok then
    log.warn("omnibox " .. settings.format .. ": " .. tostring(failure))
  end
  return view
end

return M
