"""Every control of the four previews (and the page view toggle) has a name and a description a screen
reader can say, in the interface language."""
from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from PySide6.QtWidgets import QApplication

from a11y_audit import controls, heard, spoken, unnamed
from desktop import i18n
from desktop.ui.host import install_renderer_translator
from renderers.registry import Registry


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry()


@pytest.fixture
def hooked(qapp: QApplication) -> Iterator[None]:
    install_renderer_translator()
    i18n.set_language("en")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("kind", ["docx", "pdf", "pptx", "xlsx"])
def test_every_preview_control_is_named_and_described(qtbot, hooked, registry, files, view_of, kind) -> None:
    preview = registry.plugin(kind).preview(view_of(files[kind]), None, 0, page_view=True)
    qtbot.addWidget(preview)
    preview.resize(760, 600)
    preview.show()
    with qtbot.waitSignal(preview.sig_loaded, timeout=20_000):
        pass
    assert len(controls(preview)) >= 4  # previous, next, fit width, zoom…: the walk found the controls
    assert unnamed(preview) == []
    assert spoken(preview.zoom_in_button) == ("Zoom in", "Show the content larger")
    i18n.set_language("zh_CN")
    preview.retranslate()
    assert unnamed(preview) == []
    for w in controls(preview):
        for _name, description in heard(w):
            assert re.search(r"[\u4e00-\u9fff]", description), (type(w).__name__, description)
