"""Where the settings dialog keeps the API key: the OS keyring, or (without one) the environment or a
key file the user chose; the note that says which, and storing a newly typed key on OK.

A mixin of :class:`desktop.ui.settings_dialog.SettingsDialog`."""
from __future__ import annotations

from typing import Any

from desktop.i18n import say_error, tr
from desktop.llm import keys
from desktop.llm.settings import ModelSettings
from desktop.settings import AppSettings


class KeyStorage:
    """The key's place and note (uses the model page's fields)."""

    # Provided by the dialog (the model page).
    base_url: Any
    api_key: Any
    key_store: Any
    key_note: Any
    keyring_available: bool

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

    def _store_key(self, settings: AppSettings) -> bool:
        """Store a newly typed key for the entered server; False (with the reason shown) if it could not be."""
        key = self.api_key.text().strip()
        if key and settings.model.provider == "openai_compatible":
            to_file = not self.keyring_available and self.key_store.currentData() == "file"
            try:
                keys.set_api_key(settings.model.account, key, to_file=to_file)
            except keys.KeyStoreError as exc:
                self._fail(tr("settings.key_failed", error=say_error(exc)))
                return False
        return True
