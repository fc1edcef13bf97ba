"""The block spec shared by ``docx_create``, ``docx_edit`` and ``pdf_create``.

A document is a list of blocks (heading, paragraph, bullets, numbered, table,
image, page_break). The JSON schema here is the contract the planner and the
model write against; :func:`check_blocks` adds the checks a schema cannot
express (table row widths, images that exist and are sane).
"""
from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal, NotRequired, Required, TypedDict, TypeVar, cast

from skills.messages import Msg, msg, nonzero_counts
from skills.runtime._base import CommandError
from skills.runtime.json_types import JsonObject

if TYPE_CHECKING:
    from skills.runtime.workspace import Workspace

MAX_BLOCKS = 20_000
MAX_TEXT = 100_000
MAX_IMAGE_BYTES = 50 * 1024 * 1024
MAX_IMAGE_SIDE = 20_000  # pixels; a larger header is an absurd-dimension trick
MAX_IMAGE_PIXELS = 120_000_000

_TEXT: JsonObject = {"type": "string", "maxLength": MAX_TEXT}
_RUN: JsonObject = {
    "type": "object",
    "required": ["text"],
    "additionalProperties": False,
    "properties": {
        "text": _TEXT,
        "bold": {"type": "boolean"},
        "italic": {"type": "boolean"},
        "code": {"type": "boolean", "description": "monospace"},
        "link": {"type": "string", "pattern": r"^(https?://|mailto:)\S+$", "maxLength": 2000},
    },
}
_ITEM: JsonObject = {
    "oneOf": [
        _TEXT,
        {
            "type": "object",
            "required": ["text"],
            "additionalProperties": False,
            "properties": {"text": _TEXT, "level": {"type": "integer", "minimum": 0, "maximum": 4},
                           # the same text with inline formatting (bold, italic, code, links)
                           "runs": {"type": "array", "items": _RUN, "minItems": 1}},
        },
    ]
}
_CELL: JsonObject = {"type": ["string", "number"]}


def _closed(type_name: str, props: JsonObject, required: Sequence[str] = ()) -> JsonObject:
    return {
        "if": {"properties": {"type": {"const": type_name}}, "required": ["type"]},
        "then": {
            "required": ["type", *required],
            "additionalProperties": False,
            "properties": {"type": {"const": type_name}, **props},
        },
    }


BLOCK_TYPES = ("heading", "paragraph", "bullets", "numbered", "table", "image", "page_break", "toc")

BLOCK_SCHEMA: JsonObject = {
    "type": "object",
    "required": ["type"],
    "properties": {"type": {"enum": list(BLOCK_TYPES)}},
    "allOf": [
        _closed("heading", {"text": _TEXT, "level": {"type": "integer", "minimum": 1, "maximum": 6}},
                ["text", "level"]),
        {
            **_closed("paragraph", {"text": _TEXT, "runs": {"type": "array", "items": _RUN, "minItems": 1}}),
        },
        _closed("bullets", {"items": {"type": "array", "items": _ITEM, "minItems": 1}}, ["items"]),
        _closed("numbered", {"items": {"type": "array", "items": _ITEM, "minItems": 1}}, ["items"]),
        _closed(
            "table",
            {
                "header": {"type": "array", "items": _TEXT, "minItems": 1, "maxItems": 60},
                "rows": {"type": "array", "items": {"type": "array", "items": _CELL}},
            },
            ["header", "rows"],
        ),
        _closed(
            "image",
            {
                "path": {"type": "string", "minLength": 1},
                "width_cm": {"type": "number", "exclusiveMinimum": 0, "maximum": 100},
                "caption": _TEXT,
            },
            ["path"],
        ),
        _closed("page_break", {}),
        # A table of contents of the document's headings (a TOC field Word updates, in DOCX).
        _closed("toc", {"levels": {"type": "integer", "minimum": 1, "maximum": 6}, "title": _TEXT}),
    ],
}

BLOCKS_SCHEMA: JsonObject = {"type": "array", "items": BLOCK_SCHEMA, "maxItems": MAX_BLOCKS}


