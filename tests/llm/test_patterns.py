"""Patterns compiled on first use answer exactly as re.compile's."""
from __future__ import annotations

import re

from desktop.llm._patterns import later


def test_a_later_pattern_compiles_on_first_use_and_matches_like_re_compile() -> None:
    lazy = later(r"\bundo\b|撤销", re.IGNORECASE)
    assert lazy._compiled is None  # type: ignore[attr-defined]  # nothing compiled at import
    eager = re.compile(r"\bundo\b|撤销", re.IGNORECASE)
    for text in ("Please UNDO that", "撤销上一步", "undone", ""):
        assert bool(lazy.search(text)) == bool(eager.search(text))
    assert lazy._compiled is not None  # type: ignore[attr-defined]
    assert lazy.sub("*", "undo it, 撤销") == eager.sub("*", "undo it, 撤销")
    assert lazy.pattern == eager.pattern and lazy.flags == eager.flags


def test_a_bad_pattern_fails_where_it_is_used() -> None:
    broken = later(r"(unclosed")
    try:
        broken.search("x")
    except re.error:
        pass
    else:  # pragma: no cover - the assertion below explains
        raise AssertionError("an invalid pattern must raise re.error when used")
