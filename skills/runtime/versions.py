"""The working folder's version store: every kept version's bytes, content-addressed under ``.mira/objects``.

A write over an existing file never loses the previous bytes: they are copied here first (by sha256), so a
version can be compared or restored later, also after a restart. The store is Mira's private area: paths
given by a model can never name it (:data:`PRIVATE_DIR` is refused by the agent's path checks).
"""
from __future__ import annotations

import os
import re
import shutil
import tempfile
from pathlib import Path

from skills.runtime.errors import SkillsError
from skills.runtime.workspace import PRIVATE_DIR, sha256_file
from skills.messages import msg

__all__ = ["PRIVATE_DIR", "VersionStoreError", "has", "keep", "object_path", "objects_dir", "read"]
_SHA = re.compile(r"^[0-9a-f]{64}$")


class VersionStoreError(SkillsError):
    """A version's bytes are missing or damaged; the message says which."""


def objects_dir(root: str | os.PathLike[str]) -> Path:
    return Path(root) / PRIVATE_DIR / "objects"


def object_path(root: str | os.PathLike[str], sha256: str) -> Path:
    if not _SHA.match(sha256 or ""):
        raise VersionStoreError(msg("error.versions.sha_digest", sha256=repr(sha256)))
    return objects_dir(root) / sha256[:2] / sha256[2:]


def keep(root: str | os.PathLike[str], file: str | os.PathLike[str]) -> str:
    """Copy ``file`` into the store (once per content) and return its sha256."""
    digest = sha256_file(file)
    dest = object_path(root, digest)
    if dest.is_file() and dest.stat().st_size == Path(file).stat().st_size:
        return digest
    dest.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".part-", dir=dest.parent)
    os.close(fd)
    try:
        shutil.copyfile(file, tmp)
        if sha256_file(tmp) != digest:  # the file changed while we copied it: keep nothing half-right
            raise VersionStoreError(msg("error.versions.changed_while_version_was", name=Path(file).name))
        os.replace(tmp, dest)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return digest


def has(root: str | os.PathLike[str], sha256: str) -> bool:
    try:
        return object_path(root, sha256).is_file()
    except VersionStoreError:
        return False


def read(root: str | os.PathLike[str], sha256: str) -> bytes:
    """The bytes of a kept version, checked against their digest."""
    path = object_path(root, sha256)
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        raise VersionStoreError(msg("error.versions.kept_copy_missing_from", sha256=sha256[:12], private_dir=PRIVATE_DIR)) from None
    import hashlib

    if hashlib.sha256(data).hexdigest() != sha256:
        raise VersionStoreError(msg("error.versions.kept_copy_damaged_content", sha256=sha256[:12]))
    return data
