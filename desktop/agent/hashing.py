"""Canonical JSON and the input hash of a frozen invocation."""
from __future__ import annotations

import hashlib
import json
from typing import Any


def canonical_json(value: Any) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def input_hash(arguments: Any) -> str:
    """sha256 of the canonical JSON of the arguments (sort_keys, compact separators, no ASCII escaping)."""
    return hashlib.sha256(canonical_json(arguments).encode("utf-8")).hexdigest()
