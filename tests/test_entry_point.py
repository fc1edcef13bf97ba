"""The installed `mira` entry point: version, and a real window on a virtual display."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import desktop

MIRA = Path(sys.executable).with_name("mira")


def test_version_prints_the_package_version() -> None:
    out = subprocess.run([str(MIRA), "--version"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0
    assert out.stdout.strip() == f"mira {desktop.__version__}"


def test_version_constant_matches_the_installed_metadata() -> None:
    # desktop.__version__ is a constant (startup speed); it must follow pyproject.toml.
    import tomllib
    from importlib.metadata import version

    pyproject = tomllib.loads((Path(desktop.__file__).parents[1] / "pyproject.toml").read_text("utf-8"))
    assert desktop.__version__ == pyproject["project"]["version"]
    assert desktop.__version__ == version("mira-desktop")


def _start_xvfb() -> tuple[subprocess.Popen[bytes], str]:
    read_fd, write_fd = os.pipe()
    proc = subprocess.Popen(
        ["Xvfb", "-displayfd", str(write_fd), "-screen", "0", "1280x800x24", "-nolisten", "tcp"],
        pass_fds=(write_fd,), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    os.close(write_fd)
    with os.fdopen(read_fd) as fh:
        number = fh.readline().strip()
    assert number, "Xvfb did not report a display"
    display = f":{number}"
    # The display is announced when Xvfb has its socket; wait until a client is really served (a CI run saw
    # "could not connect to display :0" right after the announcement), and say so if Xvfb went away instead.
    deadline = time.monotonic() + 30
    while subprocess.run(["xwininfo", "-root", "-display", display], capture_output=True, timeout=10).returncode:
        assert proc.poll() is None, f"Xvfb on {display} exited with {proc.returncode}"
        assert time.monotonic() < deadline, f"Xvfb on {display} serves no client after 30 s"
        time.sleep(0.1)
    return proc, display


def _windows(display: str) -> str:
    return subprocess.run(
        ["xwininfo", "-root", "-tree", "-display", display],
        capture_output=True, text=True, timeout=10,
    ).stdout


@pytest.mark.xvfb
@pytest.mark.slow
@pytest.mark.skipif(shutil.which("xwininfo") is None, reason="xwininfo (x11-utils) is not installed")
def test_mira_opens_a_window_under_xvfb_and_closes_cleanly(tmp_path: Path) -> None:
    xvfb, display = _start_xvfb()
    try:
        env = dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb", MIRA_HOME=str(tmp_path))
        app = subprocess.Popen([str(MIRA)], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline and '"Mira' not in _windows(display):
                assert app.poll() is None, app.communicate()[1].decode(errors="replace")
                time.sleep(0.2)
            assert '"Mira' in _windows(display), "no Mira window appeared"
            app.send_signal(signal.SIGTERM)
            out, err = app.communicate(timeout=30)
            assert app.returncode == 0, err.decode(errors="replace")
        finally:
            if app.poll() is None:
                app.kill()
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)
