"""Excel number formats applied to cell values, as the grid shows them (no Qt).

No maintained Python library formats values by an ECMA-376 format code (openpyxl only classifies
them), so this covers what sheets use: sections (positive;negative;zero;text), quoted and escaped
literals, colours and locale tags dropped, thousands separators, fixed decimals, percentages,
scientific notation, ``_x`` and ``*x`` padding, ``@``, and dates and times (``yyyy mm dd hh ss``,
month and day names, AM/PM, elapsed ``[h]``). Anything else falls back to the general format.
"""
from __future__ import annotations

import datetime as dt
import math
import re

__all__ = ["format_value"]

_MONTHS = ("January", "February", "March", "April", "May", "June", "July", "August", "September", "October",
           "November", "December")
_DAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
_BRACKET = re.compile(r"\[[^\]]*\]")
_DATE_CODES = re.compile(r"(?<!\\)[ymdhs]", re.I)
_TOKEN = re.compile(r'"[^"]*"|\\.|_.|\*.|AM/PM|A/P|\[h+\]|\[m+\]|\[s+\]|y+|m+|d+|h+|s+(?:\.0+)?|[^"\\_*ymdhsA\[]+|.',
                    re.I)


def format_value(value: object, code: str, epoch: dt.datetime | None = None) -> str | None:
    """``value`` shown by format ``code``; None when the code is General or not understood (the
    caller shows the value plainly)."""
    if not code or code.lower() == "general" or isinstance(value, bool) or value is None:
        return None
    sections = _split(code)
    if isinstance(value, str):
        text = sections[3] if len(sections) > 3 else (sections[0] if "@" in sections[0] else "")
        return _literal(text).replace("@", value) if text else None
    if isinstance(value, (dt.datetime, dt.date, dt.time)):
        return _date(value, sections[0])
    if not isinstance(value, (int, float)) or math.isnan(value) or math.isinf(value):
        return None
    section, number = _section(sections, float(value))
    if _is_date(section):
        moment = _serial_to_datetime(number, epoch)
        return _date(moment, section) if moment is not None else None
    return _number(number, section)


def _split(code: str) -> list[str]:
    out, cur, quoted, i = [], [], False, 0
    while i < len(code):
        ch = code[i]
        if ch == '"':
            quoted = not quoted
        elif ch == "\\" and i + 1 < len(code):
            cur.append(code[i:i + 2])
            i += 2
            continue
        elif ch == ";" and not quoted:
            out.append("".join(cur))
            cur = []
            i += 1
            continue
        cur.append(ch)
        i += 1
    out.append("".join(cur))
    return out


def _section(sections: list[str], value: float) -> tuple[str, float]:
    """The section that shows ``value`` and the number it shows (a negative section shows |value|)."""
    conditions = [re.match(r"\[([<>=]{1,2})(-?[0-9.]+)\]", s) for s in sections]
    if any(conditions):
        for s, cond in zip(sections, conditions):
            if cond is None:
                return s, value
            op, limit = cond.group(1), float(cond.group(2))
            if {"<": value < limit, ">": value > limit, "=": value == limit, "<=": value <= limit,
                    ">=": value >= limit, "<>": value != limit}.get(op, False):
                return s, abs(value) if value < 0 and s is not sections[0] else value
        return sections[-1], value
    if value < 0 and len(sections) > 1 and sections[1]:
        return sections[1], -value
    if value == 0 and len(sections) > 2 and sections[2]:
        return sections[2], value
    return sections[0], value


def _is_date(section: str) -> bool:
    stripped = re.sub(r'"[^"]*"|\\.', "", _BRACKET.sub(lambda m: m.group(0) if re.match(r"\[[hms]+\]", m.group(0), re.I)
                                                         else "", section))
    return bool(_DATE_CODES.search(stripped)) and not re.search(r"[0#?]", stripped.replace("s.0", "s"))


def _serial_to_datetime(serial: float, epoch: dt.datetime | None) -> dt.datetime | None:
    base = epoch or dt.datetime(1899, 12, 30)
    if base.year == 1899 and serial < 60:
        serial += 1  # Excel counts 29 February 1900, which never was
    try:
        return base + dt.timedelta(days=serial)
    except OverflowError:
        return None


def _literal(section: str) -> str:
    """Literal parts of a section: quotes and escapes kept as text, padding as a space, colours dropped."""
    out = []
    for token in _TOKEN.findall(_BRACKET.sub("", section)):
        shown = _literal_token(token)
        out.append(token if shown is None else shown)
    return "".join(out)


def _literal_token(token: str) -> str | None:
    """What a quoted text, an escaped character or padding shows; None for any other token."""
    if token.startswith('"'):
        return token[1:-1]
    if token.startswith("\\"):
        return token[1:]
    if token.startswith("_"):
        return " "
    if token.startswith("*"):
        return ""  # fill to width: a grid cell has no width to fill
    return None


