"""Excel commands: xlsx_create, xlsx_edit, xlsx_inspect, xlsx_verify, xlsx_recalculate."""
from __future__ import annotations

import io
import re
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from skills.describe import edit_changes
from skills.messages import Msg, Said, count, msg, said_error
from skills.runtime.blocks import created_summary
import skills.runtime.xlsx._schema as schema
from skills.runtime.xlsx._schema import (
    XlsxCreateArgs,
    XlsxEditArgs,
    XlsxExpect,
    XlsxInspectArgs,
    XlsxRecalculateArgs,
    XlsxSheet,
    XlsxVerifyArgs,
)
from skills.runtime import file_inspect
from skills.runtime._base import Command, CommandError, CommandResult, Evidence, WritePlan, changes_of, english_changes, register
from skills.runtime._common import artifact_for, create_target
from skills.runtime._pptx_xlsx_common import (
    check_tagged_args,
    edit_output,
    failed_checks_text,
    input_file,
    require_suffix,
)
from skills.runtime.xlsx._cached import book_sheets, compute, has_hidden_rows, write_with_values
from skills.runtime.xlsx._check import ErrorsBefore, errors_before, workbook_evidence
from skills.runtime.xlsx._edit import apply_operations, lost_parts, open_for_edit, show
from skills.runtime.xlsx._read import scan_workbook
from skills.runtime.xlsx._recalc import libreoffice_values, recalculate
from skills.runtime.xlsx._write import first_data_row, new_workbook
from skills.runtime.soffice import soffice_path
from skills.runtime.json_types import JsonObject
from skills.runtime.workspace import Workspace, WorkspaceError

__all__ = ["xlsx_create", "xlsx_edit", "xlsx_inspect", "xlsx_recalculate", "xlsx_verify"]

_LIGHT_CREATE = schema.light(schema.CREATE)
# A larger package takes LibreOffice minutes to compute; its values then appear when it is opened.
MAX_LIBREOFFICE_VALUES = 40 * 1024 * 1024
_LIGHT_EDIT = schema.light(schema.EDIT)


def _result(ev: Evidence, message: str, data: JsonObject) -> CommandResult:
    if not ev.passed:
        message += f" Verification FAILED: {failed_checks_text(ev)}"
    not_run = [c for c in ev.checks if c.status == "not_run"]
    if not_run:
        message += " Not checked: " + "; ".join(f"{c.name} ({c.detail})" for c in not_run)
    return CommandResult(ok=ev.passed, message=message, data=data,
                         artifacts=(artifact_for(ev, Path(ev.path).stem),), evidence=(ev,))


def _create(ws: Workspace, args: XlsxCreateArgs) -> CommandResult:
    args = check_tagged_args(_LIGHT_CREATE, args, XlsxCreateArgs)
    rel = args["path"]
    target = create_target(ws, rel, ".xlsx", overwrite=bool(args.get("overwrite", False)))
    wb = new_workbook(args["sheets"])
    computed = compute([(s["name"], s["rows"], first_data_row(s)) for s in args["sheets"]])
    package = io.BytesIO()
    wb.save(package)
    _fill_pending(ws, package.getvalue(), computed)
    with ws.publish(rel) as staging:
        write_with_values(package, staging, computed)
    ev, scans = workbook_evidence(ws, target, sheets=[s["name"] for s in args["sheets"]], spec=args["sheets"])
    parts = ", ".join(f"{s.name} ({s.max_row} rows)" for s in scans)
    return _result(ev, f"Created {ev.path}: {parts}.", {"sheets": [s.name for s in scans]})


def _fill_pending(ws: Workspace, package: bytes, computed: list[Any]) -> None:
    """Formulas the engine does not know: LibreOffice computes them; the file keeps its formula text."""
    pending = {i: c.pending for i, c in enumerate(computed) if c.pending}
    if not pending or not soffice_path() or len(package) > MAX_LIBREOFFICE_VALUES:
        return
    try:
        for (i, r, c), value in libreoffice_values(ws, package, pending).items():
            computed[i].values[(r, c)] = value
            computed[i].pending.discard((r, c))
    except CommandError:
        pass  # no values then: the check says the values appear when the file is opened


# A total of a column (=SUM(B2:B9)), not of a row (=SUM(B4:C4)): what a totals row is made of.
_COLUMN_SUM = re.compile(r"=(?:SUM|SUBTOTAL\(\d+,)\(?\$?([A-Z]{1,3})\$?\d+:\$?\1\$?\d+\)", re.IGNORECASE)


