"""Freed C heap memory goes back to the system once a preview has closed (glibc keeps it otherwise)."""
from __future__ import annotations

import ctypes
import sys

import psutil
import pytest

from desktop import heap
from desktop.ui.preview_panel import PreviewPanel
from renderers.registry import Registry

linux_glibc = pytest.mark.skipif(heap._malloc_trim() is None, reason="needs glibc's malloc_trim")


@linux_glibc
def test_freed_heap_memory_goes_back_to_the_system() -> None:
    libc = ctypes.CDLL("libc.so.6")
    libc.malloc.restype = ctypes.c_void_p
    libc.malloc.argtypes = [ctypes.c_size_t]
    libc.free.argtypes = [ctypes.c_void_p]
    me = psutil.Process()
    chunk = 64 * 1024  # below glibc's mmap threshold: from the heap, as a page image's pieces are
    blocks = [libc.malloc(chunk) for _ in range(1600)]  # 100 MB
    for block in blocks:
        ctypes.memset(block, 1, chunk)
    keep = libc.malloc(chunk)  # above them all: a plain free cannot shrink the heap from its top
    ctypes.memset(keep, 1, chunk)
    for block in blocks:
        libc.free(block)
    held = me.memory_info().rss
    assert heap.release_freed_memory()
    assert me.memory_info().rss < held - 60 * 2 ** 20
    libc.free(keep)


def test_without_the_call_nothing_breaks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "darwin")
    heap._malloc_trim.cache_clear()
    try:
        assert heap.release_freed_memory() is False
    finally:
        monkeypatch.undo()
        heap._malloc_trim.cache_clear()


def test_closing_a_preview_gives_its_memory_back(qtbot, monkeypatch: pytest.MonkeyPatch, tmp_path) -> None:
    import pymupdf

    from tests.renderers.conftest import make_view

    path = tmp_path / "one.pdf"
    with pymupdf.open() as pdf:
        pdf.new_page().insert_text((72, 72), "Page 1", fontsize=14)
        pdf.save(str(path))
    panel = PreviewPanel(Registry())
    qtbot.addWidget(panel)
    preview = panel.open(make_view(path))
    assert preview is not None
    with qtbot.waitSignal(preview.sig_loaded, timeout=20_000):
        pass
    released: list[bool] = []
    panel.release_timer.timeout.connect(lambda: released.append(True))
    assert not panel.release_timer.isActive()
    panel.close_preview()
    qtbot.waitUntil(lambda: bool(released), timeout=10_000)
