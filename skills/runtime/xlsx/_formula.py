"""Values for the formulas Mira writes, computed at creation so a workbook opens with its totals.

openpyxl writes a formula without a value; until a spreadsheet program recalculates,
viewers show nothing (or the formula text) and no check can say "no formula errors".
This engine evaluates the formulas Mira writes (arithmetic, comparisons, ``&``, ``%``
and SUM, AVERAGE, MIN, MAX, COUNT, COUNTA, ROUND, ABS, IF and SUBTOTAL over cells and
ranges of the same sheet). It uses openpyxl's formula tokenizer and compiles each formula
*shape* once (``=D2*E2`` and ``=D3*E3`` share one), because evaluating 20,000 row
formulas through a general engine (the ``formulas`` package measured ~190 µs per
call, plus a scipy dependency) would cost more than writing the workbook. Anything
else raises :class:`Unsupported`; the caller then leaves the formula to LibreOffice.
"""
from __future__ import annotations

import math
import re
import statistics
from functools import lru_cache
from collections.abc import Callable, Sequence
from typing import Any

from openpyxl.formula.tokenizer import Token, Tokenizer, TokenizerError
from openpyxl.utils.cell import column_index_from_string

from skills.runtime.errors import SkillsError

class Unsupported(SkillsError):
    """A formula this engine does not evaluate (unknown function, other sheet, names...)."""


class FormulaError(str):
    """An Excel error value such as ``#DIV/0!``: a result, not a failure."""


class _Raise(SkillsError):
    def __init__(self, error: str) -> None:
        super().__init__(error)
        self.error = FormulaError(error)


Getter = Callable[[int, int, "str | None"], Any]  # (row, col, sheet or None for this sheet)
Node = Callable[[Getter, int, int], Any]  # (get, row, col) -> value or list of values for a range


# -- coercion -------------------------------------------------------------------


def _num(v: Any) -> float:
    if isinstance(v, FormulaError):
        raise _Raise(v)
    if v is None or v == "":
        return 0
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, (int, float)):
        return v
    if isinstance(v, str):
        try:
            return float(v.replace(",", ""))
        except ValueError:
            raise _Raise("#VALUE!") from None
    raise _Raise("#VALUE!")


def _text(v: Any) -> str:
    if isinstance(v, FormulaError):
        raise _Raise(v)
    if v is None:
        return ""
    if isinstance(v, bool):
        return "TRUE" if v else "FALSE"
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def _scalar(v: Any) -> Any:
    if isinstance(v, list):
        if len(v) != 1:
            raise _Raise("#VALUE!")
        return v[0]
    return v


def _numbers(args: Sequence[Any]) -> list[float]:
    """Numbers of the arguments: ranges give their numeric cells only (Excel skips text there)."""
    out: list[float] = []
    for a in args:
        if isinstance(a, list):
            for v in a:
                if isinstance(v, FormulaError):
                    raise _Raise(v)
                if isinstance(v, (int, float)) and not isinstance(v, bool):
                    out.append(v)
        else:
            out.append(_num(a))
    return out


def _round(x: float, digits: int = 0) -> float:
    q = 10 ** int(digits)
    return math.copysign(math.floor(abs(x) * q + 0.5) / q, x)  # half away from zero, as Excel


def _average(args: Sequence[Any]) -> float:
    nums = _numbers(args)
    if not nums:
        raise _Raise("#DIV/0!")
    return sum(nums) / len(nums)


def _if(args: Sequence[Any]) -> Any:
    if len(args) not in (2, 3):
        raise _Raise("#VALUE!")
    cond = _scalar(args[0])
    chosen = args[1] if (cond if isinstance(cond, bool) else _num(cond) != 0) else (args[2] if len(args) == 3
                                                                                     else False)
    return _scalar(chosen)


class SubtotalValue(float):
    """The value of a cell whose formula is a SUBTOTAL: another SUBTOTAL over a range holding it skips it, so a
    grand total over a column of subtotals counts each number once (as Excel does)."""


def _stat(fn: Callable[[list[float]], float], least: int) -> Callable[[list[float]], float]:
    def run(nums: list[float]) -> float:
        if len(nums) < least:
            raise _Raise("#DIV/0!")
        return fn(nums)
    return run


_SUBTOTAL: dict[int, Callable[[list[float]], float]] = {
    1: _stat(lambda n: sum(n) / len(n), 1), 2: len, 4: lambda n: max(n, default=0), 5: lambda n: min(n, default=0),
    6: lambda n: math.prod(n), 7: _stat(statistics.stdev, 2), 8: _stat(statistics.pstdev, 1), 9: sum,
    10: _stat(statistics.variance, 2), 11: _stat(statistics.pvariance, 1),
}


