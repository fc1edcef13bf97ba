"""Merging the stored conversation into the shown one keeps rows in place and streamed text."""
from __future__ import annotations

from dataclasses import dataclass

from desktop.ui.merge import merge, to_message
from uchat import Conversation, ExtensionRef, Inserted, Message, Reset, Role, Status

EMPTY = Message("local-welcome", Role.ASSISTANT, "welcome")


@dataclass(frozen=True)
class _Ext:
    artifact_id: str
    kind: str


@dataclass(frozen=True)
class _Row:
    id: str
    role: str
    text: str
    status: str
    extensions: tuple[_Ext, ...] = ()


def test_stored_rows_become_messages_with_refs() -> None:
    msg = to_message(_Row("m1", "assistant", "hi", "streaming", (_Ext("a1", "approval/docx"),)))
    assert msg == Message("m1", Role.ASSISTANT, "hi", Status.STREAMING, (ExtensionRef("m1", "a1", "approval/docx"),))
    assert to_message(_Row("m2", "robot", "?", "odd")).role == Role.SYSTEM


def test_placeholders_give_way_to_stored_rows_keeping_the_longer_streamed_text() -> None:
    conv = Conversation([Message("u0", Role.USER, "old"), Message("local-user-1", Role.USER, "make slides"),
                         Message("local-assistant-2", Role.ASSISTANT, "Working on it…", Status.STREAMING),
                         Message("local-notice-3", Role.SYSTEM, "a notice", Status.ERROR)])
    events: list[object] = []
    conv.subscribe(events.append)
    stored = [Message("u0", Role.USER, "old"), Message("u1", Role.USER, "make slides"),
              Message("a1", Role.ASSISTANT, "", Status.STREAMING)]
    merge(conv, stored, bound={"local-assistant-2": "a1"}, live={"a1"}, waiting=set(), empty=EMPTY)
    assert [m.id for m in conv] == ["u0", "u1", "a1", "local-notice-3"]
    assert conv.get("a1").text == "Working on it…"
    assert not any(isinstance(e, Reset) for e in events)  # rows changed in place, nothing rebuilt

    done = stored[:2] + [Message("a1", Role.ASSISTANT, "Done.", Status.DONE, (ExtensionRef("a1", "x", "pptx"),))]
    merge(conv, done, bound={}, live={"a1"}, waiting=set(), empty=EMPTY)
    assert conv.get("a1").text == "Done." and conv.get("a1").extensions[0].kind == "pptx"


def test_sends_still_waiting_for_their_task_stay_and_empty_shows_the_welcome() -> None:
    conv = Conversation([Message("local-user-1", Role.USER, "hi"),
                         Message("local-assistant-2", Role.ASSISTANT, "", Status.STREAMING)])
    merge(conv, [], bound={}, live=set(), waiting={"local-user-1", "local-assistant-2"}, empty=EMPTY)
    assert [m.id for m in conv] == ["local-user-1", "local-assistant-2"]
    merge(conv, [], bound={}, live=set(), waiting=set(), empty=EMPTY)
    assert [m.id for m in conv] == ["local-welcome"]


def test_a_different_order_is_a_reset() -> None:
    conv = Conversation([Message("b", Role.USER, "b"), Message("a", Role.USER, "a")])
    events: list[object] = []
    conv.subscribe(events.append)
    merge(conv, [Message("a", Role.USER, "a"), Message("b", Role.USER, "b"), Message("c", Role.USER, "c")],
          bound={}, live=set(), waiting=set(), empty=EMPTY)
    assert [m.id for m in conv] == ["a", "b", "c"] and isinstance(events[-1], Reset)
    conv.subscribe(events.append)
    events.clear()
    merge(conv, [Message("a", Role.USER, "a"), Message("b", Role.USER, "b"), Message("c", Role.USER, "c"),
                 Message("d", Role.USER, "d")], bound={}, live=set(), waiting=set(), empty=EMPTY)
    assert any(isinstance(e, Inserted) for e in events) and not any(isinstance(e, Reset) for e in events)
