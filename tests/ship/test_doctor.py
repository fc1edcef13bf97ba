"""`mira doctor`, the log file, and Help → Open logs folder / Copy diagnostics."""
from __future__ import annotations

import logging
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from desktop import doctor, i18n, logs
from desktop.llm.settings import ModelSettings
from desktop.settings import AppSettings, SettingsStore
from skills.runtime import soffice

MIRA = Path(sys.executable).with_name("mira")


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("MIRA_HOME", str(tmp_path))
    monkeypatch.setattr(soffice, "_chosen", None)
    return tmp_path


def _line(findings: list[doctor.Finding], label: str) -> doctor.Finding:
    return next(f for f in findings if f.label == label)


def test_doctor_reports_every_line_and_exits_0_when_nothing_needed_is_missing(home: Path) -> None:
    out = subprocess.run([str(MIRA), "doctor"], capture_output=True, text=True, timeout=120,
                         env={"MIRA_HOME": str(home), "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr
    for label in ("Version", "Platform", "Qt (PySide6)", "PyMuPDF", "LibreOffice", "Chinese fonts",
                  "Key storage", "Model", "Database", "Logs"):
        assert label in out.stdout
    assert "offline planner" in out.stdout and str(home / "data" / "mira.sqlite3") in out.stdout


def test_a_missing_library_is_a_missing_verdict_and_exit_1(home: Path, monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    real = doctor._package
    monkeypatch.setattr(doctor, "_package", lambda name: "" if name == "PyMuPDF" else real(name))
    assert doctor.main([]) == 1
    out = capsys.readouterr()
    assert "[MISSING] PyMuPDF" in out.out and "not installed" in out.out
    assert "1 thing(s) Mira needs are missing" in out.err


def test_no_libreoffice_is_a_warning_and_a_chosen_path_is_named(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(soffice, "find_soffice", lambda chosen=None, **_: None)
    lo = _line(doctor.collect(AppSettings()), "LibreOffice")
    assert lo.verdict == doctor.WARN and "not found" in lo.value
    lo = _line(doctor.collect(AppSettings(soffice_path="/nowhere/soffice")), "LibreOffice")
    assert lo.verdict == doctor.WARN and "/nowhere/soffice" in lo.value


def test_the_settings_choice_of_libreoffice_is_used(home: Path, tmp_path: Path) -> None:
    fake = tmp_path / "soffice"
    fake.write_text("#!/bin/sh\n")
    lo = _line(doctor.collect(AppSettings(soffice_path=str(fake))), "LibreOffice")
    assert lo.verdict == doctor.OK and lo.value == str(fake)


def test_model_endpoint_reachable_or_not(home: Path) -> None:
    with socket.socket() as server:
        server.bind(("127.0.0.1", 0))
        server.listen()
        port = server.getsockname()[1]
        up = AppSettings(model=ModelSettings("openai_compatible", f"http://127.0.0.1:{port}/v1", "m1"))
        line = _line(doctor.collect(up), "Model")
        assert line.verdict == doctor.OK and "reachable" in line.value and "m1" in line.value
    down = _line(doctor.collect(up), "Model")
    assert down.verdict == doctor.WARN and "not reachable" in down.value


def test_database_schema_version_and_a_corrupt_database(home: Path) -> None:
    from desktop.store import SCHEMA_VERSION, Store

    Store().close()
    db = _line(doctor.collect(AppSettings()), "Database")
    assert db.verdict == doctor.OK and f"schema {SCHEMA_VERSION}" in db.value
    (home / "data" / "mira.sqlite3").write_bytes(b"not a database at all" * 100)
    db = _line(doctor.collect(AppSettings()), "Database")
    assert db.verdict == doctor.MISSING and "cannot be read" in db.value


def test_doctor_speaks_chinese(home: Path) -> None:
    i18n.set_language("zh_CN")
    try:
        text = doctor.render(doctor.collect(AppSettings()))
    finally:
        i18n.set_language("en")
    assert "中文字体" in text and "数据库" in text and "[正常]" in text


def test_settings_keep_the_libreoffice_path(home: Path) -> None:
    store = SettingsStore()
    store.save(AppSettings(soffice_path=r"C:\LO\program\soffice.exe"))
    assert store.load().soffice_path == r"C:\LO\program\soffice.exe"
    assert AppSettings.from_dict({"soffice_path": 3}).problems


def test_log_file_rotates_and_never_holds_a_key(home: Path) -> None:
    path = logs.setup()
    assert logs.setup() == path  # a second call adds no second handler
    root = logging.getLogger()
    handlers = [h for h in root.handlers if getattr(h, "baseFilename", "") == str(path)]
    assert len(handlers) == 1 and handlers[0].maxBytes > 0 and handlers[0].backupCount >= 1  # type: ignore[attr-defined]
    try:
        logging.getLogger("desktop.test").info("connecting with key %s", "sk-live1234567890abcdef")
        logging.getLogger("desktop.test").warning("header Authorization: Bearer abcdefghijklmnop")
        handlers[0].flush()
        text = path.read_text(encoding="utf-8")
        assert "connecting with key ***" in text and "sk-live" not in text and "abcdefghijklmnop" not in text
        assert path.parent == home / "logs"
    finally:
        root.removeHandler(handlers[0])
        handlers[0].close()


def test_mira_doctor_follows_the_language_chosen_in_settings(home: Path) -> None:
    from desktop.settings import SettingsStore
    from tests.zh_words import english_words

    SettingsStore().save(AppSettings(language="zh_CN"))
    out = subprocess.run([str(MIRA), "doctor"], capture_output=True, text=True, timeout=120,
                         env={"MIRA_HOME": str(home), "PATH": "/usr/bin:/bin",
                              "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"})
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert any("中文字体" in line for line in lines) and any("数据库" in line for line in lines), out.stdout
    key = next(line for line in lines if "密钥存储" in line)
    assert english_words(key.split(":", 1)[1], ["keyring.backends.fail.Keyring"]) == [], key  # was an English note
    starts = {doctor._columns(line[:line.index(line.split("  ")[-1].strip())]) for line in lines if "  " in line}
    assert len(starts) == 1, out.stdout  # the values line up under Chinese labels too
