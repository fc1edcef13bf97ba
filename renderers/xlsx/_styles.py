"""Cell styles of a workbook as the grid draws them (no Qt): font weight, slant, size, colour, fill,
alignment, the bottom/top/left/right borders and the number format, one entry per ``cellXfs`` index.

openpyxl has read ``styles.xml`` (``apply_stylesheet``); colours given as theme indexes go through the
workbook's theme with Excel's tint."""
from __future__ import annotations

import colorsys
from dataclasses import dataclass, field
from typing import Any

from lxml import etree
from openpyxl.styles.numbers import BUILTIN_FORMATS

from skills.api import Theme, read_theme

__all__ = ["CellStyle", "read_styles"]

_SAFE_XML = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
# Excel's theme index order: lt1 dk1 lt2 dk2, then the accents
_THEME_ORDER = ("lt1", "dk1", "lt2", "dk2", "accent1", "accent2", "accent3", "accent4", "accent5", "accent6",
                "hlink", "folHlink")
_INDEXED = ("000000", "FFFFFF", "FF0000", "00FF00", "0000FF", "FFFF00", "FF00FF", "00FFFF", "000000", "FFFFFF",
            "FF0000", "00FF00", "0000FF", "FFFF00", "FF00FF", "00FFFF", "800000", "008000", "000080", "808000",
            "800080", "008080", "C0C0C0", "808080", "9999FF", "993366", "FFFFCC", "CCFFFF", "660066", "FF8080",
            "0066CC", "CCCCFF", "000080", "FF00FF", "FFFF00", "00FFFF", "800080", "800000", "008080", "0000FF",
            "00CCFF", "CCFFFF", "CCFFCC", "FFFF99", "99CCFF", "FF99CC", "CC99FF", "FFCC99", "3366FF", "33CCCC",
            "99CC00", "FFCC00", "FF9900", "FF6600", "666699", "969696", "003366", "339966", "003300", "333300",
            "993300", "993366", "333399", "333333")


@dataclass(frozen=True)
class CellStyle:
    bold: bool = False
    italic: bool = False
    underline: bool = False
    size_pt: float = 11.0
    color: str = ""  # "" is automatic
    fill: str = ""
    halign: str = ""  # left | center | right | "" (general: numbers right, text left)
    valign: str = ""  # top | center | bottom
    wrap: bool = False
    borders: dict[str, str] = field(default_factory=dict)  # side → colour
    number_format: str = "General"


def read_styles(wb: Any) -> list[CellStyle]:
    """One :class:`CellStyle` per cell format index of an openpyxl workbook read with its stylesheet."""
    theme = Theme()
    raw = getattr(wb, "loaded_theme", None)
    if raw:
        try:
            theme = read_theme(etree.fromstring(raw, _SAFE_XML))
        except (etree.XMLSyntaxError, ValueError):
            pass
    custom = list(getattr(wb, "_number_formats", []))
    out: list[CellStyle] = []
    for xf in getattr(wb, "_cell_styles", []):
        try:
            font = wb._fonts[xf.fontId]
            fill = wb._fills[xf.fillId]
            border = wb._borders[xf.borderId]
            align = wb._alignments[xf.alignmentId]
        except (IndexError, AttributeError):
            out.append(CellStyle())
            continue
        fmt_id = xf.numFmtId
        number_format = BUILTIN_FORMATS.get(fmt_id) or (custom[fmt_id - 164] if 0 <= fmt_id - 164 < len(custom)
                                                        else "General")
        fill_color = ""
        if getattr(fill, "patternType", None) == "solid":
            fill_color = _color(fill.fgColor, theme) or _color(fill.bgColor, theme)
        borders = {}
        for side in ("top", "bottom", "left", "right"):
            edge = getattr(border, side, None)
            if edge is not None and edge.style:
                borders[side] = _color(edge.color, theme) or "#000000"
        out.append(CellStyle(bold=bool(font.b), italic=bool(font.i), underline=bool(font.u) and font.u != "none",
                             size_pt=float(font.sz or 11), color=_color(font.color, theme),
                             fill=fill_color, halign={"centerContinuous": "center", "general": ""}.get(
                                 align.horizontal or "", align.horizontal or ""),
                             valign=align.vertical or "", wrap=bool(align.wrapText), borders=borders,
                             number_format=number_format or "General"))
    return out


def _color(color: Any, theme: Theme) -> str:
    if color is None:
        return ""
    kind = getattr(color, "type", "rgb")
    base = ""
    if kind == "rgb" and isinstance(color.rgb, str) and len(color.rgb) >= 6:
        if len(color.rgb) == 8 and color.rgb[:2] == "00" and color.rgb != "00000000":
            base = "#" + color.rgb[2:].lower()  # alpha 00 is written by many tools for opaque colours
        elif len(color.rgb) == 8 and color.rgb == "00000000":
            return ""
        else:
            base = "#" + color.rgb[-6:].lower()
    elif kind == "theme" and isinstance(color.theme, int) and 0 <= color.theme < len(_THEME_ORDER):
        base = theme.colors.get(_THEME_ORDER[color.theme], "")
    elif kind == "indexed" and isinstance(color.indexed, int):
        if color.indexed in (64, 65):  # system foreground / background: automatic
            return ""
        base = "#" + _INDEXED[color.indexed].lower() if color.indexed < len(_INDEXED) else ""
    if not base:
        return ""
    tint = float(getattr(color, "tint", 0.0) or 0.0)
    return _tint(base, tint) if tint else base


def _tint(base: str, tint: float) -> str:
    """Excel's tint: the HSL luminance moved towards white (positive) or black (negative)."""
    r, g, b = (int(base[i:i + 2], 16) / 255 for i in (1, 3, 5))
    h, lum, s = colorsys.rgb_to_hls(r, g, b)
    lum = lum * (1 + tint) if tint < 0 else lum * (1 - tint) + tint
    r, g, b = colorsys.hls_to_rgb(h, lum, s)
    return "#" + "".join(f"{round(c * 255):02x}" for c in (r, g, b))
