"""Real DOCX/PDF/PPTX/XLSX files generated per test session, broken ones, and a recording host."""
from __future__ import annotations

import hashlib
import zipfile
from pathlib import Path

import pytest

from renderers import ArtifactView, CheckView, EvidenceSummary, PendingApproval


class FakeHost:
    """A RendererHost that records every call."""

    def __init__(self) -> None:
        self.calls: list[tuple[str, object]] = []

    def save_copy(self, artifact: ArtifactView) -> None:
        self.calls.append(("save_copy", artifact.id))

    def open_external(self, artifact: ArtifactView) -> None:
        self.calls.append(("open_external", artifact.id))

    def approve(self, approval_id: str) -> None:
        self.calls.append(("approve", approval_id))

    def deny(self, approval_id: str) -> None:
        self.calls.append(("deny", approval_id))

    def open_preview(self, artifact: ArtifactView, index: int = 0) -> None:
        self.calls.append(("open_preview", (artifact.id, index)))


@pytest.fixture
def host() -> FakeHost:
    return FakeHost()


@pytest.fixture
def view_of():
    """``view_of(path, kind=..., status=..., approval=...)`` → an ArtifactView of a real file."""
    return make_view


EVIDENCE = EvidenceSummary(passed=True, checks=(CheckView(name="opens with python-docx", status="passed"),
                                  CheckView(name="headings present", status="passed", detail="3 headings"),
                                  CheckView(name="visual render", status="not_run", detail="LibreOffice missing")),
                           counts={"pages": 2})


def make_view(path: Path, *, kind: str | None = None, status: str = "written",
              evidence: EvidenceSummary | None = EVIDENCE, approval: PendingApproval | None = None,
              title: str = "Quarterly report") -> ArtifactView:
    data = path.read_bytes() if path.is_file() else b""
    return ArtifactView(id=f"art-{path.stem}", kind=kind or path.suffix.lstrip("."), title=title, path=path,
                        workspace_path=f"out/{path.name}", bytes=len(data),
                        sha256=hashlib.sha256(data).hexdigest(), status=status,  # type: ignore[arg-type]
                        evidence=evidence, approval=approval)


@pytest.fixture(scope="session")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    d = tmp_path_factory.mktemp("docs")
    return {"docx": _docx(d), "pdf": _pdf(d), "pptx": _pptx(d), "xlsx": _xlsx(d), "png": _png(d)}


def _png(d: Path) -> Path:
    from PySide6.QtGui import QColor, QImage

    img = QImage(200, 100, QImage.Format.Format_RGB32)
    img.fill(QColor("#ff8000"))
    img.save(str(d / "pic.png"))
    return d / "pic.png"


def _docx(d: Path) -> Path:
    import docx
    from docx.shared import Inches

    png = _png(d)
    doc = docx.Document()
    doc.add_heading("Annual Report", 0)
    p = doc.add_paragraph("Plain, ")
    p.add_run("bold words").bold = True
    p.add_run(" and ")
    p.add_run("italic words").italic = True
    doc.add_paragraph("First bullet", style="List Bullet")
    doc.add_paragraph("Step one", style="List Number")
    table = doc.add_table(rows=2, cols=2)
    for i in range(2):
        for j in range(2):
            table.cell(i, j).text = f"cell {i}{j}"
    table.cell(1, 1).paragraphs[0].add_run(" strong").bold = True
    doc.add_picture(str(png), width=Inches(2))
    for i in range(14):  # below the fold of the preview, and still one A4 page
        doc.add_paragraph(f"Filler paragraph {i} of the first page.")
    doc.add_page_break()
    doc.add_heading("Second Page Heading", 1)
    doc.add_paragraph("Text that lives on page two.")
    path = d / "report.docx"
    doc.save(str(path))
    return path


def _pdf(d: Path) -> Path:
    import pymupdf

    doc = pymupdf.open()
    for i in range(3):
        page = doc.new_page()
        page.insert_text((72, 100), f"PDF page {i + 1}", fontsize=24)
        if i == 1:
            page.draw_rect(pymupdf.Rect(72, 200, 400, 500), color=(0, 0, 0), fill=(0, 0, 1))
    path = d / "paper.pdf"
    doc.save(str(path))
    return path


