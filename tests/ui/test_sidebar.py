"""The conversation sidebar: selection, in-place rename, confirmed delete, debounced search."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QWidget

from desktop.ui.sidebar import ConversationSidebar


def _sidebar(qtbot) -> ConversationSidebar:  # type: ignore[no-untyped-def]
    sidebar = ConversationSidebar()
    qtbot.addWidget(sidebar)
    sidebar.set_conversations([("a", "Quarterly report"), ("b", "Slides for Monday")])
    return sidebar


def test_selecting_a_row_emits_its_id_but_programmatic_select_does_not(qtbot) -> None:  # type: ignore[no-untyped-def]
    sidebar = _sidebar(qtbot)
    seen: list[str] = []
    sidebar.sig_selected.connect(seen.append)
    sidebar.select("b")
    assert sidebar.current_id() == "b" and seen == []
    with qtbot.waitSignal(sidebar.sig_selected) as blocker:
        sidebar.list.setCurrentRow(0)
    assert blocker.args == ["a"]


def test_rename_in_place_emits_the_new_title_and_empty_is_refused(qtbot) -> None:  # type: ignore[no-untyped-def]
    sidebar = _sidebar(qtbot)
    renamed: list[tuple[str, str]] = []
    sidebar.sig_rename.connect(lambda cid, title: renamed.append((cid, title)))
    sidebar.list.item(1).setText("Monday deck")
    assert renamed == [("b", "Monday deck")]
    sidebar.list.item(0).setText("   ")
    assert sidebar.list.item(0).text() == "Quarterly report"
    assert renamed == [("b", "Monday deck")]


def test_delete_asks_first_and_only_deletes_on_yes(qtbot) -> None:  # type: ignore[no-untyped-def]
    sidebar = _sidebar(qtbot)
    deleted: list[str] = []
    sidebar.sig_delete.connect(deleted.append)
    asked: list[str] = []
    answer = {"value": False}

    def confirm(_parent: QWidget, title: str) -> bool:
        asked.append(title)
        return answer["value"]

    sidebar.confirm_delete = confirm
    sidebar.select("a")
    sidebar.delete_current()
    assert asked == ["Quarterly report"] and deleted == []
    answer["value"] = True
    sidebar.list.setFocus()
    qtbot.keyClick(sidebar.list, Qt.Key.Key_Delete)
    assert deleted == ["a"]


def test_search_is_debounced_into_one_query(qtbot) -> None:  # type: ignore[no-untyped-def]
    sidebar = _sidebar(qtbot)
    queries: list[str] = []
    sidebar.sig_search.connect(queries.append)
    with qtbot.waitSignal(sidebar.sig_search, timeout=2000):
        qtbot.keyClicks(sidebar.search, "report")
    assert queries == ["report"]
    sidebar.set_conversations([])
    assert sidebar.empty_label.isVisibleTo(sidebar)
