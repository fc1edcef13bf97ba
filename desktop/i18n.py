"""Interface strings in English and Simplified Chinese: a small dict-based translator.

Every visible string in ``desktop/ui`` goes through :func:`tr`. Keys are short
ids; a key missing from a language falls back to English, and a key missing
everywhere shows the key itself (a test checks both tables have the same keys).
"""
from __future__ import annotations

import locale
from collections.abc import Callable

LANGUAGES: dict[str, str] = {"en": "English", "zh_CN": "简体中文"}

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
    "about.text": "Mira {version}\nA desktop chat assistant that turns a conversation into real, verified office files.",
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
    "conv.delete.text": "Delete “{title}” and all its messages? Files already saved in the workspace are kept.",
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
    # chat notices
    "chat.stopped": "Stopped.",
    "chat.failed": "The task failed: {error}",
    "chat.decision_failed": "The decision could not be applied: {error}",
    "approval.by_rule": "(approved by your rule for similar writes in this conversation)",
    "settings.tab.rules": "Approval rules",
    "approval.no_rule": "Approved this write only: it replaces a file Mira did not make, so similar writes will still ask.",
    "rules.note": "Writes you allowed without asking, per conversation. Revoking a rule changes nothing already written.",
    "rules.empty": "No rules. Choose “Allow similar writes in this conversation” on an approval card to make one.",
    "rules.revoke": "Revoke",
    "rules.item": "“{conversation}”: {skill} may {kind}",
    "rules.details": "command {command}, rule {rule}",
    "rules.kind.create_new": "create new files",
    "rules.kind.edit_own": "edit files Mira made in this conversation",
    "chat.start_failed": "The request could not be started: {error}",
    "chat.busy": "A task is still running; wait for it or press Stop.",
    "chat.no_runtime": "The request could not be started: the agent could not be loaded (see the notice above).",
    "save.title": "Save a copy",
    "save.done": "Saved a copy to {path}",
    "save.failed": "Could not save the copy: {error}",
    "open.failed": "Could not open the file: {error}",
    "file.missing": "The file is no longer in the workspace: {path}",
    "recover.failed": "Recovering unfinished tasks failed: {error}",
    # welcome
    "welcome": (
        "### Welcome to Mira\n\n"
        "I turn **your own content** — notes, lists, tables and CSV — into real **Word, PDF, "
        "PowerPoint and Excel** files, and I can edit and inspect files you drop in here.\n\n"
        "- *Turn these notes into slides:* then paste your markdown, or attach `notes.md`\n"
        "- *Make a spreadsheet with a total row from this CSV*\n"
        "- *What's in report.docx?* (attach the file)\n\n"
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
    "settings.api_key.placeholder": "Leave empty to keep the stored key",
    "settings.api_key.note": "The key is kept in the OS keyring, never in the settings file.",
    "settings.no_keyring": "No OS keyring is available here: set the MIRA_API_KEY environment variable instead.",
    "settings.timeout": "Timeout:",
    "settings.test": "Test connection",
    "settings.testing": "Testing…",
    "settings.offline.note": "The offline planner turns your own markdown, lists, tables and CSV into "
                             "documents. It needs no key and no network.",
    "settings.workspace_root": "Workspace folder:",
    "settings.browse": "Browse…",
    "settings.workspace.note": "Each task works in its own folder inside this one.",
    "settings.workspace.invalid": "The workspace folder cannot be used: {error}",
    "settings.language": "Language:",
    "settings.theme": "Theme:",
    "settings.theme.system": "System",
    "settings.theme.light": "Light",
    "settings.theme.dark": "Dark",
    "settings.ok": "OK",
    "settings.cancel": "Cancel",
    "settings.invalid": "These settings are not valid: {error}",
    "settings.key_failed": "The API key could not be stored: {error}",
    "settings.busy": "Settings that change the model or workspace apply to the next request.",
    # local models (issue 17)
    "model.context_too_small": "This request was not sent: it needs about {needed} tokens plus {reply} for the "
                               "answer, but {model} is set to a context window of {window} tokens. Raise the "
                               "context window in Settings (and on the server), choose a model with a larger "
                               "one, or start a new conversation.",
    "model.no_tools": "{model} cannot call tools, and Mira needs tool calls to work on files. Choose a model "
                      "that supports tools (for example qwen2.5 or llama3.1).",
    "model.ollama_openai": "This is Ollama's OpenAI endpoint: it ignores the context window and silently cuts "
                           "long prompts. Choose \"Ollama's own API\" under API.",
    "settings.context_window": "Context window:",
    "settings.api": "API:",
    "settings.api.openai": "OpenAI-compatible (/v1)",
    "settings.api.ollama": "Ollama's own API (sets the context window)",
    "settings.context_window.unknown": "Unknown",
    "settings.context_window.note": "Tokens the model reads at once. Requests larger than this are not sent.",
}

