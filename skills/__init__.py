"""Skill resources, catalog build and the private office runtimes (no Qt)."""
