"""What a screen reader hears for each control of a window, read through Qt's accessibility interfaces
(the same objects the AT-SPI bridge serves), for the accessibility tests."""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import QAbstractButton, QAbstractSpinBox, QTabBar, QWidget


def controls(root: QWidget) -> list[QWidget]:
    """Everything under ``root`` (shown) that a user operates: what takes Tab focus, and every button
    (some are reached by pointer, the menu key or a screen reader only, never by Tab)."""
    found = []
    for w in (root, *root.findChildren(QWidget)):
        if w is not root and not w.isVisibleTo(root):
            continue
        if isinstance(w.parentWidget(), QAbstractSpinBox):
            continue  # Qt serves a spin box as one object: its inner line edit is not a separate control
        if w.focusPolicy() & Qt.FocusPolicy.TabFocus or isinstance(w, QAbstractButton):
            found.append(w)
    return found


def spoken(w: QWidget) -> tuple[str, str]:
    """(name, description) as the accessibility interface gives them."""
    iface = QAccessible.queryAccessibleInterface(w)
    assert iface is not None, f"{type(w).__name__} has no accessible interface"
    return iface.text(QAccessible.Text.Name), iface.text(QAccessible.Text.Description)


def heard(w: QWidget) -> list[tuple[str, str]]:
    """(name, description) of a control; of each tab for a tab bar, which Qt serves as a list named
    after its current tab, each tab described by its tool tip."""
    if isinstance(w, QTabBar):
        iface = QAccessible.queryAccessibleInterface(w)
        return [(iface.child(i).text(QAccessible.Text.Name), iface.child(i).text(QAccessible.Text.Description))
                for i in range(w.count())]
    return [spoken(w)]


def unnamed(root: QWidget) -> list[str]:
    """Controls without a name or without a description, for a readable assertion message."""
    out = []
    for w in controls(root):
        for name, description in heard(w):
            if not name.strip() or not description.strip():
                out.append(f"{type(w).__name__} ({w.objectName() or type(w.parentWidget()).__name__}): "
                           f"name={name!r} description={description!r}")
    return out
