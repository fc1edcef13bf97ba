"""`make packages`: the .deb installs with apt into a clean Debian root and the unpacked .tar.gz runs
there; both answer `mira --version`, `inspect` and `preview`, and open their window on an Xvfb display.

Needs root (debootstrap, chroot, bind mounts) and debootstrap; on a developer machine without them the
module is skipped with the reason (on CI a skip fails: tests/conftest.py). The frozen build is the one
test_frozen.py uses, made once per run. The time of each phase is printed at the end."""
from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.ship import _samples
from tests.ship._debian_root import HOME, REPORTS, USER, DebianRoot, Phases, base_tarball
from tests.ship.conftest import load_script

pytestmark = [
    pytest.mark.slow,
    pytest.mark.timeout(1500),  # a fresh machine: the frozen build and debootstrap take minutes each
    pytest.mark.skipif(sys.platform != "linux", reason="the Linux packages are tested on Linux"),
    pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0,
                       reason="installing into a Debian root needs root (debootstrap, chroot, mount)"),
    pytest.mark.skipif(not (shutil.which("debootstrap") and shutil.which("dpkg-deb")),
                       reason="debootstrap and dpkg-deb are needed (apt-get install debootstrap dpkg)"),
]

READY = "mira-test-window-ready"
TARBALL_HOME = f"{HOME}/apps"


@pytest.fixture(scope="module")
def phases() -> Phases:
    timings = Phases()
    REPORTS.append(timings)  # printed in the run's summary (tests/ship/conftest.py)
    return timings


