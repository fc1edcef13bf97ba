"""Model providers: OpenAI-compatible, offline planner, scripted (no Qt)."""
