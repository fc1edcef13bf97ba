"""ChatView: markdown rows, extension slots, scrolling, links, copy, keyboard, palette."""
from __future__ import annotations

from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QColor, QDesktopServices, QGuiApplication, QPalette

from _helpers import CardProvider, assistant, find_link_point, make_view, row_height
from uchat import ExtensionRef, Message, Role, Status


def test_none_slot_takes_no_space_and_a_widget_grows_the_row(qtbot) -> None:
    msgs = [
        assistant(0, "Same text"),
        assistant(1, "Same text", extensions=(ExtensionRef(message_id="m1", artifact_id="a1", kind="unknown"),)),
        assistant(2, "Same text", extensions=(ExtensionRef(message_id="m2", artifact_id="a2", kind="card"),)),
    ]
    view, _ = make_view(qtbot, msgs)
    provider = CardProvider()
    view.set_extension_provider(provider)
    view.sync()
    plain = row_height(view, 0)
    assert row_height(view, 1) == plain  # None: not even a gap
    card = provider.live[ExtensionRef(message_id="m2", artifact_id="a2", kind="card")]
    assert row_height(view, 2) >= plain + card.sizeHint().height()
    # the card sits inside its row, under the text, visible and clickable
    row = view.visualRect(view.model().index(2, 0))
    assert card.isVisible() and row.contains(card.geometry())
    assert card.geometry().top() > row.top() + 20
    qtbot.mouseClick(card.button, Qt.MouseButton.LeftButton)
    assert provider.clicks == ["a2"]


def test_row_follows_the_size_of_its_widget(qtbot) -> None:
    ref = ExtensionRef(message_id="m0", artifact_id="a0", kind="card")
    view, _ = make_view(qtbot, [assistant(0, "Thumbnail below", extensions=(ref,))])
    provider = CardProvider()
    view.set_extension_provider(provider)
    view.sync()
    before = row_height(view, 0)
    card = provider.live[ref]
    card.label.setMinimumHeight(220)  # e.g. a thumbnail arrived
    qtbot.waitUntil(lambda: row_height(view, 0) >= before + 180, timeout=2000)
    assert card.height() >= 220
    card.setFixedHeight(400)  # the card resizes itself
    qtbot.waitUntil(lambda: card.height() == 400 and row_height(view, 0) >= 400, timeout=2000)
    card.setFixedHeight(60)
    qtbot.waitUntil(lambda: row_height(view, 0) < before + 60, timeout=2000)


def test_widgets_exist_only_near_the_viewport(qtbot) -> None:
    msgs = [assistant(i, f"Message {i}", extensions=(ExtensionRef(message_id=f"m{i}", artifact_id=f"a{i}", kind="card"),)) for i in range(2000)]
    view, _ = make_view(qtbot, msgs, size=(600, 500))
    provider = CardProvider()
    view.set_extension_provider(provider)
    view.sync()
    # widgets released while the first layout converged are deleted on the next loop turn
    qtbot.waitUntil(lambda: len(provider.live) == len(view.slots.live_widgets()))
    live_at_bottom = set(provider.live)
    assert 0 < len(live_at_bottom) <= 40
    assert all(int(r.message_id[1:]) > 1900 for r in live_at_bottom)
    view.verticalScrollBar().setValue(0)  # the user scrolls to the oldest message
    qtbot.waitUntil(lambda: not (live_at_bottom & set(provider.live)), timeout=3000)
    assert provider.destroyed >= len(live_at_bottom)
    assert 0 < len(provider.live) <= 40
    assert all(int(r.message_id[1:]) < 100 for r in provider.live)
    view.scroll_to_bottom()  # scrolled back: recreated, still bounded
    assert live_at_bottom <= set(provider.live) and len(provider.live) <= 80
    assert len(provider.created) < 150


def test_removing_a_message_destroys_its_widget(qtbot) -> None:
    ref = ExtensionRef(message_id="m1", artifact_id="a1", kind="card")
    view, conv = make_view(qtbot, [assistant(0), assistant(1, extensions=(ref,))])
    provider = CardProvider()
    view.set_extension_provider(provider)
    view.sync()
    assert ref in provider.live
    conv.remove("m1")
    qtbot.waitUntil(lambda: ref not in provider.live, timeout=2000)
    assert view.model().rowCount() == 1


def test_a_broken_provider_costs_no_space(qtbot) -> None:
    class Broken:
        def create(self, ref, parent):
            if ref.kind == "raises":
                raise RuntimeError("plugin bug")
            return "not a widget"

    refs = (ExtensionRef(message_id="m1", artifact_id="x", kind="raises"), ExtensionRef(message_id="m1", artifact_id="y", kind="garbage"))
    msgs = [assistant(0, "Same"), assistant(1, "Same", extensions=refs)]
    view, _ = make_view(qtbot, msgs)
    view.set_extension_provider(Broken())
    view.sync()
    assert row_height(view, 1) == row_height(view, 0)
    assert view.slots.live_widgets() == []


