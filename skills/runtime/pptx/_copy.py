"""A slide copied within its deck (python-pptx has no API for it).

The copy has the source's shapes, background, colour mapping, transition and animations, on the same
layout. What its shapes point at is either shared or copied, as PowerPoint's own Duplicate Slide does:
pictures, media, links and tags are the same parts (a file holds a picture once however often it is
shown), while each chart, SmartArt diagram and embedded object gets a part of its own, so editing the
copy's chart leaves the original's alone. The speaker notes' text is copied; review comments are not.
"""
from __future__ import annotations

import copy
import re
from typing import Any

from lxml import etree
from pptx.opc.constants import RELATIONSHIP_TYPE as RT
from pptx.opc.package import Part, XmlPart
from pptx.oxml.ns import qn
from pptx.presentation import Presentation as PresentationT
from pptx.slide import Slide

__all__ = ["duplicate_slide"]

_R = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
_DIAGRAM_DRAWING = "http://schemas.microsoft.com/office/2007/relationships/diagramDrawing"
# Parts a copied slide gets its own copy of; every other internal part is shared.
_OWN = {RT.CHART, RT.DIAGRAM_DATA, RT.DIAGRAM_LAYOUT, RT.DIAGRAM_QUICK_STYLE, RT.DIAGRAM_COLORS, _DIAGRAM_DRAWING,
        RT.OLE_OBJECT, RT.PACKAGE}
# The slide's own links that the copy does not take: its layout is given, its notes and comments are its own.
_LEFT = {RT.SLIDE_LAYOUT, RT.NOTES_SLIDE, RT.COMMENTS}
_SLIDE_PARTS = ("clrMapOvr", "transition", "timing")  # after cSld, in the schema's order


def duplicate_slide(prs: PresentationT, index: int) -> Slide:
    """A copy of the slide at 0-based ``index``, added at the end of the deck (move it with ``move_slide``)."""
    source = prs.slides[index]
    made: Slide = prs.slides.add_slide(source.slide_layout)
    tree = made.shapes._spTree
    for child in list(tree)[2:]:  # the layout's empty placeholders; the tree's own properties stay
        tree.remove(child)
    ids: dict[str, str] = {}
    own: list[Part] = []
    for rid, rel in source.part.rels.items():
        if rel.reltype in _LEFT:
            continue
        if rel.is_external:
            ids[rid] = made.part.rels.get_or_add_ext_rel(rel.reltype, rel.target_ref)
        elif rel.reltype in _OWN:
            own.append(_copied(rel.target_part))
            ids[rid] = made.part.relate_to(own[-1], rel.reltype)
        else:
            ids[rid] = made.part.relate_to(rel.target_part, rel.reltype)
    for part in own:  # a diagram's data names its drawing by the slide's relationship (dsp:dataModelExt@relId)
        if isinstance(part, XmlPart):
            for el in part._element.iter():
                if isinstance(el.tag, str) and el.get("relId") in ids:
                    el.set("relId", ids[el.get("relId")])
    for child in list(source.shapes._spTree)[2:]:
        tree.append(copy.deepcopy(child))
    element, origin = made._element, source._element
    background = origin.cSld.find(qn("p:bg"))
    if background is not None:
        element.cSld.insert(0, copy.deepcopy(background))
    for name in ("show", "showMasterSp", "showMasterPhAnim"):
        if origin.get(name) is not None:
            element.set(name, origin.get(name))
    for tag in _SLIDE_PARTS:
        old = element.find(qn(f"p:{tag}"))
        if old is not None:
            element.remove(old)
    at = list(element).index(element.cSld) + 1
    for tag in _SLIDE_PARTS:
        part = origin.find(qn(f"p:{tag}"))
        if part is not None:
            element.insert(at, copy.deepcopy(part))
            at += 1
    _relink(element, ids)
    if source.has_notes_slide:
        text = source.notes_slide.notes_text_frame.text if source.notes_slide.notes_text_frame is not None else ""
        if text.strip() and made.notes_slide.notes_text_frame is not None:
            made.notes_slide.notes_text_frame.text = text
    return made


def _copied(part: Part) -> Part:
    """A new part with ``part``'s content and copies of what it points at (a chart's workbook, its style)."""
    package = part.package
    template = re.sub(r"\d*(\.\w+)$", r"%d\1", str(part.partname))
    made = type(part).load(package.next_partname(template), part.content_type, package, part.blob)
    ids: dict[str, str] = {}
    for rid, rel in part.rels.items():
        if rel.is_external:
            ids[rid] = made.rels.get_or_add_ext_rel(rel.reltype, rel.target_ref)
        else:
            ids[rid] = made.relate_to(_copied(rel.target_part), rel.reltype)
    if isinstance(made, XmlPart):
        _relink(made._element, ids)
    return made


def _relink(root: Any, ids: dict[str, str]) -> None:
    """Point every relationship reference under ``root`` (``r:id``, ``r:embed``, ``r:link``, a diagram's
    ``r:dm``…) at the copy's relationship of the same target."""
    for el in root.iter():
        if not isinstance(el.tag, str):  # comments and processing instructions
            continue
        for name, value in el.attrib.items():
            if etree.QName(name).namespace == _R and value in ids:
                el.set(name, ids[value])
