"""Chat shell at scale: a 10,000-message conversation with mixed markdown.

Measures time to first paint, memory growth over an empty window, median time
per scroll page (with a forced repaint) and the number of live extension
widgets. Baselines in the same run: an empty chat window's first paint and a
plain QListView of 10,000 strings scrolled the same way.
"""
from __future__ import annotations

import os
import statistics
import time

from bench._common import Row, Skip

N = 10_000
PAGES = 50
SIZE = (900, 800)

_TEMPLATES = (
    "## Step {i}\n\nHere is the plan for item **{i}**:\n\n1. read the notes\n2. write `report_{i}.docx`\n   - check headings\n   - check tables",
    "| Region | Q1 | Q2 |\n|---|---:|---:|\n| North | {i} | {j} |\n| South | {j} | {i} |\n\nTotals look right for batch {i}.",
    "```python\ndef total_{i}(rows):\n    return sum(r['amount'] for r in rows)  # batch {i}\n```\nThat is all the code you need.",
    "会议纪要 {i}：下季度预算增加 {j}%，重点投入市场推广。请把它整理成一份 Word 文档，并附上表格。",
    "Short answer {i}: yes, see [the docs](https://example.com/{i}).",
    "> Quoted note {i}\n\nA longer paragraph that wraps over several lines in a normal window, so the layout has real "
    "work to do for message {i}; *emphasis*, `inline code` and a second sentence to make it wrap once more.",
)


def _rss_mb() -> float:
    with open("/proc/self/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    raise Skip("/proc/self/status has no VmRSS (not Linux)")


def _messages():
    from uchat import ExtensionRef, Message, Role

    out = []
    for i in range(N):
        role = Role.USER if i % 3 == 0 else Role.ASSISTANT
        text = _TEMPLATES[i % len(_TEMPLATES)].format(i=i, j=(i * 7) % 100)
        ext = (ExtensionRef(message_id=f"m{i}", artifact_id=f"a{i}", kind="card"),) if i % 10 == 5 else ()
        out.append(Message(id=f"m{i}", role=role, text=text, extensions=ext))
    return out


class _Cards:
    def __init__(self) -> None:
        self.live = 0
        self.created: list[str] = []

    def create(self, ref, parent):
        from PySide6.QtWidgets import QFrame, QLabel, QPushButton, QVBoxLayout

        card = QFrame(parent)
        box = QVBoxLayout(card)
        box.addWidget(QLabel(f"artifact {ref.artifact_id}", card))
        box.addWidget(QPushButton("Open", card))
        self.live += 1
        self.created.append(ref.artifact_id)
        card.destroyed.connect(self._gone)
        return card

    def _gone(self, *_: object) -> None:
        self.live -= 1


def _first_paint(app, widget, target) -> float:
    from PySide6.QtCore import QEvent, QObject

    class Watch(QObject):
        painted = False

        def eventFilter(self, obj, event):
            if event.type() == QEvent.Type.Paint:
                Watch.painted = True
            return False

    watch = Watch()
    target.installEventFilter(watch)
    t0 = time.perf_counter()
    widget.show()
    while not Watch.painted and time.perf_counter() - t0 < 30:
        app.processEvents()
    elapsed = time.perf_counter() - t0
    target.removeEventFilter(watch)
    return elapsed


def _scroll_pages(app, view, live=None) -> list[float]:
    from PySide6.QtCore import QEvent

    sb = view.verticalScrollBar()
    page = view.viewport().height()
    times = []
    for _ in range(PAGES):
        t0 = time.perf_counter()
        sb.setValue(sb.value() - page)
        view.viewport().repaint()
        app.processEvents()
        times.append(time.perf_counter() - t0)
        # what the running event loop does between frames: delete released widgets
        app.sendPostedEvents(None, QEvent.Type.DeferredDelete)
        if live is not None:
            live.append(len(view.slots.live_widgets()))
    return times


def run() -> list[Row]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    try:
        from PySide6.QtCore import QStringListModel
        from PySide6.QtWidgets import QAbstractItemView, QApplication, QListView
    except ImportError as exc:  # pragma: no cover - PySide6 is a dependency
        raise Skip(f"PySide6 missing: {exc}") from exc
    from uchat import ChatWidget, Conversation

    from desktop.ui.theme import apply_theme

    app = QApplication.instance() or QApplication([])
    apply_theme("light", app)  # both sides as in Mira's window (Fusion, palette, stylesheet)

    # Baseline 1: an empty chat window.
    empty = ChatWidget()
    empty.resize(*SIZE)
    empty_paint = _first_paint(app, empty, empty.view.viewport())
    for _ in range(5):
        app.processEvents()
    rss_empty = _rss_mb()

    # Mira: 10,000 messages with mixed markdown and an extension on every tenth.
    messages = _messages()
    cards = _Cards()
    t_open = time.perf_counter()
    chat = ChatWidget(Conversation(messages))
    chat.set_extension_provider(cards)
    chat.resize(*SIZE)
    build = time.perf_counter() - t_open
    paint = build + _first_paint(app, chat, chat.view.viewport())
    live: list[int] = []
    scroll = _scroll_pages(app, chat.view, live)
    rss_peak = _rss_mb()
    visible_rows = max(1, chat.view.viewport().height() // 40)

    # Baseline 2: a plain QListView of 10,000 strings, scrolled the same way.
    plain = QListView()
    plain.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
    plain.setModel(QStringListModel([m.text.split("\n", 1)[0] for m in messages], plain))
    plain.resize(*SIZE)
    plain.show()
    plain.scrollToBottom()
    for _ in range(5):
        app.processEvents()
    plain_scroll = _scroll_pages(app, plain)

    growth = rss_peak - rss_empty
    med, plain_med = statistics.median(scroll), statistics.median(plain_scroll)
    bound = 3 * visible_rows  # three viewports of the smallest rows
    rows = [
        Row("chat first paint, 10,000 markdown messages", paint, empty_paint, "s",
            "empty chat window, first paint", "<= 1 s", met=paint <= 1.0),
        Row("chat scroll one page (forced repaint), median", med * 1000, plain_med * 1000, "ms",
            "plain QListView of 10,000 strings, same scroll", "<= 16 ms", met=med * 1000 <= 16,
            note=f"p90 {sorted(scroll)[int(0.9 * len(scroll))] * 1000:.1f} ms"),
        Row("chat memory growth over an empty window", growth, rss_empty, "MB",
            "RSS of the empty chat window", "<= 150 MB growth", met=growth <= 150),
        Row("live extension widgets while scrolling (peak)", max(live), N // 10, "widgets",
            "extension refs in the conversation", f"<= {bound} (bounded by what is visible)",
            met=0 < max(live) <= bound and cards.live <= bound,
            note=f"{len(cards.created)} created, {cards.live} not yet destroyed at the end"),
    ]
    for w in (empty, chat, plain):
        w.close()
        w.deleteLater()
    app.processEvents()
    return rows


if __name__ == "__main__":
    for row in run():
        print(row)
