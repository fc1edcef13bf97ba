"""Text properties resolved as PowerPoint resolves them (no Qt): the master's ``titleStyle`` /
``bodyStyle`` / ``otherStyle`` (or the presentation's ``defaultTextStyle`` for a shape that is not a
placeholder) → the master's placeholder → the layout's placeholder → the shape's own list style →
the paragraph → the run, with theme fonts (``+mj-lt``, ``+mn-lt``, ``+mn-ea``) and scheme colours
(``lumMod``/``lumOff``, tint, shade) through the master's colour map."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any


from skills.api import Theme, drawingml_color, part_theme, roman

__all__ = ["ParaStyle", "RunStyle", "TextStyles"]

_A = "{http://schemas.openxmlformats.org/drawingml/2006/main}"
_P = "{http://schemas.openxmlformats.org/presentationml/2006/main}"
_EMU_PT = 12700
_TITLES = ("title", "ctrTitle")
_OTHER = ("dt", "ftr", "sldNum", "hdr")
_ALIGN = {"ctr": "center", "r": "right", "just": "justify", "dist": "justify", "l": "left"}
_ANCHOR = {"ctr": "middle", "b": "bottom", "t": "top"}
_AUTONUM = {"arabicPeriod": "{n}.", "arabicParenR": "{n})", "arabicPlain": "{n}", "romanUcPeriod": "{R}.",
            "romanLcPeriod": "{r}.", "alphaUcPeriod": "{A}.", "alphaLcPeriod": "{a}.", "alphaLcParenR": "{a})",
            "alphaUcParenR": "{A})", "arabicParenBoth": "({n})"}


@dataclass(frozen=True)
class RunStyle:
    size_pt: float = 18.0
    bold: bool = False
    italic: bool = False
    underline: bool = False
    strike: bool = False
    color: str = "#000000"
    font: str = ""
    east_asia_font: str = ""
    caps: bool = False


@dataclass(frozen=True)
class ParaStyle:
    run: RunStyle
    align: str = "left"
    margin_left_pt: float = 0.0
    indent_pt: float = 0.0
    bullet: str = ""  # the character drawn before the text, "" for none
    bullet_color: str = ""
    bullet_font: str = ""
    bullet_auto: str = ""  # an auto-number scheme ("arabicPeriod"), drawn by the caller with its count
    bullet_scale: float = 1.0
    space_before_pt: float = 0.0
    space_before_pct: float = 0.0
    space_after_pt: float = 0.0
    line_pct: float = 0.0  # line spacing as a share of single (0: single)
    tabs: tuple[tuple[float, str], ...] = ()  # the paragraph's own stops (a:tabLst): pt from the text origin, algn
    default_tab_pt: float = 72.0  # defTabSz: the default stops' pitch (914400 EMU, one inch, unless the chain says)


class TextStyles:
    """One deck's text inheritance; per master and layout element, the parts are looked up once."""

    def __init__(self, prs: Any) -> None:
        self._default_text = prs.part._element.find(f"{_P}defaultTextStyle")
        self._themes: dict[int, Theme] = {}
        self._maps: dict[tuple[int, int], dict[str, str]] = {}
        self._chains: dict[Any, tuple[list[Any], list[Any]]] = {}

    # -- public --------------------------------------------------------------------------------
    def chain(self, shape: Any, slide: Any) -> tuple[list[Any], list[Any]]:
        """The ``lstStyle``-like elements (root first) and ``bodyPr`` elements that ``shape`` inherits."""
        key = shape._element  # kept as the key: the element's Python proxy, and so its identity, stays
        if key not in self._chains:
            self._chains[key] = self._chain(shape, slide)
        return self._chains[key]

    def _chain(self, shape: Any, slide: Any) -> tuple[list[Any], list[Any]]:
        layout = slide.slide_layout
        master = layout.slide_master
        ph = _ph(shape._element)
        lists: list[Any] = []
        bodies: list[Any] = []
        if ph is None:
            lists.append(self._default_text)
        else:
            kind = ph.get("type", "body")
            which = "titleStyle" if kind in _TITLES else "otherStyle" if kind in _OTHER else "bodyStyle"
            lists.append(master._element.find(f"{_P}txStyles/{_P}{which}"))
            for owner, by_idx in ((master, False), (layout, True)):
                match = _placeholder(owner._element, ph, by_idx)
                if match is not None:
                    body = match.find(f"{_P}txBody")
                    if body is not None:
                        lists.append(body.find(f"{_A}lstStyle"))
                        bodies.append(body.find(f"{_A}bodyPr"))
        own = shape._element.find(f"{_P}txBody")
        if own is not None:
            lists.append(own.find(f"{_A}lstStyle"))
            bodies.append(own.find(f"{_A}bodyPr"))
        return [e for e in lists if e is not None], [b for b in bodies if b is not None]

    def colors(self, slide: Any) -> dict[str, str]:
        """Scheme colour names (``tx1``, ``accent1``, ``dk1`` …) → ``#rrggbb`` for ``slide``."""
        master = slide.slide_layout.slide_master
        key = (id(master._element), id(slide._element))
        if key not in self._maps:
            theme = self.theme(master)
            mapping = master._element.find(f"{_P}clrMap")
            override = slide._element.find(f"{_P}clrMapOvr/{_A}overrideClrMapping")
            mapping = override if override is not None else mapping
            out = dict(theme.colors)
            for alias, default in (("tx1", "dk1"), ("bg1", "lt1"), ("tx2", "dk2"), ("bg2", "lt2")):
                target = mapping.get(alias, default) if mapping is not None else default
                out[alias] = theme.colors.get(target, theme.colors.get(default, "#000000"))
            self._maps[key] = out
        return self._maps[key]

    def theme(self, master: Any) -> Theme:
        key = id(master._element)
        if key not in self._themes:
            theme = part_theme(master.part)
            self._themes[key] = theme
        return self._themes[key]

    def own_lists(self, lists: list[Any]) -> list[Any]:
        """``lists`` without the presentation's default text style: what a shape's theme style font colour
        (``p:style/a:fontRef``) overrides, and what it gives way to (the shape's own list style, its text)."""
        return [e for e in lists if e is not self._default_text]

    def paragraph(self, lists: list[Any], ppr: Any, level: int, slide: Any) -> tuple[ParaStyle, dict[str, Any]]:
        """The resolved style of a paragraph at ``level`` (0-8) and the run properties it passes on."""
        colors = self.colors(slide)
        theme = self.theme(slide.slide_layout.slide_master)
        props: dict[str, Any] = {}
        name = f"{_A}lvl{min(level, 8) + 1}pPr"
        for el in lists:
            default = el.find(f"{_A}defPPr")
            if default is not None:  # the list's defaults for every level; only its tab settings are read
                _read_tabs(default, props)
            lvl = el.find(name)
            if lvl is not None:
                _read_ppr(lvl, props, colors, theme)
        if ppr is not None:
            _read_ppr(ppr, props, colors, theme)
        return _para_style(props), props

    def run(self, para_props: dict[str, Any], rpr: Any, slide: Any) -> RunStyle:
        props = dict(para_props)
        if rpr is not None:
            _read_rpr(rpr, props, self.colors(slide), self.theme(slide.slide_layout.slide_master))
        return _run_style(props)

    @staticmethod
    def body(bodies: list[Any]) -> dict[str, Any]:
        """``bodyPr`` settings inherited down the chain: anchor, insets (pt), autofit scale, wrap."""
        out: dict[str, Any] = {}
        for body in bodies:
            if body.get("anchor") in _ANCHOR:
                out["anchor"] = _ANCHOR[body.get("anchor")]
            if body.get("wrap") in ("none", "square"):
                out["wrap"] = body.get("wrap") == "square"
            for attr in ("lIns", "tIns", "rIns", "bIns"):
                raw = body.get(attr)
                if raw is not None and raw.lstrip("-").isdigit():
                    out[attr] = int(raw) / _EMU_PT
            autofit = body.find(f"{_A}normAutofit")
            if autofit is not None:
                out["font_scale"] = _pct(autofit.get("fontScale"), 100000) / 100000
                out["line_reduction"] = _pct(autofit.get("lnSpcReduction"), 0) / 100000
            elif body.find(f"{_A}noAutofit") is not None or body.find(f"{_A}spAutoFit") is not None:
                out["font_scale"], out["line_reduction"] = 1.0, 0.0
        return out


