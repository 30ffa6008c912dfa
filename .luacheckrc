-- adhost plugins run in a sandbox: these are the host's globals (docs/plugin-api.md).
std = "lua54"
read_globals = {
  -- `player.currentTime = seconds` seeks; every other member is read-only.
  player = { fields = { currentTime = { read_only = false } }, other_fields = true },
  "http", "timer", "vast", "json", "url", "log", "beacon", "webview", "clientside",
}
max_line_length = 110
