"""Where the runtime gets skills and commands: the built catalog, or a fixed set (tests, benches)."""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

from desktop.errors import AgentError
from skills.flow import Flow, default_flow
from skills.runtime import AnyCommand, CommandError
from skills.runtime.errors import CatalogError
from desktop.messages import msg

PIPELINE = "skill-pipeline"  # the flow every skill run follows


class SkillUnavailable(AgentError):
    """A skill cannot be used: unknown id, no execution profile, or its body failed the hash check."""


@dataclass(frozen=True, slots=True, kw_only=True)
class SkillInfo:
    id: str
    name: str
    description: str
    commands: tuple[str, ...]
    execution: Mapping[str, Any] | None  # None: instruction-only

    @property
    def max_steps(self) -> int:
        steps = (self.execution or {}).get("max_steps", 12)
        return int(steps) if isinstance(steps, int) and steps > 0 else 12


class SkillSource(Protocol):
    build_identity: str
    flow: Flow  # the checked skill pipeline, from the same build

    def summaries(self) -> str: ...
    def skill(self, skill_id: str) -> SkillInfo: ...
    def body(self, skill_id: str) -> str: ...
    def command(self, name: str) -> AnyCommand: ...


class CatalogSkills:
    """The real thing: ``skills.catalog`` (hash-checked bodies) and ``skills.runtime`` commands."""

    def __init__(self) -> None:
        from skills import catalog as _catalog

        self._mod = _catalog
        self._catalog = _catalog.load_catalog()
        self.build_identity: str = self._catalog.build_identity
        flow = self._catalog.flows.get(PIPELINE)
        if flow is None:
            raise SkillUnavailable(msg("error.agent_skillsource.skill_catalog_flow_run", pipeline=PIPELINE))
        self.flow: Flow = flow

    def summaries(self) -> str:
        return str(self._catalog.summaries())

    def skill(self, skill_id: str) -> SkillInfo:
        entry = self._catalog.entries.get(skill_id)
        if entry is None:
            known = ", ".join(sorted(self._catalog.entries))
            raise SkillUnavailable(msg("error.agent_skillsource.no_skill", skill_id=repr(skill_id), known=known))
        return SkillInfo(id=entry.id, name=entry.name, description=entry.description, commands=tuple(entry.commands),
                         execution=dict(entry.execution) if entry.execution else None)

    def body(self, skill_id: str) -> str:
        self.skill(skill_id)
        try:
            return str(self._mod.load_body(skill_id, self._catalog))
        except CatalogError as exc:
            raise SkillUnavailable(msg("error.agent_skillsource.skill_refused", skill_id=repr(skill_id), exc=exc)) from exc

    def command(self, name: str) -> AnyCommand:
        from skills.runtime import get_command

        return get_command(name)


class StaticSkills:
    """A fixed skill set with given bodies and commands (tests, benchmarks, embedding)."""

    def __init__(self, skills: Mapping[str, tuple[SkillInfo, str]], commands: Mapping[str, AnyCommand],
                 build_identity: str = "static", summaries: str | Callable[[], str] | None = None,
                 flow: Flow | None = None) -> None:
        self.flow = flow if flow is not None else default_flow()
        self._skills = dict(skills)
        self._commands = dict(commands)
        self.build_identity = build_identity
        self._summaries = summaries

    def summaries(self) -> str:
        if callable(self._summaries):
            return self._summaries()
        if self._summaries is not None:
            return self._summaries
        return "\n".join(f"- {info.id}: {info.description}" for info, _ in self._skills.values())

    def skill(self, skill_id: str) -> SkillInfo:
        try:
            return self._skills[skill_id][0]
        except KeyError:
            raise SkillUnavailable(msg("error.agent_skillsource.no_skill", skill_id=repr(skill_id),
                                       known=sorted(self._skills))) from None

    def body(self, skill_id: str) -> str:
        self.skill(skill_id)
        return self._skills[skill_id][1]

    def command(self, name: str) -> AnyCommand:
        try:
            return self._commands[name]
        except KeyError:
            raise CommandError(f"unknown command {name!r}") from None
