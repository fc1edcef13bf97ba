"""The phrasing table (tests/conversation/phrasings.py) through `mira task`, in-process: each request in a fresh
conversation whose folder holds the row's files; every file made or changed is opened with its library and
checked; a near miss writes nothing. A subset runs through the real `mira task` subprocess (slow)."""
from __future__ import annotations

import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import desktop.llm.offline._intents as intents

from . import fresh, phrasings
from ._files import make
from .conftest import Chat
from .phrasings import ALL, P

MIN_ROWS_PER_INTENT = 4


def _digest(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in folder.rglob("*") if p.is_file() and ".mira" not in p.parts}


@pytest.fixture(scope="module")
def home(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """One Mira home for the module's conversations, in memory when the machine has /dev/shm: a row is a fresh
    conversation either way, and the store's synchronous commits no longer wait for the disk."""
    shm = Path("/dev/shm")
    if shm.is_dir() and os.access(shm, os.W_OK):
        folder = Path(tempfile.mkdtemp(prefix="mira-phrasings-", dir=shm))
        yield folder
        shutil.rmtree(folder, ignore_errors=True)
    else:
        yield tmp_path_factory.mktemp("home")


@pytest.fixture
def chat(home: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Chat:
    monkeypatch.setenv("MIRA_HOME", str(home / "mira"))
    folder = Path(tempfile.mkdtemp(prefix="work-", dir=home))
    return Chat(folder, capsys)


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every file a row may need, built once."""
    from ._files import BUILDERS

    folder = tmp_path_factory.mktemp("files")
    make(folder, *BUILDERS)
    return folder


def _say(chat: Chat, text: str, attach: tuple[str, ...] = (), source: Path | None = None,
         monkeypatch: pytest.MonkeyPatch | None = None) -> dict[str, Any]:
    from desktop.agent import cli

    deny = text.startswith("!deny ")
    text = text.removeprefix("!deny ")
    argv = [text, "--workspace", str(chat.folder), "--json", *([] if deny else ["--yes"])]
    for name in attach:
        assert source is not None
        argv += ["--attach", str(source / name)]
    if chat.conversation:
        argv += ["--conversation", chat.conversation]
    if deny:
        assert monkeypatch is not None
        monkeypatch.setattr(sys, "stdin", io.StringIO("n\n"))
    chat.capsys.readouterr()
    cli.main(argv)
    out = chat.capsys.readouterr()
    report = json.loads(out.out)
    chat.conversation = chat.conversation or report["conversation_id"]
    return report


def _docx_texts(path: Path) -> list[str]:
    import docx

    return [p.text for p in docx.Document(str(path)).paragraphs]


def _pdf_pages(path: Path) -> list[str]:
    import fitz

    with fitz.open(path) as doc:
        return [page.get_text() for page in doc]


def _slides(path: Path) -> list[tuple[str, str]]:
    import pptx

    out = []
    for s in pptx.Presentation(str(path)).slides:
        title = s.shapes.title.text if s.shapes.title is not None else ""
        body = "\n".join(sh.text_frame.text for sh in s.shapes if sh.has_text_frame)
        out.append((title, body))
    return out


def _in_order(texts: list[str], pages: list[str]) -> bool:
    joined = "\n".join(pages)
    at = 0
    for t in texts:
        at = joined.find(t, at)
        if at < 0:
            return False
    return True


def check(row: P, report: dict[str, Any], folder: Path, before: dict[str, str]) -> None:
    """What the row's intent must have done to the files, opened with their libraries."""
    want, arts, message = row.want, report["artifacts"], report["message"]
    for words in want.get("says", ()):
        assert words in message, message
    for words in want.get("not_says", ()):
        assert words not in message, message
    if want.get("unchanged"):  # the request is understood and rightly refused: the reply says why
        assert arts == [] and _digest(folder) == before, f"it wrote: {arts}"
        return
    if row.intent is None or row.intent in ("inspect", "form_fields"):
        after = {k: v for k, v in _digest(folder).items() if k not in row.attach}
        assert arts == [] and after == before, f"a question or a near miss wrote: {arts}"
        if row.intent is None and not want.get("says"):
            assert report["outcome"] is None, f"{row.text!r} ran a skill: {message[:300]}"
        return
    assert arts, f"nothing was made: {message[:500]}"
    art = arts[-1]
    assert art["evidence"]["passed"] is True, art["evidence"]
    path = folder / art["path"]
    intent = row.intent
    if intent == "set_title" and want.get("slide_title"):
        n, title = want["slide_title"]
        assert _slides(path)[n - 1][0] == title and _slides(path)[0][0] == ("Kickoff" if n != 1 else title)
    elif intent in ("rename_sheet", "remove_sheet"):
        import openpyxl

        assert openpyxl.load_workbook(path).sheetnames == want["sheets"]
    elif intent in ("move_slide", "swap_slides", "duplicate_slide"):
        assert [t for t, _ in _slides(path)] == want["order"]
    elif intent == "rename_heading":
        old, new = want["renamed"]
        texts = _docx_texts(path)
        assert new in texts and old not in texts, texts
        assert any("2024-01-01" in t for t in texts)  # the body is as it was
    elif intent == "delete_section":
        texts = _docx_texts(path)
        assert not any(gone in t for gone in want["gone"] for t in texts) and want["kept"] in texts, texts
    elif intent == "delete_paragraph":
        texts = _docx_texts(path)
        assert not any(want["gone"] in t for t in texts) and "Service contract" in texts, texts
    elif intent == "set_notes":
        import pptx

        slide = pptx.Presentation(str(path)).slides[want["slide"] - 1]
        assert slide.has_notes_slide and slide.notes_slide.notes_text_frame.text == want["notes"]
    elif intent == "set_title":
        if path.suffix == ".pptx":
            assert _slides(path)[0][0] == want["title"]
        else:
            assert _docx_texts(path)[0] == want["title"]
    elif intent == "add_slide":
        title, body = _slides(path)[want.get("at", 0) - 1]
        assert title == want["title"]
        for b in want.get("bullets", ()):
            assert b in body
        assert len(_slides(path)) == (5 if row.files == phrasings.DECK else len(_slides(path)))
    elif intent == "remove_slide":
        titles = [t for t, _ in _slides(path)]
        assert want["gone"] not in titles and len(titles) == (3 if row.files == phrasings.DECK else len(titles))
    elif intent == "add_section":
        texts = _docx_texts(path)
        at = texts.index(want["heading"])
        rest = "\n".join(texts[at:])
        for item in want.get("items", ()):
            assert item in rest
        if want.get("text"):
            assert want["text"] in rest
    elif intent == "add_paragraph":
        texts = _docx_texts(path)
        at = next(i for i, t in enumerate(texts) if t == want["text"])
        if want.get("heading"):
            assert texts.index(want["heading"]) < at, texts
        else:
            assert at == len(texts) - 1, texts
        if want.get("before"):
            assert at < texts.index(want["before"]), texts
        if want.get("bullet"):
            import docx

            item = next(p for p in docx.Document(str(path)).paragraphs if p.text == want["text"])
            assert item.style.name.startswith("List") or item._p.pPr is not None and item._p.pPr.numPr is not None
    elif intent == "add_rows":
        import openpyxl

        book = openpyxl.load_workbook(path)
        sheet = book[want["sheet"]] if want.get("sheet") else book.worksheets[0]
        rows = [list(r) for r in sheet.iter_rows(values_only=True)]
        for r in want["rows"]:
            assert r in [x[:len(r)] for x in rows], rows
    elif intent == "add_chart":
        import openpyxl

        sheet = openpyxl.load_workbook(path)["Sales"]
        [chart] = sheet._charts
        assert chart.tagname == {"bar": "barChart", "line": "lineChart", "pie": "pieChart"}[want["chart"]]
        first, last = want["rows"]
        assert [s.val.numRef.f.replace("$", "") for s in chart.series] == [
            f"'Sales'!{c}{first}:{c}{last}" for c in want["series"]]
        categories = chart.series[0].cat.strRef or chart.series[0].cat.numRef
        assert categories.f.replace("$", "") == f"'Sales'!{want['categories']}{first}:{want['categories']}{last}"
    elif intent in ("set_cells", "add_total", "add_column"):
        import openpyxl

        book = openpyxl.load_workbook(path)
        for ref, value in want["cells"].items():
            sheet, _, cell = ref.partition("!")
            assert book[sheet][cell].value == value, (ref, book[sheet][cell].value)
        shown = openpyxl.load_workbook(path, data_only=True)  # the values a reader sees, computed on writing
        for ref, value in want.get("values", {}).items():
            sheet, _, cell = ref.partition("!")
            assert shown[sheet][cell].value == value, (ref, shown[sheet][cell].value)
    elif intent == "replace_text":
        text = "\n".join(_docx_texts(path))
        assert want.get("tracked") or want["replace"] in text
        if want.get("tracked"):
            from docx.oxml.ns import qn
            import docx

            body = docx.Document(str(path)).element.body
            assert any(want["find"] in "".join(t.text for t in d.iter(qn("w:delText"))) for d in body.iter(qn("w:del")))
            assert any(want["replace"] in "".join(t.text for t in d.iter(qn("w:t"))) for d in body.iter(qn("w:ins")))
        elif want.get("every"):
            assert want["find"] not in text
        if want.get("exact"):
            assert want["exact"] in text, text
    elif intent == "fill_form":
        import fitz

        with fitz.open(path) as doc:
            values = {w.field_name: w.field_value for w in doc[0].widgets()}
        for k, v in want["values"].items():
            assert values[k] == v, values
    elif intent in ("merge_pdf", "extract_pages", "delete_pages", "reorder_pages"):
        pages = _pdf_pages(path)
        assert len(pages) == want["pages"] and _in_order(want["texts"], pages), pages
        if want.get("out"):
            assert art["path"] == want["out"]
        if intent == "merge_pdf":
            assert set(before) <= set(_digest(folder)) and all(
                _digest(folder)[p] == before[p] for p in before), "merging changed an input"
    elif intent == "split_pdf":
        parts = [_pdf_pages(folder / a["path"]) for a in arts]
        assert [len(p) for p in parts] == [len(t) for t in want["parts"]]
        for pages, texts in zip(parts, want["parts"]):
            assert _in_order(texts, pages), pages
    elif intent == "rotate_pages":
        import fitz

        with fitz.open(path) as doc:
            for n, angle in want["rotation"].items():
                assert doc[n - 1].rotation % 360 == angle % 360
    elif intent == "create":
        kind = want["kind"]
        assert path.suffix == "." + kind
        if kind == "pptx":
            slides = _slides(path)
            if want.get("slide_titles"):
                assert [t for t, _ in slides] == want["slide_titles"]
            joined = "\n".join(t + "\n" + b for t, b in slides)
        elif kind == "docx":
            import docx

            d = docx.Document(str(path))
            joined = "\n".join([p.text for p in d.paragraphs] + [c.text for t in d.tables for r in t.rows for c in r.cells])
        elif kind == "pdf":
            joined = "\n".join(_pdf_pages(path))
        else:
            import openpyxl

            joined = "\n".join(str(v) for ws in openpyxl.load_workbook(path).worksheets
                               for r in ws.iter_rows(values_only=True) for v in r if v is not None)
        for t in want.get("texts", ()):
            assert t in joined, joined[:800]
    elif intent in ("undo", "restore"):
        assert _docx_texts(path)[0] == want["title_back"]
    elif intent == "recalc":
        assert path.suffix == ".xlsx"


def _needs(row: P) -> str | None:
    """Why the row cannot run here (a command this Mira does not have yet), or None."""
    from skills.runtime import all_commands

    command = intents.BY_ID[row.intent].command if row.intent in intents.BY_ID else ""
    if command.startswith("pdf_") and command not in all_commands():
        return f"{command} is not in this build"
    return None


def _id(row: P) -> str:
    return (row.intent or "none") + ":" + row.text[:50]


@pytest.mark.parametrize("row", ALL, ids=[_id(r) for r in ALL])
def test_phrasing(row: P, files: Path, chat: Chat, monkeypatch: pytest.MonkeyPatch) -> None:
    missing = _needs(row)
    if missing:
        # Routed to a command this branch does not have yet: the reply says so and writes nothing.
        before = _digest(_place(row, files, chat.folder))
        report = _say(chat, row.text, row.attach, files, monkeypatch)
        assert report["artifacts"] == [] and _digest(chat.folder) == before
        assert "cannot" in report["message"] or "还不能" in report["message"], report["message"]
        return
    _place(row, files, chat.folder)
    for earlier in row.before:
        _say(chat, earlier, (), files, monkeypatch)
    before = _digest(chat.folder)
    report = _say(chat, row.text, row.attach, files, monkeypatch)
    check(row, report, chat.folder, before)


def _place(row: P, files: Path, folder: Path) -> Path:
    for name in row.files:
        shutil.copy(files / name, folder / name)
    return folder


def test_the_table_covers_every_intent_in_both_languages_with_near_misses() -> None:
    def cjk(text: str) -> bool:
        return any("\u4e00" <= ch <= "\u9fff" for ch in text)

    assert len(ALL) >= 300
    for intent in intents.INTENTS:
        if intent.id in ("render", "export_pdf"):
            continue  # need LibreOffice: the slow rows below
        rows = [r for r in ALL if r.intent == intent.id]
        assert len(rows) >= MIN_ROWS_PER_INTENT, intent.id
        assert any(cjk(r.text) for r in rows) and any(not cjk(r.text) for r in rows), intent.id
    misses = [r for r in ALL if r.intent is None]
    assert len(misses) >= 30 and any(cjk(r.text) for r in misses)


def test_every_help_line_comes_from_the_table() -> None:
    from desktop.llm.offline._reply import help_text

    full = help_text(False)
    from desktop.translations import render_plain
    from skills.messages import msg

    for _ids, help_id in intents.help_lines():
        assert render_plain(msg(help_id), "en") in full
    assert {i.help for i in intents.INTENTS} <= {h for _, h in intents.help_lines()}


SLOW_ROWS = [
    P("can I get that as a PDF?", "export_pdf", ("notes.md",), {"texts": ["Sales grew"]},
      before=("Turn notes.md into a Word report",)),
    P("make it a PDF too", "export_pdf", ("notes.md",), {"texts": ["Sales grew"]},
      before=("Turn notes.md into slides",)),
    P("导出为PDF", "export_pdf", ("notes.md",), {"texts": ["Sales grew"]},
      before=("Turn notes.md into a Word report",)),
]


@pytest.mark.slow
@pytest.mark.parametrize("row", SLOW_ROWS, ids=[_id(r) for r in SLOW_ROWS])
def test_export_phrasings(row: P, files: Path, chat: Chat, monkeypatch: pytest.MonkeyPatch) -> None:
    from skills.runtime.soffice import soffice_path

    if soffice_path() is None:
        pytest.skip("LibreOffice is not installed")
    _place(row, files, chat.folder)
    for earlier in row.before:
        _say(chat, earlier, (), files, monkeypatch)
    report = _say(chat, row.text, row.attach, files, monkeypatch)
    [pdf] = [a for a in report["artifacts"] if a["kind"] == "pdf"]
    assert pdf["evidence"]["passed"] is True
    assert "Sales grew" in "".join(_pdf_pages(chat.folder / pdf["path"]))


# One row of each of these intents, in English and in Chinese by turns: the process is the same for every
# phrasing (the in-process rows above read each one), so more rows would only repeat its start-up.
_CLI_INTENTS = ("set_title", "add_slide", "remove_slide", "replace_text", "fill_form", "merge_pdf", "extract_pages",
                "inspect", "set_cells", None)


def _cjk(text: str) -> bool:
    return any("\u4e00" <= ch <= "\u9fff" for ch in text)


CLI_ROWS = [next(r for r in ALL if not r.before and not r.attach and r.intent == intent and _cjk(r.text) == bool(n % 2))
            for n, intent in enumerate(_CLI_INTENTS)]


@pytest.mark.slow
@pytest.mark.parametrize("row", CLI_ROWS, ids=[_id(r) for r in CLI_ROWS])
def test_phrasing_through_the_mira_task_command(row: P, files: Path, tmp_path: Path) -> None:
    """The same rows through the real `mira task` process (a sample: one process per row is slow)."""
    if _needs(row):
        pytest.skip(_needs(row))
    folder = tmp_path / "work"
    folder.mkdir()
    _place(row, files, folder)
    before = _digest(folder)
    env = {**os.environ, "MIRA_HOME": str(tmp_path / "home"), "QT_QPA_PLATFORM": "offscreen"}
    mira = Path(sys.executable).with_name("mira")
    done = subprocess.run([str(mira), "task", row.text, "--workspace", str(folder), "--yes",
                           "--json"], capture_output=True, text=True, env=env, timeout=120)
    report = json.loads(done.stdout)
    check(row, report, folder, before)


# -- the fresh set (tests/conversation/fresh.py): requests as people type them, not the table's own phrasings ----


@pytest.mark.parametrize("row", fresh.ALL, ids=[_id(r) for r in fresh.ALL])
def test_fresh_request(row: P, files: Path, chat: Chat, monkeypatch: pytest.MonkeyPatch) -> None:
    _place(row, files, chat.folder)
    for earlier in row.before:
        _say(chat, earlier, (), files, monkeypatch)
    before = _digest(chat.folder)
    report = _say(chat, row.text, row.attach, files, monkeypatch)
    check(row, report, chat.folder, before)


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
    def cjk(text: str) -> bool:
        return any("\u4e00" <= ch <= "\u9fff" for ch in text)

    rows = [*fresh.ALL, *fresh.EXPORT]
    assert len(rows) >= 200
    for intent in {i.id for i in intents.INTENTS} - {"render", "recalc", "rename_sheet", "remove_sheet", "move_slide"}:
        said = [r.text for r in rows if r.intent == intent]
        assert any(cjk(t) for t in said) and any(not cjk(t) for t in said), intent
    assert sum(1 for r in fresh.ALL if r.before) >= 30  # follow-ups in one conversation
    assert sum(1 for r in fresh.ALL if r.intent is None) >= 30
    assert not {r.text for r in rows} & {r.text for r in ALL}, "the fresh set repeats the table's own requests"


# Words inside a help line that qualify an example rather than being one ("*suggest changes* marks them")
_NOT_REQUESTS = {"suggest changes", "修订模式"}


def test_every_example_the_help_gives_is_understood() -> None:
    """The help is what a person copies from: its Chinese example "做一个名为入职培训的演示文稿，幻灯片为欢迎、工具和联系人"
    made nothing. A described file must be a row of the create table (which makes it and opens it), any other
    example must fit an intent, in both languages."""
    import re

    from desktop.translations import render_plain
    from skills.messages import MESSAGES, msg

    created = {p.text for p in phrasings.CREATE}
    for mid in (k for k in MESSAGES if k.startswith("help.")):
        for language in ("en", "zh_CN"):
            for example in re.findall(r"(?<!\*)\*(?!\*)([^*]+?)\*(?!\*)", render_plain(msg(mid), language)):
                if example in _NOT_REQUESTS:
                    continue
                if mid == "help.create":
                    assert example in created, f"{example!r}: the help's example is not in the create table"
                else:
                    assert intents.match_all(example), f"{example!r} ({mid}, {language}) fits no intent"
