"""The declared skill pipeline. A task records the flow id/version it started with."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FlowStep:
    name: str
    protected: bool  # protected steps run in the runtime; no model output or tool result can skip them
    description: str


@dataclass(frozen=True)
class Flow:
    id: str
    version: int
    steps: tuple[FlowStep, ...]

    def step(self, name: str) -> FlowStep:
        for step in self.steps:
            if step.name == name:
                return step
        raise KeyError(name)


SKILL_PIPELINE = Flow(
    id="skill-pipeline",
    version=1,
    steps=(
        FlowStep("validate_input", True, "arguments are checked against the command's input_schema and the "
                                          "workspace before approval is even requested"),
        FlowStep("explore", False, "the skill agent reads materials with read-only tools"),
        FlowStep("run_command", False, "the command runs (writes only after approval)"),
        FlowStep("verify", True, "every reported artifact is re-read from disk: sha256 and size must match"),
        FlowStep("commit_evidence", True, "verified artifacts and their evidence are committed by the parent"),
    ),
)
