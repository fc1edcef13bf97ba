"""The skill catalog: build it from registered SKILL.md files, load it, read bodies safely.

Only files listed in ``skills/registry.json`` are read (never a glob of the
tree). The build validates each frontmatter, refuses duplicate ids and commands
with no implementation, and writes ``catalog.json`` (id → package path, body
hash, commands...) and ``manifest.json`` (release identity). At run time a body
whose hash differs from the catalog is refused.
"""
from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from skills.flow import Flow, FlowDefinitionError, Step, parse_flow
from skills.runtime.errors import CatalogError
from skills.messages import msg

PACKAGE_DIR = Path(__file__).resolve().parent
REGISTRY = "registry.json"
CATALOG_FILE = "catalog.json"
MANIFEST_FILE = "manifest.json"
CATALOG_FORMAT = 1
CATEGORIES = ("router", "authoring", "operation")
MAX_BODY_CHARS = 20_000  # ~5,000 tokens at ~4 characters per token
MAX_DESCRIPTIONS_CHARS = 1_500  # all catalog descriptions together
_REQUIRED = ("id", "name", "category", "contract_version", "description")
_OPTIONAL = ("commands", "execution")
_ID = re.compile(r"^[a-z][a-z0-9-]{1,40}$")


@dataclass(frozen=True, slots=True, kw_only=True)
class SkillEntry:
    """One skill as the catalog lists it. ``execution`` is None for instruction-only skills."""

    id: str
    name: str
    category: str
    description: str
    commands: tuple[str, ...]
    execution: dict[str, Any] | None
    body_sha256: str
    path: str  # relative to the skills package, posix
    contract_version: int

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "category": self.category,
                "description": self.description, "commands": list(self.commands),
                "execution": self.execution, "body_sha256": self.body_sha256, "path": self.path,
                "contract_version": self.contract_version}


@dataclass(frozen=True, slots=True, kw_only=True)
class Catalog:
    """The built catalog: entries by id, plus the build identity a task records."""

    entries: Mapping[str, SkillEntry]
    build_identity: str
    root: Path = field(default=PACKAGE_DIR, compare=False)
    flows: Mapping[str, Flow] = field(default_factory=dict)

    def summaries(self) -> str:
        """Compact text for the main planner: one line per skill, how to use it."""
        lines = []
        for e in self.entries.values():
            # id, how to call it and what it does: the display name and category tell the model nothing more
            how = "run_skill" if e.execution else "load_skill"
            lines.append(f"- {e.id} ({how}): {e.description}")
        return "\n".join(lines)


# parsing ---------------------------------------------------------------------------------

def _parts(text: str, where: str) -> tuple[str, str]:
    """The frontmatter's text and the body of a SKILL.md; raises CatalogError naming ``where``."""
    text = text.lstrip("\ufeff")
    if not text.startswith("---\n"):
        raise CatalogError(msg("error.catalog.missing_yaml_frontmatter_file", where=where))
    end = text.find("\n---\n", 4)
    if end < 0:
        raise CatalogError(msg("error.catalog.frontmatter_closed", where=where))
    return text[4:end], text[end + 5:]


def split_skill_file(text: str, where: str) -> tuple[dict[str, Any], str]:
    """``(frontmatter, body)`` of a SKILL.md; raises CatalogError naming ``where``."""
    front, body = _parts(text, where)
    import yaml  # here: the app starts from the built catalog.json without parsing YAML

    try:
        meta = yaml.safe_load(front)
    except yaml.YAMLError as exc:
        raise CatalogError(msg("error.catalog.invalid_yaml_frontmatter", where=where, exc=exc)) from None
    if not isinstance(meta, dict):
        raise CatalogError(msg("error.catalog.frontmatter_mapping", where=where))
    return meta, body


