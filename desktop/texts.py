"""Interface strings: the English catalogue here, every other language from the translation files.

Qt-free, so the agent, the store and the terminal can say things in the user's language too: here a
translation is read from the ``.ts`` source; the window (:mod:`desktop.i18n`) installs a loader that
reads the compiled ``.qm`` through a :class:`QTranslator` instead.

Every visible string in ``desktop/ui`` goes through :func:`tr` (keys are short ids; ``_EN`` holds
their English). The chat shell and the renderer cards hand their English text to the hooks
:func:`tr_uchat` and :func:`tr_renderers`; the Qt-free layers hand over :class:`skills.messages.Msg`
values, which :func:`render` turns into the user's language, plurals included.

Translations live in ``desktop/translations/mira_<code>.ts`` (Qt Linguist sources, kept in the repo)
and are compiled to ``.qm`` files that a :class:`QTranslator` loads. Adding a language is a
translator's job: a line in ``desktop.translations.LANGUAGES``, then ``make translations`` and Qt
Linguist. A string without a translation shows its English text; a key missing everywhere shows
the key itself.
"""
from __future__ import annotations

from collections.abc import Callable

from desktop.translations import LANGUAGES, system_language, ts_table
from skills.messages import MESSAGES, Msg, render_with

__all__ = ["LANGUAGES", "language", "missing", "on_language_changed", "render", "set_language", "system_language", "tr",
           "tr_renderers", "tr_uchat"]

