"""What a screen reader really gets: the running app under Xvfb, its tree read over AT-SPI (the Linux
accessibility bus Orca uses) by scripts/a11y_tree.py, in a private D-Bus session."""
from __future__ import annotations

import json
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
SYSTEM_PYTHON = "/usr/bin/python3"  # pyatspi is Debian's python3-pyatspi, for the system Python


def _missing() -> str:
    for tool in ("Xvfb", "dbus-run-session"):
        if shutil.which(tool) is None:
            return f"{tool} is not installed"
    if not Path("/usr/libexec/at-spi-bus-launcher").exists():
        return "at-spi2-core is not installed"
    probe = subprocess.run([SYSTEM_PYTHON, "-c", "import pyatspi"], capture_output=True) \
        if Path(SYSTEM_PYTHON).exists() else None
    if probe is None or probe.returncode != 0:
        return "python3-pyatspi is not installed"
    return ""


def _tree(tmp_path: Path, *options: str) -> dict[str, Any]:
    """What scripts/a11y_tree.py reads over AT-SPI with ``options`` (skipped without the tools)."""
    missing = _missing()
    if missing:
        pytest.skip(missing)
    out = tmp_path / "tree.json"
    proc = subprocess.run([SYSTEM_PYTHON, str(ROOT / "scripts" / "a11y_tree.py"), "--json", *options, "--out", str(out),
                           "--app-python", sys.executable], capture_output=True, text=True, timeout=110)
    assert proc.returncode == 0, proc.stderr[-3000:]
    tree: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return tree


def _walk(node: dict[str, Any]) -> Iterator[dict[str, Any]]:
    yield node
    for child in node["children"]:
        yield from _walk(child)


@pytest.mark.slow
@pytest.mark.atspi
def test_a_screen_reader_hears_the_messages_the_cards_the_buttons_and_what_happens(tmp_path: Path) -> None:
    tree = _tree(tmp_path, "--events", "60")  # until the follow-up is answered: the most it may take
    assert tree["role"] == "application" and tree["name"] == "Mira"
    lists = [n for n in _walk(tree) if n["role"] == "list" and n["name"] == "Conversation"]
    assert len(lists) == 1
    items = lists[0]["children"]
    assert len(items) >= 2 and {n["role"] for n in items} == {"list item"}
    assert items[0]["name"].startswith("You: Turn this into a Word document:")
    assert "Listen to every message" in items[0]["name"] and items[0]["description"] == "Your message"
    assert items[0]["focused"]  # the keyboard is on the first message, and the reader knows it
    # the approval card sits inside its message, with its buttons named and described
    cards = [c for item in items for c in item["children"] if c["role"] == "panel"]
    assert cards and cards[0]["name"].startswith("Create ")
    approve = [n for n in _walk(cards[0]) if n["role"] == "push button" and n["name"] == "Approve"]
    assert approve and approve[0]["description"].startswith("Let Mira do this")
    # the search field's clear button is named
    search = next(n for n in _walk(tree) if n["role"] == "text" and n["name"] == "Search conversations")
    assert [(c["role"], c["name"]) for c in search["children"]] == [("push button", "Clear search")]
    # every button anywhere in the window has a name
    assert [n for n in _walk(tree) if n["role"] == "push button" and not n["name"]] == []
    # then the keyboard moves to the next message and a follow-up is answered: what the reader is told
    events = [(e["type"], e["role"], e["name"]) for e in tree["events"]]
    second = items[1]["name"]
    assert ("focus:", "list item", second) in events or \
        ("object:state-changed:focused", "list item", second) in events, events
    added = [e["data"] for e in tree["events"] if e["type"] == "object:children-changed:add" and e["name"] == "Conversation"]
    assert "You: Thanks!" in added, events
    spoken = [e["data"] for e in tree["events"] if e["type"] == "object:announcement"]
    assert len(spoken) == 1 and spoken[0].startswith("Assistant: "), events  # the finished reply, read once


@pytest.mark.slow
@pytest.mark.atspi
def test_a_screen_reader_reads_the_docx_pages_text(tmp_path: Path) -> None:
    """The DOCX view paints its pages: its text reaches the reader through the view's text interface."""
    import docx

    document = docx.Document()
    document.add_heading("Reader check", 1)
    document.add_paragraph("Alpha bravo charlie delta echo foxtrot.")
    document.add_page_break()
    document.add_paragraph("Second page golf hotel.")
    path = tmp_path / "reader.docx"
    document.save(str(path))
    tree = _tree(tmp_path, "--preview", str(path))
    pages = [n for n in _walk(tree) if n["role"] == "document frame"]
    assert len(pages) == 1 and pages[0]["name"] == "Document text"
    text = pages[0]["text"]
    for paragraph in ("Reader check", "Alpha bravo charlie delta echo foxtrot.", "Second page golf hotel."):
        assert paragraph in text  # both pages, read as the file has them
    # the preview selected the first word: the reader's caret is at its end
    assert pages[0]["caret"] == text.index("Reader check") + len("Reader")
