"""A failed write's card says a refusal in the window's language without the argument the model named, from
either catalogue (issue 26): the agent's own path check ("inputs/0: …", desktop.messages) and a command's
"order: …" (skills) both read as a sentence, the argument on the labelled details line."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from desktop import i18n
from desktop.messages import msg as desktop_msg
from desktop.ui.host import _said_to_person
from skills.messages import msg
from tests.zh_words import english_words


@pytest.fixture
def chinese(qapp: object) -> Iterator[None]:
    i18n.set_language("zh_CN")
    yield
    i18n.set_language("en")


@pytest.mark.parametrize(("refusal", "field", "data"), [
    (desktop_msg("error.agent_tools.failed", where="inputs/0",
                 value=msg("error.workspace.path_leaves_workspace_allowed", rel="'../notes.md'")),
     "inputs/0", ["'../notes.md'", "'..'"]),
    (msg("error.pdf_page_ops.order", field="order", order=[1, 1, 2], total=3), "order", []),
])
def test_the_card_says_the_refusal_in_chinese_with_the_argument_as_details(
        chinese: None, refusal: object, field: str, data: list[str]) -> None:
    shown = _said_to_person(refusal)  # type: ignore[arg-type]
    main, _, details = shown.partition("（详细信息：")  # the card's "{message} (details: {details})"
    assert field not in main and english_words(main, data) == [], shown
    assert field in details, shown
