//! Shared helpers for the data-driven test suites under `tests/`.
