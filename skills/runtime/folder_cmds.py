"""Commands on the conversation's working folder that every format skill may use: restore a kept version and
export a document to PDF. Both are writes, so each waits for the user's approval like any other."""
from __future__ import annotations

from pathlib import PurePosixPath
from typing import NotRequired, TypedDict

from skills.messages import msg
from skills.runtime import versions
from skills.runtime._base import (
    ArtifactRecord,
    Command,
    CommandError,
    CommandResult,
    WritePlan,
    changes_of,
    get_command,
    register,
)
from skills.runtime._validate import checked_args
from skills.runtime.json_types import JsonObject
from skills.runtime.workspace import Workspace, WorkspaceError, sha256_file

KINDS = {".docx": "docx", ".pdf": "pdf", ".pptx": "pptx", ".xlsx": "xlsx"}

RESTORE_SCHEMA: JsonObject = {
    "type": "object", "additionalProperties": False, "required": ["path", "sha256"],
    "properties": {"path": {"type": "string", "minLength": 1, "maxLength": 500},
                   "sha256": {"type": "string", "pattern": "^[0-9a-f]{64}$"},
                   "version": {"type": "integer", "minimum": 1}},
}
EXPORT_SCHEMA: JsonObject = {
    "type": "object", "additionalProperties": False, "required": ["path", "output"],
    "properties": {"path": {"type": "string", "minLength": 1, "maxLength": 500},
                   "output": {"type": "string", "minLength": 1, "maxLength": 500, "description": "the .pdf"}},
}


class VersionRestoreArgs(TypedDict):
    path: str
    sha256: str
    version: NotRequired[int]


class ExportPdfArgs(TypedDict):
    path: str
    output: str


def _kind(rel: str) -> str:
    kind = KINDS.get(PurePosixPath(rel).suffix.lower())
    if kind is None:
        raise CommandError(msg("error.folder_cmds.docx_pdf_pptx_xlsx", rel=rel))
    return kind


def _verified(ws: Workspace, rel: str, kind: str, message: str, data: JsonObject) -> CommandResult:
    """The written file's evidence from its format's own verify command (the file opens with its library)."""
    check = get_command(f"{kind}_verify").run(ws, {"path": rel})
    ev = [e for e in check.evidence if e.path == rel]
    path = ws.resolve(rel, must_exist=True)
    record = ArtifactRecord(path=rel, kind=kind, sha256=sha256_file(path), bytes=path.stat().st_size, title=PurePosixPath(rel).stem)
    if not check.ok:
        return CommandResult(ok=False, message=f"{message}, but the file does not pass its checks:\n{check.message}",
                             data=data, artifacts=(record,), evidence=tuple(ev))
    return CommandResult(ok=True, message=message, data=data, artifacts=(record,), evidence=tuple(ev))


def run_restore(ws: Workspace, args: VersionRestoreArgs) -> CommandResult:
    args = checked_args("version_restore", RESTORE_SCHEMA, args, VersionRestoreArgs)
    rel = args["path"]
    kind = _kind(rel)
    target = ws.resolve(rel)
    try:
        data = versions.read(ws.root, args["sha256"])
    except versions.VersionStoreError as exc:
        raise CommandError(msg("error.folder_cmds.restore", rel=rel, exc=exc)) from None
    if target.is_file():
        versions.keep(ws.root, target)  # the version being replaced stays restorable too
    with ws.publish(rel) as staging:
        staging.write_bytes(data)
    label = f"v{args['version']}" if args.get("version") else args["sha256"][:12]
    return _verified(ws, rel, kind, f"restored {rel} to {label}", {"restored": label})


def describe_restore(ws: Workspace, args: VersionRestoreArgs) -> WritePlan:
    args = checked_args("version_restore", RESTORE_SCHEMA, args, VersionRestoreArgs)
    rel = args["path"]
    label = f"v{args['version']}" if args.get("version") else "an earlier version"
    if not versions.has(ws.root, args["sha256"]):
        raise CommandError(msg("error.folder_cmds.restore_kept_copy_missing", rel=rel, label=label))
    said = (msg("summary.restore", name=rel, version=args["version"]) if args.get("version")
            else msg("summary.restore.earlier", name=rel))
    from skills.runtime.version_diff import restore_changes

    try:
        current = ws.resolve(rel)
    except WorkspaceError:
        current = None
    try:
        kept = versions.read(ws.root, args["sha256"])
    except versions.VersionStoreError as exc:
        raise CommandError(msg("error.folder_cmds.restore", rel=rel, exc=exc)) from None
    changes = restore_changes(current, kept, _kind(rel)) if current else []
    return WritePlan(summary=said, changes=changes_of(changes))


def _export_target(ws: Workspace, args: ExportPdfArgs) -> tuple[str, str]:
    args = checked_args("export_pdf", EXPORT_SCHEMA, args, ExportPdfArgs)
    src = args["path"]
    kind = _kind(src)
    if kind == "pdf":
        raise CommandError(msg("error.folder_cmds.already_pdf", src=src))
    out = args["output"]
    if PurePosixPath(out).suffix.lower() != ".pdf":
        raise CommandError(msg("error.folder_cmds.output_end_pdf", field="output", out=repr(out)))
    ws.resolve(src, must_exist=True)
    ws.resolve(out)
    return src, out


def run_export_pdf(ws: Workspace, args: ExportPdfArgs) -> CommandResult:
    """LibreOffice lays the PDF out when it is installed (the document's own layout, page for page);
    without it a DOCX is laid out by Mira's writer in the document's resolved styles."""
    from skills.runtime import soffice

    src, out = _export_target(ws, args)
    source = ws.resolve(src, must_exist=True)
    scratch = soffice.private_dir(ws.root)
    how = "LibreOffice"
    try:
        try:
            data = soffice.convert(source, scratch, "pdf").read_bytes()
        except soffice.SofficeUnavailable:
            if _kind(src) != "docx":
                raise
            from skills.runtime.docx.to_pdf import docx_to_pdf

            data, how = docx_to_pdf(source), "Mira's PDF writer"
        target = ws.resolve(out)
        if target.is_file():
            versions.keep(ws.root, target)
        with ws.publish(out) as staging:
            staging.write_bytes(data)
    except WorkspaceError as exc:
        raise CommandError(exc.msg or str(exc), details=exc.details) from None
    finally:
        import shutil

        shutil.rmtree(scratch, ignore_errors=True)
    said = f"exported {src} to {out}" + ("" if how == "LibreOffice" else
                                         " (LibreOffice is not installed: laid out by Mira in the document's styles)")
    return _verified(ws, out, "pdf", said, {"source": src, "laid_out_by": how})


def describe_export(ws: Workspace, args: ExportPdfArgs) -> WritePlan:
    src, out = _export_target(ws, args)
    return WritePlan(summary=msg("summary.export", name=src, output=out))


register(Command(name="version_restore", description="Restore a file to a kept earlier version (sha256 from the version list); "
                 "the current one stays kept.",
                 input_schema=RESTORE_SCHEMA, writes=True, args_type=VersionRestoreArgs, run=run_restore, target_arg="path", describe=describe_restore))
register(
    Command(
        name="export_pdf",
        description="Export a .docx, .pptx or .xlsx to PDF, keeping the layout.",
        input_schema=EXPORT_SCHEMA,
        writes=True,
        args_type=ExportPdfArgs,
        run=run_export_pdf,
        target_arg="output",
        describe=describe_export,
    )
)
