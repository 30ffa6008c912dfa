// The VASTKit module; see docs/architecture.md.
