"""Edit operations on an open python-docx Document, keeping everything else intact.

Each operation returns the before/after text of the paragraphs it touched, so
the same code serves the approval card (``describe``) and the real write.
"""
from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from docx.oxml.ns import qn
from docx.text.paragraph import Paragraph

from skills.messages import Said, msg
from skills.runtime._base import CommandError
from skills.runtime.docx._track import add_comment, track_replace
from skills.runtime.blocks import ImageInfo
from skills.runtime.docx.read import StyleIndex, norm
from skills.runtime.docx.write import BlockWriter

if TYPE_CHECKING:
    from skills.runtime.blocks import Block
    from skills.runtime.docx.args import DocxOperation

_XML_SPACE = "{http://www.w3.org/XML/1998/namespace}space"


@dataclass
class EditReport:
    """What the operations did: readable changes and per-operation counts."""

    changes: list[list[Said]] = field(default_factory=list)
    replacements: list[int] = field(default_factory=list)  # one per replace_text op
    added_blocks: list[Block] = field(default_factory=list)
    deleted_texts: list[str] = field(default_factory=list)
    deleted_tables: int = 0  # tables and pictures a deleted section took with it (the checks count what stays)
    deleted_images: int = 0
    suggestions: int = 0  # replacements made as tracked changes
    comments: int = 0


def _all_paragraphs(doc: Any) -> list[Paragraph]:
    """Body, table-cell, header and footer paragraphs, each once."""
    out: list[Paragraph] = []
    parts = [doc.element.body]
    for s in doc.sections:
        for hf in (s.header, s.footer):
            if not hf.is_linked_to_previous:
                parts.append(hf._element)
    for root in parts:
        out.extend(Paragraph(p, doc.part) for p in root.iter(qn("w:p")))
    return out


def replace_in_paragraph(p: Paragraph, find: str, replace: str) -> int:
    """Replace every occurrence of ``find`` across the paragraph's text nodes.

    The replacement takes the formatting of the run where the match starts; text
    in following runs that was part of the match is removed from those runs.
    """
    nodes = list(p._p.iter(qn("w:t")))
    texts = [t.text or "" for t in nodes]
    joined = "".join(texts)
    if find not in joined:
        return 0
    # Character offset where each node starts.
    starts, pos = [], 0
    for t in texts:
        starts.append(pos)
        pos += len(t)
    matches, i = [], joined.find(find)
    while i >= 0:
        matches.append(i)
        i = joined.find(find, i + len(find))
    for m in reversed(matches):
        end = m + len(find)
        first = True
        for k, node_start in enumerate(starts):
            node_end = node_start + len(texts[k])
            if node_end <= m or node_start >= end or (node_start == node_end):
                continue
            a, b = max(m, node_start) - node_start, min(end, node_end) - node_start
            texts[k] = texts[k][:a] + (replace if first else "") + texts[k][b:]
            first = False
    for node, text in zip(nodes, texts, strict=True):
        if node.text != text:
            node.text = text
            node.set(_XML_SPACE, "preserve")
    return len(matches)


_NOT_BODY = ("List", "TOC", "Caption", "Title", "Subtitle", "Quote", "Intense", "Footnote", "Header", "Footer",
             "Table", "No Spacing")


def own_styles(doc: Any) -> dict[str | None, str]:
    """The styles the document's own headings (by level) and body paragraphs use, by the names new
    content asks for: {"Heading 2": "2", None: "TextBody"}. A level with no heading yet takes a style
    that declares it (an outline level, or a "Heading N"/"标题 N" id); the body style only when most
    body paragraphs share one other than the default."""
    styles = StyleIndex(doc)
    levels: dict[int, Counter[str]] = {}
    body: Counter[str | None] = Counter()
    for p in doc.element.body.iterchildren(qn("w:p")):
        sid = styles._sid(p)
        level = styles.heading_level(p)
        if level is not None:
            if sid is not None:
                levels.setdefault(level, Counter())[sid] += 1
            continue
        ppr = p.pPr
        if ppr is not None and ppr.find(qn("w:numPr")) is not None:
            continue
        if any((t.text or "").strip() for t in p.iter(qn("w:t"))) and not styles.name(p).startswith(_NOT_BODY):
            body[sid] += 1
    own: dict[str | None, str] = {f"Heading {lv}": c.most_common(1)[0][0] for lv, c in levels.items()}
    for sid, name in styles.names.items():
        if sid is None:
            continue
        m = re.match(r"^(?:heading|标题)\s*(\d)$", sid, re.IGNORECASE) or re.match(
            r"^(?:heading|标题)\s*(\d)$", name, re.IGNORECASE)
        level = int(m.group(1)) if m else styles.outline.get(sid)
        if level and f"Heading {level}" not in own and (m or not name.startswith(_NOT_BODY)):
            own[f"Heading {level}"] = sid
    if body:
        sid, n = body.most_common(1)[0]
        if sid is not None and n * 2 > sum(body.values()):
            own[None] = sid
    return own


