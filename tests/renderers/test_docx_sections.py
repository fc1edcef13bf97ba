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
