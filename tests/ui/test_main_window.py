"""The real main window on a temp MIRA_HOME: first run, sidebar, restore, language, theme, settings."""
from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtGui import QPalette

from desktop.ui.controller import WELCOME_ID
from tests.ui.conftest import run


def test_first_run_welcomes_in_the_chosen_language_with_the_offline_planner(make_window, home: Path) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    assert window.windowTitle().startswith("Mira")
    assert [m.id for m in window.conversation] == [WELCOME_ID]
    assert "Settings" in window.conversation[0].text and "offline planner" in window.conversation[0].text
    assert "Offline planner" in window.model_status.text()
    assert window.task_status.text() == "Idle"

    window.apply_settings(window.services.settings.__class__(language="zh_CN"))
    assert "欢迎使用 Mira" in window.conversation[0].text and "离线规划器" in window.conversation[0].text
    assert window.menus.file_menu.title() == "文件(&F)"
    assert window.chat.composer.send_button.text() == "发送"
    assert window.task_status.text() == "空闲"
    saved = json.loads((home / "config" / "settings.json").read_text(encoding="utf-8"))
    assert saved["language"] == "zh_CN"

    from desktop.llm.settings import ModelSettings

    window.apply_settings(window.services.settings.__class__(
        language="en", model=ModelSettings("openai_compatible", "https://api.deepseek.com", "deepseek-chat")))
    assert "Connected model: **deepseek-chat @ api.deepseek.com**" in window.conversation[0].text
    assert window.model_status.text() == "Model: deepseek-chat @ api.deepseek.com"


def test_sidebar_lists_searches_renames_and_deletes_through_the_store(make_window, qtbot, aloop) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    store = window.services.store
    a = store.create_conversation("Quarterly report")
    store.add_message(a.id, "user", "Please summarise the budget numbers")
    b = store.create_conversation("Slides for Monday")
    run(aloop, qtbot, window.reload_conversations())
    assert set(window.sidebar.ids()) == {a.id, b.id}

    window.sidebar.search.setText("budget")  # matches message text, not only titles
    qtbot.waitUntil(lambda: window.sidebar.ids() == [a.id], timeout=3000)
    window.sidebar.search.clear()
    qtbot.waitUntil(lambda: len(window.sidebar.ids()) == 2, timeout=3000)

    window.sidebar.list.setCurrentItem(window.sidebar.item_for(a.id))
    qtbot.waitUntil(lambda: window.controller.current_id == a.id)
    qtbot.waitUntil(lambda: any("budget" in m.text for m in window.conversation))
    window.sidebar.item_for(b.id).setText("Monday deck")
    qtbot.waitUntil(lambda: store.conversation(b.id).title == "Monday deck", timeout=3000)

    window.sidebar.confirm_delete = lambda _parent, _title: True
    window.sidebar.select(a.id)
    window.sidebar.delete_current()
    qtbot.waitUntil(lambda: window.sidebar.ids() == [b.id], timeout=3000)
    assert [c.id for c in store.list_conversations()] == [b.id]
    assert window.controller.current_id is None and WELCOME_ID in window.conversation


