"""Each confinement guard of the workspace, tested on its own.

Every guard in ``Workspace.publish`` overlaps with others, so a test that only
checks "some WorkspaceError" passes with any single guard removed. These tests
build the one situation that only a given guard catches and assert its own
message, so weakening that guard fails exactly one of them.
"""
from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from skills.runtime import workspace as workspace_mod
from skills.runtime.workspace import Workspace, WorkspaceError


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    return Workspace(tmp_path / "task")


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    d = tmp_path / "outside"
    d.mkdir()
    return d


def _after_check(ws: Workspace, monkeypatch: pytest.MonkeyPatch, swap: object) -> None:
    """Run ``swap()`` right after the first parent check, i.e. between the check and the open."""
    real_check = ws._check_parent
    calls = {"n": 0}

    def check_then_swap(parent: Path) -> None:
        real_check(parent)
        calls["n"] += 1
        if calls["n"] == 1:
            swap()  # type: ignore[operator]

    monkeypatch.setattr(ws, "_check_parent", check_then_swap)


def _no_output(ws: Workspace, *dirs: Path) -> None:
    assert ws.stray_staging_files() == []
    for d in dirs:
        assert not any(p.name.endswith(".docx") for p in d.rglob("*")), f"a file escaped into {d}"


# --- resolve ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("rel", ["../escape.docx", "a/../../escape.docx", "..\\escape.docx", "a/.."])
def test_dotdot_has_its_own_refusal(ws: Workspace, rel: str) -> None:
    # Without the '..' check the first two would still be refused, but as a symlink escape: the message
    # tells which guard fired.
    with pytest.raises(WorkspaceError, match=r"leaves the workspace \('\.\.' is not allowed\)"):
        ws.resolve(rel)


@pytest.mark.parametrize("rel", ["notes..v2.docx", "-report.docx", "!x.docx", "..notes.docx", "a/b c/d.docx"])
def test_unusual_but_inside_names_are_allowed(ws: Workspace, rel: str) -> None:
    assert ws.resolve(rel) == ws.root.joinpath(*rel.split("/"))


@pytest.mark.parametrize("rel", ["C:x.docx", "c:report.docx"])
def test_a_drive_relative_windows_path_is_absolute(ws: Workspace, rel: str) -> None:
    with pytest.raises(WorkspaceError, match="is absolute"):
        ws.resolve(rel)


def test_must_exist_is_keyword_only(ws: Workspace) -> None:
    with pytest.raises(TypeError, match="positional argument"):
        ws.resolve("missing.docx", True)  # type: ignore[misc]


@pytest.mark.parametrize("rel", ["", "   ", ".", "./", "./."])
def test_empty_or_self_paths_are_refused(ws: Workspace, rel: str) -> None:
    with pytest.raises(WorkspaceError, match="non-empty string|names the workspace itself"):
        ws.resolve(rel)


def test_nul_byte_is_refused(ws: Workspace) -> None:
    with pytest.raises(WorkspaceError, match="contains a NUL byte"):
        ws.resolve("a\x00b.docx")


def test_must_exist(ws: Workspace) -> None:
    with pytest.raises(WorkspaceError, match="does not exist in the workspace"):
        ws.resolve("missing.docx", must_exist=True)
    (ws.root / "here.docx").write_bytes(b"x")
    assert ws.resolve("here.docx", must_exist=True) == ws.root / "here.docx"
    assert ws.resolve("missing.docx") == ws.root / "missing.docx"


def test_relative_refuses_outside_paths(ws: Workspace, outside: Path) -> None:
    assert ws.relative(ws.root / "sub" / "a.docx") == "sub/a.docx"
    with pytest.raises(WorkspaceError, match="is outside the workspace"):
        ws.relative(outside / "a.docx")


# --- the parent check ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("real", "alias"), [("real", "alias"), ("aa", "zz")])
def test_parent_check_refuses_a_symlinked_folder_even_inside_the_root(ws: Workspace, real: str, alias: str) -> None:
    (ws.root / real).mkdir()
    (ws.root / alias).symlink_to(ws.root / real, target_is_directory=True)
    with pytest.raises(WorkspaceError, match="changed to point outside the workspace"):
        ws._check_parent(ws.root / alias)
    ws._check_parent(ws.root / real)  # the real folder passes


