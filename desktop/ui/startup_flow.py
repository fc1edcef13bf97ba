"""The window's start: the first frame at once, then the conversations, the agent runtime and recovery.

A part :class:`desktop.ui.main_window.MainWindow` owns, kept apart because its order is what the startup
benchmark and the startup tests measure: nothing here may move before the first frame. It is handed the
window (to repaint), the widgets and parts the start fills, and the window's callbacks."""
from __future__ import annotations

import logging
import os
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QWidget

from desktop.ui.imports import deferred
from desktop.i18n import render, say_error, tr

if TYPE_CHECKING:
    import asyncio

    from desktop.agent.runtime import AgentRuntime
    from desktop.ui.controller import TaskController
    from desktop.ui.conversation_flow import ConversationFlow
    from desktop.ui.plumbing import Run
    from desktop.ui.services import Services
    from desktop.ui.sidebar import ConversationSidebar
    from desktop.ui.store_watch import StoreWatch
    from desktop.ui.window_state import WindowState
    from uchat import ChatWidget
else:  # loads with the event loop, after the first frame
    asyncio = deferred("asyncio")

log = logging.getLogger("desktop.ui.main_window")

READY_ENV = "MIRA_READY_MARKER"  # when set, print this marker once the window is interactive (bench)
SENDABLE_ENV = "MIRA_SENDABLE_MARKER"  # when set, print this once a request could start (agent loaded; bench)


