"""JSON schemas of the PPTX commands (the argument shapes are a fixed contract)."""
from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from skills.runtime.json_types import JsonObject

_STR: JsonObject = {"type": "string"}
_NOTES: JsonObject = {"type": "string", "description": "speaker notes"}
_INT1: JsonObject = {"type": "integer", "minimum": 1}

BULLET: JsonObject = {
    "oneOf": [
        {"type": "string", "minLength": 1},
        {"type": "object", "required": ["text"], "additionalProperties": False,
         "properties": {"text": {"type": "string", "minLength": 1},
                        "level": {"type": "integer", "minimum": 0, "maximum": 4}}},
    ]
}
BULLETS: JsonObject = {"type": "array", "items": BULLET, "minItems": 1, "maxItems": 200}
_TITLE: JsonObject = {"type": "string", "minLength": 1, "maxLength": 300}


def _slide(layout: str, props: JsonObject, required: list[str]) -> JsonObject:
    return {"type": "object", "additionalProperties": False, "required": ["layout", "title", *required],
            "properties": {"layout": {"const": layout}, "title": _TITLE, **props, "notes": _NOTES}}


CELL: JsonObject = {"type": ["string", "number", "boolean", "null"]}
SLIDE: JsonObject = {
    "oneOf": [
        _slide("title", {"subtitle": _STR}, []),
        _slide("bullets", {"bullets": BULLETS}, ["bullets"]),
        _slide("two_column", {"left": BULLETS, "right": BULLETS}, ["left", "right"]),
        _slide("table", {"header": {"type": "array", "items": CELL, "minItems": 1, "maxItems": 20},
                         "rows": {"type": "array", "maxItems": 500,
                                  "items": {"type": "array", "items": CELL, "maxItems": 20}}},
               ["header", "rows"]),
        _slide("image", {"image": {"type": "string"},
                         "caption": _STR}, ["image"]),
        _slide("chart", {"chart": {"enum": ["bar", "column", "line", "pie"]},
                         "categories": {"type": "array", "items": {"type": ["string", "number"]}, "minItems": 1,
                                        "maxItems": 200},
                         "series": {"type": "array", "minItems": 1, "maxItems": 20, "items": {
                             "type": "object", "additionalProperties": False, "required": ["name", "values"],
                             "properties": {"name": {"type": "string", "minLength": 1},
                                            "values": {"type": "array", "maxItems": 200,
                                                       "items": {"type": ["number", "null"]}}}}}},
               ["chart", "categories", "series"]),
    ]
}

PATH: JsonObject = {"type": "string"}

CREATE: JsonObject = {
    "type": "object", "additionalProperties": False, "required": ["path", "slides"],
    "properties": {"path": PATH, "title": {"type": "string", "description": "document title (metadata)"},
                   "template": {"type": "string", "description": "a .pptx to take the design from"},
                   "overwrite": {"type": "boolean", "default": False},
                   "slides": {"type": "array", "items": SLIDE, "minItems": 1, "maxItems": 300}},
}


def _op(name: str, props: JsonObject, required: list[str]) -> JsonObject:
    return {"type": "object", "additionalProperties": False, "required": ["op", *required],
            "properties": {"op": {"const": name}, **props}}


OPERATION: JsonObject = {
    "oneOf": [
        _op("set_title", {"slide": _INT1, "text": {"type": "string", "minLength": 1}}, ["slide", "text"]),
        _op("replace_text", {"find": {"type": "string", "minLength": 1}, "replace": _STR, "slide": _INT1},
            ["find", "replace"]),
        _op("set_bullets", {"slide": _INT1, "bullets": BULLETS}, ["slide", "bullets"]),
        _op("add_slide", {"slide": SLIDE, "at": _INT1}, ["slide"]),
        _op("remove_slide", {"slide": _INT1}, ["slide"]),
        _op("move_slide", {"slide": _INT1, "to": _INT1}, ["slide", "to"]),
        _op("duplicate_slide", {"slide": _INT1, "to": _INT1}, ["slide"]),
        _op("set_notes", {"slide": _INT1, "text": _STR}, ["slide", "text"]),
    ]
}