def _pptx(d: Path) -> Path:
    from pptx import Presentation
    from pptx.dml.color import RGBColor
    from pptx.enum.shapes import MSO_SHAPE
    from pptx.util import Inches

    prs = Presentation()
    s = prs.slides.add_slide(prs.slide_layouts[0])
    s.shapes.title.text = "Deck Title"
    s = prs.slides.add_slide(prs.slide_layouts[1])
    s.shapes.title.text = "Second Slide"
    s.placeholders[1].text_frame.text = "Revenue up"
    shape = s.shapes.add_shape(MSO_SHAPE.RECTANGLE, Inches(5), Inches(4), Inches(4), Inches(3))
    shape.fill.solid()
    shape.fill.fore_color.rgb = RGBColor(0x00, 0x00, 0xFF)
    s.notes_slide.notes_text_frame.text = "Speaker notes for slide two"
    s = prs.slides.add_slide(prs.slide_layouts[5])
    s.shapes.title.text = "Table"
    t = s.shapes.add_table(2, 2, Inches(1), Inches(2), Inches(6), Inches(1.5)).table
    t.cell(0, 0).text = "Head"
    path = d / "deck.pptx"
    prs.save(str(path))
    return path


def _xlsx(d: Path) -> Path:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Summary"
    ws.append(["Item", "Q1", "Q2", "Total"])
    ws.append(["Apples", 10, 20, "=B2+C2"])
    ws.merge_cells("A4:C4")
    ws["A4"] = "Merged note"
    ws2 = wb.create_sheet("Details")
    ws2.append(["id", "value"])
    ws2.append([7, "seventh"])
    path = d / "budget.xlsx"
    wb.save(str(path))
    return path


@pytest.fixture(scope="session")
def big_xlsx(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """100,000 rows, written in write-only mode (as streaming producers do: no <dimension>)."""
    import openpyxl

    wb = openpyxl.Workbook(write_only=True)
    ws = wb.create_sheet("Big")
    for i in range(100_000):
        ws.append([i, i * 2])
    path = tmp_path_factory.mktemp("big") / "big.xlsx"
    wb.save(str(path))
    return path


@pytest.fixture(scope="session")
def broken(tmp_path_factory: pytest.TempPathFactory, files: dict[str, Path]) -> dict[str, Path]:
    """Broken files, by name: truncated zip, random bytes, OLE-encrypted, encrypted PDF, bomb, missing."""
    import pymupdf

    d = tmp_path_factory.mktemp("broken")
    out: dict[str, Path] = {}
    data = files["docx"].read_bytes()
    (d / "truncated.docx").write_bytes(data[: len(data) // 2])
    out["truncated.docx"] = d / "truncated.docx"
    import random

    rnd = random.Random(7)
    (d / "random.pptx").write_bytes(bytes(rnd.getrandbits(8) for _ in range(4096)))
    out["random.pptx"] = d / "random.pptx"
    (d / "encrypted.xlsx").write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 2048)
    out["encrypted.xlsx"] = d / "encrypted.xlsx"
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "secret")
    doc.save(str(d / "locked.pdf"), encryption=pymupdf.PDF_ENCRYPT_AES_256, user_pw="pw", owner_pw="pw")
    out["locked.pdf"] = d / "locked.pdf"
    (d / "garbage.pdf").write_bytes(b"%PDF-1.7\n" + bytes(rnd.getrandbits(8) for _ in range(2048)))
    out["garbage.pdf"] = d / "garbage.pdf"
    bomb = d / "bomb.xlsx"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as zf:
        zf.writestr("[Content_Types].xml", "<Types/>")
        zf.writestr("xl/worksheets/sheet1.xml", b"\0" * (1024 * 1024))
    # the central directory claims 2 GB inflated: past the total cap, as a real bomb would be
    data = bytearray(bomb.read_bytes())
    record = data.rfind(b"PK\x01\x02")
    data[record + 24:record + 28] = (2 * 1024 ** 3).to_bytes(4, "little")
    bomb.write_bytes(bytes(data))
    out["bomb.xlsx"] = bomb
    out["missing.docx"] = d / "missing.docx"
    return out


@pytest.fixture
def show_preview(qtbot, view_of):
    """``show_preview(path, size=(700, 600))`` → the native preview of the file's kind (page view off),
    shown at ``size`` with its first page, slide or sheet loaded."""
    from renderers.registry import Registry

    def show_preview(path: Path, size: tuple[int, int] = (700, 600)):
        preview = Registry().plugin(path.suffix.lstrip(".").lower()).preview(view_of(path), None, 0,
                                                                              page_view=False)
        qtbot.addWidget(preview)
        preview.resize(*size)
        preview.show()
        with qtbot.waitSignal(preview.sig_loaded, timeout=20_000):
            pass
        return preview

    return show_preview


@pytest.fixture
def open_pdf(show_preview):
    """``open_pdf(path)`` → a PDF preview shown at 700×600 with its first page loaded."""
    return show_preview
