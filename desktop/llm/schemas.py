"""Tool schemas that share definitions instead of repeating them.

A command's argument schema often holds the same sub-schema several times (the block list of a document
in both "append" and "insert after"). Sent as is, the model reads it twice. :func:`share_definitions`
moves each repeated sub-schema into ``$defs`` once and points every use at it with ``$ref``; the schema
accepts exactly the same arguments (a test validates with both), only the prompt gets shorter.
"""
from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from typing import Any

MIN_SAVING = 60  # characters; smaller repeats are not worth a $ref
_LIST_KEYS = ("anyOf", "oneOf", "allOf", "prefixItems")
_ONE_KEYS = ("items", "additionalProperties", "not", "if", "then", "else", "contains")
_MAP_KEYS = ("properties", "patternProperties", "$defs")

Slot = tuple[Any, Any]  # (container, key or index) holding a sub-schema


def _key(schema: Any) -> str:
    return json.dumps(schema, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _slots(schema: Any) -> Iterator[Slot]:
    """Every place inside ``schema`` that holds a sub-schema (not the root itself)."""
    if not isinstance(schema, dict):
        return
    for name in _ONE_KEYS:
        if isinstance(schema.get(name), dict):
            yield schema, name
            yield from _slots(schema[name])
    for name in _LIST_KEYS:
        for i, sub in enumerate(schema.get(name) or ()):
            if isinstance(sub, dict):
                yield schema[name], i
                yield from _slots(sub)
    for name in _MAP_KEYS:
        for prop, sub in (schema.get(name) or {}).items():
            if isinstance(sub, dict):
                yield schema[name], prop
                yield from _slots(sub)


def _best_repeat(root: dict[str, Any]) -> tuple[str, list[Slot]] | None:
    uses: dict[str, list[Slot]] = {}
    for container, at in _slots(root):
        sub = container[at]
        if "$ref" in sub and len(sub) == 1:
            continue
        uses.setdefault(_key(sub), []).append((container, at))
    best: tuple[int, str] | None = None
    for text, slots in uses.items():
        saving = (len(slots) - 1) * len(text) - len(slots) * 20
        if len(slots) > 1 and saving >= MIN_SAVING and (best is None or saving > best[0]):
            best = (saving, text)
    return (best[1], uses[best[1]]) if best else None


def share_definitions(schema: dict[str, Any], name: Callable[[int], str] = lambda n: f"d{n}") -> dict[str, Any]:
    """A copy of ``schema`` in which every repeated sub-schema is defined once under ``$defs``."""
    root = copy.deepcopy(schema)
    defs: dict[str, Any] = root.setdefault("$defs", {})
    n = 0
    while (found := _best_repeat(root)) is not None:
        text, slots = found
        n += 1
        while name(n) in defs:
            n += 1
        defs[name(n)] = json.loads(text)
        for container, at in slots:
            container[at] = {"$ref": f"#/$defs/{name(n)}"}
    if not defs:
        del root["$defs"]
    return root


# Limits this large (200 slides, 500 rows, a 300-character title) do not shape a good answer; the command
# still enforces them and says so if one is hit.
_SLACK_LIMITS = ("maxLength", "maxItems", "maxProperties")
_SLACK_AT = 200


def _discriminated(schema: dict[str, Any]) -> list[dict[str, Any]] | None:
    """The ``then`` branches when ``allOf`` is a list of ``if {K: const V} then {…K: const V…}`` cases."""
    cases = schema.get("allOf")
    if not isinstance(cases, list) or not cases:
        return None
    out = []
    for case in cases:
        if not isinstance(case, dict) or set(case) != {"if", "then"}:
            return None
        cond, then = case["if"], case["then"]
        props = cond.get("properties") if isinstance(cond, dict) else None
        if not isinstance(props, dict) or len(props) != 1 or set(cond) - {"properties", "required"}:
            return None
        (key, test), = props.items()
        if not isinstance(then, dict) or (then.get("properties") or {}).get(key) != test \
                or key not in (then.get("required") or ()):
            return None
        out.append(then)
    return out


def simplify(schema: Any) -> Any:
    """The same shapes said shorter: ``if/then`` cases on one discriminator become ``anyOf``, and limits no
    answer comes near (``maxLength`` 100000…) are left to the command's own check."""
    if isinstance(schema, list):
        return [simplify(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: simplify(v) for k, v in schema.items()
           if not (k in _SLACK_LIMITS and isinstance(v, int) and v >= _SLACK_AT)}
    for name in ("anyOf", "oneOf"):
        cases = out.get(name)
        # every case of one type: say the type once, on the parent
        if isinstance(cases, list) and cases and all(isinstance(c, dict) for c in cases):
            kinds = {json.dumps(c.get("type")) for c in cases}
            if len(kinds) == 1 and "type" in cases[0] and out.get("type", cases[0]["type"]) == cases[0]["type"]:
                out["type"] = cases[0]["type"]
                out[name] = [{k: v for k, v in c.items() if k != "type"} for c in cases]
    thens = _discriminated(out)
    if thens is not None:
        del out["allOf"]
        out["anyOf"] = thens
        # the discriminator's enum and "required" at the top are implied by the cases
        keys = {k for t in thens for k in (t.get("properties") or {}) if k in (out.get("properties") or {})}
        if len(keys) == 1 and set(out.get("properties") or {}) == keys:
            del out["properties"]
            if out.get("required") == list(keys):
                del out["required"]
    return out


def lean(schema: dict[str, Any]) -> dict[str, Any]:
    """A command's argument schema simplified, repeats defined once; it accepts the same arguments."""
    return share_definitions(simplify(schema))


_GUARDS = {"additionalProperties": False, "minLength": 1, "minItems": 1, "minProperties": 1}


def without_guards(schema: Any) -> Any:
    """``schema`` without the guards that only refuse: no unknown keys, no empty string, list or object.

    They tell a model nothing it needs (it sends the properties it is shown, and something in each), yet
    they are a tenth of a skill agent's tool list. Only the model's copy drops them: every call is still
    validated against the command's full schema, which refuses an unknown key or an empty value by name."""
    if isinstance(schema, list):
        return [without_guards(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    return {k: without_guards(v) for k, v in schema.items()
            if not (k in _GUARDS and type(v) is type(_GUARDS[k]) and v == _GUARDS[k])}


def _hoist_required(out: dict[str, Any], cases: list[Any]) -> None:
    if not all(isinstance(c, dict) and isinstance(c.get("required"), list) for c in cases):
        return
    common = [k for k in cases[0]["required"] if all(k in c["required"] for c in cases)]
    if not common:
        return
    out["required"] = [*(out.get("required") or ()), *(k for k in common if k not in (out.get("required") or ()))]
    for case in cases:
        case["required"] = [k for k in case["required"] if k not in common]
        if not case["required"]:
            del case["required"]


def hoist_common(schema: Any) -> Any:
    """What every case of an ``anyOf``/``oneOf`` says alike is said once on the parent: a key each case
    requires (``op``, ``layout``), and a property each declares the same (each slide layout's ``title``
    and ``notes``). Moving a property is equivalent only while no case closes its properties, so then a
    case with ``additionalProperties`` keeps its properties as they are."""
    if isinstance(schema, list):
        return [hoist_common(s) for s in schema]
    if not isinstance(schema, dict):
        return schema
    out = {k: hoist_common(v) for k, v in schema.items()}
    for name in ("anyOf", "oneOf"):
        cases = out.get(name)
        if isinstance(cases, list) and len(cases) > 1:
            _hoist_required(out, cases)
        if not isinstance(cases, list) or len(cases) < 2 or not all(
                isinstance(c, dict) and isinstance(c.get("properties"), dict) and "additionalProperties" not in c
                and "patternProperties" not in c for c in cases):
            continue
        parent = out.get("properties") or {}
        first = cases[0]["properties"]
        common = [k for k in first if k not in parent
                  and all(k in c["properties"] and _key(c["properties"][k]) == _key(first[k]) for c in cases)]
        if not common or "additionalProperties" in out:
            continue
        out["properties"] = {**parent, **{k: first[k] for k in common}}
        for case in cases:
            case["properties"] = {k: v for k, v in case["properties"].items() if k not in common}
            if not case["properties"]:
                del case["properties"]
    return out


def for_model(schema: dict[str, Any]) -> dict[str, Any]:
    """What a model is shown of a command's argument schema: simplified, without refuse-only guards, shared
    properties said once, repeats defined once (the guards go first so that what is left is shared)."""
    result: dict[str, Any] = share_definitions(hoist_common(without_guards(simplify(schema))))
    return result


_SHARE_AT = 150  # characters: only sub-schemas at least this large are worth a cross-reference


def _paths(schema: Any, path: str) -> Iterator[tuple[str, Any, Any]]:
    """``(readable path, container, key)`` of every sub-schema, e.g. ``blocks[]`` for the item of blocks."""
    if not isinstance(schema, dict):
        return
    for name in ("properties", "$defs"):
        for prop, sub in (schema.get(name) or {}).items():
            if isinstance(sub, dict):
                here = f"{path}.{prop}" if path and name == "properties" else prop if name == "properties" \
                    else f"$defs.{prop}"
                yield here, schema[name], prop
                yield from _paths(sub, here)
    if isinstance(schema.get("items"), dict):
        yield f"{path}[]", schema, "items"
        yield from _paths(schema["items"], f"{path}[]")
    for name in _LIST_KEYS:
        for sub in schema.get(name) or ():
            if isinstance(sub, dict):
                yield from _paths(sub, path)


def _inline(schema: Any, defs: dict[str, Any]) -> Any:
    """``schema`` with local ``$ref``s replaced by what they point at (for comparing shapes)."""
    if isinstance(schema, list):
        return [_inline(s, defs) for s in schema]
    if not isinstance(schema, dict):
        return schema
    ref = schema.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/") and len(schema) == 1:
        return _inline(defs.get(ref[len("#/$defs/"):], {}), defs)
    return {k: _inline(v, defs) for k, v in schema.items()}


def share_across(tools: list[tuple[str, dict[str, Any]]]) -> list[dict[str, Any]]:
    """The tools' schemas where a large sub-schema already shown in an earlier tool is replaced by a
    reference to it in words ("same as docx_create: blocks[]"), so a request holds each shape once.
    Only the model's copy changes: each command still validates its own full schema."""
    seen: dict[str, str] = {}
    out: list[dict[str, Any]] = []
    for tool, schema in tools:
        mine = copy.deepcopy(schema)
        found: dict[str, str] = {}
        defs = copy.deepcopy(mine.get("$defs") or {})
        for path, container, at in list(_paths(mine, "")):
            sub = container[at]
            text = _key(_inline(sub, defs))
            if len(text) < _SHARE_AT:
                continue
            if text in seen:
                short = {"description": f"same as {seen[text]}"}
                if "type" in sub:
                    short["type"] = sub["type"]
                container[at] = short
            else:
                found.setdefault(text, f"{tool}: {path}")
        for text, where in found.items():
            seen.setdefault(text, where)
        out.append(_prune(mine))
    return out


def _prune(schema: dict[str, Any]) -> dict[str, Any]:
    """Drop ``$defs`` entries nothing points at any more."""
    defs = schema.get("$defs")
    while defs:
        text = _key(schema)
        unused = [name for name in defs if text.count(f'"#/$defs/{name}"') == 0]
        if not unused:
            break
        for name in unused:
            del defs[name]
    if defs == {}:
        del schema["$defs"]
    return schema
