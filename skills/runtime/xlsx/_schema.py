"""JSON schemas of the XLSX commands (the argument shapes are a fixed contract)."""
from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from skills.runtime.json_types import JsonObject

Value = str | int | float | bool | None  # a string starting with '=' is a formula

PATH: JsonObject = {"type": "string"}
VALUE: JsonObject = {"type": ["string", "number", "boolean", "null"],
         "description": "a string starting with '=' is a formula; start with \"'=\" for literal text"}
ROW: JsonObject = {"type": "array", "items": VALUE, "maxItems": 1000}
ROWS: JsonObject = {"type": "array", "items": ROW, "maxItems": 500_000}
HEADER: JsonObject = {"type": "array", "items": {"type": ["string", "number"]}, "maxItems": 1000}
SHEET_NAME: JsonObject = {"type": "string", "minLength": 1, "maxLength": 31}

CHART: JsonObject = {
    "type": "object", "additionalProperties": False, "required": ["type", "values"],
    "properties": {
        "type": {"enum": ["bar", "column", "line", "pie"]},
        "title": {"type": "string", "maxLength": 255},
        "categories": {"type": "string", "description": "label column, e.g. A"},
        "values": {"type": "array", "items": {"type": "string"}, "minItems": 1, "maxItems": 50,
                   "description": "series columns"},
        "last_row": {"type": "integer", "minimum": 1,
                     "description": "default: last data row"},
        "anchor": {"type": "string", "description": "top-left cell"},
    },
}

SHEET: JsonObject = {
    "type": "object", "additionalProperties": False, "required": ["name", "rows"],
    "properties": {
        "name": SHEET_NAME,
        "header": HEADER,
        "rows": ROWS,
        "number_formats": {"type": "object", "description": "column letter -> number format",
                           "additionalProperties": {"type": "string", "minLength": 1}},
        "column_widths": {"type": "object", "description": "column letter -> width",
                          "additionalProperties": {"type": "number", "exclusiveMinimum": 0, "maximum": 255}},
        "freeze": {"type": ["string", "null"], "description": "top-left unfrozen cell; null: none"},
        "autofilter": {"type": "boolean"},
        "title": {"type": "string", "minLength": 1, "maxLength": 255,
                  "description": "row 1; the header moves to row 2, data to row 3"},
        "charts": {"type": "array", "maxItems": 10, "items": CHART},
    },
}

CREATE: JsonObject = {
    "type": "object", "additionalProperties": False, "required": ["path", "sheets"],
    "properties": {"path": PATH, "overwrite": {"type": "boolean", "default": False},
                   "sheets": {"type": "array", "items": SHEET, "minItems": 1, "maxItems": 100}},
}


def _op(name: str, props: JsonObject, required: list[str]) -> JsonObject:
    return {"type": "object", "additionalProperties": False, "required": ["op", *required],
            "properties": {"op": {"const": name}, **props}}


OPERATION: JsonObject = {
    "oneOf": [
        _op("set_cells", {"sheet": SHEET_NAME, "cells": {"type": "object", "minProperties": 1,
                                                         "maxProperties": 100_000,
                                                         "additionalProperties": VALUE}}, ["sheet", "cells"]),
        _op("append_rows", {"sheet": SHEET_NAME, "rows": {**ROWS, "minItems": 1}}, ["sheet", "rows"]),
        _op("add_sheet", {"name": SHEET_NAME, "header": HEADER, "rows": ROWS}, ["name"]),
        _op("remove_sheet", {"name": SHEET_NAME}, ["name"]),
        _op("rename_sheet", {"name": SHEET_NAME, "to": SHEET_NAME}, ["name", "to"]),
        _op("add_chart", {"sheet": SHEET_NAME, "chart": CHART}, ["sheet", "chart"]),
    ]
}

EDIT: JsonObject = {
    "type": "object", "additionalProperties": False, "required": ["path", "operations"],
    "properties": {"path": PATH,
                   "output": {"type": "string", "description": "a copy to write instead"},
                   "operations": {"type": "array", "items": OPERATION, "minItems": 1, "maxItems": 200}},
}

