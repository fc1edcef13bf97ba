"""Design tokens: the few spacings, radii, type sizes and colours the whole window is drawn with.

Everything visual reads these (through :mod:`desktop.ui.theme`, which turns them into the Qt palette
and one application stylesheet), so a change of look is a change here, not a hunt through widgets.
"""
from __future__ import annotations

from dataclasses import dataclass

# Spacing scale (px): 4-based, like most chat apps.
SPACE = {"xs": 4, "sm": 8, "md": 12, "lg": 16, "xl": 24}
# Corner radii (px).
RADIUS = {"sm": 6, "md": 10, "lg": 16, "pill": 999}
# Scroll bars: thickness and the shortest handle (px).
SCROLL = {"bar": 10, "handle": 32}
# Type scale, as a factor of the platform's base point size (so the user's font setting still rules).
TYPE = {"small": 0.88, "body": 1.0, "title": 1.15, "heading": 1.4}


@dataclass(frozen=True, slots=True, kw_only=True)
class Scheme:
    """The colours of one theme."""

    window: str  # behind everything (sidebar, status bar)
    surface: str  # the chat, fields, cards
    surface_alt: str  # hover, assistant code, alternate rows
    text: str
    muted: str  # secondary text, placeholders
    border: str  # field and card borders: visible in both themes
    border_strong: str  # focused field
    accent: str  # primary buttons, selection, focus ring
    accent_text: str
    user_bubble: str
    link: str
    danger: str
    scroll_handle: str  # the slim scroll bars' handle; hovered or dragged it takes ``muted``


LIGHT = Scheme(
    window="#f4f5f7", surface="#ffffff", surface_alt="#f0f2f5", text="#1f2328", muted="#646c76",
    border="#d3d8de", border_strong="#2f6fde", accent="#2f6fde", accent_text="#ffffff",
    user_bubble="#e3ecfb", link="#0b5cc7", danger="#b3261e", scroll_handle="#c1c7cf",
)
DARK = Scheme(
    window="#1b1c1f", surface="#232428", surface_alt="#2c2e33", text="#e8eaed", muted="#9ba1a8",
    border="#4a4e55", border_strong="#6f9cf0", accent="#3f78e0", accent_text="#ffffff",
    user_bubble="#2f3b52", link="#8ab4f8", danger="#ff8a80", scroll_handle="#5a5f68",
)


def scheme(dark: bool) -> Scheme:
    return DARK if dark else LIGHT
