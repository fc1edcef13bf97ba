"""Flows as data (ARCHITECTURE §10): a flow resource names its steps, the steps each comes after and the
registered processor each runs. This module reads and checks one; the desktop runtime binds the
processor names to code and executes the steps in order.

A flow is refused (``FlowDefinitionError`` naming the flow and the step) when a step names a processor that is
not registered here, when it refers to an unknown step or loops, or when any path from a start to an
end skips a protected processor: validating input, approval, verification and committing evidence
must lie on every path, whatever the file says.
"""
from __future__ import annotations

import functools
import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from skills.runtime.errors import FlowDefinitionError

__all__ = ["PROCESSORS", "PROTECTED", "REQUIRES", "Flow", "FlowDefinitionError", "Processor", "Step", "default_flow",
           "load_flow_file", "parse_flow"]

FLOWS_DIR = Path(__file__).resolve().parent / "flows"
DEFAULT_FLOW = "skill-pipeline.yaml"


@dataclass(frozen=True, slots=True, kw_only=True)
class Processor:
    """A processor the code registers: ``phase`` "call" runs per proposed command, "finish" once at the end."""

    name: str
    phase: str
    protected: bool


PROCESSORS: Mapping[str, Processor] = {p.name: p for p in (
    Processor(name="validate_input", phase="call", protected=True),
    Processor(name="approval_gate", phase="call", protected=True),
    Processor(name="run_command", phase="call", protected=False),
    Processor(name="verify_artifacts", phase="call", protected=True),
    Processor(name="commit_evidence", phase="finish", protected=True),
    Processor(name="generate_delivery", phase="finish", protected=False),
)}
PROTECTED = tuple(p.name for p in PROCESSORS.values() if p.protected)


@dataclass(frozen=True, slots=True, kw_only=True)
class Step:
    id: str
    processor: str
    after: tuple[str, ...]
    description: str = ""


@dataclass(frozen=True, slots=True, kw_only=True)
class Flow:
    """A checked flow; ``steps`` in an order where every step comes after the ones it depends on."""

    id: str
    version: int
    sha256: str
    steps: tuple[Step, ...]

    def processors(self, phase: str) -> tuple[str, ...]:
        return tuple(s.processor for s in self.steps if PROCESSORS[s.processor].phase == phase)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "version": self.version, "sha256": self.sha256,
                "steps": [{"id": s.id, "processor": s.processor, "after": list(s.after),
                           "description": s.description} for s in self.steps]}


