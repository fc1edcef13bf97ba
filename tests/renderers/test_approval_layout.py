"""The approval card at the widths a chat column really has: the changes table is as tall as its wrapped
text (no empty band, a long list scrolls), and no button's words are cut in a narrow chat."""
from __future__ import annotations

import pytest
from PySide6.QtWidgets import QVBoxLayout, QWidget

from renderers import ArtifactView, PendingApproval
from renderers.approval import ApprovalCard, ChangesArea

LONG = "The quarterly planning meeting will review the budget, the hiring plan and the product roadmap"


class _Host:
    offers_allow_similar = True

    def __getattr__(self, name: str):
        return lambda *args, **kwargs: None


_kept: list[QWidget] = []  # pytest-qt holds added widgets weakly: the column must outlive _card()


@pytest.fixture(autouse=True)
def _release() -> None:
    yield
    _kept.clear()


def _card(qtbot, width: int, changes: tuple[tuple[str, str], ...]) -> ApprovalCard:
    approval = PendingApproval(approval_id="ap", command="docx_edit", target_path="a.docx", summary="Edit a.docx", arguments={}, changes=changes)
    view = ArtifactView(id="ap", kind="approval/docx", title="a.docx", path=None, workspace_path="a.docx",
                        status="pending_approval", approval=approval)
    column = QWidget()
    qtbot.addWidget(column)
    _kept.append(column)
    layout = QVBoxLayout(column)
    card = ApprovalCard(view, _Host())
    layout.addWidget(card)
    layout.addStretch(1)
    column.resize(width, 900)
    column.show()
    qtbot.waitExposed(column)
    return card


@pytest.mark.parametrize("width", [420, 560, 760])
def test_the_changes_are_as_tall_as_their_wrapped_text(qtbot, width: int) -> None:
    card = _card(qtbot, width, ((LONG + " " + LONG, "Short"),))
    area, label = card.changes_area, card.changes_label
    needed = label.heightForWidth(area.viewport().width())
    qtbot.waitUntil(lambda: abs(area.height() - needed) <= 2)
    assert label.height() >= needed  # nothing cut either
    assert not area.verticalScrollBar().isVisible(), (area.height(), area.viewport().size(), label.size(), needed, area.width())


def test_a_long_list_of_changes_scrolls_at_the_cap(qtbot) -> None:
    card = _card(qtbot, 560, tuple((f"{k}: {LONG}", "Short") for k in range(12)))
    area = card.changes_area
    qtbot.waitUntil(lambda: area.height() == ChangesArea.MAX_HEIGHT)
    assert area.verticalScrollBar().maximum() > 0


@pytest.mark.parametrize("width", [380, 560, 900])
def test_no_button_is_squeezed_and_wide_cards_keep_one_line(qtbot, width: int) -> None:
    card = _card(qtbot, width, (("old", "new"),))
    buttons = (card.approve_button, card.similar_button, card.deny_button)
    for button in buttons:
        qtbot.waitUntil(lambda b=button: b.width() >= b.sizeHint().width())
        assert card.rect().contains(button.geometry())
    if width >= 900:  # everything on one line, the state beside the buttons
        middles = [w.geometry().center().y() for w in (*buttons, card.state_label)]
        assert max(middles) - min(middles) <= 2
    else:
        assert card.state_label.geometry().top() >= card.approve_button.geometry().bottom()