def _sheet_extras(sheet: XlsxSheet) -> list[Msg]:
    """What a new sheet has besides its rows, for the approval card: its charts and its totals row."""
    header = [show(h) for h in sheet.get("header") or []]

    def named(column: str) -> str:
        from openpyxl.utils import column_index_from_string

        try:
            index = column_index_from_string(column.strip().upper()) - 1
        except ValueError:
            return column
        return header[index] if 0 <= index < len(header) and header[index] else column

    said = []
    for chart in sheet.get("charts") or []:
        kind = chart.get("type") if chart.get("type") in ("bar", "column", "line", "pie") else "bar"
        series = ", ".join(named(str(v)) for v in chart.get("values") or [])
        said.append(msg(f"change.chart.{kind}", title=chart.get("title") or sheet.get("name", "?"), series=series))
    for row in reversed(sheet.get("rows") or []):
        summed = [n for n, v in enumerate(row) if isinstance(v, str) and _COLUMN_SUM.match(v.replace(" ", ""))]
        if summed:
            columns = ", ".join(header[n] if n < len(header) and header[n] else f"#{n + 1}" for n in summed)
            label = next((show(v) for v in row if isinstance(v, str) and v and not v.startswith("=")), "")
            said.append(msg("change.totals", label=label, columns=columns))
            break
    return said


def _describe_create(ws: Workspace, args: XlsxCreateArgs) -> WritePlan:
    try:
        args = check_tagged_args(_LIGHT_CREATE, args, XlsxCreateArgs)
    except CommandError as exc:
        return WritePlan(summary=msg("summary.cannot_run", error=said_error(exc)))
    rel = args.get("path", "?")
    try:
        exists = ws.resolve(rel).exists()
    except WorkspaceError:
        exists = False
    changes: list[list[Said]] = []
    for s in args.get("sheets") or []:
        header = s.get("header") or []
        cols = ", ".join(show(h) for h in header[:8])
        rows = len(s.get("rows") or [])
        changes.append(["", msg("change.sheet.columns", rows, name=s.get("name", "?"), columns=cols) if cols
                                    else msg("change.sheet", rows, name=s.get("name", "?"))])
        changes += [["", said] for said in _sheet_extras(s)]
    sheets = len(args.get("sheets") or [])
    said = created_summary(rel, [count("count.sheets", sheets)], replace=exists)
    return WritePlan(summary=said, changes=changes_of(changes))


def _errors_before(src: Path, replaced: bool) -> Callable[[], ErrorsBefore]:
    """Reads the workbook as it was before the write, when asked (only a file that shows errors asks).

    A write over the source keeps its bytes (the zip, not the parsed cells) until the check is made.
    """
    if not replaced:
        return lambda: errors_before(src)
    package = src.read_bytes()

    def read() -> ErrorsBefore:
        with tempfile.TemporaryDirectory(prefix="mira-before-") as folder:
            copy = Path(folder) / src.name
            copy.write_bytes(package)
            return errors_before(copy)
    return read


def _edit(ws: Workspace, args: XlsxEditArgs) -> CommandResult:
    args = check_tagged_args(_LIGHT_EDIT, args, XlsxEditArgs)
    src = input_file(ws, args["path"], "xlsx")
    out = edit_output(ws, args, ".xlsx")
    before = _errors_before(src, ws.resolve(out) == src)
    wb = open_for_edit(src)
    placed: dict[str, schema.Value] = {}
    changes = apply_operations(wb, args["operations"], placed)
    removed = any(op["op"] == "remove_sheet" for op in args["operations"])
    names = [sheet.title for sheet in wb.worksheets]  # chart sheets have no cells to check
    computed = compute(book_sheets(wb), hidden_rows=has_hidden_rows(wb))
    package = io.BytesIO()
    wb.save(package)
    _fill_pending(ws, package.getvalue(), computed)
    with ws.publish(out) as staging:
        write_with_values(package, staging, computed)
        lost = lost_parts(src, staging, removed)
        if lost:  # raising here removes the staging file; the original stays as it was
            raise CommandError(msg("error.xlsx_cmds.saving_edit_would_drop", path=args['path'], lost=', '.join(lost)))
    # the values given, where they ended up: formula cells compared by their text, value cells by value
    cells = {k: v for k, v in placed.items() if k.rpartition("!")[0] in names}
    renamed = {op["to"]: op["name"] for op in args["operations"] if op["op"] == "rename_sheet"}
    ev, _ = workbook_evidence(ws, ws.resolve(out), sheets=names, cells=cells or None, errors_before=before,
                              renamed=renamed)
    where = f" into {ev.path}" if out != args["path"] else ""
    return _result(ev, f"Edited {args['path']}{where}: {len(changes)} changes.", {"changes": english_changes(changes)})


def _describe_edit(ws: Workspace, args: XlsxEditArgs) -> WritePlan:
    """Run the operations on an in-memory copy so the card shows exactly what will change."""
    try:
        args = check_tagged_args(_LIGHT_EDIT, args, XlsxEditArgs)
        wb = open_for_edit(input_file(ws, args["path"], "xlsx"))
        out = edit_output(ws, args, ".xlsx")
        changes = apply_operations(wb, args["operations"])
    except (CommandError, WorkspaceError) as exc:
        return WritePlan(summary=msg("summary.cannot_run", error=said_error(exc)))
    said = msg("summary.edit.short" if out == args["path"] else "summary.edit.short.into", name=args["path"],
               output=out, operations=count("count.operations", edit_changes(args["operations"])))
    return WritePlan(summary=said, changes=changes_of(changes[:500]))


