"""Qt translation files: complete for zh_CN, compiled .qm current, plurals, a third language as data only."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from desktop import i18n, translations
from desktop.translations import catalog
from skills.describe import write_headline
from skills.codec import from_json, to_json
from skills.messages import Msg, count, msg
from tests.zh_words import english_words


@pytest.fixture
def english() -> object:
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_every_language_has_a_finished_entry_for_every_string() -> None:
    entries = catalog.entries()
    contexts = {e.context for e in entries}
    assert contexts == {"desktop", "messages", "renderers", "uchat"}
    assert len(entries) > 200  # the catalogue really holds the app's strings
    for code in i18n.LANGUAGES:
        assert catalog.problems(code, entries) == [], code


def test_compiled_qm_files_are_current() -> None:
    """Each .qm says what its .ts says (checked through QTranslator, so any lrelease version passes)."""
    from PySide6.QtCore import QTranslator

    for code in i18n.LANGUAGES:
        translator = QTranslator()
        assert translator.load(str(translations.qm_path(code))), code
        stale = []
        for entry, tr in catalog.read_ts(translations.ts_path(code)).values():
            comment = entry.comment or None
            if entry.plural:
                shown = {translator.translate(entry.context, entry.source, comment, n) for n in range(31)}
                ok = set(tr.forms) == shown
            else:
                ok = translator.translate(entry.context, entry.source, comment) == tr.forms[0]
            if not ok:
                stale.append(entry.comment or entry.source)
        assert stale == [], f"run `make translations`: mira_{code}.qm is older than mira_{code}.ts"


def test_a_missing_unfinished_or_new_string_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = translations.ts_path("zh_CN").read_text(encoding="utf-8")
    at = text.index("<source>Approve</source>")
    text = text[:at] + text[at:].replace("<translation>批准</translation>",
                                         '<translation type="unfinished">批准</translation>', 1)
    start = text.index("<message>", text.index("<comment>menu.quit</comment>") - 200)
    text = text[:start] + text[text.index("</message>", start) + len("</message>"):]
    (tmp_path / "mira_zh_CN.ts").write_text(text, encoding="utf-8")
    monkeypatch.setattr(catalog, "ts_path", lambda code: tmp_path / f"mira_{code}.ts")
    entries = [*catalog.entries(), catalog.Entry("renderers", "A string nobody translated yet")]
    found = catalog.problems("zh_CN", entries)
    assert "unfinished renderers: 'Approve'" in found
    assert "missing desktop: 'menu.quit'" in found
    assert "missing renderers: 'A string nobody translated yet'" in found
    assert len(found) == 3


def test_update_keeps_translations_and_marks_changed_english_unfinished(tmp_path: Path) -> None:
    old_entry = catalog.Entry("desktop", "Quit", "menu.quit")
    old = {old_entry.match: (old_entry, catalog.Translation(["退出"], True, "Quit"))}
    legacy = {("desktop", "Open", "menu.open"): "打开"}
    new = [catalog.Entry("desktop", "&Quit", "menu.quit"), catalog.Entry("desktop", "Open", "menu.open"),
           catalog.Entry("desktop", "Close", "menu.close")]
    rows = catalog.updated("zh_CN", new, old, legacy)
    assert [(tr.forms, tr.finished) for _, tr in rows] == [(["退出"], False), (["打开"], True), ([""], False)]
    path = tmp_path / "x.ts"
    catalog.write_ts(path, "zh_CN", rows)
    again = catalog.read_ts(path)
    assert again[("desktop", "menu.open")][1].forms == ["打开"] and not again[("desktop", "menu.close")][1].finished


def test_plurals_in_english_and_chinese(english: object) -> None:
    assert i18n.render(count("count.tables", 1)) == "1 table"
    assert i18n.render(count("count.tables", 2)) == "2 tables"
    assert i18n.render(count("count.sheets", 1)) == "1 sheet"
    assert i18n.render(count("count.operations", 1)) == "1 change"
    assert i18n.render(count("count.operations", 0)) == "0 changes"
    i18n.set_language("zh_CN")
    assert i18n.render(count("count.tables", 1)) == "1 个表格"
    assert i18n.render(count("count.tables", 25)) == "25 个表格"  # Chinese has one form


def test_a_headline_reads_like_a_sentence_in_both_languages(english: object) -> None:
    blocks = [{"type": "heading"}] * 4 + [{"type": "bullets"}] * 2 + [{"type": "numbered"}] + [{"type": "table"}]
    headline = write_headline("docx_create", {"path": "out/Q3 Planning Meeting.docx", "blocks": blocks})
    assert i18n.render(headline) == "Create Q3 Planning Meeting.docx — 4 headings, 3 lists, 1 table"
    i18n.set_language("zh_CN")
    assert i18n.render(headline) == "创建 Q3 Planning Meeting.docx——4 个标题、3 个列表、1 个表格"
    # the value survives the ledger's JSON and still renders in the user's language
    assert i18n.render(from_json(Msg, json.loads(json.dumps(to_json(headline))))) == i18n.render(headline)
    assert headline.english() == "Create Q3 Planning Meeting.docx — 4 headings, 3 lists, 1 table"


def test_a_broken_translation_shows_english_not_an_error(english: object) -> None:
    odd = Msg(id="write.create", english_template="Create {name}", params={"nom": "a.docx"})
    with pytest.raises(KeyError):
        odd.english()
    assert i18n.render(msg("write.create", name="a.docx")) == "Create a.docx"
    assert i18n.render("plain text") == "plain text"


def test_a_third_language_is_a_new_ts_file_and_a_line_in_languages(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, english: object) -> None:
    """What a translator does for German: add the line, run the update, translate, compile. No code."""
    for name in ("mira_en.ts", "mira_en.qm"):
        shutil.copy(translations.FOLDER / name, tmp_path / name)
    monkeypatch.setattr(catalog, "ts_path", lambda code: tmp_path / f"mira_{code}.ts")
    monkeypatch.setattr(catalog, "qm_path", lambda code: tmp_path / f"mira_{code}.qm")
    monkeypatch.setattr(i18n, "qm_path", lambda code: tmp_path / f"mira_{code}.qm")
    monkeypatch.setitem(i18n.LANGUAGES, "de", "Deutsch")
    catalog.update(["de"], build=False)
    assert any(p.startswith("unfinished desktop: 'menu.quit'") for p in catalog.problems("de"))
    rows = catalog.read_ts(tmp_path / "mira_de.ts")
    done = []
    for match, (entry, tr) in rows.items():
        if match == ("desktop", "menu.quit"):
            tr = catalog.Translation(["&Beenden"], True)
        elif match == ("messages", "count.tables"):
            tr = catalog.Translation(["%n Tabelle", "%n Tabellen"], True)
        done.append((entry, tr))
    catalog.write_ts(tmp_path / "mira_de.ts", "de", done)
    catalog.compile_ts(tmp_path / "mira_de.ts", tmp_path / "mira_de.qm")
    i18n.set_language("de")
    assert i18n.tr("menu.quit") == "&Beenden"
    assert i18n.render(count("count.tables", 1)) == "1 Tabelle"
    assert i18n.render(count("count.tables", 3)) == "3 Tabellen"
    assert i18n.tr("menu.file") == "&File"  # not translated yet: English, never a key


def test_follow_the_system_picks_a_listed_language(monkeypatch: pytest.MonkeyPatch) -> None:
    import locale

    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(locale, "getlocale", lambda: ("zh_CN", "UTF-8"))
    assert i18n.system_language() == "zh_CN"
    monkeypatch.setattr(locale, "getlocale", lambda: ("zh_TW", "UTF-8"))
    assert i18n.system_language() == "zh_CN"  # the nearest listed language
    monkeypatch.setattr(locale, "getlocale", lambda: ("fr_FR", "UTF-8"))
    assert i18n.system_language() == "en"
    monkeypatch.setattr(locale, "getlocale", lambda: (None, None))
    assert i18n.system_language() == "en"


@pytest.mark.parametrize(("env", "expected"), [
    ({"LANG": "zh_CN.UTF-8"}, "zh_CN"), ({"LANG": "zh_TW.UTF-8"}, "zh_CN"), ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LANG": "en_US.UTF-8", "LC_MESSAGES": "zh_CN.UTF-8"}, "zh_CN"), ({"LANG": "zh_CN.UTF-8", "LC_ALL": "en_GB.UTF-8"}, "en"),
    ({"LANGUAGE": "zh_CN:en", "LANG": "en_US.UTF-8"}, "zh_CN"), ({"LANG": "C.UTF-8"}, "en"),
])
def test_follow_the_system_reads_the_environment_as_gettext_does(monkeypatch: pytest.MonkeyPatch,
                                                                 env: dict[str, str], expected: str) -> None:
    """LANGUAGE, LC_ALL, LC_MESSAGES, then LANG: a Chinese desktop whose zh_CN locale is not generated on
    the machine still gets the Chinese window (Python's locale fell back to C.UTF-8 there: English)."""
    import locale

    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.setattr(locale, "getlocale", lambda: ("en_US", "UTF-8"))
    assert i18n.system_language() == expected


def test_settings_offer_follow_the_system_first_and_keep_it(qtbot, english: object) -> None:
    from desktop.settings import AppSettings
    from desktop.ui.settings_dialog import SettingsDialog

    dialog = SettingsDialog(AppSettings())
    qtbot.addWidget(dialog)
    combo = dialog.language
    assert (combo.itemText(0), combo.itemData(0)) == ("Follow the system", "")
    assert combo.currentIndex() == 0  # the default
    assert [combo.itemData(i) for i in range(1, combo.count())] == list(i18n.LANGUAGES)
    combo.setCurrentIndex(combo.findData("zh_CN"))
    assert dialog.settings().language == "zh_CN"
    combo.setCurrentIndex(0)
    assert dialog.settings().language == ""
    i18n.set_language("zh_CN")
    chinese = SettingsDialog(AppSettings(language="zh_CN"))
    qtbot.addWidget(chinese)
    assert chinese.language.itemText(0) == "跟随系统" and chinese.language.currentData() == "zh_CN"


def test_every_message_about_the_base_url_uses_the_settings_label_s_word() -> None:
    """A refusal tells the user which Settings field to fix by that field's own label: the Chinese messages said
    "基础 URL", "服务器地址" and "服务地址" for a field labelled "Base URL" (issue 26)."""
    entries = catalog.entries()
    label = next(e for e in entries if e.comment == "settings.base_url")
    about = [e for e in entries if e.context == "messages" and "base url" in e.source.lower()]
    assert len(about) >= 5
    assert all("base url" in e.source.lower() for e in about)  # English: "Base URL:" and "the base URL"
    table = translations.ts_table("zh_CN")
    term = table[label.key][0].rstrip("：:")
    assert term and english_words(term) == [], term  # a Chinese term: the zh-words check allows "URL", not "Base"
    wrong = {e.comment: table[e.key][0] for e in about if term not in table[e.key][0]}
    assert wrong == {}, term
