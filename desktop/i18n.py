"""The window's face of :mod:`desktop.texts`: translations from the compiled ``.qm`` files through a
:class:`QTranslator` (Qt's own plural rules for every language). Everything else is re-exported, so
``desktop.i18n`` and ``desktop.texts`` share one language, one catalogue and one set of listeners."""
from __future__ import annotations

from desktop import texts
from desktop.texts import (  # noqa: F401 - re-exported for the window and its tests
    _EN,
    LANGUAGES,
    Translate,
    _missing,
    language,
    missing,
    on_language_changed,
    render,
    say_error,
    set_language,
    system_language,
    tr,
    tr_renderers,
    tr_uchat,
)
from desktop.translations import qm_path

__all__ = ["LANGUAGES", "language", "missing", "on_language_changed", "render", "say_error", "set_language", "system_language",
           "without_mnemonic",
           "tr", "tr_renderers", "tr_uchat"]


def qt_loader(code: str) -> Translate | None:
    from PySide6.QtCore import QTranslator  # only a language other than English loads a catalogue

    translator = QTranslator()
    if not translator.load(str(qm_path(code))):
        return None

    def translate(context: str, source: str, comment: str = "", n: int = -1) -> str:
        return translator.translate(context, source, comment or None, n)

    translate.translator = translator  # type: ignore[attr-defined]  # kept alive with the function
    return translate


texts.set_loader(qt_loader)


def without_mnemonic(text: str) -> str:
    """A menu entry's words for a dialog title or a name: "键盘快捷键(&K)" → "键盘快捷键", "&Keyboard" → "Keyboard"."""
    import re

    return re.sub(r"\s*[(（]&\w[)）]", "", text).replace("&&", "\0").replace("&", "").replace("\0", "&").strip()
