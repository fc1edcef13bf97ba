"""Sections as Word lays them out: a continuous section break goes on on the same page, and
``w:pgNumType w:start`` restarts the page numbers; the window shows the drawn pages."""
from __future__ import annotations

from pathlib import Path

from docx.oxml import parse_xml
from docx.oxml.ns import nsdecls

from renderers.docx._pages import laid_out


def _page_footer(section, prefix: str) -> None:
    """A footer "<prefix> <PAGE>" of its own on ``section``."""
    footer = section.footer
    footer.is_linked_to_previous = False
    paragraph = footer.paragraphs[0]
    paragraph.add_run(f"{prefix} ")
    paragraph._p.append(parse_xml(f'<w:fldSimple {nsdecls("w")} w:instr="PAGE"><w:r><w:t>1</w:t></w:r></w:fldSimple>'))


def _sections(path: Path) -> Path:
    """Section 1 and a continuous section 2 on page 1; section 3 from a new page, numbered from 5 and
    two pages long; the body's sections: "Folio N" footers."""
    import docx
    from docx.enum.section import WD_SECTION

    document = docx.Document()
    document.add_paragraph("First section opening words.")
    _page_footer(document.sections[0], "Folio")
    document.add_section(WD_SECTION.CONTINUOUS)
    document.add_paragraph("Continuous section on the same page.")
    restarted = document.add_section(WD_SECTION.NEW_PAGE)
    restarted._sectPr.append(parse_xml(f'<w:pgNumType {nsdecls("w")} w:start="5"/>'))
    document.add_paragraph("Third section starts a page numbered five.")
    document.add_page_break()
    document.add_paragraph("Its second page, numbered six.")
    assert [s.start_type for s in document.sections] == [WD_SECTION.NEW_PAGE, WD_SECTION.CONTINUOUS,
                                                          WD_SECTION.NEW_PAGE]
    document.save(str(path))
    return path


def test_a_continuous_section_goes_on_on_the_same_page_and_numbers_restart(qapp, tmp_path: Path) -> None:
    path = _sections(tmp_path / "sections.docx")
    first = laid_out(path, 0)
    assert first.count == 3 and first.exact
    lines = first.layout.lines(0)
    assert "First section opening words." in lines and "Continuous section on the same page." in lines
    footers = [laid_out(path, i).layout.bands(i, 3)[1] for i in range(3)]
    assert ["Folio 1" in footers[0], "Folio 5" in footers[1], "Folio 6" in footers[2]] == [True, True, True]
    assert [line for line in laid_out(path, 1).layout.lines(1) if line.strip()] == [
        "Third section starts a page numbered five."]


def test_the_window_shows_the_drawn_sections(show_preview, qtbot, tmp_path: Path) -> None:
    path = _sections(tmp_path / "sections.docx")
    preview = show_preview(path, (560, 640))
    qtbot.waitUntil(preview.loaded_everything, timeout=20_000)
    flow = preview.browser()
    assert flow.page_count() == preview.count() == 3
    for index in range(3):
        laid = laid_out(path, index)
        assert flow.page_lines(index) == laid.layout.lines(laid.index)
        assert flow.page_bands(index) == laid.layout.bands(laid.index, 3)
    assert "Folio 5" in flow.text() and "Folio 2" not in flow.text()


def _long_continuous(path: Path) -> Path:
    """A short first section, then a continuous one with wider margins and a footer of its own that
    runs on for pages."""
    import docx
    from docx.enum.section import WD_SECTION
    from docx.shared import Inches

    document = docx.Document()
    document.add_paragraph("Opening section, one paragraph.")
    _page_footer(document.sections[0], "Folio")
    section = document.add_section(WD_SECTION.CONTINUOUS)
    section.left_margin = section.right_margin = Inches(2)
    for i in range(40):
        document.add_paragraph(f"Item {i} of the continuous section, long enough to wrap on the narrower lines here.")
    _page_footer(document.sections[1], "Wide")
    # a first-page footer: the section's first page is the one it shares, so no page of its own shows it
    second = document.sections[1]
    second.different_first_page_header_footer = True
    second.first_page_footer.paragraphs[0].add_run("Cover footer")
    document.save(str(path))
    return path


def test_a_continuous_section_takes_its_own_margins_and_footer_from_the_next_page(qapp, tmp_path: Path) -> None:
    path = _long_continuous(tmp_path / "long.docx")
    laid = laid_out(path, 0)
    layout = laid.layout
    count = layout.count()
    assert count >= 3
    first, _ = layout.locate(0)
    later, local = layout.locate(1)
    assert local == 0 and first.page.left != 192 and later.page.left == 192  # 2 inches from page 2 on
    assert "Folio 1" in layout.bands(0, count)[1] and "Wide 2" in layout.bands(1, count)[1]
    assert not any("Cover" in layout.bands(index, count)[1] for index in range(count))
    lines = layout.lines(0, paragraphs=True)
    assert lines[0] == "Opening section, one paragraph." and lines[-1].startswith("Item ")
    items = [line for index in range(count) for line in layout.lines(index, paragraphs=True) if line.startswith("Item ")]
    numbers = [int(line.split()[1]) for line in items]
    # every item once and in order (a paragraph split over a page is seen on both)
    assert sorted(set(numbers)) == list(range(40)) and numbers == sorted(numbers)
    assert max(len(line) for line in layout.lines(1)) < max(len(line) for line in layout.lines(0))  # narrower lines


def test_the_window_shows_a_long_continuous_section_as_drawn(show_preview, qtbot, tmp_path: Path) -> None:
    path = _long_continuous(tmp_path / "long.docx")
    preview = show_preview(path, (560, 640))
    qtbot.waitUntil(preview.loaded_everything, timeout=20_000)
    flow = preview.browser()
    count = flow.page_count()
    assert count == preview.count() >= 3
    for index in range(count):
        laid = laid_out(path, index)
        assert flow.page_lines(index) == laid.layout.lines(laid.index)
        assert flow.page_bands(index) == laid.layout.bands(laid.index, count)


def test_the_cards_thumbnail_is_the_first_drawn_page(qapp, tmp_path: Path) -> None:
    from renderers.docx.plugin import draw_thumbnail, thumbnail_part

    path = _long_continuous(tmp_path / "long.docx")
    thumbnail, _count = draw_thumbnail(thumbnail_part(path, 0, 240), 240)
    laid = laid_out(path, 0)
    assert thumbnail == laid.layout.draw(0, 240, laid.count)


def test_a_page_number_start_that_is_not_a_number_counts_on(qapp, tmp_path: Path) -> None:
    import docx
    from docx.enum.section import WD_SECTION

    document = docx.Document()
    document.add_paragraph("One.")
    _page_footer(document.sections[0], "Folio")
    restarted = document.add_section(WD_SECTION.NEW_PAGE)
    restarted._sectPr.append(parse_xml(f'<w:pgNumType {nsdecls("w")} w:start="banana"/>'))
    document.add_paragraph("Two.")
    path = tmp_path / "odd.docx"
    document.save(str(path))
    laid = laid_out(path, 1)
    assert laid.count == 2 and "Folio 2" in laid.layout.bands(1, 2)[1]
