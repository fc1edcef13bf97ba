"""Take the README screenshots of the real Mira window: ``python scripts/screenshots.py [--out DIR]``.

Runs the real main window with the real offline planner on a temporary MIRA_HOME
under Xvfb when it is installed (``--offscreen`` forces Qt's offscreen platform),
plays the flows a user would (welcome, approval card, verified artifact with the
preview open, settings, dark theme, Chinese interface, a 44-conversation sidebar,
a Chinese search with snippets, the dark Save-as dialog) and saves one PNG per
state into ``docs/screenshots/``.
"""
from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "docs" / "screenshots"
SIZE = (1280, 800)

NOTES = """Turn these notes into slides:

# Launch plan

## Goals

- Ship version one to the first customers
- Win the trust of early users
- Keep the budget under control

## Timeline

- May: closed beta
- June: public launch
- July: first review

## Budget

| Item | Cost |
|---|---|
| Ads | 1200 |
| Hosting | 300 |
"""

NOTES_ZH = """把下面的内容做成 Word 文档：

# 季度计划会议

## 目标

- 提高销量
- 留住老客户

## 预算

| 项目 | 费用 |
|---|---|
| 广告 | 1200 |
| 服务器 | 300 |
"""


def _start_xvfb() -> tuple[subprocess.Popen[bytes], str]:
    read_fd, write_fd = os.pipe()
    proc = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", f"{SIZE[0] + 80}x{SIZE[1] + 80}x24",
         "-nolisten", "tcp"],
        pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    os.close(write_fd)
    with os.fdopen(read_fd) as fh:
        number = fh.readline().strip()
    if not number:
        proc.kill()
        raise RuntimeError("Xvfb did not report a display")
    return proc, f":{number}"


async def _until(condition, timeout: float = 60.0) -> None:  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError("the window did not reach the expected state")
        await asyncio.sleep(0.05)


async def _quiet(window) -> None:  # type: ignore[no-untyped-def]
    """Before a grab: the agent runtime loaded and the window's work done, the open preview loaded and every card's thumbnail drawn, then
    the events that lay them out handled (a condition, not a guess at how long that takes). The events are
    the loop's to run: processEvents() here would step other tasks inside this one."""
    from renderers.qt_card import ArtifactCard

    panel = window.preview_panel
    await _until(lambda: window.runtime_ready and not window.controller.busy
                 and not (panel.preview is not None and panel.preview.is_loading())
                 and not any(card.thumbnail_loading() for card in window.findChildren(ArtifactCard)))
    for _ in range(3):  # back to the event loop: it lays out and paints what the work changed
        await asyncio.sleep(0)