def _subtotal(args: Sequence[Any]) -> Any:
    """SUBTOTAL(function, ref, ...): 1-11 (and 101-111, which also skip hidden rows: the caller leaves a sheet
    with hidden rows to LibreOffice) over the references, nested SUBTOTALs left out."""
    if len(args) < 2:
        raise _Raise("#VALUE!")
    number = int(_num(_scalar(args[0])))
    kind = number - 100 if number > 100 else number
    if kind != 3 and kind not in _SUBTOTAL:
        raise _Raise("#VALUE!")
    refs = [[v for v in (a if isinstance(a, list) else [a]) if not isinstance(v, SubtotalValue)] for a in args[1:]]
    if kind == 3:  # COUNTA
        return sum(1 for ref in refs for v in ref if v not in (None, ""))
    if kind == 2:  # COUNT: error values are not numbers, not errors
        return sum(1 for ref in refs for v in ref if isinstance(v, (int, float)) and not isinstance(v, bool))
    return _SUBTOTAL[kind](_numbers(refs))


_FUNCS: dict[str, Callable[[Sequence[Any]], Any]] = {
    "SUM": lambda a: sum(_numbers(a)),
    "AVERAGE": _average,
    "MIN": lambda a: min(_numbers(a), default=0),
    "MAX": lambda a: max(_numbers(a), default=0),
    "COUNT": lambda a: len(_numbers([x for x in a if isinstance(x, list)]))
    + sum(1 for x in a if not isinstance(x, list) and isinstance(x, (int, float))),
    "COUNTA": lambda a: sum(sum(1 for v in x if v not in (None, "")) if isinstance(x, list) else 1 for x in a),
    "ROUND": lambda a: _round(_num(_scalar(a[0])), int(_num(_scalar(a[1]))) if len(a) > 1 else 0),
    "ABS": lambda a: abs(_num(_scalar(a[0]))),
    "IF": _if,
    "SUBTOTAL": _subtotal,
}
_BINARY: dict[str, tuple[int, Callable[[Any, Any], Any]]] = {
    "=": (1, lambda a, b: _compare(a, b) == 0), "<>": (1, lambda a, b: _compare(a, b) != 0),
    "<": (1, lambda a, b: _compare(a, b) < 0), ">": (1, lambda a, b: _compare(a, b) > 0),
    "<=": (1, lambda a, b: _compare(a, b) <= 0), ">=": (1, lambda a, b: _compare(a, b) >= 0),
    "&": (2, lambda a, b: _text(a) + _text(b)),
    "+": (3, lambda a, b: _num(a) + _num(b)), "-": (3, lambda a, b: _num(a) - _num(b)),
    "*": (4, lambda a, b: _num(a) * _num(b)), "/": (4, lambda a, b: _divide(_num(a), _num(b))),
    "^": (5, lambda a, b: float(_num(a)) ** float(_num(b))),  # Excel numbers are doubles
}


def _divide(a: float, b: float) -> float:
    if b == 0:
        raise _Raise("#DIV/0!")
    return a / b


def _compare(a: Any, b: Any) -> int:
    for v in (a, b):
        if isinstance(v, FormulaError):
            raise _Raise(v)
    if isinstance(a, str) and isinstance(b, str):
        x, y = a.casefold(), b.casefold()
        return (x > y) - (x < y)
    if isinstance(a, str) != isinstance(b, str):
        return 1 if isinstance(a, str) else -1  # text sorts after numbers
    m, n = _num(a), _num(b)
    return (m > n) - (m < n)


# -- compiling ------------------------------------------------------------------------


def _ref(text: str, row: int, col: int) -> tuple[str | None, tuple[tuple[int, int, bool, bool], ...]]:
    """(sheet, corners): corners relative or absolute (row or offset, col or offset, row_abs, col_abs)."""
    sheet = None
    if "!" in text:
        sheet, text = text.rsplit("!", 1)
        if len(sheet) > 1 and sheet[0] == sheet[-1] == "'":
            sheet = sheet[1:-1].replace("''", "'")
    if "[" in text or (sheet is not None and "[" in sheet):
        raise Unsupported("a reference to another workbook")
    corners = []
    for part in text.split(":"):
        letters = part.lstrip("$").rstrip("0123456789$")
        digits = part[len(part.rstrip("0123456789")):]
        if not letters.isalpha() or not digits:
            raise Unsupported(f"reference {text}")
        col_abs, row_abs = part.startswith("$"), "$" in part.lstrip("$")
        c = column_index_from_string(letters.replace("$", "").upper())
        r = int(digits)
        corners.append((r if row_abs else r - row, c if col_abs else c - col, row_abs, col_abs))
    return sheet, tuple(corners)


