"""Macro-enabled and template packages in the window: the card and the large preview show them
read-only and say when a file carries macros (never run); Word macro files and Word/PowerPoint
templates are previewed like any document."""
from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from renderers.registry import Registry

NOTE = "Contains macros — they were not run"
MAIN_PART = {"docx": "word/document.xml", "pptx": "ppt/presentation.xml", "xlsx": "xl/workbook.xml"}
PLAIN = {
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml",
    "pptx": "application/vnd.openxmlformats-officedocument.presentationml.presentation.main+xml",
    "xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
}
MACRO = {
    "docx": "application/vnd.ms-word.document.macroEnabled.main+xml",
    "pptx": "application/vnd.ms-powerpoint.presentation.macroEnabled.main+xml",
    "xlsx": "application/vnd.ms-excel.sheet.macroEnabled.main+xml",
}
TEMPLATE = {
    "docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.template.main+xml",
    "pptx": "application/vnd.openxmlformats-officedocument.presentationml.template.main+xml",
}


def repackage(src: Path, dst: Path, kind: str, *, template: bool = False) -> Path:
    """``src`` as Office writes its macro-enabled form (VBA project, macro content type) or its
    template form (template content type, no macros); ``dst`` may keep the plain extension."""
    ctype = TEMPLATE[kind] if template else MACRO[kind]
    with zipfile.ZipFile(src) as zin, zipfile.ZipFile(dst, "w", zipfile.ZIP_DEFLATED) as zout:
        for info in zin.infolist():
            data = zin.read(info.filename)
            if info.filename == "[Content_Types].xml":
                assert PLAIN[kind].encode() in data
                data = data.replace(PLAIN[kind].encode(), ctype.encode())
            zout.writestr(info.filename, data)
        if not template:
            zout.writestr(f"{MAIN_PART[kind].split('/')[0]}/vbaProject.bin", b"\xd0\xcf\x11\xe0" + b"\0" * 512)
    return dst


@pytest.fixture(scope="module")
def registry() -> Registry:
    return Registry()


def _card(qtbot, registry, host, view):
    card = registry.create_card(view, host)
    qtbot.addWidget(card)
    card.resize(520, 200)
    card.show()
    with qtbot.waitSignal(card.sig_thumbnail_ready, timeout=20_000) as blocker:
        pass
    assert blocker.args == [True], card.thumb_label.toolTip()
    return card


def _preview(qtbot, registry, view):
    preview = registry.plugin(view.kind).preview(view, None, 0, page_view=False)
    qtbot.addWidget(preview)
    preview.resize(800, 600)
    preview.show()
    with qtbot.waitSignal(preview.sig_loaded, timeout=20_000):
        pass
    assert preview.error() == ""
    return preview


@pytest.mark.parametrize("name", ["book.xlsm", "deck.pptm", "renamed.xlsx", "memo.docm"])
def test_card_and_preview_say_the_file_has_macros(qtbot, registry, files, host, view_of, tmp_path,
                                                  name: str) -> None:
    kind = {"book.xlsm": "xlsx", "deck.pptm": "pptx", "renamed.xlsx": "xlsx", "memo.docm": "docx"}[name]
    path = repackage(files[kind], tmp_path / name, kind)
    before = path.read_bytes()
    view = view_of(path, kind=kind)
    card = _card(qtbot, registry, host, view)
    assert card.macros_label.isVisible() and card.macros_label.text() == NOTE
    # under the title, above the size and status line
    assert card.title_label.y() < card.macros_label.y() < card.meta_label.y()
    preview = _preview(qtbot, registry, view)
    assert preview.macros_label.isVisible() and preview.macros_label.text() == NOTE
    assert path.read_bytes() == before  # shown read-only: nothing was written back


def test_card_and_preview_of_a_plain_file_say_nothing_about_macros(qtbot, registry, files, host,
                                                                    view_of) -> None:
    for kind in ("xlsx", "pptx", "docx"):
        view = view_of(files[kind])
        card = _card(qtbot, registry, host, view)
        assert not card.macros_label.isVisible() and card.macros_label.text() == ""
        preview = _preview(qtbot, registry, view)
        assert not preview.macros_label.isVisible()
    # a template carries no VBA project: previewed, and no macro line
    template = repackage(files["pptx"], files["pptx"].with_name("plain.potx"), "pptx", template=True)
    preview = _preview(qtbot, registry, view_of(template, kind="pptx"))
    assert not preview.macros_label.isVisible()


def test_the_macro_line_is_translated(qtbot, registry, files, host, view_of, tmp_path) -> None:
    import renderers
    from desktop import texts

    path = repackage(files["xlsx"], tmp_path / "book.xlsm", "xlsx")
    card = _card(qtbot, registry, host, view_of(path, kind="xlsx"))
    texts.set_language("zh_CN")  # the shipped catalogue, as the window installs it
    renderers.set_translator(texts.tr_renderers)
    try:
        card.retranslate()
        text = card.macros_label.text()
        assert text and text != NOTE and "宏" in text
    finally:
        texts.set_language("en")
        renderers.set_translator(None)
        card.retranslate()
    assert card.macros_label.text() == NOTE


@pytest.mark.parametrize("name", ["memo.docm", "brand.dotx", "renamed.docx"])
def test_word_macro_files_and_templates_are_previewed(qtbot, registry, files, view_of, tmp_path,
                                                      name: str) -> None:
    path = repackage(files["docx"], tmp_path / name, "docx", template=name.endswith(".dotx"))
    before = path.read_bytes()
    preview = _preview(qtbot, registry, view_of(path, kind="docx"))
    text = preview.text()
    assert "Annual Report" in text and "cell 11" in text
    assert preview.count() == 2
    assert path.read_bytes() == before


def test_powerpoint_templates_are_previewed(qtbot, registry, files, host, view_of, tmp_path) -> None:
    path = repackage(files["pptx"], tmp_path / "brand.potx", "pptx", template=True)
    view = view_of(path, kind="pptx")
    preview = _preview(qtbot, registry, view)
    image = preview.image()
    assert image is not None and image.width() > 100
    colours = {image.pixel(x, y) for x in range(0, image.width(), 6) for y in range(0, image.height(), 6)}
    assert len(colours) > 2, "the slide is blank"
    card = _card(qtbot, registry, host, view)  # the thumbnail reads it too
    assert card.thumbnail() is not None
