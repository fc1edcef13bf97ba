"""DOCX (50 and 500 pages), PPTX (30 slides) and XLSX (20,000 rows): file → first painted native
preview, against the LibreOffice route on the same file.

The LibreOffice route converts to PDF and rasterises the first page, with one profile kept
across runs (created by a warm-up conversion that is not measured). Both sides run the same
number of times, alternately, and the medians are compared; the spread is in the note.
The documents are generated here at the stated size and never committed.
"""
from __future__ import annotations

import statistics
import tempfile
from pathlib import Path

from bench._common import Row, Skip
from bench._preview_common import KeptOffice, app, first_paint, interleaved, spread

TEXT = ("Mira turns a conversation into verified office files, checks them, and shows them. " * 3).strip()


def _docx(path: Path, pages: int) -> Path:
    import docx

    document = docx.Document()
    document.add_heading("Annual report", 0)
    for page in range(pages):
        document.add_heading(f"Section {page + 1}", 1)
        for _ in range(5):
            document.add_paragraph(TEXT)
        if page % 10 == 0:
            table = document.add_table(rows=4, cols=4)
            for r in range(4):
                for c in range(4):
                    table.cell(r, c).text = f"{r * c}"
        if page < pages - 1:
            document.add_page_break()
    document.save(str(path))
    return path


def _pptx(path: Path, slides: int) -> Path:
    from pptx import Presentation
    from pptx.chart.data import CategoryChartData
    from pptx.enum.chart import XL_CHART_TYPE
    from pptx.util import Inches

    prs = Presentation()
    for i in range(slides):
        slide = prs.slides.add_slide(prs.slide_layouts[1 if i % 5 else 5])
        slide.shapes.title.text = f"Slide {i + 1}"
        if i % 5:
            slide.placeholders[1].text_frame.text = TEXT
        else:
            data = CategoryChartData()
            data.categories = ["Q1", "Q2", "Q3", "Q4"]
            data.add_series("Revenue", (10.0 + i, 12.0, 15.0, 11.0))
            slide.shapes.add_chart(XL_CHART_TYPE.COLUMN_CLUSTERED, Inches(1), Inches(1.5), Inches(8), Inches(5), data)
    prs.save(str(path))
    return path


def _xlsx(path: Path, rows: int) -> Path:
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.append(["Id", "Customer", "Region", "Units", "Price", "Total"])
    for r in range(2, rows + 1):
        ws.append([r - 1, f"customer {r}", ("North", "South", "East")[r % 3], r % 17, 9.5, f"=D{r}*E{r}"])
    wb.save(str(path))
    return path


def run() -> list[Row]:
    from skills.runtime.soffice import soffice_path

    if soffice_path() is None:
        raise Skip("LibreOffice (soffice) is not installed: the baseline cannot run")
    app()
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as tmp:
        d = Path(tmp)
        cases = [("DOCX first preview paint, 50 pages", _docx(d / "report50.docx", 50), 5),
                 ("DOCX first preview paint, 500 pages", _docx(d / "report500.docx", 500), 3),
                 ("PPTX first preview paint, 30 slides", _pptx(d / "deck30.pptx", 30), 5),
                 ("XLSX first preview paint, 20,000 rows", _xlsx(d / "rows20k.xlsx", 20_000), 3)]
        office = KeptOffice(d)
        office.warm(_docx(d / "warm.docx", 1))
        for _name, path, _repeat in cases:
            first_paint(path)  # imports, fonts and file cache warm for the native side too
        for name, path, repeat in cases:
            native, lo = interleaved(lambda p=path: first_paint(p), lambda p=path: office.run(p), repeat)
            rows.append(Row(name, statistics.median(native) * 1000, statistics.median(lo) * 1000, "ms",
                            "LibreOffice convert → PDF → first page, kept profile, same file",
                            "<= 0.05x baseline (20x faster)", 0.05,
                            note=f"native {spread(native)}; LibreOffice {spread(lo)}"))
        rows.append(_check_cost(cases[0][1]))
    return rows


def _check_cost(path: Path, repeat: int = 9) -> Row:
    """What the isolated check (the file opened by its library in the worker before the app parses
    it) adds to a normal DOCX first paint: the same paint with the check skipped is the baseline."""
    import renderers.docx._html as _docx_html

    checked = _docx_html.isolated_check

    def unchecked() -> float:
        _docx_html.isolated_check = lambda _path: None  # type: ignore[assignment]
        try:
            return first_paint(path)
        finally:
            _docx_html.isolated_check = checked

    with_check, without = interleaved(lambda: first_paint(path), unchecked, repeat)
    return Row("DOCX 50-page first paint with the isolated check", statistics.median(with_check) * 1000,
               statistics.median(without) * 1000, "ms", "the same paint without the check (the worker kept warm)",
               "reported (the 20x target above includes the check)", None, met=True,
               note=f"with {spread(with_check)}; without {spread(without)}")


if __name__ == "__main__":
    for row in run():
        print(f"{row.name}: {row.value:.1f} ms vs {row.baseline:.1f} ms, ratio {row.ratio:.3f} ({row.note})")
