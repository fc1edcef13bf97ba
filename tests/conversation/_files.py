"""Files a person would have in the folder, built with the libraries that read them (no corpus files)."""
from __future__ import annotations

from pathlib import Path

NOTES = """# Quarterly report

Sales grew in every region. The review is on September 15.

## Results

- North: up
- South: flat
"""


def notes(path: Path) -> None:
    path.write_text(NOTES, encoding="utf-8")


def contract(path: Path) -> None:
    import docx

    d = docx.Document()
    d.add_heading("Service contract", 0)
    d.add_heading("Term", 1)
    d.add_paragraph("This contract runs from 2024-01-01 to 2024-12-31.")
    d.add_paragraph("Prices are those of the 2024 price list. Acme Ltd. signs for the client.")
    d.save(str(path))


def letter(path: Path) -> None:
    """A document with no headings: only its words say what it is."""
    import docx

    d = docx.Document()
    d.add_paragraph("Dear Ada,")
    d.add_paragraph("The office moves to Harbour Street on June 3. Please pack your desk by Friday.")
    d.save(str(path))


def deck(path: Path) -> None:
    import pptx

    prs = pptx.Presentation()
    titles = ("Kickoff", "Scope", "Budget", "Next steps")
    first = prs.slides.add_slide(prs.slide_layouts[0])
    first.shapes.title.text = titles[0]
    for t in titles[1:]:
        s = prs.slides.add_slide(prs.slide_layouts[1])
        s.shapes.title.text = t
        s.placeholders[1].text_frame.text = f"{t} details"
    prs.save(str(path))


def book(path: Path) -> None:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Sales"
    ws.append(["Month", "North", "South"])
    for row in (("Jan", 1200, 900), ("Feb", 1300, 950), ("Mar", 1250, 1010)):
        ws.append(list(row))
    costs = wb.create_sheet("Costs")
    costs.append(["Item", "Amount"])
    costs.append(["Rent", 2000])
    wb.save(str(path))


def pdf(path: Path, pages: int = 3, label: str = "Page") -> None:
    """A PDF of ``pages`` pages reading "<label> <n> text", made by Mira's own pdf_create (fonts embedded)."""
    from skills.runtime import Workspace, get_command

    blocks: list[dict] = []
    for n in range(1, pages + 1):
        blocks += [{"type": "paragraph", "text": f"{label} {n} text"}] + ([{"type": "page_break"}] if n < pages else [])
    get_command("pdf_create").run(Workspace(path.parent), {"path": path.name, "blocks": blocks})


def form(path: Path) -> None:
    import fitz

    doc = fitz.open()
    page = doc.new_page()
    page.insert_text((72, 60), "Application", fontname="helv", fontsize=14)
    for n, name in enumerate(("Name", "Date", "City")):
        w = fitz.Widget()
        w.field_name, w.field_type = name, fitz.PDF_WIDGET_TYPE_TEXT
        w.rect = fitz.Rect(72, 100 + 40 * n, 300, 120 + 40 * n)
        page.add_widget(w)
    doc.save(str(path))


def corrupt(path: Path) -> None:
    path.write_bytes(b"PK\x03\x04 this is not really a zip archive" + b"\x00" * 64)


BUILDERS = {
    "notes.md": notes, "contract.docx": contract, "x.docx": contract, "letter.docx": letter, "deck.pptx": deck, "book.xlsx": book,
    "doc.pdf": pdf, "a.pdf": lambda p: pdf(p, 2, "Alpha"), "b.pdf": lambda p: pdf(p, 3, "Beta"),
    "form.pdf": form, "broken.docx": corrupt,
}


def make(folder: Path, *names: str) -> None:
    """Put the named files into ``folder``."""
    for name in names:
        BUILDERS[name](folder / name)
