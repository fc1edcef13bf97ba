"""What the offline planner says: its help text and the delivery message built from a finalization packet.

The delivery message reports only what the packet shows: a check is called
passed only when its status is "passed"; not-run checks are named as not run
with their reason.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

KIND_NAMES = {
    "en": {"docx": "Word document", "pdf": "PDF", "pptx": "PowerPoint deck", "xlsx": "Excel workbook"},
    "zh": {"docx": "Word 文档", "pdf": "PDF 文件", "pptx": "PowerPoint 演示文稿", "xlsx": "Excel 工作簿"},
}

HELP_EN = """I'm the **offline planner**: I work without a network or an AI model, so I can only use content you give me.

What I can do:
- Turn your own content into files: markdown headings, lists and tables, CSV data, or attached `.md`, `.csv` and `.txt` files \
become a **Word** document, a **PDF**, **PowerPoint** slides or an **Excel** workbook (with totals if you ask).
- Add a chart, a table of contents or page numbers on request, or build on your own template: *Make a spreadsheet with a bar chart*, *Use template.pptx*.
- Turn one office file into another: *Turn report.docx into slides*.
- Edit text in an existing file: *In report.docx replace "2024" with "2025"* (*suggest changes* marks them for review in Word).
- Fill in a PDF form: *fill in form.pdf: Name = Ada Lovelace*.
- Inspect a file you attach: *What's in budget.xlsx?*

What I can't do: write prose, summaries or ideas I don't have. For that, connect a real model in **Settings** \
(any OpenAI-compatible service or a local one such as Ollama).

Try: *Make a Word document from this:* followed by your notes, or attach `notes.md` and ask for slides."""

HELP_ZH = """我是**离线规划器**：无需网络和 AI 模型即可工作，所以只能使用你提供的内容。

我能做的：
- 把你自己的内容做成文件：Markdown 标题、列表和表格、CSV 数据，或附加的 `.md`、`.csv`、`.txt` 文件，\
可以生成 **Word 文档**、**PDF**、**PowerPoint 幻灯片**或 **Excel 工作簿**（需要时可加合计行）。
- 按要求加图表、目录或页码，或套用你自己的模板：*做成表格，加一个柱状图*、*用这个模板*。
- 把一个 Office 文件做成另一种：*把这份Word做成PPT*。
- 修改现有文件中的文字：*把 report.docx 中的“2024”改成“2025”*（说“修订模式”则以修订标记供你在 Word 中审阅）。
- 填写 PDF 表单：*填写 form.pdf：姓名 = 张三*。
- 查看你附加的文件：*查看 budget.xlsx*。

我不能做的：凭空撰写文章、总结或想法。如需这些，请在**设置**中连接真正的模型\
（任何兼容 OpenAI 的服务，或 Ollama 等本地模型）。

试试：输入“把下面的内容做成 Word 文档：”再附上你的笔记，或附加 `notes.md` 并要求生成幻灯片。"""


def help_text(chinese: bool) -> str:
    """What the offline planner can and cannot do, in the user's language."""
    return HELP_ZH if chinese else HELP_EN


def no_content(kind: str, chinese: bool) -> str:
    """The answer to "make a <kind> about X" with no content: say so, then the help text."""
    name = KIND_NAMES["zh" if chinese else "en"].get(kind, kind)
    if chinese:
        lead = (f"我可以把你提供的内容做成{name}，但不能替你撰写内容。请把要点、Markdown 或 CSV 粘贴在请求中，"
                "或附加一个文本文件。")
    else:
        lead = (f"I can turn content you give me into a {name}, but I can't write that content myself. "
                "Paste your points, markdown or CSV into the request, or attach a text file.")
    return lead + "\n\n" + help_text(chinese)


def size_text(n: int) -> str:
    if n < 1024:
        return f"{n} B"
    if n < 1024 * 1024:
        return f"{n / 1024:.1f} KB"
    return f"{n / (1024 * 1024):.1f} MB"


