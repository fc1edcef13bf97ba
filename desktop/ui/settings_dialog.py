"""Settings: model provider (+ key in the OS keyring, test connection), workspace, language, theme."""
from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QPalette, QResizeEvent
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDoubleSpinBox,
    QFileDialog,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from desktop.i18n import LANGUAGES, render, say_error, tr
from desktop.llm import keys
from desktop.llm.settings import MAX_CONTEXT, ModelSettings
from desktop.settings import THEMES, AppSettings

log = logging.getLogger(__name__)


def _pick_folder(parent: QWidget, start: str) -> str:
    return QFileDialog.getExistingDirectory(parent, tr("settings.workspace_root"), start)


class _Note(QLabel):
    """Explanatory text under a field: wraps, muted, selectable, and exactly as tall as its lines.

    A wrapped QLabel's size hint assumes a narrow guess of a width, and a form inside a tab page takes
    it as is, leaving an empty band under the note; here the hint follows the width it really has.
    """

    def __init__(self, parent: QWidget) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        font = self.font()
        font.setPointSizeF(font.pointSizeF() * 0.92)
        self.setFont(font)
        # Muted through the palette, not disabled: a disabled label is too faint to read and cannot be
        # selected, and these notes hold text worth copying (the MIRA_API_KEY variable name).
        self.setForegroundRole(QPalette.ColorRole.PlaceholderText)

    def sizeHint(self) -> QSize:  # noqa: N802 - Qt override
        hint = super().sizeHint()
        return QSize(hint.width(), self.heightForWidth(max(self.width(), hint.width())))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 - Qt override
        return QSize(super().minimumSizeHint().width(), self.sizeHint().height())

    def resizeEvent(self, event: QResizeEvent) -> None:  # noqa: N802 - Qt override
        super().resizeEvent(event)
        self.updateGeometry()  # a new width means a new height