def _read_skill_file(root: Path, rel: str) -> str:
    """The text of the SKILL.md at ``rel`` under ``root``; refused outside the package or if unreadable.

    Both the build (paths from registry.json) and the run time (paths from catalog.json)
    read through here, so a tampered list cannot point at a file elsewhere on disk.
    """
    path = (root / rel).resolve()
    if not path.is_relative_to(root.resolve()) or path.name != "SKILL.md":
        raise CatalogError(msg("error.catalog.registered_skill_skill_md", rel=rel))
    try:
        return path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CatalogError(msg("error.catalog.read_skill_file", rel=rel, strerror=exc.strerror)) from None
    except UnicodeDecodeError:
        raise CatalogError(msg("error.catalog.skill_file_valid_utf", rel=rel)) from None


def body_hash(body: str) -> str:
    return hashlib.sha256(body.encode("utf-8")).hexdigest()


def _entry(meta: dict[str, Any], body: str, rel: str, known_commands: set[str]) -> SkillEntry:
    where = rel
    missing = [k for k in _REQUIRED if meta.get(k) in (None, "")]
    if missing:
        raise CatalogError(msg("error.catalog.missing_field_s", where=where, missing=', '.join(missing)))
    unknown = sorted(set(meta) - set(_REQUIRED) - set(_OPTIONAL))
    if unknown:
        raise CatalogError(msg("error.catalog.unknown_field_s", where=where, unknown=', '.join(unknown)))
    sid = meta["id"]
    if not isinstance(sid, str) or not _ID.match(sid):
        raise CatalogError(msg("error.catalog.id_lowercase_letters_digits", where=where, sid=repr(sid)))
    if meta["category"] not in CATEGORIES:
        raise CatalogError(msg("error.catalog.unknown_category_one", where=where, category=repr(meta['category']), categories=', '.join(CATEGORIES)))
    if not isinstance(meta["contract_version"], int) or meta["contract_version"] < 1:
        raise CatalogError(msg("error.catalog.contract_version_positive_integer", where=where))
    for key in ("name", "description"):
        if not isinstance(meta[key], str):
            raise CatalogError(msg("error.catalog.text", where=where, key=key))
    commands = meta.get("commands") or []
    execution = meta.get("execution")
    if meta["category"] == "router":
        if commands or execution:
            raise CatalogError(msg("error.catalog.router_skill_instruction_commands", where=where))
    else:
        if not isinstance(commands, list) or not commands or not all(isinstance(c, str) for c in commands):
            raise CatalogError(msg("error.catalog.commands_non_empty_list", where=where))
        if not isinstance(execution, dict) or not isinstance(execution.get("profile"), str):
            raise CatalogError(msg("error.catalog.execution_mapping_profile", where=where))
        if len(set(commands)) != len(commands):
            raise CatalogError(msg("error.catalog.command_listed_twice", where=where))
        unimplemented = [c for c in commands if c not in known_commands]
        if unimplemented:
            raise CatalogError(msg("error.catalog.command_s_implementation", where=where, unimplemented=', '.join(unimplemented)))
    if not body.strip():
        raise CatalogError(msg("error.catalog.body_empty", where=where))
    if len(body) > MAX_BODY_CHARS:
        raise CatalogError(msg("error.catalog.body_characters_limit_tokens", where=where, length=len(body), max_body_chars=MAX_BODY_CHARS))
    return SkillEntry(id=sid, name=meta["name"].strip(), category=meta["category"],
                      description=" ".join(meta["description"].split()), commands=tuple(commands),
                      execution=dict(execution) if execution else None, body_sha256=body_hash(body),
                      path=rel, contract_version=meta["contract_version"])


def read_registry(root: Path = PACKAGE_DIR) -> list[str]:
    try:
        data = json.loads((root / REGISTRY).read_text(encoding="utf-8"))
        paths = data["skills"]
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise CatalogError(msg("error.catalog.read_skill_registry", registry=REGISTRY, exc=exc)) from None
    if not isinstance(paths, list) or not all(isinstance(p, str) for p in paths):
        raise CatalogError(msg("error.catalog.skills_list_paths", registry=REGISTRY))
    return paths


