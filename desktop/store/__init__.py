"""SQLite persistence (no Qt)."""
