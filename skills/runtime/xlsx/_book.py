"""Opening a workbook with openpyxl without leaking the file when the package is malformed.

``openpyxl.load_workbook`` opens the zip archive itself and, when reading fails half-way (invalid XML,
a missing part), raises with the archive's file still open: the half-read member stream in the
exception's frames keeps it, so every hostile file left an open file behind until the garbage collector
found it (a ResourceWarning at some later test). A workbook read whole (to edit it) is read from memory
instead; a read-only one keeps its file, and on failure the archive is closed and the frames let go.
"""
from __future__ import annotations

import io
from pathlib import Path
from typing import Any


def load_book(path: Path, *, read_only: bool = False, data_only: bool = False) -> Any:
    """The workbook at ``path`` (openpyxl); a read-only one keeps its file open until ``close()``."""
    from openpyxl.reader.excel import ExcelReader

    source: Any = str(path) if read_only else io.BytesIO(Path(path).read_bytes())
    reader = ExcelReader(source, read_only=read_only, data_only=data_only)
    try:
        reader.read()
    except Exception as exc:  # noqa: BLE001 - closes the archive whatever openpyxl raised, then re-raises
        archive = getattr(reader, "archive", None)
        if archive is not None:
            archive.close()
        raise exc.with_traceback(None) from None  # the frames hold the half-read member stream
    return reader.wb
