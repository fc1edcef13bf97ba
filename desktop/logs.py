"""The rotating log file in the platform log folder (``MIRA_HOME/logs`` when set).

INFO and above go to ``mira.log`` (1 MiB, five old files kept). Messages pass
through a filter that masks anything shaped like an API key or a bearer token,
so a key pasted into an error never reaches the disk; document text is logged
only at DEBUG, which is off unless ``MIRA_LOG_LEVEL=DEBUG``.
"""
from __future__ import annotations

import logging
import logging.handlers
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


def setup(level: str | None = None) -> Path:
    """Attach the rotating file handler to the root logger once; return the log file."""
    path = log_dir() / LOG_NAME
    root = logging.getLogger()
    for handler in root.handlers:
        if isinstance(handler, logging.handlers.RotatingFileHandler) and Path(handler.baseFilename) == path:
            return path
    handler = logging.handlers.RotatingFileHandler(path, maxBytes=1 << 20, backupCount=5, encoding="utf-8",
                                                   delay=True)
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(_MaskSecrets())
    root.addHandler(handler)
    name = (level or os.environ.get("MIRA_LOG_LEVEL") or "INFO").upper()
    root.setLevel(getattr(logging, name, logging.INFO))
    return path
