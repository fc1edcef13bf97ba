"""Named crash points for the crash-recovery test; no-ops unless ``MIRA_CRASHPOINT`` names one."""
from __future__ import annotations

import os
import signal

ENV = "MIRA_CRASHPOINT"
# Points on the approve -> execute -> record path (the runtime's); a test command may add its own,
# e.g. "inside_publish" between writing the staging file and the atomic rename.
POINTS = ("after_approved_commit", "after_executing_commit", "after_command_run", "after_result_recorded")


def _crashpoint(name: str) -> None:
    """SIGKILL this process when the env var names this point (a real, unclean death)."""
    if os.environ.get(ENV) == name:
        os.kill(os.getpid(), signal.SIGKILL)
