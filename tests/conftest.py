"""Shared test setup. The Qt platform is chosen before anything imports Qt."""
from __future__ import annotations

import os
import shutil
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Never touch the developer's real data dir or keyring from a test run.
os.environ["MIRA_HOME"] = tempfile.mkdtemp(prefix="mira-test-home-")
os.environ.setdefault("PYTHON_KEYRING_BACKEND", "keyring.backends.null.Keyring")
# New files are on the locale's paper (skills/runtime/paper.py); the tests measure A4 pages on any machine
os.environ["MIRA_PAPER"] = "a4"
# A window that follows the system speaks its language (gettext's order, LANGUAGE first): English here
os.environ["LANGUAGE"] = "en"

import pytest

# PyMuPDF keeps the sys.stdout of its first import for its own messages ("the fitz API is deprecated").
# Imported first inside a test that redirects stdout (the CLI tests), it would later write to that closed
# stream and fail an unrelated `import fitz`: import it now, on the session's stdout.
import pymupdf  # noqa: F401


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    have_soffice = shutil.which("soffice") is not None
    have_xvfb = shutil.which("Xvfb") is not None
    for item in items:
        if "soffice" in item.keywords and not have_soffice:
            item.add_marker(pytest.mark.skip(reason="LibreOffice (soffice) is not installed"))
        if "xvfb" in item.keywords and not have_xvfb:
            item.add_marker(pytest.mark.skip(reason="Xvfb is not installed"))


# `.ci/run` installs every system dependency the suite uses (LibreOffice, Xvfb, fonts), so on CI a skip
# can only mean something is missing or broken: it fails the run instead of hiding a visual check.
_ON_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]):  # type: ignore[no-untyped-def]
    outcome = yield
    report = outcome.get_result()
    if _ON_CI and report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"skipped on CI, where nothing may be missing: {reason}"
