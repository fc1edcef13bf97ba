"""Shared test setup. The Qt platform is chosen before anything imports Qt."""
from __future__ import annotations

import os
import shutil
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# Never touch the developer's real data dir or keyring from a test run.
os.environ["MIRA_HOME"] = tempfile.mkdtemp(prefix="mira-test-home-")
os.environ.setdefault("PYTHON_KEYRING_BACKEND", "keyring.backends.null.Keyring")

import pytest  # noqa: E402


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    have_soffice = shutil.which("soffice") is not None
    have_xvfb = shutil.which("Xvfb") is not None
    for item in items:
        if "soffice" in item.keywords and not have_soffice:
            item.add_marker(pytest.mark.skip(reason="LibreOffice (soffice) is not installed"))
        if "xvfb" in item.keywords and not have_xvfb:
            item.add_marker(pytest.mark.skip(reason="Xvfb is not installed"))