def test_auto_scroll_only_at_the_bottom_and_jump_to_latest(qtbot) -> None:
    view, conv = make_view(qtbot, [assistant(i, f"Line {i}\n\nmore text") for i in range(60)])
    sb = view.verticalScrollBar()
    assert sb.maximum() > 0 and sb.value() == sb.maximum() and view.is_at_bottom()
    conv.append(assistant(60, "new output"))
    qtbot.waitUntil(lambda: sb.value() == sb.maximum() and view.indexAt(QPoint(5, view.viewport().height() - 5)).row() == 60)
    assert not view.jump_button.isVisible()
    sb.setValue(sb.maximum() // 3)  # the user reads older messages
    first_row = view.indexAt(QPoint(5, 5)).row()
    assert not view.is_at_bottom() and view.jump_button.isVisible()
    conv.append(assistant(61, "more output"))
    conv.append(Message(id="s", role=Role.ASSISTANT, text="", status=Status.STREAMING))
    conv.append_text("s", "streaming " * 50)
    qtbot.waitUntil(lambda: view.model().rowCount() == 63)
    view.sync()
    assert view.indexAt(QPoint(5, 5)).row() == first_row  # the reader was not moved
    assert sb.value() < sb.maximum() and view.jump_button.isVisible()
    qtbot.mouseClick(view.jump_button, Qt.MouseButton.LeftButton)
    assert view.is_at_bottom() and sb.value() == sb.maximum()
    assert not view.jump_button.isVisible()


def test_streaming_grows_the_last_row_in_place(qtbot) -> None:
    view, conv = make_view(qtbot, [assistant(0), Message(id="s", role=Role.ASSISTANT, text="", status=Status.STREAMING)])
    h0 = row_height(view, 1)
    assert view.engine.layout(conv[1], view.viewport().width()).indicator_rect is not None
    for i in range(40):
        conv.append_text("s", f"word{i} ")
    conv.append_text("s", "\n\n- a list\n- of items\n")
    qtbot.waitUntil(lambda: row_height(view, 1) > h0 + 30, timeout=2000)
    assert view.model().rowCount() == 2
    conv.update("s", status=Status.DONE)
    qtbot.waitUntil(lambda: view.engine.layout(conv[1], view.viewport().width()).indicator_rect is None)


def test_error_is_shown_on_the_message(qtbot) -> None:
    view, conv = make_view(qtbot, [assistant(0, "Tried it."), assistant(1, "Tried it.")])
    conv.update("m1", status=Status.ERROR, error="the file is encrypted")
    qtbot.waitUntil(lambda: row_height(view, 1) > row_height(view, 0))
    img = view.viewport().grab().toImage()
    rect = view.visualRect(view.model().index(1, 0))
    reds = sum(
        1 for y in range(rect.top(), rect.bottom(), 2) for x in range(0, rect.width(), 2)
        if (c := img.pixelColor(x, y)).red() > c.green() + 60
    )
    assert reds > 10  # the error line is drawn in the error colour


def test_links_open_in_the_browser_and_unsafe_ones_do_not(qtbot, monkeypatch) -> None:
    opened: list[str] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", staticmethod(lambda url: opened.append(url.toString()) or True))
    view, _ = make_view(qtbot, [assistant(0, "Read [the docs](https://example.com/docs) now.")])
    pt = find_link_point(view, 0)
    assert pt is not None
    with qtbot.waitSignal(view.sig_link_activated):
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pt)
    assert opened == ["https://example.com/docs"]
    assert not view.open_link("file:///etc/passwd") and not view.open_link("javascript:alert(1)")
    assert opened == ["https://example.com/docs"]
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=QPoint(pt.x(), pt.y() + 200))
    assert len(opened) == 1  # a click elsewhere opens nothing


def test_copy_with_ctrl_c_and_context_menu(qtbot) -> None:
    view, _ = make_view(qtbot, [assistant(0, "first **bold**"), assistant(1, "second 第二")])
    clipboard = QGuiApplication.clipboard()
    clipboard.setText("")
    rect = view.visualRect(view.model().index(1, 0))
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert view.currentIndex().row() == 1
    qtbot.keyClick(view, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier)
    assert clipboard.text() == "second 第二"
    menu = view.context_menu_at(view.visualRect(view.model().index(0, 0)).center())
    assert menu is not None and menu.actions()[0].text() == "Copy"
    menu.actions()[0].trigger()
    assert clipboard.text() == "first **bold**"


