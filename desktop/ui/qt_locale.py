"""Qt's own strings (standard dialog buttons, text-field context menus) in the interface language."""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import QApplication

if TYPE_CHECKING:
    from PySide6.QtCore import QTranslator

_qt_translator: QTranslator | None = None


def install_qt_translations(language: str) -> None:
    """Qt's own strings (standard buttons such as Yes/No, text-field context menus) in ``language``."""
    global _qt_translator
    app = QApplication.instance()
    if app is None:
        return
    if _qt_translator is not None:
        app.removeTranslator(_qt_translator)
        _qt_translator = None
    if language == "en":
        return
    from PySide6.QtCore import QLibraryInfo, QTranslator  # English needs neither

    translator = QTranslator(app)
    folder = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if translator.load(f"qtbase_{language}", folder):
        app.installTranslator(translator)
        _qt_translator = translator
