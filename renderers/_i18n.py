"""Translator hook: every string a renderer shows passes through :func:`tr`.

It mirrors uchat's hook (renderers never import uchat): the host installs
``translate(english) -> shown`` with :func:`set_translator`. Strings are English
templates with ``{name}`` placeholders; :func:`tr` translates the template first
and fills the placeholders after, so translators see one fixed key per string.

Open cards and previews register themselves with :func:`track`; after the host
switches language it calls :func:`retranslate_all` (``set_translator`` does too),
and each live widget re-reads its strings through ``retranslate()``.
"""
from __future__ import annotations

import logging
import weakref
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)

_translator: Callable[[str], str] | None = None
_render_message: Callable[[Any], str] | None = None
_live: weakref.WeakSet[Any] = weakref.WeakSet()


def set_translator(translate: Callable[[str], str] | None) -> None:
    """Install ``translate(english) -> shown text``; ``None`` restores English. Open widgets follow."""
    global _translator
    _translator = translate
    retranslate_all()


def tr(text: str, **values: object) -> str:
    """Translate one user-visible English template, then fill ``{placeholders}`` from ``values``.

    A translator that raises, returns nothing, or returns a template whose placeholders do not
    match falls back to the English text.
    """
    shown = text
    if _translator is not None:
        try:
            candidate = _translator(text)
        except Exception:  # noqa: BLE001 - a broken translator must never break a card
            candidate = text
        if isinstance(candidate, str) and candidate:
            shown = candidate
    if not values:
        return shown
    try:
        return shown.format(**values)
    except (KeyError, IndexError, ValueError):
        return text.format(**values)


def set_message_renderer(render: Callable[[Any], str] | None) -> None:
    """Install ``render(message) -> shown text`` for message values of the Qt-free layers
    (``skills.messages.Msg``: an id with parameters and plurals); ``None`` shows their English."""
    global _render_message
    _render_message = render
    retranslate_all()


def tr_msg(message: Any) -> str:
    """A message value in the current language; without a renderer (or if it fails) its English text."""
    if message is None:
        return ""
    if _render_message is not None:
        try:
            shown = _render_message(message)
        except Exception:  # a broken renderer must never break a card
            log.exception("rendering %r failed", message)
        else:
            if isinstance(shown, str) and shown:
                return shown
    return str(message)


def track(widget: Any) -> None:
    """Remember a live widget with a ``retranslate()`` method (weakly)."""
    _live.add(widget)


def retranslate_all() -> None:
    """Ask every live card and preview to show its strings in the current language."""
    for widget in list(_live):
        try:
            widget.retranslate()
        except RuntimeError:  # the Qt object is already gone
            _live.discard(widget)
        except Exception:
            log.exception("retranslating %r failed", widget)
