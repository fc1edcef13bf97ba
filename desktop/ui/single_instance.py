"""One Mira per data folder: a second start brings the running window to the front and exits.

Two windows on the same store would each run and recover tasks; the store copes, but the user sees
two diverging chats. Names derive from the data folder, so copies on different data (MIRA_HOME) are
independent. On Unix the copy that gets a lock on the folder's lock file before its window is built
is the one (:meth:`SingleInstance.claim`; the lock goes with the process, so a crash leaves none);
once its window is drawn it listens on a Unix socket (a QSocketNotifier wakes the event loop), and a
later copy asks it there to come forward, waiting for it if it is still drawing. The socket module
then loads after the first frame, with the event loop, which needs it anyway. Elsewhere (Windows)
QLocalServer's named pipe does both before the window.
"""
from __future__ import annotations

import logging
import os
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QCryptographicHash, QObject, QSocketNotifier, Signal

if TYPE_CHECKING:
    import socket
    from collections.abc import Sequence

    from PySide6.QtNetwork import QLocalSocket

log = logging.getLogger(__name__)

_HELLO = b"activate\n"
_UNIX = os.name != "nt"
WAIT_FOR_FIRST_MS = 3000  # how long a second copy waits for the first to listen (it may be drawing)


def server_name(data_dir: Path) -> str:
    """The socket name for ``data_dir`` (short: Unix socket paths are limited to ~100 bytes)."""
    # Qt's SHA-256 (the same digest as hashlib's): hashlib would load OpenSSL before the first frame.
    sha = QCryptographicHash.hash(str(Path(data_dir).resolve()).encode("utf-8"), QCryptographicHash.Algorithm.Sha256)
    digest = bytes(sha.toHex().data()).decode("ascii")[:16]
    return f"mira-{digest}"


def _socket_path(name: str) -> str:
    base = os.environ.get("XDG_RUNTIME_DIR") or tempfile.gettempdir()
    return os.path.join(base, name + ".sock")


def _lock_path(name: str) -> str:
    return _socket_path(name)[: -len(".sock")] + ".lock"


class SingleInstance(QObject):
    """``activate_existing()`` asks a running copy to come forward; ``listen()`` makes this copy that one."""

    sig_activate = Signal()
    sig_open = Signal(list)  # files a later copy was started with ("Open with Mira"), absolute paths

    def __init__(self, data_dir: Path, parent: QObject | None = None, files: Sequence[str] = ()) -> None:
        super().__init__(parent)
        self.name = server_name(data_dir)
        # What this copy says when another one runs: come forward, then one file per line.
        self._hello = _HELLO + b"".join(os.fsencode(f) + b"\n" for f in files if "\n" not in f)
        self._sock: socket.socket | None = None
        self._notifier: QSocketNotifier | None = None
        self._server: object | None = None  # QLocalServer where there are no Unix sockets
        self._lock: int | None = None  # the held lock file's descriptor (Unix)

    def claim(self) -> bool:
        """Before the window: True when this copy is the one for its data folder (it then calls
        :meth:`listen` once its window is drawn); False when another copy runs, which was asked to come
        forward."""
        if not _UNIX:
            return not self.activate_existing() and self.listen()
        import fcntl

        try:
            fd = os.open(_lock_path(self.name), os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as exc:
            log.warning("single-instance lock %s unavailable: %s", _lock_path(self.name), exc)
            return True  # run anyway
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            self._activate_waiting(WAIT_FOR_FIRST_MS)
            return False
        self._lock = fd
        # A socket with nobody holding the lock: a copy that crashed, or a release before the lock file
        # that still runs (it answers, and comes forward).
        if os.path.exists(_socket_path(self.name)) and self.activate_existing(200):
            self._release()
            return False
        return True

    def _activate_waiting(self, timeout_ms: int) -> bool:
        deadline = time.monotonic() + timeout_ms / 1000
        while True:
            if self.activate_existing(200):
                return True
            if time.monotonic() >= deadline:
                log.warning("another Mira holds %s but did not answer", _lock_path(self.name))
                return False
            time.sleep(0.05)

    def _release(self) -> None:
        if self._lock is not None:
            os.close(self._lock)  # the lock goes with the descriptor
            self._lock = None

    def activate_existing(self, timeout_ms: int = 1000) -> bool:
        """True when another copy answered (it was asked to show its window)."""
        if not _UNIX:
            return self._qt_activate(timeout_ms)
        import socket

        client = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        client.settimeout(timeout_ms / 1000)
        try:
            client.connect(_socket_path(self.name))
            client.sendall(self._hello)
        except OSError:
            return False
        finally:
            client.close()
        return True

    def listen(self) -> bool:
        """Start answering later copies; False when another copy got there first (it was activated).
        Listening already (Windows listens in :meth:`claim`): nothing to do."""
        if self._sock is not None or self._server is not None:
            return True
        if not _UNIX:
            return self._qt_listen()
        import socket

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
        self._release()

    def _on_ready(self, *_args: object) -> None:
        assert self._sock is not None
        while True:
            try:
                conn, _addr = self._sock.accept()
            except (BlockingIOError, InterruptedError):
                return
            except OSError:
                return
            self._answer(_read_all(conn))

    def _answer(self, message: bytes) -> None:
        self.sig_activate.emit()
        files = [os.fsdecode(line) for line in message.split(b"\n")[1:] if line]
        if message.startswith(_HELLO) and files:
            self.sig_open.emit(files)

    # -- Windows: named pipes through QtNetwork ---------------------------------------------
    def _qt_activate(self, timeout_ms: int) -> bool:
        from PySide6.QtNetwork import QLocalSocket

        client = QLocalSocket()
        client.connectToServer(self.name)
        if not client.waitForConnected(timeout_ms):
            return False
        client.write(self._hello)
        client.waitForBytesWritten(timeout_ms)
        client.disconnectFromServer()
        return True

    def _answer_and_close(self, conn: QLocalSocket) -> None:
        self._answer(bytes(conn.readAll().data()))
        conn.deleteLater()

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
                # The whole message is there once the other copy disconnects.
                conn.disconnected.connect(lambda conn=conn: self._answer_and_close(conn))

        server.newConnection.connect(on_connection)
        self._server = server
        return True


def _read_all(conn: socket.socket, limit: int = 1 << 16) -> bytes:
    """What a later copy sent until it closed (it writes at once and closes): bounded in size and time."""
    conn.settimeout(1.0)
    data = b""
    try:
        while len(data) < limit:
            chunk = conn.recv(4096)
            if not chunk:
                break
            data += chunk
    except OSError:
        pass
    finally:
        conn.close()
    return data
