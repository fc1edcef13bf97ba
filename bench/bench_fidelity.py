"""Fidelity of the native DOCX and PPTX previews against LibreOffice, on real files (``../shared/corpus``).

Each DOCX's page 1 and each PPTX slide is drawn by the native preview and by LibreOffice (convert to
PDF, rasterised by PyMuPDF at the same width); the two images are compared in grey with a structural
similarity score (SSIM, 7×7 windows, the usual constants) and by their share of coloured ink. A file
scores the mean SSIM of its pages; it "loses its colour" when LibreOffice shows coloured ink and the
native view shows under a quarter of it.

Targets (issue 25): every file ≥ 0.80, median ≥ 0.97, no file that loses its colour.

LibreOffice's images are cached by file hash under ``~/.cache/mira-bench-fidelity`` (two cores convert
~160 files slowly); ``--limit N`` runs a subset while iterating, ``--pairs DIR`` writes side-by-side
PNGs (native left, LibreOffice right) to look at. Under ``python -m bench`` 24 files are scored unless
``MIRA_FIDELITY_LIMIT`` says another number or ``all``. The corpus is never copied: without it the
module is skipped.

Needs the optional ``bench`` extra (numpy).
"""
from __future__ import annotations

import argparse
import hashlib
import os
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench._common import Row, Skip

_PROJECT = Path(__file__).resolve().parents[1]
# ../shared/corpus from the project; from a worktree (wt/NAME) it is two levels up
CORPUS = Path(os.environ.get("MIRA_CORPUS") or next(
    (p for p in (_PROJECT.parent / "shared" / "corpus", _PROJECT.parent.parent / "shared" / "corpus") if p.is_dir()),
    _PROJECT.parent / "shared" / "corpus"))
CACHE = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache")) / "mira-bench-fidelity"
WIDTH = 480
MAX_SLIDES = 12  # per deck: a long deck is judged by its first slides
MIN_FILE, MIN_MEDIAN = 0.80, 0.97


@dataclass
class Score:
    path: Path
    ssim: list[float] = field(default_factory=list)
    native_color: list[float] = field(default_factory=list)
    office_color: list[float] = field(default_factory=list)
    native_s: float = 0.0
    error: str = ""

    @property
    def mean(self) -> float:
        return statistics.fmean(self.ssim) if self.ssim else 0.0

    @property
    def loses_color(self) -> bool:
        native, office = sum(self.native_color), sum(self.office_color)
        return office > 0.002 * max(1, len(self.office_color)) and native < office / 4


def corpus_files(kinds: tuple[str, ...] = ("docx", "pptx"), root: Path = CORPUS) -> list[Path]:
    if not root.is_dir():
        return []
    return sorted(p for kind in kinds for p in (root / kind).glob(f"*.{kind}"))


# -- images ------------------------------------------------------------------------------------------
def _gray_rgb(image: Any) -> tuple[Any, Any]:
    """A QImage as numpy arrays: grey (float, H×W) and RGB (int, H×W×3)."""
    import numpy as np
    from PySide6.QtGui import QImage

    image = image.convertToFormat(QImage.Format.Format_RGB888)
    width, height, stride = image.width(), image.height(), image.bytesPerLine()
    raw = np.frombuffer(image.constBits(), dtype=np.uint8, count=stride * height).reshape(height, stride)
    rgb = raw[:, : width * 3].reshape(height, width, 3).astype(np.int16)
    gray = rgb @ np.array([0.299, 0.587, 0.114])
    return gray, rgb


def _box(a: Any, k: int) -> Any:
    """Mean over every k×k window ('valid' windows), by summed-area table."""
    import numpy as np

    s = np.pad(a, ((1, 0), (1, 0))).cumsum(0).cumsum(1)
    return (s[k:, k:] - s[:-k, k:] - s[k:, :-k] + s[:-k, :-k]) / (k * k)


def ssim(x: Any, y: Any, k: int = 7) -> float:
    """Structural similarity of two grey images of one size (Wang et al. 2004, uniform 7×7 windows)."""
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    mx, my = _box(x, k), _box(y, k)
    vx = _box(x * x, k) - mx * mx
    vy = _box(y * y, k) - my * my
    cxy = _box(x * y, k) - mx * my
    value = ((2 * mx * my + c1) * (2 * cxy + c2)) / ((mx * mx + my * my + c1) * (vx + vy + c2))
    return float(value.mean())


