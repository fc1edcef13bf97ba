"""A user's message reads as they sent it (no markdown), a long one folds; code in replies is highlighted."""
from __future__ import annotations

from PySide6.QtGui import QColor, QPalette, QTextCursor

from _helpers import assistant, find_link_point, make_view, row_height
from uchat import Message, Role


def test_a_users_markdown_is_shown_as_typed_not_as_a_heading(qtbot) -> None:  # type: ignore[no-untyped-def]
    text = "# Meeting notes\n\n- **Budget** review"
    view, _ = make_view(qtbot, [Message(id="u", role=Role.USER, text=text), assistant(1, text)])
    user_doc = view.engine.layout(view.message_at(0), view.viewport().width()).document
    reply_doc = view.engine.layout(view.message_at(1), view.viewport().width()).document
    assert user_doc is not None and reply_doc is not None
    assert user_doc.toPlainText().replace("\u2028", "\n") == text  # the # and ** are still there, as typed
    assert reply_doc.firstBlock().blockFormat().headingLevel() == 1  # a reply's markdown is still rendered
    assert user_doc.firstBlock().blockFormat().headingLevel() == 0
    big = QTextCursor(user_doc.firstBlock()).charFormat().font().pointSizeF()
    assert big <= view.engine.font.pointSizeF() + 0.01


def test_a_long_message_folds_with_show_more_and_show_less(qtbot) -> None:  # type: ignore[no-untyped-def]
    long = "\n".join(f"Line {i}: " + "words of a long pasted document " * 12 for i in range(42))
    assert len(long) > 16_000
    view, _ = make_view(qtbot, [Message(id="u", role=Role.USER, text=long)], size=(640, 2000))
    folded_h = row_height(view, 0)
    doc = view.engine.layout(view.message_at(0), view.viewport().width()).document
    assert doc is not None and "Show more" in doc.toPlainText() and "Line 30" not in doc.toPlainText()
    point = find_link_point(view, 0)
    assert point is not None
    from PySide6.QtCore import Qt

    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    qtbot.waitUntil(lambda: row_height(view, 0) > folded_h * 2, timeout=3000)
    doc = view.engine.layout(view.message_at(0), view.viewport().width()).document
    assert doc is not None and "Line 41" in doc.toPlainText() and "Show less" in doc.toPlainText()
    assert view.rendered_text(view.message_at(0)) == long  # Copy copies all of it, folded or not
    view.open_link("uchat-fold:u")
    qtbot.waitUntil(lambda: row_height(view, 0) == folded_h, timeout=3000)


def _dark() -> QPalette:
    pal = QPalette()
    for role, colour in ((QPalette.ColorRole.Window, "#202124"), (QPalette.ColorRole.Base, "#202124"),
                         (QPalette.ColorRole.Text, "#e8eaed"), (QPalette.ColorRole.WindowText, "#e8eaed")):
        pal.setColor(role, QColor(colour))
    return pal


def _keyword_colour(view) -> QColor:  # type: ignore[no-untyped-def]
    doc = view.engine.layout(view.message_at(0), view.viewport().width()).document
    found = doc.find("return")
    assert not found.isNull()
    return found.charFormat().foreground().color()


def test_code_blocks_in_replies_are_highlighted_for_light_and_dark(qtbot) -> None:  # type: ignore[no-untyped-def]
    view, _ = make_view(qtbot, [assistant(0, "```python\ndef total(xs):\n    return sum(xs)\n```")])
    light = _keyword_colour(view)
    text = view.engine.colors.text
    assert light.name() != text.name()  # the keyword has its own colour
    view.setPalette(_dark())
    qtbot.waitUntil(lambda: view.engine.colors.text.name() == "#e8eaed")
    dark = _keyword_colour(view)
    assert dark.name() != light.name() and dark.lightness() > 120  # readable on the dark background