def _number(value: float, section: str) -> str | None:
    section = _BRACKET.sub("", section)
    parts = re.split(r'("[^"]*"|\\.|_.|\*.)', section)
    body_index = next((i for i, p in enumerate(parts)
                       if not p.startswith(('"', "\\", "_", "*")) and re.search(r"[0#?]", p)), None)
    if body_index is None:
        return _literal(section) or None
    body = parts[body_index]
    m = re.search(r"[0#?,.]*[0#?][0#?,.]*(?:[eE][+-][0#?]+)?", body)
    if m is None:
        return None
    pattern = m.group(0)
    value *= 100 ** section.count("%")
    negative = value < 0
    if re.search(r"[eE][+-]", pattern):
        mantissa, exp_part = re.split(r"[eE][+-]", pattern)
        decimals = len(mantissa.split(".")[1]) if "." in mantissa else 0
        mant, exp = f"{abs(value):.{decimals}E}".split("E")
        shown = f"{mant}E{'+' if int(exp) >= 0 else '-'}{abs(int(exp)):0{len(exp_part)}d}"
    else:
        core = pattern.rstrip(",")
        value /= 1000 ** (len(pattern) - len(core))  # each trailing comma divides by a thousand
        int_part, _, frac = core.partition(".")
        required = len(frac.rstrip("#?"))
        grouping = "," in int_part
        shown = f"{abs(value):{',' if grouping else ''}.{len(frac)}f}"
        if len(frac) > required:
            head, _, tail = shown.partition(".")
            tail = tail[:required] + tail[required:].rstrip("0")
            shown = f"{head}.{tail}" if tail else head
        head, dot, tail = shown.partition(".")
        min_int = int_part.replace(",", "").count("0")
        if min_int == 0 and head == "0":
            head = ""
        elif not grouping and len(head) < min_int:
            head = head.zfill(min_int)
        shown = head + dot + tail
        negative = negative and float(f"{abs(value):.{len(frac)}f}") != 0
    prefix = _literal("".join(parts[:body_index]) + body[:m.start()])
    suffix = _literal(body[m.end():] + "".join(parts[body_index + 1:]))
    return f"{'-' if negative else ''}{prefix}{shown}{suffix}".strip()


def _date(moment: dt.datetime | dt.date | dt.time, section: str) -> str | None:
    section = re.sub(r"\[\$[^\]]*\]|\[(?:Red|Black|Blue|Green|White|Yellow|Magenta|Cyan|Color\s*\d+)\]", "", section,
                     flags=re.I)
    if isinstance(moment, dt.time):
        moment = dt.datetime.combine(dt.date(1899, 12, 31), moment)
    elif not isinstance(moment, dt.datetime):
        moment = dt.datetime.combine(moment, dt.time())
    tokens = _TOKEN.findall(section)
    twelve = any(t.upper() in ("AM/PM", "A/P") for t in tokens)
    out: list[str] = []
    for i, token in enumerate(tokens):
        low = token.lower()
        literal = _literal_token(token)
        if literal is not None:
            out.append(literal)
        elif token.upper() == "AM/PM":
            out.append("AM" if moment.hour < 12 else "PM")
        elif token.upper() == "A/P":
            out.append("A" if moment.hour < 12 else "P")
        elif low.startswith("[h"):
            # elapsed hours count from serial 0 (1899-12-31 in a 1900 workbook, past Excel's leap-day bug)
            base = dt.datetime(1899, 12, 30) if moment >= dt.datetime(1900, 3, 1) else dt.datetime(1899, 12, 31)
            out.append(str(int((moment - base).total_seconds() // 3600)))
        elif low[0] == "y":
            out.append(f"{moment.year % 100:02d}" if len(low) <= 2 else str(moment.year))
        elif low[0] == "m" and _is_minute(tokens, i):
            out.append(f"{moment.minute:02d}" if len(low) >= 2 else str(moment.minute))
        elif low[0] == "m":
            out.append({1: str(moment.month), 2: f"{moment.month:02d}", 3: _MONTHS[moment.month - 1][:3],
                        5: _MONTHS[moment.month - 1][0]}.get(len(low), _MONTHS[moment.month - 1]))
        elif low[0] == "d":
            out.append({1: str(moment.day), 2: f"{moment.day:02d}", 3: _DAYS[moment.weekday()][:3]}.get(
                len(low), _DAYS[moment.weekday()]))
        elif low[0] == "h":
            hour = moment.hour % 12 or 12 if twelve else moment.hour
            out.append(f"{hour:02d}" if len(low) >= 2 else str(hour))
        elif low[0] == "s":
            seconds = moment.second + moment.microsecond / 1e6
            whole, _, frac = low.partition(".")
            out.append(f"{int(seconds):02d}" if len(whole) >= 2 else str(int(seconds)))
            if frac:
                out.append("." + f"{seconds % 1:.{len(frac)}f}"[2:])
        else:
            out.append(token)
    return "".join(out)


def _is_minute(tokens: list[str], i: int) -> bool:
    """``m`` means minutes right after an hour or right before seconds (Excel's rule)."""
    def code(j: int) -> str:
        while 0 <= j < len(tokens):
            t = tokens[j].lower()
            if t[0] in "ymdhs" or t.startswith("[h"):
                return t[0] if t[0] != "[" else "h"
            j += 1 if j > i else -1
        return ""

    return code(i - 1) == "h" or code(i + 1) == "s"