def color_share(rgb: Any) -> float:
    """Share of pixels that are clearly coloured ink (saturated, not near white or grey)."""
    spread = rgb.max(axis=2) - rgb.min(axis=2)
    return float(((spread > 60) & (rgb.min(axis=2) < 235)).mean())


def _same_size(a: Any, b: Any) -> tuple[Any, Any]:
    """Both images on white canvases of the larger height (pages of different heights line up at the top)."""
    import numpy as np

    height = max(a.shape[0], b.shape[0])
    out = []
    for img in (a, b):
        pad = [(0, height - img.shape[0]), (0, 0)] + ([(0, 0)] if img.ndim == 3 else [])
        out.append(np.pad(img, pad, constant_values=255))
    return out[0], out[1]


# -- the two routes ----------------------------------------------------------------------------------
def native_pages(path: Path, width: int = WIDTH) -> list[Any]:
    """QImages the native preview draws: DOCX page 1, or each PPTX slide (up to :data:`MAX_SLIDES`)."""
    if path.suffix == ".docx":
        from renderers.docx.plugin import render_image as docx_image

        return [docx_image(path, 0, width)[0]]
    from renderers.pptx.plugin import render_image as pptx_image

    first, count = pptx_image(path, 0, width)
    return [first] + [pptx_image(path, i, width)[0] for i in range(1, min(count, MAX_SLIDES))]


def _cache_folder(path: Path, width: int) -> Path:
    return CACHE / f"{hashlib.sha256(path.read_bytes()).hexdigest()[:24]}-{width}"


def is_cached(path: Path, width: int = WIDTH) -> bool:
    return (_cache_folder(path, width) / "done").exists()


def office_pages(path: Path, width: int = WIDTH) -> tuple[list[Path], float]:
    """PNGs LibreOffice draws for the same pages (cached by the file's hash), and the seconds it took
    (0 when cached)."""
    folder = _cache_folder(path, width)
    done = folder / "done"
    if done.exists():
        return sorted(folder.glob("page-*.png")), 0.0
    import pymupdf

    folder.mkdir(parents=True, exist_ok=True)
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="mira-fidelity-") as work:
        profile = Path(work) / "profile"
        cmd = ["soffice", f"-env:UserInstallation={profile.as_uri()}", "--headless", "--norestore",
               "--convert-to", "pdf", "--outdir", work, str(path)]
        try:
            subprocess.run(cmd, capture_output=True, timeout=240, check=False)
        except subprocess.TimeoutExpired:
            pass
        pdf = Path(work) / (path.stem + ".pdf")
        if pdf.exists():
            with pymupdf.open(pdf) as doc:
                pages = 1 if path.suffix == ".docx" else min(len(doc), MAX_SLIDES)
                for i in range(pages):
                    page = doc[i]
                    zoom = width / page.rect.width
                    page.get_pixmap(matrix=pymupdf.Matrix(zoom, zoom), alpha=False).save(str(folder / f"page-{i:03d}.png"))
    elapsed = time.perf_counter() - t0
    done.write_text(f"{elapsed:.2f}\n", encoding="utf-8")
    return sorted(folder.glob("page-*.png")), elapsed


def score_file(path: Path, pairs: Path | None = None) -> Score:
    from PySide6.QtGui import QColor, QImage, QPainter

    score = Score(path)
    office, _ = office_pages(path)
    if not office:
        score.error = "LibreOffice drew nothing"
        return score
    t0 = time.perf_counter()
    try:
        native = native_pages(path)
    except Exception as exc:  # noqa: BLE001 - a file the preview refuses is reported, not fatal
        score.error = f"native: {type(exc).__name__}: {exc}"[:160]
        return score
    score.native_s = time.perf_counter() - t0
    for i, (mine, theirs_path) in enumerate(zip(native, office)):
        theirs = QImage(str(theirs_path))
        if theirs.width() != mine.width():
            theirs = theirs.scaledToWidth(mine.width())
        g1, c1 = _gray_rgb(mine)
        g2, c2 = _gray_rgb(theirs)
        g1, g2 = _same_size(g1, g2)
        score.ssim.append(ssim(g1, g2))
        score.native_color.append(color_share(c1))
        score.office_color.append(color_share(c2))
        if pairs is not None and i < 3:
            pairs.mkdir(parents=True, exist_ok=True)
            side = QImage(mine.width() * 2 + 8, max(mine.height(), theirs.height()), QImage.Format.Format_RGB32)
            side.fill(QColor("#808080"))
            p = QPainter(side)
            p.drawImage(0, 0, mine)
            p.drawImage(mine.width() + 8, 0, theirs)
            p.end()
            side.save(str(pairs / f"{path.stem}-{i}.png"))
    return score


