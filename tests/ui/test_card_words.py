"""Plain words on cards and replies, in English and 简体中文: headlines, card states, checks, outlines."""
from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import dataclasses
import pytest
from docx import Document
from PySide6.QtWidgets import QApplication

import renderers
from desktop import i18n, translations
from desktop.ui.host import install_renderer_translator
from skills.runtime import Check, Evidence
from renderers import ArtifactView, CheckView, EvidenceSummary, PendingApproval
from renderers.approval import ApprovalCard
from renderers.registry import Registry
from skills import messages
from skills.describe import write_headline
from skills.outline import docx_outline
from skills.runtime.docx.read import open_docx, read_outline

BLOCKS = ([{"type": "heading", "text": "季度计划"}] * 4 + [{"type": "bullets", "items": ["a"]}] * 3
          + [{"type": "table", "header": ["a"], "rows": [["1"]]}])
INTERNAL = ("docx_create", "path:", "blocks", "headings_present", "opens")


class _Host:
    def __getattr__(self, name: str):
        return lambda *args, **kwargs: None


@pytest.fixture
def hooked(qapp: QApplication) -> Iterator[None]:
    install_renderer_translator()
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def _approval_view(**fields: object) -> ArtifactView:
    args = {"path": "out/Q3 Planning Meeting.docx", "blocks": BLOCKS}
    approval = PendingApproval(approval_id="ap-1", command="docx_create", target_path="out/Q3 Planning Meeting.docx",
                               summary="Create out/Q3 Planning Meeting.docx: 4 headings, 0 paragraphs, 3 lists, 1 tables",
                               arguments=args, headline=write_headline("docx_create", args))
    approval = dataclasses.replace(approval, decided=fields.pop("decided", ""))
    base = {"id": "ap-1", "kind": "approval/docx", "title": "Q3 Planning Meeting.docx", "path": None,
                "workspace_path": "out/Q3 Planning Meeting.docx", "status": "pending_approval", "approval": approval}
    return ArtifactView(**{**base, **fields})  # type: ignore[arg-type]


def _shown(card: ApprovalCard) -> str:
    return " ".join(w.text() for w in (card.title_label, card.state_label, card.approve_button, card.deny_button)
                    if w.isVisibleTo(card))


def test_the_approval_card_says_what_will_happen_and_hides_command_names(qtbot, hooked) -> None:
    card = ApprovalCard(_approval_view(), _Host())
    qtbot.addWidget(card)
    card.show()
    assert card.title_label.text() == "Create Q3 Planning Meeting.docx — 4 headings, 3 lists, 1 table"
    assert card.state_label.text() == "Waiting for your approval"
    assert not card.details_label.isVisible()
    assert not any(word in _shown(card) for word in INTERNAL)
    card.details_button.click()  # the command and its arguments are there for the curious
    assert card.details_label.isVisible() and "docx_create" in card.details_label.text()
    assert card.details_button.text() == "Hide details"
    i18n.set_language("zh_CN")  # the open card follows the language switch
    assert card.title_label.text() == "创建 Q3 Planning Meeting.docx——4 个标题、3 个列表、1 个表格"
    assert (card.state_label.text(), card.approve_button.text()) == ("等待你的批准", "批准")


STATES = (
    ({}, "pending", "Create Q3 Planning Meeting.docx — 4 headings, 3 lists, 1 table", "等待你的批准"),
    ({"decided": "approved"}, "writing", "Create Q3 Planning Meeting.docx — 4 headings, 3 lists, 1 table",
     "已批准——正在写入…"),
    ({"decided": "approved", "status": "written"}, "done", "Create Q3 Planning Meeting.docx — 4 headings, 3 lists, "
     "1 table", "已完成——已保存 out/Q3 Planning Meeting.docx"),
    ({"decided": "denied", "status": "denied"}, "denied",
     "You declined: Create Q3 Planning Meeting.docx — 4 headings, 3 lists, 1 table", "没有写入任何内容"),
    ({"decided": "approved", "status": "failed", "error": "disk full"}, "failed",
     "Create Q3 Planning Meeting.docx — 4 headings, 3 lists, 1 table", "失败——disk full"),
    ({"status": "stopped"}, "stopped", "Stopped: Create Q3 Planning Meeting.docx — 4 headings, 3 lists, 1 table",
     "已停止——没有写入任何内容"),
)


