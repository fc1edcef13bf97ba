"""Where the settings dialog keeps the API key: the OS keyring, or (without one) the environment or a
key file the user chose; the note that says which, and storing a newly typed key on OK.

A part of the dialog's model page (:class:`desktop.ui.settings_model.ModelPage`), handed the page's server,
key and key-place fields."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QComboBox, QLabel, QLineEdit

from desktop.i18n import say_error, tr
from desktop.llm import keys
from desktop.llm.settings import ModelSettings
from desktop.settings import AppSettings


class KeyStorage:
    """The key's place and note, over the model page's server address, key field, key place and note."""

    def __init__(self, *, base_url: QLineEdit, api_key: QLineEdit, key_store: QComboBox, key_note: QLabel,
                 keyring_available: bool) -> None:
        self.base_url = base_url
        self.api_key = api_key
        self.key_store = key_store
        self.key_note = key_note
        self.keyring_available = keyring_available

    def account(self) -> str:
        """The keyring account of the server entered ("" while the address is not valid)."""
        try:
            return ModelSettings(provider="openai_compatible", base_url=self.base_url.text()).account
        except ValueError:
            return ""

    def update_note(self) -> None:
        """Say where the key goes and whether one is stored (also in the key field's placeholder)."""
        source = keys.key_source(self.account()) if self.account() else None
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

    def store(self, settings: AppSettings) -> Callable[[], str] | None:
        """Store a newly typed key for the entered server; when it was not kept, the reason in words.

        The other settings never wait on the key: the dialog saves them either way and shows this
        reason (with "environment variable" chosen Mira keeps no key at all, so one typed there
        is not kept, and the note says how to give it instead). The reason is a function: it is
        worded after the settings are applied, in the language they may just have switched to."""
        key = self.api_key.text().strip()
        if not key or settings.model.provider != "openai_compatible":
            return None
        if not self.keyring_available and self.key_store.currentData() != "file":
            return lambda: tr("settings.key_env_only")
        try:
            keys.set_api_key(settings.model.account, key, to_file=not self.keyring_available)
        except keys.KeyStoreError as exc:
            refused = exc  # the except clause unbinds its name; the reason is worded later
            return lambda: tr("settings.key_failed", error=say_error(refused))
        return None
