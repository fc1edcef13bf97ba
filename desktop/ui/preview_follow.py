"""Which file, and which version of it, the preview panel shows: always one of the current conversation's.

- A card (or Compare) opens its own version; an older one is labelled and bannered ("Go to current").
- A write in the conversation while the panel shows the current version (an edit, an added slide, a
  restore, an undo, a rule-approved write, an export to another file) reloads the panel with the newest
  file, at what changed, at the same zoom (and in the page view when that was on).
- Opening another conversation, or a new one, closes the panel.
- A v2+ card's Preview opens at what that version changed.

Live cards of a file that got a new version are refreshed, so every card's thumbnail shows its own version.
"""
from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from desktop.ui.imports import deferred

if TYPE_CHECKING:
    import asyncio

    from PySide6.QtWidgets import QWidget

    from desktop.ui.host import Host
    from desktop.ui.preview_panel import PreviewPanel
    from renderers import ArtifactView
else:  # loads with the event loop, after the first frame
    asyncio = deferred("asyncio")

log = logging.getLogger(__name__)


@dataclass(frozen=True, kw_only=True)
class Shown:
    """What the panel shows: one file of one conversation at one version."""

    conversation_id: str
    workspace_path: str
    artifact_id: str
    version: int  # 0: a file with no versions
    current: bool
    since: float  # newest version time of the conversation when this was shown: only newer writes are followed