def test_each_card_state_has_its_own_words_and_colour(qtbot, hooked) -> None:
    colours = {}
    english_states = set()
    for fields, state, title, zh_state in STATES:
        card = ApprovalCard(_approval_view(**dict(fields)), _Host())
        qtbot.addWidget(card)
        assert card.card_state() == state
        assert card.title_label.text() == title
        english_states.add(card.state_label.text())
        colours[state] = card._card_colors
        assert card.approve_button.isHidden() == (state != "pending")
        i18n.set_language("zh_CN")
        assert card.state_label.text() == zh_state
        i18n.set_language("en")
    assert len(set(colours.values())) == len(STATES), colours
    assert len(english_states) == len(STATES)


def test_checks_collapse_to_one_line_in_chinese_with_plain_details(qtbot, hooked, tmp_path: Path) -> None:
    path = tmp_path / "报告.docx"
    Document().save(str(path))
    evidence = EvidenceSummary(passed=False, checks=(CheckView(name="opens", status="passed", detail="python-docx opened the file"),
                                       CheckView(name="headings_present", status="passed", detail="3 of 3"),
                                       CheckView(name="render", status="not_run", detail="LibreOffice is not installed")),
                               counts={"headings": 3, "tables": 1})
    view = ArtifactView(id="art-1", kind="docx", title="报告", path=path, workspace_path="报告.docx", bytes=path.stat().st_size, sha256="0" * 64,
                        evidence=evidence)
    i18n.set_language("zh_CN")
    card = Registry().create_card(view, _Host())
    qtbot.addWidget(card)
    assert card.badge.text() == "3 项检查中 2 项通过，1 项未运行"
    assert not card.checks_label.isVisibleTo(card)
    details = card.checks_label.text()
    assert "文件可以打开" in details and "所有标题都在" in details and "包含 3 个标题、1 个表格" in details
    assert "python-docx opened the file" not in details  # a passed check needs no technical reason
    i18n.set_language("en")
    assert card.badge.text() == "2 of 3 checks passed, 1 not run"


def test_whats_in_a_big_docx_is_a_readable_outline_that_says_what_was_left_out(tmp_path: Path) -> None:
    doc = Document()
    for i in range(1, 81):
        doc.add_heading(f"Chapter {i}", 1)
        doc.add_heading(f"Section {i}.1", 2)
    for i in range(25):
        doc.add_table(rows=2, cols=3).rows[0].cells[0].text = f"T{i + 1}"
    path = tmp_path / "big_report.docx"
    doc.save(str(path))
    data = read_outline(open_docx(path)).to_data()
    text = docx_outline("big_report.docx", data)
    assert text is not None
    assert text.splitlines()[0] == "**big_report.docx** — 160 headings, 25 tables, 400 words"
    assert "\n- Chapter 1\n  - Section 1.1\n" in text
    assert not any(line.lstrip().startswith("#") for line in text.splitlines())  # no huge titles
    assert "- *… 100 more headings not shown*" in text
    assert "**Tables 1–20 of 25; 5 more not shown**" in text
    assert "\n20. 2 rows × 3 columns: T20" in text and "\n21. " not in text
    zh = docx_outline("big_report.docx", data, lambda m: translations.render_plain(m, "zh_CN"))
    assert zh is not None and "**表格 1–20（共 25 个）；另有 5 个未显示**" in zh and "另有 100 个标题未显示" in zh


def test_the_terminal_renderer_agrees_with_the_compiled_translations(hooked) -> None:
    """The CLI and the offline planner read the .ts without Qt; the window reads the .qm: same words."""
    i18n.set_language("zh_CN")
    for mid, template in messages.MESSAGES.items():
        params = dict.fromkeys(_fields(template), "x")
        for n in ((1, 2, 7) if isinstance(template, tuple) else (None,)):
            message = messages.Msg(id=mid, english_template=template, params=params, n=n)
            assert translations.render_plain(message, "zh_CN") == i18n.render(message), mid
    i18n.set_language("en")
    for n in (1, 2):
        message = messages.count("count.tables", n)
        assert translations.render_plain(message, "en") == i18n.render(message)