def _inspect(ws: Workspace, args: XlsxInspectArgs) -> CommandResult:
    args = check_tagged_args(schema.INSPECT, args, XlsxInspectArgs)
    require_suffix(args["path"], (".xlsx", ".xlsm", ".xltx", ".xltm"), "path")
    try:
        path = ws.resolve(args["path"], must_exist=True)
    except WorkspaceError as exc:
        raise CommandError(msg("error.office_read.path", field="path", exc=exc)) from exc
    message, data = file_inspect.inspect(path, {"max_rows": args.get("max_rows", 20)}, label=args["path"])
    return CommandResult(ok=True, message=message, data=data)


def _verify(ws: Workspace, args: XlsxVerifyArgs) -> CommandResult:
    args = check_tagged_args(schema.VERIFY, args, XlsxVerifyArgs)
    path = input_file(ws, args["path"], "xlsx")
    expect = args.get("expect") or XlsxExpect()
    ev, _ = workbook_evidence(ws, path, sheets=expect.get("sheets"), cells=expect.get("cells"))
    status = "passed" if ev.passed else f"FAILED: {failed_checks_text(ev)}"
    not_run = [f"{c.name} not run ({c.detail})" for c in ev.checks if c.status == "not_run"]
    msg = f"Verification of {ev.path} {status}" + (". " + "; ".join(not_run) if not_run else "")
    return CommandResult(ok=ev.passed, message=msg, evidence=(ev,), data={"counts": dict(ev.counts)})


def _recalculate(ws: Workspace, args: XlsxRecalculateArgs) -> CommandResult:
    args = check_tagged_args(schema.RECALCULATE, args, XlsxRecalculateArgs)
    src = input_file(ws, args["path"], "xlsx")
    out = edit_output(ws, args, ".xlsx")
    recalculate(ws, src, out)
    # every error the values show is reported, old or not: finding them is what a recalculation is for
    ev, scans = workbook_evidence(ws, ws.resolve(out))
    errors = [f"{s.name}!{e['cell']} {e['error']}" for s in scans for e in s.errors]
    formulas = sum(s.formulas for s in scans)
    msg = f"Recalculated {args['path']} with LibreOffice" + (f" into {ev.path}" if out != args["path"] else "")
    msg += f": {formulas} formulas, " + (f"{ev.counts['formula_errors']} errors ({', '.join(errors[:10])})."
                                         if errors else "no errors.")
    return _result(ev, msg, {"formulas": formulas, "errors": errors[:50]})


def _describe_recalculate(ws: Workspace, args: XlsxRecalculateArgs) -> WritePlan:
    try:
        args = check_tagged_args(schema.RECALCULATE, args, XlsxRecalculateArgs)
        scans, _ = scan_workbook(input_file(ws, args["path"], "xlsx"), max_rows=0)
        out = edit_output(ws, args, ".xlsx")
        if not soffice_path():  # said on the approval card, before anyone approves what cannot run
            raise CommandError("Recalculating needs LibreOffice, which is not installed",
                               msg=msg("soffice.missing"))
    except (CommandError, WorkspaceError) as exc:
        return WritePlan(summary=msg("summary.cannot_run", error=said_error(exc)))
    formulas, cached = sum(s.formulas for s in scans), sum(s.cached for s in scans)
    said = msg("summary.recalculate" if out == args["path"] else "summary.recalculate.into", name=args["path"],
               output=out)
    return WritePlan(summary=said, changes=changes_of([[msg("change.formulas.before", formulas, cached=cached),
                         msg("change.formulas.after", formulas)]]))


xlsx_create = register(Command(
    name="xlsx_create",
    description="Create an .xlsx workbook: sheets with a styled header row and rows (strings starting "
                "with '=' are formulas).",
    input_schema=schema.CREATE, writes=True, args_type=XlsxCreateArgs, run=_create, target_arg="path", describe=_describe_create))
xlsx_edit = register(Command(
    name="xlsx_edit",
    description="Edit a workbook by operations; the rest stays intact. An operation that cannot "
                "apply fails and nothing is written.",
    input_schema=schema.EDIT, writes=True, args_type=XlsxEditArgs, run=_edit, target_arg="path", describe=_describe_edit))
xlsx_inspect = register(Command(
    name="xlsx_inspect",
    description="Outline of a workbook: sheets, used ranges, header row, sample rows, formulas with cached "
                "values, formula errors, merged cells, freeze panes.",
    input_schema=schema.INSPECT, writes=False, args_type=XlsxInspectArgs, run=_inspect, target_arg=None))
xlsx_verify = register(Command(
    name="xlsx_verify",
    description="Check a workbook against expectations (sheets, cell values) and for formula errors "
                "(once formulas were calculated).",
    input_schema=schema.VERIFY, writes=False, args_type=XlsxVerifyArgs, run=_verify, target_arg=None))
xlsx_recalculate = register(Command(
    name="xlsx_recalculate",
    description="Recalculate every formula with LibreOffice headless, save the computed values, and report "
                "formula errors (#DIV/0!, #REF!, #NAME? ...).",
    input_schema=schema.RECALCULATE, writes=True, args_type=XlsxRecalculateArgs, run=_recalculate, target_arg="path",
    describe=_describe_recalculate))
