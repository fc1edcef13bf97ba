"""A two-turn conversation in the real window: create → follow-up edit (approval says what it replaces) →
v2 card with "changed: …" → Compare with v1 (side by side, the change highlighted) → Restore v1 (approved
like any write) → v3; then "Show folder" and deleting the conversation with its folder kept."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.ui._flow import TIMEOUT, button, click, refs, send, wait_idle

NOTES = "# Launch plan\n\nThe review is on September 15.\n\n## Goals\n\n- Ship version one\n- Win early users\n"


def _approve_next(window, qtbot, kind: str, seen: int):  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: len(refs(window, f"approval/{kind}")) > seen, timeout=TIMEOUT)
    ref = refs(window, f"approval/{kind}")[-1]
    qtbot.waitUntil(lambda: bool(window.host.live_cards(ref.artifact_id)), timeout=TIMEOUT)
    wait_idle(window, qtbot)
    card = window.host.live_cards(ref.artifact_id)[-1]
    summary = window.host.view_for(ref).approval.summary
    click(qtbot, button(card, "Approve"))
    return summary


def _latest_card(window, qtbot, kind: str, count: int):  # type: ignore[no-untyped-def]
    qtbot.waitUntil(lambda: len([r for r in refs(window, kind) if r.kind == kind]) >= count, timeout=TIMEOUT)
    wait_idle(window, qtbot)
    ref = [r for r in refs(window, kind) if r.kind == kind][-1]
    qtbot.waitUntil(lambda: bool(window.host.live_cards(ref.artifact_id)), timeout=TIMEOUT)
    return ref, window.host.live_cards(ref.artifact_id)[-1]


def test_docx_versions_in_the_window(make_window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    import docx

    notes = tmp_path / "notes.md"
    notes.write_text(NOTES, encoding="utf-8")
    window = make_window()
    send(window, qtbot, "Turn notes.md into a Word report", [str(notes)])
    _approve_next(window, qtbot, "docx", 0)
    ref1, card1 = _latest_card(window, qtbot, "docx", 1)
    path = window.host.view_for(ref1).path
    assert path is not None and path.parent.name == "Notes"  # named from the title, "Notes (DOCX)"
    assert card1.version_row.isVisible() and card1.version_row.badge.text() == "v1"
    assert not card1.version_row.compare_button.isVisible()

    send(window, qtbot, 'Change "September 15" to "September 22"')
    summary = _approve_next(window, qtbot, "docx", 1)
    assert f"Replaces the existing {path.name} (v1)." in summary
    ref2, card2 = _latest_card(window, qtbot, "docx", 2)
    row = card2.version_row
    assert row.badge.text() == "v2" and "September 15" in row.change_label.text()
    assert "September 22" in "\n".join(p.text for p in docx.Document(path).paragraphs)

    click(qtbot, button(card2, "Compare with v1"))
    dialog = window.host.last_compare
    assert dialog is not None and dialog.isVisible()
    from renderers.qt_versions import CompareView

    view = dialog.findChild(CompareView)
    changed = view.rows_of("changed")
    assert any("September 15" in left and "September 22" in right for left, right in changed)
    assert view.table.horizontalHeaderItem(0).text() == "v1"
    dialog.close()

    click(qtbot, button(card2, "Restore v1"))
    _approve_next(window, qtbot, "docx", 2)
    ref3, card3 = _latest_card(window, qtbot, "docx", 3)
    assert card3.version_row.badge.text() == "v3"
    assert "September 15" in "\n".join(p.text for p in docx.Document(path).paragraphs)

    opened: list[Path] = []
    window.folder_actions.open_folder = lambda folder: opened.append(folder) or True
    window._run(window.folder_actions.show_folder())
    qtbot.waitUntil(lambda: bool(opened), timeout=TIMEOUT)
    assert opened == [path.parent]

    asked: list[str] = []
    window.folder_actions.ask_keep = lambda _w, title, folder, chosen: asked.append(folder) or True
    conv_id = window.controller.current_id
    window.sidebar.confirm_delete = lambda *_a: True
    window.sidebar.select(conv_id)
    window.sidebar.delete_current()
    qtbot.waitUntil(lambda: conv_id not in window.sidebar.ids(), timeout=TIMEOUT)
    assert asked == [str(path.parent)] and path.exists()  # asked, and the folder with its files was kept


def test_work_in_a_chosen_folder_uses_its_files(make_window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    chosen = tmp_path / "my project"
    chosen.mkdir()
    (chosen / "notes.md").write_text(NOTES, encoding="utf-8")  # there before the first request
    window = make_window()
    window.folder_actions.pick_folder = lambda _parent, _start: str(chosen)
    done = window._run(window.folder_actions.work_in_folder())
    qtbot.waitUntil(done.done, timeout=TIMEOUT)
    assert done.result() == chosen.resolve()
    send(window, qtbot, "Turn notes.md into slides")
    _approve_next(window, qtbot, "pptx", 0)
    ref, _card = _latest_card(window, qtbot, "pptx", 1)
    made = window.host.view_for(ref).path
    assert made is not None and made.parent == chosen.resolve() and made.suffix == ".pptx"
    if not made.exists():
        pytest.fail("the deck was not written into the chosen folder")


FOLLOW_UPS = {
    "pptx": ("notes.md", NOTES, "Turn notes.md into slides", "add a slide titled Risks with bullets: Budget, Timeline",
             "Risks"),
    "xlsx": ("fruit.csv", "Fruit,Boxes\napple,10\npear,7\n", "Turn fruit.csv into an Excel workbook",
             "add a row: kiwi,4", "kiwi"),
    "pdf": ("notes.md", NOTES, "Turn notes.md into a PDF", "add a section titled Risks with text: Budget is tight.",
            "Budget is tight."),
}


@pytest.mark.parametrize("kind", list(FOLLOW_UPS))
def test_follow_up_compare_and_restore_in_the_window(kind: str, make_window, qtbot,  # type: ignore[no-untyped-def]
                                                      tmp_path: Path) -> None:
    name, content, create, follow, added = FOLLOW_UPS[kind]
    source = tmp_path / name
    source.write_text(content, encoding="utf-8")
    window = make_window()
    send(window, qtbot, create, [str(source)])
    _approve_next(window, qtbot, kind, 0)
    ref1, _card1 = _latest_card(window, qtbot, kind, 1)
    path = window.host.view_for(ref1).path
    v1 = path.read_bytes()
    send(window, qtbot, follow)
    _approve_next(window, qtbot, kind, 1)
    _ref2, card2 = _latest_card(window, qtbot, kind, 2)
    assert card2.version_row.badge.text() == "v2" and path.read_bytes() != v1
    click(qtbot, button(card2, "Compare with v1"))
    from renderers.qt_versions import CompareView

    view = window.host.last_compare.findChild(CompareView)
    assert any(added in right for _left, right in view.rows_of("added")), view.rows_of("added")
    if kind != "xlsx":  # drawn side by side too: the added slide or the changed page is framed
        qtbot.waitUntil(view.pictures.done, timeout=TIMEOUT)
        assert view.pictures.changed_rows(), view.pictures.pictures
    else:
        assert any(k == "added" for k in view.pictures.marked.values())
    window.host.last_compare.close()
    click(qtbot, button(card2, "Restore v1"))
    _approve_next(window, qtbot, kind, 2)
    _ref3, card3 = _latest_card(window, qtbot, kind, 3)
    assert card3.version_row.badge.text() == "v3" and path.read_bytes() == v1


def test_versions_made_on_the_command_line_show_in_the_window_after_a_restart(
        make_window, qtbot, home: Path, capsys: pytest.CaptureFixture[str]) -> None:  # type: ignore[no-untyped-def]
    import json

    from desktop.agent import cli

    folder = home / "work"
    folder.mkdir()
    (folder / "notes.md").write_text(NOTES, encoding="utf-8")
    from concurrent.futures import ThreadPoolExecutor

    def mira_task(*argv: str) -> int:  # another process in real life; a thread without the window's loop here
        with ThreadPoolExecutor(1) as pool:
            return pool.submit(cli.main, list(argv)).result(timeout=120)

    assert mira_task("Turn notes.md into a Word report", "--workspace", str(folder), "--yes", "--json") == 0
    conv_id = json.loads(capsys.readouterr().out)["conversation_id"]
    assert mira_task('Change "September 15" to "September 22"', "--workspace", str(folder), "--conversation",
                     conv_id, "--yes", "--json") == 0
    window = make_window()
    window._run(window.open_conversation(conv_id))
    ref, card = _latest_card(window, qtbot, "docx", 2)
    assert card.version_row.badge.text() == "v2" and "September 22" in card.version_row.change_label.text()
    click(qtbot, button(card, "Compare with v1"))
    from renderers.qt_versions import CompareView

    view = window.host.last_compare.findChild(CompareView)
    assert any("September 15" in left and "September 22" in right for left, right in view.rows_of("changed"))
    window.host.last_compare.close()
