"""Windows and macOS branches, exercised on Linux with the platform faked."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path, PureWindowsPath
from typing import Any

import psutil
import pytest

from skills.runtime import soffice, workspace
from skills.runtime.workspace import TargetInUse, Workspace

WIN_ENV = {"ProgramFiles": r"C:\Program Files", "ProgramFiles(x86)": r"C:\Program Files (x86)"}


def _only(*existing: str) -> Callable[[str], bool]:
    return lambda path: path in existing


def _none(_: str) -> None:
    return None


def test_windows_finds_libreoffice_in_program_files_when_not_on_path() -> None:
    exe = str(PureWindowsPath(r"C:\Program Files\LibreOffice\program\soffice.exe"))
    assert soffice.find_soffice(platform="win32", env=WIN_ENV, which=_none, is_file=_only(exe)) == exe


def test_windows_also_tries_the_32_bit_program_files() -> None:
    exe = str(PureWindowsPath(r"C:\Program Files (x86)\LibreOffice\program\soffice.exe"))
    assert soffice.find_soffice(platform="win32", env=WIN_ENV, which=_none, is_file=_only(exe)) == exe


def test_macos_finds_the_app_bundle() -> None:
    exe = "/Applications/LibreOffice.app/Contents/MacOS/soffice"
    env = {"HOME": "/Users/a"}
    assert soffice.find_soffice(platform="darwin", env=env, which=_none, is_file=_only(exe)) == exe
    user = "/Users/a/Applications/LibreOffice.app/Contents/MacOS/soffice"
    assert soffice.find_soffice(platform="darwin", env=env, which=_none, is_file=_only(user)) == user


def test_nothing_installed_means_none_and_linux_has_no_guessed_folders() -> None:
    assert soffice.find_soffice(platform="win32", env=WIN_ENV, which=_none, is_file=_only()) is None
    assert soffice.default_locations("linux", {}) == []


def test_path_wins_over_default_folders_and_the_settings_choice_wins_over_path() -> None:
    exe = str(PureWindowsPath(r"C:\Program Files\LibreOffice\program\soffice.exe"))
    chosen = r"D:\Apps\LO\program\soffice.exe"
    on_path = r"C:\bin\soffice.exe"

    def find(chosen_path: str | None, *existing: str) -> str | None:
        return soffice.find_soffice(chosen_path, platform="win32", env=WIN_ENV, which=lambda _: on_path,
                                    is_file=_only(*existing))

    assert find(None, exe) == on_path
    assert find(chosen, exe, chosen) == chosen
    # A chosen path that no longer exists falls back to discovery instead of breaking checks.
    assert find(chosen, exe) == on_path


def test_use_path_drives_soffice_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fake = tmp_path / "my-soffice"
    fake.write_text("#!/bin/sh\n")
    monkeypatch.setattr(soffice, "_chosen", None)
    soffice.use_path(str(fake))
    assert soffice.soffice_path() == str(fake)
    assert soffice.chosen_path() == str(fake)
    soffice.use_path("")
    assert soffice.soffice_path() != str(fake)


def _tree(tmp_path: Path) -> tuple[subprocess.Popen[bytes], int]:
    """A converter stand-in that starts a child and waits: the shape of soffice → soffice.bin."""
    pidfile = tmp_path / "child.pid"
    proc = subprocess.Popen(["/bin/sh", "-c", f"sleep 120 & echo $! > {pidfile}; wait"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    deadline = time.monotonic() + 10
    while not (pidfile.exists() and pidfile.read_text().strip()) and time.monotonic() < deadline:
        time.sleep(0.05)
    return proc, int(pidfile.read_text())


def _gone(pid: int) -> bool:
    try:
        return psutil.Process(pid).status() == psutil.STATUS_ZOMBIE
    except psutil.NoSuchProcess:
        return True


@pytest.mark.skipif(sys.platform == "win32", reason="uses /bin/sh")
@pytest.mark.parametrize("windows", [False, True], ids=["posix", "no-killpg-like-windows"])
def test_kill_tree_ends_the_converter_and_its_children(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       windows: bool) -> None:
    if windows:
        monkeypatch.delattr(os, "killpg")  # Windows has no process groups: psutil alone must do it
    proc, child = _tree(tmp_path)
    try:
        soffice.kill_tree(proc)
        assert proc.returncode == -signal.SIGKILL
        deadline = time.monotonic() + 10
        while not _gone(child) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert _gone(child), "the converter's child was left running"
    finally:
        for pid in (proc.pid, child):
            try:
                psutil.Process(pid).kill()
            except psutil.NoSuchProcess:
                pass


def _locked(op: Callable[..., Any]) -> Callable[..., Any]:
    """``op`` as it behaves while Word holds report.docx open: replacing that file is refused."""
    def call(src: Any, dst: Any, *args: Any, **kwargs: Any) -> Any:
        if os.path.basename(os.fspath(dst)) == "report.docx":
            raise PermissionError(13, "The process cannot access the file")
        return op(src, dst, *args, **kwargs)
    return call


@pytest.mark.parametrize("by_path", [False, True], ids=["dir-fd", "by-path-like-windows"])
def test_a_file_held_open_keeps_the_new_version_beside_it(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                          by_path: bool) -> None:
    ws = Workspace(tmp_path / "ws")
    (ws.root / "out").mkdir()
    target = ws.root / "out" / "report.docx"
    target.write_bytes(b"old version")
    (ws.root / "out" / "report (new).docx").write_bytes(b"an earlier kept copy")
    if by_path:
        monkeypatch.setattr(workspace, "_DIR_FD", False)
    monkeypatch.setattr(os, "rename", _locked(os.rename))
    monkeypatch.setattr(os, "replace", _locked(os.replace))
    with pytest.raises(TargetInUse) as info:
        with ws.publish("out/report.docx") as staging:
            Path(staging).write_bytes(b"new version")
    assert target.read_bytes() == b"old version"
    assert (ws.root / "out" / "report (new).docx").read_bytes() == b"an earlier kept copy"
    kept = ws.root / "out" / "report (new 2).docx"
    assert kept.read_bytes() == b"new version"
    assert info.value.kept == "out/report (new 2).docx"
    assert "open in another program" in str(info.value) and "report (new 2).docx" in str(info.value)
    assert ws.stray_staging_files() == []


def test_the_by_path_branch_publishes_normally(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workspace, "_DIR_FD", False)
    ws = Workspace(tmp_path / "ws")
    (ws.root / "a.txt").write_bytes(b"old")
    with ws.publish("a.txt") as staging:
        Path(staging).write_bytes(b"new")
    assert (ws.root / "a.txt").read_bytes() == b"new"
    assert ws.stray_staging_files() == []


@pytest.mark.parametrize("name", ["con.docx", "out/NUL.txt", "a|b.docx", "report?.pdf", "x/y:z.md", "notes. ", "LPT1"])
def test_names_windows_cannot_hold_are_refused_there(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                     name: str) -> None:
    monkeypatch.setattr(workspace, "_WINDOWS_NAMES", True)
    ws = Workspace(tmp_path / "ws")
    with pytest.raises(workspace.WorkspaceError, match="cannot be used on Windows"):
        ws.resolve(name)
    assert ws.resolve("季度报告 v2.docx").name == "季度报告 v2.docx"
    assert ws.resolve("console.docx").name == "console.docx"


# --- the by-path publish (Windows) keeps every guard of the dir-fd one ----------------------------------------

@pytest.fixture
def by_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Workspace:
    monkeypatch.setattr(workspace, "_DIR_FD", False)
    return Workspace(tmp_path / "ws")


def test_by_path_stages_beside_the_target_then_replaces_it(by_path: Workspace) -> None:
    (by_path.root / "out").mkdir()
    (by_path.root / "out" / "report.docx").write_bytes(b"old")
    with by_path.publish("out/report.docx") as staging:
        assert staging.parent == by_path.root / "out"
        assert staging.name.startswith(Workspace.STAGING_PREFIX) and staging.suffix == ".docx"
        assert staging.is_file() and staging.stat().st_size == 0 and staging.stat().st_mode & 0o777 == 0o600
        staging.write_bytes(b"new")
    assert (by_path.root / "out" / "report.docx").read_bytes() == b"new"
    assert sorted(p.name for p in (by_path.root / "out").iterdir()) == ["report.docx"]


def test_by_path_opens_the_staging_file_new_exclusive_and_binary(by_path: Workspace,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    binary = 0x10000000  # Windows' O_BINARY, faked with a bit Linux does not use
    monkeypatch.setattr(workspace, "_O_BINARY", binary)
    seen: list[int] = []
    real_open = os.open

    def recording_open(path: Any, flags: int, *args: Any, **kwargs: Any) -> int:
        seen.append(flags)
        return real_open(path, flags & ~binary, *args, **kwargs)

    monkeypatch.setattr(os, "open", recording_open)
    with by_path.publish("report.docx") as staging:
        staging.write_bytes(b"new")
    assert seen[0] == os.O_WRONLY | os.O_CREAT | os.O_EXCL | binary
    assert (by_path.root / "report.docx").read_bytes() == b"new"


def test_by_path_never_reuses_a_planted_staging_file(by_path: Workspace, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workspace.secrets, "token_hex", lambda _n=None: "0123456789abcdef")
    planted = by_path.root / f"{Workspace.STAGING_PREFIX}0123456789abcdef.docx"
    planted.write_bytes(b"someone else's bytes")
    with pytest.raises(workspace.WorkspaceError, match="already exists next to 'report.docx'; nothing was written"):
        with by_path.publish("report.docx") as staging:
            staging.write_bytes(b"payload")
    assert planted.read_bytes() == b"someone else's bytes"
    assert not (by_path.root / "report.docx").exists()


def _empty(staging: Path) -> None:
    pass


def _removed(staging: Path) -> None:
    staging.unlink()


def _a_folder(staging: Path) -> None:
    staging.unlink()
    staging.mkdir()


def _a_symlink(staging: Path) -> None:
    staging.unlink()
    staging.symlink_to(staging.parent / "other.docx")


@pytest.mark.parametrize("writer", [_empty, _removed, _a_folder, _a_symlink])
def test_by_path_publishes_only_a_written_regular_file(by_path: Workspace, writer: Callable[[Path], None]) -> None:
    (by_path.root / "other.docx").write_bytes(b"other")
    (by_path.root / "report.docx").write_bytes(b"old")
    with pytest.raises(workspace.WorkspaceError, match="nothing was written for 'report.docx'"):
        with by_path.publish("report.docx") as staging:
            writer(staging)
    assert (by_path.root / "report.docx").read_bytes() == b"old"
    assert not (by_path.root / "report.docx").is_symlink()
    assert (by_path.root / "other.docx").read_bytes() == b"other"
    assert by_path.stray_staging_files() == []


def test_by_path_does_not_replace_a_target_turned_into_a_symlink(by_path: Workspace, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (by_path.root / "report.docx").write_bytes(b"old")
    with pytest.raises(workspace.WorkspaceError, match="'report.docx' is a symlink; refusing to replace it"):
        with by_path.publish("report.docx") as staging:
            staging.write_bytes(b"new")
            (by_path.root / "report.docx").unlink()
            (by_path.root / "report.docx").symlink_to(outside / "x.docx")
    assert not (outside / "x.docx").exists()
    assert by_path.stray_staging_files() == []


def test_by_path_catches_the_folder_swapped_for_a_symlink_while_writing(by_path: Workspace, tmp_path: Path) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    (by_path.root / "out").mkdir()
    with pytest.raises(workspace.WorkspaceError, match="changed to point outside the workspace"):
        with by_path.publish("out/report.docx") as staging:
            staging.write_bytes(b"new")
            os.rename(by_path.root / "out", by_path.root / "out-moved")
            (by_path.root / "out").symlink_to(outside, target_is_directory=True)
            (outside / staging.name).write_bytes(b"planted where the staging path now leads")
    assert not (outside / "report.docx").exists()


def test_o_binary_is_the_os_flag_where_there_is_one() -> None:
    assert workspace._O_BINARY == getattr(os, "O_BINARY", 0)


@pytest.mark.parametrize("by_path", [False, True], ids=["dir-fd", "by-path-like-windows"])
def test_a_dangling_symlink_at_the_kept_name_is_left_alone(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                           by_path: bool) -> None:
    ws = Workspace(tmp_path / "ws")
    (ws.root / "report.docx").write_bytes(b"old version")
    (ws.root / "report (new).docx").symlink_to(tmp_path / "nowhere.docx")
    if by_path:
        monkeypatch.setattr(workspace, "_DIR_FD", False)
    monkeypatch.setattr(os, "rename", _locked(os.rename))
    monkeypatch.setattr(os, "replace", _locked(os.replace))
    with pytest.raises(TargetInUse) as info:
        with ws.publish("report.docx") as staging:
            Path(staging).write_bytes(b"new version")
    assert info.value.kept == "report (new 2).docx"
    assert (ws.root / "report (new 2).docx").read_bytes() == b"new version"
    assert (ws.root / "report (new).docx").is_symlink() and not (tmp_path / "nowhere.docx").exists()
