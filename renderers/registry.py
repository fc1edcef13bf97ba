"""The renderer registry: entry-point discovery, lazy factories, blocked plugins.

Two stages, as in npe2: a :class:`RendererSpec` is small and declarative and is
read at discovery (which runs on first use, not at construction: importing
importlib.metadata alone costs ~15 ms of the app's start); the plugin class named by ``spec.factory`` is imported and
instantiated the first time a widget of that kind is asked for. A plugin that
fails at either stage is logged once and blocked; its kind then yields ``None``
and nothing else is affected.

A plugin class has two methods::

    class MyRenderer:
        def card(self, view: ArtifactView, host: RendererHost, parent: QWidget | None) -> QWidget: ...
        def preview(self, view: ArtifactView, parent: QWidget | None, index: int = 0) -> QWidget | None: ...
"""
from __future__ import annotations

import importlib
import logging
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from PySide6.QtWidgets import QWidget

    from renderers._api import ArtifactView, RendererHost, RendererSpec

from renderers.errors import PluginError

log = logging.getLogger(__name__)

GROUP = "mira.renderers"


class RendererPlugin(Protocol):
    """What a plugin class's instance offers (checked when it is made: both methods callable)."""

    def card(self, view: ArtifactView, host: RendererHost, parent: QWidget | None) -> QWidget: ...

    def preview(self, view: ArtifactView, parent: QWidget | None, index: int = 0) -> QWidget | None: ...


class Registry:
    """Kinds → renderer specs, with plugins resolved on first use."""

    def __init__(self, *, discover: bool = True, group: str = GROUP) -> None:
        self._specs: dict[str, RendererSpec] = {}
        self._plugins: dict[str, RendererPlugin] = {}
        self._blocked: dict[str, str] = {}
        self._group = group
        self._undiscovered = discover
        self._lock = threading.Lock()  # the window may warm discovery up in a worker thread

    def _ensure_discovered(self) -> None:
        if self._undiscovered:
            with self._lock:
                if self._undiscovered:
                    self.discover()

    # -- registration -----------------------------------------------------------------
    def discover(self) -> list[str]:
        """Register every spec found under the entry-point group; return the kinds added."""
        from importlib.metadata import entry_points

        from renderers._api import RendererSpec

        added: list[str] = []
        for ep in entry_points(group=self._group):
            try:
                spec = ep.load()
                if callable(spec) and not isinstance(spec, RendererSpec):
                    spec = spec()
                if not isinstance(spec, RendererSpec):
                    raise PluginError(f"entry point {ep.value!r} is a {type(spec).__name__}, not a RendererSpec")
                if not spec.kind or ":" not in spec.factory:
                    raise PluginError(f"spec {spec!r} needs a kind and a 'module:Class' factory")
                self._register(spec)
            except Exception as exc:  # noqa: BLE001 - a broken plugin never stops discovery
                self._blocked[f"entry point {ep.name}"] = f"{type(exc).__name__}: {exc}"
                log.warning("renderer plugin %r (%s) blocked: %s", ep.name, ep.value, exc)
                continue
            added.append(spec.kind)
        self._undiscovered = False
        return added

    def register(self, spec: RendererSpec) -> Callable[[], None]:
        """Add ``spec``; refuse a kind already taken. Returns a disposer that removes it."""
        self._ensure_discovered()
        return self._register(spec)

    def _register(self, spec: RendererSpec) -> Callable[[], None]:
        if spec.kind in self._specs:
            raise PluginError(f"renderer kind {spec.kind!r} is already registered "
                             f"by {self._specs[spec.kind].factory}")
        self._specs[spec.kind] = spec

        def dispose() -> None:
            if self._specs.get(spec.kind) is spec:
                del self._specs[spec.kind]
                self._plugins.pop(spec.kind, None)
                self._blocked.pop(spec.kind, None)

        return dispose

    @contextmanager
    def registered(self, spec: RendererSpec) -> Iterator[RendererSpec]:
        """Register ``spec`` for the duration of a ``with`` block (for tests)."""
        dispose = self.register(spec)
        try:
            yield spec
        finally:
            dispose()

    # -- lookup -----------------------------------------------------------------------
    def kinds(self) -> tuple[str, ...]:
        self._ensure_discovered()
        return tuple(sorted(self._specs))

    def spec(self, kind: str) -> RendererSpec | None:
        self._ensure_discovered()
        return self._specs.get(kind)

    def blocked(self) -> dict[str, str]:
        """Blocked plugins (kind or entry point → reason), for diagnostics."""
        self._ensure_discovered()
        return dict(self._blocked)

    def preload(self) -> None:
        """Import every plugin's module without building anything (safe in a worker thread), so the first
        card of a kind does not stall the UI thread on importing its document libraries. A module that
        fails here is left for :meth:`plugin` to report and block."""
        for kind in self.kinds():
            spec = self._specs.get(kind)
            if spec is None or kind in self._blocked or kind in self._plugins:
                continue
            try:
                importlib.import_module(spec.factory.partition(":")[0])
            except Exception:
                log.debug("preloading %s failed", spec.factory, exc_info=True)

    def plugin(self, kind: str) -> RendererPlugin | None:
        """The plugin instance for ``kind``, importing it on first use; ``None`` if unknown or blocked."""
        if kind in self._plugins:
            return self._plugins[kind]
        self._ensure_discovered()
        spec = self._specs.get(kind)
        if spec is None or kind in self._blocked:
            return None
        try:
            module_name, _, attr = spec.factory.partition(":")
            factory = getattr(importlib.import_module(module_name), attr)
            plugin: RendererPlugin = factory()  # its two methods are checked just below
            for method in ("card", "preview"):
                if not callable(getattr(plugin, method, None)):
                    raise PluginError(f"{spec.factory} has no {method}() method")
        except Exception as exc:  # noqa: BLE001 - a broken plugin is blocked, never fatal
            self._blocked[kind] = f"{type(exc).__name__}: {exc}"
            log.warning("renderer plugin for %r (%s) blocked: %s", kind, spec.factory, exc)
            return None
        self._plugins[kind] = plugin
        return plugin

    # -- widgets ----------------------------------------------------------------------
    def create_card(self, view: ArtifactView, host: RendererHost,
                    parent: QWidget | None = None) -> QWidget | None:
        """The in-chat card for ``view``, or ``None`` (nothing shown) for an unknown/broken kind."""
        plugin = self.plugin(view.kind)
        if plugin is None:
            return None
        try:
            return plugin.card(view, host, parent)
        except Exception:
            log.exception("renderer %r failed to build a card for %s", view.kind, view.id)
            return None

    def create_preview(self, view: ArtifactView, parent: QWidget | None = None,
                       index: int = 0) -> QWidget | None:
        """The large preview for ``view`` opened at page/slide/sheet ``index``, or ``None``."""
        plugin = self.plugin(view.kind)
        if plugin is None:
            return None
        try:
            return plugin.preview(view, parent, index)
        except Exception:
            log.exception("renderer %r failed to build a preview for %s", view.kind, view.id)
            return None


_default: Registry | None = None


def default_registry() -> Registry:
    """The process-wide registry, discovered on first use."""
    global _default
    if _default is None:
        _default = Registry()
    return _default
