"""The offline planner's words for a failed command or a stand-in font: the user's language, no command names."""
from __future__ import annotations

import json
from typing import Any

import pytest

from desktop.agent.outcome import failed, outcome_json
from desktop.llm.offline._summary import failure, other_font
from desktop.translations import render_plain
from skills.codec import to_json
from skills.messages import msg


def _t(chinese: bool):
    """How the planner says a catalogue message: rendered in the request's language."""
    def say(id: str, n: int | None = None, /, **params: Any) -> str:
        return render_plain(msg(id, n, **params), "zh_CN" if chinese else "en")
    return say


@pytest.mark.parametrize("res", [
    # the tool message as the model reads it now: the error is one message value, its English as "text"
    json.loads(json.dumps(outcome_json(failed(msg("problem.corrupt", name="a.pdf", kind="PDF"))))),
    # a transcript written before: an English error with its message twin beside it
    {"ok": False, "error": "pdf_replace_text: 'X' is not in the PDF as text",
     "error_msg": to_json(msg("problem.corrupt", name="a.pdf", kind="PDF"))},
])
def test_a_failure_is_said_in_the_request_language_without_the_command_name(res: dict[str, Any]) -> None:
    english, chinese = failure(res, False), failure(res, True)
    assert "a.pdf" in english and "corrupt" in english and "pdf_replace_text" not in english
    assert "a.pdf" in chinese and "corrupt" not in chinese and "pdf_replace_text" not in chinese
    # only English words known: a Chinese sentence, the skill's words as labelled details under it
    bare = failure({"ok": False, "error": "'X' is not in the PDF as text"}, True)
    first, _, details = bare.partition("\n")
    assert first and all(ord(ch) > 0x2E80 or not ch.isalpha() for ch in first), first
    assert "'X' is not in the PDF as text" in details


def test_a_stand_in_font_is_said_only_when_one_was_used() -> None:
    same = {"data": {"replacements": [{"page": 1, "font": "Helvetica", "drawn_in": "Helvetica"}]}}
    other = {"data": {"replacements": [{"page": 1, "font": "BAAAAA+NotoSansCJKjp", "drawn_in": "Droid Sans Fallback"}]}}
    assert other_font(same, _t(False)) == "" and other_font({}, _t(True)) == ""
    assert "drawn in Droid Sans Fallback" in other_font(other, _t(False))
    assert "改用 Droid Sans Fallback 显示" in other_font(other, _t(True))


def test_a_replacement_without_a_page_is_left_out_of_the_pages_said() -> None:
    # a result read back from a transcript may lack a field; the summary says what it knows, not a TypeError
    from desktop.llm.offline._summary import pdf_summary

    res = {"data": {"replacements": [{"page": 2, "font": "Helvetica", "drawn_in": "Helvetica"},
                                     {"font": "Helvetica", "drawn_in": "Helvetica"}]}}
    said = pdf_summary(_t(False), "pdf_replace_text", {"path": "a.pdf", "find": "X", "replace": "Y"}, res)
    assert "on page 2," in said and "None" not in said
    assert "a.pdf" in pdf_summary(_t(False), "pdf_replace_text", {"path": "a.pdf"}, {"data": None})
