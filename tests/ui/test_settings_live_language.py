"""Picking a language in Settings shows it at once (the dialog and the window), keeps what was typed, and
Cancel goes back to the language before."""
from __future__ import annotations


def test_the_settings_dialog_retranslates_live_and_cancel_restores(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    dialog = window.open_settings()
    qtbot.waitUntil(dialog.isVisible, timeout=3000)
    assert dialog.windowTitle() == "Settings" and dialog.tabs.tabText(0) == "Model"
    dialog.workspace.setText("/tmp/typed-but-not-saved")
    dialog.tabs.setCurrentIndex(2)
    dialog.language.setCurrentIndex(dialog.language.findData("zh_CN"))
    qtbot.waitUntil(lambda: dialog.windowTitle() == "设置", timeout=3000)
    assert dialog.tabs.tabText(0) == "模型" and dialog.cancel_button.text() != "Cancel"
    assert dialog.workspace.text() == "/tmp/typed-but-not-saved"  # nothing typed is lost
    assert dialog.tabs.currentIndex() == 2 and dialog.language.currentData() == "zh_CN"
    assert window.menus.file_menu.title() == "文件(&F)"  # the window follows at once too
    dialog.cancel_button.click()
    qtbot.waitUntil(lambda: window.menus.file_menu.title() == "&File", timeout=3000)
    assert window.services.settings.language != "zh_CN"
