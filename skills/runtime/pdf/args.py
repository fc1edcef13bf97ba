"""The PDF commands' arguments as types: what each call is once it has passed its schema (pdf/cmds.py,
pdf/page_ops.py, pdf/edit.py)."""
from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from skills.runtime.blocks import Block

PageItem = int | str  # a page number or a range: 2, "2-5"
FormValue = str | int | float | bool  # a checkbox takes true/false
Angle = Literal[90, 180, 270, -90]


class PdfCreateArgs(TypedDict):
    path: str
    blocks: list[Block]
    title: NotRequired[str]
    header: NotRequired[str]
    footer: NotRequired[str]
    overwrite: NotRequired[bool]


class PdfInspectArgs(TypedDict):
    path: str
    pages: NotRequired[list[int]]
    password: NotRequired[str]


class PdfVerifyExpect(TypedDict, total=False):
    """What pdf_verify's ``expect`` may ask."""

    text: list[str]
    pages: int
    tables: int


class PdfExpect(PdfVerifyExpect, total=False):
    """What a PDF must hold: what pdf_verify may ask, and what the write commands check besides."""

    images: int
    fonts: bool  # False where a merge or split keeps its inputs' fonts as they were


class PdfVerifyArgs(TypedDict):
    path: str
    expect: NotRequired[PdfVerifyExpect]


class PdfMergeArgs(TypedDict):
    inputs: list[str]
    output: str


class PdfSplitArgs(TypedDict):
    path: str
    ranges: list[str]
    output_dir: str


class ExtractPagesArgs(TypedDict):
    path: str
    pages: list[PageItem]
    out: str


class DeletePagesArgs(TypedDict):
    path: str
    pages: list[PageItem]
    output: NotRequired[str]


class RotatePagesArgs(TypedDict):
    path: str
    pages: list[PageItem]
    angle: Angle
    output: NotRequired[str]


class ReorderPagesArgs(TypedDict):
    path: str
    order: list[int]
    output: NotRequired[str]


PageOpArgs = ExtractPagesArgs | DeletePagesArgs | RotatePagesArgs | ReorderPagesArgs


class PdfPagesArgs(TypedDict):
    op: Literal["merge", "split", "extract", "delete", "rotate", "reorder"]
    output: str
    path: NotRequired[str]
    inputs: NotRequired[list[str]]
    pages: NotRequired[list[PageItem]]
    angle: NotRequired[Angle]


class PdfFormFieldsArgs(TypedDict):
    path: str


class PdfFillFormArgs(TypedDict):
    path: str
    values: dict[str, FormValue]
    output: NotRequired[str]


class PdfReplaceTextArgs(TypedDict):
    path: str
    find: str
    replace: str
    output: NotRequired[str]