_EN: dict[str, str] = {
    # window, menus
    "app.title": "Mira",
    "menu.file": "&File",
    "menu.new": "&New conversation",
    "menu.settings": "&Settings…",
    "menu.quit": "&Quit",
    "menu.view": "&View",
    "menu.close_preview": "Close &preview",
    "menu.help": "&Help",
    "menu.about": "&About Mira",
    "menu.open_logs": "Open &logs folder",
    "menu.copy_diagnostics": "&Copy diagnostics",
    "diagnostics.copied": "Diagnostics copied to the clipboard.",
    "doctor.about": "Check what Mira needs on this machine; exits 1 when something needed is missing.",
    "doctor.version": "Version",
    "doctor.platform": "Platform",
    "doctor.libreoffice": "LibreOffice",
    "doctor.lo_missing": "not found: page view, recalculation and render checks will say not run",
    "doctor.lo_chosen_missing": "the path chosen in Settings does not exist: {path}",
    "doctor.cjk_fonts": "Chinese fonts",
    "doctor.cjk_missing": "none found: Chinese text may show as boxes",
    "doctor.keyring": "Key storage",
    "doctor.model": "Model",
    "doctor.model_offline": "offline planner (no network needed)",
    "doctor.model_reachable": "{where} reachable (model {model})",
    "doctor.model_unreachable": "{where} not reachable: {reason}",
    "doctor.database": "Database",
    "doctor.db_new": "{path} (not created yet; schema {latest})",
    "doctor.db_found": "{path} (schema {found}; this Mira uses {latest})",
    "doctor.db_unreadable": "{path} cannot be read: {reason}",
    "doctor.logs": "Logs",
    "doctor.install": "Installed as",
    "doctor.install_source": "source (Python package) in {path}",
    "doctor.install_frozen": "frozen folder {path}",
    "doctor.install_deb": "Debian package, in {path}",
    "doctor.install_tarball": "portable folder (unpacked .tar.gz) {path}",
    "doctor.install_windows": "Windows installer, in {path}",
    "doctor.install_macos": "macOS app, in {path}",
    "doctor.not_installed": "not installed",
    "doctor.ok": "ok",
    "doctor.warn": "warn",
    "doctor.missing": "MISSING",
    "doctor.verdict_missing": "{count} thing(s) Mira needs are missing.",
    "app.file_missing": "Cannot open {path}: there is no such file.",
    "about.text": "Mira {version}\nA desktop chat assistant that turns a conversation into real, verified office files.",
    # The legal notices the AGPL asks an interactive program to show.
    "about.licence": "Mira is free software under the GNU Affero General Public License, version 3 or any later "
                     "version, and comes with ABSOLUTELY NO WARRANTY. Its licence (LICENSE) and the licences of the "
                     "libraries it uses (THIRD_PARTY.md) are distributed with it.",
    "about.source": "Source code of this version: {url}",
    "about.source_unknown": "This build does not say where its source code is published. The licence entitles you to it: "
                            "ask whoever gave you this copy of Mira.",
    # sidebar
    "sidebar.new": "New conversation",
    "sidebar.new.tip": "Start a new conversation (Ctrl+N)",
    "sidebar.search": "Search conversations",
    "sidebar.rename": "Rename",
    "sidebar.delete": "Delete",
    "sidebar.empty": "No conversations yet",
    "sidebar.no_match": "No conversation matches",
    "conv.untitled": "New conversation",
    "conv.rename.title": "Rename conversation",
    "conv.rename.label": "Title:",
    "conv.delete.title": "Delete conversation",
    "conv.delete.text": "Delete “{title}” and all its messages? If its folder has files, you choose next whether to keep them.",
    # status bar
    "status.model": "Model: {label}",
    "status.idle": "Idle",
    "status.thinking": "Thinking…",
    "status.waiting": "Waiting for approval",
    "status.writing": "Writing…",
    "status.stopping": "Stopping…",
    # preview panel
    "preview.title": "Preview",
    "preview.close": "Close preview",
    "preview.unavailable": "No preview is available for this file.",
    "preview.label_current": "{name} · v{version}, current",
    "preview.label_older": "{name} · v{version}, older",
    "preview.older": "Older version — this is v{version}; the current one is v{current}.",
    "preview.go_current": "Go to current",
    "a11y.preview.go_current": "Show the current version of this file",
    # chat notices
    "chat.stopped": "Stopped.",
    "chat.failed": "The task failed: {error}",
    "chat.decision_failed": "The decision could not be applied: {error}",
    "chat.continue_failed": "The answer could not be continued: {error}",
    "approval.by_rule": "(approved by your rule for similar writes in this conversation)",
    "settings.tab.rules": "Approval rules",
    "approval.no_rule": "Approved this write only: it replaces a file Mira did not make, so similar writes will still ask.",
    "rules.note": "Writes you allowed without asking, per conversation. Revoking a rule changes nothing already written.",
    "rules.empty": "No rules. Choose “Allow similar writes in this conversation” on an approval card to make one.",
    "rules.revoke": "Revoke",
    "rules.item": "“{conversation}”: {skill} may {kind}",
    "rules.details": "command {command}, rule {rule}",
    "skill.docx": "the Word skill",
    "skill.pdf": "the PDF skill",
    "skill.pptx": "the PowerPoint skill",
    "skill.xlsx": "the Excel skill",
    "skill.xlsx-recalc": "the recalculation skill",
    "rules.kind.create_new": "create new files",
    "rules.kind.edit_own": "edit files Mira made in this conversation",
    "rules.kind.export_new": "export documents to new PDF files",
    "rules.kind.export_own": "export documents over PDF files Mira made in this conversation",
    "rules.kind.restore_own": "restore earlier versions of files Mira made in this conversation",
    "rules.kind.recalculate_own": "recalculate workbooks Mira made in this conversation",
    "rules.kind.edit_into_new": "save edits into new files",
    "rules.item_from": "“{conversation}”: {skill} may {kind} (made on “{card}”)",
    "chat.start_failed": "The request could not be started: {error}",
    "chat.busy": "A task is still running; wait for it or press Stop.",
    "chat.no_runtime": "The request could not be started: the agent could not be loaded (see the notice above).",
    "save.title": "Save a copy",
    "save.done": "Saved a copy to {path}",
    "save.failed": "Could not save the copy: {error}",
    "open.failed": "Could not open the file: {error}",
    "open.failed.why": "Could not open {name}: {reason}",
    "open.why.unreadable": "the file cannot be read (check its permissions)",
    "open.why.no_app": "no app on this computer is set to open {ext} files; use Save as… and open the copy, or install one",
    "card.retry_gone": "This request can no longer be asked again; type it again to retry.",
    "file.missing": "The file is no longer in the workspace: {path}",
    "recover.failed": "Recovering unfinished tasks failed: {error}",
    # welcome
    "welcome": (
        "### Welcome to Mira\n\n"
        "I turn **your own content** — notes, lists, tables and CSV — into real **Word, PDF, "
        "PowerPoint and Excel** files, and I can edit and inspect files you drop in here.\n\n"
        "Every write waits for your **Approve**, and every file comes back with evidence checked "
        "from the real file."
    ),
    "welcome.offline": "Right now the **offline planner** serves: it works without a network and never "
                       "invents prose. To connect a real model, open **Settings** (Ctrl+,).",
    "welcome.connected": "Connected model: **{model}**. Change it in **Settings** (Ctrl+,).",
    # settings dialog
    "settings.title": "Settings",
    "settings.tab.model": "Model",
    "settings.tab.workspace": "Workspace",
    "settings.tab.interface": "Interface",
    "settings.provider": "Provider:",
    "settings.provider.offline": "Offline planner (no network)",
    "settings.provider.openai": "OpenAI-compatible server",
    "settings.base_url": "Base URL:",
    "settings.model": "Model:",
    "settings.api_key": "API key:",
    "settings.api_key.note": "The key is kept in the OS keyring, never in the settings file.",
    "settings.no_keyring": "No OS keyring is available here: set the MIRA_API_KEY environment variable instead.",
    "settings.timeout": "Timeout:",
    "settings.test": "Test connection",
    "settings.testing": "Testing…",
    "settings.offline.note": "The offline planner turns your own markdown, lists, tables and CSV into "
                             "documents. It needs no key and no network.",
    "settings.workspace_root": "Workspace folder:",
    "settings.browse": "Browse…",
    "settings.workspace.note": "Each conversation works in its own folder inside this one, named from its title.",
    "settings.soffice": "LibreOffice:",
    "settings.soffice.found": "found automatically: {path}",
    "settings.soffice.none": "not found: choose soffice (soffice.exe on Windows)",
    "settings.soffice.note": "Used for the page view, recalculation and render checks. Leave empty to find it automatically.",
    "settings.workspace.invalid": "The workspace folder cannot be used: {error}",
    "settings.language": "Language:",
    "settings.language.system": "Follow the system",
    "settings.theme": "Theme:",
    "settings.theme.system": "System",
    "settings.theme.light": "Light",
    "settings.theme.dark": "Dark",
    "settings.ok": "OK",
    "settings.cancel": "Cancel",
    "settings.invalid": "These settings are not valid: {error}",
    "settings.key_failed": "The API key could not be stored: {error}",
    "settings.key_env_only": "With the environment variable chosen Mira keeps no key, so the key you typed was "
                             "not saved. Set MIRA_API_KEY before starting Mira, or choose the key file.",
    "settings.saved_but": "Your other settings were saved. {reason}",
    "settings.busy": "Settings that change the model or workspace apply to the next request.",
    # ui-look: flow, look, actions, accessibility, settings (appended; keep below)
    "card.stopped": "stopped before it ran; nothing was written",
    "error.in_details": "(details: {details})",
    "error.with_details": "{message} (details: {details})",
    "card.cancelled": "the request was stopped",
    "card.target_changed": "the file changed after this was proposed; ask again",
    "card.interrupted": "stopped while it ran; Mira checks the file when it next starts",
    "app.start_failed": "Mira could not start: {error}",
    "app.already_running": "Mira is already running on this data folder; its window was brought to the front.",
    "sidebar.today": "Today",
    "sidebar.yesterday": "Yesterday",
    "sidebar.week": "Previous 7 days",
    "sidebar.older": "Older",
    "sidebar.show_folder": "Show folder",
    "sidebar.row_menu": "Conversation actions",
    "sidebar.toggle": "Show or hide the conversation list (Ctrl+B)",
    "a11y.search": "Type to filter the conversations by title or message text",
    "a11y.conversations": "Conversations",
    "a11y.conversations.desc": "Grouped by date, newest first. F2 renames, Delete deletes, the menu key opens more actions.",
    "a11y.search.clear": "Clear search",
    "a11y.search.clear.desc": "Empty the search field and list every conversation",
    "a11y.row_menu.desc": "Rename or delete this conversation, or show its folder",
    "a11y.preview.close": "Hide the preview and give its room back to the conversation (Ctrl+W)",
    "a11y.shortcuts.close": "Close this list and go back to the conversation",
    "a11y.more_menus": "More menus",
    "a11y.more_menus.desc": "The menus that do not fit in the menu bar",
    "a11y.settings.tabs": "Settings sections",
    "a11y.settings.tabs.desc": "Ctrl+Tab moves to the next section",
    "a11y.settings.tab.model": "Where replies come from: the offline planner, or a server with its address, model and key",
    "a11y.settings.tab.workspace": "Where Mira keeps each conversation's files, and where LibreOffice is",
    "a11y.settings.tab.interface": "The window's language and theme",
    "a11y.settings.tab.rules": "The writes you allowed without asking, each with Revoke",
    "a11y.settings.provider": "The offline planner needs no network; a server needs its address, model and key",
    "a11y.settings.model": "The model's name on the server; Fetch models lists the ones it offers",
    "a11y.settings.timeout": "How long to wait for the server before giving up, in seconds",
    "a11y.settings.key_store": "Where the API key is kept when this computer has no OS keyring",
    "a11y.settings.api": "Which protocol the server speaks",
    "a11y.settings.test": "Send a short request with these settings and show what the server answers",
    "a11y.settings.browse": "Choose the workspace folder",
    "a11y.settings.browse_soffice": "Choose the LibreOffice program (soffice)",
    "a11y.settings.language": "The language of the window; Follow the system uses the computer's language",
    "a11y.settings.theme": "Light, dark, or as the system is set",
    "a11y.settings.ok": "Save these settings and close",
    "a11y.settings.cancel": "Close without changing anything",
    "a11y.rules.revoke": "Remove the selected rule: Mira asks again before such writes",
    "welcome.try": "Try one:",
    "settings.preset": "Preset:",
    "settings.preset.choose": "Choose a provider to fill in its address…",
    "settings.preset.tip": "The server's OpenAI-compatible address, e.g. https://api.openai.com/v1",
    "settings.fetch": "Fetch models",
    "settings.fetch.tip": "Ask the server which models it offers and choose one from the list",
    "settings.fetching": "Asking the server for its models…",
    "settings.fetched": "The server offers {n} models: choose one under the model field.",
    "settings.fetch_failed": "Could not list the models: {error}",
    "settings.key_store": "Keep the key in:",
    "settings.key_store.env": "The MIRA_API_KEY environment variable (Mira saves nothing)",
    "settings.key_store.file": "A file only you can read",
    "settings.key_file.note": "No OS keyring is available. The key will be saved in {path}, readable only by your "
                              "user account (permissions 0600). It is not encrypted: anyone who can log in as you, "
                              "or read your backups, can read it.",
    "settings.api_key.stored_keyring": "A key is stored in the OS keyring; leave empty to keep it",
    "settings.api_key.stored_file": "A key is stored in your key file; leave empty to keep it",
    "settings.api_key.from_env": "Using the key from {var}; paste one here to store it instead",
    "settings.api_key.none": "No key stored yet; paste one here",
    "menu.toggle_sidebar": "Conversation &list",
    "menu.focus_input": "Go to the &message box",
    "menu.focus_chat": "Go to the &conversation",
    "menu.shortcuts": "&Keyboard shortcuts",
    "menu.find": "Search conversations",
    "menu.approve_in_view": "Approve the write waiting in view",
    "menu.deny_in_view": "Deny the write waiting in view",
    "chat.nothing_waiting": "No write is waiting for approval.",
    "a11y.title": "Conversation title",
    "a11y.model_status": "Model in use",
    "a11y.task_status": "Task state",
    "keys.keys": "Keys",
    "keys.action": "Action",
    "keys.table": "Every keyboard shortcut of the window",
    "keys.enter": "Enter",
    "keys.enter.do": "Send the message (in the message box)",
    "keys.shift_enter": "Shift+Enter",
    "keys.shift_enter.do": "New line in the message box",
    "keys.up": "Up / Down",
    "keys.up.do": "Earlier messages you sent (message box); previous or next message (conversation)",
    "keys.tab": "Tab / Shift+Tab",
    "keys.tab.do": "Move between the list, the conversation, the cards and the message box",
    "keys.msg_enter": "Enter on a message",
    "keys.msg_enter.do": "Open its link (a menu when it has several)",
    "keys.copy": "Ctrl+C on a message",
    "keys.copy.do": "Copy the message",
    "keys.menu": "Menu key or Shift+F10",
    "keys.menu.do": "Actions of the message or conversation: copy, retry, edit, rename, delete, show folder",
    "welcome.example1": (
        "Turn these notes into slides:\n\n# Launch plan\n\n## Goals\n\n- Ship version one\n- Win early "
        "users\n\n## Timeline\n\n- May: beta\n- June: launch\n"),
    "welcome.example2": "Make a spreadsheet with a total row from this CSV:\n\nitem,cost\nAds,1200\nHosting,300\nDesign,800\n",
    "welcome.example3": "Make a Word document from these notes:\n\n# Team offsite\n\n## Agenda\n\n- Welcome\n- Planning\n",
    # conversations: working folders and versions
    "approval.replaces": "Replaces the existing {path} (v{version}).",
    "approval.folder": "Writes into the folder “{folder}”.",
    "approval.rule_made": "A rule now approves similar writes in this conversation: {rule} (Settings › Approval rules).",
    "approval.replaces_file": "Replaces the existing {path}.",
    "folder.delete.keep": "Keep folder",
    "folder.delete.remove": "Delete folder",
    "folder.delete.remove_chosen": "Remove kept versions",
    "folder.delete.text": "“{title}” works in {folder}. Keep that folder and the files in it, or delete it too?",
    "folder.delete.text_chosen": (
        "“{title}” works in your folder {folder}. Your files there are always kept; Mira can also remove the "
        "earlier versions it kept there."),
    "folder.delete.title": "Keep the conversation's folder?",
    "folder.invalid": "That folder cannot be used: {error}",
    "folder.now": "This conversation now works in {folder}. Files already there can be used.",
    "folder.open_failed": "The folder {folder} could not be opened.",
    "folder.pick_title": "Choose the folder this conversation works in",
    "folder.show": "Show &folder",
    "folder.work_in": "&Work in folder…",
    "version.compare_title": "{path}: v{left} and v{right}",
    "version.missing": "v{version} of {path} is no longer kept, so it cannot be shown.",
    "version.restore_request": "Restore v{version} of {path}",
    # storage faults
    "fault.no_space": "Could not write {what}: the disk is full ({free} free). Nothing was changed; free some space and try again.",
    "fault.denied": "Could not write {what}: the folder {folder} cannot be written (read-only or no permission). Nothing was changed.",
    "fault.free_unknown": "free space unknown",
    "fault.db_full": (
        "Could not save {what}: the disk holding Mira's data is full ({free} free). Nothing was lost: "
        "everything saved before is intact. Free some space and try again."),
    "fault.kept_beside": "The new version was kept beside it as {kept}.",
    "fault.retry_hint": "It was not done. Free the space (or make the folder writable), then choose Retry on its card; it runs once.",
    "fault.retry_not_failed": "There is nothing to retry: this change is {state}.",
    "fault.retry_not_retryable": "This change failed for a reason a retry cannot fix; ask again.",
    "continue.nothing": "There is no cut-off answer to continue here.",
    "fault.readonly_folder": "{name} cannot be written here: the folder {folder} is read-only or not yours. Choose another folder or make it writable.",
    "what.document": "the document {name}",
    "what.attachment": "the attached file {name}",
    "what.render": "the preview pages of {name}",
    "what.folder": "the working folder {name}",
    "what.version": "the previous version of {name}",
    "store.what.data": "your data",
    "store.what.task": "the task",
    "store.what.transcript": "the conversation's progress",
    "store.what.ledger": "the record of a step",
    "store.what.result": "the result of a step",
    "store.what.approval": "the approval",
    "store.what.artifact": "the record of a file",
    "store.what.model_call": "the record of a model call",
    "store.what.conversation": "the conversation",
    "store.what.message": "the message",
    "store.what.rule": "the approval rule",
    # local models: context window and servers
    "model.context_too_small": (
        "This request was not sent: it needs about {needed} tokens plus {reply} for the answer, but "
        "{model} is set to a context window of {window} tokens. Raise the context window in "
        "Settings (and on the server), choose a model with a larger one, or start a new "
        "conversation."),
    "model.no_tools": (
        "{model} cannot call tools, and Mira needs tool calls to work on files. Choose a model that "
        "supports tools (for example qwen2.5 or llama3.1)."),
    "model.ollama_openai": (
        "This is Ollama's OpenAI endpoint: it ignores the context window and silently cuts long "
        "prompts. Choose \"Ollama's own API\" under API."),
    "settings.context_window": "Context window:",
    "settings.api": "API:",
    "settings.api.openai": "OpenAI-compatible (/v1)",
    "settings.api.ollama": "Ollama's own API (sets the context window)",
    "settings.context_window.unknown": "Unknown",
    "settings.context_window.note": "Tokens the model reads at once. Requests larger than this are not sent.",
    "settings.output_limit": "Answer limit:",
    "settings.output_limit.note": ("The most tokens one answer may have: a step that may call tools (it carries a "
                                   "document's content), then a reply. A longer answer is reported as cut off."),
    "settings.output_limit.tools": "Tool step: ",
    "settings.output_limit.reply": "Reply: ",
}

