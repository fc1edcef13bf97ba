"""Resolved DOCX formatting as the inline CSS Qt rich text understands (no Qt).

Qt draws no paragraph borders, so a top or bottom rule (the Title's line) becomes an ``<hr>`` in the
border's colour before or after the paragraph; cell borders are per-side cell styles, which it draws, so
paragraphs with a left or right border (a code block's box) are set in a one-cell table whose cell
carries the paragraphs' borders.
"""
from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

from skills.api import Border, CellLook, ParaLook, RunLook
from skills.api import family_css

__all__ = ["BOX_CLOSE", "NOTES_STATE", "RULE_STATE", "notes_html", "box_open_html", "cell_css", "para_css", "rule_html", "run_css"]

_LIST_TYPES = {"decimal": "decimal", "decimalZero": "decimal", "lowerLetter": "lower-alpha",
               "upperLetter": "upper-alpha", "lowerRoman": "lower-roman", "upperRoman": "upper-roman"}
_BULLETS = ("disc", "circle", "square")


@lru_cache(maxsize=4096)
def run_css(look: RunLook, base: RunLook | None = None, *, plain_defaults: bool = True) -> str:
    """``look`` as CSS declarations; with ``base``, only what differs from it (a run in its paragraph).

    ``plain_defaults=False`` leaves out what Qt's paragraphs already are (upright, not bold, not
    underlined): a long document's HTML is parsed faster. Headings keep them (Qt makes them bold)."""
    out: list[str] = []
    defaults = RunLook() if base is None and not plain_defaults else None

    def changed(name: str) -> bool:
        if defaults is not None and name in ("bold", "italic", "underline", "strike"):
            return bool(getattr(look, name) != getattr(defaults, name))
        return base is None or bool(getattr(look, name) != getattr(base, name))

    if changed("font") or changed("east_asia_font"):
        out.append(f"font-family:{family_css(look.font, look.east_asia_font, narrow=True)}")
    if changed("size_pt"):
        out.append(f"font-size:{look.size_pt:g}pt")
    if changed("bold"):
        out.append(f"font-weight:{700 if look.bold else 400}")
    if changed("italic"):
        out.append(f"font-style:{'italic' if look.italic else 'normal'}")
    if changed("underline") or changed("strike") or (defaults is not None and (look.underline or look.strike)):
        lines = [name for name, on in (("underline", look.underline), ("line-through", look.strike)) if on]
        out.append(f"text-decoration:{' '.join(lines) or 'none'}")
    if changed("color"):
        out.append(f"color:{look.color or '#000000'}")
    if look.highlight and changed("highlight"):
        out.append(f"background-color:{look.highlight}")
    if look.vert_align and changed("vert_align"):
        out.append(f"vertical-align:{'super' if look.vert_align == 'superscript' else 'sub'}")
    return "; ".join(out)


def _px(pt: float) -> str:
    return f"{round(pt * 96 / 72)}px"  # Qt rich text reads margins in px only


@lru_cache(maxsize=1024)
def para_css(look: ParaLook, *, in_list: bool = False, text: bool = True, before_pt: float | None = None,
             after_pt: float | None = None) -> str:
    """A paragraph's spacing, indents, line height, shading and (``text``) the look its text starts from.

    Between two paragraphs Word leaves the larger of the first's space after and the second's space
    before (ECMA-376 17.3.1.33), and so does Qt."""
    before = look.before_pt if before_pt is None else before_pt
    after = look.after_pt if after_pt is None else after_pt
    out = [f"margin-top:{_px(before)}", f"margin-bottom:{_px(after)}"]
    if not in_list:  # a list item's indent is the list's
        if look.left_pt:
            out.append(f"margin-left:{_px(max(0.0, look.left_pt))}")
        if look.first_line_pt:
            out.append(f"text-indent:{_px(look.first_line_pt)}")
    if look.right_pt > 0:
        out.append(f"margin-right:{_px(look.right_pt)}")
    if look.line > 0 and abs(look.line - 1.0) > 0.01:
        out.append(f"line-height:{round(look.line * 100)}%")
    elif look.line_rule and look.line_pt > 0:
        # Word's exact rule sets every line that high whatever its text; "at least" only raises short ones
        kind = "fixed" if look.line_rule == "exact" else "minimum"
        out.append(f"line-height:{look.line_pt * 96 / 72:.2f}px; -qt-line-height-type:{kind}")
    if look.shading:
        out.append(f"background-color:{look.shading}")
    run = run_css(look.run, plain_defaults=False) if text else ""
    if run:
        out.append(run)
    return "; ".join(out)


