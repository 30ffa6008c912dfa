// The LoopbackHTTP module; see docs/architecture.md.