@pytest.fixture(scope="module")
def packages(frozen_app: Path, phases: Phases, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    build = load_script("build_packages")
    out = tmp_path_factory.mktemp("packages")
    os.environ.setdefault("MIRA_TAR_LEVEL", "1")  # the same archive, compressed faster
    with phases.timed("build the .deb (Depends read off the build)"):
        deb = build.build_deb(frozen_app, out, out / "work")
    with phases.timed("build the .tar.gz"):
        tarball = build.build_tarball(frozen_app, out, out / "work")
    phases.notes.append(f".deb {deb.stat().st_size / 2**20:.0f} MiB, .tar.gz {tarball.stat().st_size / 2**20:.0f} MiB")
    return {"deb": deb, "tarball": tarball}


@pytest.fixture(scope="module")
def root(packages: dict[str, Path], phases: Phases, tmp_path_factory: pytest.TempPathFactory) -> Iterator[DebianRoot]:
    with phases.timed("Debian root (debootstrap, or the cached tar)"):
        tarball = base_tarball(phases.notes)
        system = DebianRoot(tmp_path_factory.mktemp("debian") / "root", tarball)
    try:
        before = set(system.installed())
        assert "python3" not in before and not any("qt" in p for p in before), "the root is not clean"
        system.give(packages["deb"], "/tmp/mira.deb")
        with phases.timed("apt-get install ./mira.deb (with its Depends)"):
            system.run(["apt-get", "update", "-q"])
            # With desktop-file-utils, as on any desktop: its trigger registers the menu entry's MIME types.
            system.run(["apt-get", "install", "-y", "-q", "--no-install-recommends", "/tmp/mira.deb",
                        "desktop-file-utils"])
        with phases.timed("unpack the .tar.gz"):
            system.run(["mkdir", "-p", TARBALL_HOME], user=True)
            system.give(packages["tarball"], f"{TARBALL_HOME}/mira.tar.gz")
            system.run(["tar", "-C", TARBALL_HOME, "-xzf", f"{TARBALL_HOME}/mira.tar.gz"], user=True)
        yield system
    finally:
        system.close()


def _tarball_mira(root: DebianRoot) -> str:
    (folder,) = [p for p in root.host_path(TARBALL_HOME).iterdir() if p.is_dir()]
    return f"{TARBALL_HOME}/{folder.name}/mira"


def _mira(root: DebianRoot, kind: str) -> str:
    return "mira" if kind == "deb" else _tarball_mira(root)


def test_the_deb_brings_only_what_it_declares(root: DebianRoot, packages: dict[str, Path]) -> None:
    installed = set(root.installed())
    assert "mira" in installed
    # The app carries its own Python and Qt: apt installed neither.
    assert not {p for p in installed if p.startswith(("python3", "libpython3", "libqt", "qt6"))}, installed
    fields = subprocess.run(["dpkg-deb", "--field", str(packages["deb"]), "Depends"],
                            capture_output=True, text=True, check=True).stdout
    assert "libc6 (>= " in fields and "fontconfig-config" in fields, fields
    assert root.host_path("/usr/bin/mira").is_symlink()
    entry = root.host_path("/usr/share/applications/mira.desktop").read_text(encoding="utf-8")
    assert "\nExec=mira %F\n" in entry
    # "Open with Mira": the desktop database lists it for each kind, and the entry is valid.
    cache = root.host_path("/usr/share/applications/mimeinfo.cache").read_text(encoding="utf-8")
    for mime in ("application/pdf", "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
                 "application/vnd.openxmlformats-officedocument.presentationml.presentation",
                 "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"):
        assert any(line.startswith(mime + "=") and "mira.desktop" in line for line in cache.splitlines()), mime
    validated = root.run(["desktop-file-validate", "/usr/share/applications/mira.desktop"], check=False)
    assert validated.returncode == 0 and not validated.stdout.strip(), validated.stdout + validated.stderr
    for size in (16, 24, 32, 48, 64, 128, 256, 512):
        assert root.host_path(f"/usr/share/icons/hicolor/{size}x{size}/apps/mira.png").is_file()
    assert root.host_path("/usr/share/icons/hicolor/scalable/apps/mira.svg").is_file()
    assert root.host_path("/usr/share/doc/mira/copyright").is_file()


@pytest.mark.parametrize("kind", ["deb", "tarball"])
def test_version_inspect_preview_and_doctor(root: DebianRoot, kind: str, phases: Phases, tmp_path: Path) -> None:
    import desktop

    mira = _mira(root, kind)
    env = {"QT_QPA_PLATFORM": "offscreen"}
    with phases.timed(f"{kind}: mira --version"):
        assert root.run([mira, "--version"], user=True, env=env).stdout.strip() == f"mira {desktop.__version__}"
    doc = root.give(_samples.make_docx(tmp_path), f"{HOME}/plan.docx")
    with phases.timed(f"{kind}: mira inspect, preview, doctor"):
        _samples.check_inspect_json(root.run([mira, "inspect", doc, "--json"], user=True, env=env).stdout)
        root.run([mira, "preview", doc, "--out", f"{HOME}/page-{kind}.png"], user=True, env=env)
        doctor = root.run([mira, "doctor"], user=True, env=env, check=False)
    _samples.check_png(root.host_path(f"{HOME}/page-{kind}.png"))
    kind_words = {"deb": "Debian package", "tarball": "portable folder"}[kind]
    assert kind_words in doctor.stdout, doctor.stdout


def _start_xvfb() -> tuple[subprocess.Popen[bytes], str]:
    from tests.test_entry_point import _start_xvfb as start

    return start()


def _screenshot(display: str, out: Path) -> None:
    """The whole X screen, grabbed by Qt on this machine (the root has no X tools)."""
    code = ("import sys\nfrom PySide6.QtGui import QGuiApplication\napp = QGuiApplication([])\n"
            "assert app.primaryScreen().grabWindow(0).save(sys.argv[1])\n")
    subprocess.run([sys.executable, "-c", code, str(out)], check=True, timeout=60,
                   env=dict(os.environ, DISPLAY=display, QT_QPA_PLATFORM="xcb"))


def chat_text_rows(png: Path) -> int:
    """Pixel rows with dark ink in the chat column (right of the sidebar, above the message box): the
    welcome fills ~80 of them; an empty chat, a blank or a single-colour window none."""
    from PIL import Image

    with Image.open(png) as image:
        grey = image.convert("L")
        width, height = grey.size
        pixels = grey.load()
        xs = range(int(width * 0.25), int(width * 0.9), 2)
        return sum(1 for y in range(int(height * 0.08), int(height * 0.85))
                   if sum(1 for x in xs if pixels[x, y] < 110) >= 3)


def _open_window(cmd: list[str], display: str, shot: Path) -> tuple[float, subprocess.Popen[str]]:
    """Start ``cmd`` (its environment set by the caller), wait until it can send, screenshot the display."""
    started = time.monotonic()
    app = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, encoding="utf-8",
                           errors="replace")
    ready = threading.Event()

    def watch() -> None:
        assert app.stdout is not None
        for line in app.stdout:
            if line.strip() == READY:
                ready.set()

    threading.Thread(target=watch, daemon=True).start()
    deadline = time.monotonic() + 120
    while not ready.wait(0.5) and app.poll() is None and time.monotonic() < deadline:
        pass
    if not ready.is_set():
        app.kill()
        raise AssertionError(f"the window never became ready:\n{app.communicate()[1]}")
    took = time.monotonic() - started
    _screenshot(display, shot)
    _keep(shot)
    return took, app


def _keep(shot: Path) -> None:
    """A copy of a screenshot where a person asked for them (MIRA_SHOT_DIR), besides the test's own folder."""
    keep = os.environ.get("MIRA_SHOT_DIR")
    if keep and Path(keep).resolve() != shot.parent.resolve():
        shutil.copyfile(shot, Path(keep) / shot.name)


