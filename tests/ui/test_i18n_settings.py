"""Interface strings in both languages, and settings that persist without ever holding a key."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from desktop import i18n
from desktop.llm.settings import ModelSettings
from desktop.settings import AppSettings, SettingsStore


def test_switching_language_changes_tr_and_tells_listeners() -> None:
    heard: list[str] = []
    unsubscribe = i18n.on_language_changed(heard.append)
    try:
        i18n.set_language("zh_CN")
        assert i18n.tr("status.waiting") == "等待批准"
        assert i18n.tr_uchat("Send") == "发送"
        i18n.set_language("en")
        assert i18n.tr("status.waiting") == "Waiting for approval"
        assert i18n.tr_uchat("Send") == "Send"
        assert heard == ["zh_CN", "en"]
        with pytest.raises(ValueError, match="unknown language"):
            i18n.set_language("fr")
    finally:
        unsubscribe()
        i18n.set_language("en")


def test_settings_round_trip_and_never_store_the_key(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    assert store.load() == AppSettings()
    settings = AppSettings(model=ModelSettings("openai_compatible", "https://api.example.com/v1/", "m1"),
                           workspace_root=str(tmp_path / "ws"), language="zh_CN", theme="dark")
    store.save(settings)
    again = SettingsStore(tmp_path).load()
    assert again.model.base_url == "https://api.example.com/v1"
    assert (again.workspace_root, again.language, again.theme) == (str(tmp_path / "ws"), "zh_CN", "dark")
    assert again.workspace_path() == tmp_path / "ws"
    text = store.path.read_text(encoding="utf-8")
    assert "key" not in json.loads(text)["model"]


def test_a_corrupt_or_hand_edited_settings_file_falls_back_and_says_why(tmp_path: Path) -> None:
    store = SettingsStore(tmp_path)
    store.path.write_text("{not json", encoding="utf-8")
    broken = store.load()
    assert broken.model.provider == "offline" and broken.problems
    store.path.write_text(json.dumps({"model": {"provider": "magic"}, "theme": "neon", "language": "xx"}),
                          encoding="utf-8")
    odd = store.load()
    assert (odd.model.provider, odd.theme, odd.language) == ("offline", "system", "")
    assert len(odd.problems) == 3
    # each is a message value, said at startup in the user's language (they were English sentences)
    from desktop.translations import render_plain
    from tests.zh_words import english_words

    shown = [render_plain(p, "zh_CN") for p in odd.problems]
    assert shown[0].startswith("设置文件中的模型设置未被使用：提供方必须是") and "'magic'" in shown[0], shown
    assert [english_words(s, ["'magic'", "'neon'", "'xx'", "offline", "openai_compatible"]) for s in shown] == [[]] * 3
    assert render_plain(broken.problems[0], "zh_CN").startswith("无法读取 settings.json，因此使用默认设置。\n详细信息：")


def test_every_string_the_chat_shell_shows_has_a_chinese_translation() -> None:
    import re

    import uchat

    sources = Path(uchat.__file__).parent.glob("*.py")
    shown = {m for f in sources for m in re.findall(r'\btr\("([^"]+)"\)', f.read_text(encoding="utf-8"))}
    assert shown, "the chat shell passes its strings through tr()"
    i18n.set_language("zh_CN")
    try:
        missing = sorted(s for s in shown if i18n.tr_uchat(s) == s)
    finally:
        i18n.set_language("en")
    assert missing == []


def test_a_settings_file_problem_is_said_at_startup_in_the_windows_language(make_window, qtbot) -> None:  # type: ignore[no-untyped-def]
    from desktop.settings import SettingsStore

    SettingsStore().path.write_text(json.dumps({"language": "zh_CN", "theme": "neon"}), encoding="utf-8")
    window = make_window()
    qtbot.waitUntil(lambda: "主题 'neon'" in window.statusBar().currentMessage(), timeout=20000)
    assert window.statusBar().currentMessage() == "设置文件中的主题 'neon' 无法识别，因此使用系统主题。"