# The block spec above as types: what a block list is once it has passed BLOCKS_SCHEMA.
class TextRun(TypedDict):
    text: str
    bold: NotRequired[bool]
    italic: NotRequired[bool]
    code: NotRequired[bool]
    link: NotRequired[str]


class ListItem(TypedDict):
    text: str
    level: NotRequired[int]
    runs: NotRequired[list[TextRun]]


Item = str | ListItem
Cell = str | int | float


class HeadingBlock(TypedDict):
    type: Literal["heading"]
    text: str
    level: int


class ParagraphBlock(TypedDict, total=False):  # exactly one of text and runs (check_blocks)
    type: Required[Literal["paragraph"]]
    text: str
    runs: list[TextRun]


class BulletsBlock(TypedDict):
    type: Literal["bullets"]
    items: list[Item]


class NumberedBlock(TypedDict):
    type: Literal["numbered"]
    items: list[Item]


class TableBlock(TypedDict):
    type: Literal["table"]
    header: list[str]
    rows: list[list[Cell]]


class ImageBlock(TypedDict):
    type: Literal["image"]
    path: str
    width_cm: NotRequired[float]
    caption: NotRequired[str]


class PageBreakBlock(TypedDict):
    type: Literal["page_break"]


class TocBlock(TypedDict):
    type: Literal["toc"]
    levels: NotRequired[int]
    title: NotRequired[str]


Block = HeadingBlock | ParagraphBlock | BulletsBlock | NumberedBlock | TableBlock | ImageBlock | PageBreakBlock | TocBlock
ListBlock = BulletsBlock | NumberedBlock


class OutlineCounts(TypedDict):
    """What a block list holds, for approval cards (:func:`outline_summary`)."""

    headings: list[str]
    tables: int
    images: int
    paragraphs: int
    lists: int


# Characters XML 1.0 cannot hold (C0 controls except tab/newline/CR, lone surrogates, U+FFFE/FFFF):
# model output may contain them, and lxml/MuPDF would fail on them mid-write.
_XML_ILLEGAL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


_T = TypeVar("_T")


def clean_strings(value: _T) -> _T:
    """A copy of ``value`` with XML-illegal characters removed from every string (the same shape)."""
    if isinstance(value, str):
        return cast(_T, _XML_ILLEGAL.sub("", value))
    if isinstance(value, list):
        return cast(_T, [clean_strings(v) for v in value])
    if isinstance(value, dict):
        return cast(_T, {k: clean_strings(v) for k, v in value.items()})
    return value


@dataclass(frozen=True)
class ImageInfo:
    """An image block's file, checked: real path, pixel size and DPI."""

    path: Path
    width_px: int
    height_px: int
    dpi: tuple[int, int]


def item_text(item: Item) -> tuple[str, int]:
    """A list item as ``(text, level)``."""
    if isinstance(item, str):
        return item, 0
    return str(item["text"]), int(item.get("level", 0))


def paragraph_text(block: ParagraphBlock | ListItem) -> str:
    if "runs" in block:
        return "".join(r["text"] for r in block["runs"])
    return str(block.get("text", ""))


def cell_text(value: str | float | int) -> str:
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, float) and value.is_integer() and abs(value) < 1e15:
        return str(int(value))
    return str(value)


def check_blocks(workspace: Workspace, blocks: Sequence[Block], where: str = "blocks") -> dict[int, ImageInfo]:
    """Checks beyond the schema; returns the checked images by block index."""
    images: dict[int, ImageInfo] = {}
    for i, block in enumerate(blocks):
        if block["type"] == "paragraph" and ("text" in block) == ("runs" in block):
            raise CommandError(msg("error.blocks.paragraph_needs_exactly_one", where=where, i=i))
        if block["type"] == "table":
            width = len(block["header"])
            for r, row in enumerate(block["rows"]):
                if len(row) != width:
                    raise CommandError(msg("error.blocks.rows_cells_header", where=where, i=i, r=r, length=len(row), width=width))
        if block["type"] == "image":
            images[i] = check_image(workspace, block["path"], f"{where}[{i}].path")
    return images


