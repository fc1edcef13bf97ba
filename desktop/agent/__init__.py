"""Main agent, skill agent, tool surfaces, approvals, ledger, finalization (no Qt)."""
