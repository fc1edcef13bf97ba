"""The settings dialog's model page: provider, server address and presets, model (with the server's list),
timeout, API and context window, and the connection test that fills in what the server says.

The page is a widget of its own that :class:`desktop.ui.settings_dialog.SettingsDialog` builds from the model
settings shown; where the key is kept is :mod:`desktop.ui.settings_keys`."""
from __future__ import annotations

import asyncio

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from desktop.i18n import render, say_error, tr
from desktop.llm import keys
from desktop.llm.settings import MAX_CONTEXT, MAX_OUTPUT, ModelSettings
from desktop.ui.settings_keys import KeyStorage
from desktop.ui.settings_note import Note


class ModelPage(QWidget):
    """The model tab: its fields, filled from ``model``, and what its buttons do."""

    def __init__(self, model: ModelSettings, parent: QWidget) -> None:
        super().__init__(parent)
        page = self
        self.test_task: asyncio.Future[tuple[bool, str]] | None = None
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
        self.fetch_task: asyncio.Future[list[str]] | None = None
        self.key_store = QComboBox(page)
        self.key_store.addItem(tr("settings.key_store.env"), "env")
        self.key_store.addItem(tr("settings.key_store.file"), "file")
        self.key_store.setAccessibleName(tr("settings.key_store"))
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
        self.output_tool_step = QSpinBox(page)
        self.output_reply = QSpinBox(page)
        for box, value, prefix in ((self.output_tool_step, model.output_tool_step, "settings.output_limit.tools"),
                                   (self.output_reply, model.output_reply, "settings.output_limit.reply")):
            box.setRange(16, MAX_OUTPUT)
            box.setSingleStep(512)
            box.setValue(value)
            box.setPrefix(tr(prefix))
            box.setToolTip(tr("settings.output_limit.note"))
            box.setAccessibleName(tr(prefix).strip().rstrip(":："))
            box.setAccessibleDescription(tr("settings.output_limit.note"))
        self.test_button = QPushButton(tr("settings.test"), page)
        self.test_result = QLabel(page)
        self.test_result.setWordWrap(True)
        self.test_result.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.key_note = Note(page)
        self.keyring_available, _note_text = keys.keyring_status()
        self.keys = KeyStorage(base_url=self.base_url, api_key=self.api_key, key_store=self.key_store,
                               key_note=self.key_note, keyring_available=self.keyring_available)
        self.key_store.currentIndexChanged.connect(lambda _i: self.keys.update_note())
        self.offline_note = Note(page)
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
        limits_row = QHBoxLayout()
        limits_row.addWidget(self.output_tool_step, 1)
        limits_row.addWidget(self.output_reply, 1)
        form.addRow(tr("settings.output_limit"), limits_row)
        form.addRow(test_row)
        self.provider.currentIndexChanged.connect(lambda _i: self.provider_changed())
        self.base_url.textChanged.connect(lambda _t: self.keys.update_note())
        self.base_url.textChanged.connect(self._local_preset)
        self.test_button.clicked.connect(self._on_test_clicked)
        for widget, name in ((self.provider, "settings.provider"), (self.base_url, "settings.base_url"),
                             (self.model_name, "settings.model"), (self.api_key, "settings.api_key"),
                             (self.timeout, "settings.timeout")):
            widget.setAccessibleName(tr(name).rstrip(":："))
        self.base_url.setAccessibleDescription(tr("settings.preset.tip"))
        self.api_key.setAccessibleDescription(tr("settings.api_key.note"))
        self.provider_changed()

    def provider_changed(self) -> None:
        """Only what the chosen provider uses is enabled, and only its notes are shown."""
        remote = self.provider.currentData() == "openai_compatible"
        for widget in (self.base_url, self.model_name, self.api_key, self.timeout, self.preset, self.fetch_button,
                       self.api, self.context_window, self.output_tool_step, self.output_reply):
            widget.setEnabled(remote)
        # Whole rows, so a hidden note leaves no gap.
        self.model_form.setRowVisible(self.offline_note, not remote)
        self.model_form.setRowVisible(self.key_note, remote)
        self.model_form.setRowVisible(self.preset, remote)
        self.model_form.setRowVisible(self.key_store, remote and not self.keyring_available)
        self.test_result.clear()
        self.keys.update_note()

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
            key = self.api_key.text().strip() or keys.get_api_key(self.keys.account())
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
        if models and self.window().isVisible():
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
            output_tool_step=self.output_tool_step.value(),
            output_reply=self.output_reply.value(),
        )

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
            except ValueError as exc:  # a SettingsError: its message value names the field
                ok, message = False, say_error(exc)
            else:
                ok, said, _english = await checked_connection(settings, self.api_key.text().strip() or None)
                message = "\n".join(render(m) for m in said)
                if ok:
                    message = await self._fill_context_window(settings, message)
        except Exception as exc:  # noqa: BLE001 - any failure is a result to show, not a crash
            ok, message = False, say_error(exc)
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
