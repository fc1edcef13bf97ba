"""An Office theme (``a:theme``): its colour scheme and major/minor fonts, and the colour arithmetic
Word (tint/shade) and DrawingML (lumMod/lumOff, tint, shade) apply to theme colours. No Qt.

Fonts the machine lacks are drawn in a family of the same kind (serif or sans), as LibreOffice does,
so a serif body stays serif.
"""
from __future__ import annotations

import colorsys
from functools import lru_cache
from dataclasses import dataclass, field
from typing import Any

from lxml import etree

__all__ = ["Theme", "drawingml_color", "family_css", "font_kind", "part_theme", "read_theme", "roman", "tinted"]

_A = "http://schemas.openxmlformats.org/drawingml/2006/main"
_SAFE_XML = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False)
_SCHEME = ("dk1", "lt1", "dk2", "lt2", "accent1", "accent2", "accent3", "accent4", "accent5", "accent6",
           "hlink", "folHlink")
# Office's default theme, for files that carry none
_OFFICE = {"dk1": "#000000", "lt1": "#ffffff", "dk2": "#44546a", "lt2": "#e7e6e6", "accent1": "#4472c4",
           "accent2": "#ed7d31", "accent3": "#a5a5a5", "accent4": "#ffc000", "accent5": "#5b9bd5",
           "accent6": "#70ad47", "hlink": "#0563c1", "folHlink": "#954f72"}
_SERIF = {"cambria", "times new roman", "times", "georgia", "garamond", "book antiqua", "palatino",
          "palatino linotype", "constantia", "liberation serif", "dejavu serif", "caladea", "century",
          "century schoolbook", "bookman old style", "baskerville old face", "calisto mt", "goudy old style",
          "perpetua", "rockwell", "sylfaen", "mincho", "ms mincho", "simsun", "宋体", "songti sc", "noto serif",
          "source serif pro", "linux libertine", "linux libertine g", "cambria math", "big caslon",
          "californian fb", "bodoni mt", "didot", "high tower text", "minion pro", "times new roman ps"}
_MONO = {"courier new", "courier", "consolas", "lucida console", "dejavu sans mono", "liberation mono",
         "menlo", "monaco", "source code pro"}


@dataclass(frozen=True)
class Theme:
    """Scheme colours by name (``accent1`` → ``#4472c4``) and fonts by ``major.latin``/``minor.ea``."""

    colors: dict[str, str] = field(default_factory=lambda: dict(_OFFICE))
    fonts: dict[str, str] = field(default_factory=lambda: {"major.latin": "Calibri Light", "minor.latin": "Calibri"})


def read_theme(root: Any) -> Theme:
    """The theme in an ``a:theme`` element (lxml)."""
    colors = dict(_OFFICE)
    scheme = root.find(f".//{{{_A}}}clrScheme")
    if scheme is not None:
        for name in _SCHEME:
            el = scheme.find(f"{{{_A}}}{name}")
            if el is None or not len(el):
                continue
            value = el[0]
            if value.tag == f"{{{_A}}}srgbClr":
                colors[name] = "#" + value.get("val", "000000").lower()
            elif value.tag == f"{{{_A}}}sysClr":
                colors[name] = "#" + (value.get("lastClr") or ("000000" if name.startswith("dk") else "ffffff")).lower()
    fonts: dict[str, str] = {}
    for group in ("major", "minor"):
        el = root.find(f".//{{{_A}}}{group}Font")
        if el is None:
            continue
        for script in ("latin", "ea", "cs"):
            face = el.find(f"{{{_A}}}{script}")
            if face is not None and face.get("typeface"):
                fonts[f"{group}.{script}"] = face.get("typeface")
        hans = next((f.get("typeface") for f in el.findall(f"{{{_A}}}font") if f.get("script") == "Hans"), "")
        if hans and f"{group}.ea" not in fonts:
            fonts[f"{group}.ea"] = hans
    return Theme(colors=colors, fonts=fonts or Theme().fonts)


