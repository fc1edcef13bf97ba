"""What the window runs on: settings, the store, the agent runtime, the renderer registry.

Built once per window (tests build several on the same ``MIRA_HOME`` to check a
restart). Every location is injectable; nothing here shows a widget.
"""
from __future__ import annotations

import logging
import sys
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

from desktop.settings import AppSettings, SettingsStore

if TYPE_CHECKING:
    from collections.abc import Callable
    from concurrent.futures import Future, ThreadPoolExecutor

    from desktop.agent.runtime import AgentRuntime
    from desktop.llm import Model
    from desktop.store import Store
    from renderers.registry import Registry

T = TypeVar("T")

log = logging.getLogger(__name__)


def make_model(settings: AppSettings) -> Model:
    """The model for the next task, per the current settings (offline planner by default)."""
    from desktop.llm.factory import make_model as factory

    return factory(settings.model)


def model_label(settings: AppSettings) -> str:
    """What the status bar shows, without importing or building the model (startup stays fast)."""
    from urllib.parse import urlsplit

    from desktop.i18n import tr

    model = settings.model
    if not model.is_configured:  # the factory serves the offline planner then
        return tr("settings.provider.offline")
    return f"{model.model} @ {urlsplit(model.base_url).netloc}"


class StoreWorker:
    """The one thread every store call from the UI runs on (an executor: ``submit``, ``shutdown``).

    The thread pool is made on the first call, which comes after the first frame: concurrent.futures
    and queue need not load before it."""

    def __init__(self) -> None:
        self._pool: ThreadPoolExecutor | None = None

    def submit(self, fn: Callable[..., T], /, *args: Any, **kwargs: Any) -> Future[T]:
        if self._pool is None:
            from concurrent.futures import ThreadPoolExecutor

            self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="mira-store")
        return self._pool.submit(fn, *args, **kwargs)

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        if self._pool is not None:
            self._pool.shutdown(wait=wait, cancel_futures=cancel_futures)


@dataclass
class Services:
    settings_store: SettingsStore
    settings: AppSettings
    # Where the store lives (None: MIRA_HOME); it opens on first use or when open_store() is called.
    store_path: Path | None
    registry: Registry
    runtime: AgentRuntime | None = None
    # One worker: every store call from the UI is serialised, never on the UI thread.
    executor: StoreWorker = field(default_factory=lambda: StoreWorker())
    closed: bool = False
    # One model (and so one HTTP client) per model settings, not one per task.
    _model: Model | None = field(default=None, repr=False)
    # The store once open; before that the Future of it opening on the store worker (None: not started).
    _store: Store | Future[Store] | None = field(default=None, repr=False)

    def open_store(self) -> Future[Store]:
        """Start opening the store on the store worker (once); the window calls this after its first frame:
        importing the store and creating a new database (which waits on the disk) would delay it.
        Store calls queued on the same worker run after it."""
        from concurrent.futures import Future

        if self._store is None:
            self._store = self.executor.submit(_open_store, self.store_path)
        if isinstance(self._store, Future):
            return self._store
        done: Future[Store] = Future()
        done.set_result(self._store)
        return done

    @property
    def store(self) -> Store:
        """The open store: opens it or waits for it (raises what opening it raised)."""
        opening = self.open_store()
        store = self._store = opening.result()
        return store

    @property
    def handle(self) -> Store:
        """Stands for the store in objects built before it opens (the window's Host and controller): every
        attribute read is the store's, waiting for it to open if it has not yet."""
        return cast("Store", _StoreHandle(self))  # reads through to the store: typed as the store it stands for

    def model_for_task(self) -> Model:
        if self._model is None:
            self._model = make_model(self.settings)
        return self._model

    def build_runtime(self, preload: bool = True) -> AgentRuntime:
        """(Re)build the agent runtime on the current workspace root (``preload``: the renderer plugins too)."""
        from desktop.agent.runtime import AgentRuntime
        from desktop.llm.settings import context_window_of

        # the window is passed in as a number: the agent never reads settings itself
        # The model itself (the offline planner, or a provider's client and key) is made by the first task, not
        # here: the start stays short, and a user who only reads history never pays for it.
        runtime = self.runtime = AgentRuntime(self.store, self.model_for_task, self.settings.workspace_path(),
                                              context_window=context_window_of(self.settings.model))
        if preload:  # after the runtime: a request can be sent meanwhile; its task waits for the import to end
            self.start_preload()
        return runtime

    def start_preload(self) -> None:
        """Import the renderer plugins in a background thread; a task begun meanwhile waits for it."""
        from desktop.agent import warmup

        warmup.start(self.preload_renderers)

    def preload_renderers(self) -> None:
        """Find and import the renderer plugins (discovery is lazy and thread-safe). The window calls
        this in a worker thread once a request could start, so the first artifact card does not pay for it."""
        preload = getattr(self.registry, "preload", None) or getattr(self.registry, "kinds", None)
        if callable(preload):
            preload()

    def apply_settings(self, settings: AppSettings) -> bool:
        """Save ``settings``; returns True when the runtime must be rebuilt (workspace moved)."""
        moved = settings.workspace_path() != self.settings.workspace_path()
        self.settings = replace(settings, problems=())
        self.settings_store.save(self.settings)
        _use_soffice(self.settings.soffice_path)
        self._model = None  # the next task uses the new model settings and key
        if self.runtime is not None:  # and compacts earlier turns to the new model's window
            from desktop.llm.settings import context_window_of

            self.runtime.context_window = context_window_of(self.settings.model)
        return moved

    def close(self) -> None:
        if self.closed:
            return
        self.closed = True
        from concurrent.futures import Future

        self.executor.shutdown(wait=True)
        if self._store is None or isinstance(self._store, Future) and self._store.exception() is not None:
            return  # never opened: nothing to close
        close = getattr(self.store, "close", None)
        if callable(close):
            close()


class _StoreHandle:
    def __init__(self, services: Services) -> None:
        self._services = services

    def __getattr__(self, name: str) -> object:
        return getattr(self._services.store, name)


def _use_soffice(path: str | None) -> None:
    """Hand the Settings' LibreOffice path to the skills runtime. Its module (and the skills runtime
    package) loads with the agent after the first frame; until then nothing can have chosen a path, so
    an empty setting needs no import."""
    if path or "skills.runtime.soffice" in sys.modules:
        from skills.runtime import soffice

        soffice.use_path(path or None)


def _open_store(path: Path | None) -> Store:
    from desktop.store import Store

    return Store(path)


def build_services(settings_dir: Path | None = None, store_path: Path | None = None,
                   registry: Any = None, *, with_runtime: bool = False) -> Services:
    """Read the settings; the store opens on first use or :meth:`Services.open_store` (the window opens it
    after its first frame), the runtime when asked (the window builds it off the UI thread once it is
    interactive). ``settings_dir``/``store_path`` default to MIRA_HOME."""
    if registry is None:
        from renderers.registry import default_registry

        registry = default_registry()
    settings_store = SettingsStore(settings_dir)
    settings = settings_store.load()
    _use_soffice(settings.soffice_path)  # the one place the LibreOffice setting is read
    services = Services(settings_store, settings, store_path, registry)
    if with_runtime:
        services.build_runtime()
    return services
