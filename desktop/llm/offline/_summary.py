"""The offline planner's words for what it did: summaries of created files and PDF changes, file subjects."""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import desktop.llm.offline._content as oc
from desktop.messages import for_person
from desktop.messages import msg as desktop_msg
from desktop.translations import render_plain
from skills.codec import message_in
from skills.messages import Msg, count, msg, nonzero_counts

Say = Callable[..., str]  # (message id, n, **params) -> the message in the request's language


def subject(content: oc.Content) -> str:
    """What the content is about, for a file name when there is no title: a heading, a table's
    subject, a sheet's columns or the first words."""
    heading = next((b["text"] for b in content.blocks if b["type"] == "heading"), "")
    if heading:
        return heading
    named = next((name for name, _, _ in content.tables if name), "")
    if named:
        return named
    if content.tables:
        header = [h for h in content.tables[0][1] if h.strip()]
        return " ".join(header[:3])
    first = next((t for b in content.blocks if b["type"] != "image" for t in block_texts(b) if t.strip()), "")
    if re.search(r"[\u3400-\u9fff]", first[:12]):
        return re.split(r"[，。,.；;：:！!？?]", first)[0][:12]
    return " ".join(first.split()[:6])


def plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


def block_texts(block: dict[str, Any]) -> list[str]:
    if block["type"] == "paragraph":
        return [block.get("text") or "".join(r["text"] for r in block["runs"])]
    return [it if isinstance(it, str) else it["text"] for it in block.get("items", [])]


def create_summary(say: Say, args: dict[str, Any], path: str, read: list[str], problems: list[str]) -> str:
    """What a create command made, from its arguments and the files it was made from."""
    source = say("planner.files_read", files=[str(p) for p in read]) if read else say("planner.your_request")
    if "slides" in args:
        what = say("planner.made.slides", len(args["slides"]))
    elif "sheets" in args:
        totals = sum(1 for s in args["sheets"] if s.get("rows") and any(
            isinstance(v, str) and v.startswith("=SUM(") for v in s["rows"][-1]))
        rows = sum(len(s.get("rows", [])) for s in args["sheets"]) - totals
        what = say("planner.made.sheets_totals" if totals else "planner.made.sheets",
                   sheets=count("planner.count.sheets", len(args["sheets"])),
                   rows=count("planner.count.data_rows", rows))
    else:
        blocks = args.get("blocks", [])
        found = {k: sum(1 for b in blocks if b["type"] == k) for k in ("heading", "paragraph", "table")}
        lists = sum(1 for b in blocks if b["type"] in ("bullets", "numbered"))
        parts = nonzero_counts([("count.headings", found["heading"]), ("count.paragraphs", found["paragraph"]),
                                ("count.lists", lists), ("count.tables", found["table"])])  # "0 paragraphs" says nothing
        what = say("planner.files_read", files=parts).strip() if parts else say("planner.no_blocks")
    # The reply lists the file (name, kind, size, checks) right above this line: it is not named twice.
    summary = say("planner.made_from", source=source, what=what)
    if problems:
        summary += say("planner.note", problems="; ".join(problems))
    return summary


def pdf_summary(say: Say, name: str, args: dict[str, Any], res: dict[str, Any]) -> str:
    """The user's words for what a PDF form or text command did."""
    target = str(args.get("path") or "")
    raw = res.get("data")
    data: dict[str, Any] = raw if isinstance(raw, dict) else {}
    if name == "pdf_form_fields":
        fields = [f for f in data.get("fields") or [] if isinstance(f, dict)]
        if not fields:
            return say("planner.no_form_fields", path=target)
        lines = "\n".join(f"- {f.get('name')} ({f.get('type')}): {f.get('value') or ''}" for f in fields)
        return say("planner.form_fields", len(fields), path=target, lines=lines)
    if name == "pdf_fill_form":
        values = args.get("values") or {}
        shown = "; ".join(f"{k} = {v}" for k, v in values.items())
        return say("planner.filled", len(values), path=target, shown=shown)
    where = [r for r in data.get("replacements") or [] if isinstance(r, dict)]
    pages = sorted({r["page"] for r in where if isinstance(r.get("page"), int)})
    other = _stand_ins(where)
    font = say("planner.stand_in_font", fonts=other) if other else say("planner.same_font")
    on_pages = say("planner.on_page" if len(pages) == 1 else "planner.on_pages", pages=[str(p) for p in pages])
    return say("planner.pdf_replaced", len(where), find=args.get("find"), replace=args.get("replace"), path=target,
               pages=on_pages, font=font)


