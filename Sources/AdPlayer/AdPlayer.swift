// The AdPlayer module; see docs/architecture.md.
