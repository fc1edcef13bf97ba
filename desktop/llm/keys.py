"""API keys: the OS keyring first, then a key file readable only by the user (when the user chose
it because there is no keyring), then the MIRA_API_KEY / OPENAI_API_KEY environment variables.

The key file (``api-keys.json`` in the data folder, mode 0600) is not encrypted: anyone who can act
as this user account, or read its backups, can read it. The Settings dialog says so before it is used.

Keys are never written to SQLite, settings files or logs, and never appear in
an exception message. A keyring that cannot work (a headless Linux without a
Secret Service, a locked or broken backend) is reported with a clear note and
the environment fallback is used; nothing here crashes because of it.
"""
from __future__ import annotations

import json
import logging
import os
import stat
from pathlib import Path

import keyring
import keyring.errors

from desktop.errors import MiraError
from desktop.messages import msg

SERVICE = "Mira Desktop"
ENV_VARS: tuple[str, ...] = ("MIRA_API_KEY", "OPENAI_API_KEY")

log = logging.getLogger(__name__)


KEY_FILE_NAME = "api-keys.json"


def key_file() -> Path:
    """Where keys are kept when the user chose a key file (inside the data folder)."""
    from desktop import paths

    return paths.data_dir() / KEY_FILE_NAME


def _read_key_file() -> dict[str, str]:
    path = key_file()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if os.name != "nt" and stat.S_IMODE(path.stat().st_mode) & 0o077:
        log.warning("the key file %s is readable by others; it is ignored until only you can read it", path)
        return {}
    return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}


def _write_key_file(keys: dict[str, str]) -> None:
    path = key_file()
    tmp = path.with_name(path.name + ".tmp")
    # Created 0600 from the start (never briefly readable by others), then moved into place.
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(keys, fh)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    os.chmod(tmp, 0o600)
    os.replace(tmp, path)


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
    value = _from_keyring(account) or (_read_key_file().get(account) if account else None)
    if value:
        return value
    found = _from_env()
    return found[1] if found else None


def key_source(account: str) -> str | None:
    """Where :func:`get_api_key` would take the key from ("OS keyring", an env var name), or None."""
    if _from_keyring(account):
        return "OS keyring"
    if account and _read_key_file().get(account):
        return "key file"
    found = _from_env()
    return found[0] if found else None


def set_api_key(account: str, key: str, *, to_file: bool = False) -> None:
    """Store ``key`` for ``account`` in the OS keyring (or, when ``to_file``, in the user-only key file);
    raise KeyStoreError with a clear reason on failure."""
    if not account:
        raise KeyStoreError(msg("error.llm_keys.api_key_needs_server"))
    key = key.strip()
    if not key:
        raise KeyStoreError(msg("error.llm_keys.api_key_empty"))
    if any(ch in key for ch in "\r\n\x00"):
        raise KeyStoreError(msg("error.llm_keys.api_key_contains_line"))
    if to_file:
        stored = _read_key_file()
        stored[account] = key
        try:
            _write_key_file(stored)
        except OSError as exc:
            raise KeyStoreError(msg("error.llm_keys.key_file_could_written", value=exc.strerror or type(exc).__name__)) from None
        return
    ok, note = keyring_status()
    if not ok:
        raise KeyStoreError(note)
    try:
        keyring.set_password(SERVICE, account, key)
    except Exception as exc:  # noqa: BLE001 - the backend's own message may echo the secret; name only the type
        raise KeyStoreError(msg("error.llm_keys.os_keyring_refused_store", type=type(exc).__name__)) from None


def delete_api_key(account: str) -> bool:
    """Remove the stored key for ``account``; True if one was removed, False if there was none."""
    stored = _read_key_file()
    if account and account in stored:
        del stored[account]
        try:
            _write_key_file(stored)
        except OSError as exc:
            raise KeyStoreError(msg("error.llm_keys.key_file_could_written", value=exc.strerror or type(exc).__name__)) from None
        return True
    if not account or not keyring_status()[0]:
        return False  # no keyring, so nothing can be stored there
    try:
        if keyring.get_password(SERVICE, account) is None:
            return False
        keyring.delete_password(SERVICE, account)
    except keyring.errors.PasswordDeleteError:
        return False
    except Exception as exc:  # noqa: BLE001
        raise KeyStoreError(msg("error.llm_keys.os_keyring_could_remove", type=type(exc).__name__)) from None
    return True


PRESETS: tuple[tuple[str, str], ...] = (
    # (name shown, base URL) of OpenAI-compatible servers people commonly use
    ("OpenAI", "https://api.openai.com/v1"),
    ("DeepSeek", "https://api.deepseek.com/v1"),
    ("Qwen (DashScope)", "https://dashscope.aliyuncs.com/compatible-mode/v1"),
    ("Moonshot / Kimi", "https://api.moonshot.cn/v1"),
    ("Zhipu GLM", "https://open.bigmodel.cn/api/paas/v4"),
    ("SiliconFlow", "https://api.siliconflow.cn/v1"),
    ("OpenRouter", "https://openrouter.ai/api/v1"),
    ("Ollama", "http://localhost:11434/v1"),
    ("LM Studio", "http://localhost:1234/v1"),
    ("vLLM", "http://localhost:8000/v1"),
    ("llama.cpp server", "http://localhost:8080/v1"),
)


async def list_models(base_url: str, key: str | None, timeout: float = 15.0) -> list[str]:
    """The model ids the server lists at ``GET {base_url}/models`` (sorted); raises ValueError with a
    clear reason (no key text in it) when the server cannot be asked or answers something else."""
    import httpx

    from desktop.llm.quirks import in_flight, transport_reason

    if in_flight.busy(base_url):  # a second request would stop the answer a task is streaming
        raise ListingError(msg("model.error.busy", where=base_url))
    url = base_url.rstrip("/") + "/models"
    headers = {"Authorization": f"Bearer {key}"} if key else {}
    try:
        async with httpx.AsyncClient(timeout=timeout) as client:
            response = await client.get(url, headers=headers)
    except httpx.HTTPError as exc:
        reason = transport_reason(exc)
        raise ListingError(msg("model.error.connect", where=base_url), details=f"{url}: {reason}") from None
    if response.status_code != 200:
        raise ListingError(msg("model.error.listing", where=base_url, status=response.status_code))
    try:
        data = response.json().get("data", [])
        ids = sorted({str(m["id"]) for m in data if isinstance(m, dict) and m.get("id")})
    except (ValueError, AttributeError, TypeError):
        raise ListingError(msg("model.error.malformed", where=base_url), details=f"{url}: not a model list") from None
    return ids


class ListingError(MiraError, ValueError):
    """The server's model list could not be read (a ValueError too, as callers catch those)."""