def read_flows(root: Path = PACKAGE_DIR) -> dict[str, tuple[str, Flow]]:
    """The registered flow resources, checked: id → (path, flow). A flow that skips a protected step or
    names an unregistered processor stops the build with a message naming the flow and the step."""
    try:
        paths = json.loads((root / REGISTRY).read_text(encoding="utf-8")).get("flows", [])
    except (OSError, ValueError, AttributeError) as exc:
        raise CatalogError(msg("error.catalog.read_flow_list", registry=REGISTRY, exc=exc)) from None
    if not isinstance(paths, list) or not all(isinstance(p, str) for p in paths):
        raise CatalogError(msg("error.catalog.flows_list_paths", registry=REGISTRY))
    flows: dict[str, tuple[str, Flow]] = {}
    for rel in paths:
        path = (root / rel).resolve()
        if not path.is_relative_to((root / "flows").resolve()) or path.suffix not in (".yaml", ".yml", ".json"):
            raise CatalogError(msg("error.catalog.registered_flow_yaml_json", rel=rel))
        try:
            flow = parse_flow(path.read_text(encoding="utf-8"), rel)
        except (OSError, UnicodeDecodeError) as exc:
            raise CatalogError(msg("error.catalog.read_flow", rel=rel, exc=exc)) from None
        except FlowDefinitionError as exc:
            raise CatalogError(msg("error.catalog.failed", rel=rel, exc=exc)) from None
        if flow.id in flows:
            raise CatalogError(msg("error.catalog.duplicate_flow_id_also", rel=rel, id_value=repr(flow.id), flows=flows[flow.id][0]))
        flows[flow.id] = (rel, flow)
    return flows


def collect(root: Path = PACKAGE_DIR, known_commands: set[str] | None = None) -> list[SkillEntry]:
    """Read and validate every registered skill file."""
    if known_commands is None:
        from skills.runtime import all_commands

        known_commands = set(all_commands())
    entries: list[SkillEntry] = []
    seen: dict[str, str] = {}
    for rel in read_registry(root):
        meta, body = split_skill_file(_read_skill_file(root, rel), rel)
        entry = _entry(meta, body, rel, known_commands)
        if entry.id in seen:
            raise CatalogError(msg("error.catalog.duplicate_skill_id_also", rel=rel, id_value=repr(entry.id), seen=seen[entry.id]))
        seen[entry.id] = rel
        entries.append(entry)
    total = sum(len(e.description) for e in entries)
    if total > MAX_DESCRIPTIONS_CHARS:
        raise CatalogError(msg("error.catalog.descriptions_total_characters_limit", registry=REGISTRY, total=total,
                               max_descriptions_chars=MAX_DESCRIPTIONS_CHARS))
    return entries


# build -----------------------------------------------------------------------------------

