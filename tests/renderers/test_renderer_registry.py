"""Registry: built-ins through entry points, lazy factories, duplicates, blocked plugins, discovery."""
from __future__ import annotations

import logging
import sys
from pathlib import Path

import pytest

from renderers import RendererSpec
from renderers.errors import PluginError
from renderers.registry import Registry


BUILTIN_KINDS = {"docx", "pdf", "pptx", "xlsx", "approval/docx", "approval/pdf", "approval/pptx", "approval/xlsx"}


def test_empty_registry_knows_no_kind(tmp_path: Path) -> None:
    reg = Registry(discover=False)
    assert reg.kinds() == ()
    assert reg.spec("docx") is None
    assert reg.plugin("docx") is None


def test_builtins_are_discovered_through_entry_points() -> None:
    reg = Registry()
    assert BUILTIN_KINDS <= set(reg.kinds())
    assert reg.spec("approval/xlsx").factory == "renderers.approval:ApprovalRenderer"
    assert reg.blocked() == {}


def test_register_refuses_duplicates_and_disposer_removes(qtbot) -> None:
    reg = Registry(discover=False)
    spec = RendererSpec(kind="docx", display_name="Word", factory="renderers.docx:DocxRenderer")
    dispose = reg.register(spec)
    with pytest.raises(PluginError, match="already registered"):
        reg.register(RendererSpec(kind="docx", display_name="Other", factory="x:Y"))
    assert reg.plugin("docx") is not None
    dispose()
    assert reg.spec("docx") is None and reg.plugin("docx") is None


def test_registered_context_manager_is_temporary() -> None:
    reg = Registry(discover=False)
    with reg.registered(RendererSpec(kind="md", display_name="Markdown", factory="renderers.docx:DocxRenderer")):
        assert reg.kinds() == ("md",)
    assert reg.kinds() == ()


def test_unknown_kind_and_broken_factory_give_none(qtbot, files, caplog, host, view_of) -> None:
    reg = Registry(discover=False)
    assert reg.create_card(view_of(files["docx"], kind="nope"), host) is None
    reg.register(RendererSpec(kind="bad", display_name="Bad", factory="renderers.no_such_module:Nothing"))
    with caplog.at_level(logging.WARNING, logger="renderers.registry"):
        assert reg.create_card(view_of(files["docx"], kind="bad"), host) is None
        assert reg.create_preview(view_of(files["docx"], kind="bad")) is None
    assert "bad" in reg.blocked()
    assert "blocked" in caplog.text


def _fake_distribution(root: Path, name: str, entry_points: str, module: str, source: str) -> None:
    info = root / f"{name}-1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(entry_points)
    (root / f"{module}.py").write_text(source)


PLUGIN_SOURCE = '''
from renderers import RendererSpec
from PySide6.QtWidgets import QLabel

SPEC = RendererSpec(kind="text/plain", display_name="Plain text", factory="mira_fake_plugin:TextRenderer")
imported = []

class TextRenderer:
    def __init__(self):
        imported.append(True)

    def card(self, view, host, parent=None):
        return QLabel("card: " + view.title, parent)

    def preview(self, view, parent=None, index=0):
        return QLabel(view.path.read_text(), parent)


RAISING = RendererSpec(kind="text/raising", display_name="Raises", factory="mira_fake_plugin:Raising")


class Raising:
    def __init__(self):
        raise RuntimeError("cannot construct")
'''


def test_discovery_finds_a_third_party_plugin_and_blocks_a_broken_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, qtbot, caplog, host, view_of) -> None:
    _fake_distribution(tmp_path, "mira_fake_plugin",
                       "[mira.renderers]\ntext = mira_fake_plugin:SPEC\nraising = mira_fake_plugin:RAISING\n"
                       "notaspec = mira_fake_plugin:imported\n",
                       "mira_fake_plugin", PLUGIN_SOURCE)
    _fake_distribution(tmp_path, "mira_broken_plugin",
                       "[mira.renderers]\nbroken = mira_broken_plugin:SPEC\n",
                       "mira_broken_plugin", "raise ImportError('this plugin is broken')\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    with caplog.at_level(logging.WARNING, logger="renderers.registry"):
        reg = Registry()
    assert "text/plain" in reg.kinds()
    assert BUILTIN_KINDS <= set(reg.kinds())  # the broken plugin stopped nothing
    assert any("broken" in k for k in reg.blocked())
    assert "mira_broken_plugin" in caplog.text
    module = sys.modules.get("mira_fake_plugin")
    assert module is not None and module.imported == []  # the factory class is not built yet
    note = tmp_path / "note.txt"
    note.write_text("hello plugin")
    card = reg.create_card(view_of(note, kind="text/plain", title="Note"), host)
    qtbot.addWidget(card)
    assert card.text() == "card: Note"
    preview = reg.create_preview(view_of(note, kind="text/plain"))
    qtbot.addWidget(preview)
    assert preview.text() == "hello plugin"
    assert module.imported == [True]
    assert any("notaspec" in k for k in reg.blocked())  # a list, not a RendererSpec
    assert "text/raising" in reg.kinds()  # the spec is fine until its factory runs
    assert reg.create_card(view_of(note, kind="text/raising"), host) is None
    assert "cannot construct" in reg.blocked()["text/raising"]
    monkeypatch.delitem(sys.modules, "mira_fake_plugin")


def test_preload_imports_plugin_modules_without_building_them(tmp_path, monkeypatch) -> None:
    import sys

    (tmp_path / "mira_preload_probe.py").write_text(
        "BUILT = []\n"
        "class Probe:\n"
        "    def __init__(self):\n"
        "        BUILT.append(self)\n"
        "    def card(self, view, host, parent=None):\n"
        "        return None\n"
        "    def preview(self, view, parent=None, index=0):\n"
        "        return None\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "mira_preload_probe", raising=False)
    reg = Registry(discover=False)
    reg.register(RendererSpec(kind="probe", display_name="Probe", factory="mira_preload_probe:Probe"))
    reg.register(RendererSpec(kind="gone", display_name="Gone", factory="mira_no_such_module:Thing"))
    reg.preload()
    probe = sys.modules["mira_preload_probe"]
    assert probe.BUILT == []  # imported, nothing built: plugins are still made on first use
    assert reg.blocked() == {}  # a module that fails is reported when its kind is first used
    assert reg.plugin("gone") is None and "gone" in reg.blocked()
    assert reg.plugin("probe") is not None and len(probe.BUILT) == 1