Translate = Callable[[str, str, str, int], str]
"""(context, English source, comment, n) → the translation, or "" when there is none."""

_language = "en"
_translator: Translate | None = None
_listeners: list[Callable[[str], None]] = []


def language() -> str:
    return _language


def ts_loader(code: str) -> Translate | None:
    """Translations read from the .ts source, without Qt (the terminal, tests, headless layers)."""
    table = ts_table(code)
    if not table:
        return None

    def translate(context: str, source: str, comment: str = "", n: int = -1) -> str:
        forms = table.get((context, source, comment)) or table.get((context, source, ""))
        if not forms:
            return ""
        return forms[0] if len(forms) == 1 or n == 1 or n < 0 else forms[1]

    return translate


_loader: Callable[[str], Translate | None] = ts_loader


def set_loader(loader: Callable[[str], Translate | None]) -> None:
    """Use ``loader`` for every later language switch (the window passes its QTranslator loader)."""
    global _loader, _translator
    _loader = loader
    _translator = loader(_language) if _language != "en" or _translator is not None else None


def set_language(code: str) -> None:
    """Switch the interface language and tell listeners (open windows retranslate)."""
    global _language, _translator
    if code not in LANGUAGES:
        raise ValueError(f"unknown language {code!r}; choose one of {', '.join(LANGUAGES)}")
    changed = code != _language or _translator is None
    _language, _translator = code, _loader(code)
    if changed:
        for listener in list(_listeners):
            listener(code)


