"""One Mira per data folder: a second start brings the running window to the front and exits.

Two windows on the same store would each run and recover tasks; the store copes, but the user sees
two diverging chats. The running copy listens on a local socket whose name is derived from the data
folder, so copies on different data (MIRA_HOME) are independent. Where the OS has Unix sockets they
are used directly (a QSocketNotifier wakes the event loop; no QtNetwork import before the first
frame); elsewhere (Windows) QLocalServer's named pipe does the same.
"""
from __future__ import annotations

import logging
import os
import socket
import tempfile
from pathlib import Path

from PySide6.QtCore import QCryptographicHash, QObject, QSocketNotifier, Signal

log = logging.getLogger(__name__)

_HELLO = b"activate\n"
_UNIX = hasattr(socket, "AF_UNIX") and os.name != "nt"


def server_name(data_dir: Path) -> str:
    """The socket name for ``data_dir`` (short: Unix socket paths are limited to ~100 bytes)."""
    # Qt's SHA-256 (the same digest as hashlib's): hashlib would load OpenSSL before the first frame.
    sha = QCryptographicHash.hash(str(Path(data_dir).resolve()).encode("utf-8"), QCryptographicHash.Algorithm.Sha256)
    digest = bytes(sha.toHex().data()).decode("ascii")[:16]
    return f"mira-{digest}"


def _socket_path(name: str) -> str:
    base = os.environ.get("XDG_RUNTIME_DIR") or tempfile.gettempdir()
    return os.path.join(base, name + ".sock")


class SingleInstance(QObject):
    """``activate_existing()`` asks a running copy to come forward; ``listen()`` makes this copy that one."""

    sig_activate = Signal()

    def __init__(self, data_dir: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = server_name(data_dir)
        self._sock: socket.socket | None = None
        self._notifier: QSocketNotifier | None = None
        self._server: object | None = None  # QLocalServer where there are no Unix sockets

    def activate_existing(self, timeout_ms: int = 1000) -> bool:
        """True when another copy answered (it was asked to show its window)."""
        if not _UNIX:
            return self._qt_activate(timeout_ms)
        client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        client.settimeout(timeout_ms / 1000)
        try:
            client.connect(_socket_path(self.name))
            client.sendall(_HELLO)
        except OSError:
            return False
        finally:
            client.close()
        return True

    def listen(self) -> bool:
        """Start answering later copies; False when another copy got there first (it was activated)."""
        if not _UNIX:
            return self._qt_listen()
        path = _socket_path(self.name)
        sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            sock.bind(path)
        except OSError:
            if self.activate_existing():
                sock.close()
                return False  # started at the same moment as another copy, which won
            try:
                os.unlink(path)  # a socket file left by a copy that crashed
                sock.bind(path)
            except OSError as exc:
                log.warning("single-instance socket %s unavailable: %s", path, exc)
                sock.close()
                return True  # run anyway
        os.chmod(path, 0o600)
        sock.listen(4)
        sock.setblocking(False)
        self._sock = sock
        self._notifier = QSocketNotifier(sock.fileno(), QSocketNotifier.Type.Read, self)
        self._notifier.activated.connect(self._on_ready)
        return True

    def close(self) -> None:
        if self._notifier is not None:
            self._notifier.setEnabled(False)
            self._notifier = None
        if self._sock is not None:
            path = self._sock.getsockname()
            self._sock.close()
            self._sock = None
            try:
                os.unlink(path)
            except OSError:
                pass
        if self._server is not None:
            self._server.close()  # type: ignore[attr-defined]
            self._server = None

    def _on_ready(self, *_args: object) -> None:
        assert self._sock is not None
        while True:
            try:
                conn, _addr = self._sock.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                return
            conn.close()
            self.sig_activate.emit()

    # -- Windows: named pipes through QtNetwork ---------------------------------------------
    def _qt_activate(self, timeout_ms: int) -> bool:
        from PySide6.QtNetwork import QLocalSocket

        client = QLocalSocket()
        client.connectToServer(self.name)
        if not client.waitForConnected(timeout_ms):
            return False
        client.write(_HELLO)
        client.waitForBytesWritten(timeout_ms)
        client.disconnectFromServer()
        return True

    def _qt_listen(self) -> bool:
        from PySide6.QtNetwork import QLocalServer

        server = QLocalServer(self)
        if not server.listen(self.name):
            if self._qt_activate(1000):
                return False
            QLocalServer.removeServer(self.name)
            if not server.listen(self.name):
                log.warning("single-instance pipe %s unavailable: %s", self.name, server.errorString())
                return True

        def on_connection() -> None:
            while server.hasPendingConnections():
                conn = server.nextPendingConnection()
                conn.disconnected.connect(conn.deleteLater)
                self.sig_activate.emit()

        server.newConnection.connect(on_connection)
        self._server = server
        return True
