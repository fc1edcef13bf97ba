"""The finalization packet: what a finished skill run delivered, frozen once when its files are committed.

The agent writes it (``desktop.agent.finalize``), the store keeps it with the task, and the generate step's
model reads it after :data:`~desktop.llm.markers.PACKET_PREFIX`; the offline planner reads it back with
:func:`read_packet`. One record and one codec (skills.codec) for all four, so they cannot drift apart. A check's
message keeps its id (the offline planner says it in the request's language) beside its English (a model).
"""
from __future__ import annotations

from dataclasses import dataclass

from desktop.llm.markers import PACKET_PREFIX
from skills.codec import CodecError, dumps, loads
from skills.runtime import Evidence


@dataclass(frozen=True, slots=True, kw_only=True)
class Delivered:
    """A committed file as the packet lists it."""

    path: str  # workspace-relative
    kind: str
    sha256: str
    bytes: int
    title: str = ""
    version: int = 1


@dataclass(frozen=True, slots=True, kw_only=True)
class FinalizationPacket:
    status: str  # completed | denied | failed | stopped
    skill_id: str
    summary: str = ""  # the skill's own words, then Mira's notes (a file not delivered and why)
    artifacts: tuple[Delivered, ...] = ()
    evidence: tuple[Evidence, ...] = ()

    def evidence_for(self, path: str) -> Evidence | None:
        return next((e for e in self.evidence if e.path == path), None)


def packet_message(packet: FinalizationPacket) -> str:
    """The packet as the generate step's last user message."""
    return PACKET_PREFIX + dumps(packet)


def read_packet(content: str) -> FinalizationPacket | None:
    """The packet a message carries; None for any other message or one that does not read as a packet."""
    if not content.startswith(PACKET_PREFIX):
        return None
    try:
        return loads(FinalizationPacket, content[len(PACKET_PREFIX):])
    except CodecError:
        return None
