"""Facts fixed when this copy of Mira was built, not constants of the code: where its source is published.

The AGPL (§13) asks a program users interact with to offer them its source. Where that is depends on
who publishes the build, so it is a setting of the build: ``scripts/build_dist.py`` writes
``build_info.json`` into a frozen build from ``MIRA_SOURCE_URL`` or pyproject's ``[project.urls]``; a
wheel or an editable install carries the same ``[project.urls]`` in its metadata. No URL anywhere: the
About box says so instead of pointing to a guess.
"""
from __future__ import annotations

import json
from pathlib import Path

BUILD_FILE = Path(__file__).with_name("build_info.json")
SOURCE_LABELS = ("source", "repository", "source code", "homepage")  # [project.urls] keys, best first


def source_url() -> str:
    try:
        written = json.loads(BUILD_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        written = {}
    url = written.get("source_url") if isinstance(written, dict) else None
    if isinstance(url, str) and url.strip():
        return url.strip()
    return _metadata_url()


def _metadata_url() -> str:
    from importlib.metadata import PackageNotFoundError, metadata  # on demand: it costs ~20 ms

    try:
        entries = metadata("mira-desktop").get_all("Project-URL") or []
    except PackageNotFoundError:
        return ""
    urls = {}
    for entry in entries:
        label, _sep, url = entry.partition(",")
        urls[label.strip().lower()] = url.strip()
    return next((urls[label] for label in SOURCE_LABELS if urls.get(label)), "")


def pyproject_source_url(pyproject: Path) -> str:
    """The source URL pyproject.toml declares (for the build scripts)."""
    import tomllib

    urls = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {}).get("urls", {})
    by_label = {str(k).lower(): str(v) for k, v in urls.items()}
    return next((by_label[label] for label in SOURCE_LABELS if by_label.get(label)), "")
