"""The DOCX commands' arguments as types: what each call is once it has passed its schema (docx/cmds.py)."""
from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from skills.runtime.blocks import Block


class DocxCreateArgs(TypedDict):
    path: str
    blocks: list[Block]
    title: NotRequired[str]
    header: NotRequired[str]
    footer: NotRequired[str]
    page_numbers: NotRequired[bool | str]
    new_page_level: NotRequired[int]
    template: NotRequired[str]
    overwrite: NotRequired[bool]


class DocxReplaceTextOp(TypedDict):
    op: Literal["replace_text"]
    find: str
    replace: str


class AppendOp(TypedDict):
    op: Literal["append"]
    blocks: list[Block]


class InsertAfterHeadingOp(TypedDict):
    op: Literal["insert_after_heading"]
    heading: str
    blocks: list[Block]
    before_subheadings: NotRequired[bool]


class RenameHeadingOp(TypedDict):
    op: Literal["rename_heading"]
    heading: str
    to: str


class DeleteParagraphOp(TypedDict):
    op: Literal["delete_paragraph_containing"]
    text: str


class DeleteSectionOp(TypedDict):
    op: Literal["delete_section"]
    heading: str


class CommentOp(TypedDict):
    op: Literal["comment"]
    text: str
    comment: str


DocxOperation = (DocxReplaceTextOp | AppendOp | InsertAfterHeadingOp | RenameHeadingOp | DeleteParagraphOp
                 | DeleteSectionOp | CommentOp)


class DocxEditArgs(TypedDict):
    path: str
    operations: list[DocxOperation]
    output: NotRequired[str]
    track_changes: NotRequired[bool]


class DocxInspectArgs(TypedDict):
    path: str


class DocxVerifyExpect(TypedDict, total=False):
    """What docx_verify's ``expect`` may ask."""

    headings: list[str]
    text: list[str]
    tables: int
    images: int


class DocxExpect(DocxVerifyExpect, total=False):
    """What a DOCX must hold: what docx_verify may ask, and what docx_create and docx_edit check besides."""

    title: str
    absent: list[str]


class DocxVerifyArgs(TypedDict):
    path: str
    expect: NotRequired[DocxVerifyExpect]
