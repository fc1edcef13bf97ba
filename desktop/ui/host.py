"""The Host: fills uchat's extension slots from the renderer registry.

It is uchat's ``ExtensionProvider`` (``create(ref, parent)``) and the renderers'
narrow ``RendererHost`` (save a copy, open, approve, deny, open the preview).
Renderers only ever get an immutable ``ArtifactView`` and this object; the
window, the agent and the store stay behind the callbacks given here.
"""
from __future__ import annotations

import functools
import logging
import shutil
from collections.abc import Callable, Collection, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QUrl
from PySide6.QtGui import QDesktopServices
from PySide6.QtWidgets import QWidget

import renderers
from desktop import i18n
from desktop.ui.imports import deferred
from desktop.i18n import tr
from desktop.messages import for_person, shown
from desktop.store.states import IN_FLIGHT, WAITING, ApprovalState, LedgerState
from desktop.ui.merge import ATTACHMENT
from skills.messages import Msg, Text

if TYPE_CHECKING:
    from skills.runtime import Evidence
    import asyncio

    from PySide6.QtWidgets import QFileDialog

    from desktop.llm.offline._actions import QuickAction

    from renderers import ArtifactView, EvidenceSummary
    from renderers.registry import Registry
    from uchat import ExtensionRef
else:  # loads with the event loop, after the first frame
    asyncio = deferred("asyncio")

log = logging.getLogger(__name__)

_renderer_language_hook = False


def install_renderer_translator() -> None:
    """Renderer cards and previews speak the interface language and follow every later switch."""
    global _renderer_language_hook
    renderers.set_translator(i18n.tr_renderers)
    renderers.set_message_renderer(i18n.render)
    if not _renderer_language_hook:  # one subscription per process, however many windows/hosts
        i18n.on_language_changed(lambda _code: renderers.retranslate_all())
        _renderer_language_hook = True


def _field(row: Any, name: str, default: Any = None) -> Any:
    if isinstance(row, Mapping):
        return row.get(name, default)
    return getattr(row, name, default)


def evidence_summary(evidence: Evidence | None) -> EvidenceSummary | None:
    """A file's evidence (as stored) → the renderer's summary. ``not_run`` never counts as passed."""
    if evidence is None:
        return None
    from renderers import CheckView, EvidenceSummary  # the view types load with the first card

    checks = tuple(CheckView(name=c.name, status=c.status, detail=c.detail) for c in evidence.checks)
    return EvidenceSummary(passed=evidence.passed, checks=checks, counts=dict(evidence.counts))


def save_dialog(parent: QWidget | None, title: str, suggested: str) -> QFileDialog:
    """The Save-as dialog: Qt's own in the dark theme, so it is dark beside a dark window."""
    from PySide6.QtWidgets import QFileDialog  # dialogs load on first use, not before the first frame

    from desktop.ui.theme import file_dialog_options

    dialog = QFileDialog(parent, title, suggested)
    dialog.setAcceptMode(QFileDialog.AcceptMode.AcceptSave)
    dialog.setFileMode(QFileDialog.FileMode.AnyFile)
    dialog.setOptions(file_dialog_options())
    return dialog


def _ask_save_path(parent: QWidget | None, title: str, suggested: str) -> str:
    dialog = save_dialog(parent, title, suggested)
    chosen = dialog.selectedFiles() if dialog.exec() else []
    dialog.deleteLater()
    return chosen[0] if chosen else ""


