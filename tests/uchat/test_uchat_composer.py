"""Composer and ChatWidget: keys, attachments, paste, drop, history, busy state."""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QColor, QDropEvent, QGuiApplication, QImage, QInputMethodEvent
from PySide6.QtWidgets import QFileDialog

import uchat
from uchat import ChatWidget, Composer, Conversation, Message, Role


def make(qtbot) -> Composer:
    c = Composer()
    qtbot.addWidget(c)
    c.show()
    qtbot.waitExposed(c)
    c.input.setFocus()
    return c


def sends(c: Composer) -> list[tuple[str, list[str]]]:
    out: list[tuple[str, list[str]]] = []
    c.sig_send.connect(lambda text, files: out.append((text, files)))
    return out


def files(tmp_path: Path, *names: str) -> list[str]:
    paths = []
    for n in names:
        p = tmp_path / n
        p.write_text("data", encoding="utf-8")
        paths.append(str(p))
    return paths


def test_enter_sends_shift_enter_breaks_and_empty_does_not_send(qtbot) -> None:
    c = make(qtbot)
    sent = sends(c)
    qtbot.keyClick(c.input, Qt.Key.Key_Return)
    qtbot.keyClicks(c.input, "   ")
    qtbot.keyClick(c.input, Qt.Key.Key_Return)
    assert sent == []  # empty and blank do not send
    c.input.clear()
    qtbot.keyClicks(c.input, "line one")
    qtbot.keyClick(c.input, Qt.Key.Key_Return, Qt.KeyboardModifier.ShiftModifier)
    qtbot.keyClicks(c.input, "line two")
    assert c.text() == "line one\nline two" and sent == []
    qtbot.keyClick(c.input, Qt.Key.Key_Enter, Qt.KeyboardModifier.KeypadModifier)
    assert sent == [("line one\nline two", [])]
    assert c.text() == ""


def test_enter_during_ime_composition_does_not_send(qtbot) -> None:
    c = make(qtbot)
    sent = sends(c)
    c.input.inputMethodEvent(QInputMethodEvent("nihao", []))  # preedit text is active
    qtbot.keyClick(c.input, Qt.Key.Key_Return)
    assert sent == []
    commit = QInputMethodEvent()
    commit.setCommitString("你好")
    c.input.inputMethodEvent(commit)
    qtbot.keyClick(c.input, Qt.Key.Key_Return)
    assert sent == [("你好", [])]


def test_busy_switches_send_to_stop(qtbot) -> None:
    c = make(qtbot)
    sent = sends(c)
    assert c.send_button.text() == "Send"
    c.set_busy(True)
    assert c.send_button.text() == "Stop"
    qtbot.keyClicks(c.input, "queued thought")
    qtbot.keyClick(c.input, Qt.Key.Key_Return)
    assert sent == [] and c.text() == "queued thought"  # nothing lost while busy
    with qtbot.waitSignal(c.sig_stop):
        qtbot.mouseClick(c.send_button, Qt.MouseButton.LeftButton)
    c.set_busy(False)
    assert c.send_button.text() == "Send"
    qtbot.mouseClick(c.send_button, Qt.MouseButton.LeftButton)
    assert sent == [("queued thought", [])]


def test_disabled_input_does_not_send(qtbot) -> None:
    c = make(qtbot)
    sent = sends(c)
    c.set_text("hello")
    c.set_enabled_input(False)
    assert not c.submit() and not c.attach_button.isEnabled()
    c.set_enabled_input(True)
    assert c.submit() and sent == [("hello", [])]


def test_drop_of_file_urls_adds_removable_chips(qtbot, tmp_path: Path) -> None:
    c = make(qtbot)
    a, b = files(tmp_path, "a.csv", "b.docx")
    changes: list[list[str]] = []
    c.sig_attachments_changed.connect(changes.append)
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(a), QUrl.fromLocalFile(b), QUrl.fromLocalFile(str(tmp_path))])
    drop = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    c.dropEvent(drop)
    assert drop.isAccepted()
    assert c.attachments() == [a, b]  # the folder is skipped
    assert changes == [[a, b]]
    chips = c.chip_widgets()
    assert [ch.path for ch in chips] == [a, b] and c.chips.isVisible()
    qtbot.mouseClick(chips[0].remove_button, Qt.MouseButton.LeftButton)
    assert c.attachments() == [b] and changes[-1] == [b]
    sent = sends(c)
    qtbot.keyClick(c.input, Qt.Key.Key_Return)  # attachments alone may be sent
    assert sent == [("", [b])] and c.attachments() == [] and not c.chips.isVisible()


def test_drop_on_the_chat_widget_reaches_the_composer(qtbot, tmp_path: Path) -> None:
    w = ChatWidget(Conversation([Message(id="m", role=Role.USER, text="hi")]))
    qtbot.addWidget(w)
    (a,) = files(tmp_path, "notes.md")
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(a)])
    w.dropEvent(QDropEvent(QPointF(5, 5), Qt.DropAction.CopyAction, mime, Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier))
    assert w.composer.attachments() == [a]
    assert w.conversation[0].text == "hi" and w.view.model() is w.model


