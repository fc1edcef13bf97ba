"""One Mira per data folder: a second start brings the running window to the front and exits.

Two windows on the same store would each run and recover tasks; the store copes, but the user sees
two diverging chats. The running copy listens on a local socket (a Unix socket or a Windows named
pipe) whose name is derived from the data folder, so copies on different data (MIRA_HOME) are
independent.
"""
from __future__ import annotations

import hashlib
import logging
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

log = logging.getLogger(__name__)

_HELLO = b"activate\n"


def server_name(data_dir: Path) -> str:
    """The socket name for ``data_dir`` (short: Unix socket paths are limited to ~100 bytes)."""
    digest = hashlib.sha256(str(Path(data_dir).resolve()).encode("utf-8")).hexdigest()[:16]
    return f"mira-{digest}"


class SingleInstance(QObject):
    """``activate_existing()`` asks a running copy to come forward; ``listen()`` makes this copy that one."""

    sig_activate = Signal()

    def __init__(self, data_dir: Path, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = server_name(data_dir)
        self._server: QLocalServer | None = None

    def activate_existing(self, timeout_ms: int = 1000) -> bool:
        """True when another copy answered (it was asked to show its window)."""
        socket = QLocalSocket()
        socket.connectToServer(self.name)
        if not socket.waitForConnected(timeout_ms):
            return False
        socket.write(_HELLO)
        socket.waitForBytesWritten(timeout_ms)
        socket.disconnectFromServer()
        return True

    def listen(self) -> bool:
        """Start answering later copies; False when another copy got there first (it was activated)."""
        server = QLocalServer(self)
        # No socket options: with them Qt creates the socket aside and renames it over an existing one,
        # so a second copy would silently take over. The only message is "activate": nothing to protect.
        if not server.listen(self.name):
            if self.activate_existing():
                return False  # started at the same moment as another copy, which won
            QLocalServer.removeServer(self.name)  # a socket file left by a copy that crashed
            if not server.listen(self.name):
                log.warning("single-instance socket %s unavailable: %s", self.name, server.errorString())
                return True  # run anyway: a second copy is worse than none only for the user's habits
        server.newConnection.connect(self._on_connection)
        self._server = server
        return True

    def close(self) -> None:
        if self._server is not None:
            self._server.close()
            self._server = None

    def _on_connection(self) -> None:
        assert self._server is not None
        while self._server.hasPendingConnections():
            socket = self._server.nextPendingConnection()
            socket.disconnected.connect(socket.deleteLater)
            self.sig_activate.emit()
