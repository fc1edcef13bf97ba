"""What one tool call came to: the one record every tool result is built from (no Qt).

The ledger keeps it and the model reads it as :mod:`skills.codec`'s JSON (:func:`outcome_json`): fields that
hold their default are left out, and an ``error`` that is a message value is written with its English sentence
as ``"text"`` beside its id, so the model reads plain English and the card, the chat and the offline planner
read the id in the person's language. :func:`read_outcome` reads it back, and rows written before it too.
"""
from __future__ import annotations

import logging
import typing
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, Literal

from skills.codec import CodecError, from_json, message_in, to_json
from skills.messages import Msg, english
from skills.runtime import ArtifactRecord, CommandResult, Evidence

log = logging.getLogger(__name__)
Fault = Literal["", "no_space", "denied"]


@dataclass(frozen=True, slots=True, kw_only=True)
class ToolOutcome:
    """One tool call's result: a command's (its :class:`CommandResult` parts), a workspace read's, a skill
    run's, or a refusal. A failure has ``ok=False`` and its one ``error``."""

    ok: bool
    # What a call that ran says (a command's message, "denied by the user"): the model, the chat's tool line.
    message: str = ""
    # Why it failed: the exception's message value when it was raised with one (the card, the chat, the CLI
    # and the offline planner say it in the person's language), else English words (the model reads either).
    error: Msg | str = ""
    # A command's data, or a workspace read's listing or text: the model and the offline planner read it.
    data: Mapping[str, Any] = field(default_factory=dict)  # JSON (JsonObject; its alias is not evaluable)
    # The files a write reported, re-read by verify: finalize commits them, the gate's rule kinds read them.
    artifacts: tuple[ArtifactRecord, ...] = ()
    # The checks a command ran on a real file: finalize delivers them.
    evidence: tuple[Evidence, ...] = ()
    # The disk or folder refused a write, nothing was written: the gate holds the call for a retry, the card
    # offers Retry.
    retryable: bool = False
    # Which storage fault that was: the card (its error is already a person's sentence, not an English one).
    fault: Fault = ""
    # The user denied the write: the offline planner's reply says so.
    denied: bool = False
    # Refused before it could run (a tool call in the generate step, where tools are closed): the ledger shows
    # that nothing ran.
    refused: bool = False
    # A run_skill call's end (completed | denied | failed): the main agent resumes an ended skill run from it.
    status: str = ""
    # complete()'s and run_skill's summary: finalize and the main agent read it.
    summary: str = ""
    # The paths complete() named (and run_skill's result repeats): finalize and ``mira task`` read them.
    selected: tuple[str, ...] = ()

    JSON_SPARSE: ClassVar[bool] = True  # the model is not told about flags that are not set (skills.codec)

    @property
    def said(self) -> str:
        """The call's words in English: its error when it failed, else its message (the ledger, the chat line)."""
        return english(self.error) if not self.ok and self.error else self.message


def failed(error: Msg | str, **flags: Any) -> ToolOutcome:
    """A failed call: its one error (a message value, or English words), and its flags."""
    return ToolOutcome(ok=False, error=error, **flags)


def from_command(result: CommandResult) -> ToolOutcome:
    """A command's result as its call's outcome; a command that reports a failure says why in ``error``."""
    return ToolOutcome(ok=result.ok, message=result.message if result.ok else "",
                       error="" if result.ok else result.message, data=result.data, artifacts=result.artifacts,
                       evidence=result.evidence)


def outcome_json(outcome: ToolOutcome) -> dict[str, Any]:
    """The outcome as the ledger keeps it and the tool message carries it."""
    return typing.cast(dict[str, Any], to_json(outcome))


def read_outcome(data: object) -> ToolOutcome:
    """The outcome a ledger row or a tool message holds. Also reads rows written before this record: an
    English ``error`` with its message twin in ``error_msg`` (``{id, english, params}``, or the codec's form),
    complete()'s paths under ``artifacts``, and a result this record does not fit (read for its words)."""
    if not isinstance(data, Mapping):
        return ToolOutcome(ok=False, error=str(data or ""))
    old = dict(data)
    twin = message_in(old.pop("error_msg", None))
    arts = old.get("artifacts")
    if isinstance(arts, list) and arts and all(isinstance(a, str) for a in arts):  # complete() before
        old["selected"], old["artifacts"] = arts, []
    try:
        outcome = from_json(ToolOutcome, old)
    except CodecError:
        outcome = _lenient(old)
    return replace(outcome, error=twin) if twin is not None else outcome


def _lenient(old: Mapping[str, Any]) -> ToolOutcome:
    """A row that does not fit as a whole: evidence that does not read is left out (finalize commits the file
    without it), and a row that still does not fit is read for its words and flags."""
    evidence = []
    for ev in old.get("evidence") or ():
        try:
            evidence.append(from_json(Evidence, ev))
        except CodecError:
            log.warning("evidence for %s could not be read; the file is committed without it",
                        ev.get("path") if isinstance(ev, Mapping) else "?")
    try:
        return replace(from_json(ToolOutcome, {**old, "evidence": []}), evidence=tuple(evidence))
    except CodecError:
        return ToolOutcome(ok=old.get("ok") is not False, message=str(old.get("message") or ""),
                           error=message_in(old.get("error")) or str(old.get("error") or ""),
                           retryable=old.get("retryable") is True, denied=old.get("denied") is True)
