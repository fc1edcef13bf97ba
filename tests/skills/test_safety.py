"""The pre-parser safety checks: a damaged [Content_Types].xml is one clear refusal."""
from __future__ import annotations

import io
import zipfile
from pathlib import Path

import pytest

from skills.runtime import CommandError, Workspace, get_command
from skills.runtime.safety import UnsafeFileError, check_file

_TYPES = (b'<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/'
          b'2006/content-types">' + b'<Default Extension="xml" ContentType="application/xml"/>' * 40 + b"</Types>")
_NAME = "[Content_Types].xml"


def _damaged_content_types(path: Path) -> Path:
    """A valid archive directory whose [Content_Types].xml deflate stream is garbage."""
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr(_NAME, _TYPES)
    data = bytearray(buf.getvalue())
    start = 30 + len(_NAME)  # local header, then the compressed bytes
    data[start:start + 24] = bytes(b ^ 0xFF for b in data[start:start + 24])
    path.write_bytes(bytes(data))
    return path


@pytest.mark.parametrize("kind", ["docx", "pptx", "xlsx"])
def test_damaged_content_types_is_refused_clearly(ws: Workspace, kind: str) -> None:
    path = _damaged_content_types(ws.root / f"broken.{kind}")
    before = path.read_bytes()
    with pytest.raises(UnsafeFileError, match=r"broken\.\w+: part \[Content_Types\]\.xml is corrupt or truncated"):
        check_file(path, kind)
    with pytest.raises(CommandError, match="corrupt or truncated"):
        get_command(f"{kind}_inspect").run(ws, {"path": path.name})
    assert path.read_bytes() == before  # nothing rewritten
