"""The conversation list makes room in a narrow window: it collapses below a width and comes back when
the window is wide again, unless the user chose otherwise (the toggle, Ctrl+B, always wins)."""
from __future__ import annotations

from collections.abc import Callable

NARROW = 760  # px: below this the chat needs the room more than the list does


class SidebarFit:
    """Decides when the list collapses by itself; ``show(visible)`` does it without counting as the user's."""

    def __init__(self, show: Callable[[bool], None], visible: Callable[[], bool], narrow: int = NARROW) -> None:
        self._show = show
        self._visible = visible
        self.narrow = narrow
        self.auto_hidden = False  # collapsed by the width, not by the user
        self._kept_open = False  # the user opened it again in a narrow window: leave it

    def width_changed(self, width: int) -> None:
        if width < self.narrow:
            if self._visible() and not self._kept_open:
                self.auto_hidden = True
                self._show(False)
        else:
            self._kept_open = False
            if self.auto_hidden:
                self.auto_hidden = False
                self._show(True)

    def user_toggled(self, visible: bool, width: int) -> None:
        self.auto_hidden = False
        self._kept_open = visible and width < self.narrow
