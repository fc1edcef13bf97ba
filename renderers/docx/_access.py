"""What a screen reader gets from the DOCX view: the document's text through Qt's text interface.

:class:`~renderers.docx._flow.PageFlow` paints its pages itself, so Qt has no text to offer for it. Its
accessible interface answers with the body text of every section (one offset space over the
sections, a newline between them), the selection and the caret, and where a character is on screen,
as a read-only text view does: Orca reads it by line, word or character, and follows the selection.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import shiboken6
from PySide6.QtCore import QObject, QPoint, QRect
from PySide6.QtGui import QAccessible, QAccessibleInterface, QAccessibleTextInterface, QTextCursor, QTextDocument
from PySide6.QtWidgets import QAccessibleWidget, QWidget

if TYPE_CHECKING:
    from renderers.docx._select import Spot, TextSpan

__all__ = ["DocText", "install"]


class _Viewer(Protocol):
    """What the interface needs of the view (:class:`~renderers.docx._flow.PageFlow`)."""

    span: TextSpan

    def documents(self) -> list[QTextDocument]: ...
    def viewport(self) -> QWidget: ...
    def cursorRect(self, cursor: QTextCursor | int | None = None) -> QRect: ...
    def cursorForPosition(self, point: QPoint) -> QTextCursor: ...
    def ensure_visible(self, cursor: QTextCursor, margin: int = 24) -> None: ...
    def set_span(self, anchor: Spot, head: Spot) -> None: ...


class DocText:
    """The sections' text as one string, and its offsets as (section, position) and back."""

    def __init__(self, docs: list[QTextDocument]) -> None:
        self.docs = docs
        self.starts: list[int] = []
        pieces: list[str] = []
        at = 0
        for doc in docs:
            self.starts.append(at)
            pieces.append(doc.toPlainText())  # a character per position: offsets stay the document's
            at += len(pieces[-1]) + 1
        self.text = "\n".join(pieces)

    def spot(self, offset: int) -> Spot:
        offset = max(0, min(offset, len(self.text)))
        section = max(0, sum(1 for start in self.starts if start <= offset) - 1)
        return section, min(offset - self.starts[section] if self.starts else 0,
                            self.docs[section].characterCount() - 1 if self.docs else 0)

    def offset(self, spot: Spot) -> int:
        section, position = spot
        return self.starts[section] + position if section < len(self.starts) else 0


class _FlowAccessible(QAccessibleWidget, QAccessibleTextInterface):
    """The view as a read-only document: its name and description are the widget's own."""

    def __init__(self, view: _Viewer, widget: QWidget) -> None:
        QAccessibleWidget.__init__(self, widget, QAccessible.Role.Document)
        QAccessibleTextInterface.__init__(self)
        self._view = view
        self._cache: tuple[tuple[int, ...], DocText] | None = None

    def _doc(self) -> DocText:
        docs = self._view.documents()
        key = tuple(doc.characterCount() for doc in docs)
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, DocText(docs))
        return self._cache[1]

    def interface_cast(self, kind: QAccessible.InterfaceType) -> Any:
        # (the stubs say int; a VoidPtr is what the binding takes back as a C++ pointer)
        if kind == QAccessible.InterfaceType.TextInterface:
            # the C++ text interface this object also is (shiboken made one per wrapped base)
            return shiboken6.VoidPtr(shiboken6.getCppPointer(self)[1])
        # no other (a null pointer, as a VoidPtr: the binding crashes on None); QAccessibleWidget's
        # own answer comes back through the binding as a pointer to the wrong object
        return shiboken6.VoidPtr(0)

    def state(self) -> QAccessible.State:
        state = super().state()
        state.readOnly = True
        state.multiLine = True
        state.selectableText = True
        state.focusable = True
        return state

    def text(self, *args: Any) -> str:
        # one name for two C++ methods: text(kind) of the interface, text(start, end) of its text
        if len(args) == 1:
            return str(QAccessibleWidget.text(self, args[0]))
        start, end = int(args[0]), int(args[1])
        whole = self._doc().text
        return whole[max(0, start):len(whole) if end < 0 else end]

    def characterCount(self) -> int:
        return len(self._doc().text)

    def selectionCount(self) -> int:
        # PySide cannot hand the selection's ends back to C++ (selection's int* out-parameters), so a
        # reader asking over AT-SPI would get garbage offsets: it is told of none. The caret (the
        # selection's moving end) it does get, and the selection events.
        return 0

    def selection(self, index: int, *_out: object) -> tuple[int, int]:
        """The selection's ends as offsets (for Python callers and the selection event)."""
        # (from C++ the binding passes the values of the two int* it wants filled, and fills
        # neither: a reader over AT-SPI is told no selection, see selectionCount)
        if index != 0 or self._view.span.empty():
            return 0, 0
        doc = self._doc()
        ends = sorted((doc.offset(self._view.span.anchor), doc.offset(self._view.span.head)))
        return ends[0], ends[1]

    def addSelection(self, start: int, end: int) -> None:
        self.setSelection(0, start, end)

    def setSelection(self, index: int, start: int, end: int) -> None:
        doc = self._doc()
        self._view.set_span(doc.spot(start), doc.spot(end))

    def removeSelection(self, index: int) -> None:
        head = self._view.span.head
        self._view.set_span(head, head)

    def cursorPosition(self) -> int:
        return self._doc().offset(self._view.span.head)

    def setCursorPosition(self, position: int) -> None:
        spot = self._doc().spot(position)
        self._view.set_span(spot, spot)
        self._view.ensure_visible(self._cursor(spot))

    def _cursor(self, spot: Spot) -> QTextCursor:
        cursor = QTextCursor(self._view.documents()[spot[0]])
        cursor.setPosition(spot[1])
        return cursor

    def characterRect(self, offset: int) -> QRect:
        if not self._view.documents():
            return QRect()
        rect = self._view.cursorRect(self._cursor(self._doc().spot(offset)))
        return QRect(self._view.viewport().mapToGlobal(rect.topLeft()), rect.size())

    def offsetAtPoint(self, point: QPoint) -> int:
        if not self._view.documents():
            return -1
        cursor = self._view.cursorForPosition(self._view.viewport().mapFromGlobal(point))
        section = next((n for n, doc in enumerate(self._view.documents()) if doc is cursor.document()), 0)
        return self._doc().offset((section, cursor.position()))

    def scrollToSubstring(self, start: int, end: int) -> None:
        if self._view.documents():
            self._view.ensure_visible(self._cursor(self._doc().spot(start)))

    def attributes(self, offset: int, *_out: object) -> tuple[str, int, int]:
        return "", 0, self.characterCount()  # no attributes: the reader reads the words


_installed = False


def install(kind: type[QWidget]) -> None:
    """Answer Qt's accessibility queries for widgets of ``kind`` (once per process)."""
    global _installed
    if _installed:
        return
    _installed = True

    def factory(_key: str, obj: QObject) -> QAccessibleInterface | None:
        if not isinstance(obj, kind):
            return None
        interface = _FlowAccessible(obj, obj)  # type: ignore[arg-type]
        # Qt's cache deletes the interface with the widget; Python must not delete it first
        obj.__dict__["_accessible"] = interface
        return interface

    QAccessible.installFactory(factory)
