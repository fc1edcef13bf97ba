"""The PyInstaller one-folder build (`make dist`) runs the same commands and opens its window."""
from __future__ import annotations

import importlib.util
import json
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.ship import _samples

ROOT = Path(__file__).resolve().parents[2]

pytestmark = [
    pytest.mark.slow,
    pytest.mark.timeout(900),  # the PyInstaller build takes minutes on two cores
    pytest.mark.skipif(importlib.util.find_spec("PyInstaller") is None,
                       reason="PyInstaller is not installed (pip install -e '.[dist]')"),
    pytest.mark.skipif(sys.platform != "linux", reason="the frozen build is tested on Linux"),
]


@pytest.fixture(scope="module")
def frozen(frozen_app: Path) -> Path:
    return frozen_app


def test_the_folder_has_the_executable_desktop_file_and_icons(frozen: Path) -> None:
    assert (frozen / "mira").is_file() and (frozen / "mira").stat().st_mode & 0o111
    entry = (frozen / "mira.desktop").read_text(encoding="utf-8")
    assert "\nExec=mira %F\n" in entry and "\nIcon=mira\n" in entry and "Type=Application" in entry
    for size in (16, 32, 48, 128, 256):
        png = frozen / "share" / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "mira.png"
        from PIL import Image

        with Image.open(png) as image:
            assert image.size == (size, size)
    # The window icon is read from the bundled package data at run time.
    assert list(frozen.rglob("desktop/icons/mira.svg"))
    assert not list(frozen.rglob("tests/ship")), "tests were frozen into the app"
    # The build's settings (the About box's source URL, empty unless MIRA_SOURCE_URL or [project.urls] names one).
    (info,) = frozen.rglob("desktop/build_info.json")
    assert set(json.loads(info.read_text(encoding="utf-8"))) == {"source_url"}


def test_frozen_version_inspect_and_preview(frozen: Path, tmp_path: Path) -> None:
    import desktop

    mira = str(frozen / "mira")
    env = _samples.clean_env(tmp_path / "home")
    assert _samples.run([mira, "--version"], tmp_path, env).strip() == f"mira {desktop.__version__}"
    doc = _samples.make_docx(tmp_path)
    _samples.check_inspect_json(_samples.run([mira, "inspect", str(doc), "--json"], tmp_path, env))
    png = tmp_path / "page.png"
    _samples.run([mira, "preview", str(doc), "--out", str(png)], tmp_path, env)
    _samples.check_png(png)
    # The frozen app has no package metadata: the doctor still finds its libraries.
    doctor = _samples.run([mira, "doctor"], tmp_path, env)
    assert "[ok] PyMuPDF" in doctor and "[ok] Qt (PySide6)" in doctor
    assert f"frozen folder {frozen}" in doctor  # the install kind: no packaging step marked this folder


@pytest.mark.xvfb
@pytest.mark.skipif(not (shutil.which("Xvfb") and shutil.which("xwininfo") and shutil.which("xprop")),
                    reason="Xvfb and xwininfo (x11-utils) are needed")
def test_frozen_window_opens_under_xvfb(frozen: Path, tmp_path: Path) -> None:
    from tests.test_entry_point import _start_xvfb, _windows

    xvfb, display = _start_xvfb()
    try:
        env = dict(_samples.clean_env(tmp_path / "home"), DISPLAY=display, QT_QPA_PLATFORM="xcb")
        app = subprocess.Popen([str(frozen / "mira")], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            deadline = time.monotonic() + 90
            while time.monotonic() < deadline and '"Mira' not in _windows(display):
                assert app.poll() is None, app.communicate()[1].decode(errors="replace")
                time.sleep(0.2)
            tree = _windows(display)
            assert '"Mira' in tree, "no Mira window appeared"
            ids = re.findall(r'(0x[0-9a-f]+) "Mira', tree)
            icons = [subprocess.run(["xprop", "-display", display, "-id", wid, "_NET_WM_ICON"],
                                    capture_output=True, text=True, timeout=10).stdout for wid in ids]
            assert any("_NET_WM_ICON(CARDINAL) =" in icon for icon in icons), "the window has no icon"
            # Interactive: the event loop answers a close request and the app saves and exits cleanly.
            app.send_signal(signal.SIGTERM)
            _, err = app.communicate(timeout=60)
            assert app.returncode == 0, err.decode(errors="replace")
        finally:
            if app.poll() is None:
                app.kill()
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)