def shape_of(formula: str, row: int, col: int) -> tuple[tuple[Any, ...], ...]:
    """The formula with relative references as offsets: the same for every row of a copied formula."""
    try:
        tokens = Tokenizer(formula).items
    except TokenizerError as exc:
        raise Unsupported(str(exc)) from None
    shape: list[tuple[Any, ...]] = []
    for t in tokens:
        if t.type == Token.WSPACE:
            continue
        if t.type == Token.OPERAND and t.subtype == Token.RANGE:
            shape.append((t.type, t.subtype, _ref(t.value, row, col)))
        else:
            shape.append((t.type, t.subtype, t.value))
    return tuple(shape)


class _Parser:
    def __init__(self, shape: tuple[tuple[Any, ...], ...]) -> None:
        self.items = shape
        self.i = 0

    def peek(self) -> tuple[Any, ...] | None:
        return self.items[self.i] if self.i < len(self.items) else None

    def take(self) -> tuple[Any, ...]:
        if self.i >= len(self.items):
            raise Unsupported("the formula ends too early")
        item = self.items[self.i]
        self.i += 1
        return item

    def expr(self, min_prec: int = 0) -> Node:
        left = self.unary()
        while True:
            nxt = self.peek()
            if nxt is None or nxt[0] != Token.OP_IN or nxt[2] not in _BINARY:
                if nxt is not None and nxt[0] == Token.OP_IN:
                    raise Unsupported(f"operator {nxt[2]}")
                return left
            prec, fn = _BINARY[nxt[2]]
            if prec < min_prec:
                return left
            self.take()
            right = self.expr(prec + 1)
            left = _binary(fn, left, right)

    def unary(self) -> Node:
        item = self.peek()
        if item is not None and item[0] == Token.OP_PRE:
            self.take()
            inner = self.unary()
            if item[2] == "-":
                return lambda g, r, c: -_num(_scalar(inner(g, r, c)))
            return inner
        node = self.atom()
        while (nxt := self.peek()) is not None and nxt[0] == Token.OP_POST and nxt[2] == "%":
            self.take()
            node = _binary(lambda a, b: _num(a) / 100, node, node)
        return node

    def atom(self) -> Node:
        kind, sub, value = self.take()
        if kind == Token.OPERAND:
            if sub == Token.NUMBER:
                n = float(value) if any(ch in value for ch in ".eE") else int(value)
                return lambda g, r, c: n
            if sub == Token.TEXT:
                s = value[1:-1].replace('""', '"')
                return lambda g, r, c: s
            if sub == Token.LOGICAL:
                b = value.upper() == "TRUE"
                return lambda g, r, c: b
            if sub == Token.RANGE:
                return _range(value)
            raise Unsupported(f"operand {value}")
        if kind == Token.PAREN and sub == Token.OPEN:
            node = self.expr()
            self._expect(Token.PAREN)
            return node
        if kind == Token.FUNC and sub == Token.OPEN:
            name = value[:-1].upper()
            fn = _FUNCS.get(name)
            if fn is None:
                raise Unsupported(f"function {name}")
            args: list[Node] = []
            if not self._closing():
                while True:
                    args.append(self.expr())
                    nxt = self.peek()
                    if nxt is not None and nxt[0] == Token.SEP and nxt[1] == Token.ARG:
                        self.take()
                        continue
                    break
            self._expect(Token.FUNC)
            return lambda g, r, c: fn([a(g, r, c) for a in args])
        raise Unsupported(f"token {value}")

    def _closing(self) -> bool:
        nxt = self.peek()
        if nxt is not None and nxt[0] == Token.FUNC and nxt[1] == Token.CLOSE:
            return True
        return False

    def _expect(self, kind: str) -> None:
        item = self.take() if self.peek() is not None else None
        if item is None or item[0] != kind or item[1] != Token.CLOSE:
            raise Unsupported("unbalanced parentheses")


def _binary(fn: Callable[[Any, Any], Any], left: Node, right: Node) -> Node:
    return lambda g, r, c: fn(_scalar(left(g, r, c)), _scalar(right(g, r, c)))


def _range(ref: tuple[str | None, tuple[tuple[int, int, bool, bool], ...]]) -> Node:
    sheet, corners = ref

    def at(corner: tuple[int, int, bool, bool], r: int, c: int) -> tuple[int, int]:
        rr, cc, row_abs, col_abs = corner
        return (rr if row_abs else r + rr), (cc if col_abs else c + cc)

    if len(corners) == 1:
        def one(g: Getter, r: int, c: int) -> Any:
            rr, cc = at(corners[0], r, c)
            if rr < 1 or cc < 1:
                raise _Raise("#REF!")
            return g(rr, cc, sheet)
        return one

    def many(g: Getter, r: int, c: int) -> list[Any]:
        (r1, c1), (r2, c2) = at(corners[0], r, c), at(corners[1], r, c)
        r1, r2, c1, c2 = min(r1, r2), max(r1, r2), min(c1, c2), max(c1, c2)
        if r1 < 1 or c1 < 1:
            raise _Raise("#REF!")
        if (r2 - r1 + 1) * (c2 - c1 + 1) > 5_000_000:
            raise Unsupported("a range larger than the sheet data")
        return [g(i, j, sheet) for i in range(r1, r2 + 1) for j in range(c1, c2 + 1)]
    return many