def error_of(res: dict[str, Any]) -> str:
    """A failed call's words in English (a message value's ``text``, as the model reads it)."""
    err = res.get("error")
    if isinstance(err, dict):
        err = err.get("text")
    return str(err or res.get("message") or "unknown error").strip()


def failure(res: dict[str, Any], chinese: bool, read_only: bool = False) -> str:
    """What failed, for the reply: the skill's message id in the request's language when it gave one; its
    English words only as details under a sentence in Chinese (never a command name). A question that
    writes nothing ("what is in broken.docx?") is answered with only what was wrong."""
    language = "zh_CN" if chinese else "en"
    if res.get("artifacts") and not read_only:  # it wrote, then a check of the file failed: the file did change
        return render_plain(msg("problem.written_failed"), language)
    reason: Msg | str = message_in(res.get("error")) or message_in(res.get("error_msg")) or error_of(res)
    where = ""
    if isinstance(reason, Msg):  # the person's form: the argument path the model sees goes to the details
        reason, where = for_person(reason)
    below = "\n" + render_plain(desktop_msg("error.details", details=where), language) if where else ""
    if read_only and (isinstance(reason, Msg) or not chinese):
        return (render_plain(reason, language) + below) if isinstance(reason, Msg) else reason
    if isinstance(reason, Msg) or not chinese:
        return render_plain(msg("problem.failed", reason=reason), language) + below
    plain = "problem.read.plain" if read_only else "problem.failed.plain"
    return (render_plain(msg(plain), language) + "\n"
            + render_plain(desktop_msg("error.details", details=reason), language))


def other_font(res: dict[str, Any], say: Say) -> str:
    """A sentence saying pdf_replace_text drew the new text in another font than the PDF's own, else ""."""
    data = res.get("data")
    where = [r for r in data.get("replacements") or [] if isinstance(r, dict)] if isinstance(data, dict) else []
    fonts = _stand_ins(where)
    return say("planner.other_font", fonts=fonts) if fonts else ""


def _stand_ins(replacements: list[dict[str, Any]]) -> list[str]:
    """The fonts pdf_replace_text drew in instead of the PDF's own (which lacked the new characters)."""
    return sorted({str(r["drawn_in"]) for r in replacements if r.get("drawn_in") and r.get("drawn_in") != r.get("font")})


def text_summary(path: str, text: str, chinese: bool) -> str:
    """What a text file holds, read back: its size in lines and words, its headings and how it begins."""
    language = "zh_CN" if chinese else "en"
    lines = [ln for ln in text.splitlines() if ln.strip()]
    heads = [ln.lstrip("#").strip() for ln in lines if ln.startswith("#")][:12]
    start = "\n".join(f"> {ln}" for ln in lines[:6])
    if not lines:
        return render_plain(msg("planner.empty_file", path=path), language)
    size = msg("planner.text_size", lines=count("planner.count.lines", len(lines)),
               words=count("planner.count.words", len(text.split())))
    out = [f"**{path}** — {render_plain(size, language)}"]
    if heads:
        out.append(render_plain(msg("planner.headings", headings=heads), language))
    out.append(render_plain(msg("planner.begins", start=start), language))
    return "\n\n".join(out)
