"""A file Mira cannot read says so in the user's language, also when the reading runs in a worker process
(the message id crosses the pipe); the library's own words stay as details."""
from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from desktop.translations import render_plain
from skills.runtime import CommandError, file_inspect
from tests.zh_words import english_words


def _zip(path: Path, members: dict[str, str]) -> Path:
    with zipfile.ZipFile(path, "w") as zf:
        for name, text in members.items():
            zf.writestr(name, text)
    return path


@pytest.mark.parametrize("make", [
    lambda d: (d / "坏.pdf").write_bytes(b"%PDF-1.7\n" + b"\x00garbage" * 200) and d / "坏.pdf",
    lambda d: _zip(d / "坏.xlsx", {"[Content_Types].xml": "<Types/>", "xl/workbook.xml": "<not really/>"}),
    lambda d: _zip(d / "坏.pptx", {"[Content_Types].xml": "<Types/>", "ppt/presentation.xml": "<broken"}),
], ids=["pdf", "xlsx", "pptx"])
def test_a_file_that_cannot_be_read_says_so_in_chinese(tmp_path: Path, make) -> None:  # type: ignore[no-untyped-def]
    path = make(tmp_path)
    with pytest.raises(CommandError) as caught:
        file_inspect.inspect(path, {})
    exc = caught.value
    assert exc.msg is not None, str(exc)  # was a bare English line once it crossed the worker's pipe
    text = render_plain(exc.msg, "zh_CN")
    assert path.name in text and english_words(text) == [], text
    assert str(exc) and "坏" in str(exc)  # English for the model and the log