def on_language_changed(callback: Callable[[str], None]) -> Callable[[], None]:
    """Call ``callback(code)`` after every language switch; returns an unsubscribe function."""
    _listeners.append(callback)

    def unsubscribe() -> None:
        if callback in _listeners:
            _listeners.remove(callback)

    return unsubscribe


def _translate(context: str, source: str, comment: str = "", n: int = -1) -> str:
    if _translator is None:
        return ""
    return _translator(context, source, comment, n)


def tr(key: str, **values: object) -> str:
    """The text for ``key`` in the current language, formatted with ``values``."""
    english = _EN.get(key)
    if english is None:
        return key
    text = _translate("desktop", english, key) or english
    if not values:
        return text
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):  # a translation with wrong placeholders shows English
        return english.format(**values)


def _template(message: Msg) -> str:
    shown = _translate("messages", message.source(), message.id, -1 if message.n is None else message.n)
    if shown:
        return shown
    t = message.english_template
    return (t[0] if message.n == 1 else t[1]) if isinstance(t, tuple) else t


def render(message: Msg | str) -> str:
    """A message of the Qt-free layers in the current language (plain strings pass through)."""
    if not isinstance(message, Msg):
        return str(message)
    separator = _translate("messages", str(MESSAGES["list.separator"]), "list.separator") or ", "
    return render_with(message, _template, separator)