def _canonical(obj: Any) -> bytes:
    return json.dumps(obj, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def command_surface_hash(names: list[str] | None = None) -> str:
    """Hash of the runtime surface the skills are written against: names, schemas, write flags.

    Only the commands the catalog's skills name count (all registered ones when
    ``names`` is None). Implementation fixes keep the identity; a changed command
    contract changes it.
    """
    from skills.runtime import all_commands

    cmds = all_commands()
    wanted = sorted(cmds) if names is None else sorted(set(names))
    surface = {n: {"writes": cmds[n].writes, "target_arg": cmds[n].target_arg, "schema": cmds[n].input_schema}
               for n in wanted}
    return hashlib.sha256(_canonical(surface)).hexdigest()


def package_version() -> str:
    # Imported here, for `skills build` only: importlib.metadata (and the email package it loads) would
    # otherwise cost the app ~15 ms every time the agent runtime loads the catalog.
    from importlib import metadata

    try:
        return metadata.version("mira-desktop")
    except metadata.PackageNotFoundError:
        return "0+unknown"


def build(root: Path = PACKAGE_DIR) -> tuple[dict[str, Any], dict[str, Any]]:
    """The catalog and manifest documents (not written)."""
    entries = collect(root)
    flows = read_flows(root)
    resources = {e.path: hashlib.sha256((root / e.path).read_bytes()).hexdigest() for e in entries}
    resources.update({rel: hashlib.sha256((root / rel).read_bytes()).hexdigest() for rel, _ in flows.values()})
    registry_hash = hashlib.sha256((root / REGISTRY).read_bytes()).hexdigest()
    code_hash = command_surface_hash([c for e in entries for c in e.commands])
    version = package_version()
    contracts = {e.id: e.contract_version for e in entries}
    identity = hashlib.sha256(_canonical({
        "code": code_hash, "resources": resources, "registry": registry_hash,
        "package_version": version, "contract_versions": contracts, "format": CATALOG_FORMAT,
    })).hexdigest()
    catalog = {"format": CATALOG_FORMAT, "build_identity": identity,
               "skills": {e.id: {k: v for k, v in e.to_dict().items() if k != "id"} for e in entries},
               "flows": {fid: {**{k: v for k, v in flow.to_dict().items() if k != "id"}, "path": rel}
                         for fid, (rel, flow) in flows.items()}}
    manifest = {"format": CATALOG_FORMAT, "package_version": version, "code_version": code_hash,
                "registry_sha256": registry_hash, "resources": resources, "contract_versions": contracts,
                "build_identity": identity}
    return catalog, manifest


def dump(doc: Mapping[str, Any]) -> str:
    return json.dumps(doc, indent=2, ensure_ascii=False, sort_keys=False) + "\n"


def write_build(root: Path = PACKAGE_DIR, out_dir: Path | None = None) -> tuple[Path, Path]:
    catalog, manifest = build(root)
    out = out_dir or root
    out.mkdir(parents=True, exist_ok=True)
    cat_path, man_path = out / CATALOG_FILE, out / MANIFEST_FILE
    cat_path.write_text(dump(catalog), encoding="utf-8")
    man_path.write_text(dump(manifest), encoding="utf-8")
    return cat_path, man_path


# load ------------------------------------------------------------------------------------

def load_catalog(path: Path | None = None) -> Catalog:
    """Load the built catalog (``skills/catalog.json`` by default)."""
    path = path or PACKAGE_DIR / CATALOG_FILE
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        entries = {sid: SkillEntry(id=sid, name=d["name"], category=d["category"],
                                   description=d["description"], commands=tuple(d["commands"]),
                                   execution=d["execution"], body_sha256=d["body_sha256"], path=d["path"],
                                   contract_version=int(d["contract_version"]))
                   for sid, d in data["skills"].items()}
        identity = str(data["build_identity"])
        flows = {fid: Flow(id=fid, version=int(d["version"]), sha256=str(d["sha256"]),
                           steps=tuple(Step(id=st["id"], processor=st["processor"], after=tuple(st["after"]), description=st.get("description", ""))
                                 for st in d["steps"]))
                 for fid, d in data.get("flows", {}).items()}
    except (OSError, ValueError, KeyError, TypeError) as exc:
        raise CatalogError(msg("error.catalog.skill_catalog_missing_damaged", name=path.name, exc=exc)) from None
    return Catalog(entries=entries, build_identity=identity, root=path.parent, flows=flows)


def load_body(skill_id: str, catalog: Catalog | None = None) -> str:
    """The skill's instructions (no frontmatter), refused if the file changed since the build."""
    catalog = catalog or load_catalog()
    entry = catalog.entries.get(skill_id)
    if entry is None:
        raise CatalogError(msg("error.catalog.unknown_skill_known", skill_id=repr(skill_id), entries=', '.join(sorted(catalog.entries))))
    # The frontmatter was read at the build; the body's hash says the file is the one built, so it is not parsed
    # again (a YAML parse per task).
    _, body = _parts(_read_skill_file(catalog.root, entry.path), entry.path)
    if body_hash(body) != entry.body_sha256:
        raise CatalogError(msg("error.catalog.skill_body_differs_from", path=entry.path))
    return body
