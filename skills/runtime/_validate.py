"""Input validation for runtime commands: a JSON schema and one clear error.

Model output is untrusted, so every ``run()`` validates its arguments against
the command's declared schema before touching a file. The error names the
offending field the way a model can fix it (``blocks[3].level``).
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import NoReturn, cast

import jsonschema

from skills.runtime._base import ArgsT, CommandError
from skills.runtime.json_types import JsonObject
from skills.messages import msg


def field_path(parts: Iterable[str | int]) -> str:
    """``['blocks', 3, 'level']`` → ``blocks[3].level``."""
    out = ""
    for p in parts:
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out or "(arguments)"


_VALIDATORS: dict[int, jsonschema.Draft202012Validator] = {}


def validator_for(schema: JsonObject) -> jsonschema.Draft202012Validator:
    """A validator for ``schema``, built once: schemas are module constants and validated on every call."""
    validator = _VALIDATORS.get(id(schema))
    if validator is None or validator.schema is not schema:  # the id was reused by another object
        validator = _VALIDATORS[id(schema)] = jsonschema.Draft202012Validator(schema)
    return validator


def checked_args(command: str, schema: JsonObject, args: object, shape: type[ArgsT]) -> ArgsT:
    """Return ``args`` as ``shape`` (the TypedDict ``schema`` describes), or raise :class:`CommandError` naming
    the command and the bad field.

    A ``oneOf``/``anyOf`` failure is explained by the branch meant for the value's JSON type. Schemas whose
    branches are told apart by an ``op``/``layout`` field use
    :func:`skills.runtime._pptx_xlsx_common.check_tagged_args` instead."""
    if not isinstance(args, dict):
        raise CommandError(msg("error.validate.arguments_json_object", command=command))
    validator = validator_for(schema)
    errors = sorted(validator.iter_errors(args), key=lambda e: (len(e.absolute_path), list(map(str, e.absolute_path))))
    if not errors:
        return as_checked(args, shape)
    err = _deepest(errors[0])
    where = field_path(err.absolute_path)
    if err.validator == "additionalProperties":
        reason = err.message.replace("Additional properties are not allowed", "unknown field(s)")
    elif err.validator == "required":
        reason = err.message
    elif err.validator in ("oneOf", "anyOf"):
        reason = "does not match any allowed shape"
    else:
        reason = err.message
        if len(reason) > 160:
            reason = reason[:157] + "..."
    _raise(command, where, reason)


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


def as_checked(args: object, shape: type[ArgsT]) -> ArgsT:
    """``args`` read as ``shape`` once it has passed its schema.

    The schema check just made is what makes this cast honest: ``shape`` is the TypedDict of the schema (a test
    keeps every command's two in step: tests/skills/test_command_args.py), and nothing read ``args`` before."""
    del shape  # names the type for the reader and for inference only
    return cast(ArgsT, args)


def _raise(command: str, where: str, reason: str) -> NoReturn:
    raise CommandError(msg("error.validate.invalid_argument", command=command, where=where, reason=reason))
