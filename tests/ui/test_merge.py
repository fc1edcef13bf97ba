"""Merging the stored conversation into the shown one keeps rows in place and streamed text."""
from __future__ import annotations

from dataclasses import dataclass

from desktop.ui.merge import merge, to_message
from uchat import Conversation, ExtensionRef, Inserted, Message, Reset, Role, Status

EMPTY = Message(id="local-welcome", role=Role.ASSISTANT, text="welcome")


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
    assert msg == Message(id="m1", role=Role.ASSISTANT, text="hi", status=Status.STREAMING, extensions=(ExtensionRef(message_id="m1", artifact_id="a1",
                                                                                                                     kind="approval/docx"),))
    assert to_message(_Row("m2", "robot", "?", "odd")).role == Role.SYSTEM


def test_placeholders_give_way_to_stored_rows_keeping_the_longer_streamed_text() -> None:
    conv = Conversation([Message(id="u0", role=Role.USER, text="old"), Message(id="local-user-1", role=Role.USER, text="make slides"),
                         Message(id="local-assistant-2", role=Role.ASSISTANT, text="Working on it…", status=Status.STREAMING),
                         Message(id="local-notice-3", role=Role.SYSTEM, text="a notice", status=Status.ERROR)])
    events: list[object] = []
    conv.subscribe(events.append)
    stored = [Message(id="u0", role=Role.USER, text="old"), Message(id="u1", role=Role.USER, text="make slides"),
              Message(id="a1", role=Role.ASSISTANT, text="", status=Status.STREAMING)]
    merge(conv, stored, bound={"local-assistant-2": "a1"}, live={"a1"}, waiting=set(), empty=EMPTY)
    assert [m.id for m in conv] == ["u0", "u1", "a1", "local-notice-3"]
    assert conv.get("a1").text == "Working on it…"
    assert not any(isinstance(e, Reset) for e in events)  # rows changed in place, nothing rebuilt

    done = stored[:2] + [Message(id="a1", role=Role.ASSISTANT, text="Done.", status=Status.DONE, extensions=(ExtensionRef(message_id="a1", artifact_id="x",
                                                                                                                          kind="pptx"),))]
    merge(conv, done, bound={}, live={"a1"}, waiting=set(), empty=EMPTY)
    assert conv.get("a1").text == "Done." and conv.get("a1").extensions[0].kind == "pptx"


def test_sends_still_waiting_for_their_task_stay_and_empty_shows_the_welcome() -> None:
    conv = Conversation([Message(id="local-user-1", role=Role.USER, text="hi"),
                         Message(id="local-assistant-2", role=Role.ASSISTANT, text="", status=Status.STREAMING)])
    merge(conv, [], bound={}, live=set(), waiting={"local-user-1", "local-assistant-2"}, empty=EMPTY)
    assert [m.id for m in conv] == ["local-user-1", "local-assistant-2"]
    merge(conv, [], bound={}, live=set(), waiting=set(), empty=EMPTY)
    assert [m.id for m in conv] == ["local-welcome"]


def test_a_different_order_is_a_reset() -> None:
    conv = Conversation([Message(id="b", role=Role.USER, text="b"), Message(id="a", role=Role.USER, text="a")])
    events: list[object] = []
    conv.subscribe(events.append)
    merge(conv, [Message(id="a", role=Role.USER, text="a"), Message(id="b", role=Role.USER, text="b"), Message(id="c", role=Role.USER, text="c")],
          bound={}, live=set(), waiting=set(), empty=EMPTY)
    assert [m.id for m in conv] == ["a", "b", "c"] and isinstance(events[-1], Reset)
    conv.subscribe(events.append)
    events.clear()
    merge(conv, [Message(id="a", role=Role.USER, text="a"), Message(id="b", role=Role.USER, text="b"), Message(id="c", role=Role.USER, text="c"),
                 Message(id="d", role=Role.USER, text="d")], bound={}, live=set(), waiting=set(), empty=EMPTY)
    assert any(isinstance(e, Inserted) for e in events) and not any(isinstance(e, Reset) for e in events)