def test_parent_check_refuses_a_real_folder_outside(ws: Workspace, outside: Path) -> None:
    with pytest.raises(WorkspaceError, match="changed to point outside the workspace"):
        ws._check_parent(outside)


# --- opening the folder ----------------------------------------------------------------------------------

def test_folder_swapped_for_a_symlink_before_open_is_not_followed(ws: Workspace, outside: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    (ws.root / "out").mkdir()

    def swap() -> None:
        os.rename(ws.root / "out", ws.root / "out-moved")
        (ws.root / "out").symlink_to(outside, target_is_directory=True)

    _after_check(ws, monkeypatch, swap)
    entered = []
    with pytest.raises(WorkspaceError, match="cannot be opened safely"):  # O_NOFOLLOW refused the open
        with ws.publish("out/report.docx") as staging:
            entered.append(staging)
    assert entered == []  # refused before the writer ever got a path
    _no_output(ws, outside)


def test_folder_swapped_for_a_file_before_open_is_refused(ws: Workspace, monkeypatch: pytest.MonkeyPatch) -> None:
    (ws.root / "out").mkdir()

    def swap() -> None:
        os.rename(ws.root / "out", ws.root / "out-moved")
        (ws.root / "out").write_bytes(b"not a folder")

    _after_check(ws, monkeypatch, swap)
    entered = []
    with pytest.raises(WorkspaceError, match="cannot be opened safely"):  # O_DIRECTORY refused the open
        with ws.publish("out/report.docx") as staging:
            entered.append(staging)
    assert entered == []
    assert (ws.root / "out").read_bytes() == b"not a folder"


@pytest.mark.skipif(not Path("/proc/self/fd").is_dir(), reason="the fd path check needs /proc (Linux)")
def test_grandparent_swapped_for_a_symlink_is_caught_by_the_fd_path(ws: Workspace, outside: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    # O_NOFOLLOW only guards the last component: a swapped grandparent is followed by open(), and only the
    # real path of the opened fd shows that the folder now lies outside.
    (ws.root / "a" / "b").mkdir(parents=True)
    (outside / "b").mkdir()

    def swap() -> None:
        os.rename(ws.root / "a", ws.root / "a-moved")
        (ws.root / "a").symlink_to(outside, target_is_directory=True)

    _after_check(ws, monkeypatch, swap)
    entered = []
    with pytest.raises(WorkspaceError, match=r"folder .* changed to point outside the workspace"):
        with ws.publish("a/b/report.docx") as staging:
            entered.append(staging)
    assert entered == []  # caught when the folder was opened, before a staging file existed outside
    _no_output(ws, outside)


# --- the folder replaced while the writer runs --------------------------------------------------------------

def _spare_dirs(root: Path) -> dict[str, Path]:
    """Two spare folders whose inode numbers lie below and above the target folder's."""
    (root / "spare-a").mkdir()
    (root / "out").mkdir()
    (root / "spare-b").mkdir()
    inode = {p.name: p.stat().st_ino for p in (root / "spare-a", root / "out", root / "spare-b")}
    low = min(("spare-a", "spare-b"), key=lambda n: inode[n])
    high = max(("spare-a", "spare-b"), key=lambda n: inode[n])
    if not inode[low] < inode["out"] < inode[high]:
        pytest.fail("could not arrange folders with a lower and a higher inode than the target")
    return {"lower": root / low, "higher": root / high}


@pytest.mark.parametrize("which", ["lower", "higher"])
def test_folder_replaced_by_another_real_folder_while_writing(ws: Workspace, which: str) -> None:
    # A plain folder (not a symlink) inside the workspace takes the target's place: the parent and fd-path
    # checks pass, so only the device/inode comparison sees that the folder is not the one held open.
    spare = _spare_dirs(ws.root)[which]
    with pytest.raises(WorkspaceError, match="was replaced while writing; nothing was published"):
        with ws.publish("out/report.docx") as staging:
            os.rename(ws.root / "out", ws.root / "out-moved")
            os.rename(spare, ws.root / "out")
            staging.write_bytes(b"payload")
    assert not (ws.root / "out" / "report.docx").exists()
    assert not (ws.root / "out-moved" / "report.docx").exists()
    assert ws.stray_staging_files() == []


# --- the staging file --------------------------------------------------------------------------------------

@pytest.fixture
def fixed_staging_name(monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    monkeypatch.setattr(workspace_mod.secrets, "token_hex", lambda _n=None: "0123456789abcdef")
    yield f"{Workspace.STAGING_PREFIX}0123456789abcdef.docx"


def test_a_planted_file_at_the_staging_name_is_never_reused(ws: Workspace, fixed_staging_name: str) -> None:
    planted = ws.root / fixed_staging_name
    planted.write_bytes(b"someone else's bytes")
    with pytest.raises(WorkspaceError, match="already exists"):  # O_EXCL
        with ws.publish("report.docx") as staging:
            staging.write_bytes(b"payload")
    assert planted.read_bytes() == b"someone else's bytes"  # neither overwritten nor removed
    assert not (ws.root / "report.docx").exists()


def test_a_planted_symlink_at_the_staging_name_is_not_followed(ws: Workspace, outside: Path,
                                                               fixed_staging_name: str) -> None:
    victim = outside / "victim.docx"
    (ws.root / fixed_staging_name).symlink_to(victim)
    with pytest.raises(WorkspaceError, match="already exists"):
        with ws.publish("report.docx") as staging:
            staging.write_bytes(b"payload")
    assert not victim.exists()
    assert (ws.root / fixed_staging_name).is_symlink()


def test_staging_file_is_private_and_published_whole(ws: Workspace) -> None:
    with ws.publish("report.docx") as staging:
        assert staging.stat().st_mode & 0o777 == 0o600
        staging.write_bytes(b"payload")
    assert (ws.root / "report.docx").read_bytes() == b"payload"


def test_a_target_folder_is_never_replaced(ws: Workspace) -> None:
    (ws.root / "report.docx").mkdir()
    with pytest.raises(WorkspaceError, match="is a folder; refusing to replace it"):
        with ws.publish("report.docx") as staging:
            staging.write_bytes(b"payload")
    assert (ws.root / "report.docx").is_dir()


def test_a_target_turned_into_a_symlink_while_writing_is_not_replaced(ws: Workspace, outside: Path) -> None:
    (ws.root / "report.docx").write_bytes(b"old")
    with pytest.raises(WorkspaceError, match="is a symlink; refusing to replace it"):
        with ws.publish("report.docx") as staging:
            staging.write_bytes(b"new")
            (ws.root / "report.docx").unlink()
            (ws.root / "report.docx").symlink_to(outside / "x.docx")
    assert (ws.root / "report.docx").is_symlink() and not (outside / "x.docx").exists()


def test_a_staging_file_replaced_by_a_folder_is_nothing_written(ws: Workspace) -> None:
    with pytest.raises(WorkspaceError, match="nothing was written"):
        with ws.publish("report.docx") as staging:
            staging.unlink()
            staging.mkdir()
    assert not (ws.root / "report.docx").exists()
    assert ws.stray_staging_files() == []


def test_the_folder_swapped_for_a_symlink_to_its_own_moved_self_is_caught(ws: Workspace) -> None:
    # The symlink points to the very folder held open, so only a device/inode comparison that does not
    # follow the symlink sees that the path no longer is that folder.
    (ws.root / "out").mkdir()
    with pytest.raises(WorkspaceError, match="was replaced while writing; nothing was published"):
        with ws.publish("out/report.docx") as staging:
            staging.write_bytes(b"payload")
            os.rename(ws.root / "out", ws.root / "out-moved")
            (ws.root / "out").symlink_to(ws.root / "out-moved", target_is_directory=True)
    assert not (ws.root / "out-moved" / "report.docx").exists()
    assert ws.stray_staging_files() == []


def test_a_staging_file_swapped_for_a_symlink_is_not_published(ws: Workspace) -> None:
    (ws.root / "other.docx").write_bytes(b"other")
    with pytest.raises(WorkspaceError, match="nothing was written"):
        with ws.publish("report.docx") as staging:
            staging.unlink()
            os.symlink(ws.root / "other.docx", staging)
    assert not (ws.root / "report.docx").exists() and not (ws.root / "report.docx").is_symlink()
    assert ws.stray_staging_files() == []


def test_a_staging_file_removed_by_the_writer_is_nothing_written(ws: Workspace) -> None:
    with pytest.raises(WorkspaceError, match="nothing was written"):
        with ws.publish("report.docx") as staging:
            staging.unlink()
    assert not (ws.root / "report.docx").exists()


def test_publish_makes_missing_folders(ws: Workspace) -> None:
    with ws.publish("new/deep/report.docx") as staging:
        staging.write_bytes(b"payload")
    assert (ws.root / "new" / "deep" / "report.docx").read_bytes() == b"payload"
    with ws.publish("new/deep/second.docx") as staging:  # an existing folder is fine too
        staging.write_bytes(b"2")
    assert (ws.root / "new" / "deep" / "second.docx").read_bytes() == b"2"


def test_a_workspace_on_an_existing_or_a_nested_new_folder(tmp_path: Path) -> None:
    (tmp_path / "existing").mkdir()
    assert Workspace(tmp_path / "existing").root == (tmp_path / "existing").resolve()
    assert Workspace(tmp_path / "a" / "b" / "c").root == (tmp_path / "a" / "b" / "c").resolve()


def test_sha256_of_a_file_larger_than_one_read(tmp_path: Path) -> None:
    import hashlib

    data = os.urandom(3 * (1 << 20) + 17)
    (tmp_path / "big.bin").write_bytes(data)
    assert workspace_mod.sha256_file(tmp_path / "big.bin") == hashlib.sha256(data).hexdigest()


def test_fd_path_of_a_closed_fd_is_unknown() -> None:
    fd = os.open(os.devnull, os.O_RDONLY)
    os.close(fd)
    assert workspace_mod._fd_path(fd) is None


def test_without_fd_paths_the_staging_file_is_named_by_path(ws: Workspace, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    # macOS and the BSDs have directory fds but no /proc: the writer gets a plain path in the held folder.
    monkeypatch.setattr(workspace_mod, "_PROC_FD", tmp_path / "no-proc")
    with ws.publish("out/report.docx") as staging:
        assert staging.parent == ws.root / "out" and staging.name.startswith(Workspace.STAGING_PREFIX)
        staging.write_bytes(b"payload")
    assert (ws.root / "out" / "report.docx").read_bytes() == b"payload"
    assert ws.stray_staging_files() == []


def test_on_linux_the_writer_writes_through_the_held_folder(ws: Workspace) -> None:
    if not workspace_mod._PROC_FD.is_dir():
        pytest.skip("no /proc on this system")
    with ws.publish("report.docx") as staging:
        assert staging.parent.parent == workspace_mod._PROC_FD
        staging.write_bytes(b"payload")
    assert (ws.root / "report.docx").read_bytes() == b"payload"


# --- names Windows refuses, and the name a kept new version gets -------------------------------------------

@pytest.mark.parametrize("char", [*'<>:"|?*', *(chr(c) for c in range(32))])
def test_each_character_windows_refuses_is_named(char: str) -> None:
    assert workspace_mod.windows_name_problem(f"a{char}b.docx") == f"{f'a{char}b.docx'!r} contains {char!r}"


def test_every_bad_character_of_a_name_is_listed_once_in_order() -> None:
    assert workspace_mod.windows_name_problem("a?b<c?.txt") == "'a?b<c?.txt' contains '<' '?'"


@pytest.mark.parametrize("name", ["notes.", "notes ", "a.docx.", "a.docx "])
def test_a_trailing_dot_or_space_is_refused(name: str) -> None:
    assert workspace_mod.windows_name_problem(name) == f"{name!r} ends with a space or a dot"


@pytest.mark.parametrize("name", ["CON", "con.docx", "Prn.txt", "aux.tar.gz", "NUL .md", "com1.pdf", "COM9",
                                  "lpt1.xlsx", "LPT9.docx"])
def test_device_names_are_refused_with_any_extension(name: str) -> None:
    assert workspace_mod.windows_name_problem(name) == f"{name!r} is a name Windows reserves for a device"


@pytest.mark.parametrize("name", ["COM0.docx", "LPT0", "COM10.txt", "lpt10", "console.docx", "nul-report.md",
                                  "季度报告 v2.docx", "report.v2.docx", ".hidden"])
def test_ordinary_names_pass_the_windows_rules(name: str) -> None:
    assert workspace_mod.windows_name_problem(name) is None


def test_windows_rules_apply_on_windows_only() -> None:
    assert workspace_mod._has_windows_names("".join(["n", "t"])) is True  # an equal, not identical, string
    for other in ("posix", "java"):
        assert workspace_mod._has_windows_names(other) is False
    assert workspace_mod._WINDOWS_NAMES is (os.name == "nt")


def test_directory_fds_are_used_where_the_os_has_them_and_never_on_windows() -> None:
    both = {os.open, os.rename}
    assert workspace_mod._uses_dir_fds("posix", both) is True
    assert workspace_mod._uses_dir_fds("java", both) is True
    assert workspace_mod._uses_dir_fds("".join(["n", "t"]), both) is False
    assert workspace_mod._uses_dir_fds("posix", {os.open}) is False
    assert workspace_mod._uses_dir_fds("posix", {os.rename}) is False
    assert workspace_mod._DIR_FD is workspace_mod._uses_dir_fds(os.name, os.supports_dir_fd)


def test_posix_names_windows_refuses_are_allowed_off_windows(ws: Workspace, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(workspace_mod, "_WINDOWS_NAMES", False)
    assert ws.resolve("con.docx") == ws.root / "con.docx"
    assert ws.resolve("x/a:b/notes.") == ws.root / "x" / "a:b" / "notes."


@pytest.mark.parametrize("rel", [".mira/x.docx", ".MIRA/x.docx", ".Mira/sub/x.docx", "./.mira/x.docx"])
def test_the_private_version_area_is_refused_in_any_case(ws: Workspace, rel: str) -> None:
    with pytest.raises(WorkspaceError, match="inside Mira's private version area"):
        ws.resolve(rel)
    assert ws.resolve("a/.mira/x.docx") == ws.root / "a" / ".mira" / "x.docx"  # only the top-level one is private


def test_kept_name_takes_the_first_free_name() -> None:
    taken = {"report (new).docx", "report (new 2).docx"}
    assert workspace_mod.kept_name("report.docx", lambda n: False) == "report (new).docx"
    assert workspace_mod.kept_name("report.docx", taken.__contains__) == "report (new 3).docx"
    assert workspace_mod.kept_name("notes", lambda n: False) == "notes (new)"
    assert workspace_mod.kept_name("a.tar.gz", lambda n: False) == "a.tar (new).gz"


def test_kept_name_gives_up_after_999_tries() -> None:
    asked: list[str] = []

    def taken(n: str) -> bool:
        asked.append(n)
        return True

    with pytest.raises(WorkspaceError, match=r"no free name beside 'report.docx' to keep the new version"):
        workspace_mod.kept_name("report.docx", taken)
    assert len(asked) == 999 and asked[-1] == "report (new 999).docx"


def test_a_staging_file_swapped_for_a_symlink_after_its_check_is_not_followed(
        ws: Workspace, outside: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The swap lands between the stat that saw a regular file and the open that flushes it: only
    # O_NOFOLLOW on that open stops the symlink from being flushed and renamed into place.
    victim = outside / "victim.docx"
    victim.write_bytes(b"outside")
    real_isreg = workspace_mod.stat.S_ISREG
    swapped: list[Path] = []

    def isreg_then_swap(mode: int) -> bool:
        ok = real_isreg(mode)
        for p in ws.stray_staging_files():
            p.unlink()
            p.symlink_to(victim)
            swapped.append(p)
        return ok

    monkeypatch.setattr(workspace_mod.stat, "S_ISREG", isreg_then_swap)
    with pytest.raises(WorkspaceError, match="was swapped while it was checked; nothing was published"):
        with ws.publish("report.docx") as staging:
            staging.write_bytes(b"payload")
    assert swapped
    assert not (ws.root / "report.docx").exists() and not (ws.root / "report.docx").is_symlink()
    assert victim.read_bytes() == b"outside"
    assert ws.stray_staging_files() == []
