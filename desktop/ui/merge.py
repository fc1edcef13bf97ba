"""Merging the stored conversation into the one on screen, in place where possible."""
from __future__ import annotations

import dataclasses
from typing import Any

from desktop.i18n import render
from desktop.messages import shown
from uchat import Conversation, ExtensionRef, Message, Role, Status

LOCAL = "local-"  # ids of messages shown but not (yet) stored


ATTACHMENT = "attachment"  # the extension kind of a file sent with a user message (its name is the id)
CLIP = "📎"  # how desktop.messages.shown_request marks attached files in the stored text
ASK = "~ask"  # suffix of the row that shows a message's approval cards, above its answer
WAITING_PREFIX = "Waiting for your approval"  # the runtime's text while a write waits for a decision


def stored_id(message_id: str) -> str:
    """The stored message a shown row belongs to (an approval row is part of its message)."""
    return message_id[:-len(ASK)] if message_id.endswith(ASK) else message_id


def to_message(row: Any) -> Message:
    """A stored message row → uchat's Message (extensions become ExtensionRefs)."""
    refs = []
    for ext in getattr(row, "extensions", ()) or ():
        artifact_id = ext["artifact_id"] if isinstance(ext, dict) else ext.artifact_id
        kind = ext["kind"] if isinstance(ext, dict) else ext.kind
        refs.append(ExtensionRef(message_id=row.id, artifact_id=artifact_id, kind=kind))
    try:
        role = Role(row.role)
    except ValueError:
        role = Role.SYSTEM
    try:
        status = Status(row.status)
    except ValueError:
        status = Status.DONE
    said = getattr(row, "said", None)
    text = shown(said, render) if said is not None else (row.text or "")  # Mira's own words: message values
    if role == Role.USER:
        text, names = split_attachments(text)
        refs = [ExtensionRef(message_id=row.id, artifact_id=name, kind=ATTACHMENT) for name in names] + refs
    return Message(id=row.id, role=role, text=text, status=status, extensions=tuple(refs),
                   error=getattr(row, "error", "") or "", reasoning=getattr(row, "reasoning", "") or "")


def split_attachments(text: str) -> tuple[str, list[str]]:
    """(request, attached file names) of a user message as desktop.messages.shown_request wrote it."""
    head, _sep, last = text.rpartition("\n\n") if "\n\n" in text else ("", "", text)
    parts = [p.strip() for p in last.split(" · ")]
    if not parts or not all(p.startswith(CLIP) and len(p) > len(CLIP) for p in parts):
        return text, []
    return head, [p[len(CLIP):].strip() for p in parts]


def user_message(message_id: str, text: str) -> Message:
    """A user message with its attachments as chips (extension refs of kind ``attachment``)."""
    text, names = split_attachments(text)
    return Message(id=message_id, role=Role.USER, text=text,
                   extensions=tuple(ExtensionRef(message_id=message_id, artifact_id=name, kind=ATTACHMENT) for name in names))


def to_messages(row: Any) -> list[Message]:
    """A stored message row → the rows shown, in the order things happened.

    The runtime keeps one assistant message per task and overwrites its text with the answer once an
    approved write ran. Shown as one row, the answer would sit above the card that produced it; so the
    approval cards get a row of their own ("~ask", with the waiting text while the write waits), and the
    answer with the files it made follows below them.
    """
    msg = to_message(row)
    asks = tuple(r for r in msg.extensions if r.kind.startswith("approval/"))
    if msg.role != Role.ASSISTANT or not asks:
        return [msg]
    waiting = msg.text.startswith(WAITING_PREFIX) and msg.status != Status.STREAMING
    ask_id = msg.id + ASK
    ask = Message(id=ask_id, role=Role.ASSISTANT, text=msg.text if waiting else "", status=Status.DONE,
                  extensions=tuple(ExtensionRef(message_id=ask_id, artifact_id=r.artifact_id, kind=r.kind) for r in asks))
    reply = Message(id=msg.id, role=msg.role, text="" if waiting else msg.text, status=msg.status,
                    extensions=tuple(r for r in msg.extensions if r not in asks), error=msg.error,
                    reasoning=msg.reasoning)
    if not reply.text and not reply.extensions and not reply.error and reply.status != Status.STREAMING:
        return [ask]
    return [ask, reply]


def to_messages_all(rows: Any) -> list[Message]:
    """Every shown row of the stored ``rows``, oldest first."""
    return [m for row in rows for m in to_messages(row)]


def merge(conv: Conversation, stored: list[Message], *, bound: dict[str, str], live: set[str],
          waiting: set[str], empty: Message, reset: bool = False) -> None:
    """Make ``conv`` show ``stored`` (plus local notices and still-unbound placeholders).

    ``bound`` maps local placeholder ids to the stored ids they turned out to be;
    ``live`` are ids of messages a running task writes into (their longer streamed
    text is kept while the store still says "streaming"); ``waiting`` are local
    rows of sends whose task id is not known yet; ``empty`` is shown when nothing is.
    ``reset`` replaces the list in one reset (uchat then pages older history over).
    """
    shown = {m.id: m for m in conv}
    for old_id, new_id in bound.items():
        if old_id in shown:
            shown[new_id] = shown[old_id]
    merged = []
    for msg in stored:
        old = shown.get(msg.id)
        if (old is not None and msg.id in live and msg.status == Status.STREAMING
                and len(old.text) > len(msg.text)):
            msg = dataclasses.replace(msg, text=old.text)
        if old is not None and msg.id in live and msg.status == Status.STREAMING and len(old.reasoning) > len(msg.reasoning):
            msg = dataclasses.replace(msg, reasoning=old.reasoning)  # streamed further than the store has it yet
        if old is not None:
            msg = dataclasses.replace(msg, reasoning_open=old.reasoning_open)  # a fold the user opened stays open
        merged.append(msg)
    extras = [m for m in conv if m.id.startswith(LOCAL + "notice") or m.id in waiting]
    if not merged and not extras:
        merged = [empty]
    if reset:
        conv.reset(merged + extras)
        return
    keep = {m.id for m in merged} | {m.id for m in extras}
    for msg in list(conv):
        if msg.id not in keep:
            conv.remove(msg.id)
    extra_ids = {m.id for m in extras}
    ids = [m.id for m in conv]
    core = [i for i in ids if i not in extra_ids]
    if core == [m.id for m in merged[:len(core)]] and ids == core + [i for i in ids if i in extra_ids]:
        # Same order: update in place and insert the new rows before the local ones; keeps the scroll
        # position and the live cards.
        for msg in merged[:len(core)]:
            conv.update(msg.id, text=msg.text, status=msg.status, extensions=msg.extensions, error=msg.error,
                        reasoning=msg.reasoning)
        conv.insert(len(core), merged[len(core):])
    else:
        conv.reset(merged + extras)
