"""Suggested edits in Word: replacements as tracked changes (w:del + w:ins) and comments on text.

Both need the matched text to be whole runs, so runs are split at the match
boundaries first. Only plain text runs are split (a run holding a tab, break,
picture or field is left alone, and a match through one is refused), so what Word
shows as a suggestion is exactly the text that was asked for.
"""
from __future__ import annotations

import copy
import datetime as dt
from typing import Any

from docx.oxml import OxmlElement
from docx.oxml.ns import qn
from docx.text.paragraph import Paragraph
from docx.text.run import Run

from skills.runtime._base import CommandError
from skills.messages import msg

AUTHOR = "Mira"
_XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"


def _plain(r: Any) -> bool:
    """A run whose content is one w:t (plus formatting): safe to split and to mark."""
    kids = [k for k in r if k.tag != qn("w:rPr")]
    return len(kids) == 1 and kids[0].tag == qn("w:t")


def _runs(p: Any) -> list[Any]:
    """Text runs of a paragraph in reading order (also inside hyperlinks), not inside other marks."""
    out = []
    for r in p.iter(qn("w:r")):
        parent = r.getparent()
        if parent.tag in (qn("w:p"), qn("w:hyperlink")):
            out.append(r)
    return out


def _text(r: Any) -> str:
    return "".join(t.text or "" for t in r.iter(qn("w:t")))


def _split(r: Any, at: int) -> Any:
    """Split a plain run at character ``at``; returns the new second half (inserted after)."""
    t = r.find(qn("w:t"))
    text = t.text or ""
    second = copy.deepcopy(r)
    t.text = text[:at]
    t.set(_XML_SPACE, "preserve")
    t2 = second.find(qn("w:t"))
    t2.text = text[at:]
    t2.set(_XML_SPACE, "preserve")
    r.addnext(second)
    return second


def isolate(p: Any, find: str, where: str) -> list[list[Any]]:
    """Split runs so each occurrence of ``find`` in paragraph ``p`` is a list of whole runs."""
    found: list[list[Any]] = []
    search_from = 0
    while True:
        runs = _runs(p)
        texts = [_text(r) for r in runs]
        joined = "".join(texts)
        m = joined.find(find, search_from)
        if m < 0:
            return found
        end = m + len(find)
        pos, covered = 0, []
        for r, text in zip(runs, texts, strict=True):
            start, stop = pos, pos + len(text)
            pos = stop
            if stop <= m or start >= end or not text:
                continue
            if not _plain(r):
                raise CommandError(msg("error.docx_track.runs_through_tab_break", where=where, find=repr(find)))
            covered.append((r, start))
        first, first_start = covered[0]
        if m > first_start:
            first = _split(first, m - first_start)
            covered[0] = (first, m)
        last, last_start = covered[-1]
        if end < last_start + len(_text(last)):
            _split(last, end - last_start)
        found.append([r for r, _ in covered])
        search_from = end


class Tracker:
    """Numbers w:ins/w:del marks after the highest id already in the document."""

    def __init__(self, doc: Any) -> None:
        ids = [int(el.get(qn("w:id"))) for tag in ("w:ins", "w:del") for el in doc.element.body.iter(qn(tag))
               if (el.get(qn("w:id")) or "").isdigit()]
        self.next_id = max(ids, default=0) + 1
        self.date = dt.datetime.now(dt.timezone.utc).replace(microsecond=0).strftime("%Y-%m-%dT%H:%M:%SZ")

    def _mark(self, tag: str) -> Any:
        el = OxmlElement(tag)
        el.set(qn("w:id"), str(self.next_id))
        el.set(qn("w:author"), AUTHOR)
        el.set(qn("w:date"), self.date)
        self.next_id += 1
        return el

    def replace(self, runs: list[Any], replace: str) -> None:
        """Mark ``runs`` deleted and ``replace`` inserted after them, in the first run's formatting."""
        deleted = self._mark("w:del")
        runs[0].addprevious(deleted)
        for r in runs:
            deleted.append(r)  # moves the run into the deletion
            t = r.find(qn("w:t"))
            t.tag = qn("w:delText")
        if replace:
            inserted = self._mark("w:ins")
            new = copy.deepcopy(runs[0])
            t = new.find(qn("w:delText"))
            t.tag = qn("w:t")
            t.text = replace
            t.set(_XML_SPACE, "preserve")
            inserted.append(new)
            deleted.addnext(inserted)


def track_replace(doc: Any, paragraphs: list[Paragraph], find: str, replace: str, where: str
                  ) -> list[tuple[str, str]]:
    """Suggest replacing every ``find`` with ``replace``; returns (paragraph text, what was suggested)."""
    tracker = Tracker(doc)
    shown: list[tuple[str, str]] = []
    for p in paragraphs:
        if find not in p.text:
            continue
        before = p.text
        matches = isolate(p._p, find, where)
        for runs in matches:
            tracker.replace(runs, replace)
        if matches:
            shown.append((before, f"{len(matches)}× “{find}” → “{replace}”"))
    return shown


def add_comment(doc: Any, paragraphs: list[Paragraph], anchor: str, text: str, where: str) -> str:
    """A comment by Mira on the first occurrence of ``anchor``; returns the paragraph's text."""
    for p in paragraphs:
        if anchor in p.text:
            runs = isolate(p._p, anchor, where)[0]
            doc.add_comment([Run(runs[0], p), Run(runs[-1], p)], text=text, author=AUTHOR, initials="M")
            return p.text
    raise CommandError(msg("error.docx_track.was_found_nothing_was", where=where, anchor=repr(anchor)))