def _heading_text(p: Any) -> str:
    return "".join(t.text or "" for t in p.iter(qn("w:t")))


def _find_heading(doc: Any, heading: str, where: str) -> tuple[Any, int]:
    wanted = norm(heading)
    styles = StyleIndex(doc)
    # the document's Title counts as the heading above every other one ("a paragraph under the title")
    headings = [(p, lv) for p in doc.element.body.iterchildren(qn("w:p"))
                if (lv := styles.heading_level(p) if styles.name(p) != "Title" else 0) is not None]
    for p, level in headings:
        if norm(_heading_text(p)) == wanted:
            return p, level
    # "the Budget section" for a heading "2. Budget" or "Budget and costs": one heading that holds it
    whole = re.compile(rf"(?<!\w){re.escape(wanted)}(?!\w)", re.IGNORECASE)
    holding = [(p, lv) for p, lv in headings if wanted and whole.search(norm(_heading_text(p)))]
    if len(holding) == 1:
        return holding[0]
    names = ["".join(t.text or "" for t in p.iter(qn("w:t"))).strip() for p, _ in headings[:12]]
    if names:
        raise CommandError(msg("error.docx_edit.no_heading", where=where, heading=repr(heading),
                               headings=[repr(n) for n in names]))
    raise CommandError(msg("error.docx_edit.no_headings", where=where, heading=repr(heading)))


DEEPEST_LEVEL = 9  # Word's outline levels run 1-9: any heading is at this level or above


def _section_end(doc: Any, heading_el: Any, level: int) -> Any:
    """The body element before which a section's new content goes (None = end): the next heading of ``level`` or
    higher (a smaller number), or the section break."""
    styles = StyleIndex(doc)
    el = heading_el.getnext()
    while el is not None:
        if el.tag == qn("w:sectPr"):
            return el
        if el.tag == qn("w:p"):
            lv = styles.heading_level(el)
            if lv is not None and lv <= level:
                return el
        el = el.getnext()
    return None


def _delete_section(doc: Any, heading: str, where: str, report: EditReport) -> None:
    """A heading with its text and its subsections, up to the next heading of its level or above, as Word's
    outline view deletes one. A paragraph that carries a section break stays (it holds the page settings of
    the section it ends), and the Title is no section."""
    el, level = _find_heading(doc, heading, where)
    if level == 0:
        raise CommandError(msg("error.docx_edit.title_not_section", where=where, heading=repr(heading)))
    end = _section_end(doc, el, level)
    node = el
    while node is not None and node is not end and node.tag != qn("w:sectPr"):
        following = node.getnext()
        if node.tag == qn("w:p") and node.find(f"{qn('w:pPr')}/{qn('w:sectPr')}") is not None:
            break  # a section break: the next section's page starts here
        text = "".join(t.text or "" for t in node.iter(qn("w:t"))).strip()
        report.deleted_tables += node.tag == qn("w:tbl")  # the outline counts the body's own tables
        report.deleted_images += len(node.xpath(".//a:blip"))
        if text:
            report.changes.append([text if node.tag == qn("w:p") else _table_said(node), ""])
            if node.tag == qn("w:p"):
                report.deleted_texts.append(text)
        node.getparent().remove(node)
        node = following


def _block_texts(elements: list[Any], doc: Any) -> list[Said]:
    out: list[Said] = []
    for el in elements:
        text = "".join(t.text or "" for t in el.iter(qn("w:t"))).strip()
        if text:
            out.append(text if el.tag == qn("w:p") else _table_said(el))
        elif el.tag == qn("w:p") and el.xpath(".//a:blip"):
            out.append(msg("change.picture"))
    return out


