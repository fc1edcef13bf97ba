"""Markdown (model output, untrusted) to the HTML subset QTextDocument renders.

Raw HTML in the markdown is escaped, images are shown as links (a document
must never load local files), and the only colours live in the style sheet
built from the palette, so one HTML string serves light and dark themes.
"""
from __future__ import annotations

from collections import OrderedDict
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.token import Token

_SAFE_SCHEMES = ("http://", "https://", "mailto:")
_host_schemes: set[str] = set()  # "scheme:" prefixes whose links the host handles itself (ChatView.set_link_handler)


def allow_scheme(scheme: str, allowed: bool = True) -> None:
    """Keep links of ``scheme`` (the host opens them through its own handler, never the browser)."""
    prefix = scheme.lower().rstrip(":") + ":"
    if allowed:
        _host_schemes.add(prefix)
    else:
        _host_schemes.discard(prefix)


def _escape(text: str) -> str:
    import html  # loads with the first message rendered, not with the window's link schemes

    return html.escape(text, quote=True)


def _highlighted(code: str, language: str) -> str | None:
    """``code`` as Pygments token spans (classes only: the colours are in the style sheet, so one HTML
    string serves light and dark), or None for a language Pygments does not know."""
    if not language:
        return None
    try:
        from pygments import highlight
        from pygments.formatters import HtmlFormatter
        from pygments.lexers import get_lexer_by_name
        from pygments.util import ClassNotFound
    except ImportError:  # highlighting is a nicety: without Pygments the code is shown plain
        return None
    try:
        lexer = get_lexer_by_name(language.split()[0].lower())
    except ClassNotFound:
        return None
    return str(highlight(code, lexer, HtmlFormatter(nowrap=True))).rstrip("\n")


CODE_BLOCK = '<table class="code"'  # how a code block's HTML starts (the layout adds the code colours then)


def _render_code(code: str, language: str = "") -> str:
    # A one-cell table gives the code block its padding and background;
    # pre-wrap keeps long lines inside the bubble instead of clipping them.
    body = _highlighted(code.rstrip("\n"), language) or _escape(code.rstrip("\n"))
    return (
        CODE_BLOCK + ' width="100%" cellspacing="0" cellpadding="8"><tr><td>'
        f"<pre>{body}</pre></td></tr></table>\n"
    )


def _fence(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    return _render_code(tokens[idx].content, str(tokens[idx].info or ""))


def _image(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    token = tokens[idx]
    alt = self.renderInlineAsText(token.children or [], options, env) or "image"
    src = str(token.attrGet("src") or "")
    label = _escape(f"[{alt}]")
    if src.lower().startswith(_SAFE_SCHEMES):
        return f'<a href="{_escape(src)}">{label}</a>'
    return label


def _table_open(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    return '<table class="md" border="1" cellspacing="0" cellpadding="5">\n'


def _link_open(self: Any, tokens: Sequence[Token], idx: int, options: Any, env: Any) -> str:
    href = str(tokens[idx].attrGet("href") or "")
    if not href.lower().startswith(_SAFE_SCHEMES + tuple(_host_schemes)):
        href = ""  # javascript:, file:, relative paths: shown as text, never opened
    return f'<a href="{_escape(href)}">' if href else "<a>"


def _make_parser() -> MarkdownIt:
    # Imported with the first message rendered, not with this module: the view and its style sheet need
    # only allow_scheme/style_sheet, and markdown-it (~20 ms of regular expressions) would delay the window.
    from markdown_it import MarkdownIt

    md = MarkdownIt("commonmark", {"html": False, "breaks": True, "typographer": False})
    md.enable(["table", "strikethrough"])
    md.add_render_rule("fence", _fence)
    md.add_render_rule("code_block", _fence)
    md.add_render_rule("image", _image)
    md.add_render_rule("table_open", _table_open)
    md.add_render_rule("link_open", _link_open)
    return md


_parser: MarkdownIt | None = None
_cache: OrderedDict[str, str] = OrderedDict()
_CACHE_SIZE = 512


def markdown_to_html(text: str) -> str:
    """Render markdown to safe HTML for QTextDocument (cached by text)."""
    hit = _cache.get(text)
    if hit is not None:
        _cache.move_to_end(text)
        return hit
    global _parser
    if _parser is None:
        _parser = _make_parser()
    try:
        out = str(_parser.render(text))  # markdown-it ships no annotations
    except Exception:  # noqa: BLE001 - pathological input: show it as plain text, lose nothing
        out = "<p>" + _escape(text).replace("\n", "<br>") + "</p>"
    _cache[text] = out
    if len(_cache) > _CACHE_SIZE:
        _cache.popitem(last=False)
    return out


_CODE_STYLES = ("default", "monokai")  # Pygments styles for a light and a dark palette


def code_style(dark: bool) -> str:
    """The colours of highlighted code: one rule per Pygments token class (``span.k { color: … }``)."""
    try:
        from pygments.styles import get_style_by_name
        from pygments.token import STANDARD_TYPES
    except ImportError:
        return ""
    style = get_style_by_name(_CODE_STYLES[dark])
    rules = []
    for token, css_class in STANDARD_TYPES.items():
        if not css_class:
            continue
        spec = style.style_for_token(token)
        parts = ([f"color: #{spec['color']};"] if spec["color"] else []) + (
            ["font-weight: bold;"] if spec["bold"] else []) + (["font-style: italic;"] if spec["italic"] else [])
        if parts:
            rules.append(f"span.{css_class} {{ {' '.join(parts)} }}")
    return "\n".join(rules)


def style_sheet(*, text: str, muted: str, link: str, code_bg: str, border: str, header_bg: str, mono: str,
                dark: bool = False, code: bool = True) -> str:
    """The document style sheet; every colour comes from the caller's palette (code: a Pygments style, left
    out when ``code`` is False: a document with no code block needs none, and Pygments' styles cost the
    first message ~10 ms)."""
    return (code_style(dark) if code else "") + f"""
p {{ margin-top: 0px; margin-bottom: 8px; }}
h1, h2, h3, h4, h5, h6 {{ margin-top: 6px; margin-bottom: 6px; }}
ul, ol {{ margin-top: 0px; margin-bottom: 8px; }}
li {{ margin-bottom: 2px; }}
pre {{ font-family: "{mono}"; white-space: pre-wrap; margin: 0px; }}
code {{ font-family: "{mono}"; background-color: {code_bg}; }}
table.code {{ background-color: {code_bg}; border-width: 0px; margin-top: 2px; margin-bottom: 8px; }}
table.md {{ border-color: {border}; border-style: solid; border-collapse: collapse; margin-bottom: 8px; }}
th {{ background-color: {header_bg}; }}
a {{ color: {link}; text-decoration: underline; }}
blockquote {{ color: {muted}; margin-left: 12px; }}
hr {{ color: {border}; }}
"""
