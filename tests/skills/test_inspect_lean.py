"""`mira inspect` is a fresh process per file: what it loads is most of its cost (bench/bench_robust.py)."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import docx
import pytest

from skills.runtime.docx.read import count_words

# Loaded only where they are needed: an error reply (codec), a worker started from a thread
# (futures, and with them logging), a workspace (its hashing).
NOT_IN_THE_COMMAND = ("logging", "concurrent.futures", "skills.codec", "skills.runtime.workspace", "hashlib")

_PROBE = """
import json, sys
from desktop.cli import main
code = main(["inspect", sys.argv[1]])
print(json.dumps({"code": code, "loaded": [m for m in sys.argv[2:] if m in sys.modules]}))
"""


def test_the_command_process_loads_nothing_a_docx_outline_does_not_need(tmp_path: Path) -> None:
    memo = tmp_path / "memo.docx"
    d = docx.Document()
    d.add_heading("Quarterly report", 1)
    d.add_table(rows=2, cols=2).cell(0, 0).text = "Region"
    d.save(str(memo))
    env = dict(os.environ, LANG="C.UTF-8", LC_ALL="C.UTF-8", MIRA_HOME=str(tmp_path / "home"))
    proc = subprocess.run([sys.executable, "-c", _PROBE, str(memo), *NOT_IN_THE_COMMAND],
                          capture_output=True, text=True, timeout=60, env=env)
    assert proc.returncode == 0, proc.stderr
    *outline, last = proc.stdout.strip().splitlines()
    report = json.loads(last)
    assert report["code"] == 0 and "- Quarterly report" in outline
    assert report["loaded"] == [], report["loaded"]


_CJK = re.compile(r"[\u2e80-\u9fff\uac00-\ud7af\uff00-\uffef]")
_WORD = re.compile(r"[^\W\u2e80-\u9fff\uac00-\ud7af]+")


@pytest.mark.parametrize("text", ["Quarterly report, 2026: 42 items_total!", "a-b c\td\n", "", "   ",
                                  "概述 overview 한국어 ok", "café naïve", "x\u00a0y", "ＡＢＣ full width"])
def test_words_are_counted_the_same_on_the_ascii_path(text: str) -> None:
    """ASCII text takes a pattern that compiles at once; the count is the Unicode patterns' count."""
    assert count_words(text) == len(_CJK.findall(text)) + len(_WORD.findall(text))
