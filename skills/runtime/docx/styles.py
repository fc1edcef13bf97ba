"""Formatting resolved the way Word resolves it (no Qt): document defaults → table style → paragraph
style chain (``basedOn``) → linked/character style chain → direct paragraph and run formatting, with
theme fonts (major/minor, East Asian) and theme colours (``w:themeColor`` with tint/shade).

The result is plain values (points, ``#rrggbb``, family names) that the HTML builder turns into
inline styles; tests read the same values to check what the preview draws against the file.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from docx.oxml.ns import qn
from lxml import etree

from skills.runtime.office_theme import Theme, part_theme, tinted

__all__ = ["Border", "CellLook", "ParaLook", "RunLook", "StyleSheet", "TableLook", "read_stylesheet", "table_rows"]

_OFF = ("0", "false", "off", "none")
_TWIP_PT = 1 / 20
_STYLE_ONLY = {qn("w:pStyle"), qn("w:rPr")}  # a pPr with only these looks like its style
# Word's conditional table formats in the order later ones win (ECMA-376 §17.7.6)
_CONDITIONS = ("wholeTable", "band1Vert", "band2Vert", "band1Horz", "band2Horz", "firstCol", "lastCol",
               "firstRow", "lastRow", "neCell", "nwCell", "seCell", "swCell")
_LOOK_BITS = {"firstRow": 0x0020, "lastRow": 0x0040, "firstColumn": 0x0080, "lastColumn": 0x0100,
              "noHBand": 0x0200, "noVBand": 0x0400}
_THEME_FONT = {"majorHAnsi": ("major", "latin"), "majorAscii": ("major", "latin"), "majorEastAsia": ("major", "ea"),
               "minorHAnsi": ("minor", "latin"), "minorAscii": ("minor", "latin"), "minorEastAsia": ("minor", "ea"),
               "majorBidi": ("major", "cs"), "minorBidi": ("minor", "cs")}
_HIGHLIGHT = {"yellow": "#ffff00", "green": "#00ff00", "cyan": "#00ffff", "magenta": "#ff00ff", "blue": "#0000ff",
              "red": "#ff0000", "darkBlue": "#000080", "darkCyan": "#008080", "darkGreen": "#008000",
              "darkMagenta": "#800080", "darkRed": "#800000", "darkYellow": "#808000", "darkGray": "#808080",
              "lightGray": "#c0c0c0", "black": "#000000", "white": "#ffffff"}


@dataclass(frozen=True)
class Border:
    """One side of a paragraph or cell border."""

    color: str
    width_pt: float
    space_pt: float = 0.0  # w:space: the gap between the text and a paragraph border


@dataclass(frozen=True)
class RunLook:
    """What a run of text looks like after every level has had its say."""

    font: str = ""
    east_asia_font: str = ""
    size_pt: float = 10.0
    bold: bool = False
    italic: bool = False
    underline: bool = False
    strike: bool = False
    caps: bool = False
    color: str = ""  # "" is automatic (black on white)
    highlight: str = ""
    vert_align: str = ""  # "superscript" / "subscript"
    hidden: bool = False


@dataclass(frozen=True, eq=False)  # compared and hashed by identity: a style's look is made once and cached
class ParaLook:
    """A paragraph's resolved formatting; ``run`` is the look its runs start from."""

    run: RunLook
    align: str = ""  # "", "center", "right", "justify"
    before_pt: float = 0.0
    after_pt: float = 0.0
    line: float = 0.0  # a multiple of single spacing (auto rule), 0 when not set or not auto
    line_rule: str = ""  # "exact" or "atLeast": each line is (at least) ``line_pt`` high
    line_pt: float = 0.0
    left_pt: float = 0.0
    right_pt: float = 0.0
    first_line_pt: float = 0.0  # negative for a hanging indent
    shading: str = ""
    borders: dict[str, Border] = field(default_factory=dict)  # "top", "bottom", "left", "right"
    outline_level: int | None = None
    num_id: str = ""
    num_level: int = 0


