"""Run a command with CPU-bound processes beside it, and always stop them afterwards.

``python scripts/stress.py [--burners N] -- COMMAND...`` starts N processes that only spin (two:
a 2-core machine fully busy, as under a loaded CI runner), runs COMMAND, stops the burners however
COMMAND ended, and exits with COMMAND's code. Each burner also ends by itself when this script
goes (it checks its parent twice a second), so even a SIGKILL leaves nothing behind.
"""
from __future__ import annotations

import argparse
import signal
import subprocess
import sys
from types import FrameType

BURN = """
import os, time
parent = os.getppid()
next_check = time.monotonic()
while True:
    sum(range(20_000))
    if time.monotonic() >= next_check:
        if os.getppid() != parent:
            break
        next_check = time.monotonic() + 0.5
"""


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--burners", type=int, default=2, help="CPU-bound processes to run beside it")
    parser.add_argument("command", nargs=argparse.REMAINDER, help="-- then the command to run")
    args = parser.parse_args(argv)
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("no command given")
    burners = [subprocess.Popen([sys.executable, "-c", BURN]) for _ in range(max(0, args.burners))]

    def _stop(signum: int, _frame: FrameType | None) -> None:
        raise SystemExit(128 + signum)

    signal.signal(signal.SIGTERM, _stop)
    try:
        print(f"stress: {len(burners)} CPU-bound processes running beside: {' '.join(command)}", flush=True)
        return subprocess.call(command)
    finally:
        for burner in burners:
            burner.kill()
        for burner in burners:
            burner.wait(10)


if __name__ == "__main__":
    sys.exit(main())
