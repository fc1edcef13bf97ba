"""The approval's summary (the card's details line) from a command's ``describe()``: kept as message ids
when the command gives one (``summary_msg``), so every reader sees it in their language; English otherwise."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from desktop.messages import stored
from skills.messages import Msg, msg

SHOWN_READS = 8


def approval_summary(described: Mapping[str, Any], target: str | None, reads: Sequence[str]) -> str:
    """What the write does plus the files it reads; a stored message text, or English from an older skill."""
    said = described.get("summary_msg")
    english = described.get("summary")
    if not isinstance(said, Mapping) and english:  # a skill that only speaks English: kept as it is
        text = str(english)
        if reads:
            text += f" — uses {', '.join(reads[:SHOWN_READS])}" + (
                f" and {len(reads) - SHOWN_READS} more" if len(reads) > SHOWN_READS else "")
        return text
    # Without a target there is no name a person knows (the command id stays in the details).
    first = (Msg.from_dict(said) if isinstance(said, Mapping)
             else msg("summary.writes", name=target) if target else msg("summary.writes.unnamed"))
    lines: list[Msg] = [first]
    if reads:
        more = len(reads) - SHOWN_READS
        lines.append(msg("summary.uses.more", more, files=list(reads[:SHOWN_READS])) if more > 0
                     else msg("summary.uses", files=list(reads)))
    return stored(*lines)
