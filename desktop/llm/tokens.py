"""How many tokens a request takes, known before it is sent.

No tokenizer file can be fetched at run time (``tiktoken`` downloads its encodings on first use, and a
desktop app may be offline), so the count is a stated conservative estimate that errs on the large side
for the model families people run locally (Llama, Qwen, Mistral, Gemma, GPT):

* every CJK character (Han, kana, hangul, CJK punctuation, full-width forms) counts as one token —
  these tokenizers spend one or more tokens on most such characters;
* everything else counts one token per three characters (English prose averages about four characters
  per token, JSON schemas about three);
* each message adds :data:`PER_MESSAGE` tokens for its role and chat-template markers.

A request counted here as fitting may still be a little smaller than estimated; it is never silently cut
because :func:`check_fits` refuses what does not fit before anything is sent.
"""
from __future__ import annotations

import json
import math
from collections.abc import Sequence

from desktop.llm._types import ChatMessage, ModelError, ToolSpec

PER_MESSAGE = 4  # role and template markers around each message
CHARS_PER_TOKEN = 3
METHOD = "estimate: CJK characters count one token each, other text one token per 3 characters"


def _is_cjk(code: int) -> bool:
    return (0x2E80 <= code <= 0x9FFF or 0xAC00 <= code <= 0xD7AF or 0xF900 <= code <= 0xFAFF
            or 0xFF00 <= code <= 0xFFEF or 0x20000 <= code <= 0x3FFFF)


def count_text(text: str) -> int:
    """Tokens for ``text`` under the conservative estimate."""
    cjk = sum(1 for ch in text if _is_cjk(ord(ch)))
    return cjk + math.ceil((len(text) - cjk) / CHARS_PER_TOKEN)


def _tool_text(tool: ToolSpec) -> str:
    # Servers render the tool list into the prompt as JSON (or close to it): count that form.
    return json.dumps({"name": tool.name, "description": tool.description, "parameters": tool.parameters},
                      ensure_ascii=False, separators=(",", ":"))


def count_request(messages: Sequence[ChatMessage], tools: Sequence[ToolSpec] = ()) -> int:
    """Tokens the prompt of one request takes: its messages and its tool list."""
    total = 0
    for m in messages:
        total += PER_MESSAGE + count_text(m.content)
        for call in m.tool_calls:
            total += count_text(call.name) + count_text(call.arguments) + PER_MESSAGE
    for tool in tools:
        total += count_text(_tool_text(tool))
    return total


class ContextTooSmall(ModelError):
    """A request would not fit the model's context window; it was not sent."""

    def __init__(self, needed: int, window: int, reply_room: int, model: str) -> None:
        from desktop.texts import tr

        self.needed = needed
        self.window = window
        self.reply_room = reply_room
        super().__init__(tr("model.context_too_small", model=model, needed=needed, window=window,
                            reply=reply_room))


def reply_room(window: int) -> int:
    """Tokens kept free for the answer: an eighth of the window, between 256 and 4,096."""
    return max(256, min(4096, window // 8))


def check_fits(messages: Sequence[ChatMessage], tools: Sequence[ToolSpec], window: int, model: str,
               scale: float = 1.0) -> int:
    """The request's size; raise :class:`ContextTooSmall` when it and room for a reply exceed ``window``.

    ``window`` 0 means unknown: nothing is refused, the size is still returned. ``scale`` corrects the
    estimate towards a server's own count (learned from the ``usage`` it reported, see desktop.llm.quirks).
    """
    needed = math.ceil(count_request(messages, tools) * scale)
    if window > 0:
        room = reply_room(window)
        if needed + room > window:
            raise ContextTooSmall(needed, window, room, model)
    return needed
