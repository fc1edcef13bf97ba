"""What the offline planner says: its help text and the delivery message built from a finalization packet.

The delivery message reports only what the packet shows: a check is called
passed only when its status is "passed"; not-run checks are named as not run
with their reason.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import desktop.llm.offline._intents as intents
from desktop.llm._patterns import later
from desktop.translations import render_plain
from desktop.llm.packet import FinalizationPacket
from skills.messages import MESSAGES, Msg, check_label, checks_verdict, file_size, msg, status_word
from skills.runtime import Evidence

SETTINGS_LINK = "mira-settings:open"  # the window opens Settings for it (desktop/ui/main_window.py)


# A request about how text looks, which no offline operation changes: said first, before the help
_LOOKS = later(r"\b(?:bold|italic|underline[ds]?|fonts?|typeface|colou?rs?|red|blue|green|bigger|smaller|larger|font size"
               r"|highlight(?:ed)?|centred|centered|cent(?:er|re)\s+(?:it|the))\b"
               r"|加粗|粗体|斜体|下划线|字体|字号|颜色|红色|蓝色|绿色|变大|变小|加大|高亮|居中", re.IGNORECASE)


def help_text(chinese: bool, request: str = "", shown: bool = False) -> str:
    """What the offline planner can and cannot do, in the user's language: every line of the intents
    table the first time in a conversation; once ``shown``, the short form with the line that fits. A
    request about how text looks is told first that offline nothing changes that."""
    language = "zh_CN" if chinese else "en"
    if request and _LOOKS.search(request):
        said = render_plain(msg("reply.no_formatting", settings=SETTINGS_LINK), language)
        return said + "\n\n" + _help(language, request, shown)
    return _help(language, request, shown)


def _help(language: str, request: str, shown: bool) -> str:
    if shown:
        line = render_plain(msg(intents.help_topic(request)), language)
        return render_plain(msg("reply.help.short", line=f"- {line}", settings=SETTINGS_LINK), language)
    lines = [f"- {render_plain(msg(h), language)}" for _, h in intents.help_lines()]
    return "\n".join([render_plain(msg("reply.help.intro"), language), *lines, "",
                      render_plain(msg("reply.help.outro", settings=SETTINGS_LINK), language)])


def help_shown(earlier: Sequence[str]) -> bool:
    """True when one of the conversation's earlier replies already was the full help text."""
    marks = [render_plain(msg("reply.help.intro"), lang)[:40] for lang in ("en", "zh_CN")]
    return any(text.lstrip().startswith(tuple(marks)) for text in earlier)


def use_preview(chinese: bool) -> str:
    """"show me the file": where the window shows it (the planner writes files; the window shows them)."""
    return render_plain(msg("reply.use_preview"), "zh_CN" if chinese else "en")


def no_file_yet(action: str, chinese: bool) -> str:
    """"make it a PDF too" when the conversation has made no file (an earlier write was denied)."""
    language = "zh_CN" if chinese else "en"
    return render_plain(msg("reply.no_file_yet", action=msg(f"reply.no_file_yet.{action}")), language)


def outside_folder(paths: Sequence[str], chinese: bool) -> str:
    """The answer to a request naming a file outside the working folder: nothing is read or written."""
    return render_plain(msg("reply.outside_folder", paths=[f"“{p}”" for p in paths]), "zh_CN" if chinese else "en")


def no_content(kind: str, chinese: bool, request: str = "", shown: bool = False) -> str:
    """The answer to "make a <kind> about X" with no content: say so, then the help text (its short form
    once the conversation has shown it)."""
    language = "zh_CN" if chinese else "en"
    name = render_plain(msg(f"kind.{kind}"), language) if f"kind.{kind}" in MESSAGES else kind
    said = render_plain(msg("reply.no_content", kind=name), language)
    return said + "\n\n" + help_text(chinese, request, shown)


_MARK = {"passed": "✓", "failed": "✗", "not_run": "–"}


def _file_checks(ev: Evidence, say: Callable[[Msg], str]) -> tuple[str, list[str]]:
    """One verdict for a file's checks, plus a line for each check that failed or did not run.

    Passed checks are summed up in the verdict; the card's details view lists each of them.
    """
    statuses = [c.status for c in ev.checks]
    lines = []
    for check in ev.checks:
        status = check.status
        if status == "passed":
            continue
        detail = (say(check.detail) if isinstance(check.detail, Msg) else check.detail).strip()
        label = say(check_label(check.name))
        line = say(msg("reply.check", mark=_MARK[status], label=label, status=say(status_word(status))))
        lines.append(f"  - {line}" + (f" — {detail}" if detail else ""))
    return say(checks_verdict(statuses)), lines


def delivery(packet: FinalizationPacket, chinese: bool) -> str:
    """The markdown delivery message for a finalization packet, in the request's language."""
    language = "zh_CN" if chinese else "en"

    def say(message: Msg) -> str:
        return render_plain(message, language)

    status = packet.status
    summary = packet.summary.strip()
    out: list[str] = []
    # the write ran and changed the file, then a check of it failed: said so, not "did not finish"
    written_failed = status == "failed" and bool(packet.artifacts) and all(
        (ev := packet.evidence_for(a.path)) is not None and not ev.passed for a in packet.artifacts)
    if status == "completed" and packet.artifacts:
        out.append(say(msg("reply.made")))
    elif written_failed:
        out.append(say(msg("reply.written_check_failed")))
    elif status == "completed":
        if not summary:  # else the summary says what happened (a failure too)
            out.append(say(msg("reply.done")))
    elif status == "denied":
        out.append(say(msg("reply.declined")))
        if summary.startswith(("Nothing was written", "没有写入任何文件")):
            summary = ""  # the skill's own line says the same with internal names; ours is plainer
    else:
        out.append(say(msg("reply.not_finished")))
    for a in packet.artifacts:
        name = say(msg(f"kind.{a.kind}")) if f"kind.{a.kind}" in MESSAGES else a.kind.upper()
        line = say(msg("reply.file", name=a.path, kind=name, size=file_size(a.bytes)))
        ev = packet.evidence_for(a.path)
        if ev is None:
            out.append(f"- {line} · {say(msg('check.none'))}")
            continue
        verdict, problems = _file_checks(ev, say)
        out += [f"- {line} · {verdict}", *problems]
    if summary:
        out += ["", summary]
    if status != "completed" and packet.artifacts and not written_failed:
        out += ["", say(msg("reply.partial"))]
    return "\n".join(out).strip()
