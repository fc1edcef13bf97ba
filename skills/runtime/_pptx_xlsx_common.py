"""Helpers shared by the PPTX and XLSX runtimes: input validation, paths, evidence."""
from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

from skills.runtime._base import ArgsT, Check, CommandError, Evidence
from skills.runtime._validate import as_checked, field_path, validator_for
from skills.runtime.json_types import JsonObject
from skills.runtime.safety import check_file
from skills.runtime.workspace import Workspace, WorkspaceError
from skills.messages import msg

# A typeface with full Chinese/Japanese/Korean coverage; set as the East Asian font so
# CJK text never falls back to a font without those glyphs (tofu).
CJK_FONT = "Noto Sans CJK SC"
_CJK_RE = re.compile("[\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]")


def has_cjk(text: str) -> bool:
    return bool(_CJK_RE.search(text))


def display_width(text: str) -> int:
    """Width in 'Latin character' units: CJK and full-width characters count twice."""
    return len(text) + len(_CJK_RE.findall(text))


def _first_error(validator: Draft202012Validator, instance: Any) -> ValidationError | None:
    errors = sorted(validator.iter_errors(instance), key=lambda e: (len(e.path), list(map(str, e.path))))
    return errors[0] if errors else None


def check_tagged_args(schema: JsonObject, args: object, shape: type[ArgsT], *,
                      discriminators: tuple[str, ...] = ("op", "layout")) -> ArgsT:
    """``args`` as ``shape`` once valid against a schema of tagged unions; else one :class:`CommandError` naming
    the bad field.

    ``oneOf`` branches are told apart by a discriminator property (``op``/``layout``) so
    the message explains what is wrong with *that* branch, not "matches none of 7 schemas".
    Schemas without such tags use :func:`skills.runtime._validate.checked_args`.
    """
    if not isinstance(args, Mapping):
        raise CommandError(msg("error.pptx_xlsx_common.arguments_json_object"))
    validator = validator_for(schema)
    if validator.is_valid(args):
        return as_checked(args, shape)
    err = _first_error(validator, args)
    if err is None:
        return as_checked(args, shape)
    prefix = list(err.absolute_path)
    while err.validator == "oneOf":
        branches = err.validator_value
        if not isinstance(branches, list):  # jsonschema types it loosely; a oneOf's value is its list of branches
            break
        if not isinstance(err.instance, Mapping):
            kinds = sorted({str(b.get("type", "object")) for b in branches})
            raise CommandError(msg("error.pptx_xlsx_common.expected_got", value=field_path(prefix), kinds=' or '.join(kinds), type=type(err.instance).__name__))
        key = next((k for k in discriminators if any(k in b.get("properties", {}) for b in branches)), None)
        allowed = [b["properties"][key]["const"] for b in branches if key and key in b.get("properties", {})]
        value = err.instance.get(key) if key else None
        if key is None:  # no discriminator: the object-shaped branch is the one meant
            branch = next((b for b in branches if b.get("type") == "object"), None)
            if branch is None:
                break
        elif value not in allowed:
            where = field_path([*prefix, key])
            raise CommandError(msg("error.pptx_xlsx_common.one", where=where, value=repr(value), allowed=', '.join(map(str, allowed))))
        else:
            branch = next(b for b in branches if b["properties"][key]["const"] == value)
        sub = _first_error(validator_for(branch), err.instance)
        if sub is None:  # pragma: no cover - oneOf failed only because two branches matched
            break
        prefix += list(sub.absolute_path)
        err = sub
    raise CommandError(msg("error.pptx_xlsx_common.failed", value=field_path(prefix), message=err.message))


def require_suffix(rel: object, suffix: str | tuple[str, ...], field: str) -> str:
    """``rel`` when it is a path ending in ``suffix``; else a :class:`CommandError` naming ``field``."""
    if not isinstance(rel, str) or not rel.lower().endswith(suffix):
        shown = suffix if isinstance(suffix, str) else ", ".join(suffix)
        raise CommandError(msg("error.pptx_xlsx_common.end", field=field, rel=repr(rel), shown=shown))
    return rel


def edit_output(ws: Workspace, args: Mapping[str, Any], suffix: str) -> str:
    """The workspace-relative file an edit writes: ``output`` if given, else the source itself."""
    out = require_suffix(args.get("output") or args["path"], suffix, "output")
    try:
        ws.resolve(out)
    except WorkspaceError as exc:
        raise CommandError(msg("error.pptx_xlsx_common.output", field="output", exc=exc)) from exc
    return out


def input_file(ws: Workspace, rel: str, kind: str, field: str = "path") -> Path:
    """Resolve an existing workspace file and run the cheap safety checks on it."""
    require_suffix(rel, f".{kind}", field)
    try:
        path = ws.resolve(rel, must_exist=True)
    except WorkspaceError as exc:
        raise CommandError(msg("error.common.failed", field=field, exc=exc)) from exc
    check_file(path, kind)
    return path


def contains_check(name: str, wanted: Iterable[str], haystack: str, *, what: str) -> Check:
    """A check that every wanted string appears (whitespace-normalised) in ``haystack``."""
    norm = " ".join(haystack.split())
    wanted = [w for w in wanted if w and w.strip()]
    missing = [w for w in wanted if " ".join(w.split()) not in norm]
    if missing:
        shown = ", ".join(repr(m[:60]) for m in missing[:5])
        more = f" and {len(missing) - 5} more" if len(missing) > 5 else ""
        return Check(name=name, status="failed", detail=f"{len(missing)} of {len(wanted)} {what} missing: {shown}{more}")
    return Check(name=name, status="passed", detail=f"all {len(wanted)} {what} found")


def failed_checks_text(ev: Evidence) -> str:
    bad = [c for c in ev.checks if c.status == "failed"]
    return "; ".join(f"{c.name}: {c.detail}" for c in bad)
