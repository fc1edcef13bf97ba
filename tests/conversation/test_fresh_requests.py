"""Fresh requests (tests/conversation/fresh.py) through `mira task`, in-process and in one Mira home: each row a
conversation of its own (its earlier turns first), its files in the folder or attached; what it made is opened with
its library, a question's answer is read for what the file holds, a near miss writes nothing."""
from __future__ import annotations

from pathlib import Path

import pytest

from . import fresh
from .conftest import Chat
from .phrasings import P
from .test_phrasings import _digest, _id, _pdf_pages, _place, _say, check
from .test_phrasings import chat, files, home  # noqa: F401  (the shared home and files of the phrasing table)


def _run(row: P, files: Path, chat: Chat, monkeypatch: pytest.MonkeyPatch) -> dict:
    _place(row, files, chat.folder)
    for earlier in row.before:
        _say(chat, earlier, (), files, monkeypatch)
    before = _digest(chat.folder)
    report = _say(chat, row.text, row.attach, files, monkeypatch)
    check(row, report, chat.folder, before)
    return report


@pytest.mark.parametrize("row", fresh.ALL, ids=[_id(r) for r in fresh.ALL])
def test_fresh_request(row: P, files: Path, chat: Chat, monkeypatch: pytest.MonkeyPatch) -> None:
    _run(row, files, chat, monkeypatch)


@pytest.mark.slow
@pytest.mark.parametrize("row", fresh.EXPORT, ids=[_id(r) for r in fresh.EXPORT])
def test_fresh_export(row: P, files: Path, chat: Chat, monkeypatch: pytest.MonkeyPatch) -> None:
    from skills.runtime.soffice import soffice_path

    if soffice_path() is None:
        pytest.skip("LibreOffice is not installed")
    _place(row, files, chat.folder)
    for earlier in row.before:
        _say(chat, earlier, (), files, monkeypatch)
    report = _say(chat, row.text, row.attach, files, monkeypatch)
    [pdf] = [a for a in report["artifacts"] if a["kind"] == "pdf"]
    assert pdf["evidence"]["passed"] is True
    text = "".join(_pdf_pages(chat.folder / pdf["path"]))
    for words in row.want["texts"]:
        assert words in text


def test_the_fresh_set_is_large_and_covers_every_intent_in_both_languages() -> None:
    from desktop.llm import _offline_intents as intents

    def cjk(text: str) -> bool:
        return any("\u4e00" <= ch <= "\u9fff" for ch in text)

    assert len(fresh.ALL) + len(fresh.EXPORT) >= 200
    wanted = {i.id for i in intents.INTENTS} - {"render", "recalc", "rename_sheet", "remove_sheet", "move_slide"}
    for intent in wanted:
        rows = [r for r in [*fresh.ALL, *fresh.EXPORT] if r.intent == intent]
        assert rows, intent
        assert any(cjk(r.text) for r in rows) and any(not cjk(r.text) for r in rows), intent
    assert sum(1 for r in fresh.ALL if r.before) >= 30  # follow-ups in one conversation
    assert sum(1 for r in fresh.ALL if r.intent is None) >= 30
