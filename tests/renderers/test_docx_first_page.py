"""Page 1 of a long DOCX is drawn from the blocks that reach it, not from the whole document.

The class: long Chinese text whose paragraphs each hold hundreds of hyperlinks (as Apache POI's
bug65649.docx), where one paragraph runs for pages and reading the rest cost seconds. The page
drawn from its own blocks equals the same page of the whole document laid out; the page count is
an estimate until the document has been read to its end, and ``mira preview`` says so."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import docx
import pytest

import renderers.docx._pages as docx_pages
import renderers.docx.plugin as docx_renderer
from bench._slow_files import write_linked_docx
from renderers import cli
from renderers.docx._html import load


def _whole(path: Path, index: int, width: int) -> tuple[Any, int]:
    """Page ``index`` of the whole document laid out at once (what the preview drew before)."""
    content = load(path)
    doc = docx_renderer.paginated(content.images, docx_renderer.flow_html(content), content.page)
    return docx_renderer.draw_page(doc, index, width, content.page), doc.pageCount()


@pytest.fixture
def builders(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    opened: list[Any] = []
    real = docx_pages.open_builder

    def open_builder(path: Path, **options: Any) -> Any:
        opened.append(real(path, **options))
        return opened[-1]

    monkeypatch.setattr(docx_pages, "open_builder", open_builder)
    return opened


def test_page_1_of_a_document_of_links_is_read_from_its_first_paragraph_and_equals_the_whole_layout(
        qapp, tmp_path: Path, builders: list[Any]) -> None:
    path = write_linked_docx(tmp_path / "links.docx", paragraphs=30, links=200)
    image, count, exact = docx_renderer.render_page(path, 0, 500)
    assert builders[0].share_read() < 0.25 and not builders[0].done  # not the 12 paragraphs of links
    whole, pages = _whole(path, 0, 500)
    assert image == whole
    assert not exact and abs(count - pages) <= max(2, pages // 5), (count, pages)  # "about N"
    inked = sum(1 for x in range(0, image.width(), 2) for y in range(0, image.height() // 2, 2)
                if image.pixelColor(x, y).lightness() < 200)
    assert inked > 500, "page 1 shows no text"


def test_a_later_page_is_complete_when_drawn_from_the_blocks_up_to_it(qapp, tmp_path: Path) -> None:
    path = write_linked_docx(tmp_path / "links.docx", paragraphs=12, links=300)
    image, count, _ = docx_renderer.render_page(path, 4, 400)
    whole, pages = _whole(path, 4, 400)
    assert pages > 5 and image == whole


def test_a_short_document_gets_its_exact_page_count(qapp, tmp_path: Path) -> None:
    document = docx.Document()
    for i in range(60):
        document.add_paragraph(f"第{i}段：中文说明文字，足够长的一行。")
    path = tmp_path / "short.docx"
    document.save(str(path))
    image, count, exact = docx_renderer.render_page(path, 0, 400)
    whole, pages = _whole(path, 0, 400)
    assert exact and count == pages >= 2 and image == whole


def test_mira_preview_says_the_count_of_a_long_document_is_an_estimate(qapp, tmp_path: Path, capsys) -> None:
    path = write_linked_docx(tmp_path / "links.docx", paragraphs=12, links=300)
    assert cli.main([str(path), "--out", str(tmp_path / "page.png"), "--width", "300"]) == 0
    assert "docx 1/about " in capsys.readouterr().out
    short = write_linked_docx(tmp_path / "short.docx", paragraphs=1, links=5)
    assert cli.main([str(short), "--out", str(tmp_path / "short.png"), "--width", "300"]) == 0
    assert capsys.readouterr().out.strip().endswith("docx 1/1)")
    assert cli.main([str(short), "--out", str(tmp_path / "no.png"), "--page", "3"]) == 2
    assert "has 1 page; there is no page 3" in capsys.readouterr().err


def test_the_window_paints_a_document_of_links_before_reading_it_all_and_counts_its_pages_after(
        show_preview, qtbot, tmp_path: Path) -> None:
    path = write_linked_docx(tmp_path / "links.docx", paragraphs=30, links=200)
    first = docx_renderer.first_chunk(path)
    assert not first.done and first.html.count("链接") < 30 * 200 // 4  # the first piece is pages, not all
    preview = show_preview(path, (520, 500))
    qtbot.waitUntil(preview.loaded_everything, timeout=60_000)
    _, pages = _whole(path, 0, 200)
    assert preview.count() == min(pages, docx_renderer.MAX_PAGES)
    text = preview.text()
    assert text.count("链接") == 30 * 200 and "第29段" in text


def test_mira_preview_of_a_docx_does_not_import_the_widgets_or_pymupdf(tmp_path: Path) -> None:
    import subprocess
    import sys

    path = write_linked_docx(tmp_path / "short.docx", paragraphs=2, links=5)
    code = ("import sys; from renderers import cli; code = cli.main(sys.argv[1:]); "
            "print(sorted(m for m in ('pymupdf', 'PySide6.QtWidgets', 'renderers.qt_preview') if m in sys.modules)); "
            "sys.exit(code)")
    done = subprocess.run([sys.executable, "-c", code, str(path), "--out", str(tmp_path / "p.png"), "--width", "200"],
                          capture_output=True, text=True, timeout=120, env={**__import__("os").environ,
                                                                             "QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip().splitlines()[-1] == "[]"
