"""Paragraph and cell text of a DOCX body, as python-docx gives it, in one pass per element.

python-docx's ``Paragraph.text`` runs an XPath query per paragraph, per hyperlink and per run;
each query costs more the larger the document, so a long document with many runs or hyperlinks
(CJK text with thousands of links) took seconds to outline. These functions walk the children
directly and return the same text: ``w:r`` and ``w:hyperlink/w:r`` children of the paragraph (as
python-docx, runs inside ``w:ins`` or ``w:smartTag`` are not read), with ``w:t``, tabs, line
breaks, carriage returns and non-breaking hyphens.
"""
from __future__ import annotations

from typing import Any

_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
_R, _HYPERLINK, _P, _T = f"{_W}r", f"{_W}hyperlink", f"{_W}p", f"{_W}t"
_BR, _TYPE = f"{_W}br", f"{_W}type"
_CHARS = {f"{_W}tab": "\t", f"{_W}ptab": "\t", f"{_W}cr": "\n", f"{_W}noBreakHyphen": "-"}


def paragraph_text(p: Any) -> str:
    """The text of the ``w:p`` element ``p``, equal to python-docx's ``Paragraph.text``."""
    parts: list[str] = []
    for child in p.iterchildren(_R, _HYPERLINK):
        if child.tag == _R:
            _run_text(child, parts)
        else:
            for run in child.iterchildren(_R):
                _run_text(run, parts)
    return "".join(parts)


def _run_text(run: Any, parts: list[str]) -> None:
    for el in run.iterchildren():
        tag = el.tag
        if tag == _T:
            parts.append(el.text or "")
        elif tag == _BR:
            if el.get(_TYPE, "textWrapping") == "textWrapping":
                parts.append("\n")
        elif tag in _CHARS:
            parts.append(_CHARS[tag])


def cell_text(tc: Any) -> str:
    """The text of the ``w:tc`` element ``tc``, equal to python-docx's ``_Cell.text``."""
    return "\n".join(paragraph_text(p) for p in tc.iterchildren(_P))