class StartupFlow:
    """Startup and runtime (re)building. ``fatal(exc)`` says the store could not be opened, ``ready()`` that
    the window is interactive; ``closing()`` is True once the window is closing. ``is_ready`` and
    ``runtime_ready`` say how far the start got."""

    def __init__(self, *, window: QWidget, chat: ChatWidget, services: Services, controller: TaskController,
                 sidebar: ConversationSidebar, window_state: WindowState, store_watch: StoreWatch,
                 conversations: ConversationFlow, run: Run, notify: Callable[[str], None],
                 fatal: Callable[[object], None], ready: Callable[[], None], closing: Callable[[], bool]) -> None:
        self.window = window
        self.chat = chat
        self.conversation = chat.conversation
        self.services = services
        self.controller = controller
        self.sidebar = sidebar
        self.window_state = window_state
        self.store_watch = store_watch
        self.conversations = conversations
        self._run = run
        self._notify = notify
        self._fatal = fatal
        self._ready = ready
        self._closing = closing
        self.is_ready = False
        self.runtime_ready = False
        self._runtime_build: asyncio.Future[AgentRuntime] | None = None  # started with the store, after the first frame

    def first_frame(self) -> None:
        """The first frame, then the rest of the start (:meth:`show_first_frame`, :meth:`begin`); the window
        schedules this itself unless the app drives the two steps (desktop/app.py)."""
        self.show_first_frame()
        self.begin()

    def show_first_frame(self) -> None:
        """The window is on screen and the message box takes typing: the first frame. The app calls this
        before it loads its event loop (asyncio), so nothing here may need one."""
        self.chat.composer.input.setFocus()
        marker = os.environ.get(READY_ENV)
        if marker:
            # A synchronous repaint first, so the frame is really drawn when the bench reads the marker.
            self.window.repaint()
            sys.stdout.write(marker + "\n")
            sys.stdout.flush()

    def begin(self) -> None:
        """On the event loop, after the first frame: the conversation list, the last conversation (or the
        welcome, which loads markdown-it) and the agent runtime, so none of them delays that frame; a
        message sent meanwhile waits for the runtime."""
        # Now the store opens (a new database waits on the disk) while the agent runtime's code loads in a
        # worker; recovery still runs after the conversation is on screen (startup, then wait_runtime).
        self.services.open_store()
        if self.services.runtime is None:
            self._runtime_build = asyncio.get_running_loop().run_in_executor(None, self.services.build_runtime, False)
            # Its failure is reported where it is awaited (_load_runtime), or not at all if the store failed.
            self._runtime_build.add_done_callback(lambda f: f.cancelled() or f.exception())
        self._run(self.startup())

    async def startup(self) -> None:
        """List conversations and reopen the last one; then, with the window already usable, load the
        agent runtime off the UI thread and recover unfinished tasks (a send waits for that)."""
        try:
            await asyncio.wrap_future(self.services.open_store())
        except Exception as exc:  # noqa: BLE001 - e.g. an unreadable database: the app says so and exits
            log.error("the store could not be opened: %s", exc)
            self._fatal(exc)
            return
        last = self.window_state.last_conversation
        await self.conversations.reload_conversations()
        # Unless the user already started something in the first moment (typed and sent, or clicked New).
        if self.controller.current_id is None and not self.controller.busy and not len(self.conversation):
            if last and last in self.sidebar.ids():
                await self.conversations.open_conversation(last)
            else:
                await self.controller.show(None)
        for problem in self.services.settings.problems:
            self._notify(render(problem))
        self.chat.composer.input.setFocus()
        self.is_ready = True
        self.store_watch.start()
        self._ready()
        # Recovery runs once the conversation is on screen (a later zero timer, so it never delays that
        # paint; the runtime's code has been loading since the first frame); a send or a decision made
        # before then simply waits for it.
        QTimer.singleShot(0, lambda: self._run(self.controller.wait_runtime()))

    async def load_runtime(self) -> AgentRuntime | None:
        """Build the runtime in a worker thread (imports, catalog), then recover on the loop."""
        services = self.services
        building, self._runtime_build = self._runtime_build, None
        runtime = services.runtime if building is None else None
        built = runtime is None
        if built:
            try:
                # Without the renderer plugins: they import in the background once the runtime is ready
                # (below), not while recovery runs, so they do not hold up the first request.
                runtime = await (building or asyncio.get_running_loop().run_in_executor(
                    None, services.build_runtime, False))
            except Exception as exc:
                log.exception("the agent runtime could not start")
                self.controller.show_notice(tr("chat.start_failed", error=say_error(exc)))
                return None
        if runtime is None:  # services.runtime was None while no build ran: nothing to attach
            return None
        self.controller.attach_runtime(runtime)
        recovered: list[str] | None = None  # one line per thing recovery did; None: it failed
        try:
            recovered = await runtime.recover()
        except Exception as exc:
            log.exception("recover failed")
            self.controller.show_notice(tr("recover.failed", error=say_error(exc)))
        if self.controller.current_id is not None and not self._closing():
            if recovered != []:  # recovery may have finished or failed tasks; when it did nothing, what is
                # shown is what was just read, and reading it again would only delay the first request
                await self.controller.sync(self.controller.current_id)
            await self.controller.update_idle_state()
        self.runtime_ready = True
        marker = os.environ.get(SENDABLE_ENV)
        if marker:
            sys.stdout.write(marker + "\n")
            sys.stdout.flush()
        if built:
            # Before this coroutine returns, so before any send can start a task: a task then waits for the
            # import to end (desktop.agent.warmup), as two threads importing the same document libraries
            # can fail half-way.
            services.start_preload()
        return runtime

    def rebuild_runtime(self) -> None:
        old = self.services.runtime
        if old is None:
            return  # not loaded yet: it will be built on the new workspace root

        async def rebuild() -> AgentRuntime:
            # In a worker like the first load (imports, skill catalog): the window stays responsive, and a
            # send made meanwhile waits for the new runtime instead of writing to the old workspace.
            try:
                runtime = await asyncio.get_running_loop().run_in_executor(None, self.services.build_runtime)
            except Exception as exc:
                log.exception("the agent runtime could not be rebuilt")
                self.controller.show_notice(tr("chat.start_failed", error=say_error(exc)))
                runtime = old
            self.controller.attach_runtime(runtime)
            return runtime

        self.controller.replace_runtime(rebuild)
