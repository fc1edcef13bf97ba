"""A new document on a user's own .docx or .dotx: its styles, page setup, headers and footers, none of its text."""
from __future__ import annotations

import io
import zipfile
from typing import Any

import docx
from docx.oxml.ns import qn

from skills.runtime._base import CommandError
from skills.runtime._common import resolve
from skills.runtime.safety import check_file, has_macros
from skills.runtime.workspace import Workspace
from skills.messages import msg

_TEMPLATE_TYPE = b"application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml"
_DOCUMENT_TYPE = b"application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"


def open_template(ws: Workspace, rel: str) -> Any:
    """The template's package with an empty body (its last section properties kept)."""
    suffix = ".dotx" if str(rel).lower().endswith(".dotx") else ".docx"
    path = resolve(ws, rel, "template", suffix=suffix, must_exist=True)
    # A template is only read (.dotx is a read-only kind for edits), but its package becomes the new file's:
    # one that carries macros is refused, so no macro ever reaches an output.
    check_file(path, "docx", allow_macros=True)
    if has_macros(path):
        raise CommandError(msg("error.docx_template.template_contains_macros_mira", field="template", name=path.name))
    data = path.read_bytes()
    if suffix == ".dotx":  # python-docx opens documents only; a template differs in one content type
        data = _as_document(data)
    try:
        doc = docx.Document(io.BytesIO(data))
        doc.styles  # noqa: B018 - parse now: a broken template fails here, not mid-write
    except Exception as exc:  # noqa: BLE001 - any parse failure of untrusted input is "corrupt"
        raise CommandError(msg("error.docx_template.template_corrupt_word_document", field="template", name=path.name, type=type(exc).__name__)) from None
    body = doc.element.body
    for el in list(body):
        if el.tag != qn("w:sectPr"):
            body.remove(el)
    return doc


def _as_document(data: bytes) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as zin, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            part = zin.read(info)
            if info.filename == "[Content_Types].xml":
                part = part.replace(_TEMPLATE_TYPE, _DOCUMENT_TYPE)
            zout.writestr(info, part)
    return out.getvalue()
