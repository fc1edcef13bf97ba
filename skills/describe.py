"""What a write will do, in plain words, from its command and arguments alone.

The approval card's headline ("Create Q3 Planning Meeting.docx — 4 headings, 3 lists, 1 table") is
built here as a :class:`~skills.messages.Msg`, so the UI renders it in the user's language and a
restart rebuilds it from the stored arguments. No file is opened; odd arguments give a plainer line,
never an error. The command's own ``describe`` (with before/after changes) stays the detailed view.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import PurePosixPath
from typing import Any

from skills.messages import Msg, count, msg, nonzero_counts

_BLOCK_COUNTS = (("heading", "count.headings"), ("bullets", "count.lists"), ("numbered", "count.lists"),
                 ("table", "count.tables"), ("image", "count.images"), ("paragraph", "count.paragraphs"))


def _name(value: Any) -> str:
    text = str(value or "").replace("\\", "/").rstrip("/")
    return PurePosixPath(text).name or text or "?"


def _items(value: Any) -> Sequence[Any]:
    return value if isinstance(value, (list, tuple)) else ()


def _block_parts(blocks: Sequence[Any]) -> list[Msg]:
    totals: dict[str, int] = {}
    for block in blocks:
        kind = block.get("type") if isinstance(block, Mapping) else None
        for block_type, mid in _BLOCK_COUNTS:
            if kind == block_type:
                totals[mid] = totals.get(mid, 0) + 1
    # headings, lists, tables, images first; paragraphs only when there is nothing else to say
    order = ["count.headings", "count.lists", "count.tables", "count.images"]
    parts = nonzero_counts([(mid, totals.get(mid, 0)) for mid in order])
    return parts or nonzero_counts([("count.paragraphs", totals.get("count.paragraphs", 0))])


def edit_changes(operations: Sequence[Any]) -> int:
    """How many changes an edit makes, as its card lists them: each cell a ``set_cells`` sets is one."""
    return sum(len(op["cells"]) if isinstance(op, Mapping) and isinstance(op.get("cells"), Mapping) else 1
               for op in operations)


def write_headline(command: str, arguments: Mapping[str, Any]) -> Msg:
    """One line saying what ``command`` with ``arguments`` will write, for a person."""
    args = arguments if isinstance(arguments, Mapping) else {}
    verb = command.rsplit("_", 1)[-1] if "_" in command else command
    name = _name(args.get("path") or args.get("output"))
    if verb == "create":
        if args.get("blocks") is not None:
            parts = _block_parts(_items(args.get("blocks")))
        elif args.get("slides") is not None:
            parts = [count("count.slides", len(_items(args.get("slides"))))]
        elif args.get("sheets") is not None:
            parts = [count("count.sheets", len(_items(args.get("sheets"))))]
        else:
            parts = []
        if not parts:
            return msg("write.create", name=name)
        return msg("write.replace.parts" if args.get("overwrite") else "write.create.parts", name=name, parts=parts)
    if verb == "edit":
        parts = [count("count.operations", edit_changes(_items(args.get("operations"))))]
        output = args.get("output")
        if output and _name(output) != name:
            return msg("write.edit.into", name=name, output=_name(output), parts=parts)
        return msg("write.edit", name=name, parts=parts)
    if verb == "merge":
        return msg("write.merge", name=_name(args.get("output")),
                   parts=[count("count.files", len(_items(args.get("inputs"))))])
    if verb == "split":
        return msg("write.split", name=name, folder=str(args.get("output_dir") or "."))
    if verb == "recalculate":
        return msg("write.recalculate", name=name)
    if command == "export_pdf":
        return msg("write.export", name=_name(args.get("path")), output=_name(args.get("output")))
    if command == "version_restore":
        version = args.get("version")
        return (msg("write.restore", name=name, version=version) if isinstance(version, int)
                else msg("write.restore.earlier", name=name))
    if command == "pdf_fill_form":
        values = args.get("values")
        return msg("write.fill", name=name, parts=[count("count.fields", len(values) if isinstance(values, Mapping)
                                                         else len(_items(values)))])
    if command == "pdf_replace_text":
        return msg("write.replace_text", name=name, find=str(args.get("find") or ""),
                   replace=str(args.get("replace") or ""))
    return msg("write.other", name=name)
