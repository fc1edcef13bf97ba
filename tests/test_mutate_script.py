"""`make mutate` counts mutants inside type annotations apart: they change nothing at run time."""
from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

import pytest

_spec = importlib.util.spec_from_file_location("mutate", Path(__file__).parents[1] / "scripts" / "mutate.py")
assert _spec and _spec.loader
mutate = importlib.util.module_from_spec(_spec)
sys.modules.setdefault("mutate", mutate)
_spec.loader.exec_module(mutate)

SOURCE = """\
def f(a: int | None, *rest: str, key: bytes | str = b"", **kw: float) -> dict[str, int] | None:
    x: int | str = a or 1
    return {"v": (a or 0) | 2}
"""


def _is_annotation(line: int, col: int, end_col: int) -> bool:
    return mutate._inside((line, col), (line, end_col), mutate.annotation_spans(SOURCE))


def test_operators_in_annotations_are_found() -> None:
    line1 = SOURCE.splitlines()[0]
    for fragment in ("int | None", "bytes | str", "dict[str, int] | None", "str", "float"):
        col = line1.index(fragment)
        assert _is_annotation(1, col, col + len(fragment)), fragment
    col = SOURCE.splitlines()[1].index("int | str")
    assert _is_annotation(2, col, col + len("int | str"))


def test_operators_in_code_are_not_annotations() -> None:
    line2, line3 = SOURCE.splitlines()[1:3]
    col = line2.index("a or 1")
    assert not _is_annotation(2, col, col + len("a or 1"))
    col = line3.index("(a or 0) | 2")
    assert not _is_annotation(3, col, col + len("(a or 0) | 2"))
    col = SOURCE.splitlines()[0].index('b""')
    assert not _is_annotation(1, col, col + 3)  # a default value is code, not an annotation


def test_only_listed_code_and_operators_are_equivalent() -> None:
    ws = "skills/runtime/workspace.py"
    flags = "fd = os.open(parent, os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW)"
    assert mutate.equivalent(ws, "core/ReplaceBinaryOperator_BitOr_Add", flags) is not None
    assert mutate.equivalent(ws, "core/ReplaceBinaryOperator_BitOr_BitAnd", flags) is None  # drops flags
    assert mutate.equivalent(ws, "core/ReplaceBinaryOperator_BitOr_Add", "total = a | b") is None
    assert mutate.equivalent("skills/runtime/safety.py", "core/ReplaceBinaryOperator_BitOr_Add", flags) is None


def test_a_rule_added_later_reclassifies_only_matching_stored_survivors() -> None:
    ws = "skills/runtime/workspace.py"
    bad = "skills/runtime/workspace.py:52 `core/ReplaceBinaryOperator_BitOr_BitXor` (occurrence 0): " \
          "`_BAD_CHARS = set('<>:\"|?*') | {chr(c) for c in range(32)}`"
    real = "skills/runtime/workspace.py:52 `core/ReplaceBinaryOperator_BitOr_BitAnd` (occurrence 0): " \
           "`_BAD_CHARS = set('<>:\"|?*') | {chr(c) for c in range(32)}`"
    rec = {"module": ws, "survived": [bad, real], "equivalent": ["earlier"]}
    mutate._reclassify(rec)
    assert rec["survived"] == [real]
    assert rec["equivalent"][0] == "earlier" and rec["equivalent"][1].startswith(bad + " — the two sets are disjoint")


def _stored_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, source: str, survivor_line: str,
                sha: str | None) -> tuple[Any, str]:
    module = "pkg/guard.py"
    (tmp_path / "pkg").mkdir()
    (tmp_path / module).write_text(source, encoding="utf-8")
    where = mutate._where(module, 2, "core/ReplaceComparisonOperator_Gt_GtE", 0, survivor_line)
    rec: dict[str, Any] = {"name": "guard", "module": module, "total": 3, "annotation_only": 0, "equivalent": [], "killed": 2,
           "survived": [where], "minutes": 0.1, "ran": "then"}
    if sha is not None:
        rec["sha256"] = sha
    results = tmp_path / "mutation.json"
    results.write_text(json.dumps({module: rec}), encoding="utf-8")
    monkeypatch.setattr(mutate, "RESULTS", results)
    return mutate.Target("guard", module, ("tests/x.py",)), where


SRC = "def f(n):\n    return n > 3\n"


def test_a_stored_survivor_is_named_so_that_it_can_be_found_again() -> None:
    where = mutate._where("pkg/guard.py", 2, "core/ReplaceComparisonOperator_Gt_GtE", 4, "return `n` > 3")
    m = mutate._WHERE.match(where)
    assert m and (m["module"], m["line"], m["op"], m["occ"], m["text"]) == (
        "pkg/guard.py", "2", "core/ReplaceComparisonOperator_Gt_GtE", "4", "return `n` > 3")


def test_survivors_are_not_retested_on_a_module_changed_since_the_full_run(tmp_path: Path,
                                                                           monkeypatch: pytest.MonkeyPatch) -> None:
    target, _ = _stored_run(tmp_path, monkeypatch, SRC.replace("> 3", ">= 4"), "return n > 3", None)
    with pytest.raises(SystemExit, match=r"changed since its last full run \(pkg/guard.py:2 "):
        mutate.retest_survivors(target, tmp_path)  # an old record without a hash: the line's text is compared
    (tmp_path / "pkg" / "guard.py").unlink()
    (tmp_path / "pkg").rmdir()
    old_sha = hashlib.sha256(SRC.encode()).hexdigest()
    target, _ = _stored_run(tmp_path, monkeypatch, SRC + "# a comment\n", "return n > 3", old_sha)
    with pytest.raises(SystemExit, match="^pkg/guard.py changed since its last full run; run it in full$"):
        mutate.retest_survivors(target, tmp_path)  # same survivor line, but the module's bytes differ


def test_a_partial_run_is_rated_on_the_mutants_it_ran() -> None:
    rec = {"total": 100, "annotation_only": 20, "equivalent": ["e"] * 2, "killed": 45, "survived": ["s"] * 3,
           "pending": 30}
    assert mutate._behavioural(rec) == 48 and mutate._rate(rec) == 45 / 48
    del rec["pending"]
    assert mutate._behavioural(rec) == 78
