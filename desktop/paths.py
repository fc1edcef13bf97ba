"""Where Mira keeps its data. ``MIRA_HOME`` overrides the platform dirs (tests, portable use)."""
from __future__ import annotations

import os
from pathlib import Path

import platformdirs

APP_NAME = "Mira"


def data_dir() -> Path:
    override = os.environ.get("MIRA_HOME")
    base = Path(override) / "data" if override else Path(platformdirs.user_data_dir(APP_NAME, False))
    base.mkdir(parents=True, exist_ok=True)
    return base


def default_workspace_root() -> Path:
    override = os.environ.get("MIRA_HOME")
    if override:
        root = Path(override) / "workspaces"
    else:
        root = Path(platformdirs.user_documents_dir()) / "Mira"
    root.mkdir(parents=True, exist_ok=True)
    return root