def test_restart_restores_geometry_splitter_and_the_last_conversation(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    first = make_window()
    store = first.services.store
    conv = store.create_conversation("Budget")
    store.add_message(conv.id, "user", "hello")
    store.create_conversation("Other")
    first.resize(760, 560)
    first.splitter.setSizes([260, 500, 0])
    first._run(first.reload_conversations())
    qtbot.waitUntil(lambda: conv.id in first.sidebar.ids())
    first.sidebar.list.setCurrentItem(first.sidebar.item_for(conv.id))
    qtbot.waitUntil(lambda: first.controller.current_id == conv.id)
    sidebar_width = first.splitter.sizes()[0]
    first.close()

    second = make_window()
    assert second.controller.current_id == conv.id
    assert second.sidebar.current_id() == conv.id
    assert (second.width(), second.height()) == (760, 560)
    assert second.splitter.sizes()[0] == sidebar_width
    assert [m.text for m in second.conversation] == ["hello"]


def test_dark_theme_applies_live_and_light_text_stays_readable(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    settings = window.services.settings
    window.apply_settings(settings.__class__(theme="dark"))
    qtbot.waitUntil(lambda: window.palette().color(QPalette.ColorRole.Window).lightness() < 60)
    pal = window.palette()
    assert pal.color(QPalette.ColorRole.Window).lightness() < 60
    assert pal.color(QPalette.ColorRole.WindowText).lightness() > 180
    image = window.chat.view.grab().toImage()
    assert image.pixelColor(image.width() - 5, image.height() - 5).lightness() < 80
    window.apply_settings(settings.__class__(theme="light"))
    qtbot.waitUntil(lambda: window.palette().color(QPalette.ColorRole.Window).lightness() > 200)


def test_settings_dialog_validates_keeps_keys_out_of_the_file_and_tests_the_connection(  # type: ignore[no-untyped-def]
        make_window, qtbot, aloop, home: Path, tmp_path: Path) -> None:
    window = make_window()
    dialog = window.open_settings()
    qtbot.waitUntil(dialog.isVisible)
    ok, message = run(aloop, qtbot, dialog.model_page.test_connection())
    assert ok and "offline" in message.lower()
    assert dialog.model_page.test_button.isEnabled()

    dialog.model_page.provider.setCurrentIndex(dialog.model_page.provider.findData("openai_compatible"))
    assert dialog.model_page.base_url.isEnabled()
    dialog.model_page.base_url.setText("ftp://example.com")
    dialog.model_page.model_name.setText("m1")
    dialog.ok_button.click()
    assert dialog.isVisible() and "The base URL must start with http" in dialog.error.text()

    dialog.model_page.base_url.setText("http://127.0.0.1:9/v1")
    dialog.model_page.api_key.setText("sk-secret-value")
    dialog.ok_button.click()  # the test keyring cannot store keys: refused with the reason, nothing saved
    assert dialog.isVisible() and "MIRA_API_KEY" in dialog.error.text()
    ok, message = run(aloop, qtbot, dialog.model_page.test_connection())
    assert not ok and message

    dialog.model_page.api_key.clear()
    dialog.workspace.setText("relative/folder")
    dialog.ok_button.click()
    assert dialog.isVisible() and "relative/folder" in dialog.error.text()
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    dialog.pick_folder = lambda _parent, _start: str(folder)
    dialog.browse_button.click()
    dialog.ok_button.click()
    qtbot.waitUntil(lambda: not dialog.isVisible())
    text = (home / "config" / "settings.json").read_text(encoding="utf-8")
    saved = json.loads(text)
    assert saved["model"]["base_url"] == "http://127.0.0.1:9/v1"
    assert saved["workspace_root"] == str(folder)
    assert "sk-secret-value" not in text
    assert window.services.settings.workspace_path() == folder


def test_qt_standard_buttons_follow_the_interface_language(make_window) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import QCoreApplication

    window = make_window()
    window.apply_settings(window.services.settings.__class__(language="zh_CN"))
    assert QCoreApplication.translate("QPlatformTheme", "&Yes") != "&Yes"
    window.apply_settings(window.services.settings.__class__(language="en"))
    assert QCoreApplication.translate("QPlatformTheme", "&Yes") == "&Yes"


def test_a_pasted_image_becomes_an_attachment_file(make_window, qtbot, home: Path) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtGui import QColor, QImage

    window = make_window()
    image = QImage(8, 8, QImage.Format.Format_RGB32)
    image.fill(QColor("red"))
    window.chat.composer.paste_image(image)
    qtbot.waitUntil(lambda: len(window.chat.composer.attachments()) == 1, timeout=5000)
    saved = Path(window.chat.composer.attachments()[0])
    assert saved.is_relative_to(home) and saved.suffix == ".png"
    assert QImage(str(saved)).pixelColor(3, 3) == QColor("red")


def test_an_agent_that_cannot_load_leaves_the_window_usable_and_loses_no_text(  # type: ignore[no-untyped-def]
        home: Path, aloop, qtbot, monkeypatch) -> None:
    from desktop.ui.main_window import MainWindow
    from desktop.ui.services import Services, build_services

    def broken(_self: Services, *_args: object) -> None:
        raise RuntimeError("the skill catalog is damaged")

    monkeypatch.setattr(Services, "build_runtime", broken)
    window = MainWindow(build_services())
    qtbot.addWidget(window)
    window.show()
    qtbot.waitUntil(lambda: any("catalog is damaged" in m.text for m in window.conversation), timeout=10000)
    window.chat.composer.set_text("Make a Word document: # Hi")
    window.chat.composer.submit()
    qtbot.waitUntil(lambda: window.chat.composer.text() == "Make a Word document: # Hi", timeout=10000)
    assert any("could not be loaded" in m.text for m in window.conversation)
    assert not window.chat.composer.is_busy()
    window.close()


def test_moving_the_workspace_rebuilds_the_agent_off_the_ui_thread(  # type: ignore[no-untyped-def]
        make_window, qtbot, home: Path, monkeypatch) -> None:
    import threading
    from dataclasses import replace

    from desktop.ui.services import Services

    window = make_window()
    old_runtime = window.services.runtime
    threads: list[str] = []
    build = Services.build_runtime

    def recording(self: Services):  # type: ignore[no-untyped-def]
        threads.append(threading.current_thread().name)
        return build(self)

    monkeypatch.setattr(Services, "build_runtime", recording)
    moved = home / "elsewhere"
    window.apply_settings(replace(window.services.settings, workspace_root=str(moved)))
    qtbot.waitUntil(lambda: window.controller.runtime is not None
                    and window.controller.runtime is not old_runtime, timeout=10000)
    assert threads and threads[0] != threading.main_thread().name
    assert window.controller.runtime is window.services.runtime
    assert window.services.settings.workspace_path() == moved


def test_settings_notes_are_readable_and_selectable(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QPalette

    window = make_window()
    dialog = window.open_settings()  # the window owns it; it deletes itself on close
    note = dialog.model_page.offline_note
    assert note.isVisible() and note.isEnabled()  # a disabled label can be neither read well nor copied
    assert note.textInteractionFlags() & Qt.TextInteractionFlag.TextSelectableByMouse
    assert note.foregroundRole() == QPalette.ColorRole.PlaceholderText
    # As tall as its wrapped lines at the width it has: no empty band between the note and the next field.
    qtbot.waitUntil(lambda: note.width() > 200 and note.height() == note.heightForWidth(note.width()),
                    timeout=3000)
    dialog.reject()
