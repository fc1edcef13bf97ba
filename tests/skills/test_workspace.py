"""Workspace refusals: every way out of the task folder is closed, and publishing is atomic."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from skills.runtime.workspace import Workspace, WorkspaceError


@pytest.fixture
def ws(tmp_path: Path) -> Workspace:
    return Workspace(tmp_path / "task")


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    d = tmp_path / "outside"
    d.mkdir()
    return d


@pytest.mark.parametrize("rel", ["../escape.docx", "a/../../escape.docx", "..\\escape.docx"])
def test_dotdot_is_refused(ws: Workspace, rel: str) -> None:
    with pytest.raises(WorkspaceError, match=r"leaves the workspace \('\.\.' is not allowed\)"):
        ws.resolve(rel)


@pytest.mark.parametrize("rel", ["/etc/passwd", "C:\\x.docx", "\\\\server\\share\\x.docx", "~/x.docx"])
def test_absolute_is_refused(ws: Workspace, rel: str) -> None:
    with pytest.raises(WorkspaceError, match="absolute"):
        ws.resolve(rel)


def test_symlink_to_outside_is_refused(ws: Workspace, outside: Path) -> None:
    (outside / "secret.docx").write_bytes(b"x")
    (ws.root / "link.docx").symlink_to(outside / "secret.docx")
    with pytest.raises(WorkspaceError, match="symlink"):
        ws.resolve("link.docx")


def test_symlinked_parent_dir_is_refused(ws: Workspace, outside: Path) -> None:
    (ws.root / "sub").symlink_to(outside, target_is_directory=True)
    with pytest.raises(WorkspaceError, match="symlink"):
        ws.resolve("sub/new.docx")
    with pytest.raises(WorkspaceError, match="escapes the workspace through a symlink"):
        with ws.publish("sub/new.docx") as staging:
            staging.write_bytes(b"data")
    assert list(outside.iterdir()) == []


def test_publish_is_atomic_and_leaves_no_staging(ws: Workspace) -> None:
    (ws.root / "out.txt").write_bytes(b"old")
    with pytest.raises(RuntimeError, match="writer crashed"):
        with ws.publish("out.txt") as staging:
            staging.write_bytes(b"half")
            raise RuntimeError("writer crashed")
    assert (ws.root / "out.txt").read_bytes() == b"old"
    assert ws.stray_staging_files() == []
    with ws.publish("out.txt") as staging:
        staging.write_bytes(b"new")
    assert (ws.root / "out.txt").read_bytes() == b"new"
    assert ws.stray_staging_files() == []


def test_publish_refuses_empty_output(ws: Workspace) -> None:
    with pytest.raises(WorkspaceError, match="nothing was written"):
        with ws.publish("empty.docx"):
            pass
    assert not (ws.root / "empty.docx").exists()


def test_symlink_swap_between_resolve_and_publish(ws: Workspace, outside: Path) -> None:
    """The folder is swapped for a symlink to outside while the writer runs: nothing escapes."""
    (ws.root / "out").mkdir()
    with pytest.raises(WorkspaceError, match="replaced|outside"):
        with ws.publish("out/report.docx") as staging:
            os.rename(ws.root / "out", ws.root / "out-moved")
            (ws.root / "out").symlink_to(outside, target_is_directory=True)
            staging.write_bytes(b"payload")
    assert list(outside.iterdir()) == []
    assert not (ws.root / "out-moved" / "report.docx").exists()
    assert ws.stray_staging_files() == []


def test_existing_target_symlink_is_not_followed(ws: Workspace, outside: Path) -> None:
    victim = outside / "victim.txt"
    victim.write_bytes(b"keep")
    (ws.root / "inside.txt").write_bytes(b"inside")
    (ws.root / "t.txt").symlink_to(ws.root / "inside.txt")
    # A symlink inside the workspace to a file inside resolves to that real file.
    assert ws.resolve("t.txt") == ws.root / "inside.txt"
    (ws.root / "bad.txt").symlink_to(victim)
    with pytest.raises(WorkspaceError, match="escapes the workspace through a symlink"):
        with ws.publish("bad.txt") as staging:
            staging.write_bytes(b"overwrite")
    assert victim.read_bytes() == b"keep"
