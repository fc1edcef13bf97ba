"""What the offline planner says: its help text and the delivery message built from a finalization packet.

The delivery message reports only what the packet shows: a check is called
passed only when its status is "passed"; not-run checks are named as not run
with their reason.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from desktop.translations import render_plain
from skills.messages import MESSAGES, Msg, check_label, checks_verdict, msg, status_word

KIND_NAMES = {
    "en": {"docx": "Word document", "pdf": "PDF", "pptx": "PowerPoint deck", "xlsx": "Excel workbook"},
    "zh": {"docx": "Word 文档", "pdf": "PDF 文件", "pptx": "PowerPoint 演示文稿", "xlsx": "Excel 工作簿"},
}

HELP_EN = """I'm the **offline planner**: I work without a network or an AI model, so I can only use content you give me.

What I can do:
- Turn your own content into files: markdown headings, lists and tables, CSV data, or attached `.md`, `.csv` and `.txt` files \
become a **Word** document, a **PDF**, **PowerPoint** slides or an **Excel** workbook (with totals if you ask).
- Edit text in an existing file: *In report.docx replace "2024" with "2025"*.
- Inspect a file you attach: *What's in budget.xlsx?*

What I can't do: write prose, summaries or ideas I don't have. For that, connect a real model in **Settings** \
(any OpenAI-compatible service or a local one such as Ollama).

Try: *Make a Word document from this:* followed by your notes, or attach `notes.md` and ask for slides."""

HELP_ZH = """我是**离线规划器**：无需网络和 AI 模型即可工作，所以只能使用你提供的内容。

我能做的：
- 把你自己的内容做成文件：Markdown 标题、列表和表格、CSV 数据，或附加的 `.md`、`.csv`、`.txt` 文件，\
可以生成 **Word 文档**、**PDF**、**PowerPoint 幻灯片**或 **Excel 工作簿**（需要时可加合计行）。
- 修改现有文件中的文字：*把 report.docx 中的“2024”改成“2025”*。
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


_MARK = {"passed": "✓", "failed": "✗", "not_run": "–"}


def _file_checks(ev: Mapping[str, Any], say: Callable[[Msg], str]) -> tuple[str, list[str]]:
    """One verdict for a file's checks, plus a line for each check that failed or did not run.

    Passed checks are summed up in the verdict; the card's details view lists each of them.
    """
    checks = [c for c in ev.get("checks") or [] if isinstance(c, Mapping)]
    statuses = [str(c.get("status")) if c.get("status") in ("passed", "failed") else "not_run" for c in checks]
    lines = []
    for check, status in zip(checks, statuses):
        if status == "passed":
            continue
        detail = str(check.get("detail") or "").strip()
        label = say(check_label(str(check.get("name", "?"))))
        line = say(msg("reply.check", mark=_MARK[status], label=label, status=say(status_word(status))))
        lines.append(f"  - {line}" + (f" — {detail}" if detail else ""))
    return say(checks_verdict(statuses)), lines


def delivery(packet: Mapping[str, Any], chinese: bool) -> str:
    """The markdown delivery message for a finalization packet, in the request's language."""
    language = "zh_CN" if chinese else "en"

    def say(message: Msg) -> str:
        return render_plain(message, language)

    status = str(packet.get("status", "failed"))
    summary = str(packet.get("summary") or "").strip()
    artifacts = [a for a in packet.get("artifacts") or [] if isinstance(a, Mapping)]
    evidence = {str(e.get("path")): e for e in packet.get("evidence") or [] if isinstance(e, Mapping)}
    out: list[str] = []
    if status == "completed" and artifacts:
        out.append(say(msg("reply.made")))
    elif status == "completed":
        out.append(say(msg("reply.done")))
    elif status == "denied":
        out.append(say(msg("reply.declined")))
        if summary.startswith(("Nothing was written", "没有写入任何文件")):
            summary = ""  # the skill's own line says the same with internal names; ours is plainer
    else:
        out.append(say(msg("reply.not_finished")))
    for a in artifacts:
        kind = str(a.get("kind", ""))
        name = say(msg(f"kind.{kind}")) if f"kind.{kind}" in MESSAGES else kind.upper()
        line = say(msg("reply.file", name=str(a.get("path", "?")), kind=name,
                       size=size_text(int(a.get("bytes") or 0))))
        ev = evidence.get(str(a.get("path")))
        if ev is None:
            out.append(f"- {line} · {say(msg('check.none'))}")
            continue
        verdict, problems = _file_checks(ev, say)
        out += [f"- {line} · {verdict}", *problems]
    if summary:
        out += ["", summary]
    if status != "completed" and artifacts:
        out += ["", say(msg("reply.partial"))]
    return "\n".join(out).strip()