class SettingsDialog(QDialog):
    """Edits a copy of the settings; ``sig_apply(AppSettings)`` fires on OK with valid values."""

    sig_apply = Signal(object)

    def __init__(self, settings: AppSettings, parent: QWidget | None = None, *,
                 rules: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("settingsDialog")
        self.setWindowTitle(tr("settings.title"))
        self.setMinimumWidth(560)
        self._settings = settings
        # Injectable for tests: (parent, start folder) -> chosen folder or "".
        self.pick_folder: Callable[[QWidget, str], str] = _pick_folder
        self.test_task: asyncio.Future[Any] | None = None

        self.tabs = QTabWidget(self)
        self.tabs.addTab(self._model_tab(), tr("settings.tab.model"))
        self.tabs.addTab(self._workspace_tab(), tr("settings.tab.workspace"))
        self.tabs.addTab(self._interface_tab(), tr("settings.tab.interface"))
        if rules is not None:  # the approval rules the user made, with Revoke
            self.tabs.addTab(rules, tr("settings.tab.rules"))
        self.error = QLabel(self)
        self.error.setWordWrap(True)
        self.error.setStyleSheet("color: #d1242f;")
        self.error.hide()
        self.ok_button = QPushButton(tr("settings.ok"), self)
        self.ok_button.setDefault(True)
        self.cancel_button = QPushButton(tr("settings.cancel"), self)
        self.ok_button.clicked.connect(self.accept_settings)
        self.cancel_button.clicked.connect(self.reject)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.ok_button)
        layout = QVBoxLayout(self)
        layout.addWidget(self.tabs)
        layout.addWidget(self.error)
        layout.addLayout(buttons)
        self._describe_controls()
        self._provider_changed()

    def _describe_controls(self) -> None:
        """What a screen reader says for each control: its label, then what it does."""
        tips = ("a11y.settings.tab.model", "a11y.settings.tab.workspace", "a11y.settings.tab.interface",
                "a11y.settings.tab.rules")
        for index, key in zip(range(self.tabs.count()), tips, strict=False):
            self.tabs.setTabToolTip(index, tr(key))  # Qt describes a tab by its tool tip
        controls: tuple[tuple[QWidget, str, str], ...] = (
            (self.tabs, "a11y.settings.tabs", "a11y.settings.tabs.desc"),
            (self.provider, "settings.provider", "a11y.settings.provider"),
            (self.model_name, "settings.model", "a11y.settings.model"),
            (self.timeout, "settings.timeout", "a11y.settings.timeout"),
            (self.key_store, "settings.key_store", "a11y.settings.key_store"),
            (self.api, "settings.api", "a11y.settings.api"),
            (self.context_window, "settings.context_window", "settings.context_window.note"),
            (self.fetch_button, "settings.fetch", "settings.fetch.tip"),
            (self.test_button, "settings.test", "a11y.settings.test"),
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
    def _model_tab(self) -> QWidget:
        page = QWidget(self)
        model = self._settings.model
        self.provider = QComboBox(page)
        self.provider.addItem(tr("settings.provider.offline"), "offline")
        self.provider.addItem(tr("settings.provider.openai"), "openai_compatible")
        self.provider.setCurrentIndex(max(0, self.provider.findData(model.provider)))
        self.base_url = QLineEdit(model.base_url, page)
        self.base_url.setPlaceholderText("https://api.openai.com/v1")
        self.model_name = QLineEdit(model.model, page)
        self.model_name.setPlaceholderText("gpt-4o-mini")
        self.api_key = QLineEdit(page)
        self.api_key.setEchoMode(QLineEdit.EchoMode.Password)
        self.timeout = QDoubleSpinBox(page)
        self.timeout.setRange(1, 600)
        self.timeout.setSuffix(" s")
        self.timeout.setValue(model.timeout)
        self.preset = QComboBox(page)
        self.preset.addItem(tr("settings.preset.choose"), "")
        for name, url in keys.PRESETS:
            self.preset.addItem(name, url)
        self.preset.setAccessibleName(tr("settings.preset"))
        self.preset.setAccessibleDescription(tr("settings.preset.tip"))
        self.preset.setToolTip(tr("settings.preset.tip"))
        self.preset.activated.connect(self._on_preset)
        self.fetch_button = QPushButton(tr("settings.fetch"), page)
        self.fetch_button.setAccessibleDescription(tr("settings.fetch.tip"))
        self.fetch_button.setToolTip(tr("settings.fetch.tip"))
        self.fetch_button.clicked.connect(self._on_fetch_clicked)
        self.fetched_models: list[str] = []
        self.fetch_task: asyncio.Future[Any] | None = None
        self.key_store = QComboBox(page)
        self.key_store.addItem(tr("settings.key_store.env"), "env")
        self.key_store.addItem(tr("settings.key_store.file"), "file")
        self.key_store.setAccessibleName(tr("settings.key_store"))
        self.key_store.currentIndexChanged.connect(self._update_key_note)
        # Local servers (issue 17): which API, and how many tokens the model reads at once (0 = unknown).
        self.api = QComboBox(page)
        self.api.addItem(tr("settings.api.openai"), "openai")
        self.api.addItem(tr("settings.api.ollama"), "ollama")
        self.api.setCurrentIndex(max(0, self.api.findData(model.api)))
        self.context_window = QSpinBox(page)
        self.context_window.setRange(0, MAX_CONTEXT)
        self.context_window.setSingleStep(1024)
        self.context_window.setSpecialValueText(tr("settings.context_window.unknown"))
        self.context_window.setValue(model.context_window)
        self.context_window.setToolTip(tr("settings.context_window.note"))
        self.context_window.setAccessibleDescription(tr("settings.context_window.note"))
        self.test_button = QPushButton(tr("settings.test"), page)
        self.test_result = QLabel(page)
        self.test_result.setWordWrap(True)
        self.test_result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.key_note = _Note(page)
        self.keyring_available, _note_text = keys.keyring_status()
        self.offline_note = _Note(page)
        self.offline_note.setText(tr("settings.offline.note"))
        test_row = QHBoxLayout()
        test_row.addWidget(self.test_button)
        test_row.addWidget(self.test_result, 1)
        form = self.model_form = QFormLayout(page)
        form.addRow(tr("settings.provider"), self.provider)
        form.addRow("", self.offline_note)
        form.addRow(tr("settings.preset"), self.preset)
        form.addRow(tr("settings.base_url"), self.base_url)
        model_row = QHBoxLayout()
        model_row.addWidget(self.model_name, 1)
        model_row.addWidget(self.fetch_button)
        form.addRow(tr("settings.model"), model_row)
        form.addRow(tr("settings.api_key"), self.api_key)
        form.addRow(tr("settings.key_store"), self.key_store)
        form.addRow("", self.key_note)
        form.addRow(tr("settings.timeout"), self.timeout)
        form.addRow(tr("settings.api"), self.api)
        form.addRow(tr("settings.context_window"), self.context_window)
        form.addRow(test_row)
        self.provider.currentIndexChanged.connect(self._provider_changed)
        self.base_url.textChanged.connect(lambda _t: self._update_key_note())
        self.base_url.textChanged.connect(self._local_preset)
        self.test_button.clicked.connect(self._on_test_clicked)
        for widget, name in ((self.provider, "settings.provider"), (self.base_url, "settings.base_url"),
                             (self.model_name, "settings.model"), (self.api_key, "settings.api_key"),
                             (self.timeout, "settings.timeout")):
            widget.setAccessibleName(tr(name).rstrip(":："))
        self.base_url.setAccessibleDescription(tr("settings.preset.tip"))
        self.api_key.setAccessibleDescription(tr("settings.api_key.note"))
        return page

    def _workspace_tab(self) -> QWidget:
        page = QWidget(self)
        self.workspace = QLineEdit(str(self._settings.workspace_path()), page)
        self.browse_button = QPushButton(tr("settings.browse"), page)
        self.browse_button.clicked.connect(self._browse)
        row = QHBoxLayout()
        row.addWidget(self.workspace, 1)
        row.addWidget(self.browse_button)
        note = _Note(page)
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
        lo_note = _Note(page)
        lo_note.setText(tr("settings.soffice.note"))
        form.addRow(tr("settings.soffice"), lo_row)
        form.addRow("", lo_note)
        return page

    def _browse_soffice(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, tr("settings.soffice"), self.soffice.text())
        if path:
            self.soffice.setText(path)

    def _interface_tab(self) -> QWidget:
        page = QWidget(self)
        self.language = QComboBox(page)
        # "" follows the system's language (the default); the rest are the listed translations.
        self.language.addItem(tr("settings.language.system"), "")
        for code, name in LANGUAGES.items():
            self.language.addItem(name, code)
        self.language.setCurrentIndex(max(0, self.language.findData(self._settings.language)))
        self.theme = QComboBox(page)
        for theme in THEMES:
            self.theme.addItem(tr(f"settings.theme.{theme}"), theme)
        self.theme.setCurrentIndex(max(0, self.theme.findData(self._settings.theme)))
        form = QFormLayout(page)
        form.addRow(tr("settings.language"), self.language)
        form.addRow(tr("settings.theme"), self.theme)
        return page

    # -- behaviour ----------------------------------------------------------------------
    def _provider_changed(self) -> None:
        remote = self.provider.currentData() == "openai_compatible"
        for widget in (self.base_url, self.model_name, self.api_key, self.timeout, self.preset, self.fetch_button,
                       self.api, self.context_window):
            widget.setEnabled(remote)
        # Whole rows, so a hidden note leaves no gap.
        self.model_form.setRowVisible(self.offline_note, not remote)
        self.model_form.setRowVisible(self.key_note, remote)
        self.model_form.setRowVisible(self.preset, remote)
        self.model_form.setRowVisible(self.key_store, remote and not self.keyring_available)
        self.test_result.clear()
        self._update_key_note()

    def _account(self) -> str:
        try:
            return ModelSettings(provider="openai_compatible", base_url=self.base_url.text()).account
        except ValueError:
            return ""

    def _update_key_note(self) -> None:
        """Say where the key goes and whether one is stored (also in the key field's placeholder)."""
        source = keys.key_source(self._account()) if self._account() else None
        if source == "OS keyring":
            self.api_key.setPlaceholderText(tr("settings.api_key.stored_keyring"))
        elif source == "key file":
            self.api_key.setPlaceholderText(tr("settings.api_key.stored_file"))
        elif source:
            self.api_key.setPlaceholderText(tr("settings.api_key.from_env", var=source))
        else:
            self.api_key.setPlaceholderText(tr("settings.api_key.none"))
        if self.keyring_available:
            self.key_note.setText(tr("settings.api_key.note"))
        elif self.key_store.currentData() == "file":
            self.key_note.setText(tr("settings.key_file.note", path=str(keys.key_file())))
        else:
            self.key_note.setText(tr("settings.no_keyring"))

    def _on_preset(self, index: int) -> None:
        url = self.preset.itemData(index)
        if url:
            self.base_url.setText(url)

    def _on_fetch_clicked(self) -> None:
        self.fetch_task = asyncio.ensure_future(self.fetch_models())

    async def fetch_models(self) -> list[str]:
        """Ask the server for its models (``GET /models``) and offer them under the model field."""
        self.fetch_button.setEnabled(False)
        self.test_result.setStyleSheet("")
        self.test_result.setText(tr("settings.fetching"))
        try:
            key = self.api_key.text().strip() or keys.get_api_key(self._account())
            models = await keys.list_models(self.base_url.text().strip(), key, self.timeout.value())
        except ValueError as exc:
            self.test_result.setText(tr("settings.fetch_failed", error=say_error(exc)))
            return []
        finally:
            self.fetch_button.setEnabled(True)
        self.fetched_models = models
        self.test_result.setText(tr("settings.fetched", n=len(models)))
        from PySide6.QtWidgets import QCompleter

        completer = QCompleter(models, self.model_name)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        self.model_name.setCompleter(completer)
        if models and self.isVisible():
            self.model_name.setFocus()
            completer.setCompletionPrefix("")
            completer.complete()  # the list drops down under the field: pick with the mouse or arrows
        return models

    def model_settings(self) -> ModelSettings:
        """The model settings as entered; ValueError names the bad field."""
        return ModelSettings(
            provider=self.provider.currentData(),
            base_url=self.base_url.text(),
            model=self.model_name.text(),
            timeout=self.timeout.value(),
            context_window=self.context_window.value(),
            api=self.api.currentData(),
        )

    def settings(self) -> AppSettings:
        return replace(
            self._settings,
            model=self.model_settings(),
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

    def _on_test_clicked(self) -> None:
        self.test_task = asyncio.ensure_future(self.test_connection())

    async def test_connection(self) -> tuple[bool, str]:
        """Run one tiny real call with what is entered; the button is disabled meanwhile."""
        from desktop.llm.factory import checked_connection

        self.test_button.setEnabled(False)
        self.test_result.setText(tr("settings.testing"))
        self.test_result.setStyleSheet("")
        try:
            try:
                settings = self.model_settings()
            except ValueError as exc:
                ok, message = False, str(exc)
            else:
                ok, said, _english = await checked_connection(settings, self.api_key.text().strip() or None)
                message = "\n".join(render(m) for m in said)
                if ok:
                    message = await self._fill_context_window(settings, message)
        except Exception as exc:  # noqa: BLE001 - any failure is a result to show, not a crash
            ok, message = False, str(exc)
        finally:
            self.test_button.setEnabled(True)
        self.test_result.setText(("✓ " if ok else "✗ ") + message)
        self.test_result.setStyleSheet("color: #1a7f37;" if ok else "color: #d1242f;")
        return ok, message

    def _local_preset(self, url: str) -> None:
        """A local server's usual address (typed, or set by a preset) brings its API and default window."""
        from desktop.llm.servers import preset_for

        preset = preset_for(url)
        if preset is None:
            return
        self.api.setCurrentIndex(max(0, self.api.findData(preset.api)))
        if not preset.context_window:
            self.context_window.setValue(0)  # fixed by the server: read it there (Test connection)
        elif not self.context_window.value():
            self.context_window.setValue(preset.context_window)

    async def _fill_context_window(self, settings: ModelSettings, message: str) -> str:
        """After a good connection: take the window from the server when none is set; say when the model
        cannot call tools."""
        from desktop.llm.factory import detect_context_window, ollama_behind_openai_endpoint

        if await ollama_behind_openai_endpoint(settings):
            return message + "\n" + tr("model.ollama_openai")
        window, tools = await detect_context_window(settings)
        if window and not self.context_window.value():
            self.context_window.setValue(window)
        if tools is False:
            message += "\n" + tr("model.no_tools", model=settings.model)
        return message

    def _fail(self, text: str) -> None:
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
        key = self.api_key.text().strip()
        if key and settings.model.provider == "openai_compatible":
            to_file = not self.keyring_available and self.key_store.currentData() == "file"
            try:
                keys.set_api_key(settings.model.account, key, to_file=to_file)
            except keys.KeyStoreError as exc:
                self._fail(tr("settings.key_failed", error=say_error(exc)))
                return
        self.sig_apply.emit(settings)
        self.accept()