def _ph(el: Any) -> Any:
    for path in (f"{_P}nvSpPr/{_P}nvPr/{_P}ph", f"{_P}nvPicPr/{_P}nvPr/{_P}ph", f"{_P}nvGraphicFramePr/{_P}nvPr/{_P}ph"):
        found = el.find(path)
        if found is not None:
            return found
    return None


def _placeholder(owner: Any, ph: Any, by_idx: bool) -> Any:
    """The placeholder of ``owner`` (a layout or master element) that ``ph`` inherits from."""
    kind = ph.get("type", "body")
    kinds = {"ctrTitle": ("ctrTitle", "title"), "title": ("title",), "subTitle": ("subTitle", "body"),
             "obj": ("obj", "body")}.get(kind, (kind,))
    idx = ph.get("idx", "0")
    by_type = None
    for sp in owner.iter(f"{_P}sp"):
        other = _ph(sp)
        if other is None:
            continue
        if by_idx and other.get("idx", "0") == idx and idx != "0":
            return sp
        if other.get("type", "body") in kinds and by_type is None:
            by_type = sp
        if not by_idx and other.get("type", "body") == kinds[-1]:
            return sp
    return by_type


def _read_ppr(ppr: Any, props: dict[str, Any], colors: dict[str, str], theme: Theme) -> None:
    if ppr.get("algn") in _ALIGN:
        props["align"] = _ALIGN[ppr.get("algn")]
    for attr, key in (("marL", "marL"), ("indent", "indent")):
        raw = ppr.get(attr)
        if raw is not None and raw.lstrip("-").isdigit():
            props[key] = int(raw) / _EMU_PT
    _read_tabs(ppr, props)
    for child in ppr:
        tag = child.tag
        if not isinstance(tag, str):
            continue
        name = tag[len(_A):] if tag.startswith(_A) else ""
        if name == "buNone":
            props["bullet"], props["bullet_auto"] = "", ""
        elif name == "buChar":
            props["bullet"], props["bullet_auto"] = child.get("char", "•")[:1], ""
        elif name == "buAutoNum":
            props["bullet"], props["bullet_auto"] = "", child.get("type", "arabicPeriod")
        elif name == "buFont":
            props["bullet_font"] = child.get("typeface", "")
        elif name == "buClr":
            color = _color(child, colors)
            if color:
                props["bullet_color"] = color
        elif name == "buSzPct":
            props["bullet_scale"] = _pct(child.get("val"), 100000) / 100000
        elif name in ("spcBef", "spcAft", "lnSpc"):
            pts, pct = child.find(f"{_A}spcPts"), child.find(f"{_A}spcPct")
            if name == "lnSpc":
                props["line_pct"] = _pct(pct.get("val"), 100000) / 1000 if pct is not None else 0.0
            elif pts is not None:
                props[f"{name}_pt"] = _pct(pts.get("val"), 0) / 100
                props.pop(f"{name}_pct", None)
            elif pct is not None:
                props[f"{name}_pct"] = _pct(pct.get("val"), 0) / 1000
                props.pop(f"{name}_pt", None)
        elif name == "defRPr":
            _read_rpr(child, props, colors, theme)


