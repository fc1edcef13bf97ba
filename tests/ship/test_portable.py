"""Linux-only calls stay inside the few branches that guard them (CI runs Linux only)."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LINUX_ONLY = re.compile(r"os\.killpg|signal\.SIGKILL|/proc/|os\.fork\(|import fcntl|import resource|os\.setsid")
# Each place is guarded: getattr/hasattr fallbacks, a branch only taken where the OS has it, or a
# crash point that tests set on Linux only.
ALLOWED = {
    "skills/runtime/soffice.py": 0,  # kill_tree looks killpg/SIGKILL up with getattr
    "skills/runtime/workspace.py": 2,  # /proc/self/fd: only in the directory-fd branch, and checked
    "skills/runtime/_isolate_child.py": 2,  # `import resource` with an ImportError fallback; /proc/self/statm read or 0
    "skills/runtime/_lifeline.py": 1,  # PR_SET_PDEATHSIG's SIGKILL, in the Linux branch only
    "desktop/agent/_crash.py": 1,  # MIRA_CRASHPOINT: set by the crash-recovery tests only
    "desktop/ui/single_instance.py": 1,  # `import fcntl` in the Unix branch only (Windows: QLocalServer)
}


def test_linux_only_calls_are_only_where_they_are_guarded() -> None:
    found: dict[str, int] = {}
    for package in ("desktop", "uchat", "renderers", "skills"):
        for path in (ROOT / package).rglob("*.py"):
            n = len(LINUX_ONLY.findall(path.read_text(encoding="utf-8")))
            if n:
                found[path.relative_to(ROOT).as_posix()] = n
    unexpected = {p: n for p, n in found.items() if n > ALLOWED.get(p, 0)}
    assert not unexpected, f"Linux-only calls outside the guarded places: {unexpected}"
