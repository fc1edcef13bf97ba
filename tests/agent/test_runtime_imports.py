"""What loading the agent runtime brings with it: the window's start waits for this import (ready to send,
bench/bench_startup.py), so the model's code, the agent loop and the schema validator wait for a task."""
from __future__ import annotations

import json
import subprocess
import sys

# Loaded by the first task (the model, the loop), the first titled conversation, or the first call written as text.
LATER = ("desktop.llm.offline.planner", "desktop.agent.titles", "desktop.agent.loop", "jsonschema", "openai", "httpx",
         # the parts that run a task, made by the first task, decision or recovery that finds work
         "desktop.agent.gate", "desktop.agent.decisions", "desktop.agent.calls", "desktop.agent.flows",
         "desktop.agent.finalize", "desktop.agent.reporter", "desktop.agent.skillsource", "desktop.agent._messages",
         "desktop.agent.events", "desktop.agent.context", "desktop.agent.tools", "skills.catalog")


def _loaded_by(statement: str) -> set[str]:
    code = f"{statement}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True)
    return set(json.loads(out.stdout.splitlines()[-1]))


def test_the_runtime_loads_without_the_model_the_loop_titles_or_jsonschema() -> None:
    loaded = _loaded_by("import desktop.agent.runtime")
    assert "desktop.agent.runtime" in loaded and "desktop.agent.listeners" in loaded  # the import really ran
    assert sorted(name for name in LATER if name in loaded) == []


def test_titles_read_the_format_words_without_the_offline_planner() -> None:
    loaded = _loaded_by("from desktop.agent.titles import request_title\n"
                        "assert request_title('Make slides about Q3 results') == 'Q3 results (PPTX)'")
    assert "desktop.format_words" in loaded
    assert "desktop.llm.offline.planner" not in loaded and "desktop.llm.offline._route" not in loaded