def _fields(template: str | tuple[str, str]) -> set[str]:
    import string

    text = template[1] if isinstance(template, tuple) else template
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_a_message_renderer_failure_shows_english(qtbot, hooked) -> None:
    renderers.set_message_renderer(lambda message: 1 / 0)
    try:
        card = ApprovalCard(_approval_view(), _Host())
        qtbot.addWidget(card)
        assert card.title_label.text() == "Create Q3 Planning Meeting.docx — 4 headings, 3 lists, 1 table"
    finally:
        install_renderer_translator()
        renderers.set_message_renderer(i18n.render)


def test_bad_files_are_explained_in_the_users_language(qtbot, hooked, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    from skills.runtime import safety

    corrupt = tmp_path / "季度.docx"
    corrupt.write_bytes(b"PK\x03\x04 this is not really a zip archive" * 10)
    locked = tmp_path / "locked.xlsx"
    locked.write_bytes(bytes.fromhex("D0CF11E0A1B11AE1") + b"\0" * 600)
    said = {}
    for path in (corrupt, locked):
        with pytest.raises(safety.UnsafeFileError) as info:
            safety.check_file(path)
        said[path.name] = info.value.msg
    assert said["季度.docx"].id == "problem.corrupt" and said["locked.xlsx"].id == "problem.encrypted_or_old"
    monkeypatch.setattr(safety, "MAX_FILE_BYTES", 100)
    with pytest.raises(safety.UnsafeFileError) as big:
        safety.check_file(corrupt)
    assert big.value.msg.id == "problem.too_large" and "the limit is" in str(big.value)  # English for the model
    assert translations.render_plain(said["locked.xlsx"], "zh_CN").startswith("locked.xlsx 受密码保护")
    monkeypatch.undo()
    i18n.set_language("zh_CN")
    view = ArtifactView(id="art-bad", kind="docx", title="季度", path=corrupt, workspace_path="季度.docx", bytes=corrupt.stat().st_size)
    preview = Registry().create_preview(view)
    qtbot.addWidget(preview)
    qtbot.waitUntil(lambda: bool(preview.error()), timeout=5_000)
    assert "无法打开 季度.docx：文件已损坏" in preview.error()


def test_every_check_the_skills_run_has_plain_words() -> None:
    import re

    import skills.runtime as runtime

    names = {"tables_count", "images_count", "page_3_not_blank"}  # built with f-strings in the source
    for path in Path(runtime.__file__).parent.rglob("*.py"):
        names |= set(re.findall(r'\b(?:contains_check|check|Check)\((?:name=)?"([^"]+)"', path.read_text(encoding="utf-8")))
    assert len(names) > 20
    unnamed = sorted(n for n in names if messages.check_label(n).id == "check.label.other")
    assert unnamed == []


def test_more_changes_than_shown_counts_in_proper_plurals(hooked) -> None:
    from renderers.approval import MAX_CHANGES_SHOWN, changes_html

    one_more = tuple(("a", "b") for _ in range(MAX_CHANGES_SHOWN + 1))
    assert "… and 1 more change<" in changes_html(one_more)
    assert "… and 2 more changes<" in changes_html(one_more + (("c", "d"),))
    i18n.set_language("zh_CN")
    assert "……另有 1 处更改" in changes_html(one_more)


def test_a_check_reason_on_screen_follows_a_live_language_switch(qtbot, hooked, tmp_path: Path) -> None:
    """The reason under a check is a message said when the card draws: switching the language turns a reason
    already on screen into the new language (it was frozen in the language of the moment the card was made)."""
    from desktop.ui.host import evidence_summary

    path = tmp_path / "plan.docx"
    Document().save(str(path))
    stored = Evidence(path="plan.docx", kind="docx", sha256="0" * 64, bytes=path.stat().st_size, checks=(
        Check(name="opens", status="passed", detail="python-docx opened the file"),
        Check(name="render", status="not_run", detail=messages.msg("soffice.missing"))))
    view = ArtifactView(id="art-2", kind="docx", title="plan", path=path, workspace_path="plan.docx", bytes=path.stat().st_size, sha256="0" * 64,
                        evidence=evidence_summary(stored))
    card = Registry().create_card(view, _Host())
    qtbot.addWidget(card)
    assert "LibreOffice is not installed" in card.checks_label.text()
    i18n.set_language("zh_CN")
    chinese = card.checks_label.text()
    assert "LibreOffice is not installed" not in chinese
    assert translations.render_plain(messages.msg("soffice.missing"), "zh_CN") in chinese
    i18n.set_language("en")
    assert "LibreOffice is not installed" in card.checks_label.text()
