"""scripts/screenshots.py plays the real flows and writes one non-blank PNG per state."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "screenshots.py"
NAMES = ["01-welcome.png", "02-approval-card.png", "03-artifact-and-preview.png", "04-settings.png",
         "05-dark-theme.png", "06-chinese-interface.png", "07-follow-up-v2-card.png", "08-compare-versions.png",
         "09-sidebar-44-conversations.png", "10-dark-save-as.png", "11-chinese-search-snippets.png",
         "12-panel-follows-v2.png", "13-restore-approval.png", "14-panel-follows-restore-v3.png",
         "15-older-version-banner.png", "16-narrow-window-preview.png"]


@pytest.mark.slow
def test_the_screenshot_script_saves_every_state(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, str(SCRIPT), "--offscreen", "--out", str(tmp_path)],
                         capture_output=True, text=True, timeout=240, env=dict(os.environ))
    assert out.returncode == 0, out.stderr[-2000:]
    assert sorted(p.name for p in tmp_path.glob("*.png")) == NAMES
    for name in NAMES:
        image = QImage(str(tmp_path / name))
        assert image.width() > 400 and image.height() > 250, name
        colours = {image.pixel(x, y) for x in range(0, image.width(), 37) for y in range(0, image.height(), 29)}
        assert len(colours) > 5, f"{name} looks blank"
    assert "narrow window: 700 px wide with the preview open" in out.stdout  # the window did not widen
    dark = QImage(str(tmp_path / "05-dark-theme.png"))
    assert dark.pixelColor(dark.width() // 2, dark.height() - 40).lightness() < 128
