-- adhost plugins run in a sandbox: these are the host's globals (docs/plugin-api.md).
std = "lua54"
read_globals = { "player", "http", "timer", "vast", "json", "url", "log", "beacon" }
max_line_length = 110