MAX_TABS = 64  # a paragraph's own stops kept (a hostile list of thousands is cut)


def _read_tabs(ppr: Any, props: dict[str, Any]) -> None:
    """``defTabSz`` and ``a:tabLst`` (ECMA-376 21.1.2.2.13): a list at a deeper level replaces the inherited one."""
    raw = ppr.get("defTabSz")
    if raw is not None and raw.isdigit() and int(raw) > 0:
        props["default_tab"] = int(raw) / _EMU_PT
    lst = ppr.find(f"{_A}tabLst")
    if lst is None:
        return
    stops: dict[float, str] = {}
    for tab in lst.iterfind(f"{_A}tab"):
        pos = tab.get("pos", "")
        if pos.lstrip("-").isdigit() and int(pos) >= 0 and len(stops) < MAX_TABS:
            stops[int(pos) / _EMU_PT] = tab.get("algn", "l") if tab.get("algn") in ("l", "ctr", "r", "dec") else "l"
    props["tabs"] = tuple(sorted(stops.items()))


def _read_rpr(rpr: Any, props: dict[str, Any], colors: dict[str, str], theme: Theme) -> None:
    size = rpr.get("sz")
    if size is not None and size.isdigit():
        props["sz"] = int(size) / 100
    for attr in ("b", "i"):
        if rpr.get(attr) is not None:
            props[attr] = rpr.get(attr) in ("1", "true")
    if rpr.get("u") is not None:
        props["u"] = rpr.get("u") != "none"
    if rpr.get("strike") is not None:
        props["strike"] = rpr.get("strike") != "noStrike"
    if rpr.get("cap") is not None:
        props["caps"] = rpr.get("cap") == "all"
    fill = rpr.find(f"{_A}solidFill")
    if fill is not None:
        color = _color(fill, colors)
        if color:
            props["color"] = color
    elif rpr.find(f"{_A}gradFill") is not None:
        stop = rpr.find(f"{_A}gradFill/{_A}gsLst/{_A}gs")
        color = _color(stop, colors) if stop is not None else ""
        if color:
            props["color"] = color
    for tag, key in (("latin", "font"), ("ea", "ea")):
        face = rpr.find(f"{_A}{tag}")
        if face is not None and face.get("typeface"):
            props[key] = _theme_font(face.get("typeface"), theme)


