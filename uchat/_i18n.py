"""Translator hook: every string uchat shows passes through :func:`tr`.

The host installs a callable (e.g. one that maps English to 简体中文) with
:func:`set_translator` before building widgets, or calls ``retranslate()`` on
the widgets afterwards.
"""
from __future__ import annotations

from collections.abc import Callable

_translator: Callable[[str], str] | None = None


def set_translator(translate: Callable[[str], str] | None) -> None:
    """Install ``translate(english) -> shown text``; ``None`` restores English."""
    global _translator
    _translator = translate


def tr(text: str) -> str:
    """Translate one user-visible string; falls back to the English text."""
    if _translator is None:
        return text
    try:
        shown = _translator(text)
    except Exception:  # noqa: BLE001 - a broken translator must never break the chat
        return text
    return shown if isinstance(shown, str) and shown else text
