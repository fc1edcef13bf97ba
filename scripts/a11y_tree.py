"""Dump what a screen reader gets from the running Mira window: ``python3 scripts/a11y_tree.py [--json]``.

Starts a private D-Bus session (the accessibility bus comes up through it), an Xvfb display and the
real main window with the offline planner on a temporary MIRA_HOME; sends one request so the
conversation holds messages and an approval card; then walks the AT-SPI tree with pyatspi, as Orca
would, and prints each object's role and name (``--json``: a nested document for tests).

Needs Debian's ``python3-pyatspi``, ``at-spi2-core``, ``dbus-daemon`` and ``xvfb``. pyatspi lives in the
system Python, the app in the project's environment: run this file with ``/usr/bin/python3``; it starts
the app with ``.venv/bin/python`` (``--app-python`` to change).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any, TextIO

ROOT = Path(__file__).resolve().parent.parent
REQUEST = """Turn this into a Word document:

# Access check

## Goals

- Listen to every message
- Reach every button
"""
FOLLOW_UP = "Thanks!"
SIZE = (1280, 800)
EVENTS = ("focus:", "object:state-changed:focused", "object:children-changed", "object:announcement")


# -- the app side (runs in the project's Python) -------------------------------------------------------

def app_main() -> int:
    """Open the window, send one request, wait for the approval card, print READY, run until killed."""
    import asyncio

    import qasync
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("Mira")
    loop = qasync.QEventLoop(app)
    asyncio.set_event_loop(loop)

    async def play() -> None:
        from desktop.ui.main_window import MainWindow

        window = MainWindow()
        window.resize(*SIZE)
        window.show()
        while not window.is_ready:
            await asyncio.sleep(0.05)
        window.chat.composer.set_text(REQUEST)
        window.chat.composer.submit()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline and not (
                any(r.kind.startswith("approval/") for m in window.conversation for r in m.extensions)
                and not window.controller.busy):
            await asyncio.sleep(0.05)
        await asyncio.sleep(0.5)
        view = window.chat.view
        window.activateWindow()
        view.setFocus()
        view.setCurrentIndex(view.model().index(0, 0))  # the keyboard on the first message
        await asyncio.sleep(0.5)
        print("READY", flush=True)
        # GO on stdin (the reader listens for events by then): the keyboard moves to the next message,
        # then a follow-up is sent and answered, as a user would.
        await loop.run_in_executor(None, sys.stdin.readline)
        view.setFocus()
        view.setCurrentIndex(view.model().index(1, 0))
        await asyncio.sleep(0.5)
        window.chat.composer.set_text(FOLLOW_UP)
        # Enter does not send while the window is busy (under load, a sync of the card may still run): sent
        # once it is not, as a user presses Enter again
        while not any(m.text == FOLLOW_UP for m in window.conversation):
            if not window.controller.busy and window.chat.composer.text():
                window.chat.composer.submit()
            await asyncio.sleep(0.05)
        # the follow-up answered and nothing running: what the reader was told of it has all been sent
        while window.controller.busy or not any(m.text == FOLLOW_UP for m in window.conversation) \
                or list(window.conversation)[-1].status.value == "streaming":
            await asyncio.sleep(0.05)
        print("IDLE", flush=True)
        await asyncio.Event().wait()

    with loop:
        loop.run_until_complete(play())
    return 0


def preview_main(path: Path) -> int:
    """Show the native preview of ``path`` alone (as the window's panel does), select its first word,
    print READY and run until killed."""
    import hashlib

    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from renderers import ArtifactView
    from renderers.registry import Registry

    app = QApplication.instance() or QApplication(sys.argv)
    app.setApplicationName("Mira")
    data = path.read_bytes()
    kind = path.suffix.lstrip(".").lower()
    view = ArtifactView(id="art-preview", kind=kind, title=path.stem, path=path, workspace_path=path.name,
                        bytes=len(data), sha256=hashlib.sha256(data).hexdigest(), status="written", evidence=None)
    preview = Registry().plugin(kind).preview(view, None, 0, page_view=False)
    preview.resize(*SIZE)

    def ready(_index: int) -> None:
        native = preview.native
        native.setFocus()
        if hasattr(native, "find_text"):  # the DOCX view: the reader hears a selection too
            first = native.find_text(native.documents()[0].toPlainText().split()[0])
            native.setTextCursor(first)
        QTimer.singleShot(500, lambda: print("READY", flush=True))

    preview.sig_loaded.connect(ready)
    preview.show()
    return app.exec()


# -- the screen-reader side (runs in the system Python with pyatspi) ----------------------------------------

def _node(acc: Any, depth: int, limit: int) -> dict[str, Any]:
    import pyatspi

    states = acc.getState()
    node: dict[str, Any] = {
        "role": acc.getRoleName(),
        "name": acc.name or "",
        "description": acc.description or "",
        "focused": states.contains(pyatspi.STATE_FOCUSED),
        "showing": states.contains(pyatspi.STATE_SHOWING),
        "children": [],
    }
    try:
        text = acc.queryText()
    except NotImplementedError:
        text = None
    if text is not None and text.characterCount:  # what the reader reads of a text (its start)
        node["text"] = text.getText(0, min(text.characterCount, 4000))
        node["caret"] = text.caretOffset
    if depth < limit:
        for i in range(acc.childCount):
            child = acc.getChildAtIndex(i)
            if child is not None:
                node["children"].append(_node(child, depth + 1, limit))
    return node


def dump(app_name: str, limit: int) -> dict[str, Any]:
    import pyatspi

    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        if app is not None and (app.name or "").lower() == app_name.lower():
            return _node(app, 0, limit)
    names = [desktop.getChildAtIndex(i).name for i in range(desktop.childCount)]
    raise LookupError(f"no accessible application named {app_name!r} (found {names})")


def listening() -> list[dict[str, Any]]:
    """Register for what a screen reader is told; the list fills while :func:`go_on` runs.

    Registered before the tree is read, not just before the app goes on: the app's accessibility bridge
    learns of a new listener from the registry's signal, in its own time, and sends no focus event until it
    has (under load the keyboard's move to the next message went unheard)."""
    import pyatspi

    heard: list[dict[str, Any]] = []

    def on_event(event: Any) -> None:
        source = event.source
        if source is None or (source.getApplication() is not None and source.getApplication().name != "Mira"):
            return
        data = event.any_data
        heard.append({"type": str(event.type), "role": source.getRoleName(), "name": source.name or "",
                      "detail": event.detail1,
                      "data": data.name if hasattr(data, "name") else (data if isinstance(data, str) else "")})

    for kind in EVENTS:
        pyatspi.Registry.registerEventListener(on_event, kind)
    return heard


def go_on(app: subprocess.Popen[str], heard: list[dict[str, Any]], seconds: float) -> None:
    """Tell the app to go on, and let the listeners hear what it does until it has said it is idle and the
    finished reply was announced (at most ``seconds``): the bridge may send its events after the app's
    IDLE line, so the line alone does not end the listening."""
    import pyatspi
    from gi.repository import GLib

    assert app.stdin is not None and app.stdout is not None
    idle: list[bool] = []

    def said(_fd: Any, _condition: Any) -> bool:
        line = app.stdout.readline() if app.stdout is not None else ""
        if line.strip() == "IDLE" or not line:
            idle.append(True)
            return False
        return True

    def done() -> bool:
        if idle and any(e["type"] == "object:announcement" for e in heard):
            pyatspi.Registry.stop()
            return False
        return True

    GLib.io_add_watch(app.stdout.fileno(), GLib.IO_IN | GLib.IO_HUP, said)
    GLib.timeout_add(50, done)
    app.stdin.write("GO\n")
    app.stdin.flush()
    GLib.timeout_add(int(seconds * 1000), pyatspi.Registry.stop)
    pyatspi.Registry.start()


def _print(node: dict[str, Any], out: TextIO, depth: int = 0) -> None:
    name = node["name"].replace("\n", " / ")
    desc = node["description"].replace("\n", " / ")
    line = "  " * depth + f"[{node['role']}] {name[:100]!r}"
    if desc:
        line += f" — {desc[:80]!r}"
    if node["focused"]:
        line += " (focused)"
    if not node["showing"]:
        line += " (not showing)"
    print(line, file=out)
    for child in node["children"]:
        _print(child, out, depth + 1)


def _start_xvfb() -> tuple[subprocess.Popen[bytes], str]:
    read_fd, write_fd = os.pipe()
    proc = subprocess.Popen(["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1440x900x24", "-nolisten", "tcp"],
                            pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.close(write_fd)
    with os.fdopen(read_fd) as fh:
        number = fh.readline().strip()
    if not number:
        proc.kill()
        raise RuntimeError("Xvfb did not report a display")
    return proc, f":{number}"


def inspect(app_python: str, limit: int, events: float = 0, preview: Path | None = None) -> dict[str, Any]:
    """Inside a D-Bus session: run the app under Xvfb until it is READY, then dump its tree (and, with
    ``events`` seconds, what the reader is told while the user goes on: ``tree["events"]``)."""
    home = Path(tempfile.mkdtemp(prefix="mira-a11y-"))
    xvfb, display = _start_xvfb()
    env = dict(os.environ, MIRA_HOME=str(home), PYTHON_KEYRING_BACKEND="keyring.backends.null.Keyring",
               LANG="en_US.UTF-8", DISPLAY=display, QT_QPA_PLATFORM="xcb", QT_ACCESSIBILITY="1",
               QT_LINUX_ACCESSIBILITY_ALWAYS_ON="1")
    os.environ["DISPLAY"] = display
    mode = ["--app-preview", str(preview)] if preview is not None else ["--app"]
    app = subprocess.Popen([app_python, str(Path(__file__).resolve()), *mode], env=env, cwd=ROOT,
                           stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    try:
        assert app.stdout is not None
        deadline = time.monotonic() + 120
        for line in app.stdout:
            if line.strip() == "READY":
                break
            if time.monotonic() > deadline:
                raise RuntimeError("the app did not get ready")
        else:
            raise RuntimeError(f"the app stopped with status {app.wait()}")
        heard = listening() if events else []
        while True:  # the app joins the accessibility bus on its own schedule
            try:
                tree = dump("Mira", limit)
                break
            except LookupError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.5)
        if events:
            go_on(app, heard, events)
            tree["events"] = heard
        return tree
    finally:
        app.kill()
        app.wait(timeout=10)
        xvfb.terminate()
        xvfb.wait(timeout=10)
        shutil.rmtree(home, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the tree as JSON")
    parser.add_argument("--out", type=Path, help="write the output to this file instead")
    parser.add_argument("--events", type=float, default=0, metavar="SECONDS",
                        help="then move to the next message, send a follow-up and record the events until it is "
                             "answered (at most this long)")
    parser.add_argument("--depth", type=int, default=40, help="how deep to walk")
    parser.add_argument("--app-python", default=str(ROOT / ".venv" / "bin" / "python"))
    parser.add_argument("--preview", type=Path, metavar="FILE",
                        help="show this file's native preview alone instead of the window (no --events)")
    parser.add_argument("--app", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--app-preview", type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--in-session", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.app:
        return app_main()
    if args.app_preview:
        return preview_main(args.app_preview)
    if not args.in_session:
        # A private session bus: the accessibility bus and registry start inside it and end with it.
        forwarded = list(argv if argv is not None else sys.argv[1:])
        return subprocess.run(["dbus-run-session", "--", sys.executable, str(Path(__file__).resolve()),
                               "--in-session", *forwarded], timeout=300).returncode
    tree = inspect(args.app_python, args.depth, 0 if args.preview else args.events,
                   args.preview.resolve() if args.preview else None)
    # The accessibility registry shares this stdout (it announces itself there): --out keeps a file clean.
    out = args.out.open("w", encoding="utf-8") if args.out else sys.stdout
    try:
        if args.json:
            print(json.dumps(tree, ensure_ascii=False, indent=1), file=out)
        else:
            _print(tree, out)
            for event in tree.get("events", []):
                print(f"event {event['type']} [{event['role']}] {event['name'][:80]!r} "
                      f"detail={event['detail']} {str(event['data'])[:80]!r}", file=out)
    finally:
        if args.out:
            out.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