_ZH: dict[str, str] = {
    "app.title": "Mira",
    "menu.file": "文件(&F)",
    "menu.new": "新建对话(&N)",
    "menu.settings": "设置(&S)…",
    "menu.quit": "退出(&Q)",
    "menu.view": "视图(&V)",
    "menu.close_preview": "关闭预览(&P)",
    "menu.help": "帮助(&H)",
    "menu.about": "关于 Mira(&A)",
    "about.text": "Mira {version}\n把对话变成真实、经过验证的办公文件的桌面聊天助手。",
    "sidebar.new": "新建对话",
    "sidebar.new.tip": "开始新的对话 (Ctrl+N)",
    "sidebar.search": "搜索对话",
    "sidebar.rename": "重命名",
    "sidebar.delete": "删除",
    "sidebar.empty": "还没有对话",
    "sidebar.no_match": "没有匹配的对话",
    "conv.untitled": "新对话",
    "conv.rename.title": "重命名对话",
    "conv.rename.label": "标题：",
    "conv.delete.title": "删除对话",
    "conv.delete.text": "删除“{title}”及其全部消息？已保存在工作区中的文件会保留。",
    "status.model": "模型：{label}",
    "status.idle": "空闲",
    "status.thinking": "思考中…",
    "status.waiting": "等待批准",
    "status.writing": "正在写入…",
    "status.stopping": "正在停止…",
    "preview.title": "预览",
    "preview.close": "关闭预览",
    "preview.unavailable": "此文件没有可用的预览。",
    "chat.stopped": "已停止。",
    "chat.failed": "任务失败：{error}",
    "chat.decision_failed": "无法执行该决定：{error}",
    "approval.by_rule": "（已按你在此对话中设定的“允许类似写入”规则批准）",
    "settings.tab.rules": "批准规则",
    "approval.no_rule": "只批准了这一次写入：它替换的文件不是 Mira 生成的，因此类似的写入仍会询问。",
    "rules.note": "你允许无需询问的写入，按对话列出。撤销规则不会改动已写入的内容。",
    "rules.empty": "没有规则。在批准卡片上选择“在此对话中允许类似写入”即可创建。",
    "rules.revoke": "撤销",
    "rules.item": "“{conversation}”：{skill} 可以{kind}",
    "rules.details": "命令 {command}，规则 {rule}",
    "rules.kind.create_new": "新建文件",
    "rules.kind.edit_own": "修改 Mira 在此对话中生成的文件",
    "chat.start_failed": "无法开始该请求：{error}",
    "chat.busy": "仍有任务在运行；请等待或点击停止。",
    "chat.no_runtime": "无法开始该请求：智能体未能加载（见上方提示）。",
    "save.title": "另存副本",
    "save.done": "副本已保存到 {path}",
    "save.failed": "无法保存副本：{error}",
    "open.failed": "无法打开文件：{error}",
    "file.missing": "该文件已不在工作区中：{path}",
    "recover.failed": "恢复未完成的任务失败：{error}",
    "welcome": (
        "### 欢迎使用 Mira\n\n"
        "我可以把**你自己的内容**——笔记、列表、表格和 CSV——变成真实的 **Word、PDF、PowerPoint "
        "和 Excel** 文件，也可以编辑和查看你拖到这里的文件。\n\n"
        "- *把这些笔记做成幻灯片：* 然后粘贴你的 markdown，或附上 `notes.md`\n"
        "- *用这个 CSV 做一个带合计行的电子表格*\n"
        "- *report.docx 里有什么？*（附上该文件）\n\n"
        "每次写入都会等待你点击**批准**，每个文件都会附带从真实文件中检查得到的证据。"
    ),
    "welcome.offline": "目前由**离线规划器**提供服务：它无需联网，也从不编造文字。要连接真正的模型，"
                       "请打开**设置**（Ctrl+,）。",
    "welcome.connected": "已连接的模型：**{model}**。可在**设置**（Ctrl+,）中更改。",
    "settings.title": "设置",
    "settings.tab.model": "模型",
    "settings.tab.workspace": "工作区",
    "settings.tab.interface": "界面",
    "settings.provider": "提供方：",
    "settings.provider.offline": "离线规划器（无需联网）",
    "settings.provider.openai": "OpenAI 兼容服务",
    "settings.base_url": "Base URL：",
    "settings.model": "模型：",
    "settings.api_key": "API 密钥：",
    "settings.api_key.placeholder": "留空则保留已保存的密钥",
    "settings.api_key.note": "密钥保存在系统钥匙串中，绝不写入设置文件。",
    "settings.no_keyring": "此系统没有可用的钥匙串：请改为设置环境变量 MIRA_API_KEY。",
    "settings.timeout": "超时：",
    "settings.test": "测试连接",
    "settings.testing": "正在测试…",
    "settings.offline.note": "离线规划器把你自己的 markdown、列表、表格和 CSV 变成文档，无需密钥和网络。",
    "settings.workspace_root": "工作区文件夹：",
    "settings.browse": "浏览…",
    "settings.workspace.note": "每个任务都在此文件夹下自己的子文件夹中工作。",
    "settings.workspace.invalid": "无法使用该工作区文件夹：{error}",
    "settings.language": "语言：",
    "settings.theme": "主题：",
    "settings.theme.system": "跟随系统",
    "settings.theme.light": "浅色",
    "settings.theme.dark": "深色",
    "settings.ok": "确定",
    "settings.cancel": "取消",
    "settings.invalid": "设置无效：{error}",
    "settings.key_failed": "无法保存 API 密钥：{error}",
    "settings.busy": "更改模型或工作区的设置将从下一个请求开始生效。",
    "model.context_too_small": "此请求未发送：它约需 {needed} 个词元，另需 {reply} 个词元用于回答，但 {model} 的"
                               "上下文窗口设置为 {window} 个词元。请在设置中（以及服务端）调大上下文窗口、换用"
                               "窗口更大的模型，或开始新的对话。",
    "model.no_tools": "{model} 不支持调用工具，而 Mira 需要工具调用来处理文件。请选择支持工具的模型"
                      "（例如 qwen2.5 或 llama3.1）。",
    "model.ollama_openai": "这是 Ollama 的 OpenAI 兼容接口：它会忽略上下文窗口设置，并悄悄截断过长的提示。"
                           "请在“接口”中选择“Ollama 原生接口”。",
    "settings.context_window": "上下文窗口：",
    "settings.api": "接口：",
    "settings.api.openai": "OpenAI 兼容（/v1）",
    "settings.api.ollama": "Ollama 原生接口（可设置上下文窗口）",
    "settings.context_window.unknown": "未知",
    "settings.context_window.note": "模型一次能读取的词元数。超过此大小的请求不会发送。",
}

