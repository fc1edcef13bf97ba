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
    # ui-look: flow, look, actions, accessibility, settings (appended; keep below)
    "card.stopped": "stopped before it ran; nothing was written",
    "card.interrupted": "stopped while it ran; Mira checks the file when it next starts",
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
    "welcome.example1": "Turn these notes into slides:\n\n# Launch plan\n\n## Goals\n\n- Ship version one\n- Win early users\n\n## Timeline\n\n- May: beta\n- June: launch\n",
    "welcome.example2": "Make a spreadsheet with a total row from this CSV:\n\nitem,cost\nAds,1200\nHosting,300\nDesign,800\n",
    "welcome.example3": "Make a Word document from these notes:\n\n# Team offsite\n\n## Agenda\n\n- Welcome\n- Planning\n",
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
    # ui-look
    "card.stopped": "在执行前已停止，未写入任何内容",
    "card.interrupted": "执行中被停止；Mira 下次启动时会检查该文件",
    "app.already_running": "Mira 已在使用此数据文件夹运行，已将其窗口切换到前台。",
    "sidebar.today": "今天",
    "sidebar.yesterday": "昨天",
    "sidebar.week": "过去 7 天",
    "sidebar.older": "更早",
    "sidebar.show_folder": "显示文件夹",
    "sidebar.row_menu": "对话操作",
    "sidebar.toggle": "显示或隐藏对话列表 (Ctrl+B)",
    "a11y.search": "输入文字，按标题或消息内容筛选对话",
    "a11y.conversations": "对话",
    "a11y.conversations.desc": "按日期分组，最新的在前。F2 重命名，Delete 删除，菜单键打开更多操作。",
    "welcome.try": "试试：",
    "settings.preset": "预设：",
    "settings.preset.choose": "选择服务商以填入其地址…",
    "settings.preset.tip": "服务器的 OpenAI 兼容地址，例如 https://api.openai.com/v1",
    "settings.fetch": "获取模型列表",
    "settings.fetch.tip": "询问服务器提供哪些模型，并从列表中选择一个",
    "settings.fetching": "正在向服务器获取模型列表…",
    "settings.fetched": "服务器提供 {n} 个模型：请在模型输入框下方选择。",
    "settings.fetch_failed": "无法列出模型：{error}",
    "settings.key_store": "密钥保存在：",
    "settings.key_store.env": "MIRA_API_KEY 环境变量（Mira 不保存任何内容）",
    "settings.key_store.file": "只有你能读取的文件",
    "settings.key_file.note": "没有可用的系统密钥环。密钥将保存在 {path}，只有你的用户账户可以读取（权限 0600）。"
                              "它没有加密：任何能以你的身份登录或能读取你备份的人都能读到它。",
    "settings.api_key.stored_keyring": "系统密钥环中已保存密钥；留空则保持不变",
    "settings.api_key.stored_file": "你的密钥文件中已保存密钥；留空则保持不变",
    "settings.api_key.from_env": "正在使用 {var} 中的密钥；在此粘贴新密钥可改为保存它",
    "settings.api_key.none": "尚未保存密钥；请在此粘贴",
    "menu.toggle_sidebar": "对话列表(&L)",
    "menu.focus_input": "转到消息框(&M)",
    "menu.focus_chat": "转到对话(&C)",
    "menu.shortcuts": "键盘快捷键(&K)",
    "menu.find": "搜索对话",
    "a11y.title": "对话标题",
    "a11y.model_status": "正在使用的模型",
    "a11y.task_status": "任务状态",
    "keys.keys": "按键",
    "keys.action": "操作",
    "keys.table": "窗口的全部键盘快捷键",
    "keys.enter": "Enter 键",
    "keys.enter.do": "发送消息（在消息框中）",
    "keys.shift_enter": "Shift+Enter 键",
    "keys.shift_enter.do": "在消息框中换行",
    "keys.up": "上 / 下",
    "keys.up.do": "之前发送的消息（消息框）；上一条或下一条消息（对话）",
    "keys.tab": "Tab / Shift+Tab 键",
    "keys.tab.do": "在列表、对话、卡片和消息框之间移动",
    "keys.msg_enter": "在消息上按 Enter",
    "keys.msg_enter.do": "打开其中的链接（有多个时显示菜单）",
    "keys.copy": "在消息上按 Ctrl+C",
    "keys.copy.do": "复制该消息",
    "keys.menu": "菜单键或 Shift+F10",
    "keys.menu.do": "消息或对话的操作：复制、重试、编辑、重命名、删除、显示文件夹",
    "welcome.example1": "把这些笔记做成幻灯片：\n\n# 发布计划\n\n## 目标\n\n- 发布第一版\n- 赢得早期用户\n\n## 时间表\n\n- 五月：内测\n- 六月：发布\n",
    "welcome.example2": "用这段 CSV 做一个带合计行的表格：\n\n项目,费用\n广告,1200\n主机,300\n设计,800\n",
    "welcome.example3": "把这些笔记做成 Word 文档：\n\n# 团队外出\n\n## 议程\n\n- 欢迎\n- 规划\n",
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
    # ui-look (appended)
    "Message…": "输入消息…",
    "Message": "消息",
    "Enter to send, Shift+Enter for a new line": "Enter 发送，Shift+Enter 换行",
    "Choose files to send with the message": "选择要随消息发送的文件",
    "Attachment": "附件",
    "Scroll to the newest message": "滚动到最新消息",
    "Conversation": "对话",
    "Messages, oldest first; arrow keys move between them": "消息按时间顺序排列；用方向键在消息之间移动",
    "Copy text": "复制文本",
    "Copy as Markdown": "复制为 Markdown",
    "Retry": "重试",
    "Edit and resend": "编辑后重新发送",
    "Open link": "打开链接",
    "Message actions": "消息操作",
    "You": "你",
    "Assistant": "助手",
    "Notice": "通知",
    "Copy the message as it is shown": "按显示的样子复制消息",
    "Send this request again": "再次发送这个请求",
    "Put this request in the message box to change and send it again": "把这个请求放回消息框，修改后再次发送",
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