def check_image(workspace: Workspace, rel: str, where: str) -> ImageInfo:
    """Resolve an image inside the workspace and read only its header (no decoding)."""
    from docx.image.exceptions import UnrecognizedImageError
    from docx.image.image import Image

    from skills.runtime.workspace import WorkspaceError

    try:
        path = workspace.resolve(rel, must_exist=True)
    except WorkspaceError as exc:
        raise CommandError(msg("error.blocks.failed", where=where, exc=exc)) from None
    if not path.is_file():
        raise CommandError(msg("error.blocks.file", where=where, rel=repr(rel)))
    size = path.stat().st_size
    if size == 0 or size > MAX_IMAGE_BYTES:
        raise CommandError(msg("error.blocks.image_empty_larger_mb", where=where, rel=repr(rel), max_image_bytes=MAX_IMAGE_BYTES >> 20))
    try:
        img = Image.from_file(str(path))
    except (UnrecognizedImageError, Exception) as exc:  # noqa: BLE001 - any header parse failure is bad input
        raise CommandError(msg("error.blocks.readable_png_jpeg_gif", where=where, rel=repr(rel), type=type(exc).__name__)) from None
    w, h = img.px_width, img.px_height
    if w <= 0 or h <= 0 or w > MAX_IMAGE_SIDE or h > MAX_IMAGE_SIDE or w * h > MAX_IMAGE_PIXELS:
        raise CommandError(msg("error.blocks.image_claims_x_pixels", where=where, rel=repr(rel), w=w, h=h))
    return ImageInfo(path, w, h, (img.horz_dpi or 72, img.vert_dpi or 72))


def outline_summary(blocks: Sequence[Block]) -> OutlineCounts:
    """Counts and first headings of a block list, for approval cards."""
    headings = [b["text"] for b in blocks if b["type"] == "heading"]
    return {
        "headings": headings,
        "tables": sum(b["type"] == "table" for b in blocks),
        "images": sum(b["type"] == "image" for b in blocks),
        "paragraphs": sum(b["type"] == "paragraph" for b in blocks),
        "lists": sum(b["type"] in ("bullets", "numbered") for b in blocks),
    }


def summary_parts(counts: OutlineCounts) -> list[Msg]:
    """The counts of ``outline_summary`` as messages ("2 headings", "1 table"); zero counts are left out."""
    return nonzero_counts([("count.headings", len(counts["headings"])), ("count.paragraphs", counts["paragraphs"]),
                           ("count.lists", counts["lists"]), ("count.tables", counts["tables"]),
                           ("count.images", counts["images"])])


def created_summary(name: str, parts: list[Msg], *, replace: bool) -> Msg:
    """"Create a.docx: 2 headings, 1 table" (or "Replace …"), for the approval card's details."""
    verb = "summary.replace" if replace else "summary.create"
    return msg(verb, name=name, parts=parts) if parts else msg(verb + ".empty", name=name)


def first_texts(blocks: Sequence[Block], limit: int = 12) -> list[str]:
    """The first texts of a block list (headings, paragraphs, list items, table headers): what a new file
    will say, for the "after" side of an approval card when it has no headings."""
    out: list[str] = []
    for b in blocks:
        if (b["type"] == "heading" or b["type"] == "paragraph") and b.get("text"):
            out.append(str(b.get("text")))
        elif b["type"] == "bullets" or b["type"] == "numbered":
            out += [str(i.get("text", "")) if isinstance(i, dict) else str(i) for i in b.get("items") or ()]
        elif b["type"] == "table" and b.get("header"):
            out.append(" | ".join(str(c) for c in b["header"]))
        if len(out) >= limit:
            break
    return out[:limit]


def summary_text(counts: OutlineCounts) -> str:
    heads = counts["headings"]
    first = "; first: " + ", ".join(repr(h) for h in heads[:3]) if heads else ""
    parts = nonzero_counts([("count.headings", len(heads)), ("count.paragraphs", counts["paragraphs"]),
                            ("count.lists", counts["lists"]), ("count.tables", counts["tables"]),
                            ("count.images", counts["images"])])  # "1 table", never "1 tables" or "0 images"
    return (", ".join(p.english() for p in parts) or "no content") + first
