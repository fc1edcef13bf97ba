"""API keys: the OS keyring first, then the MIRA_API_KEY / OPENAI_API_KEY environment variables.

Keys are never written to SQLite, settings files or logs, and never appear in
an exception message. A keyring that cannot work (a headless Linux without a
Secret Service, a locked or broken backend) is reported with a clear note and
the environment fallback is used; nothing here crashes because of it.
"""
from __future__ import annotations

import logging
import os

import keyring
import keyring.errors

from desktop.errors import MiraError

SERVICE = "Mira Desktop"
ENV_VARS: tuple[str, ...] = ("MIRA_API_KEY", "OPENAI_API_KEY")

log = logging.getLogger(__name__)


class KeyStoreError(MiraError):
    """The key could not be stored or removed; the message says why and what to do instead."""


def _backend_name() -> str:
    try:
        backend = keyring.get_keyring()
    except Exception:  # a misconfigured PYTHON_KEYRING_BACKEND raises here  # noqa: BLE001
        return "unavailable"
    return f"{type(backend).__module__}.{type(backend).__name__}"


def keyring_status() -> tuple[bool, str]:
    """Whether an OS keyring can hold keys here, with a note for the Settings dialog."""
    name = _backend_name()
    if name.startswith(("keyring.backends.fail", "keyring.backends.null")) or name == "unavailable":
        return False, ("No OS keyring is available on this system; set the MIRA_API_KEY environment "
                       "variable instead (the key is not saved anywhere else).")
    return True, f"Keys are kept in the OS keyring ({name})."


def _from_keyring(account: str) -> str | None:
    if not account:
        return None
    try:
        value = keyring.get_password(SERVICE, account)
    except Exception as exc:  # any backend failure means "no key from the keyring"  # noqa: BLE001
        log.info("OS keyring unavailable (%s); falling back to environment variables", type(exc).__name__)
        return None
    return value or None


def _from_env() -> tuple[str, str] | None:
    """``(variable, key)`` from the first of ENV_VARS that holds a non-blank value."""
    for var in ENV_VARS:
        value = os.environ.get(var, "").strip()
        if value:
            return var, value
    return None


def get_api_key(account: str) -> str | None:
    """The key for ``account`` (see ModelSettings.account), or None when there is none anywhere."""
    value = _from_keyring(account)
    if value:
        return value
    found = _from_env()
    return found[1] if found else None


def key_source(account: str) -> str | None:
    """Where :func:`get_api_key` would take the key from ("OS keyring", an env var name), or None."""
    if _from_keyring(account):
        return "OS keyring"
    found = _from_env()
    return found[0] if found else None


def set_api_key(account: str, key: str) -> None:
    """Store ``key`` for ``account`` in the OS keyring; raise KeyStoreError with a clear reason on failure."""
    if not account:
        raise KeyStoreError("an API key needs a server: set the base URL first")
    key = key.strip()
    if not key:
        raise KeyStoreError("the API key is empty")
    if any(ch in key for ch in "\r\n\x00"):
        raise KeyStoreError("the API key contains a line break or NUL character")
    ok, note = keyring_status()
    if not ok:
        raise KeyStoreError(note)
    try:
        keyring.set_password(SERVICE, account, key)
    except Exception as exc:  # noqa: BLE001 - the backend's own message may echo the secret; name only the type
        raise KeyStoreError(f"the OS keyring refused to store the key ({type(exc).__name__}); "
                            "set MIRA_API_KEY in the environment instead") from None


def delete_api_key(account: str) -> bool:
    """Remove the stored key for ``account``; True if one was removed, False if there was none."""
    if not account or not keyring_status()[0]:
        return False  # no keyring, so nothing can be stored there
    try:
        if keyring.get_password(SERVICE, account) is None:
            return False
        keyring.delete_password(SERVICE, account)
    except keyring.errors.PasswordDeleteError:
        return False
    except Exception as exc:  # noqa: BLE001
        raise KeyStoreError(f"the OS keyring could not remove the key ({type(exc).__name__})") from None
    return True