def say_error(exc: BaseException) -> str:
    """An error in the current language: its message id when it has one (``exc.msg``). Known only in English
    (a lower layer's own text), it is shown as labelled details in any other language, never as the words."""
    message = getattr(exc, "msg", None)
    if isinstance(message, Msg):
        details = getattr(exc, "details", "")
        return tr("error.with_details", message=render(message), details=details) if details else render(message)
    text = str(exc) or type(exc).__name__
    return text if _language == "en" else tr("error.in_details", details=text)


def tr_renderers(text: str) -> str:
    """Translator hook for the renderer cards and previews: they hand over their English template."""
    return _translate("renderers", text) or _translate("uchat", text) or _untranslated("renderers", text)


def tr_uchat(text: str) -> str:
    """Translator hook for the chat shell: it hands over its English text."""
    return _translate("uchat", text) or _untranslated("uchat", text)


_missing: set[tuple[str, str, str]] = set()


def _untranslated(context: str, text: str) -> str:
    if _language != "en" and text.strip():
        _missing.add((_language, context, text))
    return text


def missing() -> set[tuple[str, str, str]]:
    """(language, context, English) of every string shown untranslated so far: strings that reach
    the hooks but are not in the catalogue (say, passed through a helper the catalogue scan does
    not know). Tests assert it stays empty; translators can print it."""
    return set(_missing)
