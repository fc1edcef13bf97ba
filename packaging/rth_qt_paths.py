"""Run-time hook of the frozen app, in place of PyInstaller's ``pyi_rth_pyside6``.

That hook imports PySide6.QtCore at every start to register a qt.conf, which PySide6's own
QtCore registers when it loads; it cost every command (``mira inspect``, ``--version``) the
Qt libraries' load, 0.1-0.2 s, though most commands never touch Qt. Here only the paths are
set; Qt loads when Mira first imports it. (No ``from __future__``: this runs as a plain script.)
"""
import os
import sys


def _qt_paths() -> None:
    base = getattr(sys, "_MEIPASS", os.path.dirname(sys.executable))
    qt = os.path.join(base, "PySide6") if sys.platform.startswith("win") else os.path.join(base, "PySide6", "Qt")
    os.environ["QT_PLUGIN_PATH"] = os.path.join(qt, "plugins")
    os.environ["QML2_IMPORT_PATH"] = os.path.join(qt, "qml")
    if sys.platform.startswith("win"):  # QtNetwork finds the OpenSSL DLLs collected beside the app
        os.environ["PATH"] = base + os.pathsep + os.environ.get("PATH", "")


_qt_paths()
del _qt_paths
