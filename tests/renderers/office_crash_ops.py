"""A preview check whose worker really crashes, hangs or runs out of memory (isolation tests).

The file's name says what happens: ``segfault.docx``, ``hang.xlsx``, ``memory.pptx``; any other
file gets the real check."""
from __future__ import annotations

import ctypes
from pathlib import Path

from skills.runtime.file_inspect import probe_here


def probe(path_text: str) -> bool:
    mode = Path(path_text).stem
    if mode == "segfault":
        ctypes.string_at(0)  # SIGSEGV, as a C parser on a hostile part
    if mode == "hang":
        while True:
            pass
    if mode == "memory":
        hog = bytearray(4 * 1024 ** 3)  # past the worker's ceiling: MemoryError in the child
        return bool(hog)
    return probe_here(path_text)
