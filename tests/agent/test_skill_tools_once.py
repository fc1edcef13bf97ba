"""The tools a skill agent is shown are made once per set of commands (they were made again on every skill turn,
~25 ms each), and a skill's instructions are read without parsing their frontmatter again (its hash proves the
file is the one the catalog was built from)."""
from __future__ import annotations

import pytest

from desktop.agent import tools
from skills.catalog import CatalogError, load_body, load_catalog
from skills.runtime import get_command


def test_the_shown_tools_are_made_once_and_are_those_a_fresh_build_gives() -> None:
    commands = [get_command("docx_create"), get_command("docx_edit")]
    first = tools.skill_tools(commands)
    assert tools.skill_tools(list(commands)) is first
    assert first == tools._skill_tools(commands)
    assert tools.skill_tools(commands[:1]) != first  # another set of commands, other tools


def test_a_skill_body_is_its_text_after_the_frontmatter_and_a_changed_file_is_refused(tmp_path) -> None:  # type: ignore[no-untyped-def]
    import shutil

    catalog = load_catalog()
    body = load_body("docx", catalog)
    assert body.strip() and not body.lstrip().startswith("---") and "docx_edit" in body
    root = tmp_path / "skills"
    shutil.copytree(catalog.root, root, ignore=shutil.ignore_patterns("__pycache__", "runtime"))
    skill = root / catalog.entries["docx"].path
    skill.write_text(skill.read_text(encoding="utf-8") + "\nOne more line.\n", encoding="utf-8")
    from dataclasses import replace

    with pytest.raises(CatalogError):
        load_body("docx", replace(catalog, root=root))
