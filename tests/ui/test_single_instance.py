"""A second copy of Mira on the same data brings the first to the front and exits."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from desktop.ui.single_instance import SingleInstance

MIRA = Path(sys.executable).with_name("mira")


def test_a_second_copy_on_the_same_data_activates_the_first(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    first = SingleInstance(tmp_path / "a")
    assert not first.activate_existing(200)  # nobody there yet
    assert first.listen()
    second = SingleInstance(tmp_path / "a")
    with qtbot.waitSignal(first.sig_activate, timeout=5000):
        assert second.activate_existing()
    assert not second.listen()  # and it does not take over: the first stays the one
    other = SingleInstance(tmp_path / "b")  # another data folder is another Mira
    assert not other.activate_existing(200)
    first.close()
    assert not SingleInstance(tmp_path / "a").activate_existing(200)


def test_the_window_comes_to_the_front_when_asked(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    window = make_window()
    window.showMinimized()
    qtbot.waitUntil(window.isMinimized)
    window.bring_to_front()
    qtbot.waitUntil(lambda: not window.isMinimized() and window.isVisible())


@pytest.mark.slow
def test_the_second_mira_process_exits_and_the_first_keeps_running(tmp_path: Path) -> None:
    env = dict(os.environ, MIRA_HOME=str(tmp_path), QT_QPA_PLATFORM="offscreen", MIRA_READY_MARKER="READY")
    first = subprocess.Popen([str(MIRA)], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert first.stdout is not None
        for line in first.stdout:
            if line.strip() == "READY":
                break
        second = subprocess.run([str(MIRA)], env=env, capture_output=True, text=True, timeout=60)
        assert second.returncode == 0
        assert "already running" in second.stdout
        assert first.poll() is None
    finally:
        first.terminate()
        first.wait(30)
    assert first.returncode == 0


def test_a_close_signal_before_the_event_loop_exists_ends_the_app_cleanly(tmp_path: Path) -> None:
    """SIGTERM while the new window is being exposed (before asyncio and the loop are loaded): the close
    is kept and the app exits 0 instead of waiting for ever on a loop that was never told to stop."""
    code = (
        "import os, signal, sys\n"
        "import desktop.app as app\n"
        "real = app._until_exposed\n"
        "def exposed(*args):\n"
        "    os.kill(os.getpid(), signal.SIGTERM)\n"
        "    real(*args)\n"
        "app._until_exposed = exposed\n"
        "from desktop.cli import main\n"
        "sys.exit(main([]))\n"
    )
    env = dict(os.environ, MIRA_HOME=str(tmp_path), QT_QPA_PLATFORM="offscreen",
               PYTHON_KEYRING_BACKEND="keyring.backends.null.Keyring")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]


def test_the_socket_name_is_the_same_sha256_as_earlier_releases_used(tmp_path: Path) -> None:
    """An older copy (hashlib's digest) and this one (Qt's) find each other on the same data folder."""
    import hashlib

    from desktop.ui.single_instance import server_name

    for folder in (tmp_path, tmp_path / "数据 folder"):
        expected = hashlib.sha256(str(folder.resolve()).encode("utf-8")).hexdigest()[:16]
        assert server_name(folder) == f"mira-{expected}"


def test_the_first_copy_claims_before_its_window_and_a_second_waits_for_it_to_listen(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """The first copy holds the folder's lock from before its window and listens only once the window is
    drawn; a second copy started in between waits for it, asks it to come forward and does not run."""
    import threading

    first = SingleInstance(tmp_path / "a")
    assert first.claim()
    answers: list[bool] = []
    second = threading.Thread(target=lambda: answers.append(SingleInstance(tmp_path / "a").claim()))
    with qtbot.waitSignal(first.sig_activate, timeout=5000):
        second.start()
        qtbot.wait(300)  # the first copy is still "drawing its window"
        assert answers == []  # the second is waiting, not running
        assert first.listen()
    second.join(5)
    assert answers == [False]
    first.close()
    third = SingleInstance(tmp_path / "a")  # the lock went with the first copy: a new start runs
    assert third.claim()
    third.close()


def test_a_copy_without_the_lock_file_is_still_found(qtbot, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """A release from before the lock file listens without holding it: a new start finds it on its socket."""
    older = SingleInstance(tmp_path / "b")
    assert older.listen()
    with qtbot.waitSignal(older.sig_activate, timeout=5000):
        assert not SingleInstance(tmp_path / "b").claim()
    older.close()
