"""Markers that the agent writes into a model's prompt and the offline planner reads back.

The agent (``desktop.agent.context``, ``desktop.agent.finalize``) starts a message with one of these; the
offline planner (``desktop.llm.offline``, ``desktop.llm.offline._followup``) recognises it by the same
constant, so writer and reader cannot drift apart.
"""
from __future__ import annotations

# The conversation so far (files, artifacts, versions) as JSON after this line, in front of the main agent.
CONTEXT_PREFIX = "CONVERSATION CONTEXT\n"
# What was made and verified, as JSON after this line: the generate step writes the delivery message from it.
PACKET_PREFIX = "FINALIZATION PACKET\n"