def test_keyboard_moves_between_messages(qtbot) -> None:
    view, _ = make_view(qtbot, [assistant(i) for i in range(30)])
    assert view.focusPolicy() & Qt.FocusPolicy.TabFocus
    view.setFocus()
    view.setCurrentIndex(view.model().index(29, 0))
    qtbot.keyClick(view, Qt.Key.Key_Up)
    qtbot.keyClick(view, Qt.Key.Key_Up)
    assert view.currentIndex().row() == 27
    qtbot.keyClick(view, Qt.Key.Key_Home)
    assert view.currentIndex().row() == 0
    assert view.visualRect(view.currentIndex()).top() >= 0  # scrolled into view
    qtbot.keyClick(view, Qt.Key.Key_Down)
    assert view.currentIndex().row() == 1


def _dark() -> QPalette:
    p = QPalette()
    for role, colour in {
        QPalette.ColorRole.Window: "#202124", QPalette.ColorRole.Base: "#17181a",
        QPalette.ColorRole.Text: "#e8eaed", QPalette.ColorRole.WindowText: "#e8eaed",
        QPalette.ColorRole.Highlight: "#3d7bd9", QPalette.ColorRole.Button: "#2d2e31",
    }.items():
        p.setColor(role, QColor(colour))
    return p


def test_dark_palette_has_no_light_on_light(qtbot) -> None:
    text = "# Heading\n\nSome text with `code` and a table:\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```\ncode block\n```"
    msgs = [Message(id="u", role=Role.USER, text="A question from the user"), assistant(1, text), Message(id="s", role=Role.SYSTEM, text="system note")]
    view, _ = make_view(qtbot, msgs)
    view.setPalette(_dark())
    qtbot.waitUntil(lambda: view.engine.colors.text.name() == "#e8eaed")
    view.sync()
    img = view.viewport().grab().toImage()
    w, h = img.width(), img.height()
    light = bright_text = total = 0
    for y in range(0, h, 2):
        for x in range(0, w, 2):
            lightness = img.pixelColor(x, y).lightness()
            total += 1
            light += lightness > 200
            bright_text += lightness > 150
    assert light / total < 0.08  # no light backgrounds: only glyphs are light
    assert bright_text > 50  # and the text is there, light on dark
    for row in range(3):  # every bubble is dark
        bubble = view.engine.layout(view.message_at(row), w).bubble
        top = view.visualRect(view.model().index(row, 0)).top()
        assert img.pixelColor(bubble.left() + 4, top + bubble.top() + bubble.height() // 2).lightness() < 90


def test_chinese_text_gets_a_cjk_font(qtbot) -> None:
    from PySide6.QtGui import QFontDatabase

    view, _ = make_view(qtbot, [Message(id="c", role=Role.USER, text="会议纪要：下季度预算增加 15%")])
    if "Noto Sans CJK SC" in QFontDatabase.families():
        assert "Noto Sans CJK SC" in view.engine.font.families()
    doc = view.engine.layout(view.message_at(0), 640).document
    assert doc is not None and doc.toPlainText().strip() == "会议纪要：下季度预算增加 15%"
    assert doc.idealWidth() > 100


def test_scrolling_to_the_top_loads_older_history_without_moving_the_reader(qtbot) -> None:
    from uchat import ChatModel, ChatView, Conversation

    history = [assistant(i, f"History line {i}") for i in range(200)]

    def load_older(before_id: str | None, limit: int) -> list[Message]:
        end = next(i for i, m in enumerate(history) if m.id == before_id)
        return history[max(0, end - limit):end]

    conv = Conversation(history[-30:])
    view = ChatView()
    view.setModel(ChatModel(conv, view, load_older=load_older, page_size=40))
    qtbot.addWidget(view)
    view.resize(500, 400)
    view.show()
    qtbot.waitExposed(view)
    view.sync()
    assert view.model().rowCount() == 30
    view.verticalScrollBar().setValue(0)  # the reader reaches the oldest loaded message
    qtbot.waitUntil(lambda: view.model().rowCount() == 70, timeout=2000)
    view.sync()
    top = view.indexAt(QPoint(5, 5))
    assert view.message_at(top.row()).id == "m170"  # still looking at the same message
    assert view.verticalScrollBar().value() > 0


def test_demo_screenshot(tmp_path, qtbot) -> None:
    from PySide6.QtGui import QImage

    from uchat import demo

    out = tmp_path / "demo.png"
    assert demo.main(["--screenshot", str(out)]) == 0
    img = QImage(str(out))
    assert img.width() == 900 and img.height() == 1100
    colours = {img.pixel(x, y) for x in range(0, 900, 15) for y in range(0, 1100, 15)}
    assert len(colours) > 20  # real content, not a blank window


def test_a_huge_message_is_shortened_for_display_but_copied_whole(qtbot) -> None:
    huge = ("A line of **markdown** with `code` and 中文.\n" * 60_000)  # ~2.6 MB
    view, _ = make_view(qtbot, [assistant(0, "before"), assistant(1, huge), assistant(2, "after")])
    doc = view.engine.layout(view.message_at(1), view.viewport().width()).document
    assert doc is not None
    shown = doc.toPlainText()
    assert len(shown) < 70_000 and "shortened for display" in shown
    view.setCurrentIndex(view.model().index(1, 0))
    assert view.copy_message()
    from PySide6.QtGui import QGuiApplication

    assert QGuiApplication.clipboard().text() == huge


def test_first_arrow_key_starts_on_screen(qtbot) -> None:
    view, _ = make_view(qtbot, [assistant(i, f"Message {i}\n\nwith a second paragraph") for i in range(80)])
    sb = view.verticalScrollBar()
    sb.setValue(sb.maximum() // 2)
    before = sb.value()
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_Down)
    current = view.currentIndex()
    assert current.isValid()
    assert view.viewport().rect().intersects(view.visualRect(current))
    assert abs(sb.value() - before) < view.viewport().height()


def test_scroll_to_message_and_narrow_cards(qtbot) -> None:
    ref = ExtensionRef(message_id="m5", artifact_id="a5", kind="card")
    msgs = [assistant(i, f"Message {i}\n\nmore") for i in range(40)]
    msgs[5] = assistant(5, "has a card", extensions=(ref,))
    view, _ = make_view(qtbot, msgs)
    provider = CardProvider()
    view.set_extension_provider(provider)
    assert view.scroll_to_message("m5") and not view.scroll_to_message("nope")
    view.sync()
    assert view.indexAt(QPoint(5, 5)).row() == 5 and not view.is_at_bottom()
    card = provider.live[ref]
    assert card.width() > 400
    card.setMaximumWidth(240)  # a card may prefer to stay narrow
    qtbot.waitUntil(lambda: card.width() == 240, timeout=2000)
    view.reload_extensions("m5")  # the host asks for a fresh widget
    view.sync()
    assert len(provider.created) == 2 and provider.live[ref] is not card


def test_code_colours_come_with_a_code_block_only(qtbot) -> None:
    """A reply's code block is drawn in Pygments' colours; a reply without one is laid out without them, so
    the first message at start (the welcome) does not load Pygments' styles."""
    code = assistant(1, "Here:\n\n```python\ndef total(rows):\n    return sum(rows)\n```")
    plain = assistant(2, "No code, just `inline` words.")
    view, _ = make_view(qtbot, [code, plain])
    with_code = view.engine.layout(view.message_at(0), 600).document
    without = view.engine.layout(view.message_at(1), 600).document
    assert with_code is not None and without is not None
    assert "span.k " in with_code.defaultStyleSheet()  # Pygments' keyword class has its colour
    assert "span." not in without.defaultStyleSheet()
    assert "font-family" in without.defaultStyleSheet()  # the rest of the sheet is there
    # The keyword is drawn in a colour of its own, not the text's.
    colours: dict[str, str] = {}
    block = with_code.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            fragment = it.fragment()
            colours.setdefault(fragment.text().strip(), fragment.charFormat().foreground().color().name())
            it += 1
        block = block.next()
    assert colours["def"] != colours["Here:"]


def test_a_widget_that_arranges_itself_by_its_width_is_measured_at_its_slots_width(qtbot) -> None:
    """An approval card puts its buttons in a row once it is wide enough (in its resizeEvent). Measured
    before it had its slot's width, it took the narrow arrangement's height: a new card stood 268 px high
    until the next re-flow, up to 300 ms later, made it 170."""
    from PySide6.QtWidgets import QBoxLayout, QFrame, QPushButton

    class Arranging(QFrame):
        def __init__(self, parent) -> None:
            super().__init__(parent)
            self.row = QBoxLayout(QBoxLayout.Direction.TopToBottom, self)
            for name in ("Approve", "Allow similar writes", "Deny"):
                self.row.addWidget(QPushButton(name, self))

        def resizeEvent(self, event) -> None:
            super().resizeEvent(event)
            wide = event.size().width() >= 400
            self.row.setDirection(QBoxLayout.Direction.LeftToRight if wide else QBoxLayout.Direction.TopToBottom)

    made: list[Arranging] = []

    class Provider:
        def create(self, ref, parent):
            made.append(Arranging(parent))
            return made[-1]

    ref = ExtensionRef(message_id="m0", artifact_id="a", kind="approval")
    view, _ = make_view(qtbot, [assistant(0, "Write this?", extensions=(ref,))])
    view.set_extension_provider(Provider())
    view.sync()
    card = made[-1]
    measured = view.slots.heights(view.message_at(0))[0]
    assert card.width() >= 400 and card.row.direction() == QBoxLayout.Direction.LeftToRight
    assert measured == card.sizeHint().height()  # the row's height, not the stacked buttons'