def _theme_font(face: str, theme: Theme) -> str:
    if face.startswith("+"):
        group = "major" if face.startswith("+mj") else "minor"
        script = "ea" if face.endswith("-ea") else "cs" if face.endswith("-cs") else "latin"
        return theme.fonts.get(f"{group}.{script}", "") or theme.fonts.get(f"{group}.latin", "")
    return face


def _color(parent: Any, colors: dict[str, str]) -> str:
    for child in parent:
        if isinstance(child.tag, str) and child.tag.startswith(_A) and child.tag.endswith("Clr"):
            return drawingml_color(child, colors)
    return ""


def _pct(raw: str | None, default: int) -> int:
    try:
        return int(raw) if raw is not None else default
    except ValueError:
        return default


def _run_style(props: dict[str, Any]) -> RunStyle:
    return RunStyle(size_pt=props.get("sz", 18.0), bold=props.get("b", False), italic=props.get("i", False),
                    underline=props.get("u", False), strike=props.get("strike", False),
                    color=props.get("color", "#000000"), font=props.get("font", ""),
                    east_asia_font=props.get("ea", ""), caps=props.get("caps", False))


def _para_style(props: dict[str, Any]) -> ParaStyle:
    return ParaStyle(run=_run_style(props), align=props.get("align", "left"), margin_left_pt=props.get("marL", 0.0),
                     indent_pt=props.get("indent", 0.0), bullet=props.get("bullet", ""),
                     bullet_color=props.get("bullet_color", ""), bullet_font=props.get("bullet_font", ""),
                     bullet_auto=props.get("bullet_auto", ""), bullet_scale=props.get("bullet_scale", 1.0),
                     space_before_pt=props.get("spcBef_pt", 0.0), space_before_pct=props.get("spcBef_pct", 0.0),
                     space_after_pt=props.get("spcAft_pt", 0.0), line_pct=props.get("line_pct", 0.0),
                     tabs=props.get("tabs", ()), default_tab_pt=props.get("default_tab", 72.0))


def autonumber(scheme: str, n: int) -> str:
    """The label of item ``n`` (1-based) in an auto-number ``scheme``."""
    pattern = _AUTONUM.get(scheme, "{n}.")
    letters = ""
    k = n
    while k > 0:
        k, rem = divmod(k - 1, 26)
        letters = chr(97 + rem) + letters
    return pattern.format(n=n, a=letters, A=letters.upper(), r=roman(n).lower(), R=roman(n))