_COMPILED: dict[Any, Node] = {}
_A1 = re.compile(r"(?<![A-Za-z0-9_.])(\$?)([A-Za-z]{1,3})(\$?)(\d+)(?![A-Za-z0-9_(])")


def _quick_key(formula: str, row: int, col: int) -> str | None:
    """The formula with references as offsets, by one regex: a cache key that skips the tokenizer.

    Only for formulas without quotes: inside text or a quoted sheet name a reference-like
    word is not a reference, and two different formulas could then share a key.
    """
    if "'" in formula or '"' in formula:
        return None

    def offset(m: re.Match[str]) -> str:
        c = column_index_from_string(m.group(2).upper())
        r = int(m.group(4))
        return (f"R{r}" if m.group(3) else f"R[{r - row}]") + (f"C{c}" if m.group(1) else f"C[{c - col}]")

    return _A1.sub(offset, formula)


def compile_formula(formula: str, row: int, col: int) -> Node:
    """A callable (get, row, col) -> value for ``formula`` written in cell (row, col)."""
    quick = _quick_key(formula, row, col)
    node = _COMPILED.get(quick) if quick is not None else None
    if node is not None:
        return node
    shape = shape_of(formula, row, col)
    node = _COMPILED.get(shape)
    if node is None:
        parser = _Parser(shape)
        node = parser.expr()
        if parser.peek() is not None:
            raise Unsupported("unexpected text after the formula")
        if len(_COMPILED) > 10_000:
            _COMPILED.clear()
        _COMPILED[shape] = node
    if quick is not None:
        _COMPILED[quick] = node
    return node


def evaluate(formula: str, row: int, col: int, get: Getter) -> Any:
    """The value of ``formula`` in (row, col); ``get(r, c)`` gives other cells' values.

    Returns a number, text, bool or :class:`FormulaError`; raises :class:`Unsupported`.
    """
    node = compile_formula(formula, row, col)
    try:
        value = _scalar(node(get, row, col))
    except _Raise as exc:
        return exc.error
    except (OverflowError, ZeroDivisionError):
        return FormulaError("#NUM!")
    if isinstance(value, int) and not isinstance(value, bool) and abs(value) > 2 ** 53:
        try:
            value = float(value)
        except OverflowError:
            return FormulaError("#NUM!")
    if isinstance(value, float) and not math.isfinite(value):
        return FormulaError("#NUM!")
    return 0 if value is None else value


# -- syntax: what a spreadsheet program would refuse to open ------------------------------------------------------

MAX_FORMULA_LENGTH = 8_192  # Excel's limit, "=" included
_OPENS = (Token.FUNC, Token.PAREN)


def syntax_problem(formula: str) -> str | None:
    """Why ``formula`` ("=...") is not one a spreadsheet program reads (a message id's last part), or None.

    Excel repairs a workbook with such a formula by deleting it, and LibreOffice shows Err:5xx: a write must
    not store one. Checked once per shape (references do not change whether it parses).
    """
    if len(formula) > MAX_FORMULA_LENGTH:
        return "long"
    return _syntax(_A1.sub("A1", formula))


@lru_cache(maxsize=10_000)
def _syntax(formula: str) -> str | None:
    try:
        items = [t for t in Tokenizer(formula).items if t.type != Token.WSPACE]
    except (TokenizerError, IndexError, ValueError):  # an unclosed quote; a ")" with nothing open
        return "unreadable"
    if not items:
        return "empty"
    depth = 0
    previous: Token | None = None
    for item in items:
        opens = item.type in _OPENS and item.subtype == Token.OPEN
        closes = item.type in _OPENS and item.subtype == Token.CLOSE
        if item.type == Token.OP_IN and (previous is None or previous.type in (Token.OP_IN, Token.OP_PRE, Token.SEP)
                                         or previous.type in _OPENS and previous.subtype == Token.OPEN):
            return "operator"
        if closes and previous is not None and previous.type in (Token.OP_IN, Token.OP_PRE):
            return "operator"
        depth += opens - closes
        if depth < 0:
            return "parentheses"
        previous = item
    if depth:
        return "parentheses"
    if previous is not None and previous.type in (Token.OP_IN, Token.OP_PRE, Token.SEP):
        return "operator"
    return None

