// The HTTPKit module; see docs/architecture.md.
