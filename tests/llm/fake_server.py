"""A local Chat Completions server for tests: real HTTP, real SSE, scripted per test."""
from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any


@dataclass
class Received:
    path: str
    headers: dict[str, str]
    body: dict[str, Any]


@dataclass
class FakeServer:
    """Each request is answered by ``respond(handler, body)``; requests are recorded in ``received``."""

    respond: Callable[[BaseHTTPRequestHandler, dict[str, Any]], None]
    received: list[Received] = field(default_factory=list)
    release: threading.Event = field(default_factory=threading.Event)
    url: str = ""


def sse(handler: BaseHTTPRequestHandler, chunks: list[dict[str, Any] | str], *, done: bool = True) -> None:
    """Send ``chunks`` as server-sent events (a str is sent raw after ``data: ``)."""
    handler.send_response(200)
    handler.send_header("Content-Type", "text/event-stream")
    handler.send_header("Connection", "close")
    handler.end_headers()
    for chunk in chunks:
        data = chunk if isinstance(chunk, str) else json.dumps(chunk)
        handler.wfile.write(f"data: {data}\n\n".encode())
        handler.wfile.flush()
    if done:
        handler.wfile.write(b"data: [DONE]\n\n")
    handler.wfile.flush()


def trickle(handler: BaseHTTPRequestHandler, pieces: Callable[[int], bytes], every: float = 0.1,
            limit: float = 30.0) -> None:
    """A stream that never ends on its own: ``pieces(n)`` is written every ``every`` seconds (an SSE
    comment such as ``b": keep-alive\\n\\n"``, or a data line) until the client goes away, the test ends
    (``release``) or ``limit`` seconds pass."""
    handler.send_response(200)
    handler.send_header("Content-Type", "text/event-stream")
    handler.end_headers()
    release: threading.Event = handler.server.release  # type: ignore[attr-defined]
    n = 0
    deadline = time.monotonic() + limit
    try:
        while not release.wait(every) and time.monotonic() < deadline:
            handler.wfile.write(pieces(n))
            handler.wfile.flush()
            n += 1
    except OSError:  # the client closed the connection: what a deadline does
        pass


def raw_reply(handler: BaseHTTPRequestHandler, status: int, content_type: str, body: bytes) -> None:
    """A whole non-stream response (an HTML login page, a plain JSON completion...)."""
    handler.send_response(status)
    handler.send_header("Content-Type", content_type)
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    handler.wfile.write(body)


def http_error(handler: BaseHTTPRequestHandler, status: int, message: str) -> None:
    body = json.dumps({"error": {"message": message, "type": "error"}}).encode()
    handler.send_response(status)
    handler.send_header("Content-Type", "application/json")
    handler.send_header("Content-Length", str(len(body)))
    handler.end_headers()
    handler.wfile.write(body)


def json_reply(handler: BaseHTTPRequestHandler, data: Any, status: int = 200) -> None:
    """A whole JSON response (a model listing, Ollama's /api/show…)."""
    raw_reply(handler, status, "application/json", json.dumps(data).encode())


def ndjson(handler: BaseHTTPRequestHandler, lines: list[dict[str, Any]]) -> None:
    """Ollama's stream: one JSON object per line."""
    handler.send_response(200)
    handler.send_header("Content-Type", "application/x-ndjson")
    handler.send_header("Connection", "close")
    handler.end_headers()
    for line in lines:
        handler.wfile.write(json.dumps(line).encode() + b"\n")
        handler.wfile.flush()


def ollama_part(content: str = "", tool_calls: list[dict[str, Any]] | None = None, done: bool = False,
                ) -> dict[str, Any]:
    """One line of Ollama's /api/chat stream."""
    message: dict[str, Any] = {"role": "assistant", "content": content}
    if tool_calls:
        message["tool_calls"] = tool_calls
    out: dict[str, Any] = {"model": "m", "created_at": "2026-01-01T00:00:00Z", "message": message, "done": done}
    if done:
        out.update(done_reason="stop", prompt_eval_count=12, eval_count=3)
    return out


def chunk(delta: dict[str, Any] | None = None, finish: str | None = None, usage: dict[str, int] | None = None,
          ) -> dict[str, Any]:
    """One ``chat.completion.chunk`` object."""
    choices = [] if delta is None else [{"index": 0, "delta": delta, "finish_reason": finish}]
    out: dict[str, Any] = {"id": "chatcmpl-1", "object": "chat.completion.chunk", "created": 1,
                           "model": "test-model", "choices": choices}
    if usage is not None:
        out["usage"] = usage
    return out


def serve(respond: Callable[[BaseHTTPRequestHandler, dict[str, Any]], None]) -> Iterator[FakeServer]:
    """Start the server on 127.0.0.1 and a random port; stop it afterwards."""
    state = FakeServer(respond=respond)

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(length) or b"{}")
            state.received.append(Received(self.path, {k.lower(): v for k, v in self.headers.items()}, body))
            state.respond(self, body)

        def do_GET(self) -> None:
            state.received.append(Received(self.path, {k.lower(): v for k, v in self.headers.items()}, {}))
            state.respond(self, {})

        def log_message(self, format: str, *args: Any) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.daemon_threads = True
    server.block_on_close = False  # a stalled handler must not hold up teardown
    server.release = state.release  # type: ignore[attr-defined]  # stalled handlers wait on this
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)
    thread.start()
    state.url = f"http://127.0.0.1:{server.server_address[1]}/v1"
    try:
        yield state
    finally:
        state.release.set()
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def replay(*answers: Callable[[BaseHTTPRequestHandler, dict[str, Any]], None],
           ) -> Callable[[BaseHTTPRequestHandler, dict[str, Any]], None]:
    """A respond function that answers the n-th request with ``answers[n]`` (a server's recorded turns)."""
    seen = {"n": 0}

    def respond(handler: BaseHTTPRequestHandler, body: dict[str, Any]) -> None:
        n = seen["n"]
        seen["n"] += 1
        answers[min(n, len(answers) - 1)](handler, body)

    return respond


def transcript(chunks: list[dict[str, Any] | str], *, done: bool = True,
               ) -> Callable[[BaseHTTPRequestHandler, dict[str, Any]], None]:
    """An answer that streams ``chunks`` whatever the request."""
    return lambda handler, _body: sse(handler, chunks, done=done)


def whole(message: dict[str, Any], finish: str = "stop", usage: dict[str, int] | None = None,
          ) -> Callable[[BaseHTTPRequestHandler, dict[str, Any]], None]:
    """A non-streamed ``chat.completion`` answer."""
    data = {"id": "chatcmpl-1", "object": "chat.completion", "created": 1, "model": "test-model",
            "choices": [{"index": 0, "message": {"role": "assistant", **message}, "finish_reason": finish}],
            "usage": usage or {"prompt_tokens": 300, "completion_tokens": 5, "total_tokens": 305}}
    return lambda handler, _body: json_reply(handler, data)


def empty_stream(handler: BaseHTTPRequestHandler, body: dict[str, Any]) -> None:
    """llama-cpp-python's answer to a streamed tool turn with tool_choice auto: 200 and nothing in it."""
    handler.send_response(200)
    handler.send_header("Content-Type", "text/event-stream")
    handler.send_header("Connection", "close")
    handler.end_headers()
    handler.wfile.flush()