TABLES: dict[str, dict[str, str]] = {"en": _EN, "zh_CN": _ZH}

# Strings the chat shell (uchat) shows; it passes its English text to our hook.
_UCHAT_ZH: dict[str, str] = {
    "Attach files": "附加文件",
    "Attach…": "附加…",
    "Copy": "复制",
    "Copy link": "复制链接",
    "Jump to latest": "跳到最新",
    "Message shortened for display: {shown} of {total} characters shown; Copy copies all of it.":
        "消息显示时已截短：共 {total} 个字符，显示 {shown} 个；“复制”会复制全部内容。",
    "Message… (Enter to send, Shift+Enter for a new line)": "输入消息…（Enter 发送，Shift+Enter 换行）",
    "Remove attachment": "移除附件",
    "Send": "发送",
    "Send (Enter)": "发送 (Enter)",
    "Stop": "停止",
    "Stop the running task": "停止正在运行的任务",
    "Error": "错误",
}

# Strings the renderer cards and previews show (renderers.tr hands over its English template;
# placeholders are filled after translation, so each template keeps the same {names}).
_RENDERERS_ZH: dict[str, str] = {
    # artifact card
    "Preview": "预览",
    "Save as…": "另存为…",
    "Open": "打开",
    "Open with the system app": "用系统应用打开",
    "Loading…": "正在加载…",
    "No preview": "无预览",
    "Pending approval": "等待批准",
    "Written": "已写入",
    "Failed": "失败",
    "Denied": "已拒绝",
    "Not verified": "未验证",
    "Verified ✓ {passed}/{total} checks": "已验证 ✓ {passed}/{total} 项检查",
    "{n} check failed": "{n} 项检查未通过",
    "{n} checks failed": "{n} 项检查未通过",
    "{not_run} not run · {passed}/{total} passed": "{not_run} 项未运行 · {passed}/{total} 项通过",
    "No checks were recorded for this file.": "此文件没有记录任何检查。",
    "passed": "通过",
    "failed": "未通过",
    "not run": "未运行",
    # approval card
    "Approve": "批准",
    "Deny": "拒绝",
    "Approve writing {target}?": "批准写入 {target}？",
    "Approved: write {target}": "已批准：写入 {target}",
    "Denied: write {target}": "已拒绝：写入 {target}",
    "Command:": "命令：",
    "Target:": "目标：",
    "(new)": "（新增）",
    "(removed)": "（删除）",
    "… and {n} more changes": "……另有 {n} 处更改",
    "Approving…": "正在批准…",
    "Could not send the decision: {reason}": "无法发送该决定：{reason}",
    "Allow similar writes in this conversation": "在此对话中允许类似写入",
    "Approve this, and from now on writes like it (same skill, same kind of change, new files or files Mira made "
    "here) without asking. You can revoke it in Settings.":
        "批准这一次，并在此对话中不再询问类似的写入（同一技能、同一种更改：新建文件，或修改 Mira 在此对话中生成的文件）。"
        "可以在“设置”中撤销。",
    "Denied — nothing was written": "已拒绝——未写入任何内容",
    "Denied — nothing was written ({reason})": "已拒绝——未写入任何内容（{reason}）",
    "Approved — written {path}": "已批准——已写入 {path}",
    "Approved — failed: {reason}": "已批准——失败：{reason}",
    "Approved — failed: the write did not complete": "已批准——失败：写入未完成",
    "Approved — writing…": "已批准——正在写入…",
    # preview frame
    "Page {i} / {n}": "第 {i} / {n} 页",
    "Slide {i} / {n}": "第 {i} / {n} 张幻灯片",
    "Sheet {i} / {n}": "第 {i} / {n} 个工作表",
    "Previous page": "上一页",
    "Next page": "下一页",
    "Previous slide": "上一张幻灯片",
    "Next slide": "下一张幻灯片",
    "Previous sheet": "上一个工作表",
    "Next sheet": "下一个工作表",
    "Fit width": "适合宽度",
    "Zoom in": "放大",
    "Zoom out": "缩小",
    "Page view": "页面视图",
    "Show the pages as LibreOffice lays them out": "按 LibreOffice 的排版显示页面",
    "Rendering pages with LibreOffice…": "正在用 LibreOffice 渲染页面…",
    "⚠  Cannot show this file": "⚠  无法显示此文件",
    "Notes: {notes}": "备注：{notes}",
    "No notes for this slide.": "此幻灯片没有备注。",
    "Select a cell to see its formula or value": "选择一个单元格以查看其公式或值",
    "Showing the first {loaded} rows (preview memory limit)": "仅显示前 {loaded} 行（预览内存上限）",
    "{loaded} rows": "{loaded} 行",
    "{loaded} of {total} rows read": "已读取 {loaded} / {total} 行",
    "{loaded}+ rows read": "已读取 {loaded}+ 行",
    "Chart {title}": "图表 {title}",
    "picture": "图片",
    "picture too large to show": "图片太大，无法显示",
    "picture not shown (the document's picture budget is used up)": "图片未显示（该文档的图片额度已用完）",
    # errors
    "{name}: nothing to show": "{name}：没有可显示的内容",
    "the file has not been written yet": "文件尚未写入",
    "the file is too large to preview": "文件太大，无法预览",
    "the file could not be read ({detail})": "无法读取文件（{detail}）",
    "the file took longer than {seconds} s to read; it is too large or damaged":
        "读取文件超过 {seconds} 秒；文件太大或已损坏",
    "{name}: the PDF is corrupt or truncated ({detail})": "{name}：PDF 已损坏或不完整（{detail}）",
    "{name}: the PDF is password protected": "{name}：PDF 受密码保护",
    "{name}: the PDF has no pages": "{name}：PDF 没有页面",
    "{name}: there is no page {page}": "{name}：没有第 {page} 页",
    "{name}: page {page} has no size": "{name}：第 {page} 页没有尺寸",
    "{name}: the presentation could not be opened ({detail})": "{name}：无法打开演示文稿（{detail}）",
    "{name}: the presentation has no slides": "{name}：演示文稿没有幻灯片",
    "{name}: the workbook could not be opened ({detail})": "{name}：无法打开工作簿（{detail}）",
    "{name}: the workbook has no sheets": "{name}：工作簿没有工作表",
    "{name}: sheet “{sheet}” is a chart sheet; there are no cells to show":
        "{name}：工作表“{sheet}”是图表工作表，没有可显示的单元格",
    "{name}: sheet “{sheet}” could not be read ({detail})": "{name}：无法读取工作表“{sheet}”（{detail}）",
}