class PreviewFollower:
    """Keeps the panel on a file of the current conversation, at the version the user asked for or the newest."""

    def __init__(self, panel: PreviewPanel, host: Host, *, current_conversation: Callable[[], str | None],
                 run: Callable[[Awaitable[Any]], Any]) -> None:
        self.panel = panel
        self.host = host
        self._current_conversation = current_conversation
        self._run = run
        self.shown: Shown | None = None
        self._versions: dict[tuple[str, str], int] = {}  # (conversation, path) → newest version seen
        self.last_spot: Any = None  # where the last reload or v2+ preview went (for tests and the screen reader)
        self.last_follow: asyncio.Future[Any] | None = None
        panel.sig_closed.connect(self._closed)
        panel.sig_go_current.connect(self.go_current)

    # -- opened by the user -----------------------------------------------------------------
    def open(self, view: ArtifactView, index: int = 0) -> QWidget | None:
        """Open ``view`` (a card's version) at ``index``; a v2+ version opened at its start goes to its change."""
        row, latest = self._row_and_latest(view.id)
        widget = self.panel.open(view, index)
        conversation = str(getattr(row, "conversation_id", "") or self._current_conversation() or "")
        current_version = int(latest.version) if latest is not None else view.version
        self.panel.set_version(view.version, current_version)
        self.shown = Shown(conversation_id=conversation, workspace_path=view.workspace_path, artifact_id=view.id,
                           version=view.version, current=view.version >= current_version,
                           since=self._newest_time(conversation))
        if index == 0 and view.version >= 2 and row is not None and widget is not None:
            self.last_follow = self._run(self._go_to_change(view, row, widget))
        return widget

    def go_current(self) -> None:
        """The banner's "Go to current": the newest version of the file shown, at the same zoom."""
        shown = self.shown
        if shown is None:
            return
        latest = self.host.latest_version(shown.conversation_id, shown.workspace_path)
        if latest is None or not latest.artifact_id:
            return
        self._reload(latest)

    # -- the conversation changed -------------------------------------------------------------
    def conversation_shown(self, conversation_id: str | None) -> None:
        """Another (or a new) conversation is on screen: the panel never shows another conversation's file."""
        if self.shown is not None and self.shown.conversation_id != conversation_id:
            self.panel.close_preview()

    def synced(self, conversation_id: str) -> None:
        """The conversation on screen was merged from the store (a milestone: something may have been written)."""
        if conversation_id != self._current_conversation():
            return
        lookup = getattr(self.host.store, "latest_versions", None)
        if not callable(lookup):
            return
        try:
            latest = list(lookup(conversation_id))
        except Exception:
            log.info("could not read the versions of %s", conversation_id, exc_info=True)
            return
        for version in latest:
            key = (conversation_id, version.path)
            seen = self._versions.get(key)
            self._versions[key] = int(version.version)
            if seen is not None and seen < int(version.version):
                self.host.refresh_file(conversation_id, version.path)  # older cards now show their own version
        shown = self.shown
        if shown is None or not self.panel.isVisible() or shown.conversation_id != conversation_id:
            return
        if not shown.current:
            newest = next((v for v in latest if v.path == shown.workspace_path), None)
            if newest is not None:
                self.panel.set_version(shown.version, int(newest.version))
            return
        newer = [v for v in latest if float(v.created) > shown.since and v.artifact_id]
        if not newer:
            return
        target = newer[-1]  # the most recent write (an export: the new file)
        if target.path == shown.workspace_path and int(target.version) == shown.version:
            return
        self._reload(target)

    # -- reloading ----------------------------------------------------------------------
    def _reload(self, version: Any) -> None:
        """Show ``version`` (a version row) in place of what is shown: at the same zoom and in the same view
        when it is the same kind of file, at what it changed."""
        kind = self.host.artifact_kind(version.artifact_id)
        from uchat import ExtensionRef

        view = self.host.view_for(ExtensionRef(message_id="", artifact_id=version.artifact_id, kind=kind))
        if view is None:
            return
        old = self.panel.preview
        zoom = old.zoom_level() if old is not None and hasattr(old, "zoom_level") else None
        paged = bool(old is not None and getattr(old, "page_view_active", lambda: False)())
        same_kind = self.panel.view is not None and self.panel.view.kind == view.kind
        self._open_at(view, zoom if same_kind else None, paged and same_kind)

    def _open_at(self, view: ArtifactView, zoom: float | None, paged: bool) -> None:
        widget = self.open(view, 0)
        if widget is not None:
            if zoom is not None and hasattr(widget, "set_zoom_level"):
                widget.set_zoom_level(zoom)
            if paged and hasattr(widget, "set_page_view"):
                widget.set_page_view(True)

    async def _go_to_change(self, view: ArtifactView, row: Any, widget: QWidget) -> None:
        """Find where ``view``'s version differs from the one before it (in a worker) and show it there."""
        earlier = self._earlier_file(row, view.version)
        if earlier is None or view.path is None:
            return
        from renderers.compare import locate_change

        kind = view.kind.split("/")[-1]
        spot = await asyncio.get_running_loop().run_in_executor(None, locate_change, earlier, view.path, kind)
        if self.panel.preview is not widget or self.panel.view is None or self.panel.view.id != view.id:
            return  # something else was opened meanwhile
        self.last_spot = spot
        go_to = getattr(widget, "go_to", None)
        if callable(go_to):
            go_to(spot.index, spot.text, spot.cell)

    # -- store look-ups -----------------------------------------------------------------
    def _earlier_file(self, row: Any, version: int) -> Path | None:
        versions = getattr(self.host.store, "versions", None)
        if not callable(versions):
            return None
        earlier = next((v for v in versions(row.conversation_id, row.workspace_path) if v.version == version - 1),
                       None)
        return self.host.version_file(row, earlier.sha256) if earlier is not None else None

    def _row_and_latest(self, artifact_id: str) -> tuple[Any, Any]:
        try:
            row = self.host.artifact_row(artifact_id)
        except Exception:  # noqa: BLE001 - an artifact the store does not know (a test view): shown as it is
            return None, None
        return row, self.host.latest_version(row.conversation_id, row.workspace_path)

    def _newest_time(self, conversation_id: str) -> float:
        lookup = getattr(self.host.store, "latest_versions", None)
        try:
            latest = list(lookup(conversation_id)) if callable(lookup) and conversation_id else []
        except Exception:  # noqa: BLE001 - nothing known: follow every later write
            latest = []
        for version in latest:
            self._versions[(conversation_id, version.path)] = int(version.version)
        return max((float(v.created) for v in latest), default=0.0)

    def _closed(self) -> None:
        self.shown = None
