"""The window's working-folder actions: "Work in folder…", "Show folder", and what happens to a conversation's
folder when the conversation is deleted."""
from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from PySide6.QtCore import QUrl
from PySide6.QtGui import QAction, QDesktopServices
from PySide6.QtWidgets import QWidget

from desktop.i18n import say_error, tr

if TYPE_CHECKING:
    from desktop.ui.controller import TaskController
    from desktop.ui.plumbing import Run, StoreCalls
    from desktop.ui.services import Services

T = TypeVar("T")


def _pick_folder(parent: QWidget, start: str) -> str:
    from PySide6.QtWidgets import QFileDialog  # dialogs load on first use, not before the first frame

    from desktop.ui.theme import file_dialog_options

    return QFileDialog.getExistingDirectory(parent, tr("folder.pick_title"), start,
                                            QFileDialog.Option.ShowDirsOnly | file_dialog_options())


def _open_folder(folder: Path) -> bool:
    return QDesktopServices.openUrl(QUrl.fromLocalFile(str(folder)))


def _ask_keep(parent: QWidget, title: str, folder: str, chosen: bool) -> bool | None:
    """True: keep the folder; False: remove it (only Mira's version copies for a folder the user chose);
    None: do not delete the conversation."""
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox(QMessageBox.Icon.Question, tr("folder.delete.title"),
                      tr("folder.delete.text_chosen" if chosen else "folder.delete.text", title=title, folder=folder),
                      QMessageBox.StandardButton.NoButton, parent)
    keep = box.addButton(tr("folder.delete.keep"), QMessageBox.ButtonRole.AcceptRole)
    remove = box.addButton(tr("folder.delete.remove_chosen" if chosen else "folder.delete.remove"),
                           QMessageBox.ButtonRole.DestructiveRole)
    box.addButton(QMessageBox.StandardButton.Cancel)
    box.setDefaultButton(keep)
    box.exec()
    clicked = box.clickedButton()
    return True if clicked is keep else False if clicked is remove else None


class FolderActions:
    """Owns the two menu actions; the window gives it its services (the store, the workspace root), the controller
    (the current conversation), store calls, and how to run, say, open and list conversations."""

    def __init__(self, *, window: QWidget, services: Services, controller: TaskController, on_store: StoreCalls,
                 run: Run, notify: Callable[[str], None], open_conversation: Callable[[str], Awaitable[None]],
                 reload_conversations: Callable[[], Awaitable[None]]) -> None:
        self.window = window  # the actions' parent and the dialogs' owner
        self.services = services
        self.controller = controller
        self._on_store = on_store
        self._notify = notify
        self._open_conversation = open_conversation
        self._reload_conversations = reload_conversations
        # Injectable for tests: (parent, start folder) -> chosen path or "".
        self.pick_folder: Callable[[QWidget, str], str] = _pick_folder
        self.open_folder: Callable[[Path], bool] = _open_folder
        self.ask_keep: Callable[[QWidget, str, str, bool], bool | None] = _ask_keep
        self.work_in_action = QAction(window)
        self.work_in_action.triggered.connect(lambda: run(self.work_in_folder()))
        self.show_action = QAction(window)
        self.show_action.triggered.connect(lambda: run(self.show_folder()))
        self.retranslate()

    def retranslate(self) -> None:
        self.work_in_action.setText(tr("folder.work_in"))
        self.show_action.setText(tr("folder.show"))

    def _root(self) -> Path:
        return Path(self.services.settings.workspace_path())

    async def _store(self, fn: Callable[..., T], *args: object, **kw: object) -> T:
        return await self._on_store(functools.partial(fn, *args, **kw))

    async def _current(self, title: str) -> str:
        """The open conversation, created (and shown) when the window has none yet."""
        controller = self.controller
        if controller.current_id:
            return str(controller.current_id)
        row = await self._store(self.services.store.create_conversation, title)
        await self._open_conversation(row.id)
        await self._reload_conversations()
        return str(row.id)

    async def work_in_folder(self) -> Path | None:
        """Let the user pick the folder the open conversation works in (files there become its material)."""
        store = self.services.store
        start = str(self._root())
        if self.controller.current_id:
            folder, _chosen = await self._store(store.conversation_folder, self.controller.current_id)
            start = folder or start
        picked = self.pick_folder(self.window, start)
        if not picked:
            return None
        conv_id = await self._current(Path(picked).name)
        from desktop.agent import workfolder  # first use: it brings the skills runtime, not needed to start

        try:
            path: Path = await self._store(workfolder.choose, store, conv_id, picked)
        except workfolder.FolderError as exc:
            self._notify(tr("folder.invalid", error=say_error(exc)))
            return None
        self._notify(tr("folder.now", folder=path))
        return path

    async def show_folder(self) -> Path | None:
        """Open the conversation's working folder in the system file manager."""
        store = self.services.store
        conv_id = await self._current(tr("conv.untitled"))
        from desktop.agent import workfolder

        try:
            path: Path = await self._store(workfolder.assign, store, conv_id, self._root())
        except workfolder.FolderError as exc:
            self._notify(tr("folder.invalid", error=say_error(exc)))
            return None
        if not self.open_folder(path):
            self._notify(tr("folder.open_failed", folder=path))
        return path

    async def delete(self, conversation_id: str) -> bool:
        """Delete the conversation, asking first whether its folder stays. False: the user kept it all."""
        store = self.services.store
        folder, chosen = await self._store(store.conversation_folder, conversation_id)
        title = (await self._store(store.conversation, conversation_id)).title
        keep = True
        if folder and Path(folder).is_dir() and any(Path(folder).iterdir()):
            answer = self.ask_keep(self.window, title, folder, chosen)
            if answer is None:
                return False
            keep = answer
        from desktop.agent import workfolder

        await self._store(workfolder.forget, store, conversation_id, keep_folder=keep)
        return True
