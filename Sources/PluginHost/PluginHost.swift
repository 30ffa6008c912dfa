// The PluginHost module; see docs/architecture.md.