def parse_flow(text: str, where: str) -> Flow:
    """Read and check a flow document (YAML or JSON); its hash covers the canonical content."""
    import yaml  # here: a flow is parsed when a skill loads, not when the app starts

    try:
        doc = yaml.load(text, Loader=getattr(yaml, "CSafeLoader", yaml.SafeLoader))
    except yaml.YAMLError as exc:
        raise FlowDefinitionError(f"{where}: not valid YAML ({exc})") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("id"), str) or not doc["id"]:
        raise FlowDefinitionError(f"{where}: a flow is a mapping with an id, a version and steps")
    flow_id = doc["id"]
    version = doc.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise FlowDefinitionError(f"flow {flow_id}: version must be a positive integer")
    raw_steps = doc.get("steps")
    if not isinstance(raw_steps, list) or not raw_steps:
        raise FlowDefinitionError(f"flow {flow_id}: steps must be a non-empty list")
    steps: dict[str, Step] = {}
    for raw in raw_steps:
        if not isinstance(raw, dict) or not isinstance(raw.get("id"), str):
            raise FlowDefinitionError(f"flow {flow_id}: every step is a mapping with an id")
        sid = raw["id"]
        if sid in steps:
            raise FlowDefinitionError(f"flow {flow_id}, step {sid}: the id is used twice")
        processor = raw.get("processor")
        if processor not in PROCESSORS:
            raise FlowDefinitionError(f"flow {flow_id}, step {sid}: processor {processor!r} is not registered "
                            f"(registered: {', '.join(PROCESSORS)})")
        after = raw.get("after") or []
        if not isinstance(after, list) or not all(isinstance(a, str) for a in after):
            raise FlowDefinitionError(f"flow {flow_id}, step {sid}: after must be a list of step ids")
        steps[sid] = Step(id=sid, processor=str(processor), after=tuple(after), description=str(raw.get("description") or ""))
    for step in steps.values():
        for dep in step.after:
            if dep not in steps:
                raise FlowDefinitionError(f"flow {flow_id}, step {step.id}: comes after unknown step {dep!r}")
    order = _order(flow_id, steps)
    _check_protected(flow_id, steps, order)
    canonical = json.dumps(doc, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return Flow(id=flow_id, version=version, sha256=hashlib.sha256(canonical.encode("utf-8")).hexdigest(),
                steps=tuple(steps[s] for s in order))


def _order(flow_id: str, steps: Mapping[str, Step]) -> list[str]:
    """Steps in dependency order (file order among equals); a loop is refused."""
    done: list[str] = []
    placed: set[str] = set()
    while len(done) < len(steps):
        ready = [s.id for s in steps.values() if s.id not in placed and all(d in placed for d in s.after)]
        if not ready:
            stuck = next(s for s in steps if s not in placed)
            raise FlowDefinitionError(f"flow {flow_id}, step {stuck}: its dependencies form a loop")
        done.extend(ready)
        placed.update(ready)
    return done


def _check_protected(flow_id: str, steps: Mapping[str, Step], order: list[str]) -> None:
    """Each processor at most once; every protected one on every path from a start to an end; and each
    step only after what it needs (``REQUIRES``) on every path leading to it. The step where a path
    breaks a rule is named with the path."""
    used: dict[str, str] = {}
    for sid in order:
        processor = steps[sid].processor
        if processor in used:
            raise FlowDefinitionError(f"flow {flow_id}, step {sid}: processor {processor} already runs in step "
                            f"{used[processor]}")
        used[processor] = sid
    missing = [p for p in (*PROTECTED, "run_command") if p not in used]
    if missing:
        raise FlowDefinitionError(f"flow {flow_id}: no step runs the protected step {missing[0]}")
    after_of = {s: [t.id for t in steps.values() if s in t.after] for s in steps}
    needed = list(dict.fromkeys([*PROTECTED, *(r for rs in REQUIRES.values() for r in rs)]))
    clear = {p: _reach_avoiding(steps, order, p) for p in needed}
    for sid in order:  # a step reached without what it needs
        for processor in REQUIRES.get(steps[sid].processor, ()):
            before = next((d for d in steps[sid].after if d in clear[processor]), None)
            if not steps[sid].after or before is not None:
                path = f"{_path(clear[processor], before)} → {sid}" if before else sid
                raise FlowDefinitionError(f"flow {flow_id}, step {sid}: {steps[sid].processor} is reached without "
                                f"{processor} first (path {path}); the protected step {processor} is skipped")
    for processor in PROTECTED:  # an end reached without a protected step
        for sid in clear[processor]:
            if not after_of[sid]:
                raise FlowDefinitionError(f"flow {flow_id}, step {sid}: the path {_path(clear[processor], sid)} skips the "
                                f"protected step {processor}")


# What must lie on every path to a step running the key processor.
REQUIRES: Mapping[str, tuple[str, ...]] = {
    "approval_gate": ("validate_input",),
    "run_command": ("validate_input", "approval_gate"),
    "verify_artifacts": ("run_command",),
    "commit_evidence": ("verify_artifacts",),
    "generate_delivery": ("commit_evidence",),
}


def _reach_avoiding(steps: Mapping[str, Step], order: list[str], processor: str) -> dict[str, str | None]:
    """Steps some path from a start reaches (inclusive) without running ``processor``, each with the step
    it was reached from (None for a start)."""
    clear: dict[str, str | None] = {}
    for sid in order:
        step = steps[sid]
        if step.processor == processor:
            continue
        came_from = next((d for d in step.after if d in clear), None)
        if not step.after or came_from is not None:
            clear[sid] = came_from
    return clear


def _path(clear: Mapping[str, str | None], sid: str) -> str:
    path = [sid]
    while clear[path[-1]] is not None:
        path.append(clear[path[-1]])  # type: ignore[arg-type]
    return " → ".join(reversed(path))


def load_flow_file(path: Path) -> Flow:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise FlowDefinitionError(f"{path.name}: cannot read the flow ({exc})") from None
    return parse_flow(text, path.name)


@functools.lru_cache(maxsize=1)
def default_flow() -> Flow:
    """The packaged skill pipeline (used where no built catalog is at hand: tests, benches); read once."""
    return load_flow_file(FLOWS_DIR / DEFAULT_FLOW)
