"""``python -m uchat.demo``: the chat shell with sample messages, for screenshots.

``--screenshot PATH`` renders the window offscreen to a PNG and exits;
``--dark`` uses a dark palette.
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from PySide6.QtGui import QPalette
    from PySide6.QtWidgets import QWidget

    from uchat import ChatWidget, ExtensionRef, Message

SAMPLE_MARKDOWN = """# Quarterly report plan

Here is what I will produce, **step by step**:

1. A *DOCX* summary with headings
2. A chart sheet in `report.xlsx`
   - revenue by region
   - costs by month

| Region | Q1 | Q2 |
|--------|---:|---:|
| North  | 120 | 135 |
| South  | 98 | 110 |

> Numbers come from your CSV; nothing is invented.

See [the documentation](https://example.com/docs) for details.
"""

SAMPLE_CODE = """Here is the script:

```python
import csv
from pathlib import Path


def totals(path: Path) -> dict[str, float]:
    \"\"\"Sum the amount column per region.\"\"\"
    out: dict[str, float] = {}
    with path.open(newline="", encoding="utf-8") as fh:
        for row in csv.DictReader(fh):
            out[row["region"]] = out.get(row["region"], 0.0) + float(row["amount"])
    return out


if __name__ == "__main__":
    print(totals(Path("sales.csv")))  # a deliberately long comment line that has to wrap inside the bubble
```
"""

SAMPLE_CHINESE = """## 会议纪要

请把下面的内容整理成一份 **Word 文档**：

- 时间：2024 年 3 月 5 日
- 参会人：张伟、李娜、王芳
- 结论：下季度预算增加 `15%`，重点投入市场推广。

中文与 English 混排也应当显示清楚。"""

STREAM_TEXT = (
    "Streaming reply: I am reading your file and writing the summary now. "
    "Each word arrives separately, and the view updates this message in place "
    "without jumping around. 这条消息正在流式输出。"
).split(" ")


def sample_messages() -> list[Message]:
    from uchat import ExtensionRef, Message, Role, Status

    return [
        Message(id="m1", role=Role.SYSTEM, text="Offline planner — no model configured. 离线规划器"),
        Message(id="m2", role=Role.USER, text="Can you turn my sales notes into a report?"),
        Message(
            id="m3",
            role=Role.ASSISTANT,
            text=SAMPLE_MARKDOWN,
            extensions=(ExtensionRef(message_id="m3", artifact_id="a1", kind="demo/card"), ExtensionRef(message_id="m3", artifact_id="a2", kind="demo/none")),
        ),
        Message(id="m4", role=Role.USER, text=SAMPLE_CHINESE),
        Message(id="m5", role=Role.ASSISTANT, text=SAMPLE_CODE),
        Message(id="m6", role=Role.ASSISTANT, text="", extensions=(ExtensionRef(message_id="m6", artifact_id="a3", kind="demo/card"),)),
        Message(
            id="m7",
            role=Role.ASSISTANT,
            text="I tried to open `budget.xlsx`.",
            status=Status.ERROR,
            error="the file is encrypted; please remove the password and attach it again",
        ),
        Message(id="m8", role=Role.ASSISTANT, text="", status=Status.STREAMING),
    ]


class DemoProvider:
    """A fake host: ``demo/card`` is a card with a button, ``demo/none`` shows nothing."""

    def __init__(self) -> None:
        self.clicks = 0

    def create(self, ref: ExtensionRef, parent: QWidget) -> QWidget | None:
        from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QPushButton, QVBoxLayout

        if ref.kind != "demo/card":
            return None
        card = QFrame(parent)
        card.setFrameShape(QFrame.Shape.StyledPanel)
        box = QVBoxLayout(card)
        title = QLabel(f"<b>report.docx</b> — artifact {ref.artifact_id}", card)
        info = QLabel("3 headings · 1 table · verified ✓", card)
        row = QHBoxLayout()
        button = QPushButton("Open", card)
        status = QLabel("", card)

        def clicked() -> None:
            self.clicks += 1
            status.setText(f"clicked {self.clicks}×")

        button.clicked.connect(clicked)
        row.addWidget(button)
        row.addWidget(status, 1)
        box.addWidget(title)
        box.addWidget(info)
        box.addLayout(row)
        return card


def dark_palette() -> QPalette:
    from PySide6.QtGui import QColor, QPalette

    p = QPalette()
    R = QPalette.ColorRole
    for role, colour in {
        R.Window: "#202124", R.WindowText: "#e8eaed", R.Base: "#17181a", R.AlternateBase: "#26272b",
        R.Text: "#e8eaed", R.Button: "#2d2e31", R.ButtonText: "#e8eaed", R.Highlight: "#3d7bd9",
        R.HighlightedText: "#ffffff", R.Link: "#8ab4f8", R.PlaceholderText: "#9aa0a6", R.ToolTipBase: "#2d2e31",
        R.ToolTipText: "#e8eaed",
    }.items():
        p.setColor(role, QColor(colour))
    return p


def build(dark: bool = False) -> ChatWidget:
    """The demo window (a ChatWidget) with sample messages and the fake provider."""
    from uchat import ChatWidget, Conversation

    w = ChatWidget(Conversation(sample_messages()))
    w.setWindowTitle("uchat demo")
    if dark:
        w.setPalette(dark_palette())
    w.set_extension_provider(DemoProvider())
    w.resize(900, 1100)
    return w


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m uchat.demo")
    parser.add_argument("--screenshot", metavar="PATH", help="render offscreen to a PNG and exit")
    parser.add_argument("--dark", action="store_true", help="use a dark palette")
    args = parser.parse_args(argv)
    if args.screenshot:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    existing = QApplication.instance()
    app = existing if isinstance(existing, QApplication) else QApplication(sys.argv[:1])
    if args.dark:
        app.setStyle("Fusion")
    w = build(args.dark)
    conv = w.conversation
    words = iter(STREAM_TEXT)

    def tick() -> None:
        word = next(words, None)
        if word is None:
            conv.update("m8", status="done")
            timer.stop()
        else:
            conv.append_text("m8", word + " ")

    timer = QTimer(w)
    timer.timeout.connect(tick)
    w.show()
    if args.screenshot:
        for _ in range(8):
            tick()
        for _ in range(5):
            app.processEvents()
        w.view.sync()
        app.processEvents()
        ok = w.grab().save(args.screenshot)
        w.close()
        w.deleteLater()
        print(args.screenshot if ok else "could not save the screenshot", file=sys.stderr if not ok else sys.stdout)
        return 0 if ok else 1
    timer.start(150)
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())
