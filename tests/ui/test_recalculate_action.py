"""A workbook written while nothing could compute some of its formulas offers Recalculate on its card: the button
sends the request a person would type, which goes through the same approval and makes a new version whose card
shows the values."""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from openpyxl import Workbook, load_workbook

from tests.ui._flow import TIMEOUT, approve_next, click, latest_card, send

needs_soffice = pytest.mark.skipif(shutil.which("soffice") is None, reason="LibreOffice is not installed")


def _book(path: Path) -> None:
    wb = Workbook()
    sh = wb.active
    sh.title = "Scores"
    sh.append(["Name", "Score"])
    for name, score in [("Ada", 31), ("Grace", 12), ("Linus", 25)]:
        sh.append([name, score])
    sh["D1"], sh["E1"] = "Median", "=MEDIAN(B2:B10)"  # a function Mira's engine leaves to LibreOffice
    wb.save(path)


@pytest.mark.slow
@needs_soffice
def test_recalculate_on_the_card_gives_a_new_version_with_the_values(make_window, qtbot, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:  # type: ignore[no-untyped-def]
    from skills.runtime import xlsx_cmds

    _book(tmp_path / "book.xlsx")
    window = make_window()
    with monkeypatch.context() as m:
        m.setattr(xlsx_cmds, "soffice_path", lambda: None)  # LibreOffice not there (or busy) while it is written
        send(window, qtbot, "add rows to book.xlsx: Alan, 40", [str(tmp_path / "book.xlsx")])
        approve_next(window, qtbot, "xlsx", 0)
        ref, card = latest_card(window, qtbot, "xlsx", 1)
    path = window.host.view_for(ref).path
    assert load_workbook(path, data_only=True)["Scores"]["E1"].value is None  # no value yet
    qtbot.waitUntil(lambda: "recalc" in card.wanted_buttons, timeout=TIMEOUT)
    recalc = card.wanted_buttons["recalc"]
    assert recalc.text() == "Recalculate" and recalc.isVisible()
    if os.environ.get("MIRA_SHOT_DIR"):  # for a person to look at
        card.grab().save(str(Path(os.environ["MIRA_SHOT_DIR"]) / "xlsx_card_recalculate.png"))
    card.more_menu.aboutToShow.emit()
    assert "Recalculate" in [a.text() for a in card.more_menu.actions()]  # in the follow-ups too
    from desktop.settings import AppSettings

    window.apply_settings(AppSettings(language="zh_CN"))  # the button follows a language switch
    qtbot.waitUntil(lambda: card.wanted_buttons["recalc"].text() == "重新计算", timeout=TIMEOUT)
    window.apply_settings(AppSettings(language="en"))
    qtbot.waitUntil(lambda: card.wanted_buttons["recalc"].text() == "Recalculate", timeout=TIMEOUT)
    recalc = card.wanted_buttons["recalc"]
    click(qtbot, recalc)
    rel = window.host.view_for(ref).workspace_path
    qtbot.waitUntil(lambda: any(msg.text == f"recalculate {rel}" for msg in window.conversation), timeout=TIMEOUT)
    approve_next(window, qtbot, "xlsx", 1)  # the same approval as a typed request
    ref2, card2 = latest_card(window, qtbot, "xlsx", 2)
    view = window.host.view_for(ref2)
    assert view.version == card.view.version + 1
    assert view.evidence is not None and view.evidence.counts["formulas"] == view.evidence.counts["formulas_calculated"]
    assert "recalc" not in card2.wanted_buttons  # the new version has its values: nothing to offer
    sheet = load_workbook(view.path, data_only=True)["Scores"]
    assert sheet["E1"].value == 28  # median of 31, 12, 25, 40
    assert [sheet.cell(row=r, column=1).value for r in range(2, 6)] == ["Ada", "Grace", "Linus", "Alan"]
    assert load_workbook(view.path)["Scores"]["E1"].value == "=MEDIAN(B2:B11)"  # a formula still, over the new row


def test_recalculate_is_offered_only_where_the_renderer_asks_for_it() -> None:
    from desktop.llm._offline_actions import actions_for, request_for
    from renderers import ArtifactView, EvidenceSummary
    from renderers.xlsx import needs

    assert "recalc" not in [a.id for a in actions_for("xlsx", 1)]  # not on every workbook's card
    (recalc,) = [a for a in actions_for("xlsx", 1, ("recalc",)) if a.id == "recalc"]
    assert recalc.fields == () and request_for(recalc, {}, "out/b.xlsx", False) == "recalculate out/b.xlsx"
    assert request_for(recalc, {}, "b.xlsx", True) == "重新计算 b.xlsx"
    assert "recalc" not in [a.id for a in actions_for("docx", 1, ("recalc",))]

    def view(formulas: int, calculated: int) -> ArtifactView:
        return ArtifactView(id="a", kind="xlsx", title="b", path=None, workspace_path="b.xlsx",
                            evidence=EvidenceSummary(passed=True, counts={"formulas": formulas,
                                                                          "formulas_calculated": calculated}))

    assert needs(view(3, 2)) == ("recalc",) and needs(view(3, 3)) == () and needs(view(0, 0)) == ()