RULE_STATE = 0x4D52  # the user state of a block that is a rule (see :func:`rule_html`)
NOTES_STATE = 0x4E54  # the user state of the line where a page's footnotes start (see :func:`notes_html`)


def rule_html(border: Border, gap_pt: float, above_pt: float = 0.0, look: ParaLook | None = None) -> str:
    """A paragraph's top or bottom border as a rule ``above_pt`` under the text above it and ``gap_pt``
    from the next block, as wide as the paragraph (``look``'s indents): an empty line as high as the
    border is wide, which the page's painter fills (:func:`renderers.docx._pages.paint_rules`). Qt draws
    an ``<hr>`` with a one-unit pen whatever its height, a quarter of a pixel on the page device, so a
    card showed almost nothing of a Title's rule."""
    height = border.width_pt * 96 / 72
    sides = ""
    if look is not None and look.left_pt > 0:
        sides += f"margin-left:{_px(look.left_pt)}; "
    if look is not None and look.right_pt > 0:
        sides += f"margin-right:{_px(look.right_pt)}; "
    return (f"<p style='-qt-user-state:{RULE_STATE}; margin-top:{_px(above_pt)}; margin-bottom:{_px(gap_pt)}; {sides}"
            f"color:{border.color}; font-size:1px; line-height:{height:.2f}px; -qt-line-height-type:fixed'>&nbsp;</p>")


def notes_html(width_pt: float, *, foot: bool = True) -> str:
    """Where notes start: Word's separator, a rule two inches long at the margin; for footnotes (``foot``)
    after a line the page layout pushes down to the page's foot (Word sets them at the bottom of the page)."""
    marker = (f"<p style='-qt-user-state:{NOTES_STATE}; margin-top:0px; margin-bottom:0px; font-size:1px; "
              "line-height:1px'>&nbsp;</p>") if foot else ""
    return (marker
            + rule_html(Border("#000000", 0.5), 3.0, 9.0, ParaLook(run=RunLook(), right_pt=max(0.0, width_pt - 144))))


BOX_CLOSE = "</td></tr></table>"


def box_open_html(borders: Mapping[str, Border], above_pt: float = 0.0) -> str:
    """The start of the box round paragraphs with side borders: each border drawn as Word draws it,
    its ``w:space`` between it and the text, ``above_pt`` above it (close with :data:`BOX_CLOSE`)."""
    out = []
    # Word keeps the text at its indent and stands the sides out into the margin; here the box stays
    # inside the text's width (the window's flow has almost no margin to stand out into, and Qt clips
    # there), so the text sits the border's width and space further in
    for side in ("top", "bottom", "left", "right"):
        border = borders.get(side)
        if border is not None:
            out.append(f"border-{side}:{max(1, round(border.width_pt * 96 / 72))}px solid {border.color}")
            out.append(f"padding-{side}:{_px(border.space_pt)}")
        else:
            out.append(f"padding-{side}:0px")
    return ("<table border='0' cellspacing='0' cellpadding='0' "
            f"style='border-collapse: collapse; margin-top:{_px(above_pt)}' width='100%'>"
            f"<tr><td style='{'; '.join(out)}'>")


def cell_css(cell: CellLook) -> str:
    out: list[str] = ["padding: 0px 7px"]  # Word's default cell margins: 0.08 in left and right
    if cell.shading:
        out.append(f"background-color:{cell.shading}")
    for side in ("top", "bottom", "left", "right"):
        border = cell.borders.get(side)
        if border is not None:
            width = max(1, round(border.width_pt * 96 / 72))
            out.append(f"border-{side}:{width}px solid {border.color}")
    return "; ".join(out)


def list_type(fmt: str, level: int) -> str:
    """CSS ``list-style-type`` of a Word numbering format at ``level``."""
    if fmt in _LIST_TYPES:
        return _LIST_TYPES[fmt]
    return _BULLETS[level % len(_BULLETS)]