def test_paste_file_urls_and_images(qtbot, tmp_path: Path) -> None:
    c = make(qtbot)
    (a,) = files(tmp_path, "sheet.xlsx")
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(a)])
    QGuiApplication.clipboard().setMimeData(mime)
    c.input.paste()
    assert c.attachments() == [a] and c.text() == ""
    image = QImage(8, 6, QImage.Format.Format_RGB32)
    image.fill(QColor("red"))
    img_mime = QMimeData()
    img_mime.setImageData(image)
    QGuiApplication.clipboard().setMimeData(img_mime)
    with qtbot.waitSignal(c.sig_image_pasted) as blocker:
        c.input.paste()
    data = blocker.args[0]
    assert data.startswith(b"\x89PNG")
    back = QImage.fromData(data)
    assert (back.width(), back.height()) == (8, 6)
    plain = QMimeData()
    plain.setText("plain text")
    QGuiApplication.clipboard().setMimeData(plain)
    c.input.paste()
    assert c.text() == "plain text"


def test_attach_by_dialog(qtbot, tmp_path: Path, monkeypatch) -> None:
    c = make(qtbot)
    picked = files(tmp_path, "x.pdf")
    monkeypatch.setattr(QFileDialog, "getOpenFileNames", staticmethod(lambda *a, **k: (picked, "")))
    qtbot.mouseClick(c.attach_button, Qt.MouseButton.LeftButton)
    assert c.attachments() == picked


def test_input_history_with_up_and_down(qtbot) -> None:
    c = make(qtbot)
    for text in ("first", "second\nmulti-line"):
        c.set_text(text)
        c.submit()
    qtbot.keyClicks(c.input, "draft")
    qtbot.keyClick(c.input, Qt.Key.Key_Up)
    assert c.text() == "second\nmulti-line"
    c.input.moveCursor(c.input.textCursor().MoveOperation.Start)
    qtbot.keyClick(c.input, Qt.Key.Key_Up)
    assert c.text() == "first"
    qtbot.keyClick(c.input, Qt.Key.Key_Up)  # no older entry: stays
    assert c.text() == "first"
    qtbot.keyClick(c.input, Qt.Key.Key_Down)
    assert c.text() == "second\nmulti-line"
    qtbot.keyClick(c.input, Qt.Key.Key_Down)
    assert c.text() == "draft"  # the unsent draft comes back


def test_strings_pass_through_the_translator(qtbot) -> None:
    table = {"Send": "发送", "Stop": "停止", "Jump to latest": "跳到最新"}
    uchat.set_translator(lambda s: table.get(s, s))
    try:
        w = ChatWidget()
        qtbot.addWidget(w)
        assert w.composer.send_button.text() == "发送"
        w.composer.set_busy(True)
        assert w.composer.send_button.text() == "停止"
        assert w.view.jump_button.text().startswith("跳到最新")
        uchat.set_translator(lambda s: 1 / 0)  # a broken translator falls back to English
        w.retranslate()
        assert w.composer.send_button.text() == "Stop"
    finally:
        uchat.set_translator(None)


def test_tab_reaches_the_message_list(qtbot) -> None:
    w = ChatWidget(Conversation([Message(id=f"m{i}", role=Role.USER, text=f"hello {i}") for i in range(5)]))
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    # The Tab order as Qt walks it: focusable, visible, enabled widgets of the chain.
    stops, widget = [], w.composer.input.nextInFocusChain()
    while widget is not w.composer.input and len(stops) < 50:
        if widget.focusPolicy() & Qt.FocusPolicy.TabFocus and widget.isVisibleTo(w) and widget.isEnabled():
            stops.append(widget)
        widget = widget.nextInFocusChain()
    assert w.view in stops
    w.view.setFocus()
    qtbot.keyClick(w.view, Qt.Key.Key_Up)
    assert w.view.currentIndex().isValid()


def test_a_pasted_image_is_encoded_off_the_ui_thread_and_delivered_on_it(qtbot) -> None:  # type: ignore[no-untyped-def]
    import threading

    from PySide6.QtGui import QColor, QImage

    from uchat import Composer

    c = Composer()
    qtbot.addWidget(c)
    threads: list[str] = []
    c.sig_image_pasted.connect(lambda _data: threads.append(threading.current_thread().name))
    image = QImage(640, 480, QImage.Format.Format_RGB32)
    image.fill(QColor("blue"))
    c.paste_image(image)
    assert threads == []  # paste_image returned without encoding on the UI thread
    with qtbot.waitSignal(c.sig_image_pasted, timeout=5000) as blocker:
        pass
    assert threads == [threading.main_thread().name]
    assert QImage.fromData(blocker.args[0]).pixelColor(5, 5) == QColor("blue")