class Host:
    """Builds cards from the store and routes their actions to the window's callbacks."""

    def __init__(
        self,
        store: Any,
        *,
        registry: Registry,
        on_decision: Callable[[str, bool, str], None],
        on_preview: Callable[[ArtifactView, int], object],
        notify: Callable[[str], None],
        window: Callable[[], QWidget | None] = lambda: None,
        on_allow_similar: Callable[[str, str], None] | None = None,
        on_retry: Callable[[str, str], None] | None = None,
    ) -> None:
        self.store = store
        self.registry = registry
        self._on_decision = on_decision
        self._on_allow_similar = on_allow_similar
        self._on_retry = on_retry
        self._on_preview = on_preview
        self._notify = notify
        self._window = window
        # Injectable for tests: (parent, title, suggested path) -> chosen path or "".
        self.ask_save_path: Callable[[QWidget | None, str, str], str] = _ask_save_path
        self._cards: dict[str, list[QWidget]] = {}
        self._kinds: dict[str, str] = {}
        self._approval_messages: dict[str, str] = {}
        # An artifact row and its evidence are committed together and never change: read them once, not
        # each time uchat rebuilds a card that scrolled back into view (approvals change, so they are not kept).
        self._artifact_rows: dict[str, tuple[Any, EvidenceSummary | None]] = {}
        self._tasks: set[asyncio.Future[Any]] = set()
        self.last_save: asyncio.Future[Any] | None = None
        self.last_compare: QWidget | None = None
        # Set by the window: sends a request into the open conversation (a restore goes through the agent).
        self.send_request: Callable[[str], None] = lambda _text: None
        # Set by the window: a notice in the chat itself (and on the status bar), for what the user must see.
        self.say: Callable[[str], None] = notify
        # Set by the window: the open conversation's working folder (a file just sent lives there).
        self.current_folder: Callable[[], Path | None] = lambda: None
        install_renderer_translator()
        # A card's words that came from the store (what changed, the approval's summary) were rendered when
        # its view was built: build them again in the new language.
        self._unsubscribe_language = i18n.on_language_changed(lambda _code: self.refresh_all())

    # -- views --------------------------------------------------------------------------
    def view_for(self, ref: ExtensionRef) -> ArtifactView | None:
        """The immutable view of the artifact or approval a ref names, or None if unknown."""
        try:
            if ref.kind.startswith("approval/"):
                return self._approval_view(ref.artifact_id, ref.kind)
            return self._artifact_view(ref.artifact_id, ref.kind)
        except Exception:  # a missing or unreadable row shows nothing rather than breaking the chat
            log.exception("could not build a view for %s", ref)
            return None

    def _artifact_view(self, artifact_id: str, kind: str) -> ArtifactView | None:
        known = self._artifact_rows.get(artifact_id)
        if known is None:
            row = self.store.artifact(artifact_id)
            if row is None:
                return None
            known = self._artifact_rows[artifact_id] = (row, evidence_summary(self.store.evidence(artifact_id)))
        row, evidence = known
        version = self._version(artifact_id)
        path = Path(_field(row, "path", "")) if _field(row, "path") else None
        if path is not None and version is not None and not self.is_current(row, version):
            # An older version's card shows (and saves) that version: its bytes are kept in the folder's .mira/.
            path = self.version_file(row, version.sha256) or path
        status = "written"
        error = ""
        if path is not None and not path.exists():
            status, error = "failed", tr("file.missing", path=_field(row, "workspace_path", ""))
        from renderers import ArtifactView

        return ArtifactView(
            id=artifact_id,
            kind=kind,  # the ref names the renderer; the store row agrees for every built-in kind
            title=_field(row, "title", "") or Path(_field(row, "workspace_path", "")).name,
            path=path,
            workspace_path=_field(row, "workspace_path", ""),
            bytes=int(_field(row, "bytes", 0) or 0),
            sha256=_field(row, "sha256", "") or "",
            status=status,  # type: ignore[arg-type]
            evidence=evidence,
            error=error,
            version=version.version if version is not None else 0,
            change=_said(version.change) if version is not None else "",
        )

    def _version(self, artifact_id: str) -> Any:
        lookup = getattr(self.store, "artifact_version", None)
        return lookup(artifact_id) if callable(lookup) else None

    def latest_version(self, conversation_id: str, workspace_path: str) -> Any:
        """The newest version row of a file of a conversation, or None (not versioned)."""
        versions = getattr(self.store, "versions", None)
        if not callable(versions) or not conversation_id:
            return None
        rows = versions(conversation_id, workspace_path)
        return rows[-1] if rows else None

    def is_current(self, row: Any, version: Any) -> bool:
        """Whether ``version`` (of artifact ``row``) is the file's newest version."""
        latest = self.latest_version(_field(row, "conversation_id", ""), _field(row, "workspace_path", ""))
        return latest is None or int(latest.version) <= int(version.version)

    def version_file(self, row: Any, sha256: str) -> Path | None:
        """A readable copy, named like the file, of the kept version ``sha256`` of artifact ``row``'s file
        (renderers know a file by its name; the kept copies in .mira/ have none). None when it is not kept."""
        from desktop import paths
        from skills.runtime.versions import VersionStoreError, read

        name = Path(_field(row, "workspace_path", "") or _field(row, "path", "")).name
        target = paths.data_dir() / "cache" / "versions" / sha256[:32] / name
        if target.is_file():
            return target
        try:
            folder = Path(_field(self.store.task(_field(row, "task_id", "")), "workspace", ""))
            data = read(folder, sha256)
        except (VersionStoreError, OSError, LookupError, ValueError):
            return None
        except Exception:
            log.info("no kept copy of %s", sha256[:12], exc_info=True)
            return None
        target.parent.mkdir(parents=True, exist_ok=True)
        part = target.with_name(f".{name}.part")
        part.write_bytes(data)
        part.replace(target)
        return target

    def artifact_kind(self, artifact_id: str) -> str:
        """The renderer kind of an artifact ("" when unknown)."""
        known = self._artifact_rows.get(artifact_id)
        row = known[0] if known is not None else self.store.artifact(artifact_id)
        return str(_field(row, "kind", "") or "")

    def artifact_row(self, artifact_id: str) -> Any:
        known = self._artifact_rows.get(artifact_id)
        return known[0] if known is not None else self.store.artifact(artifact_id)

    def refresh_file(self, conversation_id: str, workspace_path: str) -> None:
        """A file got a new version: every live card of it shows its own version again (thumbnail included)."""
        for artifact_id in list(self._cards):
            known = self._artifact_rows.get(artifact_id)
            if known is not None and _field(known[0], "workspace_path", "") == workspace_path \
                    and _field(known[0], "conversation_id", "") == conversation_id:
                self.refresh(artifact_id)

    def _approval_view(self, approval_id: str, kind: str) -> ArtifactView | None:
        row = self.store.approval(approval_id)
        if row is None:
            return None
        state = str(_field(row, "state", "pending"))
        status, decided, error, retryable = self._approval_outcome(row, state)
        target = str(_field(row, "target_path", "") or "")
        arguments = _field(row, "arguments", {}) or {}
        changes = tuple((_said(c.before), _said(c.after)) for c in row.changes)
        from renderers import ArtifactView, PendingApproval
        from skills.describe import write_headline

        approval = PendingApproval(
            approval_id=approval_id,
            command=str(_field(row, "tool_id", "")),
            target_path=target,
            summary="\n".join(p for p in (_summary(row), self._replaces(approval_id, row)) if p),
            arguments=dict(arguments) if isinstance(arguments, Mapping) else {},
            changes=changes,
            decided=decided,  # type: ignore[arg-type]
            headline=write_headline(str(_field(row, "tool_id", "")),
                                    arguments if isinstance(arguments, Mapping) else {}),
            retryable=retryable,
            facts=self._facts(approval_id, row),
        )
        return ArtifactView(
            id=approval_id, kind=kind, title=Path(target).name or target, path=None,
            workspace_path=target, status=status, approval=approval, error=error,  # type: ignore[arg-type]
        )

    def _facts(self, approval_id: str, row: Any) -> tuple[str, ...]:
        """What the card says besides its headline: the file it replaces, the folder, a rule made from it."""
        facts = [self._replaces(approval_id, row)]
        folder = self._folder(row)
        if folder:
            facts.append(tr("approval.folder", folder=folder))
        rule = self._rule_from(approval_id)
        if rule is not None:
            from desktop.ui.rule_words import rule_words

            facts.append(tr("approval.rule_made", rule=rule_words(rule.command, rule.kind)))
        return tuple(f for f in facts if f)

    def _folder(self, row: Any) -> str:
        task = getattr(self.store, "task", None)
        if not callable(task) or not _field(row, "task_id"):
            return ""
        try:
            workspace = _field(task(_field(row, "task_id")), "workspace", "")
        except Exception:  # noqa: BLE001 - no task row: the card just does not name the folder
            return ""
        return Path(workspace).name if workspace else ""

    def _rule_from(self, approval_id: str) -> Any:
        rules = getattr(self.store, "rules", None)
        listing = getattr(rules, "list", None)
        if not callable(listing):
            return None
        try:
            return next((r for r in listing() if r.from_approval_id == approval_id), None)
        except Exception:  # noqa: BLE001 - the card shows no rule line rather than no card
            return None

    def _replaces(self, approval_id: str, row: Any) -> str:
        """"Replaces the existing X (vN)." when the write goes over a file that exists, else ""."""
        targets = getattr(self.store, "approval_targets", None)
        if not callable(targets):
            return ""
        args = _field(row, "arguments", {}) or {}
        output = args.get("output") if isinstance(args, Mapping) else None
        written = output if isinstance(output, str) and output.strip() else _field(row, "target_path", "")
        hit = next((t for t in targets(approval_id) if t.path == written and t.sha256), None)
        if hit is None:
            return ""
        if hit.replaces_version:
            return tr("approval.replaces", path=hit.path, version=hit.replaces_version)
        return tr("approval.replaces_file", path=hit.path)

    def _approval_outcome(self, row: Any, state: str) -> tuple[str, str, str, bool]:
        """(card status, decided, error, retryable) for an approval row, from its own and its ledger's state.

        pending → awaiting a click; denied, or refused (e.g. its task was cancelled) → nothing was
        written; approved → written, failed, or still writing, as the ledger says."""
        if state in WAITING:
            return "pending_approval", "", "", False
        if state != ApprovalState.APPROVED:
            return "denied", "denied", _decision_words(str(_field(row, "message", "") or "")), False
        ledger_state, error, retryable = "", "", False
        ledger_entry = getattr(self.store, "ledger_entry", None)
        if ledger_entry is not None and _field(row, "ledger_id"):
            try:
                entry = ledger_entry(_field(row, "ledger_id"))
            except Exception:  # noqa: BLE001 - unknown ledger: judge by the approval alone
                entry = None
            if entry is not None:
                ledger_state = str(_field(entry, "state", ""))
                result = _field(entry, "result", None) or {}
                if isinstance(result, Mapping):
                    from desktop.agent.outcome import read_outcome  # with the first decided card, not the first frame

                    outcome = read_outcome(result)
                    if ledger_state == LedgerState.FAILED and outcome.artifacts:
                        # It wrote the file, then a check of it failed: written (the file card lists the check)
                        from skills.messages import checks_verdict

                        statuses = [c.status for ev in outcome.evidence for c in ev.checks]
                        return "written", "approved", i18n.render(checks_verdict(statuses)), False
                    said = outcome.error if isinstance(outcome.error, Msg) else None  # a message, when the skill gave one
                    error = _said_to_person(said) if said is not None else outcome.said
                    if error and said is None and not outcome.fault \
                            and i18n.language() != "en":  # English only (a storage fault is already in words)
                        error = tr("error.in_details", details=error)
                    retryable = outcome.retryable
        if ledger_state == LedgerState.FAILED:
            return "failed", "approved", error, retryable
        if ledger_state in IN_FLIGHT:
            if self._task_running(_field(row, "task_id", "")):
                return "pending_approval", "approved", "", False  # the card says "writing…"
            # Its task ended (Stopped, failed, or Mira closed) before the call finished: nothing is writing.
            if ledger_state == LedgerState.APPROVED:
                return "stopped", "approved", tr("card.stopped"), False
            return "failed", "approved", tr("card.interrupted"), False
        return "written", "approved", "", False

    def _task_running(self, task_id: str) -> bool:
        task = getattr(self.store, "task", None)
        if task is None or not task_id:
            return True  # unknown: trust the ledger
        try:
            row = task(task_id)
        except Exception:  # noqa: BLE001 - no task row: trust the ledger
            return True
        return str(_field(row, "status", "running")) == "running"

    # -- ExtensionProvider --------------------------------------------------------------
    def create(self, ref: ExtensionRef, parent: QWidget) -> QWidget | None:
        if ref.kind == ATTACHMENT:
            from uchat import AttachmentChip

            chip = AttachmentChip(ref.artifact_id, parent)
            message_id = ref.message_id
            chip.sig_open.connect(lambda name: self.open_attachment(message_id, name))
            chip.sig_open_external.connect(lambda name: self.open_attachment(message_id, name, external=True))
            chip.sig_save.connect(lambda name: self._attachment_action(message_id, name, self.save_copy))
            return chip
        view = self.view_for(ref)
        if view is None:
            return None
        if view.approval is not None:
            self._approval_messages[view.id] = ref.message_id
        card = self.registry.create_card(view, self, parent)
        if card is not None:
            self._kinds[ref.artifact_id] = ref.kind
            cards = self._cards.setdefault(ref.artifact_id, [])
            cards.append(card)
            card.destroyed.connect(lambda *_a, aid=ref.artifact_id, c=card: self._forget(aid, c))
        return card

    def _forget(self, artifact_id: str, card: QWidget) -> None:
        cards = self._cards.get(artifact_id, [])
        if card in cards:
            cards.remove(card)
        if not cards:
            self._cards.pop(artifact_id, None)

    def waiting_cards(self) -> list[QWidget]:
        """The approval cards whose write still waits for a decision, oldest first."""
        waiting = []
        for artifact_id, cards in self._cards.items():
            if not self._kinds.get(artifact_id, "").startswith("approval/"):
                continue
            for card in cards:
                button = getattr(card, "approve_button", None)
                if isinstance(button, QWidget) and button.isEnabled() and not button.isHidden():
                    waiting.append(card)
        return waiting

    def live_cards(self, artifact_id: str) -> list[QWidget]:
        return list(self._cards.get(artifact_id, ()))

    def close(self) -> None:
        """Stop following the language (the window is closing)."""
        self._unsubscribe_language()

    def refresh_all(self) -> None:
        """Every live card again from the store (after a language switch)."""
        for artifact_id in list(self._cards):
            try:
                self.refresh(artifact_id)
            except Exception:
                log.debug("could not refresh %s", artifact_id, exc_info=True)

    def refresh(self, artifact_id: str) -> None:
        """Show the current state (e.g. a decided approval) on every live card of ``artifact_id``."""
        cards = self._cards.get(artifact_id)
        kind = self._kinds.get(artifact_id)
        if not cards or kind is None:
            return
        from uchat import ExtensionRef

        view = self.view_for(ExtensionRef(message_id="", artifact_id=artifact_id, kind=kind))
        if view is None:
            return
        for card in list(cards):
            update = getattr(card, "update_view", None)
            if callable(update):
                update(view)

    # -- attachments --------------------------------------------------------------------
    def attachment_view(self, message_id: str, name: str) -> ArtifactView | None:
        """The file ``name`` sent with a message, as the preview and the file actions take it (None: gone)."""
        from renderers import ArtifactView

        from desktop.ui.merge import stored_id

        folder: Path | None = None
        try:
            row = self.store.message(stored_id(message_id))
            found = self.store.conversation_folder(_field(row, "conversation_id", ""))
            folder = Path(found[0]) if found and found[0] else None
        except Exception:  # noqa: BLE001 - a message not stored yet: the open conversation's folder
            folder = None
        folder = folder or self.current_folder()
        path = folder / name if folder is not None else None
        if path is None or not path.is_file():
            return None
        kind = path.suffix.lower().lstrip(".")
        return ArtifactView(id=f"{ATTACHMENT}:{message_id}:{name}", kind=kind, title=name, path=path,
                            workspace_path=name, bytes=path.stat().st_size)

    def open_attachment(self, message_id: str, name: str, *, external: bool = False) -> None:
        """Open a sent file in the preview (a kind the renderers draw) or else in the system's app."""
        view = self.attachment_view(message_id, name)
        if view is None:
            self.say(tr("file.missing", path=name))
        elif external or view.kind not in self.registry.kinds():
            self.open_external(view)
        else:
            self.open_preview(view, 0)

    def _attachment_action(self, message_id: str, name: str, action: Callable[[ArtifactView], None]) -> None:
        view = self.attachment_view(message_id, name)
        if view is None:
            self.say(tr("file.missing", path=name))
        else:
            action(view)

    # -- RendererHost -------------------------------------------------------------------
    def save_copy(self, artifact: ArtifactView) -> None:
        if artifact.path is None or not artifact.path.exists():
            self._notify(tr("file.missing", path=artifact.workspace_path))
            return
        target = self.ask_save_path(self._window(), tr("save.title"), str(Path.home() / artifact.path.name))
        if not target:
            return
        source = artifact.path

        async def copy() -> None:
            try:
                await asyncio.get_running_loop().run_in_executor(None, shutil.copyfile, source, target)
            except OSError as exc:
                self._notify(tr("save.failed", error=exc.strerror or exc))
            else:
                self._notify(tr("save.done", path=target))

        self.last_save = self._keep(asyncio.ensure_future(copy()))

    def open_external(self, artifact: ArtifactView) -> None:
        if artifact.path is None or not artifact.path.exists():
            self.say(tr("file.missing", path=artifact.workspace_path))
            return
        if not QDesktopServices.openUrl(QUrl.fromLocalFile(str(artifact.path))):
            self.say(tr("open.failed.why", name=artifact.path.name, reason=_why_not_opened(artifact.path)))

    def approve(self, approval_id: str) -> None:
        self._on_decision(approval_id, True, self._approval_messages.get(approval_id, ""))

    def deny(self, approval_id: str) -> None:
        self._on_decision(approval_id, False, self._approval_messages.get(approval_id, ""))

    def retry(self, approval_id: str) -> None:
        """A failed write's Retry: one the disk or folder refused runs again as frozen, once; one that failed
        for another reason (it would fail the same way) is asked for again, as a new request."""
        view = self.view_for(_approval_ref(approval_id))
        if view is not None and view.approval is not None and view.approval.retryable:
            if self._on_retry is not None:
                self._on_retry(approval_id, self._approval_messages.get(approval_id, ""))
            return
        try:
            request = str(_field(self.store.task(_field(self.store.approval(approval_id), "task_id", "")),
                                 "request", "") or "")
        except Exception:  # noqa: BLE001 - no task row to ask again from: say so
            request = ""
        if request.strip():
            self.send_request(request)
        else:
            self.say(tr("card.retry_gone"))

    @property
    def offers_allow_similar(self) -> bool:
        """Whether approval cards offer "Allow similar writes in this conversation"."""
        return self._on_allow_similar is not None

    def allow_similar(self, approval_id: str) -> None:
        """Approve, and keep a rule for similar writes in this conversation."""
        if self._on_allow_similar is None:
            raise RuntimeError("this window keeps no approval rules")
        self._on_allow_similar(approval_id, self._approval_messages.get(approval_id, ""))

    def open_preview(self, artifact: ArtifactView, index: int = 0) -> None:
        self._on_preview(artifact, index)

    def compare_versions(self, artifact: ArtifactView, other: int) -> None:
        """Show version ``other`` and this one side by side (the older one's bytes are in the folder's .mira/)."""
        from desktop.ui import versions_view  # a dialog: loaded on first use

        shown = versions_view.compare(self.store, artifact, other, self._window(), self.version_file,
                                      lambda version, index: self.open_version(artifact, version, index))
        if isinstance(shown, str):
            self._notify(shown)
        else:
            self.last_compare = shown

    def quick_actions(self, artifact: ArtifactView, wanted: Collection[str] = ()
                      ) -> list[tuple[str, str, Callable[[], None]]]:
        """The card's follow-ups (id, label, run) from the intents table: each sends a request like a typed one.
        ``wanted``: the ones its renderer asks for because the file needs them (Recalculate)."""
        from desktop.ui import quick_actions as qa  # loaded when a card's menu first opens

        def start(action: QuickAction) -> None:
            self.last_quick_form = qa.run(action, artifact.workspace_path, self.send_request, self._window())

        return [(a.id, qa.label(a), functools.partial(start, a))
                for a in qa.offered(artifact.kind, artifact.version, wanted)]

    def open_version(self, artifact: ArtifactView, version: int, index: int = 0) -> None:
        """Open ``version`` of ``artifact``'s file in the preview at ``index`` (an older one is labelled so)."""
        row = self.artifact_row(artifact.id)
        found = next((v for v in self.store.versions(row.conversation_id, row.workspace_path)
                      if v.version == version and v.artifact_id), None)
        from uchat import ExtensionRef

        view = self.view_for(ExtensionRef(message_id="", artifact_id=found.artifact_id, kind=self.artifact_kind(found.artifact_id))) \
            if found is not None else None
        if view is None:
            self._notify(tr("version.missing", version=version, path=artifact.workspace_path))
            return
        self._on_preview(view, index)

    def restore_version(self, artifact: ArtifactView, version: int) -> None:
        """Ask for ``version`` back through the conversation: an approved write like any other."""
        self.send_request(tr("version.restore_request", version=version, path=artifact.workspace_path))

    def _keep(self, fut: asyncio.Future[Any]) -> asyncio.Future[Any]:
        self._tasks.add(fut)
        fut.add_done_callback(self._tasks.discard)
        return fut


