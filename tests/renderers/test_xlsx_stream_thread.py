"""A sheet's XML stream is advanced by one thread only: lxml's iterparse keeps the strings it reads in the
dictionary of the thread that made it, and two pool threads taking turns on one sheet corrupted the heap (an
invalid free in lxml, inside the collector, a test or two later)."""
from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest


@pytest.fixture(scope="module")
def rows_20k(tmp_path_factory: pytest.TempPathFactory) -> Path:
    from bench._xlsx_gen import write_shared_strings_xlsx

    return write_shared_strings_xlsx(tmp_path_factory.mktemp("x20k") / "rows.xlsx", 20_000)


def test_every_read_of_a_sheet_runs_on_the_thread_that_opened_it(show_preview, qtbot, rows_20k: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    import renderers.xlsx._data as data
    import renderers.xlsx._model
    import renderers.xlsx.plugin

    threads: list[str] = []
    read = data.SheetReader.read

    def noted(self: Any, first: int, last: int) -> Any:
        threads.append(threading.current_thread().name)
        return read(self, first, last)

    monkeypatch.setattr(data.SheetReader, "read", noted)
    monkeypatch.setattr(renderers.xlsx.plugin, "PREFETCH_BYTES", 0)
    monkeypatch.setattr(renderers.xlsx._model, "MAX_CELLS_LOADED", 600)  # rows dropped and read again
    preview = show_preview(rows_20k, (800, 600))
    model, table = preview.model, preview.sheet_view().table
    for value in (table.verticalScrollBar().maximum(), 0, table.verticalScrollBar().maximum() // 2):
        table.verticalScrollBar().setValue(value)
        row = table.rowAt(table.viewport().height() // 2)
        qtbot.waitUntil(lambda row=row: model.data(model.index(row, 0)) == str(row), timeout=10_000)
    assert len(threads) > 3 and len(set(threads)) == 1, threads