@dataclass(frozen=True)
class CellLook:
    """What the table style and the cell's own properties give one cell."""

    shading: str = ""
    borders: dict[str, Border] = field(default_factory=dict)
    props: dict[str, Any] = field(default_factory=dict)  # run and paragraph props the cell's text starts from


@dataclass(frozen=True)
class TableLook:
    """A table's style with the parts its ``tblLook`` switches on."""

    style_id: str
    conditions: frozenset[str]
    band_rows: int = 1


class StyleSheet:
    """``styles.xml`` and the theme, resolved per paragraph, run and table cell (cached by style id)."""

    def __init__(self, styles: Any, theme: Theme, color_map: dict[str, str]) -> None:
        self.theme = theme
        self._color_map = color_map
        self._styles: dict[str, Any] = {}
        self._default: dict[str, str] = {}
        self._cache: dict[tuple[str, str], dict[str, Any]] = {}
        self._looks: dict[tuple[str, bool], ParaLook] = {}
        self._defaults: dict[str, Any] = {}
        if styles is None:
            return
        for style in styles.findall(qn("w:style")):
            sid = style.get(qn("w:styleId"), "")
            kind = style.get(qn("w:type"), "paragraph")
            self._styles[sid] = style
            if style.get(qn("w:default")) in ("1", "true", "on"):
                self._default.setdefault(kind, sid)
        defaults = styles.find(qn("w:docDefaults"))
        if defaults is not None:
            rpr = defaults.find(f"{qn('w:rPrDefault')}/{qn('w:rPr')}")
            ppr = defaults.find(f"{qn('w:pPrDefault')}/{qn('w:pPr')}")
            self._defaults = {**self._ppr(ppr), **self._rpr(rpr)}

    # -- public ------------------------------------------------------------------------------
    @property
    def default_paragraph_style(self) -> str:
        return self._default.get("paragraph", "")

    def style_name(self, sid: str) -> str:
        style = self._styles.get(sid)
        name = style.find(qn("w:name")) if style is not None else None
        return (name.get(qn("w:val"), "") if name is not None else "") or sid

    def paragraph(self, ppr: Any, cell: CellLook | None = None) -> ParaLook:
        """The look of a paragraph with properties ``ppr`` (``w:pPr`` or None), inside ``cell`` if given."""
        sid = _val(ppr, "pStyle") or self.default_paragraph_style
        plain = (cell is None or not cell.props) and (ppr is None or all(
            child.tag in _STYLE_ONLY for child in ppr))
        key = (sid, bool(cell is not None and cell.props))
        if plain and key in self._looks:
            return self._looks[key]  # most paragraphs are their style and nothing else: resolved once
        look = self._resolve(sid, ppr, cell)
        if plain:
            self._looks[key] = look
        return look

    def _resolve(self, sid: str, ppr: Any, cell: CellLook | None) -> ParaLook:
        props = dict(self._defaults)
        is_default = sid == self.default_paragraph_style
        if cell is not None and not is_default:
            props.update(cell.props)
        props.update(self._chain(sid, "paragraph"))
        if cell is not None and is_default:
            # Word lets a table style override what Normal sets (the default style defers to it)
            props.update(cell.props)
        props.update(self._ppr(ppr))  # the paragraph mark's own run properties (w:rPr) do not style its text
        return self._para_look(props)

    def run(self, para: ParaLook, rpr: Any, para_props: dict[str, Any] | None = None) -> RunLook:
        """The look of a run with properties ``rpr`` in a paragraph that looks like ``para``."""
        if rpr is None:
            return para.run
        props: dict[str, Any] = {}
        rsid = _val(rpr, "rStyle")
        if rsid:
            props.update(self._chain(rsid, "character"))
        props.update(self._rpr(rpr))
        if not props:
            return para.run
        return _run_look(props, para.run)

    def table(self, tblpr: Any) -> TableLook:
        sid = _val(tblpr, "tblStyle") or self._default.get("table", "")
        look = tblpr.find(qn("w:tblLook")) if tblpr is not None else None
        on: set[str] = {"wholeTable"}
        flags = {"firstRow": True, "lastRow": False, "firstColumn": True, "lastColumn": False,
                 "noHBand": False, "noVBand": True}  # Word's default look (04A0)
        if look is not None:
            raw = look.get(qn("w:val"), "")
            bits = int(raw, 16) if raw and all(c in "0123456789abcdefABCDEF" for c in raw) else None
            for name, bit in _LOOK_BITS.items():
                attr = look.get(qn(f"w:{name}"))
                if attr is not None:
                    flags[name] = attr not in _OFF
                elif bits is not None:
                    flags[name] = bool(bits & bit)
        if flags["firstRow"]:
            on.add("firstRow")
        if flags["lastRow"]:
            on.add("lastRow")
        if flags["firstColumn"]:
            on.add("firstCol")
        if flags["lastColumn"]:
            on.add("lastCol")
        if not flags["noHBand"]:
            on.update(("band1Horz", "band2Horz"))
        if not flags["noVBand"]:
            on.update(("band1Vert", "band2Vert"))
        band = 1
        for style in self._lineage(sid, "table"):
            size = _val(style.find(qn("w:tblPr")), "tblStyleRowBandSize")
            if size.isdigit() and int(size) > 0:
                band = int(size)
        return TableLook(style_id=sid, conditions=frozenset(on), band_rows=band)

    def cell(self, table: TableLook, row: int, rows: int, col: int, cols: int, tcpr: Any,
             header: bool = False) -> CellLook:
        """Shading, borders and text props of the cell at ``row``/``col`` of a ``rows``×``cols`` table."""
        which = ["wholeTable"]
        first_row = "firstRow" in table.conditions and (row == 0 or header)
        last_row = "lastRow" in table.conditions and row == rows - 1 and rows > 1
        body_row = row - (1 if "firstRow" in table.conditions else 0)
        if not first_row and not last_row and "band1Horz" in table.conditions:
            which.append("band1Horz" if (body_row // table.band_rows) % 2 == 0 else "band2Horz")
        if "band1Vert" in table.conditions:
            body_col = col - (1 if "firstCol" in table.conditions else 0)
            which.append("band1Vert" if body_col % 2 == 0 else "band2Vert")
        if "firstCol" in table.conditions and col == 0:
            which.append("firstCol")
        if "lastCol" in table.conditions and col == cols - 1 and cols > 1:
            which.append("lastCol")
        if first_row:
            which.append("firstRow")
        if last_row:
            which.append("lastRow")
        which.sort(key=_CONDITIONS.index)
        shading = ""
        borders: dict[str, Border] = {}
        props: dict[str, Any] = {}
        lineage = self._lineage(table.style_id, "table")
        for kind in which:
            for style in lineage:
                part = style if kind == "wholeTable" else _conditional(style, kind)
                if part is None:
                    continue
                props.update(self._ppr(part.find(qn("w:pPr"))))
                props.update(self._rpr(part.find(qn("w:rPr"))))
                tc = part.find(qn("w:tcPr"))
                shading = self._shading(tc) or shading
                if kind == "wholeTable":
                    borders.update(self._table_borders(part.find(qn("w:tblPr")), row, rows, col, cols))
                borders.update(self._borders(tc.find(qn("w:tcBorders")) if tc is not None else None))
        if tcpr is not None:
            shading = self._shading(tcpr) or shading
            borders.update(self._borders(tcpr.find(qn("w:tcBorders"))))
        return CellLook(shading=shading, borders={k: v for k, v in borders.items() if v.width_pt > 0},
                        props=props)

    def color(self, el: Any, *, attr: str = "val", theme_attr: str = "themeColor",
              tint: str = "themeTint", shade: str = "themeShade") -> str:
        """``#rrggbb`` from a ``w:color``-like element (theme colour first, as Word does), "" for auto."""
        if el is None:
            return ""
        theme = el.get(qn(f"w:{theme_attr}"))
        if theme:
            base = self.theme.colors.get(self._color_map.get(theme, theme), "")
            if base:
                return tinted(base, _hex_byte(el.get(qn(f"w:{tint}"))), _hex_byte(el.get(qn(f"w:{shade}"))))
        value = el.get(qn(f"w:{attr}"), "")
        return f"#{value.lower()}" if _is_hex(value) else ""

    # -- levels ------------------------------------------------------------------------------
    def _lineage(self, sid: str, kind: str) -> list[Any]:
        """The style and its ``basedOn`` ancestors, root first (a loop or a missing style ends it)."""
        out: list[Any] = []
        seen: set[str] = set()
        while sid and sid not in seen and len(out) < 32:
            seen.add(sid)
            style = self._styles.get(sid)
            if style is None or style.get(qn("w:type"), "paragraph") != kind:
                break
            out.append(style)
            sid = _val(style, "basedOn")
        return out[::-1]

    def _chain(self, sid: str, kind: str) -> dict[str, Any]:
        key = (kind, sid)
        if key not in self._cache:
            props: dict[str, Any] = {}
            for style in self._lineage(sid, kind):
                props.update(self._ppr(style.find(qn("w:pPr"))))
                props.update(self._rpr(style.find(qn("w:rPr"))))
            self._cache[key] = props
        return self._cache[key]

    # -- reading properties ------------------------------------------------------------------
    def _rpr(self, rpr: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if rpr is None:
            return out
        fonts = rpr.find(qn("w:rFonts"))
        if fonts is not None:
            latin = self._font(fonts, "ascii") or self._font(fonts, "hAnsi")
            if latin:
                out["font"] = latin
            east = self._font(fonts, "eastAsia")
            if east:
                out["east_asia_font"] = east
        for name in ("b", "i", "strike", "dstrike", "caps", "smallCaps", "vanish"):
            el = rpr.find(qn(f"w:{name}"))
            if el is not None:
                out[name] = el.get(qn("w:val"), "true") not in _OFF
        size = _val(rpr, "sz")
        if size.isdigit():
            out["size_pt"] = int(size) / 2
        u = rpr.find(qn("w:u"))
        if u is not None:
            out["underline"] = u.get(qn("w:val"), "single") != "none"
        color = rpr.find(qn("w:color"))
        if color is not None:
            out["color"] = self.color(color)
        high = _val(rpr, "highlight")
        if high:
            out["highlight"] = _HIGHLIGHT.get(high, "")
        shd = self._shading(rpr)
        if shd:
            out["highlight"] = shd
        va = _val(rpr, "vertAlign")
        if va:
            out["vert_align"] = va if va in ("superscript", "subscript") else ""
        return out

    def _font(self, fonts: Any, slot: str) -> str:
        theme = fonts.get(qn(f"w:{slot}Theme"))
        if theme in _THEME_FONT:
            group, script = _THEME_FONT[theme]
            name = self.theme.fonts.get(f"{group}.{script}", "")
            if name:
                return name
        return fonts.get(qn(f"w:{slot}"), "") or ""

    def _ppr(self, ppr: Any) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if ppr is None:
            return out
        jc = _val(ppr, "jc")
        if jc:
            out["align"] = {"center": "center", "right": "right", "end": "right", "both": "justify",
                            "distribute": "justify"}.get(jc, "")
        spacing = ppr.find(qn("w:spacing"))
        if spacing is not None:
            for attr, key in (("before", "before_pt"), ("after", "after_pt")):
                raw = spacing.get(qn(f"w:{attr}"))
                auto = spacing.get(qn(f"w:{attr}Autospacing"))
                if auto is not None and auto not in _OFF:
                    out[key] = 14.0
                elif raw is not None and _is_int(raw):
                    out[key] = int(raw) * _TWIP_PT
            line = spacing.get(qn("w:line"))
            if line is not None and _is_int(line):
                rule = spacing.get(qn("w:lineRule"), "auto")
                # all three keys at once: a paragraph's rule replaces its style's whole line setting
                if rule in ("exact", "atLeast"):
                    out["line"], out["line_rule"], out["line_pt"] = 0.0, rule, abs(int(line)) * _TWIP_PT
                else:
                    out["line"], out["line_rule"], out["line_pt"] = int(line) / 240, "", 0.0
        ind = ppr.find(qn("w:ind"))
        if ind is not None:
            for attrs, key in ((("left", "start"), "left_pt"), (("right", "end"), "right_pt")):
                for attr in attrs:
                    raw = ind.get(qn(f"w:{attr}"))
                    if raw is not None and _is_int(raw):
                        out[key] = int(raw) * _TWIP_PT
                        break
            hanging, first = ind.get(qn("w:hanging")), ind.get(qn("w:firstLine"))
            if hanging is not None and _is_int(hanging):
                out["first_line_pt"] = -int(hanging) * _TWIP_PT
            elif first is not None and _is_int(first):
                out["first_line_pt"] = int(first) * _TWIP_PT
        shd = self._shading(ppr)
        if shd:
            out["shading"] = shd
        bdr = ppr.find(qn("w:pBdr"))
        if bdr is not None:
            out["borders"] = {**out.get("borders", {}), **self._borders(bdr)}
        level = _val(ppr, "outlineLvl")
        if level.isdigit():
            out["outline_level"] = int(level)
        num = ppr.find(qn("w:numPr"))
        if num is not None:
            num_id = _val(num, "numId")
            if num_id:
                out["num_id"] = num_id
            lvl = _val(num, "ilvl")
            if lvl.isdigit():
                out["num_level"] = int(lvl)
        return out

    def _shading(self, parent: Any) -> str:
        shd = parent.find(qn("w:shd")) if parent is not None else None
        if shd is None or shd.get(qn("w:val")) == "nil":
            return ""
        fill = self.color(shd, attr="fill", theme_attr="themeFill", tint="themeFillTint", shade="themeFillShade")
        if fill:
            return fill
        if shd.get(qn("w:val")) == "solid":  # a solid pattern shows its pattern colour
            return self.color(shd) or "#000000"
        return ""

    def _borders(self, bdr: Any) -> dict[str, Border]:
        out: dict[str, Border] = {}
        if bdr is None:
            return out
        for side in ("top", "bottom", "left", "right", "start", "end", "insideH", "insideV"):
            el = bdr.find(qn(f"w:{side}"))
            if el is None:
                continue
            key = {"start": "left", "end": "right"}.get(side, side)
            kind = el.get(qn("w:val"), "single")
            if kind in ("nil", "none"):
                out[key] = Border(color="", width_pt=0.0)
                continue
            size = el.get(qn("w:sz"), "4")
            width = max(0.25, int(size) / 8) if size.isdigit() else 0.5
            space = el.get(qn("w:space"), "0")
            out[key] = Border(color=self.color(el, attr="color") or "#000000", width_pt=width * (3 if kind == "double" else 1),
                              space_pt=min(31.0, float(space)) if space.isdigit() else 0.0)
        return out

    def _table_borders(self, tblpr: Any, row: int, rows: int, col: int, cols: int) -> dict[str, Border]:
        found = self._borders(tblpr.find(qn("w:tblBorders")) if tblpr is not None else None)
        out: dict[str, Border] = {}
        for side, outer, inner, edge in (("top", "top", "insideH", row == 0), ("bottom", "bottom", "insideH", row == rows - 1),
                                         ("left", "left", "insideV", col == 0), ("right", "right", "insideV", col == cols - 1)):
            chosen = found.get(outer if edge else inner)
            if chosen is not None:
                out[side] = chosen
        return out

    def _para_look(self, props: dict[str, Any]) -> ParaLook:
        return ParaLook(run=_run_look(props, RunLook()), align=props.get("align", ""),
                        before_pt=props.get("before_pt", 0.0), after_pt=props.get("after_pt", 0.0),
                        line=props.get("line", 0.0), line_rule=props.get("line_rule", ""),
                        line_pt=props.get("line_pt", 0.0), left_pt=props.get("left_pt", 0.0),
                        right_pt=props.get("right_pt", 0.0), first_line_pt=props.get("first_line_pt", 0.0),
                        shading=props.get("shading", ""),
                        borders={k: v for k, v in props.get("borders", {}).items() if v.width_pt > 0},
                        outline_level=props.get("outline_level"), num_id=props.get("num_id", ""),
                        num_level=props.get("num_level", 0))


def _run_look(props: dict[str, Any], base: RunLook) -> RunLook:
    return RunLook(font=props.get("font", base.font), east_asia_font=props.get("east_asia_font", base.east_asia_font),
                   size_pt=props.get("size_pt", base.size_pt), bold=props.get("b", base.bold),
                   italic=props.get("i", base.italic), underline=props.get("underline", base.underline),
                   strike=props.get("strike", props.get("dstrike", base.strike)),
                   caps=props.get("caps", base.caps), color=props.get("color", base.color),
                   highlight=props.get("highlight", base.highlight),
                   vert_align=props.get("vert_align", base.vert_align), hidden=props.get("vanish", base.hidden))


def _conditional(style: Any, kind: str) -> Any:
    for part in style.findall(qn("w:tblStylePr")):
        if part.get(qn("w:type")) == kind:
            return part
    return None


def table_rows(tbl: Any) -> list[tuple[bool, list[Any]]]:
    """A ``w:tbl``'s own rows (not a nested table's): whether each repeats as a header row
    (``w:tblHeader``), and its own cells (``w:tc``)."""
    out = []
    for tr in tbl.iter(qn("w:tr")):
        if next(tr.iterancestors(qn("w:tbl"))) is not tbl:
            continue
        trpr = tr.find(qn("w:trPr"))
        cells = [tc for tc in tr.iter(qn("w:tc")) if next(tc.iterancestors(qn("w:tr"))) is tr]
        out.append((trpr is not None and trpr.find(qn("w:tblHeader")) is not None, cells))
    return out


def read_stylesheet(document: Any) -> StyleSheet:
    """The document's styles and theme (python-docx ``Document``); a file without them gets Word's defaults."""
    part = document.part
    try:
        styles = part.styles.element
    except (AttributeError, KeyError, NotImplementedError, ValueError):
        styles = None
    theme = part_theme(part)
    color_map = {"text1": "dk1", "background1": "lt1", "text2": "dk2", "background2": "lt2",
                 "dark1": "dk1", "light1": "lt1", "dark2": "dk2", "light2": "lt2",
                 "hyperlink": "hlink", "followedHyperlink": "folHlink"}
    try:
        mapping = part._settings_part.element.find(qn("w:clrSchemeMapping"))
    except (AttributeError, KeyError, NotImplementedError, ValueError):
        mapping = None
    if mapping is not None:
        short = {"t1": "text1", "bg1": "background1", "t2": "text2", "bg2": "background2"}
        for key, value in mapping.attrib.items():
            name = etree.QName(key).localname
            target = {"light1": "lt1", "dark1": "dk1", "light2": "lt2", "dark2": "dk2",
                      "hyperlink": "hlink", "followedHyperlink": "folHlink"}.get(value, value)
            color_map[short.get(name, name)] = target
    return StyleSheet(styles, theme, color_map)


def _val(parent: Any, name: str) -> str:
    if parent is None:
        return ""
    child = parent.find(qn(f"w:{name}"))
    return child.get(qn("w:val"), "") if child is not None else ""


def _is_hex(value: str) -> bool:
    return len(value) == 6 and all(ch in "0123456789abcdefABCDEF" for ch in value)


def _is_int(value: str) -> bool:
    return value.lstrip("-").isdigit()


def _hex_byte(value: str | None) -> int | None:
    if value and len(value) == 2 and all(ch in "0123456789abcdefABCDEF" for ch in value):
        return int(value, 16)
    return None