INSPECT: JsonObject = {
    "type": "object", "additionalProperties": False, "required": ["path"],
    "properties": {"path": PATH, "max_rows": {"type": "integer", "minimum": 0, "maximum": 500, "default": 20}},
}

VERIFY: JsonObject = {
    "type": "object", "additionalProperties": False, "required": ["path"],
    "properties": {"path": PATH,
                   "expect": {"type": "object", "additionalProperties": False,
                              "properties": {"sheets": {"type": "array", "items": {"type": "string"}},
                                             "cells": {"type": "object", "additionalProperties": VALUE,
                                                       "description": "\"Sheet!A1\" -> expected value or formula"}}}},
}

RECALCULATE: JsonObject = {
    "type": "object", "additionalProperties": False, "required": ["path"],
    "properties": {"path": PATH, "output": {"type": "string", "description": "write here instead of in place"}},
}


# The schemas above as types: what a call is once it has passed its schema.
class XlsxChart(TypedDict):
    type: Literal["bar", "column", "line", "pie"]
    values: list[str]
    title: NotRequired[str]
    categories: NotRequired[str]
    last_row: NotRequired[int]
    anchor: NotRequired[str]


class XlsxSheet(TypedDict):
    name: str
    rows: list[list[Value]]
    header: NotRequired[list[str | int | float]]
    number_formats: NotRequired[dict[str, str]]
    column_widths: NotRequired[dict[str, float]]
    freeze: NotRequired[str | None]
    autofilter: NotRequired[bool]
    title: NotRequired[str]
    charts: NotRequired[list[XlsxChart]]


class XlsxCreateArgs(TypedDict):
    path: str
    sheets: list[XlsxSheet]
    overwrite: NotRequired[bool]


class SetCellsOp(TypedDict):
    op: Literal["set_cells"]
    sheet: str
    cells: dict[str, Value]


class AppendRowsOp(TypedDict):
    op: Literal["append_rows"]
    sheet: str
    rows: list[list[Value]]


class AddSheetOp(TypedDict):
    op: Literal["add_sheet"]
    name: str
    header: NotRequired[list[str | int | float]]
    rows: NotRequired[list[list[Value]]]


class RemoveSheetOp(TypedDict):
    op: Literal["remove_sheet"]
    name: str


class RenameSheetOp(TypedDict):
    op: Literal["rename_sheet"]
    name: str
    to: str


class AddChartOp(TypedDict):
    op: Literal["add_chart"]
    sheet: str
    chart: XlsxChart


XlsxOperation = SetCellsOp | AppendRowsOp | AddSheetOp | RemoveSheetOp | RenameSheetOp | AddChartOp


class XlsxEditArgs(TypedDict):
    path: str
    operations: list[XlsxOperation]
    output: NotRequired[str]


class XlsxInspectArgs(TypedDict):
    path: str
    max_rows: NotRequired[int]


class XlsxExpect(TypedDict, total=False):
    sheets: list[str]
    cells: dict[str, Value]  # "Sheet!A1" -> expected value or formula


class XlsxVerifyArgs(TypedDict):
    path: str
    expect: NotRequired[XlsxExpect]


class XlsxRecalculateArgs(TypedDict):
    path: str
    output: NotRequired[str]


def light(schema: JsonObject) -> JsonObject:
    """The same schema with row arrays left unchecked per cell, for fast validation of big sheets.

    Cells are then checked by :func:`check_rows` in one tight loop (jsonschema on 100k cells
    would cost more than writing them).
    """
    import copy

    out = copy.deepcopy(schema)

    def walk(node: object) -> None:
        if isinstance(node, dict):
            for key, val in node.items():
                if key == "rows" and isinstance(val, dict) and val.get("type") == "array":
                    node[key] = {k: v for k, v in val.items() if k != "items"}
                else:
                    walk(val)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk(out)
    return out
