"""The spreadsheet grid does not trap Tab: it moves on to the next control; arrows move between cells."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication


def test_tab_leaves_the_grid(qtbot, show_preview, files) -> None:
    preview = show_preview(files["xlsx"])
    grid = preview.sheet_view().table
    grid.setFocus(Qt.FocusReason.TabFocusReason)
    qtbot.waitUntil(grid.hasFocus, timeout=3000)
    grid.setCurrentIndex(grid.model().index(0, 0))
    qtbot.keyClick(grid, Qt.Key.Key_Right)
    assert grid.currentIndex().column() == 1 and grid.hasFocus()  # arrows still walk the cells
    qtbot.keyClick(grid, Qt.Key.Key_Tab)
    qtbot.waitUntil(lambda: not grid.hasFocus(), timeout=3000)
    assert QApplication.focusWidget() is not None and QApplication.focusWidget() is not grid.viewport()
