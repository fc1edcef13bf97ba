"""Input validation for runtime commands: a JSON schema and one clear error.

Model output is untrusted, so every ``run()`` validates its arguments against
the command's declared schema before touching a file. The error names the
offending field the way a model can fix it (``blocks[3].level``).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import jsonschema

from skills.runtime._base import CommandError


def field_path(parts: Any) -> str:
    """``['blocks', 3, 'level']`` → ``blocks[3].level``."""
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "(arguments)"


_VALIDATORS: dict[int, jsonschema.Draft202012Validator] = {}


def validator_for(schema: Mapping[str, Any]) -> jsonschema.Draft202012Validator:
    """A validator for ``schema``, built once: schemas are module constants and validated on every call."""
    validator = _VALIDATORS.get(id(schema))
    if validator is None or validator.schema is not schema:  # the id was reused by another object
        validator = _VALIDATORS[id(schema)] = jsonschema.Draft202012Validator(schema)
    return validator


def checked_args(command: str, schema: Mapping[str, Any], args: Any) -> dict[str, Any]:
    """Return ``args`` as a dict, or raise :class:`CommandError` naming the command and the bad field.

    A ``oneOf``/``anyOf`` failure is explained by the branch meant for the value's JSON type. Schemas whose
    branches are told apart by an ``op``/``layout`` field use
    :func:`skills.runtime._pptx_xlsx_common.check_tagged_args` instead."""
    if not isinstance(args, dict):
        raise CommandError(f"{command}: arguments must be a JSON object")
    validator = validator_for(schema)
    errors = sorted(validator.iter_errors(args), key=lambda e: (len(e.absolute_path), list(map(str, e.absolute_path))))
    if not errors:
        return args
    err = _deepest(errors[0])
    where = field_path(err.absolute_path)
    if err.validator == "additionalProperties":
        msg = err.message.replace("Additional properties are not allowed", "unknown field(s)")
    elif err.validator == "required":
        msg = err.message
    elif err.validator in ("oneOf", "anyOf"):
        msg = "does not match any allowed shape"
    else:
        msg = err.message
        if len(msg) > 160:
            msg = msg[:157] + "..."
    return _raise(command, where, msg)


_JSON_TYPES = {dict: "object", list: "array", str: "string", bool: "boolean", int: "integer", float: "number"}


def _deepest(err: jsonschema.ValidationError) -> jsonschema.ValidationError:
    # For oneOf/anyOf the child error of the branch meant for this kind of value (an object
    # for an object) explains the mistake better than "not valid under any of the given schemas".
    if err.context:
        kind = _JSON_TYPES.get(type(err.instance))
        branches = err.validator_value if isinstance(err.validator_value, list) else []
        same = [e for e in err.context
                if e.schema_path and isinstance(e.schema_path[0], int) and e.schema_path[0] < len(branches)
                and branches[e.schema_path[0]].get("type") == kind]
        best = jsonschema.exceptions.best_match(same or err.context)
        if best is not None:
            return _deepest(best)
    return err


def _raise(command: str, where: str, msg: str) -> dict[str, Any]:
    raise CommandError(f"{command}: invalid argument {where}: {msg}")
