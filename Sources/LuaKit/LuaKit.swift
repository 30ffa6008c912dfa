// The LuaKit module; see docs/architecture.md.
