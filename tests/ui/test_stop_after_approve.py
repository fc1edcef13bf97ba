"""Stop pressed while an approved write runs: the write finishes atomically (ARCHITECTURE §5), what it wrote is
an artifact card like any other, and the reply says what was written and that the rest was not done."""
from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path

from skills.runtime.workspace import Workspace
from tests.ui._flow import TIMEOUT, button, click, refs, send, wait_card, wait_idle

REQUEST = "Make a Word document from these notes:\n\n# Office move\n\n## Plan\n\n- Pack\n- Move\n"


def test_stop_during_an_approved_write_delivers_what_was_written(make_window, qtbot, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    published, release = threading.Event(), threading.Event()
    real = Workspace.publish

    @contextlib.contextmanager
    def slow_publish(self: Workspace, rel: str) -> Iterator[Path]:
        with real(self, rel) as staging:
            yield staging
        published.set()  # the file is on disk; the command is still running when Stop is pressed
        release.wait(20)

    window = make_window()
    send(window, qtbot, REQUEST)
    ref, card = wait_card(window, qtbot, "approval/docx")
    wait_idle(window, qtbot)
    monkeypatch.setattr(Workspace, "publish", slow_publish)
    click(qtbot, button(card, "Approve"))
    qtbot.waitUntil(published.is_set, timeout=TIMEOUT)
    composer = window.chat.composer
    assert composer.is_busy()
    click(qtbot, composer.send_button)  # Stop
    release.set()
    qtbot.waitUntil(lambda: not composer.is_busy(), timeout=TIMEOUT)
    store = window.services.store
    task = store.tasks()[0]
    assert task.status == "cancelled"
    # the file is on disk and delivered: an artifact row, a card in the chat, a version
    [artifact] = store.task_artifacts(task.id)
    assert Path(artifact.path).is_file() and artifact.workspace_path.endswith(".docx")
    file_ref, file_card = wait_card(window, qtbot, "docx")
    assert file_ref.artifact_id == artifact.id and file_card.isVisible()
    assert store.artifact_version(artifact.id).version == 1
    # the reply says what was done and what was not
    reply = next(m for m in reversed(list(window.conversation)) if m.role.value == "assistant" and m.text)
    assert "Written and checked before the stop: " + artifact.workspace_path in reply.text, reply.text
    assert "The rest of the request was not done" in reply.text and "Nothing was half-written" not in reply.text
    # the approval card agrees: the write was done
    live = window.host.live_cards(ref.artifact_id)[-1]
    qtbot.waitUntil(lambda: "Done" in live.state_label.text(), timeout=TIMEOUT)
    assert len(refs(window, "approval/")) == 1  # nothing was asked or run again
