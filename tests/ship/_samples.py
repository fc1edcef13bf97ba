"""Files the packaging tests feed to an installed or frozen ``mira``, and checks on its output."""
from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import docx
import pymupdf

HEADING = "Quarterly plan 季度计划"


def make_docx(folder: Path) -> Path:
    document = docx.Document()
    document.add_heading(HEADING, level=1)
    document.add_paragraph("Ship the installer to everyone who asked for it.")
    table = document.add_table(rows=2, cols=2)
    table.cell(0, 0).text, table.cell(0, 1).text = "Item", "Owner"
    path = folder / "plan.docx"
    document.save(str(path))
    return path


def clean_env(home: Path) -> dict[str, str]:
    """No PYTHONPATH or virtualenv leaking the checkout into the program under test."""
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME"}}
    env.update(MIRA_HOME=str(home), QT_QPA_PLATFORM="offscreen", PYTHONIOENCODING="utf-8")
    return env


def run(cmd: list[str], cwd: Path, env: dict[str, str], timeout: float = 180) -> str:
    out = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, encoding="utf-8",
                         timeout=timeout)
    assert out.returncode == 0, f"{cmd} failed ({out.returncode}):\n{out.stdout}\n{out.stderr}"
    return out.stdout


def check_inspect_json(stdout: str) -> None:
    outline = json.loads(stdout)
    assert HEADING in json.dumps(outline, ensure_ascii=False)


def check_png(path: Path) -> None:
    """The preview is a real picture with something drawn on it, not a blank page."""
    pix = pymupdf.Pixmap(str(path))
    assert pix.width > 200 and pix.height > 200
    samples = pix.samples
    assert len(set(samples[i] for i in range(0, len(samples), 97))) > 2, "the preview is blank"