def score_all(files: list[Path], pairs: Path | None = None, echo: bool = False) -> list[Score]:
    from bench._preview_common import app

    app()
    scores = []
    for path in files:
        s = score_file(path, pairs)
        scores.append(s)
        if echo:
            flag = " COLOUR LOST" if s.loses_color else ""
            shown = f"{s.mean:.3f}" if not s.error else s.error
            print(f"{path.parent.name}/{path.name:48s} {shown}{flag}  ({len(s.ssim)} page(s), native {s.native_s:.2f}s)",
                  flush=True)
    return scores


def summary(scores: list[Score]) -> tuple[float, float, int, int]:
    """Median and minimum file score, files under 0.80 and files that lose their colour."""
    judged = [s for s in scores if s.ssim]
    means = [s.mean for s in judged] or [0.0]
    return (statistics.median(means), min(means), sum(m < MIN_FILE for m in means),
            sum(s.loses_color for s in judged))


def run() -> list[Row]:
    files = corpus_files()
    if not files:
        raise Skip("no corpus (../shared/corpus)")
    try:
        import numpy  # noqa: F401
    except ImportError:
        raise Skip("numpy missing: pip install -e '.[bench]'") from None
    from shutil import which

    if which("soffice") is None:
        raise Skip("LibreOffice (soffice) not installed")
    # Under `python -m bench` a module has minutes, and converting the whole corpus the first time
    # takes LibreOffice far longer: a spread-out subset unless MIRA_FIDELITY_LIMIT=all (the CLI runs all).
    raw = os.environ.get("MIRA_FIDELITY_LIMIT", "24").strip().lower()
    if raw != "all":
        files = _subset(files, int(raw) if raw.isdigit() and int(raw) > 0 else 24)
    scores = score_all(files)
    median, low, under, lost = summary(scores)
    n = len([s for s in scores if s.ssim])
    note = f"{n} files ({len(files) - n} not drawn by one side)"
    return [
        Row(name="DOCX/PPTX fidelity vs LibreOffice: median SSIM", value=median, baseline=MIN_MEDIAN, unit="SSIM",
            baseline_name="target", target=f">= {MIN_MEDIAN}", met=median >= MIN_MEDIAN, note=note),
        Row(name="DOCX/PPTX fidelity: files under 0.80", value=float(under), baseline=0.0, unit="files",
            baseline_name="target", target="0", met=under == 0, note=f"lowest {low:.3f}"),
        Row(name="DOCX/PPTX fidelity: files whose colour the native view loses", value=float(lost), baseline=0.0,
            unit="files", baseline_name="target", target="0", met=lost == 0, note=note),
    ]


