"""Where a tab in slide text goes, as PowerPoint places it (no Qt).

Every stop is measured from the text origin, the box's left edge plus its left inset, not from the
paragraph's margin (``marL``): the paragraph's own stops (``a:tabLst``), then, past the last of them,
the default stops every ``defTabSz`` (one inch unless the file says), and under a hanging indent the
margin itself, where the text after a bullet starts. PowerPoint's ruler shows the same: stops keep
their place when the indent markers move. (LibreOffice 7.4 measures the default stops from the
margin instead and ignores ``a:tabLst``; see docs/renderers.md.)
"""
from __future__ import annotations

from renderers.pptx._styles import ParaStyle

__all__ = ["MAX_STOPS", "line_stops"]

MAX_STOPS = 64  # per line: enough for any slide width at a sane pitch, bounded for a hostile defTabSz
_EXTENT_PT = 4032.0  # 56 in, PowerPoint's widest slide


def line_stops(para: ParaStyle, start_pt: float) -> tuple[tuple[float, str], ...]:
    """The stops a line of ``para`` that starts ``start_pt`` right of the text origin can reach, as
    (distance from the line's start in pt, alignment ``l``/``ctr``/``r``/``dec``), nearest first."""
    stops = {pos: algn for pos, algn in para.tabs if pos <= _EXTENT_PT}  # one far past any slide: not a stop
    if para.indent_pt < 0:
        stops.setdefault(para.margin_left_pt, "l")
    pitch = para.default_tab_pt if para.default_tab_pt >= 1.0 else 72.0
    last = max((pos for pos, _ in para.tabs), default=0.0)
    n = int(max(last, start_pt) // pitch) + 1
    while len(stops) < MAX_STOPS and n * pitch <= _EXTENT_PT:
        stops.setdefault(n * pitch, "l")
        n += 1
    ahead = sorted((pos - start_pt, algn) for pos, algn in stops.items() if pos > start_pt + 1e-6)
    return tuple(ahead[:MAX_STOPS])
