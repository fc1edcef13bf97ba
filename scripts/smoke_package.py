"""Smoke test of an installed or frozen Mira: ``python scripts/smoke_package.py MIRA [KIND]``.

Runs ``MIRA --version``, ``inspect --json`` and ``preview`` on a DOCX made here, ``doctor`` (which must
name KIND: source, frozen, deb, tarball, windows, macos), then opens the window on Qt's offscreen
platform until it is ready to send and closes it. The CI workflow runs it on Windows and macOS, where
the Linux tests cannot go; exit 0 when everything answered.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

WORDS = {"source": "source (Python package)", "frozen": "frozen folder", "deb": "Debian package",
         "tarball": "portable folder", "windows": "Windows installer", "macos": "macOS app"}
READY = "mira-smoke-ready"


def _run(cmd: list[str], env: dict[str, str]) -> str:
    out = subprocess.run(cmd, env=env, capture_output=True, text=True, encoding="utf-8", timeout=300)
    if out.returncode != 0:
        raise SystemExit(f"{cmd} failed ({out.returncode}):\n{out.stdout}\n{out.stderr}")
    return out.stdout


def smoke(mira: str, kind: str) -> None:
    import docx

    home = Path(tempfile.mkdtemp(prefix="mira-smoke-"))
    env = dict(os.environ, MIRA_HOME=str(home), QT_QPA_PLATFORM="offscreen", PYTHONIOENCODING="utf-8")
    print(_run([mira, "--version"], env).strip())
    document = docx.Document()
    document.add_heading("Smoke test 冒烟测试", level=1)
    document.add_paragraph("A paragraph for the preview.")
    path = home / "smoke.docx"
    document.save(str(path))
    outline = json.loads(_run([mira, "inspect", str(path), "--json"], env))
    assert "Smoke test" in json.dumps(outline, ensure_ascii=False), outline
    png = home / "page.png"
    _run([mira, "preview", str(path), "--out", str(png)], env)
    assert png.stat().st_size > 2000, "the preview is empty"
    doctor = subprocess.run([mira, "doctor"], env=env, capture_output=True, text=True, encoding="utf-8", timeout=120)
    print(doctor.stdout)
    assert WORDS[kind] in doctor.stdout, f"doctor does not say {WORDS[kind]!r}"
    started = time.monotonic()
    window = subprocess.Popen([mira], env=dict(env, MIRA_SENDABLE_MARKER=READY), stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True, encoding="utf-8")
    assert window.stdout is not None
    for line in window.stdout:
        if line.strip() == READY:
            break
    else:
        raise SystemExit(f"the window never became ready:\n{window.stderr.read() if window.stderr else ''}")
    print(f"window ready to send after {time.monotonic() - started:.1f} s")
    window.terminate()
    window.wait(60)


if __name__ == "__main__":
    smoke(sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else "frozen")
    print("smoke test passed")
