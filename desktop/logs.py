"""The rotating log file in the platform log folder (``MIRA_HOME/logs`` when set).

INFO and above go to ``mira.log`` (1 MiB, five old files kept). Messages pass
through a filter that masks anything shaped like an API key or a bearer token,
so a key pasted into an error never reaches the disk; document text is logged
only at DEBUG, which is off unless ``MIRA_LOG_LEVEL=DEBUG``.
"""
from __future__ import annotations

import logging
import os
import re
from pathlib import Path

import platformdirs

from desktop import paths

LOG_NAME = "mira.log"
_SECRET = re.compile(r"(sk-[A-Za-z0-9_\-]{8,}|(?i:bearer)\s+[A-Za-z0-9._\-]{8,}|"
                     r"(?i:api[_-]?key)[\"']?\s*[:=]\s*[\"']?[^\s\"',;]{6,})")


def log_dir() -> Path:
    override = os.environ.get("MIRA_HOME")
    base = Path(override) / "logs" if override else Path(platformdirs.user_log_dir(paths.APP_NAME, False))
    return paths.private_folder(base)  # logs may name the user's files: readable only by the user


def mask(text: str) -> str:
    return _SECRET.sub("***", text)


class _MaskSecrets(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = mask(record.getMessage())
        record.args = None
        if record.exc_info and not record.exc_text:
            record.exc_text = mask(logging.Formatter().formatException(record.exc_info))
        elif record.exc_text:
            record.exc_text = mask(record.exc_text)
        return True


class _Held(logging.Handler):
    """The records of a start's first moments, kept until :func:`setup` attaches the log file."""

    def __init__(self) -> None:
        super().__init__()
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.records.append(record)


def hold(level: str | None = None) -> None:
    """Keep log records in memory until :func:`setup`: the window's start attaches the file after its
    first frame (``logging.handlers`` and what it imports cost ~6 ms), and loses nothing meanwhile."""
    root = logging.getLogger()
    if not any(isinstance(h, _Held) for h in root.handlers):
        root.addHandler(_Held())
    _set_level(level)


def setup(level: str | None = None) -> Path:
    """Attach the rotating file handler to the root logger once (writing what :func:`hold` kept);
    return the log file."""
    import logging.handlers

    path = log_dir() / LOG_NAME
    root = logging.getLogger()
    handler = next((h for h in root.handlers if isinstance(h, logging.handlers.RotatingFileHandler)
                    and Path(h.baseFilename) == path), None)
    if handler is None:
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=1 << 20, backupCount=5, encoding="utf-8",
                                                       delay=True)
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
        handler.addFilter(_MaskSecrets())
        root.addHandler(handler)
        _set_level(level)
    for held in [h for h in root.handlers if isinstance(h, _Held)]:
        root.removeHandler(held)
        for record in held.records:
            handler.handle(record)
    return path


def _set_level(level: str | None) -> None:
    name = (level or os.environ.get("MIRA_LOG_LEVEL") or "INFO").upper()
    logging.getLogger().setLevel(getattr(logging, name, logging.INFO))
