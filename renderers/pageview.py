"""The faithful page view: LibreOffice → PDF, cached by the file's content hash."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

from platformdirs import user_cache_dir

from skills.api import convert, private_dir, soffice_path

CONVERT_TIMEOUT = 90.0


def available() -> bool:
    """True when LibreOffice is installed, so the page view can be offered."""
    return soffice_path() is not None


def default_cache_dir() -> Path:
    """``$MIRA_HOME/cache/pageview`` when MIRA_HOME is set, else the platform user cache dir."""
    home = os.environ.get("MIRA_HOME")
    base = Path(home) / "cache" if home else Path(user_cache_dir("Mira"))
    return base / "pageview"


def cached_pdf(src: Path, sha256: str, cache_dir: Path | None = None, *,
               timeout: float = CONVERT_TIMEOUT) -> Path:
    """The PDF rendering of ``src``, converted once per content hash (runs in a worker)."""
    cache = cache_dir or default_cache_dir()
    cache.mkdir(parents=True, exist_ok=True)
    target = cache / f"{sha256}.pdf"
    if target.is_file() and target.stat().st_size > 0:
        return target
    work = private_dir(cache)
    try:
        # A fixed, plain name: the source name may contain characters soffice mangles.
        staged = work / f"source{src.suffix.lower()}"
        shutil.copyfile(src, staged)
        produced = convert(staged, work, "pdf", timeout=timeout)
        os.replace(produced, target)  # atomic publish: a half-written PDF is never cached
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return target