def _close(app: subprocess.Popen[str]) -> None:
    app.send_signal(signal.SIGTERM)
    _, err = app.communicate(timeout=60)
    assert app.returncode == 0, err


@pytest.fixture(scope="module")
def source_welcome(phases: Phases, tmp_path_factory: pytest.TempPathFactory) -> int:
    """The chat column of `make run`'s first start (the source install, on the same kind of display)."""
    xvfb, display = _start_xvfb()
    folder = tmp_path_factory.mktemp("source-window")
    env = dict(_samples.clean_env(folder / "home"), DISPLAY=display, QT_QPA_PLATFORM="xcb",
               MIRA_SENDABLE_MARKER=READY)
    try:
        took, app = _open_window(["/usr/bin/env", *(f"{k}={v}" for k, v in env.items()),
                                  str(Path(sys.executable).with_name("mira"))], display, folder / "window-source.png")
        phases.times.append(("source: window start until ready to send", took))
        _close(app)
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)
    return chat_text_rows(folder / "window-source.png")


@pytest.mark.xvfb
@pytest.mark.parametrize("kind", ["deb", "tarball"])
def test_first_start_opens_the_window_with_the_welcome_and_a_private_data_folder(
        root: DebianRoot, kind: str, phases: Phases, source_welcome: int, tmp_path: Path) -> None:
    xvfb, display = _start_xvfb()
    home = f"{HOME}/first-start-{kind}"
    root.run(["mkdir", "-p", home], user=True)
    env = {"DISPLAY": display, "QT_QPA_PLATFORM": "xcb", "HOME": home, "MIRA_SENDABLE_MARKER": READY}
    try:
        shot = tmp_path / f"window-{kind}.png"
        took, app = _open_window(root.command([_mira(root, kind)], user=True, env=env), display, shot)
        phases.times.append((f"{kind}: window start until ready to send", took))
        try:
            rows = chat_text_rows(shot)
            # The same welcome as `make run` (fonts differ: the clean root has only DejaVu).
            assert rows >= 40 and rows >= 0.7 * source_welcome, f"no welcome ({rows} rows, source {source_welcome}): {shot}"
            # The first start made the data folder, private to the user, where platformdirs puts it.
            data = root.host_path(f"{home}/.local/share/Mira")
            assert data.is_dir() and data.stat().st_mode & 0o777 == 0o700, oct(data.stat().st_mode)
            assert (data / "mira.sqlite3").is_file()
            _open_with(root, kind, env, display, shot, tmp_path)
        finally:
            _close(app)
    finally:
        xvfb.terminate()
        xvfb.wait(timeout=10)


def _composer_strip(png: Path) -> bytes:
    """The band above the message box, where attached files show as chips."""
    from PIL import Image

    with Image.open(png) as image:
        width, height = image.size
        return image.convert("L").crop((int(width * 0.18), int(height * 0.8), int(width * 0.9), int(height * 0.875))).tobytes()


def _open_with(root: DebianRoot, kind: str, env: dict[str, str], display: str, before: Path, tmp_path: Path) -> None:
    """What the menu entry's "Open with Mira" runs (`mira %F`) while Mira runs: that start hands the file
    to the running window and exits; the file appears attached above the message box."""
    doc = root.give(_samples.make_docx(tmp_path), f"{env['HOME']}/report.docx")
    second = root.run([_mira(root, kind), doc], user=True, env=env, timeout=60)
    assert "already running" in second.stdout, second.stdout + second.stderr
    after = tmp_path / f"window-{kind}-open-with.png"
    deadline = time.monotonic() + 20
    while True:
        _screenshot(display, after)
        if _composer_strip(after) != _composer_strip(before) or time.monotonic() > deadline:
            break
        time.sleep(0.3)
    _keep(after)
    assert _composer_strip(after) != _composer_strip(before), f"the file did not arrive in the window: {after}"


def test_removing_the_deb_leaves_the_users_data(root: DebianRoot) -> None:
    data = root.host_path(f"{HOME}/first-start-deb/.local/share/Mira")
    assert (data / "mira.sqlite3").is_file(), "the window test made no data to keep"
    root.run(["apt-get", "purge", "-y", "-q", "mira"])
    assert not root.host_path("/usr/bin/mira").exists() and not root.host_path("/usr/lib/mira").exists()
    assert not root.host_path("/usr/share/applications/mira.desktop").exists()
    assert (data / "mira.sqlite3").is_file(), "purging the package removed the user's data"
    assert USER in root.host_path("/etc/passwd").read_text()
