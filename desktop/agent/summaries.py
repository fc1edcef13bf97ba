"""The approval's summary (the card's details line) from a command's :class:`WritePlan`: kept as message ids,
so every reader sees it in their language."""
from __future__ import annotations

from collections.abc import Sequence

from skills.messages import Msg, Text, msg
from skills.runtime import WritePlan

SHOWN_READS = 8


def approval_summary(plan: WritePlan | None, target: str | None, reads: Sequence[str]) -> Text:
    """What the write does plus the files it reads, as message values."""
    # Without a plan (a command that tells nothing) or a target there is no better name a person knows (the
    # command id stays in the details).
    first = (plan.summary if plan is not None
             else msg("summary.writes", name=target) if target else msg("summary.writes.unnamed"))
    lines: list[Msg] = [first]
    if reads:
        more = len(reads) - SHOWN_READS
        lines.append(msg("summary.uses.more", more, files=list(reads[:SHOWN_READS])) if more > 0
                     else msg("summary.uses", files=list(reads)))
    return Text(lines=tuple(lines))
