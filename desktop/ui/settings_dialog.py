"""Settings: model provider (+ key in the OS keyring, test connection), workspace, language, theme.

This module holds the dialog, its workspace and interface tabs and OK; the model tab is
:mod:`desktop.ui.settings_model` and where the key is kept :mod:`desktop.ui.settings_keys`."""
from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from desktop.i18n import LANGUAGES, language, on_language_changed, say_error, set_language, system_language, tr
from desktop.settings import THEMES, AppSettings
from desktop.ui.settings_model import ModelPage
from desktop.ui.settings_note import Note
from desktop.ui.theme import file_dialog_options

log = logging.getLogger(__name__)


def _pick_folder(parent: QWidget, start: str) -> str:
    return QFileDialog.getExistingDirectory(parent, tr("settings.workspace_root"), start,
                                            QFileDialog.Option.ShowDirsOnly | file_dialog_options())


class SettingsDialog(QDialog):
    """Edits a copy of the settings; ``sig_apply(AppSettings)`` fires on OK with valid values."""

    sig_apply = Signal(object)

    def __init__(self, settings: AppSettings, parent: QWidget | None = None, *,
                 rules: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("settingsDialog")
        self.setMinimumWidth(560)
        self._settings = settings
        self._rules = rules
        self._language_at_open = language()
        self._error_text = ""  # what the dialog last said went wrong (kept when a language switch rebuilds it)
        # Injectable for tests: (parent, start folder) -> chosen folder or "".
        self.pick_folder: Callable[[QWidget, str], str] = _pick_folder
        self._outer = QVBoxLayout(self)
        self._body: QWidget | None = None
        # The same two boxes across a re-translation (the one the user is picking from stays in hand).
        self.language = QComboBox(self)
        # "" follows the system's language (the default); the rest are the listed translations.
        self.language.addItem(tr("settings.language.system"), "")
        for code, name in LANGUAGES.items():
            self.language.addItem(name, code)
        self.language.setCurrentIndex(max(0, self.language.findData(settings.language)))
        self.language.currentIndexChanged.connect(self._on_language_picked)
        self.theme = QComboBox(self)
        for theme in THEMES:
            self.theme.addItem(tr(f"settings.theme.{theme}"), theme)
        self.theme.setCurrentIndex(max(0, self.theme.findData(settings.theme)))
        self._build()
        # Picking a language shows it at once, here and in the window; Cancel goes back to the one before.
        unsubscribe = on_language_changed(lambda _code: self._on_language_changed())
        self._unsubscribe = unsubscribe
        self.finished.connect(lambda _result: unsubscribe())
        self.destroyed.connect(lambda *_args: unsubscribe())

    def _build(self, tab: int = 0, api_key: str = "") -> None:
        """Every control, in the current language, from ``self._settings`` (the values shown)."""
        body = QWidget(self)
        self.setWindowTitle(tr("settings.title"))
        self.tabs = QTabWidget(body)
        self.model_page = ModelPage(self._settings.model, body)
        self.tabs.addTab(self.model_page, tr("settings.tab.model"))
        self.tabs.addTab(self._workspace_tab(), tr("settings.tab.workspace"))
        self.tabs.addTab(self._interface_tab(), tr("settings.tab.interface"))
        if self._rules is not None:  # the approval rules the user made, with Revoke
            self.tabs.addTab(self._rules, tr("settings.tab.rules"))
            retranslate_rules = getattr(self._rules, "retranslate", None)
            if callable(retranslate_rules):
                retranslate_rules()
        self.tabs.setCurrentIndex(tab)
        self.error = QLabel(body)
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #d1242f;")
        self.error.setText(self._error_text)
        self.error.setVisible(bool(self._error_text))  # a rebuild (a language switch) keeps what was said
        self.ok_button = QPushButton(tr("settings.ok"), body)
        self.ok_button.setDefault(True)
        self.cancel_button = QPushButton(tr("settings.cancel"), body)
        self.ok_button.clicked.connect(self.accept_settings)
        self.cancel_button.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.ok_button)
        layout = QVBoxLayout(body)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tabs)
        layout.addWidget(self.error)
        layout.addLayout(buttons)
        if self._body is not None:  # the rules tab moved to the new tabs above: deleting the old body keeps it
            self._outer.replaceWidget(self._body, body)
            self._body.deleteLater()
            body.show()  # at once: a layout shows a widget added to a visible dialog only on a later turn
        else:
            self._outer.addWidget(body)
        self._body = body
        self._describe_controls()
        self.model_page.api_key.setText(api_key)

    def retranslate(self) -> None:
        """The same values, every word in the language now chosen (the dialog is built again)."""
        try:
            self._settings = self.settings()
        except ValueError:  # a half-typed value: keep what was saved for it
            pass
        self._build(self.tabs.currentIndex(), self.model_page.api_key.text())

    def _on_language_changed(self) -> None:
        try:
            self.retranslate()
        except RuntimeError:  # a dialog Qt already deleted (its close was never seen): it stops listening
            self._unsubscribe()

    def _on_language_picked(self, _index: int) -> None:
        code = self.language.currentData()
        set_language(code or system_language())

    def reject(self) -> None:
        if language() != self._language_at_open:
            set_language(self._language_at_open)  # Cancel: the language shown before
        super().reject()

    def _describe_controls(self) -> None:
        """What a screen reader says for each control: its label, then what it does."""
        tips = ("a11y.settings.tab.model", "a11y.settings.tab.workspace", "a11y.settings.tab.interface",
                "a11y.settings.tab.rules")
        for index, key in zip(range(self.tabs.count()), tips, strict=False):
            self.tabs.setTabToolTip(index, tr(key))  # Qt describes a tab by its tool tip
        page = self.model_page
        controls: tuple[tuple[QWidget, str, str], ...] = (
            (self.tabs, "a11y.settings.tabs", "a11y.settings.tabs.desc"),
            (page.provider, "settings.provider", "a11y.settings.provider"),
            (page.model_name, "settings.model", "a11y.settings.model"),
            (page.timeout, "settings.timeout", "a11y.settings.timeout"),
            (page.key_store, "settings.key_store", "a11y.settings.key_store"),
            (page.api, "settings.api", "a11y.settings.api"),
            (page.context_window, "settings.context_window", "settings.context_window.note"),
            (page.fetch_button, "settings.fetch", "settings.fetch.tip"),
            (page.test_button, "settings.test", "a11y.settings.test"),
            (self.workspace, "settings.workspace_root", "settings.workspace.note"),
            (self.browse_button, "settings.browse", "a11y.settings.browse"),
            (self.soffice, "settings.soffice", "settings.soffice.note"),
            (self.soffice_browse, "settings.browse", "a11y.settings.browse_soffice"),
            (self.language, "settings.language", "a11y.settings.language"),
            (self.theme, "settings.theme", "a11y.settings.theme"),
            (self.ok_button, "settings.ok", "a11y.settings.ok"),
            (self.cancel_button, "settings.cancel", "a11y.settings.cancel"),
        )
        for widget, name, description in controls:
            widget.setAccessibleName(tr(name).rstrip(":："))
            widget.setAccessibleDescription(tr(description))

    # -- tabs ---------------------------------------------------------------------------
    def _workspace_tab(self) -> QWidget:
        page = QWidget(self)
        self.workspace = QLineEdit(str(self._settings.workspace_path()), page)
        self.browse_button = QPushButton(tr("settings.browse"), page)
        self.browse_button.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.workspace, 1)
        row.addWidget(self.browse_button)
        note = Note(page)
        note.setText(tr("settings.workspace.note"))
        form = QFormLayout(page)
        form.addRow(tr("settings.workspace_root"), row)
        form.addRow("", note)
        # LibreOffice: empty means "find it" (PATH, then the usual install folders).
        from skills.runtime import soffice

        self.soffice = QLineEdit(self._settings.soffice_path, page)
        found = soffice.find_soffice()
        self.soffice.setPlaceholderText(tr("settings.soffice.found", path=found) if found
                                        else tr("settings.soffice.none"))
        self.soffice_browse = QPushButton(tr("settings.browse"), page)
        self.soffice_browse.clicked.connect(self._browse_soffice)
        lo_row = QHBoxLayout()
        lo_row.addWidget(self.soffice, 1)
        lo_row.addWidget(self.soffice_browse)
        lo_note = Note(page)
        lo_note.setText(tr("settings.soffice.note"))
        form.addRow(tr("settings.soffice"), lo_row)
        form.addRow("", lo_note)
        return page

    def _browse_soffice(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, tr("settings.soffice"), self.soffice.text(), "", "",
                                              file_dialog_options())
        if path:
            self.soffice.setText(path)

    def _interface_tab(self) -> QWidget:
        page = QWidget(self)
        self.language.setItemText(0, tr("settings.language.system"))
        for i in range(self.theme.count()):
            self.theme.setItemText(i, tr(f"settings.theme.{self.theme.itemData(i)}"))
        form = QFormLayout(page)
        form.addRow(tr("settings.language"), self.language)
        form.addRow(tr("settings.theme"), self.theme)
        return page

    # -- behaviour ----------------------------------------------------------------------
    def settings(self) -> AppSettings:
        return replace(
            self._settings,
            model=self.model_page.model_settings(),
            workspace_root=self._workspace_setting(),
            language=self.language.currentData(),
            theme=self.theme.currentData(),
            soffice_path=self.soffice.text().strip(),
            problems=(),
        )

    def _workspace_setting(self) -> str:
        """The folder as typed; "" when it is the default, so the default can follow MIRA_HOME/platform."""
        text = self.workspace.text().strip()
        from desktop import paths

        if text and Path(text).expanduser() == paths.default_workspace_root():
            return ""
        return text

    def _browse(self) -> None:
        folder = self.pick_folder(self, self.workspace.text())
        if folder:
            self.workspace.setText(folder)

    def _fail(self, text: str) -> None:
        self._error_text = text
        self.error.setText(text)
        self.error.show()

    def accept_settings(self) -> None:
        try:
            settings = self.settings()
        except ValueError as exc:
            self._fail(tr("settings.invalid", error=say_error(exc)))
            return
        if settings.workspace_root:
            root = Path(settings.workspace_root).expanduser()
            if not root.is_absolute():
                self._fail(tr("settings.workspace.invalid", error=settings.workspace_root))
                return
            try:
                root.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                self._fail(tr("settings.workspace.invalid", error=exc.strerror or exc))
                return
        not_kept = self.model_page.keys.store(settings)
        self.sig_apply.emit(settings)  # theme, language and the rest are kept whatever the key's fate
        if not_kept is not None:
            self.model_page.api_key.clear()
            self._fail(tr("settings.saved_but", reason=not_kept()))
            return  # open, so the reason is read; OK again (or Cancel) closes it
        self.accept()