def _table_said(tbl: Any) -> Said:
    """A table in a change, as a person reads it: its cells' words apart ("Table: Item | Cost | Movers | 1200")."""
    cells = ["".join(t.text or "" for t in tc.iter(qn("w:t"))).strip() for tc in tbl.iter(qn("w:tc"))]
    return msg("change.table", cells=" | ".join(c for c in cells if c)[:200])


def apply_operations(doc: Any, ops: Sequence[DocxOperation], images: dict[tuple[int, int], ImageInfo],
                     track: bool = False) -> EditReport:
    """Apply ``ops`` in order; any operation that matches nothing raises CommandError.

    With ``track``, replacements become tracked changes by "Mira" for the user to accept or reject.
    """
    # The user's styles stay as they are; new CJK runs carry their own East Asian font.
    report = EditReport()
    for n, op in enumerate(ops):
        where = f"operations[{n}] ({op['op']})"
        if op["op"] == "replace_text" and track:
            shown = track_replace(doc, _all_paragraphs(doc), op["find"], op["replace"], where)
            if not shown:
                raise CommandError(msg("error.docx_edit.was_found_nothing_was", where=where, find=repr(op['find'])))
            suggested: list[list[Said]] = [[str(before), msg("change.suggested", text=what)] for before, what in shown]
            report.changes += suggested[:200]
            report.replacements.append(sum(int(what.split("×")[0]) for _, what in shown))
            report.suggestions += report.replacements[-1]
        elif op["op"] == "comment":
            body = [Paragraph(p, doc.part) for p in doc.element.body.iter(qn("w:p"))]
            anchored = add_comment(doc, body, op["text"], op["comment"], where)
            report.changes.append([anchored, msg("change.comment", anchor=op["text"], comment=op["comment"])])
            report.comments += 1
        elif op["op"] == "replace_text":
            total = 0
            for p in _all_paragraphs(doc):
                before = p.text
                hits = replace_in_paragraph(p, op["find"], op["replace"])
                if hits:
                    total += hits
                    if len(report.changes) < 200:
                        report.changes.append([before, p.text])
            if total == 0:
                raise CommandError(msg("error.docx_edit.was_found_nothing_was", where=where, find=repr(op['find'])))
            report.replacements.append(total)
            core = doc.core_properties
            if core.title and op["find"] in core.title:  # the document's title follows its visible title
                core.title = core.title.replace(op["find"], op["replace"])
        elif op["op"] == "append" or op["op"] == "insert_after_heading":
            anchor = None
            if op["op"] == "insert_after_heading":
                el, level = _find_heading(doc, op["heading"], where)
                # a paragraph "under Background" belongs to Background's own text, not after its subsections
                anchor = _section_end(doc, el, DEEPEST_LEVEL if op.get("before_subheadings") else level)
            imgs = {i: info for (o, i), info in images.items() if o == n}
            new = BlockWriter(doc, imgs, anchor=anchor, own=own_styles(doc)).write(op["blocks"])
            report.added_blocks.extend(op["blocks"])
            for text in _block_texts(new, doc):
                report.changes.append(["", text])
        elif op["op"] == "rename_heading":
            el, _level = _find_heading(doc, op["heading"], where)
            heading = Paragraph(el, doc.part)
            before = heading.text
            at = before.casefold().find(op["heading"].strip().casefold())
            old = before[at:at + len(op["heading"].strip())] if at >= 0 else before.strip()  # "2. Budget": the name
            if track:
                track_replace(doc, [heading], old, op["to"], where)
                report.changes.append([before, msg("change.suggested", text=f"{old} → {op['to']}")])
                report.suggestions += 1
            else:
                replace_in_paragraph(heading, old, op["to"])
                report.changes.append([before, heading.text])
            report.replacements.append(1)
        elif op["op"] == "delete_paragraph_containing":
            wanted = norm(op["text"])
            containing = [p for p in doc.paragraphs if wanted and wanted in norm(p.text)]
            if not containing:
                raise CommandError(msg("error.docx_edit.paragraph_contains_nothing_was", where=where, text=repr(op['text'])))
            for p in containing:
                report.changes.append([p.text, ""])
                report.deleted_texts.append(p.text)
                p._p.getparent().remove(p._p)
        elif op["op"] == "delete_section":
            _delete_section(doc, op["heading"], where, report)
        else:  # the schema already refuses this; keep the guard for direct callers
            raise CommandError(msg("error.docx_edit.unknown_operation", where=where))
    return report