_STATUS = {
    "en": {"passed": "passed", "failed": "FAILED", "not_run": "not run"},
    "zh": {"passed": "通过", "failed": "未通过", "not_run": "未运行"},
}


def _checks(evidence: Sequence[Mapping[str, Any]], lang: str) -> list[str]:
    lines: list[str] = []
    for ev in evidence:
        checks = ev.get("checks") or []
        head = f"`{ev.get('path', '?')}`"
        if not checks:
            lines.append(f"- {head}: " + ("没有运行任何检查" if lang == "zh" else "no checks were run"))
            continue
        for check in checks:
            status = str(check.get("status", "not_run"))
            word = _STATUS[lang].get(status, _STATUS[lang]["not_run"])
            detail = str(check.get("detail") or "").strip()
            lines.append(f"- {head} · {check.get('name', '?')}: **{word}**" + (f" — {detail}" if detail else ""))
        counts = ev.get("counts") or {}
        if counts:
            joined = ", ".join(f"{k} {v}" for k, v in counts.items())
            lines.append(f"- {head} · " + ("结构统计" if lang == "zh" else "structure") + f": {joined}")
    return lines


def _verdict(evidence: Sequence[Mapping[str, Any]], lang: str) -> str:
    statuses = [str(c.get("status")) for ev in evidence for c in (ev.get("checks") or [])]
    if not statuses:
        return "这些文件没有经过检查。" if lang == "zh" else "No checks ran on these files."
    failed = statuses.count("failed")
    not_run = statuses.count("not_run")
    passed = statuses.count("passed")
    if lang == "zh":
        parts = [f"{passed} 项通过"]
        if failed:
            parts.append(f"{failed} 项未通过")
        if not_run:
            parts.append(f"{not_run} 项未运行")
        return "检查结果：" + "，".join(parts) + "。"
    parts = [f"{passed} passed"]
    if failed:
        parts.append(f"{failed} failed")
    if not_run:
        parts.append(f"{not_run} not run")
    return "Checks: " + ", ".join(parts) + "."


def delivery(packet: Mapping[str, Any], chinese: bool) -> str:
    """The markdown delivery message for a finalization packet."""
    lang = "zh" if chinese else "en"
    status = str(packet.get("status", "failed"))
    summary = str(packet.get("summary") or "").strip()
    artifacts = [a for a in packet.get("artifacts") or [] if isinstance(a, Mapping)]
    evidence = [e for e in packet.get("evidence") or [] if isinstance(e, Mapping)]
    names = KIND_NAMES[lang]
    out: list[str] = []
    if status == "completed" and artifacts:
        out.append("已完成。生成的文件：" if chinese else "Done. Here is what I made:")
    elif status == "completed":
        out.append("已完成。" if chinese else "Done.")
    elif status == "denied":
        out.append("没有写入任何文件：你拒绝了这次更改。" if chinese
                   else "Nothing was written: you declined the change.")
        if summary.startswith(("Nothing was written", "没有写入任何文件")):
            # The skill agent's own summary already says it, with the file and command named.
            out[-1] = summary
            summary = ""
    else:
        out.append("任务没有完成。" if chinese else "The task did not finish.")
    for a in artifacts:
        kind = str(a.get("kind", ""))
        sep = "，" if chinese else ", "
        out.append(f"- **{a.get('path', '?')}** — {names.get(kind, kind)}{sep}{size_text(int(a.get('bytes') or 0))}")
    if summary:
        out += ["", summary]
    if evidence:
        out += ["", "**检查**" if chinese else "**Checks**", *_checks(evidence, lang), "", _verdict(evidence, lang)]
    elif artifacts:
        out += ["", _verdict(evidence, lang)]
    if status != "completed" and artifacts:
        out += ["", "上面列出的文件来自本次任务中已经完成的步骤。" if chinese
                else "The files listed above come from steps that did finish in this task."]
    return "\n".join(out).strip()
