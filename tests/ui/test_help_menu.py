"""Help → Open logs folder and Copy diagnostics, and the LibreOffice field in Settings."""
from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QApplication

from tests.ui.conftest import run


def test_help_menu_opens_the_logs_folder_and_copies_diagnostics(make_window, qtbot, aloop, home: Path,  # type: ignore[no-untyped-def]
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    window = make_window()
    titles = [a.text() for a in window.menus.help_menu.actions()]
    assert titles[:2] == ["Open &logs folder", "&Copy diagnostics"]
    opened: list[str] = []
    monkeypatch.setattr(QDesktopServices, "openUrl", lambda url: opened.append(url.toLocalFile()) or True)
    window.menus.open_logs_action.trigger()
    assert opened == [str(home / "logs")]

    text = run(aloop, qtbot, window.menus.copy_diagnostics())
    assert QApplication.clipboard().text() == text
    assert "Mira " in text and "LibreOffice" in text and "Database" in text and str(home) in text
    assert "Diagnostics copied" in window.statusBar().currentMessage()

    window.apply_settings(window.services.settings.__class__(language="zh_CN"))
    assert [a.text() for a in window.menus.help_menu.actions()][:2] == ["打开日志文件夹(&L)", "复制诊断信息(&C)"]


def test_settings_dialog_edits_the_libreoffice_path(make_window, qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    from desktop.ui.settings_dialog import SettingsDialog
    from skills.runtime import soffice

    window = make_window()
    dialog = SettingsDialog(window.services.settings, window)
    qtbot.addWidget(dialog)
    fake = tmp_path / "soffice"
    fake.write_text("#!/bin/sh\n")
    dialog.soffice.setText(f"  {fake}  ")
    chosen = dialog.settings()
    assert chosen.soffice_path == str(fake)
    try:
        window.apply_settings(chosen)
        assert soffice.soffice_path() == str(fake)
    finally:
        soffice.use_path(None)


def test_about_shows_the_licence_notices_in_the_chosen_language(make_window, monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from PySide6.QtWidgets import QMessageBox

    window = make_window()
    shown: list[str] = []
    monkeypatch.setattr(QMessageBox, "about", lambda parent, title, text: shown.append(text))
    window.menus.about_action.trigger()
    assert "GNU Affero General Public License" in shown[-1] and "NO WARRANTY" in shown[-1]
    assert "LICENSE" in shown[-1] and "THIRD_PARTY.md" in shown[-1]
    window.apply_settings(window.services.settings.__class__(language="zh_CN"))
    window.menus.about_action.trigger()
    assert "GNU Affero 通用公共许可证" in shown[-1] and "不提供任何担保" in shown[-1]