def part_theme(part: Any) -> Theme:
    """The theme a package part (a document part, a slide master) refers to; Office's default without one."""
    for rel in part.rels.values():
        if not rel.is_external and rel.reltype.endswith("/theme"):
            try:
                return read_theme(etree.fromstring(rel.target_part.blob, _SAFE_XML))
            except (etree.XMLSyntaxError, ValueError, AttributeError):
                return Theme()
    return Theme()


def roman(n: int) -> str:
    """``n`` in upper-case Roman numerals (list numbers, note marks)."""
    out = []
    for value, letters in ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"),
                           (50, "L"), (40, "XL"), (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I")):
        while n >= value:
            out.append(letters)
            n -= value
    return "".join(out)


def list_number(n: int, fmt: str) -> str:
    """``n`` in a Word numbering format (``w:numFmt``): 3, 03, c, C, iii, III (others as digits)."""
    if fmt in ("lowerLetter", "upperLetter"):
        letters = ""
        while n > 0:
            n, rest = divmod(n - 1, 26)
            letters = chr(ord("a") + rest) + letters
        return letters.upper() if fmt == "upperLetter" else letters
    if fmt in ("lowerRoman", "upperRoman"):
        return roman(n).lower() if fmt == "lowerRoman" else roman(n)
    if fmt == "decimalZero":
        return f"{n:02d}"
    return str(n)


def tinted(color: str, tint: int | None, shade: int | None) -> str:
    """Word's ``themeTint``/``themeShade`` (0-255) applied to ``#rrggbb``: on the HSL luminance, the
    result truncated as Word does (accent1 4F81BD shaded BF is Heading 1's 365F91)."""
    r, g, b = (int(color[i:i + 2], 16) / 255 for i in (1, 3, 5))
    h, lum, s = colorsys.rgb_to_hls(r, g, b)
    if shade is not None:
        lum *= shade / 255
    if tint is not None:
        lum = lum * tint / 255 + (1 - tint / 255)
    r, g, b = colorsys.hls_to_rgb(h, min(1.0, max(0.0, lum)), s)
    return "#" + "".join(f"{min(255, int(c * 255 + 1e-6)):02x}" for c in (r, g, b))


def drawingml_color(el: Any, scheme: dict[str, str], placeholder: str = "") -> str:
    """``#rrggbb`` of a DrawingML colour choice (``a:srgbClr``, ``a:schemeClr``, …) with its modifiers.

    ``placeholder`` is what ``phClr`` stands for (a style matrix's colour); "" when unknown."""
    tag = el.tag.rsplit("}", 1)[-1]
    base = ""
    if tag == "srgbClr":
        value = el.get("val", "")
        base = f"#{value.lower()}" if len(value) == 6 else ""
    elif tag == "schemeClr":
        name = el.get("val", "")
        # tx1/bg1/tx2/bg2 go through the master's colour map when the caller resolved it
        fallback = {"tx1": "dk1", "bg1": "lt1", "tx2": "dk2", "bg2": "lt2"}.get(name, name)
        base = placeholder if name == "phClr" else scheme.get(name, "") or scheme.get(fallback, "")
    elif tag == "sysClr":
        base = "#" + (el.get("lastClr") or "000000").lower()
    elif tag == "prstClr":
        base = _PRESET.get(el.get("val", ""), "")
    elif tag == "scrgbClr":
        try:
            r, g, b = (min(255, max(0, round(int(el.get(k, "0")) / 100000 * 255))) for k in ("r", "g", "b"))
            base = f"#{r:02x}{g:02x}{b:02x}"
        except ValueError:
            base = ""
    elif tag == "hslClr":
        try:
            h, s, lum = int(el.get("hue", "0")) / 21600000, int(el.get("sat", "0")) / 100000, int(el.get("lum", "0")) / 100000
            base = _hex(colorsys.hls_to_rgb(h, lum, s))
        except ValueError:
            base = ""
    if not base:
        return ""
    return _modified(base, el)


def _modified(base: str, el: Any) -> str:
    r, g, b = (int(base[i:i + 2], 16) / 255 for i in (1, 3, 5))
    for mod in el:
        if not isinstance(mod.tag, str):
            continue
        name = mod.tag.rsplit("}", 1)[-1]
        try:
            value = int(mod.get("val", "0")) / 100000
        except ValueError:
            continue
        if name in ("lumMod", "lumOff"):
            h, lum, s = colorsys.rgb_to_hls(r, g, b)
            lum = lum * value if name == "lumMod" else lum + value
            r, g, b = colorsys.hls_to_rgb(h, min(1.0, max(0.0, lum)), s)
        elif name == "shade":  # DrawingML shades and tints in linear light, as PowerPoint does
            r, g, b = (_gamma(_linear(c) * value) for c in (r, g, b))
        elif name == "tint":
            r, g, b = (_gamma(_linear(c) * value + (1 - value)) for c in (r, g, b))
        elif name in ("satMod",):
            h, lum, s = colorsys.rgb_to_hls(r, g, b)
            r, g, b = colorsys.hls_to_rgb(h, lum, min(1.0, s * value))
    return _hex((r, g, b))


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _gamma(c: float) -> float:
    c = min(1.0, max(0.0, c))
    return c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055


def _hex(rgb: tuple[float, float, float]) -> str:
    r, g, b = (min(255, max(0, round(c * 255))) for c in rgb)
    return f"#{r:02x}{g:02x}{b:02x}"


@lru_cache(maxsize=512)
def font_kind(name: str) -> str:
    """The generic CSS family of a font name: ``serif``, ``monospace`` or ``sans-serif``."""
    low = name.lower().strip()
    if low in _MONO:
        return "monospace"
    if low in _SERIF or "serif" in low and "sans" not in low or "mincho" in low or "song" in low or "明朝" in name:
        return "serif"
    return "sans-serif"


_NARROW_SANS = frozenset({"calibri", "calibri light", "carlito", "arial narrow", "candara", "corbel"})


# per kind: an installed Latin face, an installed CJK face, the generic family
_FACES = {"monospace": ("DejaVu Sans Mono", "Noto Sans Mono CJK SC", "monospace"),
          "serif": ("DejaVu Serif", "Noto Serif CJK SC", "serif"),
          "sans-serif": ("DejaVu Sans", "Noto Sans CJK SC", "sans-serif")}


def family_css(name: str, east_asia: str = "", *, narrow: bool = False) -> str:
    """A CSS ``font-family`` list for ``name``: the font itself, then an installed one of its kind;
    ``narrow``: a narrow face (Calibri) falls back to DejaVu Sans Condensed, as LibreOffice Writer sets it."""
    latin, cjk, generic = _FACES[font_kind(name)]
    # The East Asian font right after an installed Latin one: Word uses it for CJK text alone, and Qt would
    # otherwise draw Latin letters in it whenever the Latin font is missing. When it is not installed, the CJK
    # face of its own kind stands in (宋体 a serif one, 黑体 a sans one), not the Latin font's.
    if east_asia:
        cjk = _FACES[font_kind(east_asia)][1]
    faces = ["DejaVu Sans Condensed", latin] if narrow and name.lower() in _NARROW_SANS else [latin]
    families = [f for f in (name,) if f] + faces + ([east_asia] if east_asia else []) + [cjk, generic]
    seen: list[str] = []
    for family in families:
        if family not in seen:
            seen.append(family)
    return ", ".join(f"'{f}'" if f not in ("serif", "sans-serif", "monospace") else f
                     for f in (s.replace("'", "") for s in seen))


_PRESET = {"black": "#000000", "white": "#ffffff", "red": "#ff0000", "green": "#008000", "blue": "#0000ff",
           "yellow": "#ffff00", "gray": "#808080", "grey": "#808080", "darkGray": "#a9a9a9", "lightGray": "#d3d3d3",
           "orange": "#ffa500", "navy": "#000080", "darkBlue": "#00008b", "darkRed": "#8b0000", "darkGreen": "#006400"}
