"""DOCX: Mira's docx_create (which re-opens and verifies the file) plus docx_verify, against raw
python-docx writing the same 50-page content with no verification, in the same run."""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

from bench._common import Row, timeit

PAGES = 50
_WORDS = ("the quarterly plan covers revenue costs hiring risks and the roadmap for each region "
          "with figures agreed by the finance team and reviewed by the board").split()


def _paragraph(n: int) -> str:
    return " ".join(_WORDS[(n + i) % len(_WORDS)] for i in range(70)).capitalize() + "."


def content() -> list[dict[str, Any]]:
    """About one page per iteration; a page break guarantees at least 50 pages."""
    blocks: list[dict[str, Any]] = []
    for page in range(PAGES):
        blocks.append({"type": "heading", "text": f"Section {page + 1}", "level": 1})
        blocks += [{"type": "paragraph", "text": _paragraph(page * 4 + k)} for k in range(3)]
        blocks.append({"type": "bullets", "items": [f"Point {page}.{k}" for k in range(4)]})
        if page % 2 == 0:
            blocks.append({"type": "table", "header": ["Region", "Q1", "Q2", "Q3"],
                           "rows": [[f"R{r}", r * 10, r * 11, r * 12] for r in range(5)]})
        blocks.append({"type": "page_break"})
    return blocks


def _raw(blocks: list[dict[str, Any]], path: Path) -> None:
    import docx
    from docx.enum.text import WD_BREAK

    doc = docx.Document()
    for b in blocks:
        t = b["type"]
        if t == "heading":
            doc.add_heading(b["text"], b["level"])
        elif t == "paragraph":
            doc.add_paragraph(b["text"])
        elif t == "bullets":
            for item in b["items"]:
                doc.add_paragraph(item, style="List Bullet")
        elif t == "table":
            table = doc.add_table(rows=1 + len(b["rows"]), cols=len(b["header"]))
            table.style = doc.styles["Table Grid"]
            for cell, text in zip(table.rows[0].cells, b["header"]):
                cell.text = text
            for row, values in zip(table.rows[1:], b["rows"]):
                for cell, value in zip(row.cells, values):
                    cell.text = str(value)
        elif t == "page_break":
            doc.add_paragraph().add_run().add_break(WD_BREAK.PAGE)
    doc.save(str(path))


def run() -> list[Row]:
    from skills.runtime import Workspace, get_command

    blocks = content()
    tmp = Path(tempfile.mkdtemp(prefix="bench-docx-"))
    try:
        ws = Workspace(tmp / "ws")
        create, verify = get_command("docx_create"), get_command("docx_verify")
        headings = [b["text"] for b in blocks if b["type"] == "heading"]

        def mira() -> None:
            result = create.run(ws, {"path": "bench.docx", "blocks": blocks, "overwrite": True})
            assert result.ok, result.message
            checked = verify.run(ws, {"path": "bench.docx", "expect": {"headings": headings,
                                                                       "tables": PAGES // 2}})
            assert checked.ok, checked.message

        def raw() -> None:
            _raw(blocks, tmp / "raw.docx")

        raw()  # warm imports for both sides
        mira()
        base = timeit(raw, repeat=3)
        value = timeit(mira, repeat=3)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return [Row(name=f"DOCX create+verify, {PAGES} pages", value=value, baseline=base, unit="s",
                baseline_name="raw python-docx, same content, no verify", target="<= 2x baseline",
                target_ratio=2.0, note="Mira: docx_create (writes, re-opens, checks) + docx_verify")]


if __name__ == "__main__":
    for row in run():
        print(f"{row.name}: {row.value:.3f}s vs {row.baseline:.3f}s = {row.ratio:.2f}x")