_language = "en"
_listeners: list[Callable[[str], None]] = []


def system_language() -> str:
    """The interface language matching the system locale (Chinese locales → 简体中文)."""
    try:
        name = locale.getlocale()[0] or ""
    except ValueError:
        name = ""
    return "zh_CN" if name.lower().startswith("zh") else "en"


def language() -> str:
    return _language


def set_language(code: str) -> None:
    """Switch the interface language and tell listeners (open windows retranslate)."""
    global _language
    if code not in TABLES:
        raise ValueError(f"unknown language {code!r}; choose one of {', '.join(TABLES)}")
    changed = code != _language
    _language = code
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


def tr(key: str, **values: object) -> str:
    """The text for ``key`` in the current language, formatted with ``values``."""
    text = TABLES[_language].get(key) or _EN.get(key) or key
    return text.format(**values) if values else text


def tr_renderers(text: str) -> str:
    """Translator hook for the renderer cards and previews: they hand over their English template."""
    if _language == "zh_CN":
        return _RENDERERS_ZH.get(text, text)
    return text


def renderer_strings() -> dict[str, str]:
    """English template → 简体中文 for every renderer string (for tests and translators)."""
    return dict(_RENDERERS_ZH)


def tr_uchat(text: str) -> str:
    """Translator hook for the chat shell: it hands over its English text."""
    if _language == "zh_CN":
        return _UCHAT_ZH.get(text, text)
    return text
