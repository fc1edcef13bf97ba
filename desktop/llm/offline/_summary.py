"""The offline planner's words for what it did: summaries of created files and PDF changes, file subjects."""
from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import desktop.llm.offline._content as oc
from desktop.messages import msg as desktop_msg
from desktop.translations import render_plain
from skills.messages import Msg, msg, nonzero_counts

Translate = Callable[[str, str], str]  # (english, chinese) -> the one for the request's language


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


def create_summary(t: Translate, args: dict[str, Any], path: str, read: list[str], problems: list[str]) -> str:
    """What a create command made, from its arguments and the files it was made from."""
    src_en = ", ".join(str(p) for p in read) if read else "the text in your request"
    src_zh = " " + "、".join(str(p) for p in read) + " " if read else "你在请求中提供的内容"
    if "slides" in args:
        n = len(args["slides"])
        what_en, what_zh = plural(n, "slide"), f"{n} 张幻灯片"
    elif "sheets" in args:
        totals = sum(1 for s in args["sheets"] if s.get("rows") and any(
            isinstance(v, str) and v.startswith("=SUM(") for v in s["rows"][-1]))
        rows = sum(len(s.get("rows", [])) for s in args["sheets"]) - totals
        what_en = f"{plural(len(args['sheets']), 'sheet')}, {plural(rows, 'data row')}"
        what_zh = f"{len(args['sheets'])} 个工作表，{rows} 行数据"
        if totals:
            what_en += " and a total row with =SUM formulas"
            what_zh += "，另加使用 =SUM 公式的合计行"
    else:
        blocks = args.get("blocks", [])
        count = {k: sum(1 for b in blocks if b["type"] == k) for k in ("heading", "paragraph", "table")}
        lists = sum(1 for b in blocks if b["type"] in ("bullets", "numbered"))
        parts = nonzero_counts([("count.headings", count["heading"]), ("count.paragraphs", count["paragraph"]),
                                ("count.lists", lists), ("count.tables", count["table"])])  # "0 paragraphs" says nothing
        what_en = ", ".join(render_plain(p, "en") for p in parts) or "no content"
        what_zh = "、".join(render_plain(p, "zh_CN") for p in parts) or "没有内容"
    # The reply lists the file (name, kind, size, checks) right above this line: it is not named twice.
    summary = t(f"Made from {src_en}: {what_en}.", f"根据{src_zh}生成：{what_zh}。")
    if problems:
        summary += t(" Note: ", " 注意：") + "; ".join(problems) + t(".", "。")
    return summary


def pdf_summary(t: Translate, name: str, args: dict[str, Any], res: dict[str, Any]) -> str:
    """The user's words for what a PDF form or text command did."""
    target = str(args.get("path") or "")
    raw = res.get("data")
    data: dict[str, Any] = raw if isinstance(raw, dict) else {}
    if name == "pdf_form_fields":
        fields = [f for f in data.get("fields") or [] if isinstance(f, dict)]
        if not fields:
            return t(f"{target} has no form fields.", f"{target} 没有表单字段。")
        lines = "\n".join(f"- {f.get('name')} ({f.get('type')}): {f.get('value') or ''}" for f in fields)
        return t(f"{target} has {len(fields)} form fields:\n{lines}",
                       f"{target} 有 {len(fields)} 个表单字段：\n{lines}")
    if name == "pdf_fill_form":
        values = args.get("values") or {}
        shown = "; ".join(f"{k} = {v}" for k, v in values.items())
        return t(f"Filled {len(values)} field(s) in {target}: {shown}.",
                       f"已在 {target} 中填写 {len(values)} 个字段：{shown}。")
    where = [r for r in data.get("replacements") or [] if isinstance(r, dict)]
    pages = sorted({r["page"] for r in where if isinstance(r.get("page"), int)})
    other = _stand_ins(where)
    font_en = (f"in the same size, drawn in {', '.join(other)} (the PDF's own font holds only the characters it "
               "used)" if other else "in the same font and size")
    font_zh = (f"字号不变；该 PDF 自带的字体只包含原文用到的字，所以改用 {'、'.join(other)} 显示" if other
               else "字体和字号不变")
    on_pages = ("page " if len(pages) == 1 else "pages ") + ", ".join(map(str, pages))
    return t(f"Replaced \"{args.get('find')}\" with \"{args.get('replace')}\" in {target}: "
                   f"{plural(len(where), 'text run')} on {on_pages}, {font_en}.",
                   f"已将 {target} 中的“{args.get('find')}”改为“{args.get('replace')}”：第 "
                   f"{'、'.join(map(str, pages))} 页共 {len(where)} 处，{font_zh}。")


def error_of(res: dict[str, Any]) -> str:
    return str(res.get("error") or res.get("message") or "unknown error").strip()


def failure(res: dict[str, Any], chinese: bool, read_only: bool = False) -> str:
    """What failed, for the reply: the skill's message id in the request's language when it gave one; its
    English words only as details under a sentence in Chinese (never a command name). A question that
    writes nothing ("what is in broken.docx?") is answered with only what was wrong."""
    said = res.get("error_msg")
    reason: Msg | str = Msg.from_dict(said) if isinstance(said, dict) else error_of(res)
    language = "zh_CN" if chinese else "en"
    if read_only and (isinstance(reason, Msg) or not chinese):
        return render_plain(reason, language) if isinstance(reason, Msg) else reason
    if isinstance(reason, Msg) or not chinese:
        return render_plain(msg("problem.failed", reason=reason), language)
    plain = "problem.read.plain" if read_only else "problem.failed.plain"
    return (render_plain(msg(plain), language) + "\n"
            + render_plain(desktop_msg("error.details", details=reason), language))


def other_font(res: dict[str, Any], t: Translate) -> str:
    """A sentence saying pdf_replace_text drew the new text in another font than the PDF's own, else ""."""
    data = res.get("data")
    where = [r for r in data.get("replacements") or [] if isinstance(r, dict)] if isinstance(data, dict) else []
    fonts = _stand_ins(where)
    if not fonts:
        return ""
    return t(f" The new text is drawn in {', '.join(fonts)}: the PDF's own font holds only the characters it used.",
             f"新文字改用 {'、'.join(fonts)} 显示：该 PDF 自带的字体只包含原文用到的字。")


def _stand_ins(replacements: list[dict[str, Any]]) -> list[str]:
    """The fonts pdf_replace_text drew in instead of the PDF's own (which lacked the new characters)."""
    return sorted({str(r["drawn_in"]) for r in replacements if r.get("drawn_in") and r.get("drawn_in") != r.get("font")})


def text_summary(path: str, text: str, chinese: bool) -> str:
    """What a text file holds, read back: its size in lines and words, its headings and how it begins."""
    lines = [ln for ln in text.splitlines() if ln.strip()]
    words = len(text.split())
    heads = [ln.lstrip("#").strip() for ln in lines if ln.startswith("#")][:12]
    start = "\n".join(f"> {ln}" for ln in lines[:6])
    if not lines:
        return f"{path} 是空文件。" if chinese else f"{path} is empty."
    size = f"{len(lines)} 行，{words} 个词" if chinese else f"{plural(len(lines), 'line')}, {plural(words, 'word')}"
    out = [f"**{path}** — {size}"]
    if heads:
        out.append(("标题：" + "、".join(heads)) if chinese else "Headings: " + ", ".join(heads))
    out.append(("开头：\n" if chinese else "It begins:\n") + start)
    return "\n\n".join(out)