async def play(out: Path) -> list[Path]:
    from PySide6.QtWidgets import QApplication, QPushButton

    from desktop.settings import AppSettings
    from desktop.ui.main_window import MainWindow

    saved: list[Path] = []
    app = QApplication.instance()

    def shoot(widget, name: str) -> None:  # type: ignore[no-untyped-def]
        app.processEvents()
        path = out / name
        widget.grab().save(str(path))
        saved.append(path)
        print(f"saved {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")

    def card(window, prefix: str):  # type: ignore[no-untyped-def]
        for message in window.conversation:
            for ref in message.extensions:
                if ref.kind.startswith(prefix) and (prefix.startswith("approval/")
                                                    or not ref.kind.startswith("approval/")):
                    cards = window.host.live_cards(ref.artifact_id)
                    if cards:
                        return ref, cards[-1]
        return None

    def button(widget, text: str) -> QPushButton:  # type: ignore[no-untyped-def]
        return next(b for b in widget.findChildren(QPushButton) if b.text() == text)

    window = MainWindow()
    window.resize(*SIZE)
    window.show()
    await _until(lambda: window.is_ready)
    await _quiet(window)
    shoot(window, "01-welcome.png")

    window.chat.composer.set_text(NOTES)
    window.chat.composer.submit()
    await _until(lambda: card(window, "approval/pptx") is not None and not window.controller.busy)
    await _quiet(window)
    shoot(window, "02-approval-card.png")

    button(card(window, "approval/pptx")[1], "Approve").click()
    await _until(lambda: card(window, "pptx") is not None and not window.controller.busy)
    ref, artifact_card = card(window, "pptx")
    button(artifact_card, "Preview").click()
    await _until(lambda: window.preview_panel.preview is not None and window.preview_panel.preview.count() > 1)
    view = window.host.view_for(ref)
    window.host.open_preview(view, 1)
    await _until(lambda: window.preview_panel.preview.index() == 1)
    await _quiet(window)
    window.chat.view.scrollToBottom()
    await _quiet(window)
    shoot(window, "03-artifact-and-preview.png")

    # A follow-up in the same conversation: the deck gets a slide, the card shows v2 and what changed; the open
    # preview follows (v2, at the added slide).
    approvals = sum(1 for m in window.conversation for r in m.extensions if r.kind == "approval/pptx")
    window.chat.composer.set_text("add a slide titled Risks with bullets: Budget, Timeline")
    window.chat.composer.submit()
    await _until(lambda: sum(1 for m in window.conversation for r in m.extensions if r.kind == "approval/pptx")
                 > approvals and not window.controller.busy)
    last_approval = [r for m in window.conversation for r in m.extensions if r.kind == "approval/pptx"][-1]
    await _until(lambda: bool(window.host.live_cards(last_approval.artifact_id)))
    button(window.host.live_cards(last_approval.artifact_id)[-1], "Approve").click()
    await _until(lambda: sum(1 for m in window.conversation for r in m.extensions if r.kind == "pptx") > 1
                 and not window.controller.busy)
    second = [r for m in window.conversation for r in m.extensions if r.kind == "pptx"][-1]
    await _until(lambda: bool(window.host.live_cards(second.artifact_id)))
    window.chat.view.scrollToBottom()
    panel = window.preview_panel
    await _until(lambda: panel.view is not None and panel.view.version == 2 and panel.preview is not None
                 and panel.preview.index() == panel.preview.count() - 1 and not panel.preview.is_loading())
    await _quiet(window)
    shoot(window, "07-follow-up-v2-card.png")
    shoot(window, "12-panel-follows-v2.png")
    button(window.host.live_cards(second.artifact_id)[-1], "Compare with v1").click()
    await _until(lambda: window.host.last_compare is not None)
    compare = window.host.last_compare
    from renderers.qt_versions import CompareView

    pictures = compare.findChild(CompareView).pictures
    await _until(lambda: pictures is None or pictures.done())
    await _quiet(window)
    shoot(compare, "08-compare-versions.png")
    compare.close()

    # Restore v1 from the v2 card: an approved write; the panel shows v3 (the first deck again).
    approvals = sum(1 for m in window.conversation for r in m.extensions if r.kind == "approval/pptx")
    button(window.host.live_cards(second.artifact_id)[-1], "Restore v1").click()
    await _until(lambda: sum(1 for m in window.conversation for r in m.extensions if r.kind == "approval/pptx")
                 > approvals and not window.controller.busy)
    restore = [r for m in window.conversation for r in m.extensions if r.kind == "approval/pptx"][-1]
    await _until(lambda: bool(window.host.live_cards(restore.artifact_id)))
    window.chat.view.scrollToBottom()
    await _quiet(window)
    shoot(window, "13-restore-approval.png")
    button(window.host.live_cards(restore.artifact_id)[-1], "Approve").click()
    await _until(lambda: panel.view is not None and panel.view.version == 3 and panel.preview is not None
                 and panel.preview.count() > 0 and not panel.preview.is_loading() and not window.controller.busy)
    window.chat.view.scrollToBottom()
    await _quiet(window)
    shoot(window, "14-panel-follows-restore-v3.png")

    # v1 opened from its own card: labelled "older", with Go to current.
    first = [r for m in window.conversation for r in m.extensions if r.kind == "pptx"][0]
    window.chat.view.scroll_to_message(first.message_id)
    await _until(lambda: bool(window.host.live_cards(first.artifact_id)))
    button(window.host.live_cards(first.artifact_id)[-1], "Preview").click()
    await _until(lambda: panel.banner.isVisible() and panel.preview is not None and panel.preview.count() > 0
                 and not panel.preview.is_loading())
    await _quiet(window)
    shoot(window, "15-older-version-banner.png")
    panel.go_current_button.click()
    await _until(lambda: not panel.banner.isVisible())

    # A narrow window: the preview takes the room it has (the sidebar folds away, the toolbar shows icons).
    panel.close_preview()
    window.set_sidebar_visible(True)
    await _quiet(window)
    window.resize(700, SIZE[1])
    await _until(lambda: window.width() == 700)
    last = [r for m in window.conversation for r in m.extensions if r.kind == "pptx"][-1]
    window.chat.view.scrollToBottom()
    await _until(lambda: bool(window.host.live_cards(last.artifact_id)))
    button(window.host.live_cards(last.artifact_id)[-1], "Preview").click()
    await _until(lambda: panel.preview is not None and panel.preview.count() > 0 and not panel.preview.is_loading())
    await _quiet(window)
    print(f"narrow window: {window.width()} px wide with the preview open (700 before)")
    shoot(window, "16-narrow-window-preview.png")
    window.resize(*SIZE)
    window.set_sidebar_visible(True)
    await _quiet(window)

    dialog = window.open_settings()
    await _quiet(window)
    shoot(dialog, "04-settings.png")
    dialog.reject()

    window.apply_settings(AppSettings(theme="dark"))
    await _quiet(window)
    shoot(window, "05-dark-theme.png")

    window.apply_settings(AppSettings(theme="light", language="zh_CN"))
    window.preview_panel.close_preview()
    window.new_conversation()
    await _until(lambda: window.controller.current_id is None and window.sidebar.current_id() is None)
    await _quiet(window)
    # A Chinese request end to end: the approval card, the reply and the check line all in Chinese.
    window.chat.composer.set_text(NOTES_ZH)
    window.chat.composer.submit()
    await _until(lambda: card(window, "approval/docx") is not None and not window.controller.busy)
    button(card(window, "approval/docx")[1], "批准").click()
    await _until(lambda: card(window, "docx") is not None and not window.controller.busy)
    card(window, "docx")[1].badge.setChecked(True)
    await _quiet(window)
    window.chat.view.scrollToBottom()
    await _quiet(window)
    shoot(window, "06-chinese-interface.png")

    # A sidebar a user has after a few weeks: 44 conversations, titled from what they asked for and made.
    window.apply_settings(AppSettings())
    fill_history(window.services.store)
    await window.reload_conversations()
    window.chat.composer.input.setFocus()
    await _quiet(window)
    shoot(window, "09-sidebar-44-conversations.png")
    # The same list searched in Chinese: where each match is shows under its title.
    window.apply_settings(AppSettings(language="zh_CN"))
    window.sidebar.search.setText("预算")
    await _until(lambda: len(window.sidebar.ids()) > 1 and bool(window.sidebar.snippet(window.sidebar.ids()[0])))
    await _quiet(window)
    shoot(window, "11-chinese-search-snippets.png")
    window.sidebar.search.clear()

    # Save as… in the dark theme: Qt's own dialog, dark like the window.
    window.apply_settings(AppSettings(theme="dark"))
    from desktop.ui.host import save_dialog

    save = save_dialog(window, "Save a copy", str(window.services.settings.workspace_path() / "launch-plan.pptx"))
    save.resize(860, 520)
    from PySide6.QtWidgets import QFileSystemModel

    listed: list[str] = []
    model = save.findChild(QFileSystemModel)
    if model is not None:  # Qt's own dialog lists the folder in a thread: the grab waits for the listing
        model.directoryLoaded.connect(listed.append)
    save.show()
    await _until(lambda: bool(listed) or model is None)
    await _quiet(window)
    shoot(save, "10-dark-save-as.png")
    save.close()
    window.apply_settings(AppSettings())
    window.close()
    return saved


