"""Progressive skill instructions: the workflow up front, each command's section on demand by name."""
from __future__ import annotations

import json

from desktop.agent.details import details_tool, split_details
from desktop.llm import Completion
from desktop.llm.scripted import tool_turn

from .conftest import Harness, run, seen

BODY = """# Notes skill

Use the commands below.

## Workflow

1. Read, then write.

## `note_write`

```json
{"path": "a.txt", "text": "hi"}
```

## note_read and note_verify

Reads the file back.

## Good notes

Keep them short.
"""


def test_sections_naming_a_command_move_out_and_the_rest_stays() -> None:
    core, details = split_details(BODY, ["note_write", "note_read", "note_verify"])
    assert list(details) == ["note_write", "note_read and note_verify"]
    assert details["note_write"].startswith("## `note_write`") and '"path": "a.txt"' in details["note_write"]
    assert "## Workflow" in core and "## Good notes" in core and '"path": "a.txt"' not in core
    assert "skill_details" in core and "Before you first use a command" in core
    assert details_tool(details).parameters["properties"]["section"]["enum"] == list(details)
    # a command name inside a longer word does not count; no command sections: the body is sent whole
    assert split_details(BODY, ["note"]) == (BODY, {})
    assert split_details("no headings", ["note_write"]) == ("no headings", {})


def test_skill_agent_reads_a_section_by_name_and_an_unknown_name_is_refused(h: Harness) -> None:
    from desktop.agent import CatalogSkills
    from skills.catalog import load_body

    skills = CatalogSkills()
    start = ("m1", "run_skill", json.dumps({"skill_id": "docx", "goal": "write a memo"}))
    ask = ("s1", "skill_details", json.dumps({"section": "docx_create"}))
    wrong = ("s2", "skill_details", json.dumps({"section": "how to hack"}))
    rt = h.runtime([tool_turn(start), tool_turn(ask), tool_turn(wrong), Completion(text="I stop."),
                    Completion(text="Nothing made.")], skills=skills)
    run(rt.start_task(h.conv.id, "write a memo"))
    _core, details = split_details(load_body("docx"), skills.skill("docx").commands)
    first = h.model.calls[1]
    assert "docx_create" in details and details["docx_create"] not in first.messages[0].content
    answer = json.loads(h.model.calls[2].messages[-1].content)
    assert answer["ok"] is True and answer["data"]["text"] == details["docx_create"]
    refused = json.loads(h.model.calls[3].messages[-1].content)
    assert refused["ok"] is False and "skill_details" in seen(refused)