def _why_not_opened(path: Path) -> str:
    """Why the system would not open ``path``: it cannot be read, or no app is set for its kind of file."""
    import os

    if not os.access(path, os.R_OK):
        return tr("open.why.unreadable")
    return tr("open.why.no_app", ext=path.suffix.lstrip(".").upper() or path.name)


def _approval_ref(approval_id: str) -> Any:
    from uchat import ExtensionRef

    return ExtensionRef(message_id="", artifact_id=approval_id, kind="approval/")


def _decision_words(message: str) -> str:
    """Why nothing was written, in the current language ("" when the headline already says it: you declined).
    The agent records the decision in English (for the model and the log); a card only shows a refused one."""
    from desktop.agent.gate import CHANGED  # loaded with the runtime; a card for a decided write comes later

    key = {"denied by the user": "", "the task was cancelled": "card.cancelled", CHANGED: "card.target_changed"}.get(
        message)
    if key is None:  # a refusal known only in English: labelled as details in another language
        return message if not message or i18n.language() == "en" else tr("error.in_details", details=message)
    return tr(key) if key else ""


def _said_to_person(message: Msg) -> str:
    """A failed write's message on its card: its person form, the argument path the model sees as details."""
    said, where = for_person(message)
    return tr("error.with_details", message=i18n.render(said), details=where) if where else i18n.render(said)


def _said(words: Text | Msg | str) -> str:
    """Stored words (message values) in the current language; words as written as they are."""
    return shown(words, i18n.render)


def _summary(row: Any) -> str:
    """The approval's summary; a write a rule approved says so (the rule is listed in Settings)."""
    summary = _said(_field(row, "summary", "") or "")
    if str(_field(row, "message", "") or "").startswith("approved by rule "):
        summary += " " + tr("approval.by_rule")
    return summary
