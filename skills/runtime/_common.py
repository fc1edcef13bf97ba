"""Helpers the DOCX, PDF and render commands share: paths, checks, records."""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from skills.messages import msg
from skills.runtime._base import ArtifactRecord, Check, CommandError, Evidence
from skills.runtime.workspace import Workspace, WorkspaceError, sha256_file

if TYPE_CHECKING:
    from skills.runtime.blocks import Block


def resolve(ws: Workspace, rel: Any, field: str, *, suffix: str | None = None,
            must_exist: bool = False) -> Path:
    """Resolve a workspace path argument; errors name the field."""
    if suffix and isinstance(rel, str) and not rel.lower().endswith(suffix):
        raise CommandError(msg("error.common.end", field=field, rel=repr(rel), suffix=suffix))
    try:
        path = ws.resolve(rel, must_exist=must_exist)
    except WorkspaceError as exc:
        raise CommandError(msg("error.common.failed", field=field, exc=exc)) from None
    if must_exist and not path.is_file():
        raise CommandError(msg("error.common.file", field=field, rel=repr(rel)))
    return path


def create_target(ws: Workspace, rel: Any, suffix: str, *, overwrite: bool, field: str = "path") -> Path:
    """Where a create command will write: inside the workspace, the right suffix, and no silent replace."""
    target = resolve(ws, rel, field, suffix=suffix)
    if target.exists() and not overwrite:
        raise CommandError(msg("error.common.already_exists_set_overwrite", field=field, rel=repr(rel)))
    if target.exists() and not target.is_file():
        raise CommandError(msg("error.common.folder_file", field=field, rel=repr(rel)))
    return target


def check(name: str, ok: bool, detail: str = "") -> Check:
    return Check(name=name, status="passed" if ok else "failed", detail=detail)


def expected_found(name: str, expected: object, found: object) -> Check:
    """A count check: passed when ``found`` is ``expected``; says both, for the model and for a person."""
    return Check(name=name, status="passed" if found == expected else "failed", detail=msg("check.detail.expected", expected=expected, found=found))


def missing_text(wanted: Iterable[str], haystack: str, norm: Any) -> list[str]:
    return [w for w in wanted if norm(w) and norm(w) not in haystack]


def publish_pdf(ws: Workspace, doc: Any, rel: str, *, garbage: int) -> Path:
    """Write an open PyMuPDF document to ``rel`` through a staging file, close it; the published path."""
    try:
        data = doc.tobytes(garbage=garbage, deflate=True)
    finally:
        doc.close()
    with ws.publish(rel) as staging:
        staging.write_bytes(data)
    return ws.resolve(rel)


def evidence_for(ws: Workspace, path: Path, kind: str, checks: list[Check],
                 counts: Mapping[str, int]) -> Evidence:
    return Evidence(path=ws.relative(path), kind=kind, sha256=sha256_file(path),
                    bytes=path.stat().st_size, checks=tuple(checks), counts=dict(counts))


def artifact_for(ev: Evidence, title: str = "") -> ArtifactRecord:
    return ArtifactRecord(path=ev.path, kind=ev.kind, sha256=ev.sha256, bytes=ev.bytes, title=title)


def failed_summary(ev: Evidence) -> str:
    bad = [f"{c.name} ({c.detail})" if c.detail else c.name for c in ev.checks if c.status == "failed"]
    return "; ".join(bad)


def text_samples(blocks: Sequence[Block], limit: int = 24) -> list[str]:
    """A spread of paragraph, list and table texts from a block spec, for presence checks."""
    from skills.runtime.blocks import cell_text, item_text, paragraph_text

    texts: list[str] = []
    for b in blocks:
        if b["type"] == "paragraph":
            texts.append(paragraph_text(b))
        elif b["type"] == "bullets" or b["type"] == "numbered":
            texts.extend(item_text(i)[0] for i in b["items"][:3])
        elif b["type"] == "table":
            texts.extend(str(h) for h in b["header"])
            for row in b["rows"][:2]:
                texts.extend(cell_text(c) for c in row)
        elif b["type"] == "image" and b.get("caption"):
            texts.append(b["caption"])
    texts = [t for t in texts if t.strip()]
    if len(texts) <= limit:
        return texts
    step = len(texts) / limit
    return [texts[int(i * step)] for i in range(limit - 1)] + [texts[-1]]