def _subset(files: list[Path], limit: int) -> list[Path]:
    """Every n-th file, so a subset has DOCX and PPTX from every source."""
    step = max(1, len(files) // limit)
    return files[::step][:limit]


SECTION = "## DOCX/PPTX fidelity against LibreOffice, whole corpus"


def kept_section(results: Path) -> str:
    """The fidelity section of an existing RESULTS.md ("" when it has none), to carry into a rewrite."""
    try:
        text = results.read_text(encoding="utf-8")
    except OSError:
        return ""
    at = text.find(SECTION)
    return "\n" + text[at:].rstrip() + "\n" if at >= 0 else ""


def results_section(scores: list[Score], when: str) -> str:
    """A markdown section: the summary per kind and overall, the files under 0.80 or losing colour, and
    every file's score."""
    judged = [s for s in scores if s.ssim]
    median, low, under, lost = summary(scores)
    lines = [SECTION, "", f"Measured {when} with `python -m bench.bench_fidelity --results bench/RESULTS.md` "
             f"(page 1 of each DOCX, slides 1–{MAX_SLIDES} of each PPTX, {WIDTH} px wide; SSIM in grey, 7×7 windows; "
             "a file loses its colour when the native view shows under a quarter of LibreOffice's coloured ink). "
             f"{len(judged)} of {len(scores)} files judged; the rest LibreOffice could not export.", "",
             "| Files | Judged | Median SSIM | Lowest | Under 0.80 | Colour lost |", "|---|---|---|---|---|---|"]
    for kind in ("docx", "pptx"):
        part = [s for s in scores if s.path.suffix == f".{kind}"]
        if part:
            m, lo, u, c = summary(part)
            lines.append(f"| {kind.upper()} | {len([s for s in part if s.ssim])} | {m:.3f} | {lo:.3f} | {u} | {c} |")
    lines += [f"| all | {len(judged)} | {median:.4f} | {low:.3f} | {under} | {lost} |", "",
              f"Targets: every file ≥ {MIN_FILE} ({'met' if under == 0 else 'missed'}), median ≥ {MIN_MEDIAN} "
              f"({'met' if median >= MIN_MEDIAN else 'missed'}), no file loses its colour "
              f"({'met' if lost == 0 else 'missed'}).", "", "| File | Pages | SSIM | Colour |", "|---|---|---|---|"]
    for s in sorted(scores, key=lambda s: (s.mean if s.ssim else 2.0, s.path.name)):
        shown = f"{s.mean:.3f}" if s.ssim else "not judged: " + (s.error or "LibreOffice drew nothing")
        lines.append(f"| {s.path.parent.name}/{s.path.name} | {len(s.ssim)} | {shown} | "
                     f"{'lost' if s.ssim and s.loses_color else ''} |")
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.bench_fidelity", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limit", type=int, default=0, help="score only this many files (spread over the corpus)")
    parser.add_argument("--kind", choices=("docx", "pptx", "both"), default="both")
    parser.add_argument("--match", default="", help="only files whose name contains this")
    parser.add_argument("--pairs", type=Path, default=None, help="write side-by-side PNGs here")
    parser.add_argument("--corpus", type=Path, default=CORPUS)
    parser.add_argument("--cached", action="store_true", help="only files LibreOffice has already drawn (no conversion)")
    parser.add_argument("--results", type=Path, default=None,
                        help="write the per-file table into this RESULTS.md (replacing its fidelity section)")
    args = parser.parse_args(argv)
    kinds = ("docx", "pptx") if args.kind == "both" else (args.kind,)
    files = [f for f in corpus_files(kinds, args.corpus) if args.match in f.name]
    if not files:
        print("no corpus files", file=sys.stderr)
        return 2
    if args.cached:
        files = [f for f in files if is_cached(f)]
    if args.limit:
        files = _subset(files, args.limit)
    scores = score_all(files, args.pairs, echo=True)
    median, low, under, lost = summary(scores)
    print()
    for kind in kinds:
        part = [s for s in scores if s.path.suffix == f".{kind}"]
        if part:
            m, lo, u, c = summary(part)
            print(f"{kind.upper()}: {len(part)} files, median {m:.3f}, lowest {lo:.3f}, under 0.80: {u}, colour lost: {c}")
    print(f"every file >= {MIN_FILE}: {'met' if under == 0 else f'MISSED ({under} under, lowest {low:.3f})'}")
    print(f"median >= {MIN_MEDIAN}: {'met' if median >= MIN_MEDIAN else f'MISSED ({median:.3f})'}")
    print(f"no file loses its colour: {'met' if lost == 0 else f'MISSED ({lost} files)'}")
    if args.results is not None:
        old = args.results.read_text(encoding="utf-8") if args.results.exists() else ""
        at = old.find(SECTION)
        head = (old[:at] if at >= 0 else old).rstrip()
        when = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime())
        args.results.write_text((head + "\n\n" if head else "") + results_section(scores, when), encoding="utf-8")
        print(f"wrote {args.results}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
