"""Every sentence the offline planner says is one catalogue message rendered in the request's language: no
English/Chinese pair chosen inline (``"中文" if chinese else "English"``, a ``_t(en, zh)`` helper)."""
from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from desktop.translations import render_plain
from skills.messages import MESSAGES, msg

PLANNER = Path(__file__).resolve().parents[2] / "desktop" / "llm" / "offline"
# The cards' quick actions compose a request as the user would type it (the intents table's request_en /
# request_zh): a request, not a reply.
REQUESTS = {"_actions.py"}
_CJK = re.compile(r"[\u3400-\u9fff\uff00-\uffef]")


def _cjk_strings(node: ast.AST) -> list[str]:
    return [n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)
            and _CJK.search(n.value)]


@pytest.mark.parametrize("path", sorted(p for p in PLANNER.glob("*.py") if p.name not in REQUESTS), ids=lambda p: p.name)
def test_no_inline_english_chinese_pair(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    pairs = [ast.unparse(n)[:120] for n in ast.walk(tree) if isinstance(n, ast.IfExp)
             and (_cjk_strings(n.body) or _cjk_strings(n.orelse))]
    helpers = [ast.unparse(n)[:120] for n in ast.walk(tree) if isinstance(n, ast.Call)
               and isinstance(n.func, ast.Attribute) and n.func.attr == "_t"]
    assert not pairs and not helpers, pairs + helpers


def test_the_planner_messages_are_translated_and_chinese_replies_stay_chinese() -> None:
    ids = [k for k in MESSAGES if k.startswith("planner.")]
    assert len(ids) >= 60
    for id in ids:
        params = {"path": "a.docx", "request": "undo the last change to a.docx", "which": "last", "sections": ["Term"],
                  "name": "x", "find": "甲", "replace": "乙", "title": "t", "slide": 2, "to": 3,
                  "output": "b.pdf", "names": ["a.pdf", "b.pdf"], "folder": "f", "pages": ["1", "2"], "version": 1,
                  "current": 2, "fonts": ["F"], "files": ["`a`"], "last": "`b`", "wanted": 1, "have": ["v1"],
                  "reason": "r", "fields": ["Name"], "kind": "XLSX", "count": 3, "after": 1, "sheets": ["S"],
                  "text": "t", "page": 1, "most": 50, "n": 1, "source": "s", "what": "w", "problems": "p",
                  "rows": "r", "shown": "s", "lines": "l", "words": "w", "headings": ["h"], "start": "s",
                  "font": "f", "heading": "h", "cells": "B3 = 1", "cell": "B3", "value": "1", "at": 2, "a": 1, "b": 2, "made": "PDF", "others": ["deck"],
                  "row": 5, "columns": ["North", "South"], "sheet": "Sales", "header": "Margin", "column": "D"}
        template = MESSAGES[id]
        n = 2 if isinstance(template, tuple) else None
        zh = render_plain(msg(id, n, **params), "zh_CN")
        en = render_plain(msg(id, n, **params), "en")
        assert zh != en or not re.search(r"[A-Za-z]{3}", re.sub(r"\{\w+\}|Mira|PDF|Office|Word|Markdown|CSV|=SUM", "",
                                                                  template if isinstance(template, str) else template[1])), id
