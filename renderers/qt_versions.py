"""The version row of an artifact card ("v2 · changed: …", Compare with v1, Restore v1) and the compare view
that shows two versions side by side with their differences highlighted: drawn (slides as pictures, pages as
pages, a workbook's cells as a grid, see :mod:`renderers.qt_compare_pictures`) and as text, one row per
paragraph, line, slide or cell."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSizePolicy,
    QTabWidget,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from renderers import _colors as colors
from renderers._api import ArtifactView
from renderers._i18n import tr, tr_msg, track
from renderers.compare import Comparison, compare_files
from renderers.errors import CompareError
from skills.api import said_item

# Row highlight per difference kind: (light, dark) backgrounds.
_HIGHLIGHT = {"changed": ("#fff4c2", "#5a4a12"), "added": ("#dcf5dc", "#1f4d2a"), "removed": ("#fbdada", "#5c2326")}


class VersionBar(QWidget):
    """Hidden for a file with one version; otherwise its version badge, what changed, and two actions."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._view: ArtifactView | None = None
        self._host: Any = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        top = QHBoxLayout()
        top.setSpacing(8)
        self.badge = QLabel()
        self.badge.setObjectName("VersionBadge")
        # As wide as its text: alone on the row (no "changed:" line for v1) it must not stretch across the card.
        self.badge.setSizePolicy(QSizePolicy.Policy.Maximum, QSizePolicy.Policy.Fixed)
        self.change_label = QLabel()
        self.change_label.setWordWrap(True)
        top.addWidget(self.badge, 0, Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        top.addWidget(self.change_label, 1)
        layout.addLayout(top)
        actions = QHBoxLayout()
        actions.setSpacing(6)
        self.compare_button = QPushButton()
        self.restore_button = QPushButton()
        self.compare_button.clicked.connect(self._compare)
        self.restore_button.clicked.connect(self._restore)
        actions.addWidget(self.compare_button)
        actions.addWidget(self.restore_button)
        actions.addStretch(1)
        layout.addLayout(actions)
        self.setVisible(False)

    def show_view(self, view: ArtifactView, host: Any) -> None:
        self._view, self._host = view, host
        shown = view.version >= 1 and view.status == "written"
        self.setVisible(shown)
        if not shown:
            return
        earlier = view.version - 1
        accent = colors.status("ok") if view.version == 1 else colors.status("warn")
        self.badge.setText(f"v{view.version}")
        self.badge.setStyleSheet(f"QLabel#VersionBadge {{ color: {accent}; border: 1px solid {accent}; "
                                 "border-radius: 9px; padding: 1px 7px; font-weight: 600; }")
        self.change_label.setText(tr("changed: {change}", change=view.change) if view.change and earlier else "")
        self.change_label.setVisible(bool(view.change and earlier))
        can = earlier >= 1
        self.compare_button.setText(tr("Compare with v{version}", version=earlier))
        self.restore_button.setText(tr("Restore v{version}", version=earlier))
        name = view.title or (view.path.name if view.path else view.workspace_path)
        for button, description in (
                (self.compare_button, tr("Show {name} next to version {version}, differences marked",
                                         name=name, version=earlier)),
                (self.restore_button, tr("Make version {version} of {name} the current one again",
                                         name=name, version=earlier))):
            button.setAccessibleName(button.text())
            button.setAccessibleDescription(description)
        self.compare_button.setVisible(can and callable(getattr(host, "compare_versions", None)))
        self.restore_button.setVisible(can and callable(getattr(host, "restore_version", None)))

    def _compare(self) -> None:
        if self._view is not None:
            self._host.compare_versions(self._view, self._view.version - 1)

    def _restore(self) -> None:
        if self._view is not None:
            self._host.restore_version(self._view, self._view.version - 1)


class CompareView(QWidget):
    """Two versions side by side: drawn (the first tab) and as text, one row per paragraph / line / slide / cell
    (the second); differences highlighted in both."""

    def __init__(self, left: Path, right: Path, kind: str, left_label: str, right_label: str,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("CompareView")
        self.labels = (left_label, right_label)
        self.kind = kind
        layout = QVBoxLayout(self)
        self.summary = QLabel()
        self.summary.setWordWrap(True)
        layout.addWidget(self.summary)
        self.table = QTableWidget(0, 2, self)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.setWordWrap(True)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.tabs = QTabWidget(self)
        layout.addWidget(self.tabs, 1)
        self.comparison: Comparison | None = None
        self.error = ""
        try:
            self.comparison = compare_files(left, right, kind)
        except CompareError as exc:
            self.error = str(exc)
        from renderers.qt_compare_pictures import side_by_side

        self.pictures = side_by_side(left, right, kind, self.comparison, self.labels, self) if not self.error else None
        if self.pictures is not None:
            self.tabs.addTab(self.pictures, "")
        self.tabs.addTab(self.table, "")
        self._fill()
        track(self)

    def _fill(self) -> None:
        comp = self.comparison
        self.table.setRowCount(0 if comp is None else len(comp.rows))
        dark = colors.is_dark()
        for n, row in enumerate(comp.rows if comp else ()):
            for col, text in enumerate((row.left, row.right)):
                item = QTableWidgetItem(tr_msg(said_item(text, self.kind)) if text else text)
                item.setData(Qt.ItemDataRole.UserRole, row.kind)
                if row.kind != "same":
                    item.setBackground(QBrush(QColor(_HIGHLIGHT[row.kind][1 if dark else 0])))
                self.table.setItem(n, col, item)
        self.retranslate()

    def resizeEvent(self, event: Any) -> None:
        super().resizeEvent(event)
        # Once the columns have their real width: rows as tall as their wrapped text, first difference in view.
        QTimer.singleShot(0, self._fit_rows)

    def _fit_rows(self) -> None:
        self.table.resizeRowsToContents()
        items = (self.table.item(n, 0) for n in range(self.table.rowCount()))
        first = next((item for item in items if item is not None and item.data(Qt.ItemDataRole.UserRole) != "same"),
                     None)
        if first is not None:
            self.table.scrollToItem(first, QTableWidget.ScrollHint.PositionAtCenter)

    def retranslate(self) -> None:
        self.table.setHorizontalHeaderLabels(list(self.labels))
        if self.pictures is not None:
            self.tabs.setTabText(0, tr("Side by side"))
        self.tabs.setTabText(self.tabs.indexOf(self.table), tr("Text"))
        if self.error:
            self.summary.setText(self.error)
        elif self.comparison is not None:
            units = {"paragraph": tr("paragraphs"), "line": tr("lines"), "slide": tr("slides"), "cell": tr("cells")}
            self.summary.setText(tr("Differences: {changes} (compared by {unit}). Changed ones are yellow, added "
                                    "green, removed red.", changes=self.comparison.changes,
                                    unit=units[self.comparison.unit]))

    def rows_of(self, kind: str) -> list[tuple[str, str]]:
        """(left, right) text of every row of one kind (for tests and accessibility)."""
        out = []
        for n in range(self.table.rowCount()):
            left, right = self.table.item(n, 0), self.table.item(n, 1)
            if left is not None and left.data(Qt.ItemDataRole.UserRole) == kind:
                out.append((left.text(), right.text() if right else ""))
        return out