EDIT: JsonObject = {
    "type": "object", "additionalProperties": False, "required": ["path", "operations"],
    "properties": {"path": PATH,
                   "output": {"type": "string", "description": "a copy to write instead"},
                   "operations": {"type": "array", "items": OPERATION, "minItems": 1, "maxItems": 200}},
}

INSPECT: JsonObject = {"type": "object", "additionalProperties": False, "required": ["path"],
                           "properties": {"path": PATH}}

VERIFY: JsonObject = {
    "type": "object", "additionalProperties": False, "required": ["path"],
    "properties": {"path": PATH,
                   "expect": {"type": "object", "additionalProperties": False,
                              "properties": {"slides": {"type": "integer", "minimum": 0},
                                             "titles": {"type": "array", "items": _STR},
                                             "text": {"type": "array", "items": _STR}}}},
}


# The schemas above as types: what a call is once it has passed its schema.
class BulletItem(TypedDict):
    text: str
    level: NotRequired[int]


Bullet = str | BulletItem
Cell = str | int | float | bool | None


class TitleSlide(TypedDict):
    layout: Literal["title"]
    title: str
    subtitle: NotRequired[str]
    notes: NotRequired[str]


class BulletsSlide(TypedDict):
    layout: Literal["bullets"]
    title: str
    bullets: list[Bullet]
    notes: NotRequired[str]


class TwoColumnSlide(TypedDict):
    layout: Literal["two_column"]
    title: str
    left: list[Bullet]
    right: list[Bullet]
    notes: NotRequired[str]


class TableSlide(TypedDict):
    layout: Literal["table"]
    title: str
    header: list[Cell]
    rows: list[list[Cell]]
    notes: NotRequired[str]


class ImageSlide(TypedDict):
    layout: Literal["image"]
    title: str
    image: str
    caption: NotRequired[str]
    notes: NotRequired[str]


class ChartSeries(TypedDict):
    name: str
    values: list[int | float | None]


class ChartSlide(TypedDict):
    layout: Literal["chart"]
    title: str
    chart: Literal["bar", "column", "line", "pie"]
    categories: list[str | int | float]
    series: list[ChartSeries]
    notes: NotRequired[str]


Slide = TitleSlide | BulletsSlide | TwoColumnSlide | TableSlide | ImageSlide | ChartSlide


class PptxCreateArgs(TypedDict):
    path: str
    slides: list[Slide]
    title: NotRequired[str]
    template: NotRequired[str]
    overwrite: NotRequired[bool]


class SetTitleOp(TypedDict):
    op: Literal["set_title"]
    slide: int
    text: str


class PptxReplaceTextOp(TypedDict):
    op: Literal["replace_text"]
    find: str
    replace: str
    slide: NotRequired[int]


class SetBulletsOp(TypedDict):
    op: Literal["set_bullets"]
    slide: int
    bullets: list[Bullet]


class AddSlideOp(TypedDict):
    op: Literal["add_slide"]
    slide: Slide
    at: NotRequired[int]


class RemoveSlideOp(TypedDict):
    op: Literal["remove_slide"]
    slide: int


class MoveSlideOp(TypedDict):
    op: Literal["move_slide"]
    slide: int
    to: int


class DuplicateSlideOp(TypedDict):
    op: Literal["duplicate_slide"]
    slide: int
    to: NotRequired[int]


class SetNotesOp(TypedDict):
    op: Literal["set_notes"]
    slide: int
    text: str


PptxOperation = (SetTitleOp | PptxReplaceTextOp | SetBulletsOp | AddSlideOp | RemoveSlideOp | MoveSlideOp
                 | DuplicateSlideOp | SetNotesOp)


class PptxEditArgs(TypedDict):
    path: str
    operations: list[PptxOperation]
    output: NotRequired[str]


class PptxInspectArgs(TypedDict):
    path: str


class PptxExpect(TypedDict, total=False):
    slides: int
    titles: list[str]
    text: list[str]


class PptxVerifyArgs(TypedDict):
    path: str
    expect: NotRequired[PptxExpect]