HISTORY = [
    "Make a PDF: # Meeting notes week {n}\n\n- Budget review\n- Hiring plan",
    "Turn notes.md into a Word report",
    "Make slides about the product launch in {month}",
    "Create a spreadsheet of the travel budget for {month}",
    "# Quarterly review Q{q}\n\nSales grew in every region.",
    "帮我做一份关于{topic}的演示文稿",
    "做一个{topic}预算表格：\n项目,费用\n广告,1200",
    "Write a memo titled \"Office move {n}\" for staff",
]
MONTHS = ["January", "February", "March", "April", "May", "June"]
TOPICS = ["长城历史", "市场推广", "年度培训", "客户回访"]


def fill_history(store) -> None:  # type: ignore[no-untyped-def]
    """44 conversations as the window makes them (title from the request, what the user wrote), spread over
    the last few weeks so the date headings show."""
    from desktop.agent.titles import request_title

    now = time.time()
    for n in range(44):
        request = HISTORY[n % len(HISTORY)].format(n=n + 1, month=MONTHS[n % 6], q=(n // 8) % 4 + 1, topic=TOPICS[n % 4])
        conv = store.create_conversation(request_title(request), auto=True)
        store.add_message(conv.id, "user", request)
        # Older ones further down: a day or more apart (the store stamps "now"; history needs the past).
        with store._tx("conversation") as c:
            c.execute("UPDATE conversations SET updated=? WHERE id=?", (now - 3600 * 9 * (n + 1), conv.id))


def child(out: Path) -> int:
    import qasync
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("Mira")
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)
    with loop:
        loop.run_until_complete(play(out))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    parser.add_argument("--offscreen", action="store_true", help="use Qt's offscreen platform, not Xvfb")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    out = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    if args.child:
        return child(out)

    home = Path(tempfile.mkdtemp(prefix="mira-screens-"))
    env = dict(os.environ, MIRA_HOME=str(home), PYTHON_KEYRING_BACKEND="keyring.backends.null.Keyring",
               LANG="en_US.UTF-8")
    xvfb = None
    try:
        if not args.offscreen and shutil.which("Xvfb"):
            xvfb, display = _start_xvfb()
            env.update(DISPLAY=display, QT_QPA_PLATFORM="xcb")
        else:
            env["QT_QPA_PLATFORM"] = "offscreen"
        cmd = [sys.executable, str(Path(__file__).resolve()), "--child", "--out", str(out)]
        return subprocess.run(cmd, env=env, timeout=300).returncode
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(timeout=10)
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
