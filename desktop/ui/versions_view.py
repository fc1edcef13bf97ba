"""The window side of versions: open the compare view of two versions of an artifact."""
from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QVBoxLayout, QWidget

from desktop.i18n import tr
from renderers import ArtifactView


def compare(store: Any, artifact: ArtifactView, other: int, parent: QWidget | None,
            named: Callable[[Any, str], Path | None] | None = None,
            open_version: Callable[[int, int], None] | None = None) -> QDialog | str:
    """Open a window with version ``other`` and ``artifact``'s version side by side; a message when it cannot.
    ``named(row, sha256)``: a copy of a kept version under the file's own name (the drawings read files by
    their kind), else the kept copy itself. ``open_version(version, index)``: a picture double-clicked opens
    that version at that slide or page in the preview."""
    from renderers.qt_versions import CompareView
    from skills.runtime.versions import object_path

    row = store.artifact(artifact.id)
    folder = Path(store.task(row.task_id).workspace)
    earlier = next((v for v in store.versions(row.conversation_id, row.workspace_path) if v.version == other), None)
    if earlier is None:
        return tr("version.missing", version=other, path=artifact.workspace_path)
    old = object_path(folder, earlier.sha256)
    if not old.is_file():
        return tr("version.missing", version=other, path=artifact.workspace_path)
    old = (named(row, earlier.sha256) if named is not None else None) or old
    current = object_path(folder, row.sha256)
    right = current if current.is_file() else Path(row.path)
    right = (named(row, row.sha256) if named is not None and current.is_file() else None) or right
    dialog = QDialog(parent)
    dialog.setObjectName("CompareDialog")
    dialog.setWindowTitle(tr("version.compare_title", path=artifact.workspace_path, left=other,
                             right=artifact.version))
    layout = QVBoxLayout(dialog)
    view = CompareView(old, right, row.kind, f"v{other}", f"v{artifact.version}", dialog)
    layout.addWidget(view)
    sig_open = getattr(view.pictures, "sig_open", None)
    if open_version is not None and sig_open is not None:
        versions = (other, artifact.version)
        sig_open.connect(lambda side, index: open_version(versions[side], index))
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
    buttons.rejected.connect(dialog.close)
    layout.addWidget(buttons)
    dialog.resize(900, 620)
    dialog.show()
    return dialog
