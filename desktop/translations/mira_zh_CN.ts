<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN" sourcelanguage="en">
    <context>
        <name>desktop</name>
        <message>
            <source>Mira</source>
            <comment>app.title</comment>
            <translation>Mira</translation>
        </message>
        <message>
            <source>&amp;File</source>
            <comment>menu.file</comment>
            <translation>文件(&amp;F)</translation>
        </message>
        <message>
            <source>&amp;New conversation</source>
            <comment>menu.new</comment>
            <translation>新建对话(&amp;N)</translation>
        </message>
        <message>
            <source>&amp;Settings…</source>
            <comment>menu.settings</comment>
            <translation>设置(&amp;S)…</translation>
        </message>
        <message>
            <source>&amp;Quit</source>
            <comment>menu.quit</comment>
            <translation>退出(&amp;Q)</translation>
        </message>
        <message>
            <source>&amp;View</source>
            <comment>menu.view</comment>
            <translation>视图(&amp;V)</translation>
        </message>
        <message>
            <source>Close &amp;preview</source>
            <comment>menu.close_preview</comment>
            <translation>关闭预览(&amp;P)</translation>
        </message>
        <message>
            <source>&amp;Help</source>
            <comment>menu.help</comment>
            <translation>帮助(&amp;H)</translation>
        </message>
        <message>
            <source>&amp;About Mira</source>
            <comment>menu.about</comment>
            <translation>关于 Mira(&amp;A)</translation>
        </message>
        <message>
            <source>Open &amp;logs folder</source>
            <comment>menu.open_logs</comment>
            <translation>打开日志文件夹(&amp;L)</translation>
        </message>
        <message>
            <source>&amp;Copy diagnostics</source>
            <comment>menu.copy_diagnostics</comment>
            <translation>复制诊断信息(&amp;C)</translation>
        </message>
        <message>
            <source>Diagnostics copied to the clipboard.</source>
            <comment>diagnostics.copied</comment>
            <translation>诊断信息已复制到剪贴板。</translation>
        </message>
        <message>
            <source>Check what Mira needs on this machine; exits 1 when something needed is missing.</source>
            <comment>doctor.about</comment>
            <translation>检查本机上 Mira 所需的组件;缺少必需组件时以状态 1 退出。</translation>
        </message>
        <message>
            <source>Version</source>
            <comment>doctor.version</comment>
            <translation>版本</translation>
        </message>
        <message>
            <source>Platform</source>
            <comment>doctor.platform</comment>
            <translation>平台</translation>
        </message>
        <message>
            <source>LibreOffice</source>
            <comment>doctor.libreoffice</comment>
            <translation>LibreOffice 办公套件</translation>
        </message>
        <message>
            <source>not found: page view, recalculation and render checks will say not run</source>
            <comment>doctor.lo_missing</comment>
            <translation>未找到:页面视图、重新计算和渲染检查将显示为未运行</translation>
        </message>
        <message>
            <source>the path chosen in Settings does not exist: {path}</source>
            <comment>doctor.lo_chosen_missing</comment>
            <translation>设置中选择的路径不存在:{path}</translation>
        </message>
        <message>
            <source>Chinese fonts</source>
            <comment>doctor.cjk_fonts</comment>
            <translation>中文字体</translation>
        </message>
        <message>
            <source>none found: Chinese text may show as boxes</source>
            <comment>doctor.cjk_missing</comment>
            <translation>未找到:中文可能显示为方框</translation>
        </message>
        <message>
            <source>Key storage</source>
            <comment>doctor.keyring</comment>
            <translation>密钥存储</translation>
        </message>
        <message>
            <source>Model</source>
            <comment>doctor.model</comment>
            <translation>模型</translation>
        </message>
        <message>
            <source>offline planner (no network needed)</source>
            <comment>doctor.model_offline</comment>
            <translation>离线规划器(无需网络)</translation>
        </message>
        <message>
            <source>{where} reachable (model {model})</source>
            <comment>doctor.model_reachable</comment>
            <translation>{where} 可以连接(模型 {model})</translation>
        </message>
        <message>
            <source>{where} not reachable: {reason}</source>
            <comment>doctor.model_unreachable</comment>
            <translation>{where} 无法连接:{reason}</translation>
        </message>
        <message>
            <source>Database</source>
            <comment>doctor.database</comment>
            <translation>数据库</translation>
        </message>
        <message>
            <source>{path} (not created yet; schema {latest})</source>
            <comment>doctor.db_new</comment>
            <translation>{path}(尚未创建;架构版本 {latest})</translation>
        </message>
        <message>
            <source>{path} (schema {found}; this Mira uses {latest})</source>
            <comment>doctor.db_found</comment>
            <translation>{path}(架构版本 {found};当前 Mira 使用 {latest})</translation>
        </message>
        <message>
            <source>{path} cannot be read: {reason}</source>
            <comment>doctor.db_unreadable</comment>
            <translation>{path} 无法读取:{reason}</translation>
        </message>
        <message>
            <source>Logs</source>
            <comment>doctor.logs</comment>
            <translation>日志</translation>
        </message>
        <message>
            <source>Installed as</source>
            <comment>doctor.install</comment>
            <translation>安装方式</translation>
        </message>
        <message>
            <source>source (Python package) in {path}</source>
            <comment>doctor.install_source</comment>
            <translation>源代码（Python 包），位于 {path}</translation>
        </message>
        <message>
            <source>frozen folder {path}</source>
            <comment>doctor.install_frozen</comment>
            <translation>打包文件夹 {path}</translation>
        </message>
        <message>
            <source>Debian package, in {path}</source>
            <comment>doctor.install_deb</comment>
            <translation>Debian 软件包，位于 {path}</translation>
        </message>
        <message>
            <source>portable folder (unpacked .tar.gz) {path}</source>
            <comment>doctor.install_tarball</comment>
            <translation>便携文件夹（解压的 .tar.gz）{path}</translation>
        </message>
        <message>
            <source>Windows installer, in {path}</source>
            <comment>doctor.install_windows</comment>
            <translation>Windows 安装程序，位于 {path}</translation>
        </message>
        <message>
            <source>macOS app, in {path}</source>
            <comment>doctor.install_macos</comment>
            <translation>macOS 应用，位于 {path}</translation>
        </message>
        <message>
            <source>not installed</source>
            <comment>doctor.not_installed</comment>
            <translation>未安装</translation>
        </message>
        <message>
            <source>ok</source>
            <comment>doctor.ok</comment>
            <translation>正常</translation>
        </message>
        <message>
            <source>warn</source>
            <comment>doctor.warn</comment>
            <translation>注意</translation>
        </message>
        <message>
            <source>MISSING</source>
            <comment>doctor.missing</comment>
            <translation>缺失</translation>
        </message>
        <message>
            <source>{count} thing(s) Mira needs are missing.</source>
            <comment>doctor.verdict_missing</comment>
            <translation>Mira 所需的 {count} 项缺失。</translation>
        </message>
        <message>
            <source>Cannot open {path}: there is no such file.</source>
            <comment>app.file_missing</comment>
            <translation>无法打开 {path}：没有这个文件。</translation>
        </message>
        <message>
            <source>Mira {version}
A desktop chat assistant that turns a conversation into real, verified office files.</source>
            <comment>about.text</comment>
            <translation>Mira {version}
把对话变成真实、经过验证的办公文件的桌面聊天助手。</translation>
        </message>
        <message>
            <source>Mira is free software under the GNU Affero General Public License, version 3 or any later version, and comes with ABSOLUTELY NO WARRANTY. Its licence (LICENSE) and the licences of the libraries it uses (THIRD_PARTY.md) are distributed with it.</source>
            <comment>about.licence</comment>
            <translation>Mira 是自由软件，依据 GNU Affero 通用公共许可证第 3 版或（由你选择）任何更新的版本发布，不提供任何担保。它的许可证（LICENSE）以及它所用各个库的许可证（THIRD_PARTY.md）随程序一起分发。</translation>
        </message>
        <message>
            <source>Source code of this version: {url}</source>
            <comment>about.source</comment>
            <translation>此版本的源代码：{url}</translation>
        </message>
        <message>
            <source>This build does not say where its source code is published. The licence entitles you to it: ask whoever gave you this copy of Mira.</source>
            <comment>about.source_unknown</comment>
            <translation>此版本没有注明其源代码的发布位置。许可证赋予您获取源代码的权利：请向提供这份 Mira 的人索取。</translation>
        </message>
        <message>
            <source>New conversation</source>
            <comment>sidebar.new</comment>
            <translation>新建对话</translation>
        </message>
        <message>
            <source>Start a new conversation (Ctrl+N)</source>
            <comment>sidebar.new.tip</comment>
            <translation>开始新的对话 (Ctrl+N)</translation>
        </message>
        <message>
            <source>Search conversations</source>
            <comment>sidebar.search</comment>
            <translation>搜索对话</translation>
        </message>
        <message>
            <source>Rename</source>
            <comment>sidebar.rename</comment>
            <translation>重命名</translation>
        </message>
        <message>
            <source>Delete</source>
            <comment>sidebar.delete</comment>
            <translation>删除</translation>
        </message>
        <message>
            <source>No conversations yet</source>
            <comment>sidebar.empty</comment>
            <translation>还没有对话</translation>
        </message>
        <message>
            <source>No conversation matches</source>
            <comment>sidebar.no_match</comment>
            <translation>没有匹配的对话</translation>
        </message>
        <message>
            <source>New conversation</source>
            <comment>conv.untitled</comment>
            <translation>新对话</translation>
        </message>
        <message>
            <source>Rename conversation</source>
            <comment>conv.rename.title</comment>
            <translation>重命名对话</translation>
        </message>
        <message>
            <source>Title:</source>
            <comment>conv.rename.label</comment>
            <translation>标题：</translation>
        </message>
        <message>
            <source>Delete conversation</source>
            <comment>conv.delete.title</comment>
            <translation>删除对话</translation>
        </message>
        <message>
            <source>Delete “{title}” and all its messages? If its folder has files, you choose next whether to keep them.</source>
            <comment>conv.delete.text</comment>
            <translation>删除“{title}”及其全部消息？如果它的文件夹中有文件，接下来由你选择是否保留。</translation>
        </message>
        <message>
            <source>Model: {label}</source>
            <comment>status.model</comment>
            <translation>模型：{label}</translation>
        </message>
        <message>
            <source>Idle</source>
            <comment>status.idle</comment>
            <translation>空闲</translation>
        </message>
        <message>
            <source>Thinking…</source>
            <comment>status.thinking</comment>
            <translation>思考中…</translation>
        </message>
        <message>
            <source>Waiting for approval</source>
            <comment>status.waiting</comment>
            <translation>等待批准</translation>
        </message>
        <message>
            <source>Writing…</source>
            <comment>status.writing</comment>
            <translation>正在写入…</translation>
        </message>
        <message>
            <source>Stopping…</source>
            <comment>status.stopping</comment>
            <translation>正在停止…</translation>
        </message>
        <message>
            <source>Preview</source>
            <comment>preview.title</comment>
            <translation>预览</translation>
        </message>
        <message>
            <source>Close preview</source>
            <comment>preview.close</comment>
            <translation>关闭预览</translation>
        </message>
        <message>
            <source>No preview is available for this file.</source>
            <comment>preview.unavailable</comment>
            <translation>此文件没有可用的预览。</translation>
        </message>
        <message>
            <source>{name} · v{version}, current</source>
            <comment>preview.label_current</comment>
            <translation>{name} · v{version}，当前版本</translation>
        </message>
        <message>
            <source>{name} · v{version}, older</source>
            <comment>preview.label_older</comment>
            <translation>{name} · v{version}，旧版本</translation>
        </message>
        <message>
            <source>Older version — this is v{version}; the current one is v{current}.</source>
            <comment>preview.older</comment>
            <translation>旧版本——这是 v{version}；当前版本是 v{current}。</translation>
        </message>
        <message>
            <source>Go to current</source>
            <comment>preview.go_current</comment>
            <translation>转到当前版本</translation>
        </message>
        <message>
            <source>Show the current version of this file</source>
            <comment>a11y.preview.go_current</comment>
            <translation>显示此文件的当前版本</translation>
        </message>
        <message>
            <source>Stopped.</source>
            <comment>chat.stopped</comment>
            <translation>已停止。</translation>
        </message>
        <message>
            <source>The task failed: {error}</source>
            <comment>chat.failed</comment>
            <translation>任务失败：{error}</translation>
        </message>
        <message>
            <source>The decision could not be applied: {error}</source>
            <comment>chat.decision_failed</comment>
            <translation>无法执行该决定：{error}</translation>
        </message>
        <message>
            <source>The answer could not be continued: {error}</source>
            <comment>chat.continue_failed</comment>
            <translation>无法继续这个回答：{error}</translation>
        </message>
        <message>
            <source>(approved by your rule for similar writes in this conversation)</source>
            <comment>approval.by_rule</comment>
            <translation>（已按你在此对话中设定的“允许类似写入”规则批准）</translation>
        </message>
        <message>
            <source>Approval rules</source>
            <comment>settings.tab.rules</comment>
            <translation>批准规则</translation>
        </message>
        <message>
            <source>Approved this write only: it replaces a file Mira did not make, so similar writes will still ask.</source>
            <comment>approval.no_rule</comment>
            <translation>只批准了这一次写入：它替换的文件不是 Mira 生成的，因此类似的写入仍会询问。</translation>
        </message>
        <message>
            <source>Writes you allowed without asking, per conversation. Revoking a rule changes nothing already written.</source>
            <comment>rules.note</comment>
            <translation>你允许无需询问的写入，按对话列出。撤销规则不会改动已写入的内容。</translation>
        </message>
        <message>
            <source>No rules. Choose “Allow similar writes in this conversation” on an approval card to make one.</source>
            <comment>rules.empty</comment>
            <translation>没有规则。在批准卡片上选择“在此对话中允许类似写入”即可创建。</translation>
        </message>
        <message>
            <source>Revoke</source>
            <comment>rules.revoke</comment>
            <translation>撤销</translation>
        </message>
        <message>
            <source>“{conversation}”: {skill} may {kind}</source>
            <comment>rules.item</comment>
            <translation>“{conversation}”：{skill} 可以{kind}</translation>
        </message>
        <message>
            <source>command {command}, rule {rule}</source>
            <comment>rules.details</comment>
            <translation>命令 {command}，规则 {rule}</translation>
        </message>
        <message>
            <source>the Word skill</source>
            <comment>skill.docx</comment>
            <translation>Word 技能</translation>
        </message>
        <message>
            <source>the PDF skill</source>
            <comment>skill.pdf</comment>
            <translation>PDF 技能</translation>
        </message>
        <message>
            <source>the PowerPoint skill</source>
            <comment>skill.pptx</comment>
            <translation>PowerPoint 技能</translation>
        </message>
        <message>
            <source>the Excel skill</source>
            <comment>skill.xlsx</comment>
            <translation>Excel 技能</translation>
        </message>
        <message>
            <source>the recalculation skill</source>
            <comment>skill.xlsx-recalc</comment>
            <translation>表格重算技能</translation>
        </message>
        <message>
            <source>create new files</source>
            <comment>rules.kind.create_new</comment>
            <translation>新建文件</translation>
        </message>
        <message>
            <source>edit files Mira made in this conversation</source>
            <comment>rules.kind.edit_own</comment>
            <translation>修改 Mira 在此对话中生成的文件</translation>
        </message>
        <message>
            <source>export documents to new PDF files</source>
            <comment>rules.kind.export_new</comment>
            <translation>将文档导出为新的 PDF 文件</translation>
        </message>
        <message>
            <source>export documents over PDF files Mira made in this conversation</source>
            <comment>rules.kind.export_own</comment>
            <translation>导出文档并覆盖 Mira 在此对话中生成的 PDF 文件</translation>
        </message>
        <message>
            <source>restore earlier versions of files Mira made in this conversation</source>
            <comment>rules.kind.restore_own</comment>
            <translation>恢复 Mira 在此对话中生成的文件的早期版本</translation>
        </message>
        <message>
            <source>recalculate workbooks Mira made in this conversation</source>
            <comment>rules.kind.recalculate_own</comment>
            <translation>重新计算 Mira 在此对话中生成的工作簿</translation>
        </message>
        <message>
            <source>save edits into new files</source>
            <comment>rules.kind.edit_into_new</comment>
            <translation>将修改另存为新文件</translation>
        </message>
        <message>
            <source>“{conversation}”: {skill} may {kind} (made on “{card}”)</source>
            <comment>rules.item_from</comment>
            <translation>“{conversation}”：{skill} 可以{kind}（创建自“{card}”）</translation>
        </message>
        <message>
            <source>The request could not be started: {error}</source>
            <comment>chat.start_failed</comment>
            <translation>无法开始该请求：{error}</translation>
        </message>
        <message>
            <source>A task is still running; wait for it or press Stop.</source>
            <comment>chat.busy</comment>
            <translation>仍有任务在运行；请等待或点击停止。</translation>
        </message>
        <message>
            <source>The request could not be started: the agent could not be loaded (see the notice above).</source>
            <comment>chat.no_runtime</comment>
            <translation>无法开始该请求：智能体未能加载（见上方提示）。</translation>
        </message>
        <message>
            <source>Save a copy</source>
            <comment>save.title</comment>
            <translation>另存副本</translation>
        </message>
        <message>
            <source>Saved a copy to {path}</source>
            <comment>save.done</comment>
            <translation>副本已保存到 {path}</translation>
        </message>
        <message>
            <source>Could not save the copy: {error}</source>
            <comment>save.failed</comment>
            <translation>无法保存副本：{error}</translation>
        </message>
        <message>
            <source>Could not open the file: {error}</source>
            <comment>open.failed</comment>
            <translation>无法打开文件：{error}</translation>
        </message>
        <message>
            <source>Could not open {name}: {reason}</source>
            <comment>open.failed.why</comment>
            <translation>无法打开 {name}：{reason}</translation>
        </message>
        <message>
            <source>the file cannot be read (check its permissions)</source>
            <comment>open.why.unreadable</comment>
            <translation>无法读取该文件（请检查它的权限）</translation>
        </message>
        <message>
            <source>no app on this computer is set to open {ext} files; use Save as… and open the copy, or install one</source>
            <comment>open.why.no_app</comment>
            <translation>这台电脑上没有设置用来打开 {ext} 文件的应用；可以用“另存为…”保存副本后再打开，或安装一个应用</translation>
        </message>
        <message>
            <source>This request can no longer be asked again; type it again to retry.</source>
            <comment>card.retry_gone</comment>
            <translation>这个请求无法再次发出；请重新输入以重试。</translation>
        </message>
        <message>
            <source>The file is no longer in the workspace: {path}</source>
            <comment>file.missing</comment>
            <translation>该文件已不在工作区中：{path}</translation>
        </message>
        <message>
            <source>Recovering unfinished tasks failed: {error}</source>
            <comment>recover.failed</comment>
            <translation>恢复未完成的任务失败：{error}</translation>
        </message>
        <message>
            <source>### Welcome to Mira

I turn **your own content** — notes, lists, tables and CSV — into real **Word, PDF, PowerPoint and Excel** files, and I can edit and inspect files you drop in here.

Every write waits for your **Approve**, and every file comes back with evidence checked from the real file.</source>
            <comment>welcome</comment>
            <translation>### 欢迎使用 Mira

我可以把**你自己的内容**——笔记、列表、表格和 CSV——变成真实的 **Word、PDF、PowerPoint 和 Excel** 文件，也可以编辑和查看你拖到这里的文件。

每次写入都会等待你点击**批准**，每个文件都会附带从真实文件中检查得到的证据。</translation>
        </message>
        <message>
            <source>Right now the **offline planner** serves: it works without a network and never invents prose. To connect a real model, open **Settings** (Ctrl+,).</source>
            <comment>welcome.offline</comment>
            <translation>目前由**离线规划器**提供服务：它无需联网，也从不编造文字。要连接真正的模型，请打开**设置**（Ctrl+,）。</translation>
        </message>
        <message>
            <source>Connected model: **{model}**. Change it in **Settings** (Ctrl+,).</source>
            <comment>welcome.connected</comment>
            <translation>已连接的模型：**{model}**。可在**设置**（Ctrl+,）中更改。</translation>
        </message>
        <message>
            <source>Settings</source>
            <comment>settings.title</comment>
            <translation>设置</translation>
        </message>
        <message>
            <source>Model</source>
            <comment>settings.tab.model</comment>
            <translation>模型</translation>
        </message>
        <message>
            <source>Workspace</source>
            <comment>settings.tab.workspace</comment>
            <translation>工作区</translation>
        </message>
        <message>
            <source>Interface</source>
            <comment>settings.tab.interface</comment>
            <translation>界面</translation>
        </message>
        <message>
            <source>Provider:</source>
            <comment>settings.provider</comment>
            <translation>提供方：</translation>
        </message>
        <message>
            <source>Offline planner (no network)</source>
            <comment>settings.provider.offline</comment>
            <translation>离线规划器（无需联网）</translation>
        </message>
        <message>
            <source>OpenAI-compatible server</source>
            <comment>settings.provider.openai</comment>
            <translation>OpenAI 兼容服务</translation>
        </message>
        <message>
            <source>Base URL:</source>
            <comment>settings.base_url</comment>
            <translation>服务地址：</translation>
        </message>
        <message>
            <source>Model:</source>
            <comment>settings.model</comment>
            <translation>模型：</translation>
        </message>
        <message>
            <source>API key:</source>
            <comment>settings.api_key</comment>
            <translation>API 密钥：</translation>
        </message>
        <message>
            <source>The key is kept in the OS keyring, never in the settings file.</source>
            <comment>settings.api_key.note</comment>
            <translation>密钥保存在系统钥匙串中，绝不写入设置文件。</translation>
        </message>
        <message>
            <source>No OS keyring is available here: set the MIRA_API_KEY environment variable instead.</source>
            <comment>settings.no_keyring</comment>
            <translation>此系统没有可用的钥匙串：请改为设置环境变量 MIRA_API_KEY。</translation>
        </message>
        <message>
            <source>Timeout:</source>
            <comment>settings.timeout</comment>
            <translation>超时：</translation>
        </message>
        <message>
            <source>Test connection</source>
            <comment>settings.test</comment>
            <translation>测试连接</translation>
        </message>
        <message>
            <source>Testing…</source>
            <comment>settings.testing</comment>
            <translation>正在测试…</translation>
        </message>
        <message>
            <source>The offline planner turns your own markdown, lists, tables and CSV into documents. It needs no key and no network.</source>
            <comment>settings.offline.note</comment>
            <translation>离线规划器把你自己的 markdown、列表、表格和 CSV 变成文档，无需密钥和网络。</translation>
        </message>
        <message>
            <source>Workspace folder:</source>
            <comment>settings.workspace_root</comment>
            <translation>工作区文件夹：</translation>
        </message>
        <message>
            <source>Browse…</source>
            <comment>settings.browse</comment>
            <translation>浏览…</translation>
        </message>
        <message>
            <source>Each conversation works in its own folder inside this one, named from its title.</source>
            <comment>settings.workspace.note</comment>
            <translation>每个对话都在此文件夹下以其标题命名的子文件夹中工作。</translation>
        </message>
        <message>
            <source>LibreOffice:</source>
            <comment>settings.soffice</comment>
            <translation>LibreOffice 路径：</translation>
        </message>
        <message>
            <source>found automatically: {path}</source>
            <comment>settings.soffice.found</comment>
            <translation>已自动找到:{path}</translation>
        </message>
        <message>
            <source>not found: choose soffice (soffice.exe on Windows)</source>
            <comment>settings.soffice.none</comment>
            <translation>未找到:请选择 soffice(Windows 上为 soffice.exe)</translation>
        </message>
        <message>
            <source>Used for the page view, recalculation and render checks. Leave empty to find it automatically.</source>
            <comment>settings.soffice.note</comment>
            <translation>用于页面视图、重新计算和渲染检查。留空则自动查找。</translation>
        </message>
        <message>
            <source>The workspace folder cannot be used: {error}</source>
            <comment>settings.workspace.invalid</comment>
            <translation>无法使用该工作区文件夹：{error}</translation>
        </message>
        <message>
            <source>Language:</source>
            <comment>settings.language</comment>
            <translation>语言：</translation>
        </message>
        <message>
            <source>Follow the system</source>
            <comment>settings.language.system</comment>
            <translation>跟随系统</translation>
        </message>
        <message>
            <source>Theme:</source>
            <comment>settings.theme</comment>
            <translation>主题：</translation>
        </message>
        <message>
            <source>System</source>
            <comment>settings.theme.system</comment>
            <translation>跟随系统</translation>
        </message>
        <message>
            <source>Light</source>
            <comment>settings.theme.light</comment>
            <translation>浅色</translation>
        </message>
        <message>
            <source>Dark</source>
            <comment>settings.theme.dark</comment>
            <translation>深色</translation>
        </message>
        <message>
            <source>OK</source>
            <comment>settings.ok</comment>
            <translation>确定</translation>
        </message>
        <message>
            <source>Cancel</source>
            <comment>settings.cancel</comment>
            <translation>取消</translation>
        </message>
        <message>
            <source>These settings are not valid: {error}</source>
            <comment>settings.invalid</comment>
            <translation>设置无效：{error}</translation>
        </message>
        <message>
            <source>The API key could not be stored: {error}</source>
            <comment>settings.key_failed</comment>
            <translation>无法保存 API 密钥：{error}</translation>
        </message>
        <message>
            <source>With the environment variable chosen Mira keeps no key, so the key you typed was not saved. Set MIRA_API_KEY before starting Mira, or choose the key file.</source>
            <comment>settings.key_env_only</comment>
            <translation>选择了环境变量时 Mira 不保存任何密钥，因此您输入的密钥没有保存。请在启动 Mira 之前设置 MIRA_API_KEY，或选择密钥文件。</translation>
        </message>
        <message>
            <source>Your other settings were saved. {reason}</source>
            <comment>settings.saved_but</comment>
            <translation>其他设置已保存。{reason}</translation>
        </message>
        <message>
            <source>Settings that change the model or workspace apply to the next request.</source>
            <comment>settings.busy</comment>
            <translation>更改模型或工作区的设置将从下一个请求开始生效。</translation>
        </message>
        <message>
            <source>stopped before it ran; nothing was written</source>
            <comment>card.stopped</comment>
            <translation>在执行前已停止，未写入任何内容</translation>
        </message>
        <message>
            <source>(details: {details})</source>
            <comment>error.in_details</comment>
            <translation>（详细信息：{details}）</translation>
        </message>
        <message>
            <source>{message} (details: {details})</source>
            <comment>error.with_details</comment>
            <translation>{message}（详细信息：{details}）</translation>
        </message>
        <message>
            <source>the request was stopped</source>
            <comment>card.cancelled</comment>
            <translation>请求已停止</translation>
        </message>
        <message>
            <source>the file changed after this was proposed; ask again</source>
            <comment>card.target_changed</comment>
            <translation>提出这项更改后文件又被改动过；请重新提出请求</translation>
        </message>
        <message>
            <source>stopped while it ran; Mira checks the file when it next starts</source>
            <comment>card.interrupted</comment>
            <translation>执行中被停止；Mira 下次启动时会检查该文件</translation>
        </message>
        <message>
            <source>Mira could not start: {error}</source>
            <comment>app.start_failed</comment>
            <translation>Mira 无法启动：{error}</translation>
        </message>
        <message>
            <source>Mira is already running on this data folder; its window was brought to the front.</source>
            <comment>app.already_running</comment>
            <translation>Mira 已在使用此数据文件夹运行，已将其窗口切换到前台。</translation>
        </message>
        <message>
            <source>Today</source>
            <comment>sidebar.today</comment>
            <translation>今天</translation>
        </message>
        <message>
            <source>Yesterday</source>
            <comment>sidebar.yesterday</comment>
            <translation>昨天</translation>
        </message>
        <message>
            <source>Previous 7 days</source>
            <comment>sidebar.week</comment>
            <translation>过去 7 天</translation>
        </message>
        <message>
            <source>Older</source>
            <comment>sidebar.older</comment>
            <translation>更早</translation>
        </message>
        <message>
            <source>Show folder</source>
            <comment>sidebar.show_folder</comment>
            <translation>显示文件夹</translation>
        </message>
        <message>
            <source>Conversation actions</source>
            <comment>sidebar.row_menu</comment>
            <translation>对话操作</translation>
        </message>
        <message>
            <source>Show or hide the conversation list (Ctrl+B)</source>
            <comment>sidebar.toggle</comment>
            <translation>显示或隐藏对话列表 (Ctrl+B)</translation>
        </message>
        <message>
            <source>Type to filter the conversations by title or message text</source>
            <comment>a11y.search</comment>
            <translation>输入文字，按标题或消息内容筛选对话</translation>
        </message>
        <message>
            <source>Conversations</source>
            <comment>a11y.conversations</comment>
            <translation>对话</translation>
        </message>
        <message>
            <source>Grouped by date, newest first. F2 renames, Delete deletes, the menu key opens more actions.</source>
            <comment>a11y.conversations.desc</comment>
            <translation>按日期分组，最新的在前。F2 重命名，Delete 删除，菜单键打开更多操作。</translation>
        </message>
        <message>
            <source>Clear search</source>
            <comment>a11y.search.clear</comment>
            <translation>清除搜索</translation>
        </message>
        <message>
            <source>Empty the search field and list every conversation</source>
            <comment>a11y.search.clear.desc</comment>
            <translation>清空搜索框并列出所有对话</translation>
        </message>
        <message>
            <source>Rename or delete this conversation, or show its folder</source>
            <comment>a11y.row_menu.desc</comment>
            <translation>重命名或删除此对话，或显示其文件夹</translation>
        </message>
        <message>
            <source>Hide the preview and give its room back to the conversation (Ctrl+W)</source>
            <comment>a11y.preview.close</comment>
            <translation>隐藏预览，把空间还给对话 (Ctrl+W)</translation>
        </message>
        <message>
            <source>Close this list and go back to the conversation</source>
            <comment>a11y.shortcuts.close</comment>
            <translation>关闭此列表并回到对话</translation>
        </message>
        <message>
            <source>More menus</source>
            <comment>a11y.more_menus</comment>
            <translation>更多菜单</translation>
        </message>
        <message>
            <source>The menus that do not fit in the menu bar</source>
            <comment>a11y.more_menus.desc</comment>
            <translation>菜单栏中放不下的菜单</translation>
        </message>
        <message>
            <source>Settings sections</source>
            <comment>a11y.settings.tabs</comment>
            <translation>设置分区</translation>
        </message>
        <message>
            <source>Ctrl+Tab moves to the next section</source>
            <comment>a11y.settings.tabs.desc</comment>
            <translation>Ctrl+Tab 转到下一个分区</translation>
        </message>
        <message>
            <source>Where replies come from: the offline planner, or a server with its address, model and key</source>
            <comment>a11y.settings.tab.model</comment>
            <translation>回复的来源：离线规划器，或带有地址、模型和密钥的服务器</translation>
        </message>
        <message>
            <source>Where Mira keeps each conversation's files, and where LibreOffice is</source>
            <comment>a11y.settings.tab.workspace</comment>
            <translation>Mira 存放每个对话文件的位置，以及 LibreOffice 的位置</translation>
        </message>
        <message>
            <source>The window's language and theme</source>
            <comment>a11y.settings.tab.interface</comment>
            <translation>窗口的语言和主题</translation>
        </message>
        <message>
            <source>The writes you allowed without asking, each with Revoke</source>
            <comment>a11y.settings.tab.rules</comment>
            <translation>你允许无需询问的写入，每条都可撤销</translation>
        </message>
        <message>
            <source>The offline planner needs no network; a server needs its address, model and key</source>
            <comment>a11y.settings.provider</comment>
            <translation>离线规划器无需网络；服务器需要地址、模型和密钥</translation>
        </message>
        <message>
            <source>The model's name on the server; Fetch models lists the ones it offers</source>
            <comment>a11y.settings.model</comment>
            <translation>服务器上的模型名称；“获取模型”会列出它提供的模型</translation>
        </message>
        <message>
            <source>How long to wait for the server before giving up, in seconds</source>
            <comment>a11y.settings.timeout</comment>
            <translation>放弃前等待服务器的时间（秒）</translation>
        </message>
        <message>
            <source>Where the API key is kept when this computer has no OS keyring</source>
            <comment>a11y.settings.key_store</comment>
            <translation>本机没有系统密钥环时 API 密钥的保存位置</translation>
        </message>
        <message>
            <source>Which protocol the server speaks</source>
            <comment>a11y.settings.api</comment>
            <translation>服务器使用的协议</translation>
        </message>
        <message>
            <source>Send a short request with these settings and show what the server answers</source>
            <comment>a11y.settings.test</comment>
            <translation>用这些设置发送一个简短请求，并显示服务器的回答</translation>
        </message>
        <message>
            <source>Choose the workspace folder</source>
            <comment>a11y.settings.browse</comment>
            <translation>选择工作区文件夹</translation>
        </message>
        <message>
            <source>Choose the LibreOffice program (soffice)</source>
            <comment>a11y.settings.browse_soffice</comment>
            <translation>选择 LibreOffice 程序（soffice）</translation>
        </message>
        <message>
            <source>The language of the window; Follow the system uses the computer's language</source>
            <comment>a11y.settings.language</comment>
            <translation>窗口的语言；“跟随系统”使用电脑的语言</translation>
        </message>
        <message>
            <source>Light, dark, or as the system is set</source>
            <comment>a11y.settings.theme</comment>
            <translation>浅色、深色或跟随系统设置</translation>
        </message>
        <message>
            <source>Save these settings and close</source>
            <comment>a11y.settings.ok</comment>
            <translation>保存这些设置并关闭</translation>
        </message>
        <message>
            <source>Close without changing anything</source>
            <comment>a11y.settings.cancel</comment>
            <translation>关闭，不做任何更改</translation>
        </message>
        <message>
            <source>Remove the selected rule: Mira asks again before such writes</source>
            <comment>a11y.rules.revoke</comment>
            <translation>删除所选规则：Mira 在此类写入前会再次询问</translation>
        </message>
        <message>
            <source>Try one:</source>
            <comment>welcome.try</comment>
            <translation>试试：</translation>
        </message>
        <message>
            <source>Preset:</source>
            <comment>settings.preset</comment>
            <translation>预设：</translation>
        </message>
        <message>
            <source>Choose a provider to fill in its address…</source>
            <comment>settings.preset.choose</comment>
            <translation>选择服务商以填入其地址…</translation>
        </message>
        <message>
            <source>The server's OpenAI-compatible address, e.g. https://api.openai.com/v1</source>
            <comment>settings.preset.tip</comment>
            <translation>服务器的 OpenAI 兼容地址，例如 https://api.openai.com/v1</translation>
        </message>
        <message>
            <source>Fetch models</source>
            <comment>settings.fetch</comment>
            <translation>获取模型列表</translation>
        </message>
        <message>
            <source>Ask the server which models it offers and choose one from the list</source>
            <comment>settings.fetch.tip</comment>
            <translation>询问服务器提供哪些模型，并从列表中选择一个</translation>
        </message>
        <message>
            <source>Asking the server for its models…</source>
            <comment>settings.fetching</comment>
            <translation>正在向服务器获取模型列表…</translation>
        </message>
        <message>
            <source>The server offers {n} models: choose one under the model field.</source>
            <comment>settings.fetched</comment>
            <translation>服务器提供 {n} 个模型：请在模型输入框下方选择。</translation>
        </message>
        <message>
            <source>Could not list the models: {error}</source>
            <comment>settings.fetch_failed</comment>
            <translation>无法列出模型：{error}</translation>
        </message>
        <message>
            <source>Keep the key in:</source>
            <comment>settings.key_store</comment>
            <translation>密钥保存在：</translation>
        </message>
        <message>
            <source>The MIRA_API_KEY environment variable (Mira saves nothing)</source>
            <comment>settings.key_store.env</comment>
            <translation>MIRA_API_KEY 环境变量（Mira 不保存任何内容）</translation>
        </message>
        <message>
            <source>A file only you can read</source>
            <comment>settings.key_store.file</comment>
            <translation>只有你能读取的文件</translation>
        </message>
        <message>
            <source>No OS keyring is available. The key will be saved in {path}, readable only by your user account (permissions 0600). It is not encrypted: anyone who can log in as you, or read your backups, can read it.</source>
            <comment>settings.key_file.note</comment>
            <translation>没有可用的系统密钥环。密钥将保存在 {path}，只有你的用户账户可以读取（权限 0600）。它没有加密：任何能以你的身份登录或能读取你备份的人都能读到它。</translation>
        </message>
        <message>
            <source>A key is stored in the OS keyring; leave empty to keep it</source>
            <comment>settings.api_key.stored_keyring</comment>
            <translation>系统密钥环中已保存密钥；留空则保持不变</translation>
        </message>
        <message>
            <source>A key is stored in your key file; leave empty to keep it</source>
            <comment>settings.api_key.stored_file</comment>
            <translation>你的密钥文件中已保存密钥；留空则保持不变</translation>
        </message>
        <message>
            <source>Using the key from {var}; paste one here to store it instead</source>
            <comment>settings.api_key.from_env</comment>
            <translation>正在使用 {var} 中的密钥；在此粘贴新密钥可改为保存它</translation>
        </message>
        <message>
            <source>No key stored yet; paste one here</source>
            <comment>settings.api_key.none</comment>
            <translation>尚未保存密钥；请在此粘贴</translation>
        </message>
        <message>
            <source>Conversation &amp;list</source>
            <comment>menu.toggle_sidebar</comment>
            <translation>对话列表(&amp;L)</translation>
        </message>
        <message>
            <source>Go to the &amp;message box</source>
            <comment>menu.focus_input</comment>
            <translation>转到消息框(&amp;M)</translation>
        </message>
        <message>
            <source>Go to the &amp;conversation</source>
            <comment>menu.focus_chat</comment>
            <translation>转到对话(&amp;C)</translation>
        </message>
        <message>
            <source>&amp;Keyboard shortcuts</source>
            <comment>menu.shortcuts</comment>
            <translation>键盘快捷键(&amp;K)</translation>
        </message>
        <message>
            <source>Search conversations</source>
            <comment>menu.find</comment>
            <translation>搜索对话</translation>
        </message>
        <message>
            <source>Approve the write waiting in view</source>
            <comment>menu.approve_in_view</comment>
            <translation>批准当前可见的待批准写入</translation>
        </message>
        <message>
            <source>Deny the write waiting in view</source>
            <comment>menu.deny_in_view</comment>
            <translation>拒绝当前可见的待批准写入</translation>
        </message>
        <message>
            <source>No write is waiting for approval.</source>
            <comment>chat.nothing_waiting</comment>
            <translation>没有等待批准的写入。</translation>
        </message>
        <message>
            <source>Conversation title</source>
            <comment>a11y.title</comment>
            <translation>对话标题</translation>
        </message>
        <message>
            <source>Model in use</source>
            <comment>a11y.model_status</comment>
            <translation>正在使用的模型</translation>
        </message>
        <message>
            <source>Task state</source>
            <comment>a11y.task_status</comment>
            <translation>任务状态</translation>
        </message>
        <message>
            <source>Keys</source>
            <comment>keys.keys</comment>
            <translation>按键</translation>
        </message>
        <message>
            <source>Action</source>
            <comment>keys.action</comment>
            <translation>操作</translation>
        </message>
        <message>
            <source>Every keyboard shortcut of the window</source>
            <comment>keys.table</comment>
            <translation>窗口的全部键盘快捷键</translation>
        </message>
        <message>
            <source>Enter</source>
            <comment>keys.enter</comment>
            <translation>Enter 键</translation>
        </message>
        <message>
            <source>Send the message (in the message box)</source>
            <comment>keys.enter.do</comment>
            <translation>发送消息（在消息框中）</translation>
        </message>
        <message>
            <source>Shift+Enter</source>
            <comment>keys.shift_enter</comment>
            <translation>Shift+Enter 键</translation>
        </message>
        <message>
            <source>New line in the message box</source>
            <comment>keys.shift_enter.do</comment>
            <translation>在消息框中换行</translation>
        </message>
        <message>
            <source>Up / Down</source>
            <comment>keys.up</comment>
            <translation>上 / 下</translation>
        </message>
        <message>
            <source>Earlier messages you sent (message box); previous or next message (conversation)</source>
            <comment>keys.up.do</comment>
            <translation>之前发送的消息（消息框）；上一条或下一条消息（对话）</translation>
        </message>
        <message>
            <source>Tab / Shift+Tab</source>
            <comment>keys.tab</comment>
            <translation>Tab / Shift+Tab 键</translation>
        </message>
        <message>
            <source>Move between the list, the conversation, the cards and the message box</source>
            <comment>keys.tab.do</comment>
            <translation>在列表、对话、卡片和消息框之间移动</translation>
        </message>
        <message>
            <source>Enter on a message</source>
            <comment>keys.msg_enter</comment>
            <translation>在消息上按 Enter</translation>
        </message>
        <message>
            <source>Open its link (a menu when it has several)</source>
            <comment>keys.msg_enter.do</comment>
            <translation>打开其中的链接（有多个时显示菜单）</translation>
        </message>
        <message>
            <source>Ctrl+C on a message</source>
            <comment>keys.copy</comment>
            <translation>在消息上按 Ctrl+C</translation>
        </message>
        <message>
            <source>Copy the message</source>
            <comment>keys.copy.do</comment>
            <translation>复制该消息</translation>
        </message>
        <message>
            <source>Menu key or Shift+F10</source>
            <comment>keys.menu</comment>
            <translation>菜单键或 Shift+F10</translation>
        </message>
        <message>
            <source>Actions of the message or conversation: copy, retry, edit, rename, delete, show folder</source>
            <comment>keys.menu.do</comment>
            <translation>消息或对话的操作：复制、重试、编辑、重命名、删除、显示文件夹</translation>
        </message>
        <message>
            <source>Turn these notes into slides:

# Launch plan

## Goals

- Ship version one
- Win early users

## Timeline

- May: beta
- June: launch
</source>
            <comment>welcome.example1</comment>
            <translation>把这些笔记做成幻灯片：

# 发布计划

## 目标

- 发布第一版
- 赢得早期用户

## 时间表

- 五月：内测
- 六月：发布
</translation>
        </message>
        <message>
            <source>Make a spreadsheet with a total row from this CSV:

item,cost
Ads,1200
Hosting,300
Design,800
</source>
            <comment>welcome.example2</comment>
            <translation>用这段 CSV 做一个带合计行的表格：

项目,费用
广告,1200
主机,300
设计,800
</translation>
        </message>
        <message>
            <source>Make a Word document from these notes:

# Team offsite

## Agenda

- Welcome
- Planning
</source>
            <comment>welcome.example3</comment>
            <translation>把这些笔记做成 Word 文档：

# 团队外出

## 议程

- 欢迎
- 规划
</translation>
        </message>
        <message>
            <source>Replaces the existing {path} (v{version}).</source>
            <comment>approval.replaces</comment>
            <translation>将替换现有的 {path}（v{version}）。</translation>
        </message>
        <message>
            <source>Writes into the folder “{folder}”.</source>
            <comment>approval.folder</comment>
            <translation>写入文件夹“{folder}”。</translation>
        </message>
        <message>
            <source>A rule now approves similar writes in this conversation: {rule} (Settings › Approval rules).</source>
            <comment>approval.rule_made</comment>
            <translation>已创建规则，此对话中类似的写入将自动批准：{rule}（设置 › 批准规则）。</translation>
        </message>
        <message>
            <source>Replaces the existing {path}.</source>
            <comment>approval.replaces_file</comment>
            <translation>将替换现有的 {path}。</translation>
        </message>
        <message>
            <source>Keep folder</source>
            <comment>folder.delete.keep</comment>
            <translation>保留文件夹</translation>
        </message>
        <message>
            <source>Delete folder</source>
            <comment>folder.delete.remove</comment>
            <translation>删除文件夹</translation>
        </message>
        <message>
            <source>Remove kept versions</source>
            <comment>folder.delete.remove_chosen</comment>
            <translation>删除保存的旧版本</translation>
        </message>
        <message>
            <source>“{title}” works in {folder}. Keep that folder and the files in it, or delete it too?</source>
            <comment>folder.delete.text</comment>
            <translation>“{title}”使用文件夹 {folder}。保留该文件夹及其中的文件，还是一并删除？</translation>
        </message>
        <message>
            <source>“{title}” works in your folder {folder}. Your files there are always kept; Mira can also remove the earlier versions it kept there.</source>
            <comment>folder.delete.text_chosen</comment>
            <translation>“{title}”使用你的文件夹 {folder}。你的文件始终保留；Mira 也可以删除它在那里保存的旧版本。</translation>
        </message>
        <message>
            <source>Keep the conversation's folder?</source>
            <comment>folder.delete.title</comment>
            <translation>保留对话的文件夹吗？</translation>
        </message>
        <message>
            <source>That folder cannot be used: {error}</source>
            <comment>folder.invalid</comment>
            <translation>无法使用该文件夹：{error}</translation>
        </message>
        <message>
            <source>This conversation now works in {folder}. Files already there can be used.</source>
            <comment>folder.now</comment>
            <translation>这个对话现在使用 {folder}。其中已有的文件可以直接使用。</translation>
        </message>
        <message>
            <source>The folder {folder} could not be opened.</source>
            <comment>folder.open_failed</comment>
            <translation>无法打开文件夹 {folder}。</translation>
        </message>
        <message>
            <source>Choose the folder this conversation works in</source>
            <comment>folder.pick_title</comment>
            <translation>选择这个对话使用的文件夹</translation>
        </message>
        <message>
            <source>Show &amp;folder</source>
            <comment>folder.show</comment>
            <translation>显示文件夹(&amp;F)</translation>
        </message>
        <message>
            <source>&amp;Work in folder…</source>
            <comment>folder.work_in</comment>
            <translation>在文件夹中工作(&amp;W)…</translation>
        </message>
        <message>
            <source>{path}: v{left} and v{right}</source>
            <comment>version.compare_title</comment>
            <translation>{path}：v{left} 与 v{right}</translation>
        </message>
        <message>
            <source>v{version} of {path} is no longer kept, so it cannot be shown.</source>
            <comment>version.missing</comment>
            <translation>{path} 的 v{version} 已不再保存，无法显示。</translation>
        </message>
        <message>
            <source>Restore v{version} of {path}</source>
            <comment>version.restore_request</comment>
            <translation>把 {path} 恢复到 v{version}</translation>
        </message>
        <message>
            <source>Could not write {what}: the disk is full ({free} free). Nothing was changed; free some space and try again.</source>
            <comment>fault.no_space</comment>
            <translation>无法写入{what}：磁盘已满（剩余 {free}）。未做任何更改；请释放一些空间后重试。</translation>
        </message>
        <message>
            <source>Could not write {what}: the folder {folder} cannot be written (read-only or no permission). Nothing was changed.</source>
            <comment>fault.denied</comment>
            <translation>无法写入{what}：文件夹 {folder} 不可写（只读或没有权限）。未做任何更改。</translation>
        </message>
        <message>
            <source>free space unknown</source>
            <comment>fault.free_unknown</comment>
            <translation>剩余空间未知</translation>
        </message>
        <message>
            <source>Could not save {what}: the disk holding Mira's data is full ({free} free). Nothing was lost: everything saved before is intact. Free some space and try again.</source>
            <comment>fault.db_full</comment>
            <translation>无法保存{what}：存放 Mira 数据的磁盘已满（剩余 {free}）。没有丢失任何内容：之前保存的一切都完好。请释放一些空间后重试。</translation>
        </message>
        <message>
            <source>The new version was kept beside it as {kept}.</source>
            <comment>fault.kept_beside</comment>
            <translation>新版本已保存在旁边，名为 {kept}。</translation>
        </message>
        <message>
            <source>It was not done. Free the space (or make the folder writable), then choose Retry on its card; it runs once.</source>
            <comment>fault.retry_hint</comment>
            <translation>此操作未完成。请释放空间（或让文件夹可写），然后在它的卡片上选择“重试”；它只会运行一次。</translation>
        </message>
        <message>
            <source>There is nothing to retry: this change is {state}.</source>
            <comment>fault.retry_not_failed</comment>
            <translation>没有可重试的内容：此更改的状态为 {state}。</translation>
        </message>
        <message>
            <source>This change failed for a reason a retry cannot fix; ask again.</source>
            <comment>fault.retry_not_retryable</comment>
            <translation>此更改失败的原因无法通过重试解决；请重新提出请求。</translation>
        </message>
        <message>
            <source>There is no cut-off answer to continue here.</source>
            <comment>continue.nothing</comment>
            <translation>这里没有被截断、可以继续的回答。</translation>
        </message>
        <message>
            <source>{name} cannot be written here: the folder {folder} is read-only or not yours. Choose another folder or make it writable.</source>
            <comment>fault.readonly_folder</comment>
            <translation>无法在此写入 {name}：文件夹 {folder} 是只读的或不属于你。请选择其他文件夹或让它可写。</translation>
        </message>
        <message>
            <source>the document {name}</source>
            <comment>what.document</comment>
            <translation>文档 {name}</translation>
        </message>
        <message>
            <source>the attached file {name}</source>
            <comment>what.attachment</comment>
            <translation>附件 {name}</translation>
        </message>
        <message>
            <source>the preview pages of {name}</source>
            <comment>what.render</comment>
            <translation>{name} 的预览页面</translation>
        </message>
        <message>
            <source>the working folder {name}</source>
            <comment>what.folder</comment>
            <translation>工作文件夹 {name}</translation>
        </message>
        <message>
            <source>the previous version of {name}</source>
            <comment>what.version</comment>
            <translation>{name} 的上一个版本</translation>
        </message>
        <message>
            <source>your data</source>
            <comment>store.what.data</comment>
            <translation>你的数据</translation>
        </message>
        <message>
            <source>the task</source>
            <comment>store.what.task</comment>
            <translation>任务</translation>
        </message>
        <message>
            <source>the conversation's progress</source>
            <comment>store.what.transcript</comment>
            <translation>对话的进度</translation>
        </message>
        <message>
            <source>the record of a step</source>
            <comment>store.what.ledger</comment>
            <translation>步骤记录</translation>
        </message>
        <message>
            <source>the result of a step</source>
            <comment>store.what.result</comment>
            <translation>步骤的结果</translation>
        </message>
        <message>
            <source>the approval</source>
            <comment>store.what.approval</comment>
            <translation>批准</translation>
        </message>
        <message>
            <source>the record of a file</source>
            <comment>store.what.artifact</comment>
            <translation>文件记录</translation>
        </message>
        <message>
            <source>the record of a model call</source>
            <comment>store.what.model_call</comment>
            <translation>模型调用记录</translation>
        </message>
        <message>
            <source>the conversation</source>
            <comment>store.what.conversation</comment>
            <translation>对话</translation>
        </message>
        <message>
            <source>the message</source>
            <comment>store.what.message</comment>
            <translation>消息</translation>
        </message>
        <message>
            <source>the approval rule</source>
            <comment>store.what.rule</comment>
            <translation>批准规则</translation>
        </message>
        <message>
            <source>This request was not sent: it needs about {needed} tokens plus {reply} for the answer, but {model} is set to a context window of {window} tokens. Raise the context window in Settings (and on the server), choose a model with a larger one, or start a new conversation.</source>
            <comment>model.context_too_small</comment>
            <translation>此请求未发送：它约需 {needed} 个词元，另需 {reply} 个词元用于回答，但 {model} 的上下文窗口设置为 {window} 个词元。请在设置中（以及服务端）调大上下文窗口、换用窗口更大的模型，或开始新的对话。</translation>
        </message>
        <message>
            <source>{model} cannot call tools, and Mira needs tool calls to work on files. Choose a model that supports tools (for example qwen2.5 or llama3.1).</source>
            <comment>model.no_tools</comment>
            <translation>{model} 不支持调用工具，而 Mira 需要工具调用来处理文件。请选择支持工具的模型（例如 qwen2.5 或 llama3.1）。</translation>
        </message>
        <message>
            <source>This is Ollama's OpenAI endpoint: it ignores the context window and silently cuts long prompts. Choose "Ollama's own API" under API.</source>
            <comment>model.ollama_openai</comment>
            <translation>这是 Ollama 的 OpenAI 兼容接口：它会忽略上下文窗口设置，并悄悄截断过长的提示。请在“接口”中选择“Ollama 原生接口”。</translation>
        </message>
        <message>
            <source>Context window:</source>
            <comment>settings.context_window</comment>
            <translation>上下文窗口：</translation>
        </message>
        <message>
            <source>API:</source>
            <comment>settings.api</comment>
            <translation>接口：</translation>
        </message>
        <message>
            <source>OpenAI-compatible (/v1)</source>
            <comment>settings.api.openai</comment>
            <translation>OpenAI 兼容（/v1）</translation>
        </message>
        <message>
            <source>Ollama's own API (sets the context window)</source>
            <comment>settings.api.ollama</comment>
            <translation>Ollama 原生接口（可设置上下文窗口）</translation>
        </message>
        <message>
            <source>Unknown</source>
            <comment>settings.context_window.unknown</comment>
            <translation>未知</translation>
        </message>
        <message>
            <source>Tokens the model reads at once. Requests larger than this are not sent.</source>
            <comment>settings.context_window.note</comment>
            <translation>模型一次能读取的词元数。超过此大小的请求不会发送。</translation>
        </message>
        <message>
            <source>Answer limit:</source>
            <comment>settings.output_limit</comment>
            <translation>回答上限：</translation>
        </message>
        <message>
            <source>The most tokens one answer may have: a step that may call tools (it carries a document's content), then a reply. A longer answer is reported as cut off.</source>
            <comment>settings.output_limit.note</comment>
            <translation>一次回答最多可用的词元数：先是可能调用工具的步骤（它携带文档的内容），然后是回复。更长的回答会被报告为已截断。</translation>
        </message>
        <message>
            <source>Tool step: </source>
            <comment>settings.output_limit.tools</comment>
            <translation>工具步骤：</translation>
        </message>
        <message>
            <source>Reply: </source>
            <comment>settings.output_limit.reply</comment>
            <translation>回复：</translation>
        </message>
    </context>
    <context>
        <name>messages</name>
        <message>
            <source>, </source>
            <comment>list.separator</comment>
            <translation>、</translation>
        </message>
        <message numerus="yes">
            <source>%n headings</source>
            <comment>count.headings</comment>
            <translation>
                <numerusform>%n 个标题</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n paragraphs</source>
            <comment>count.paragraphs</comment>
            <translation>
                <numerusform>%n 个段落</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n lists</source>
            <comment>count.lists</comment>
            <translation>
                <numerusform>%n 个列表</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n tables</source>
            <comment>count.tables</comment>
            <translation>
                <numerusform>%n 个表格</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n images</source>
            <comment>count.images</comment>
            <translation>
                <numerusform>%n 张图片</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n slides</source>
            <comment>count.slides</comment>
            <translation>
                <numerusform>%n 张幻灯片</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n sheets</source>
            <comment>count.sheets</comment>
            <translation>
                <numerusform>%n 个工作表</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n pages</source>
            <comment>count.pages</comment>
            <translation>
                <numerusform>%n 页</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n changes</source>
            <comment>count.operations</comment>
            <translation>
                <numerusform>%n 处修改</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n files</source>
            <comment>count.files</comment>
            <translation>
                <numerusform>%n 个文件</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n checks</source>
            <comment>count.checks</comment>
            <translation>
                <numerusform>%n 项检查</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n rows</source>
            <comment>count.rows</comment>
            <translation>
                <numerusform>%n 行</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{loaded} rows</source>
            <comment>count.rows_shown</comment>
            <translation>
                <numerusform>{loaded} 行</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n sections</source>
            <comment>count.sections</comment>
            <translation>
                <numerusform>%n 个分节</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n words</source>
            <comment>count.words</comment>
            <translation>
                <numerusform>%n 个字</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n cells</source>
            <comment>count.cells</comment>
            <translation>
                <numerusform>%n 个单元格</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n formulas</source>
            <comment>count.formulas</comment>
            <translation>
                <numerusform>%n 个公式</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n charts</source>
            <comment>count.charts</comment>
            <translation>
                <numerusform>%n 个图表</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n slides with a title</source>
            <comment>count.titled_slides</comment>
            <translation>
                <numerusform>%n 张有标题的幻灯片</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n pictures</source>
            <comment>count.pictures</comment>
            <translation>
                <numerusform>%n 张图片</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n slides with notes</source>
            <comment>count.notes</comment>
            <translation>
                <numerusform>%n 张带备注的幻灯片</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n formulas calculated</source>
            <comment>count.formulas_calculated</comment>
            <translation>
                <numerusform>%n 个公式已计算</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n formula errors</source>
            <comment>count.formula_errors</comment>
            <translation>
                <numerusform>%n 个公式错误</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n named ranges</source>
            <comment>count.defined_names</comment>
            <translation>
                <numerusform>%n 个命名区域</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n conditional formats</source>
            <comment>count.conditional_formats</comment>
            <translation>
                <numerusform>%n 个条件格式</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n data validation rules</source>
            <comment>count.validations</comment>
            <translation>
                <numerusform>%n 条数据验证规则</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n filters</source>
            <comment>count.autofilters</comment>
            <translation>
                <numerusform>%n 个筛选</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n pivot tables</source>
            <comment>count.pivot_tables</comment>
            <translation>
                <numerusform>%n 个数据透视表</numerusform>
            </translation>
        </message>
        <message>
            <source>Done. Here is what I made:</source>
            <comment>reply.made</comment>
            <translation>已完成。生成的文件：</translation>
        </message>
        <message>
            <source>Written, but a check of the file failed:</source>
            <comment>reply.written_check_failed</comment>
            <translation>已写入，但文件的一项检查未通过：</translation>
        </message>
        <message>
            <source>Done.</source>
            <comment>reply.done</comment>
            <translation>已完成。</translation>
        </message>
        <message>
            <source>You declined the change, so nothing was written.</source>
            <comment>reply.declined</comment>
            <translation>你拒绝了这次更改，所以没有写入任何文件。</translation>
        </message>
        <message>
            <source>The task did not finish.</source>
            <comment>reply.not_finished</comment>
            <translation>任务没有完成。</translation>
        </message>
        <message>
            <source>That did not work: {reason}</source>
            <comment>reply.did_not_work</comment>
            <translation>没能完成：{reason}</translation>
        </message>
        <message>
            <source>That did not work.</source>
            <comment>reply.did_not_work.plain</comment>
            <translation>没能完成。</translation>
        </message>
        <message>
            <source>The files listed above come from steps that did finish in this task.</source>
            <comment>reply.partial</comment>
            <translation>上面列出的文件来自本次任务中已经完成的步骤。</translation>
        </message>
        <message>
            <source>**{name}** — {kind}, {size}</source>
            <comment>reply.file</comment>
            <translation>**{name}** — {kind}，{size}</translation>
        </message>
        <message>
            <source>{mark} {label}: **{status}**</source>
            <comment>reply.check</comment>
            <translation>{mark} {label}：**{status}**</translation>
        </message>
        <message>
            <source>{kind}: I can make one from content you give me, but I can't write that content myself. Paste your points, markdown or CSV into the request, or attach a text file.</source>
            <comment>reply.no_content</comment>
            <translation>我可以把你提供的内容做成{kind}，但不能替你撰写内容。请把要点、Markdown 或 CSV 粘贴在请求中，或附加一个文本文件。</translation>
        </message>
        <message>
            <source>I'm the **offline planner**: I work without a network or an AI model, so I can only use content you give me.

What I can do:</source>
            <comment>reply.help.intro</comment>
            <translation>我是**离线规划器**：无需网络和 AI 模型即可工作，所以只能使用你提供的内容。

我能做的：</translation>
        </message>
        <message>
            <source>Press **Preview** on the file's card to see it beside the chat, page by page, or **Open** to open it in its own app. Every version's card has them.</source>
            <comment>reply.use_preview</comment>
            <translation>点文件卡片上的**预览**，就能在对话旁逐页查看；点**打开**则用它自己的应用打开。每个版本的卡片上都有这两个按钮。</translation>
        </message>
        <message>
            <source>Offline I change a file's words and structure, not how they look (fonts, colours, bold, sizes). A model connected in [Settings]({settings}) can, and so can the app the file opens in.</source>
            <comment>reply.no_formatting</comment>
            <translation>离线模式只修改文件的文字和结构，不改变外观（字体、颜色、加粗、字号）。在[设置]({settings})中连接模型后可以做到，用打开该文件的应用也可以。</translation>
        </message>
        <message>
            <source>What I can't do: write prose, summaries or ideas I don't have. For that, connect a real model in [Settings]({settings}) (any OpenAI-compatible service or a local one such as Ollama).

Try: *Make a Word document from this:* followed by your notes, or attach `notes.md` and ask for slides.</source>
            <comment>reply.help.outro</comment>
            <translation>我不能做的：凭空撰写文章、总结或想法。如需这些，请在[设置]({settings})中连接真正的模型（任何兼容 OpenAI 的服务，或 Ollama 等本地模型）。

试试：输入“把下面的内容做成 Word 文档：”再附上你的笔记，或附加 `notes.md` 并要求生成幻灯片。</translation>
        </message>
        <message>
            <source>I didn't understand that offline. Something close that I can do:
{line}

Say *help* for everything I can do, or connect a real model in [Settings]({settings}).</source>
            <comment>reply.help.short</comment>
            <translation>离线模式没能理解这个请求。我能做的相近的事：
{line}

输入“帮助”可查看我能做的全部事情，或在[设置]({settings})中连接真正的模型。</translation>
        </message>
        <message>
            <source>There is no file in this conversation yet, so there is nothing to {action}. Make one first (for example *Make a Word document from this:* followed by your notes).</source>
            <comment>reply.no_file_yet</comment>
            <translation>这个对话里还没有文件，所以没有可以{action}的内容。请先生成一个文件（例如输入“把下面的内容做成 Word 文档：”再附上你的笔记）。</translation>
        </message>
        <message>
            <source>export as a PDF</source>
            <comment>reply.no_file_yet.export</comment>
            <translation>导出为 PDF</translation>
        </message>
        <message>
            <source>{paths} is outside this conversation's working folder, so I did not open it and nothing was written. Attach the file, or copy it into the working folder, and ask again.</source>
            <comment>reply.outside_folder</comment>
            <translation>{paths} 在这个对话的工作文件夹之外，所以我没有打开它，也没有写入任何内容。请附加这个文件，或把它复制到工作文件夹后再问一次。</translation>
        </message>
        <message>
            <source>Stopped: too many steps without a result.</source>
            <comment>planner.stopped</comment>
            <translation>已停止：步骤过多仍无结果。</translation>
        </message>
        <message>
            <source>Nothing was written: {name} is not available to this skill.</source>
            <comment>planner.unavailable</comment>
            <translation>没有写入任何文件：此技能无法使用 {name}。</translation>
        </message>
        <message>
            <source>Nothing was written: offline I cannot replace text throughout a workbook, but I can change its cells: *set B3 to 1200*. Connect a real model in Settings for this edit.</source>
            <comment>planner.no_replace</comment>
            <translation>没有写入任何文件：离线模式无法替换整个工作簿里的文字，但可以修改单元格：*把 B3 改成 1200*。请在设置中连接模型后再做这项修改。</translation>
        </message>
        <message>
            <source>Nothing was written: {path} has no title or first heading to change.</source>
            <comment>planner.no_title</comment>
            <translation>没有写入任何文件：{path} 没有可修改的标题。</translation>
        </message>
        <message>
            <source>Nothing was written: {path} has no worksheet to add rows to.</source>
            <comment>planner.no_worksheet</comment>
            <translation>没有写入任何文件：{path} 没有可以添加行的工作表。</translation>
        </message>
        <message>
            <source>Nothing was written: {path} has no sheet named "{name}". Its sheets are: {sheets}.</source>
            <comment>planner.no_sheet</comment>
            <translation>没有写入任何文件：{path} 中没有名为“{name}”的工作表。它的工作表有：{sheets}。</translation>
        </message>
        <message>
            <source>Nothing was written: I cannot do this to {path} offline.</source>
            <comment>planner.cannot</comment>
            <translation>没有写入任何文件：离线模式无法对 {path} 执行此操作。</translation>
        </message>
        <message>
            <source>Nothing was written: I cannot do this to the PDF {path} offline.</source>
            <comment>planner.cannot_pdf</comment>
            <translation>没有写入任何文件：离线模式无法对 PDF {path} 执行此操作。</translation>
        </message>
        <message>
            <source>Nothing was written: this version of Mira cannot merge PDF pages yet.</source>
            <comment>planner.not_yet.merge_pdf</comment>
            <translation>没有写入任何文件：这个版本的 Mira 还不能合并 PDF 页面。</translation>
        </message>
        <message>
            <source>Nothing was written: this version of Mira cannot extract PDF pages yet.</source>
            <comment>planner.not_yet.extract_pages</comment>
            <translation>没有写入任何文件：这个版本的 Mira 还不能提取 PDF 页面。</translation>
        </message>
        <message>
            <source>Nothing was written: this version of Mira cannot delete PDF pages yet.</source>
            <comment>planner.not_yet.delete_pages</comment>
            <translation>没有写入任何文件：这个版本的 Mira 还不能删除 PDF 页面。</translation>
        </message>
        <message>
            <source>Nothing was written: this version of Mira cannot rotate PDF pages yet.</source>
            <comment>planner.not_yet.rotate_pages</comment>
            <translation>没有写入任何文件：这个版本的 Mira 还不能旋转 PDF 页面。</translation>
        </message>
        <message>
            <source>Nothing was written: this version of Mira cannot reorder PDF pages yet.</source>
            <comment>planner.not_yet.reorder_pages</comment>
            <translation>没有写入任何文件：这个版本的 Mira 还不能重新排列 PDF 页面。</translation>
        </message>
        <message>
            <source>Nothing was written: this version of Mira cannot split PDF pages yet.</source>
            <comment>planner.not_yet.split_pdf</comment>
            <translation>没有写入任何文件：这个版本的 Mira 还不能拆分 PDF 页面。</translation>
        </message>
        <message>
            <source>Nothing was written: {names} is not in this conversation's folder (its PDFs: {have}). Attach the file or put it in the folder, then ask again.</source>
            <comment>planner.merge_missing</comment>
            <translation>没有写入任何文件：这个对话的文件夹里没有 {names}（其中的 PDF：{have}）。请附加该文件或把它放进文件夹，然后再试一次。</translation>
        </message>
        <message>
            <source>Nothing was written: {path} has {count} pages, so it has no page {page}.</source>
            <comment>planner.no_page</comment>
            <translation>没有写入任何文件：{path} 共有 {count} 页，没有第 {page} 页。</translation>
        </message>
        <message>
            <source>Nothing was written: {path} has {count} pages, so it cannot be split after page {after}.</source>
            <comment>planner.split_after</comment>
            <translation>没有写入任何文件：{path} 共 {count} 页，无法在第 {after} 页之后拆分。</translation>
        </message>
        <message>
            <source>Nothing was written: {path} has no slide titled "{title}".</source>
            <comment>planner.no_slide_titled</comment>
            <translation>没有写入任何文件：{path} 中没有标题为“{title}”的幻灯片。</translation>
        </message>
        <message>
            <source>Nothing was written: {path} has images, tables or more pages than I can carry over when re-making a PDF offline.</source>
            <comment>planner.pdf_too_rich</comment>
            <translation>没有写入任何文件：{path} 含有图片、表格或页数过多，离线重新生成 PDF 时无法保留。</translation>
        </message>
        <message>
            <source>Nothing was written: "{find}" does not occur in {path}.</source>
            <comment>planner.not_found</comment>
            <translation>没有写入任何文件：{path} 中没有“{find}”。</translation>
        </message>
        <message>
            <source>Nothing was written: the user denied the change to {path}.</source>
            <comment>planner.user_denied</comment>
            <translation>没有写入任何文件：用户拒绝了对 {path} 的修改。</translation>
        </message>
        <message>
            <source>Nothing was written: you denied the change to {path}.</source>
            <comment>planner.you_denied</comment>
            <translation>没有写入任何文件：你拒绝了对 {path} 的更改。</translation>
        </message>
        <message>
            <source>Suggested replacing "{find}" with "{replace}" in {path} as tracked changes by Mira; accept or reject them in Word.</source>
            <comment>planner.suggested</comment>
            <translation>已在 {path} 中以修订（作者 Mira）建议将“{find}”改为“{replace}”，可在 Word 中接受或拒绝。</translation>
        </message>
        <message>
            <source>Replaced "{find}" with "{replace}".</source>
            <comment>planner.replaced</comment>
            <translation>已将“{find}”改为“{replace}”。</translation>
        </message>
        <message>
            <source>Changed the title of slide {slide} to "{title}".</source>
            <comment>planner.slide_title_set</comment>
            <translation>已将第 {slide} 张幻灯片的标题改为“{title}”。</translation>
        </message>
        <message>
            <source>Changed the title to "{title}".</source>
            <comment>planner.title_set</comment>
            <translation>已将标题改为“{title}”。</translation>
        </message>
        <message>
            <source>Added the slide "{title}".</source>
            <comment>planner.slide_added</comment>
            <translation>已添加幻灯片“{title}”。</translation>
        </message>
        <message>
            <source>Added the slide "{title}" as slide {at}.</source>
            <comment>planner.slide_added_at</comment>
            <translation>已添加幻灯片“{title}”，作为第 {at} 张。</translation>
        </message>
        <message>
            <source>Set the speaker notes of slide {slide}.</source>
            <comment>planner.notes_set</comment>
            <translation>已设置第 {slide} 张幻灯片的演讲者备注。</translation>
        </message>
        <message>
            <source>Added the section "{title}".</source>
            <comment>planner.section_added</comment>
            <translation>已添加章节“{title}”。</translation>
        </message>
        <message>
            <source>Added the paragraph under "{heading}".</source>
            <comment>planner.paragraph_added</comment>
            <translation>已在“{heading}”下添加这段文字。</translation>
        </message>
        <message>
            <source>Added the paragraph at the end of the document.</source>
            <comment>planner.paragraph_appended</comment>
            <translation>已在文档末尾添加这段文字。</translation>
        </message>
        <message>
            <source>Added the point under "{heading}".</source>
            <comment>planner.point_added</comment>
            <translation>已在“{heading}”下添加这个要点。</translation>
        </message>
        <message>
            <source>Added the point at the end of the document.</source>
            <comment>planner.point_appended</comment>
            <translation>已在文档末尾添加这个要点。</translation>
        </message>
        <message numerus="yes">
            <source>Added %n rows.</source>
            <comment>planner.rows_added</comment>
            <translation>
                <numerusform>已添加 %n 行。</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Added a total row, row {row}, that sums %n columns: {columns}.</source>
            <comment>planner.total_added</comment>
            <translation>
                <numerusform>已在第 {row} 行加上合计，汇总 %n 列：{columns}。</numerusform>
            </translation>
        </message>
        <message>
            <source>Total</source>
            <comment>planner.total_label</comment>
            <translation>合计</translation>
        </message>
        <message>
            <source>Added the column "{header}" as column {column}.</source>
            <comment>planner.column_added</comment>
            <translation>已添加“{header}”列（第 {column} 列）。</translation>
        </message>
        <message numerus="yes">
            <source>Nothing was written: {sheet} has {rows} rows of data, and %n values were given. Give one value for each row.</source>
            <comment>planner.column_too_long</comment>
            <translation>
                <numerusform>未写入任何内容：{sheet} 有 {rows} 行数据，却给了 %n 个值。请每行给一个值。</numerusform>
            </translation>
        </message>
        <message>
            <source>Added a bar chart of {columns}, beside the table.</source>
            <comment>planner.chart_added.bar</comment>
            <translation>已在表格旁添加柱状图：{columns}。</translation>
        </message>
        <message>
            <source>Added a line chart of {columns}, beside the table.</source>
            <comment>planner.chart_added.line</comment>
            <translation>已在表格旁添加折线图：{columns}。</translation>
        </message>
        <message>
            <source>Added a pie chart of {columns}, beside the table.</source>
            <comment>planner.chart_added.pie</comment>
            <translation>已在表格旁添加饼图：{columns}。</translation>
        </message>
        <message>
            <source>Nothing was written: {sheet} has no column of numbers to chart.</source>
            <comment>planner.no_numbers_chart</comment>
            <translation>未写入任何内容：{sheet} 里没有可以做图的数字列。</translation>
        </message>
        <message>
            <source>Nothing was written: row {row} of {sheet} already sums the columns.</source>
            <comment>planner.total_exists</comment>
            <translation>未写入任何内容：{sheet} 的第 {row} 行已经是合计行。</translation>
        </message>
        <message>
            <source>Nothing was written: {sheet} has no column of numbers to total.</source>
            <comment>planner.no_numbers</comment>
            <translation>未写入任何内容：{sheet} 里没有可以合计的数字列。</translation>
        </message>
        <message numerus="yes">
            <source>Set %n cells: {cells}.</source>
            <comment>planner.cells_set</comment>
            <translation>
                <numerusform>已将 {cells}。</numerusform>
            </translation>
        </message>
        <message>
            <source>{cell} to {value}</source>
            <comment>planner.cell_to</comment>
            <translation>{cell} 改为 {value}</translation>
        </message>
        <message>
            <source>{cell} to nothing</source>
            <comment>planner.cell_emptied</comment>
            <translation>{cell} 清空</translation>
        </message>
        <message numerus="yes">
            <source>Cleared %n cells: {cells}.</source>
            <comment>planner.cells_cleared</comment>
            <translation>
                <numerusform>已清空 {cells}。</numerusform>
            </translation>
        </message>
        <message>
            <source>Swapped slides {a} and {b}.</source>
            <comment>planner.slides_swapped</comment>
            <translation>已互换第 {a} 张和第 {b} 张幻灯片。</translation>
        </message>
        <message>
            <source>Copied slide {slide}: the copy is slide {to}.</source>
            <comment>planner.slide_duplicated</comment>
            <translation>已复制第 {slide} 张幻灯片：副本是第 {to} 张。</translation>
        </message>
        <message>
            <source>Offline I make one file a request: this is the {made}. Ask again for the {others}.</source>
            <comment>planner.one_file</comment>
            <translation>离线时每个请求只生成一个文件：这是 {made}。如需 {others}，请再发一次请求。</translation>
        </message>
        <message>
            <source>Nothing was written: {path} has no such section ({which}); its sections are: {sections}.</source>
            <comment>planner.no_such_section</comment>
            <translation>未写入任何内容：{path} 中没有这一节（{which}）；现有章节：{sections}。</translation>
        </message>
        <message>
            <source>Deleted the section "{heading}": its heading, its text and its subsections.</source>
            <comment>planner.section_deleted</comment>
            <translation>已删除“{heading}”一节：它的标题、正文和下面的小节。</translation>
        </message>
        <message>
            <source>Renamed the section "{heading}" to "{to}".</source>
            <comment>planner.heading_renamed</comment>
            <translation>已将章节“{heading}”改名为“{to}”。</translation>
        </message>
        <message numerus="yes">
            <source>Deleted the %n paragraphs with “{text}”.</source>
            <comment>planner.paragraphs_deleted</comment>
            <translation>
                <numerusform>已删除 %n 段包含“{text}”的文字。</numerusform>
            </translation>
        </message>
        <message>
            <source>Exported {path} as {output}.</source>
            <comment>planner.exported</comment>
            <translation>已将 {path} 导出为 {output}。</translation>
        </message>
        <message>
            <source>Removed slide {slide}.</source>
            <comment>planner.slide_removed</comment>
            <translation>已删除第 {slide} 张幻灯片。</translation>
        </message>
        <message>
            <source>Renamed the sheet "{name}" to "{to}".</source>
            <comment>planner.sheet_renamed</comment>
            <translation>已将工作表“{name}”重命名为“{to}”。</translation>
        </message>
        <message>
            <source>Removed the sheet "{name}".</source>
            <comment>planner.sheet_removed</comment>
            <translation>已删除工作表“{name}”。</translation>
        </message>
        <message>
            <source>Moved slide {slide} to position {to}.</source>
            <comment>planner.slide_moved</comment>
            <translation>已将第 {slide} 张幻灯片移到第 {to} 张。</translation>
        </message>
        <message>
            <source>Merged {names} into {output}; every page is kept as it was.</source>
            <comment>planner.merged</comment>
            <translation>已将 {names} 合并为 {output}，每一页都保持原样。</translation>
        </message>
        <message numerus="yes">
            <source>Split {path} into %n files in {folder}/; every page is kept as it was.</source>
            <comment>planner.split</comment>
            <translation>
                <numerusform>已将 {path} 拆分为 %n 个文件，保存在 {folder}/ 中，每一页都保持原样。</numerusform>
            </translation>
        </message>
        <message>
            <source>Done: extracted page {pages}.</source>
            <comment>planner.done.extract_pages</comment>
            <translation>已完成：第 {pages} 页已提取。</translation>
        </message>
        <message>
            <source>Done: deleted page {pages}.</source>
            <comment>planner.done.delete_pages</comment>
            <translation>已完成：第 {pages} 页已删除。</translation>
        </message>
        <message>
            <source>Done: rotated page {pages}.</source>
            <comment>planner.done.rotate_pages</comment>
            <translation>已完成：第 {pages} 页已旋转。</translation>
        </message>
        <message>
            <source>Done: pages put in the order {pages}.</source>
            <comment>planner.done.reorder_pages</comment>
            <translation>已完成：页面已按 {pages} 的顺序重新排列。</translation>
        </message>
        <message>
            <source>Done: merged pages {pages}.</source>
            <comment>planner.done.merge_pdf</comment>
            <translation>已完成：第 {pages} 页已合并。</translation>
        </message>
        <message>
            <source>Done: split the pages {pages}.</source>
            <comment>planner.done.split_pdf</comment>
            <translation>已完成：第 {pages} 页已拆分。</translation>
        </message>
        <message>
            <source>Restored v{version}; the version it replaced (v{current}) is kept.</source>
            <comment>planner.restored</comment>
            <translation>已恢复到 v{version}；被替换的版本（v{current}）仍然保留。</translation>
        </message>
        <message>
            <source> The new text is drawn in {fonts}: the PDF's own font holds only the characters it used.</source>
            <comment>planner.other_font</comment>
            <translation>新文字改用 {fonts} 显示：该 PDF 自带的字体只包含原文用到的字。</translation>
        </message>
        <message>
            <source>There is nothing to undo: no file in this conversation has an earlier version.</source>
            <comment>planner.nothing_to_undo</comment>
            <translation>没有可以撤销的更改：这个对话里还没有被修改过的文件。</translation>
        </message>
        <message>
            <source>There is nothing to restore: no file in this conversation has an earlier version.</source>
            <comment>planner.nothing_to_restore</comment>
            <translation>没有可以恢复的更改：这个对话里还没有被修改过的文件。</translation>
        </message>
        <message>
            <source>Which file do you mean: {files} or {last}? Name the file in your request and I'll do it; nothing was written this time.</source>
            <comment>planner.which_file</comment>
            <translation>你指的是哪个文件？{files}、{last} 都有可能。请在请求中写出文件名，我再动手；这次没有写入任何文件。</translation>
        </message>
        <message>
            <source>{path} was made new in that step, so there is no earlier version to go back to; nothing was written. If you don't want it, delete it from the working folder (conversation menu → Show folder).</source>
            <comment>planner.made_new</comment>
            <translation>{path} 是上一步新建的文件，没有更早的版本可以恢复；没有写入任何文件。如果不需要它，可以在工作文件夹中删除（对话菜单 → 显示文件夹）。</translation>
        </message>
        <message>
            <source>To undo the last change to {path} instead, say: *{request}*</source>
            <comment>planner.undo_other</comment>
            <translation>如果想撤销 {path} 的上一步修改，请说：*{request}*</translation>
        </message>
        <message>
            <source>{path} has no v{wanted} to go back to (versions: {have}; current v{current}). Nothing was written.</source>
            <comment>planner.no_version</comment>
            <translation>{path} 没有可恢复的 v{wanted}（现有版本：{have}，当前 v{current}）。没有写入任何文件。</translation>
        </message>
        <message>
            <source>The task ended, but its result could not be read.</source>
            <comment>planner.result_unreadable</comment>
            <translation>任务结束，但结果信息无法读取。</translation>
        </message>
        <message>
            <source>Nothing was written: {reason}</source>
            <comment>planner.failed_plain</comment>
            <translation>没有写入任何文件：{reason}</translation>
        </message>
        <message>
            <source>(none)</source>
            <comment>planner.none</comment>
            <translation>（无）</translation>
        </message>
        <message>
            <source>Nothing was written: {path} has no field named {names}. Its fields are: {fields}.</source>
            <comment>planner.no_field</comment>
            <translation>没有写入任何文件：{path} 中没有名为 {names} 的字段。它的字段有：{fields}。</translation>
        </message>
        <message>
            <source>Nothing was written: replacing text is not something I can do offline in a {kind} file. Connect a real model in Settings for this edit.</source>
            <comment>planner.xlsx_replace</comment>
            <translation>没有写入任何文件：离线模式无法替换 {kind} 文件中的文字。请在设置中连接模型后再试。</translation>
        </message>
        <message>
            <source>Nothing was done: I could not find a file or a command for this request.</source>
            <comment>planner.nothing_done</comment>
            <translation>没有执行任何操作：找不到这个请求所需的文件或命令。</translation>
        </message>
        <message>
            <source>Replaced "{find}" with "{replace}" in {path}.</source>
            <comment>planner.replaced_in</comment>
            <translation>已将 {path} 中的“{find}”改为“{replace}”。</translation>
        </message>
        <message numerus="yes">
            <source>Replaced "{find}" with "{replace}" in {path} (%n replacements).</source>
            <comment>planner.replaced_in.n</comment>
            <translation>
                <numerusform>已将 {path} 中的“{find}”改为“{replace}”（共 %n 处）。</numerusform>
            </translation>
        </message>
        <message>
            <source>Suggested replacing "{find}" with "{replace}" in {path} as tracked changes by Mira; accept or reject them in Word.</source>
            <comment>planner.suggested_in</comment>
            <translation>已在 {path} 中以修订（作者 Mira）建议将“{find}”改为“{replace}”，可在 Word 中接受或拒绝。</translation>
        </message>
        <message numerus="yes">
            <source>Suggested replacing "{find}" with "{replace}" in {path} (%n replacements) as tracked changes by Mira; accept or reject them in Word.</source>
            <comment>planner.suggested_in.n</comment>
            <translation>
                <numerusform>已在 {path} 中以修订（作者 Mira）建议将“{find}”改为“{replace}”（共 %n 处），可在 Word 中接受或拒绝。</numerusform>
            </translation>
        </message>
        <message>
            <source>Contents of {path}:

{text}</source>
            <comment>planner.contents</comment>
            <translation>{path} 的内容：

{text}</translation>
        </message>
        <message>
            <source>

**Page {page}**
</source>
            <comment>planner.page_heading</comment>
            <translation>

**第 {page} 页**
</translation>
        </message>
        <message>
            <source>Done: {path}.</source>
            <comment>planner.done_with</comment>
            <translation>已完成：{path}。</translation>
        </message>
        <message>
            <source>{path} was cut off after {count} characters</source>
            <comment>planner.cut_off</comment>
            <translation>{path} 超过 {count} 个字符的部分被截断</translation>
        </message>
        <message>
            <source>{path}: I cannot take text out of an office file offline</source>
            <comment>planner.office_text</comment>
            <translation>{path}：离线模式无法从 Office 文件中提取文字</translation>
        </message>
        <message>
            <source>Nothing was written: there was no content to build the file from (I only use text you give me: markdown, lists, tables, CSV or attached text files).</source>
            <comment>planner.no_content</comment>
            <translation>没有写入任何文件：没有可用来生成文件的内容（我只使用你提供的文字：Markdown、列表、表格、CSV 或附加的文本文件）。</translation>
        </message>
        <message>
            <source>Contents</source>
            <comment>planner.contents_title</comment>
            <translation>目录</translation>
        </message>
        <message>
            <source>Nothing was written: this content needs {count} slides and a deck holds at most {most}. Ask for a Word document or a workbook instead.</source>
            <comment>planner.too_many_slides</comment>
            <translation>没有写入任何文件：这些内容需要 {count} 张幻灯片，而一个演示文稿最多 {most} 张。请改为生成 Word 文档或工作簿。</translation>
        </message>
        <message>
            <source>Nothing was written: I found no table, CSV or list to put in a workbook.</source>
            <comment>planner.no_table</comment>
            <translation>没有写入任何文件：没有找到可以放进工作簿的表格、CSV 或列表。</translation>
        </message>
        <message>
            <source>Sheet{n}</source>
            <comment>planner.sheet_n</comment>
            <translation>工作表{n}</translation>
        </message>
        <message>
            <source>Item</source>
            <comment>planner.item</comment>
            <translation>项目</translation>
        </message>
        <message>
            <source>Document</source>
            <comment>planner.title.docx</comment>
            <translation>文档</translation>
        </message>
        <message>
            <source>Document</source>
            <comment>planner.title.pdf</comment>
            <translation>文档</translation>
        </message>
        <message>
            <source>Presentation</source>
            <comment>planner.title.pptx</comment>
            <translation>演示文稿</translation>
        </message>
        <message>
            <source>Workbook</source>
            <comment>planner.title.xlsx</comment>
            <translation>工作簿</translation>
        </message>
        <message>
            <source>Made from {source}: {what}.</source>
            <comment>planner.made_from</comment>
            <translation>根据{source}生成：{what}。</translation>
        </message>
        <message>
            <source>the text in your request</source>
            <comment>planner.your_request</comment>
            <translation>你在请求中提供的内容</translation>
        </message>
        <message>
            <source>{files}</source>
            <comment>planner.files_read</comment>
            <translation> {files} </translation>
        </message>
        <message>
            <source> Note: {problems}.</source>
            <comment>planner.note</comment>
            <translation> 注意：{problems}。</translation>
        </message>
        <message numerus="yes">
            <source>%n slides</source>
            <comment>planner.made.slides</comment>
            <translation>
                <numerusform>%n 张幻灯片</numerusform>
            </translation>
        </message>
        <message>
            <source>{sheets}, {rows}</source>
            <comment>planner.made.sheets</comment>
            <translation>{sheets}，{rows}</translation>
        </message>
        <message>
            <source>{sheets}, {rows} and a total row with =SUM formulas</source>
            <comment>planner.made.sheets_totals</comment>
            <translation>{sheets}，{rows}，另加使用 `=SUM` 公式的合计行</translation>
        </message>
        <message numerus="yes">
            <source>%n sheets</source>
            <comment>planner.count.sheets</comment>
            <translation>
                <numerusform>%n 个工作表</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n data rows</source>
            <comment>planner.count.data_rows</comment>
            <translation>
                <numerusform>%n 行数据</numerusform>
            </translation>
        </message>
        <message>
            <source>no content</source>
            <comment>planner.no_blocks</comment>
            <translation>没有内容</translation>
        </message>
        <message>
            <source>{path} has no form fields.</source>
            <comment>planner.no_form_fields</comment>
            <translation>{path} 没有表单字段。</translation>
        </message>
        <message numerus="yes">
            <source>{path} has %n form fields:
{lines}</source>
            <comment>planner.form_fields</comment>
            <translation>
                <numerusform>{path} 有 %n 个表单字段：
{lines}</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Filled %n fields in {path}: {shown}.</source>
            <comment>planner.filled</comment>
            <translation>
                <numerusform>已在 {path} 中填写 %n 个字段：{shown}。</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Replaced "{find}" with "{replace}" in {path}: %n text runs on {pages}, {font}.</source>
            <comment>planner.pdf_replaced</comment>
            <translation>
                <numerusform>已将 {path} 中的“{find}”改为“{replace}”：{pages}共 %n 处，{font}。</numerusform>
            </translation>
        </message>
        <message>
            <source>page {pages}</source>
            <comment>planner.on_page</comment>
            <translation>第 {pages} 页</translation>
        </message>
        <message>
            <source>pages {pages}</source>
            <comment>planner.on_pages</comment>
            <translation>第 {pages} 页</translation>
        </message>
        <message>
            <source>in the same font and size</source>
            <comment>planner.same_font</comment>
            <translation>字体和字号不变</translation>
        </message>
        <message>
            <source>in the same size, drawn in {fonts} (the PDF's own font holds only the characters it used)</source>
            <comment>planner.stand_in_font</comment>
            <translation>字号不变；该 PDF 自带的字体只包含原文用到的字，所以改用 {fonts} 显示</translation>
        </message>
        <message>
            <source>{path} is empty.</source>
            <comment>planner.empty_file</comment>
            <translation>{path} 是空文件。</translation>
        </message>
        <message>
            <source>{lines}, {words}</source>
            <comment>planner.text_size</comment>
            <translation>{lines}，{words}</translation>
        </message>
        <message numerus="yes">
            <source>%n lines</source>
            <comment>planner.count.lines</comment>
            <translation>
                <numerusform>%n 行</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n words</source>
            <comment>planner.count.words</comment>
            <translation>
                <numerusform>%n 个词</numerusform>
            </translation>
        </message>
        <message>
            <source>Headings: {headings}</source>
            <comment>planner.headings</comment>
            <translation>标题：{headings}</translation>
        </message>
        <message>
            <source>It begins:
{start}</source>
            <comment>planner.begins</comment>
            <translation>开头：
{start}</translation>
        </message>
        <message>
            <source> (cont.)</source>
            <comment>planner.cont</comment>
            <translation>（续）</translation>
        </message>
        <message>
            <source>Total</source>
            <comment>planner.total</comment>
            <translation>合计</translation>
        </message>
        <message>
            <source>Add slide…</source>
            <comment>action.add_slide</comment>
            <translation>添加幻灯片…</translation>
        </message>
        <message>
            <source>Change title…</source>
            <comment>action.set_title</comment>
            <translation>修改标题…</translation>
        </message>
        <message>
            <source>Replace text…</source>
            <comment>action.replace_text</comment>
            <translation>替换文字…</translation>
        </message>
        <message>
            <source>Add rows…</source>
            <comment>action.add_rows</comment>
            <translation>添加行…</translation>
        </message>
        <message>
            <source>Change a cell…</source>
            <comment>action.set_cells</comment>
            <translation>修改单元格…</translation>
        </message>
        <message>
            <source>Add a total row</source>
            <comment>action.add_total</comment>
            <translation>加一行合计</translation>
        </message>
        <message>
            <source>Add a column…</source>
            <comment>action.add_column</comment>
            <translation>加一列…</translation>
        </message>
        <message>
            <source>Add section…</source>
            <comment>action.add_section</comment>
            <translation>添加章节…</translation>
        </message>
        <message>
            <source>Export as PDF</source>
            <comment>action.export_pdf</comment>
            <translation>导出为 PDF</translation>
        </message>
        <message>
            <source>Undo</source>
            <comment>action.undo</comment>
            <translation>撤销</translation>
        </message>
        <message>
            <source>Recalculate</source>
            <comment>action.recalculate</comment>
            <translation>重新计算</translation>
        </message>
        <message>
            <source>Title</source>
            <comment>action.field.title</comment>
            <translation>标题</translation>
        </message>
        <message>
            <source>Bullet points (separated by commas)</source>
            <comment>action.field.bullets</comment>
            <translation>要点（用逗号分隔）</translation>
        </message>
        <message>
            <source>Find</source>
            <comment>action.field.find</comment>
            <translation>查找</translation>
        </message>
        <message>
            <source>Replace with</source>
            <comment>action.field.replace</comment>
            <translation>替换为</translation>
        </message>
        <message>
            <source>Rows (one a line, cells separated by commas)</source>
            <comment>action.field.rows</comment>
            <translation>行（每行一条，单元格用逗号分隔）</translation>
        </message>
        <message>
            <source>Cell (such as B3)</source>
            <comment>action.field.cell</comment>
            <translation>单元格（例如 B3）</translation>
        </message>
        <message>
            <source>New value (a number, text or =formula)</source>
            <comment>action.field.value</comment>
            <translation>新值（数字、文字或 =公式）</translation>
        </message>
        <message>
            <source>Text</source>
            <comment>action.field.text</comment>
            <translation>正文</translation>
        </message>
        <message>
            <source>Column header</source>
            <comment>action.field.header</comment>
            <translation>列标题</translation>
        </message>
        <message>
            <source>Values, one for each row (separated by commas)</source>
            <comment>action.field.values</comment>
            <translation>各行的值（用逗号分隔）</translation>
        </message>
        <message>
            <source>Send</source>
            <comment>action.send</comment>
            <translation>发送</translation>
        </message>
        <message>
            <source>Turn your own content into files: markdown headings, lists and tables, CSV data, or attached `.md`, `.csv` and `.txt` files become a **Word** document, a **PDF** or **PowerPoint** slides or an **Excel** workbook (with totals or a chart if you ask). Describe one in a sentence: *A memo titled Office Move with headings Timeline and Budget* or *Create a deck called Onboarding with slides Welcome, Tools and Contacts*.</source>
            <comment>help.create</comment>
            <translation>把你自己的内容做成文件：Markdown 标题、列表和表格、CSV 数据，或附加的 `.md`、`.csv`、`.txt` 文件，可以生成 **Word 文档**或**PDF**或**PowerPoint 幻灯片**或 **Excel 工作簿**（需要时可加合计行或图表）。也可以一句话描述：*写一份标题为搬家计划的备忘录，包含时间表和预算两个章节*或*做一个名为入职培训的演示文稿，幻灯片为欢迎、工具和联系人*。</translation>
        </message>
        <message>
            <source>Change text in a file: *In contract.docx, change every 2024 to 2025* (*suggest changes* marks them for review in Word), or *delete the paragraph that says Draft*.</source>
            <comment>help.edit</comment>
            <translation>修改文件中的文字：*把 contract.docx 中所有的 2024 改成 2025*（说“修订模式”则以修订标记供你在 Word 中审阅），或*删除包含“草稿”的那段*。</translation>
        </message>
        <message>
            <source>Change the title: *The title should be Weekend Plan*.</source>
            <comment>help.title</comment>
            <translation>修改标题：*把标题改成 周末计划*。</translation>
        </message>
        <message>
            <source>Add, remove or move slides: *append a slide titled Risks with bullets: Budget, Time* or *remove slide 3* or *move slide 4 to 2*; *swap slides 2 and 3*; *duplicate slide 2*; *notes for slide 1: welcome everyone*.</source>
            <comment>help.slides</comment>
            <translation>添加、删除或移动幻灯片：*加一张标题为风险的幻灯片，要点：预算、时间*或*删除第 3 张幻灯片*或*把第 4 张幻灯片移到第 2 张*；*把第 2 张和第 3 张互换*；*复制第 2 张幻灯片*；*给第 1 张幻灯片加备注：欢迎大家*。</translation>
        </message>
        <message>
            <source>Add, rename or delete a section of a document: *add a section called Costs with: Hotel 300, Food 120*, *rename the Term section to Duration*, *delete the Term section*.</source>
            <comment>help.section</comment>
            <translation>给文档添加、重命名或删除章节：*添加一节，标题是费用，内容：酒店 300，餐饮 120*、*把“期限”这一节改名为“合同期”*、*删掉“期限”这一节*。</translation>
        </message>
        <message>
            <source>Add a paragraph under a heading: *add a paragraph under Term: The notice period is 30 days.*</source>
            <comment>help.paragraph</comment>
            <translation>在标题下添加一段文字：*在“期限”下面加一段：通知期为 30 天。*</translation>
        </message>
        <message>
            <source>Change a workbook: *add a row: May, 1800, 1150*, *set B3 to 1200*, *add a column Margin: 300, 350, 240*, *add a total row*, *add a bar chart* or *rename sheet Sales to Revenue*.</source>
            <comment>help.rows</comment>
            <translation>修改工作簿：*添加一行：五月, 1800, 1150*、*把 B3 改成 1200*、*加一列利润：300, 350, 240*、*加一行合计*、*加一个柱状图*或*把工作表 销售 重命名为 收入*。</translation>
        </message>
        <message>
            <source>Export a document, deck or workbook as a PDF: *can I get that as a PDF?*</source>
            <comment>help.export</comment>
            <translation>把文档、演示文稿或工作簿导出为 PDF：*再导出一份 PDF*。</translation>
        </message>
        <message>
            <source>Go back: *undo that* or *restore v1*.</source>
            <comment>help.versions</comment>
            <translation>回到之前的版本：*撤销上一步*或*恢复到 v1*。</translation>
        </message>
        <message>
            <source>Fill in a PDF form: *Fill out form.pdf with Name: Grace Hopper and City: Arlington*.</source>
            <comment>help.fill</comment>
            <translation>填写 PDF 表单：*填写 form.pdf：姓名：张三，城市：北京*。</translation>
        </message>
        <message>
            <source>Work with PDF pages: *Combine a.pdf and b.pdf into one PDF* or *Extract page 2 from doc.pdf*, *delete page 3* or *rotate page 1*.</source>
            <comment>help.pdf_pages</comment>
            <translation>处理 PDF 页面：*把 a.pdf 和 b.pdf 合并成一个 PDF*或*提取 doc.pdf 的第 2 页*或*删除第 3 页*或*旋转第 1 页*。</translation>
        </message>
        <message>
            <source>Tell you what is in a file: *What's in notes.md?* or *How many sheets are in book.xlsx?*</source>
            <comment>help.inspect</comment>
            <translation>告诉你文件里有什么：*notes.md 里有什么？*或*book.xlsx 有几个工作表？*</translation>
        </message>
        <message>
            <source>Recalculate a workbook's formulas or check how a file looks: *Recalculate budget.xlsx*.</source>
            <comment>help.checks</comment>
            <translation>重算工作簿中的公式，或检查文件的显示效果：*重算 budget.xlsx*。</translation>
        </message>
        <message>
            <source>Word document</source>
            <comment>kind.docx</comment>
            <translation>Word 文档</translation>
        </message>
        <message>
            <source>PDF</source>
            <comment>kind.pdf</comment>
            <translation>PDF 文件</translation>
        </message>
        <message>
            <source>PowerPoint deck</source>
            <comment>kind.pptx</comment>
            <translation>PowerPoint 演示文稿</translation>
        </message>
        <message>
            <source>Excel workbook</source>
            <comment>kind.xlsx</comment>
            <translation>Excel 工作簿</translation>
        </message>
        <message>
            <source>Create {name}</source>
            <comment>write.create</comment>
            <translation>创建 {name}</translation>
        </message>
        <message>
            <source>Create {name} — {parts}</source>
            <comment>write.create.parts</comment>
            <translation>创建 {name}——{parts}</translation>
        </message>
        <message>
            <source>Replace {name} — {parts}</source>
            <comment>write.replace.parts</comment>
            <translation>替换 {name}——{parts}</translation>
        </message>
        <message>
            <source>Edit {name} — {parts}</source>
            <comment>write.edit</comment>
            <translation>修改 {name}——{parts}</translation>
        </message>
        <message>
            <source>Edit {name} into {output} — {parts}</source>
            <comment>write.edit.into</comment>
            <translation>修改 {name}，另存为 {output}——{parts}</translation>
        </message>
        <message>
            <source>Merge {parts} into {name}</source>
            <comment>write.merge</comment>
            <translation>把 {parts}合并为 {name}</translation>
        </message>
        <message>
            <source>Split {name} into separate files in {folder}</source>
            <comment>write.split</comment>
            <translation>把 {name} 拆分为多个文件，放在 {folder}</translation>
        </message>
        <message>
            <source>Recalculate the formulas in {name}</source>
            <comment>write.recalculate</comment>
            <translation>重新计算 {name} 中的公式</translation>
        </message>
        <message>
            <source>Export {name} as the PDF {output}</source>
            <comment>write.export</comment>
            <translation>把 {name} 导出为 PDF 文件 {output}</translation>
        </message>
        <message>
            <source>Restore {name} to version {version}</source>
            <comment>write.restore</comment>
            <translation>把 {name} 恢复到第 {version} 版</translation>
        </message>
        <message>
            <source>Restore an earlier version of {name}</source>
            <comment>write.restore.earlier</comment>
            <translation>恢复 {name} 的较早版本</translation>
        </message>
        <message>
            <source>Fill in the form {name} — {parts}</source>
            <comment>write.fill</comment>
            <translation>填写表单 {name}——{parts}</translation>
        </message>
        <message>
            <source>Replace “{find}” with “{replace}” in {name}</source>
            <comment>write.replace_text</comment>
            <translation>在 {name} 中把“{find}”替换为“{replace}”</translation>
        </message>
        <message>
            <source>Write {name}</source>
            <comment>write.other</comment>
            <translation>写入 {name}</translation>
        </message>
        <message numerus="yes">
            <source>… and %n more changes</source>
            <comment>approval.more_changes</comment>
            <translation>
                <numerusform>……另有 %n 处更改</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>All %n checks passed</source>
            <comment>check.verdict.passed</comment>
            <translation>
                <numerusform>%n 项检查全部通过</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{passed} of %n checks passed, {not_run} not run</source>
            <comment>check.verdict.partial</comment>
            <translation>
                <numerusform>%n 项检查中 {passed} 项通过，{not_run} 项未运行</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{failed} of %n checks failed</source>
            <comment>check.verdict.failed</comment>
            <translation>
                <numerusform>%n 项检查中 {failed} 项未通过</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>{failed} of %n checks failed, {not_run} not run</source>
            <comment>check.verdict.failed_not_run</comment>
            <translation>
                <numerusform>%n 项检查中 {failed} 项未通过，{not_run} 项未运行</numerusform>
            </translation>
        </message>
        <message>
            <source>No checks ran on this file</source>
            <comment>check.none</comment>
            <translation>这个文件没有运行任何检查</translation>
        </message>
        <message>
            <source>passed</source>
            <comment>check.passed</comment>
            <translation>通过</translation>
        </message>
        <message>
            <source>failed</source>
            <comment>check.failed</comment>
            <translation>未通过</translation>
        </message>
        <message>
            <source>not run</source>
            <comment>check.skipped</comment>
            <translation>未运行</translation>
        </message>
        <message>
            <source>The file opens</source>
            <comment>check.label.opens</comment>
            <translation>文件可以打开</translation>
        </message>
        <message>
            <source>LibreOffice renders the pages</source>
            <comment>check.label.render</comment>
            <translation>LibreOffice 能渲染页面</translation>
        </message>
        <message>
            <source>The cells hold the values</source>
            <comment>check.label.cells</comment>
            <translation>单元格内容正确</translation>
        </message>
        <message>
            <source>The form fields hold the values</source>
            <comment>check.label.fields_hold_the_values</comment>
            <translation>表单字段已填入这些值</translation>
        </message>
        <message>
            <source>The new text is there</source>
            <comment>check.label.new_text_present</comment>
            <translation>新文字已在文件中</translation>
        </message>
        <message>
            <source>The old text is gone</source>
            <comment>check.label.old_text_gone</comment>
            <translation>旧文字已不在文件中</translation>
        </message>
        <message>
            <source>The suggested changes are recorded for review</source>
            <comment>check.label.suggestions_recorded</comment>
            <translation>建议的修改已作为修订记录</translation>
        </message>
        <message>
            <source>No page is blank</source>
            <comment>check.label.pages_not_blank</comment>
            <translation>没有空白页</translation>
        </message>
        <message>
            <source>Every page kept its content</source>
            <comment>check.label.pages_kept</comment>
            <translation>每一页的内容都保留了</translation>
        </message>
        <message>
            <source>The pages are turned as asked</source>
            <comment>check.label.pages_turned</comment>
            <translation>页面已按要求旋转</translation>
        </message>
        <message>
            <source>Page {page} is not blank</source>
            <comment>check.label.page_not_blank</comment>
            <translation>第 {page} 页不是空白页</translation>
        </message>
        <message>
            <source>All headings are there</source>
            <comment>check.label.headings_present</comment>
            <translation>所有标题都在</translation>
        </message>
        <message>
            <source>The text is there</source>
            <comment>check.label.text_present</comment>
            <translation>文字都在</translation>
        </message>
        <message>
            <source>The slide titles are there</source>
            <comment>check.label.titles_present</comment>
            <translation>幻灯片标题都在</translation>
        </message>
        <message>
            <source>The replaced text is gone</source>
            <comment>check.label.text_removed</comment>
            <translation>被替换的文字已不存在</translation>
        </message>
        <message>
            <source>The document title is set</source>
            <comment>check.label.title</comment>
            <translation>文档标题已设置</translation>
        </message>
        <message>
            <source>The page count is right</source>
            <comment>check.label.pages_count</comment>
            <translation>页数正确</translation>
        </message>
        <message>
            <source>The tables are there</source>
            <comment>check.label.tables_found</comment>
            <translation>表格都在</translation>
        </message>
        <message>
            <source>The images are there</source>
            <comment>check.label.images_count</comment>
            <translation>图片都在</translation>
        </message>
        <message>
            <source>The table count is right</source>
            <comment>check.label.tables_count</comment>
            <translation>表格数量正确</translation>
        </message>
        <message>
            <source>The list count is right</source>
            <comment>check.label.lists_count</comment>
            <translation>列表数量正确</translation>
        </message>
        <message>
            <source>The paragraph count is right</source>
            <comment>check.label.paragraphs_count</comment>
            <translation>段落数量正确</translation>
        </message>
        <message>
            <source>The fonts are embedded</source>
            <comment>check.label.fonts_embedded</comment>
            <translation>字体已嵌入</translation>
        </message>
        <message>
            <source>Chinese text has a Chinese font</source>
            <comment>check.label.east_asian_font</comment>
            <translation>中文文字使用了中文字体</translation>
        </message>
        <message>
            <source>The deck has slides</source>
            <comment>check.label.has_slides</comment>
            <translation>演示文稿包含幻灯片</translation>
        </message>
        <message>
            <source>The slide count is right</source>
            <comment>check.label.slide_count</comment>
            <translation>幻灯片数量正确</translation>
        </message>
        <message>
            <source>The pictures are there</source>
            <comment>check.label.pictures_present</comment>
            <translation>图片都在</translation>
        </message>
        <message>
            <source>The pictures can be read</source>
            <comment>check.label.pictures_readable</comment>
            <translation>图片可以读取</translation>
        </message>
        <message>
            <source>No slide is empty</source>
            <comment>check.label.no_empty_slides</comment>
            <translation>没有空白幻灯片</translation>
        </message>
        <message>
            <source>The change left no slide empty</source>
            <comment>check.label.no_slide_emptied</comment>
            <translation>这次修改没有让任何幻灯片变空</translation>
        </message>
        <message>
            <source>The cells hold the requested values</source>
            <comment>check.label.content_matches_spec</comment>
            <translation>单元格包含要求的值</translation>
        </message>
        <message>
            <source>No formula shows an error</source>
            <comment>check.label.no_formula_errors</comment>
            <translation>没有公式显示错误</translation>
        </message>
        <message>
            <source>The change made no formula error</source>
            <comment>check.label.no_new_formula_errors</comment>
            <translation>这次修改没有产生公式错误</translation>
        </message>
        <message>
            <source>The workbook has sheets</source>
            <comment>check.label.has_sheets</comment>
            <translation>工作簿包含工作表</translation>
        </message>
        <message>
            <source>All sheets are there</source>
            <comment>check.label.sheets_present</comment>
            <translation>所有工作表都在</translation>
        </message>
        <message>
            <source>Check “{name}”</source>
            <comment>check.label.other</comment>
            <translation>检查“{name}”</translation>
        </message>
        <message>
            <source>expected {expected}, found {found}</source>
            <comment>check.detail.expected</comment>
            <translation>应为 {expected}，实际为 {found}</translation>
        </message>
        <message>
            <source>The pages were not drawn: {reason}</source>
            <comment>check.detail.not_rendered</comment>
            <translation>页面没有绘制出来：{reason}</translation>
        </message>
        <message>
            <source>These formulas have no value yet: {cells}. Their values appear when the file is opened in a spreadsheet program, or now with Recalculate (or ask to recalculate it).</source>
            <comment>check.detail.not_calculated</comment>
            <translation>这些公式还没有计算结果：{cells}。在电子表格程序中打开文件时会显示结果，也可以现在点“重新计算”（或让我重新计算）。</translation>
        </message>
        <message numerus="yes">
            <source>{missing} of %n formulas have no value yet; their values appear when the file is opened in a spreadsheet program, or now with Recalculate (or ask to recalculate it).</source>
            <comment>check.detail.formulas_uncached</comment>
            <translation>
                <numerusform>%n 个公式中有 {missing} 个还没有计算结果；在电子表格程序中打开文件时会显示结果，也可以现在点“重新计算”（或让我重新计算）。</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n cells show an error: {cells}</source>
            <comment>check.detail.formula_errors</comment>
            <translation>
                <numerusform>%n 个单元格显示错误：{cells}</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n cells showed these errors before the change too: {cells}</source>
            <comment>check.detail.formula_errors_before</comment>
            <translation>
                <numerusform>%n 个单元格在修改前就显示这些错误：{cells}</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n cells hold other values than the ones written: {cells}</source>
            <comment>check.detail.cells_differ</comment>
            <translation>
                <numerusform>%n 个单元格的值与写入的不同：{cells}</numerusform>
            </translation>
        </message>
        <message>
            <source>{cell} = {got} ≠ {want}</source>
            <comment>check.detail.cell_holds</comment>
            <translation>{cell} = {got} ≠ {want}</translation>
        </message>
        <message>
            <source>(empty)</source>
            <comment>check.value_empty</comment>
            <translation>（空）</translation>
        </message>
        <message numerus="yes">
            <source>All %n cells hold what was written</source>
            <comment>check.detail.cells_as_expected</comment>
            <translation>
                <numerusform>全部 %n 个单元格都是写入的值</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Slides {slides} show nothing</source>
            <comment>check.detail.empty_slides</comment>
            <translation>
                <numerusform>第 {slides} 张幻灯片上什么也没有</numerusform>
            </translation>
        </message>
        <message>
            <source>Every slide shows something</source>
            <comment>check.detail.no_empty_slides</comment>
            <translation>每张幻灯片都有内容</translation>
        </message>
        <message numerus="yes">
            <source>Slides {slides} were empty before this change too</source>
            <comment>check.detail.empty_before</comment>
            <translation>
                <numerusform>第 {slides} 张幻灯片在修改前就是空的</numerusform>
            </translation>
        </message>
        <message>
            <source>LibreOffice is not installed, so this could not run</source>
            <comment>soffice.missing</comment>
            <translation>没有安装 LibreOffice，因此无法执行</translation>
        </message>
        <message>
            <source>LibreOffice did not finish converting {name} within {seconds} s</source>
            <comment>soffice.timeout</comment>
            <translation>LibreOffice 没有在 {seconds} 秒内完成 {name} 的转换</translation>
        </message>
        <message>
            <source>LibreOffice could not convert {name}</source>
            <comment>soffice.failed</comment>
            <translation>LibreOffice 无法转换 {name}</translation>
        </message>
        <message>
            <source>{name} could not be opened: the file is corrupt or truncated, or not really a {kind} file.</source>
            <comment>problem.corrupt</comment>
            <translation>无法打开 {name}：文件已损坏或不完整，或者并不是真正的 {kind} 文件。</translation>
        </message>
        <message>
            <source>{name} is protected with a password, so it cannot be read.</source>
            <comment>problem.encrypted</comment>
            <translation>{name} 受密码保护，无法读取。</translation>
        </message>
        <message>
            <source>{name} is protected with a password or saved in an old Office format. Save it without a password as {kind} and try again.</source>
            <comment>problem.encrypted_or_old</comment>
            <translation>{name} 受密码保护，或者是旧版 Office 格式。请去掉密码另存为 {kind} 后再试。</translation>
        </message>
        <message>
            <source>{name} is empty.</source>
            <comment>problem.empty</comment>
            <translation>{name} 是空文件。</translation>
        </message>
        <message>
            <source>{name} is protected with a password. Type it in the preview to open it.</source>
            <comment>problem.needs_password</comment>
            <translation>{name} 受密码保护。请在预览中输入密码来打开它。</translation>
        </message>
        <message>
            <source>The password does not open {name}.</source>
            <comment>problem.wrong_password</comment>
            <translation>这个密码打不开 {name}。</translation>
        </message>
        <message>
            <source>{name} is too large to edit safely here. Look inside it, or split it first.</source>
            <comment>problem.too_large_to_edit</comment>
            <translation>{name} 太大，无法在这里安全地编辑。可以先查看它，或先把它拆分。</translation>
        </message>
        <message>
            <source>Editing {name} would lose parts Mira cannot keep, so nothing was written. Make a new workbook instead.</source>
            <comment>problem.would_lose</comment>
            <translation>编辑 {name} 会丢失 Mira 无法保留的部分，所以没有写入任何内容。请改为新建一个工作簿。</translation>
        </message>
        <message>
            <source>A worksheet of {name} cannot be read.</source>
            <comment>problem.sheet_unreadable</comment>
            <translation>{name} 中有一个工作表无法读取。</translation>
        </message>
        <message>
            <source>Reading {name} took longer than {seconds} s; the file is too large or damaged.</source>
            <comment>problem.too_slow</comment>
            <translation>读取 {name} 超过了 {seconds} 秒；文件太大或已损坏。</translation>
        </message>
        <message>
            <source>The reader crashed on {name}; the file is damaged or hostile.</source>
            <comment>problem.crashed</comment>
            <translation>读取 {name} 时读取程序崩溃了；文件已损坏或可能有害。</translation>
        </message>
        <message>
            <source>Reading {name} needs more than {limit} of memory; the file is too large or damaged.</source>
            <comment>problem.too_much_memory</comment>
            <translation>读取 {name} 需要超过 {limit} 的内存；文件太大或已损坏。</translation>
        </message>
        <message>
            <source>{name} cannot be read.</source>
            <comment>problem.unreadable</comment>
            <translation>无法读取 {name}。</translation>
        </message>
        <message>
            <source>That failed, so no file was changed: {reason}</source>
            <comment>problem.failed</comment>
            <translation>操作失败，没有修改任何文件：{reason}</translation>
        </message>
        <message>
            <source>That failed, so no file was changed.</source>
            <comment>problem.failed.plain</comment>
            <translation>操作失败，没有修改任何文件。</translation>
        </message>
        <message>
            <source>The change was written; Undo brings back the version before it.</source>
            <comment>problem.written_failed</comment>
            <translation>修改已写入；撤销可以恢复修改之前的版本。</translation>
        </message>
        <message>
            <source>I could not read that file.</source>
            <comment>problem.read.plain</comment>
            <translation>无法读取这个文件。</translation>
        </message>
        <message>
            <source>{name} is too large to open here ({size}; the limit is {limit}).</source>
            <comment>problem.too_large</comment>
            <translation>{name} 太大，无法在这里打开（{size}；上限为 {limit}）。</translation>
        </message>
        <message>
            <source>The workbook holds a text longer than {limit} characters, far more than a cell can hold, so it was not read.</source>
            <comment>problem.string_too_long</comment>
            <translation>该工作簿含有一段超过 {limit} 个字符的文本，远超单元格能容纳的长度，因此没有读取。</translation>
        </message>
        <message>
            <source>{name} is not in the workspace.</source>
            <comment>problem.missing</comment>
            <translation>{name} 不在工作区中。</translation>
        </message>
        <message>
            <source>{name} has no form field named {missing}, so nothing was filled. Its fields are: {fields}.</source>
            <comment>problem.no_field</comment>
            <translation>{name} 没有名为 {missing} 的表单字段，所以什么也没有填写。它的字段有：{fields}。</translation>
        </message>
        <message>
            <source>{name} has no form field named {missing} (did you mean “{close}”?), so nothing was filled. Its fields are: {fields}.</source>
            <comment>problem.no_field.hint</comment>
            <translation>{name} 没有名为 {missing} 的表单字段（是不是“{close}”？），所以什么也没有填写。它的字段有：{fields}。</translation>
        </message>
        <message>
            <source>Holds {parts}</source>
            <comment>outline.holds</comment>
            <translation>包含 {parts}</translation>
        </message>
        <message>
            <source>**{name}** — {parts}</source>
            <comment>outline.summary</comment>
            <translation>**{name}** — {parts}</translation>
        </message>
        <message>
            <source>It contains macros; they were not run (the file was opened read-only).</source>
            <comment>outline.macros</comment>
            <translation>其中含有宏；宏没有运行（文件以只读方式打开）。</translation>
        </message>
        <message>
            <source>{name}: unsupported file type “{suffix}” (DOCX, PDF, PPTX or XLSX; also DOCM, DOTX, PPTM, POTX, XLSM and XLTX, read-only)</source>
            <comment>inspect.unsupported</comment>
            <translation>{name}：不支持的文件类型“{suffix}”（支持 DOCX、PDF、PPTX 和 XLSX；DOCM、DOTX、PPTM、POTX、XLSM 和 XLTX 只读打开）</translation>
        </message>
        <message>
            <source>{path}: file not found</source>
            <comment>inspect.not_found</comment>
            <translation>{path}：找不到文件</translation>
        </message>
        <message>
            <source>{name} is encrypted and needs a password: give it with `--password`.</source>
            <comment>inspect.needs_password</comment>
            <translation>{name} 已加密，需要密码：请用 `--password` 提供。</translation>
        </message>
        <message>
            <source>{name}: the file is too large to inspect</source>
            <comment>inspect.too_large</comment>
            <translation>{name}：文件太大，无法查看</translation>
        </message>
        <message>
            <source>{name}: the file cannot be read ({error})</source>
            <comment>inspect.unreadable</comment>
            <translation>{name}：无法读取该文件（{error}）</translation>
        </message>
        <message>
            <source>Title: {title}</source>
            <comment>outline.doc_title</comment>
            <translation>标题：{title}</translation>
        </message>
        <message>
            <source>Outline</source>
            <comment>outline.headings</comment>
            <translation>大纲</translation>
        </message>
        <message>
            <source>The document has no headings.</source>
            <comment>outline.no_headings</comment>
            <translation>文档没有标题。</translation>
        </message>
        <message numerus="yes">
            <source>… %n more headings not shown</source>
            <comment>outline.more_headings</comment>
            <translation>
                <numerusform>……另有 %n 个标题未显示</numerusform>
            </translation>
        </message>
        <message>
            <source>Tables</source>
            <comment>outline.tables</comment>
            <translation>表格</translation>
        </message>
        <message numerus="yes">
            <source>Tables {first}–{last} of {total}; %n more not shown</source>
            <comment>outline.tables_partial</comment>
            <translation>
                <numerusform>表格 {first}–{last}（共 {total} 个）；另有 %n 个未显示</numerusform>
            </translation>
        </message>
        <message>
            <source>{size}: {header}</source>
            <comment>outline.table</comment>
            <translation>{size}：{header}</translation>
        </message>
        <message>
            <source>{rows} × {cols}</source>
            <comment>outline.table_size</comment>
            <translation>{rows} × {cols}</translation>
        </message>
        <message numerus="yes">
            <source>%n columns</source>
            <comment>count.columns</comment>
            <translation>
                <numerusform>%n 列</numerusform>
            </translation>
        </message>
        <message>
            <source>Slides</source>
            <comment>outline.slides</comment>
            <translation>幻灯片</translation>
        </message>
        <message>
            <source>(no title)</source>
            <comment>outline.untitled</comment>
            <translation>（无标题）</translation>
        </message>
        <message numerus="yes">
            <source>… %n more slides not shown</source>
            <comment>outline.more_slides</comment>
            <translation>
                <numerusform>……另有 %n 张幻灯片未显示</numerusform>
            </translation>
        </message>
        <message>
            <source>Sheets</source>
            <comment>outline.sheets</comment>
            <translation>工作表</translation>
        </message>
        <message>
            <source>{name}: {size} — {header}</source>
            <comment>outline.sheet</comment>
            <translation>{name}：{size}——{header}</translation>
        </message>
        <message numerus="yes">
            <source>… %n more sheets not shown</source>
            <comment>outline.more_sheets</comment>
            <translation>
                <numerusform>……另有 %n 个工作表未显示</numerusform>
            </translation>
        </message>
        <message>
            <source>First page</source>
            <comment>outline.first_page</comment>
            <translation>第一页</translation>
        </message>
        <message>
            <source>It begins</source>
            <comment>outline.begins</comment>
            <translation>开头</translation>
        </message>
        <message>
            <source>Page size: {size}</source>
            <comment>outline.page_size</comment>
            <translation>页面尺寸：{size}</translation>
        </message>
        <message>
            <source>Page sizes: {sizes}</source>
            <comment>outline.page_sizes</comment>
            <translation>页面尺寸：{sizes}</translation>
        </message>
        <message>
            <source>{size} ({pages})</source>
            <comment>outline.size_pages</comment>
            <translation>{size}（{pages}）</translation>
        </message>
        <message>
            <source>{paper} {orientation}</source>
            <comment>outline.paper</comment>
            <translation>{paper} {orientation}</translation>
        </message>
        <message>
            <source>portrait</source>
            <comment>outline.portrait</comment>
            <translation>纵向</translation>
        </message>
        <message>
            <source>landscape</source>
            <comment>outline.landscape</comment>
            <translation>横向</translation>
        </message>
        <message>
            <source>{width} × {height} pt</source>
            <comment>outline.points</comment>
            <translation>{width} × {height} 磅</translation>
        </message>
        <message numerus="yes">
            <source>%n formulas have no calculated values saved in the file; Excel and LibreOffice calculate them when they open it.</source>
            <comment>outline.uncalculated</comment>
            <translation>
                <numerusform>%n 个公式在文件中没有保存计算结果；Excel 和 LibreOffice 打开文件时会计算。</numerusform>
            </translation>
        </message>
        <message>
            <source>Pages that cannot be read: {pages}</source>
            <comment>outline.broken_pages</comment>
            <translation>无法读取的页面：{pages}</translation>
        </message>
        <message>
            <source>This would fail: {name} exists and the call does not replace it</source>
            <comment>summary.will_fail_exists</comment>
            <translation>这一步会失败：{name} 已存在，而这次调用不会替换它</translation>
        </message>
        <message>
            <source>Create {name}: {parts}</source>
            <comment>summary.create</comment>
            <translation>创建 {name}：{parts}</translation>
        </message>
        <message>
            <source>Replace {name}: {parts}</source>
            <comment>summary.replace</comment>
            <translation>替换 {name}：{parts}</translation>
        </message>
        <message>
            <source>Create {name}</source>
            <comment>summary.create.empty</comment>
            <translation>创建 {name}</translation>
        </message>
        <message>
            <source>Replace {name}</source>
            <comment>summary.replace.empty</comment>
            <translation>替换 {name}</translation>
        </message>
        <message>
            <source>Edit {name} in place: {operations}, {changed}</source>
            <comment>summary.edit</comment>
            <translation>直接修改 {name}：{operations}，{changed}</translation>
        </message>
        <message>
            <source>Edit {name} into {output}: {operations}, {changed}</source>
            <comment>summary.edit.into</comment>
            <translation>修改 {name} 并另存为 {output}：{operations}，{changed}</translation>
        </message>
        <message>
            <source>Edit {name} in place: {operations}</source>
            <comment>summary.edit.short</comment>
            <translation>直接修改 {name}：{operations}</translation>
        </message>
        <message>
            <source>Edit {name} into {output}: {operations}</source>
            <comment>summary.edit.short.into</comment>
            <translation>修改 {name} 并另存为 {output}：{operations}</translation>
        </message>
        <message>
            <source>Suggest changes in {name} for review (author Mira): {suggestions}, {comments}</source>
            <comment>summary.suggest</comment>
            <translation>在 {name} 中以修订方式提出修改供审阅（作者 Mira）：{suggestions}，{comments}</translation>
        </message>
        <message>
            <source>Suggest changes in {name}, saved as {output}, for review (author Mira): {suggestions}, {comments}</source>
            <comment>summary.suggest.into</comment>
            <translation>在 {name} 中以修订方式提出修改并另存为 {output} 供审阅（作者 Mira）：{suggestions}，{comments}</translation>
        </message>
        <message>
            <source>Restore {name} to version {version}</source>
            <comment>summary.restore</comment>
            <translation>把 {name} 恢复到第 {version} 版</translation>
        </message>
        <message>
            <source>Restore {name} to an earlier version</source>
            <comment>summary.restore.earlier</comment>
            <translation>把 {name} 恢复到较早的版本</translation>
        </message>
        <message>
            <source>Export {name} as the PDF {output}</source>
            <comment>summary.export</comment>
            <translation>把 {name} 导出为 PDF 文件 {output}</translation>
        </message>
        <message>
            <source>Create {name} by merging {files}, {pages}</source>
            <comment>summary.merge.create</comment>
            <translation>合并 {files}（{pages}）生成 {name}</translation>
        </message>
        <message>
            <source>Replace {name} by merging {files}, {pages}</source>
            <comment>summary.merge.replace</comment>
            <translation>合并 {files}（{pages}）替换 {name}</translation>
        </message>
        <message>
            <source>Split {name} into {files} in {folder}</source>
            <comment>summary.split</comment>
            <translation>把 {name} 拆分为 {files}，保存在 {folder}</translation>
        </message>
        <message>
            <source>Copy {pages} of {name} into {output}, each page as it is</source>
            <comment>summary.pages.extract</comment>
            <translation>把 {name} 的{pages}原样复制到 {output}</translation>
        </message>
        <message>
            <source>Delete {pages} from {name}</source>
            <comment>summary.pages.delete</comment>
            <translation>从 {name} 删除{pages}</translation>
        </message>
        <message>
            <source>Delete {pages} from {name}, saved as {output}</source>
            <comment>summary.pages.delete.into</comment>
            <translation>从 {name} 删除{pages}，另存为 {output}</translation>
        </message>
        <message>
            <source>Turn {pages} of {name} by {angle}°</source>
            <comment>summary.pages.rotate</comment>
            <translation>把 {name} 的{pages}旋转 {angle}°</translation>
        </message>
        <message>
            <source>Turn {pages} of {name} by {angle}°, saved as {output}</source>
            <comment>summary.pages.rotate.into</comment>
            <translation>把 {name} 的{pages}旋转 {angle}°，另存为 {output}</translation>
        </message>
        <message>
            <source>Put the {pages} of {name} in a new order</source>
            <comment>summary.pages.reorder</comment>
            <translation>重新排列 {name} 的{pages}</translation>
        </message>
        <message>
            <source>Put the {pages} of {name} in a new order, saved as {output}</source>
            <comment>summary.pages.reorder.into</comment>
            <translation>重新排列 {name} 的{pages}，另存为 {output}</translation>
        </message>
        <message>
            <source>Fill {fields} in {name}</source>
            <comment>summary.fill</comment>
            <translation>在 {name} 中填写 {fields}</translation>
        </message>
        <message>
            <source>Fill {fields} in {name}, saved as {output}</source>
            <comment>summary.fill.into</comment>
            <translation>在 {name} 中填写 {fields}，另存为 {output}</translation>
        </message>
        <message>
            <source>Replace {occurrences} of “{find}” with “{replace}” in {name}</source>
            <comment>summary.pdf_replace</comment>
            <translation>在 {name} 中把“{find}”替换为“{replace}”，共 {occurrences}</translation>
        </message>
        <message>
            <source>Replace {occurrences} of “{find}” with “{replace}” in {name}, saved as {output}</source>
            <comment>summary.pdf_replace.into</comment>
            <translation>在 {name} 中把“{find}”替换为“{replace}”，共 {occurrences}，另存为 {output}</translation>
        </message>
        <message>
            <source>{summary} (in {font}: the PDF's own font holds only the characters it used, so the changed lines look a little different)</source>
            <comment>summary.pdf_replace.other_font</comment>
            <translation>{summary}（使用 {font}：该 PDF 自带的字体只包含原文用到的字，所以改动的行看起来会略有不同）</translation>
        </message>
        <message>
            <source>Recalculate the formulas in {name} with LibreOffice and save the computed values</source>
            <comment>summary.recalculate</comment>
            <translation>用 LibreOffice 重新计算 {name} 中的公式并保存计算结果</translation>
        </message>
        <message>
            <source>Recalculate the formulas in {name} with LibreOffice and save them as {output}</source>
            <comment>summary.recalculate.into</comment>
            <translation>用 LibreOffice 重新计算 {name} 中的公式，另存为 {output}</translation>
        </message>
        <message>
            <source>This call cannot run: {error}</source>
            <comment>summary.cannot_run</comment>
            <translation>这次调用无法执行：{error}</translation>
        </message>
        <message>
            <source>Writes {name}</source>
            <comment>summary.writes</comment>
            <translation>写入 {name}</translation>
        </message>
        <message>
            <source>Writes a file</source>
            <comment>summary.writes.unnamed</comment>
            <translation>写入一个文件</translation>
        </message>
        <message>
            <source>Uses {files}</source>
            <comment>summary.uses</comment>
            <translation>使用 {files}</translation>
        </message>
        <message numerus="yes">
            <source>Uses {files} and %n more files</source>
            <comment>summary.uses.more</comment>
            <translation>
                <numerusform>使用 {files} 以及另外 %n 个文件</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n paragraphs changed</source>
            <comment>count.paragraphs_changed</comment>
            <translation>
                <numerusform>%n 个段落有改动</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n tracked replacements</source>
            <comment>count.suggestions</comment>
            <translation>
                <numerusform>%n 处修订替换</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n comments</source>
            <comment>count.comments</comment>
            <translation>
                <numerusform>%n 条批注</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n form fields</source>
            <comment>count.fields</comment>
            <translation>
                <numerusform>%n 个表单字段</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n occurrences</source>
            <comment>count.occurrences</comment>
            <translation>
                <numerusform>%n 处</numerusform>
            </translation>
        </message>
        <message>
            <source>Slide {number}: {title}</source>
            <comment>change.slide</comment>
            <translation>第 {number} 张幻灯片：{title}</translation>
        </message>
        <message>
            <source>Copied as slide {number}: {title}</source>
            <comment>change.slide.copied</comment>
            <translation>复制为第 {number} 张幻灯片：{title}</translation>
        </message>
        <message numerus="yes">
            <source>Sheet {name}: %n rows</source>
            <comment>change.sheet</comment>
            <translation>
                <numerusform>工作表 {name}：%n 行</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>Sheet {name}: %n rows; columns {columns}</source>
            <comment>change.sheet.columns</comment>
            <translation>
                <numerusform>工作表 {name}：%n 行；列 {columns}</numerusform>
            </translation>
        </message>
        <message>
            <source>Bar chart “{title}” of {series}</source>
            <comment>change.chart.bar</comment>
            <translation>条形图“{title}”：{series}</translation>
        </message>
        <message>
            <source>Column chart “{title}” of {series}</source>
            <comment>change.chart.column</comment>
            <translation>柱形图“{title}”：{series}</translation>
        </message>
        <message>
            <source>Line chart “{title}” of {series}</source>
            <comment>change.chart.line</comment>
            <translation>折线图“{title}”：{series}</translation>
        </message>
        <message>
            <source>Pie chart “{title}” of {series}</source>
            <comment>change.chart.pie</comment>
            <translation>饼图“{title}”：{series}</translation>
        </message>
        <message>
            <source>{cell}: (empty)</source>
            <comment>change.cell_empty</comment>
            <translation>{cell}：（空）</translation>
        </message>
        <message>
            <source>Chart “{title}” at {cell}</source>
            <comment>change.chart_at</comment>
            <translation>图表“{title}”，位于 {cell}</translation>
        </message>
        <message>
            <source>Chart at {cell}</source>
            <comment>change.chart_at.untitled</comment>
            <translation>图表，位于 {cell}</translation>
        </message>
        <message>
            <source>Totals row “{label}”: {columns}</source>
            <comment>change.totals</comment>
            <translation>合计行“{label}”：{columns}</translation>
        </message>
        <message>
            <source>Pages {first}–{last}</source>
            <comment>change.pages</comment>
            <translation>第 {first}–{last} 页</translation>
        </message>
        <message>
            <source>The new rows go above the totals row, which moves to row {row}</source>
            <comment>change.rows_above_totals</comment>
            <translation>新行插在合计行上方，合计行移到第 {row} 行</translation>
        </message>
        <message>
            <source>These now include the new rows: {parts}</source>
            <comment>change.rows_covered</comment>
            <translation>以下内容现在包含新行：{parts}</translation>
        </message>
        <message>
            <source>Page {page}</source>
            <comment>change.page</comment>
            <translation>第 {page} 页</translation>
        </message>
        <message>
            <source>Page {page} of {output}</source>
            <comment>change.page.copied</comment>
            <translation>{output} 的第 {page} 页</translation>
        </message>
        <message>
            <source>Removed</source>
            <comment>change.page.deleted</comment>
            <translation>已删除</translation>
        </message>
        <message>
            <source>Turned {angle}°</source>
            <comment>change.page.rotated</comment>
            <translation>已旋转 {angle}°</translation>
        </message>
        <message>
            <source>Now page {page}</source>
            <comment>change.page.moved</comment>
            <translation>现在是第 {page} 页</translation>
        </message>
        <message>
            <source>Page {page}: …{text}…</source>
            <comment>change.page.text</comment>
            <translation>第 {page} 页：…{text}…</translation>
        </message>
        <message>
            <source>Page {page}: …{text}… (drawn in {font})</source>
            <comment>change.page.text.font</comment>
            <translation>第 {page} 页：…{text}…（改用 {font} 显示）</translation>
        </message>
        <message numerus="yes">
            <source>%n formulas, {cached} with stored results</source>
            <comment>change.formulas.before</comment>
            <translation>
                <numerusform>%n 个公式，其中 {cached} 个有保存的结果</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>%n formulas recalculated by LibreOffice</source>
            <comment>change.formulas.after</comment>
            <translation>
                <numerusform>LibreOffice 重新计算了 %n 个公式</numerusform>
            </translation>
        </message>
        <message>
            <source>(the existing file cannot be read)</source>
            <comment>change.unreadable</comment>
            <translation>（现有文件无法读取）</translation>
        </message>
        <message>
            <source>Slide {number}</source>
            <comment>change.slide.plain</comment>
            <translation>第 {number} 张幻灯片</translation>
        </message>
        <message>
            <source>Title of slide {number}: {text}</source>
            <comment>change.slide.title</comment>
            <translation>第 {number} 张幻灯片的标题：{text}</translation>
        </message>
        <message>
            <source>Title of slide {number}: (none)</source>
            <comment>change.slide.no_title</comment>
            <translation>第 {number} 张幻灯片的标题：（无）</translation>
        </message>
        <message>
            <source>Slide {number}: {items}</source>
            <comment>change.slide.bullets</comment>
            <translation>第 {number} 张幻灯片：{items}</translation>
        </message>
        <message>
            <source>Notes of slide {number}: {text}</source>
            <comment>change.slide.notes</comment>
            <translation>第 {number} 张幻灯片的备注：{text}</translation>
        </message>
        <message>
            <source>Notes of slide {number}: (none)</source>
            <comment>change.slide.no_notes</comment>
            <translation>第 {number} 张幻灯片的备注：（无）</translation>
        </message>
        <message>
            <source>(removed)</source>
            <comment>change.removed</comment>
            <translation>（已删除）</translation>
        </message>
        <message>
            <source>Table: {cells}</source>
            <comment>change.table</comment>
            <translation>表格：{cells}</translation>
        </message>
        <message>
            <source>Picture</source>
            <comment>change.picture</comment>
            <translation>图片</translation>
        </message>
        <message>
            <source>suggested: {text}</source>
            <comment>change.suggested</comment>
            <translation>修订建议：{text}</translation>
        </message>
        <message>
            <source>comment on “{anchor}”: {comment}</source>
            <comment>change.comment</comment>
            <translation>对“{anchor}”的批注：{comment}</translation>
        </message>
        <message numerus="yes">
            <source>(removed; %n formulas in other sheets refer to it and will show #REF!)</source>
            <comment>change.removed.refs</comment>
            <translation>
                <numerusform>（已删除；其他工作表中有 %n 个公式引用它，将显示 #REF!）</numerusform>
            </translation>
        </message>
        <message>
            <source>Sheet {name}: rows {first}–{last} added (first: {sample})</source>
            <comment>change.rows_added</comment>
            <translation>工作表 {name}：新增第 {first}–{last} 行（第一行：{sample}）</translation>
        </message>
        <message>
            <source>Sheet {name}: row {row} added ({sample})</source>
            <comment>change.row_added</comment>
            <translation>工作表 {name}：新增第 {row} 行（{sample}）</translation>
        </message>
        <message>
            <source>A {kind} chart of {series} on sheet {sheet}, rows {first}–{last}</source>
            <comment>change.chart_added</comment>
            <translation>{series}的{kind}图（工作表“{sheet}”，第 {first}–{last} 行）</translation>
        </message>
        <message>
            <source>bar</source>
            <comment>chart.kind.bar</comment>
            <translation>柱状</translation>
        </message>
        <message>
            <source>line</source>
            <comment>chart.kind.line</comment>
            <translation>折线</translation>
        </message>
        <message>
            <source>pie</source>
            <comment>chart.kind.pie</comment>
            <translation>饼</translation>
        </message>
        <message numerus="yes">
            <source>New sheet {name}: %n rows</source>
            <comment>change.new_sheet</comment>
            <translation>
                <numerusform>新工作表 {name}：%n 行</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>New sheet {name}: a header and %n rows</source>
            <comment>change.new_sheet.header</comment>
            <translation>
                <numerusform>新工作表 {name}：表头和 %n 行</numerusform>
            </translation>
        </message>
        <message>
            <source>Sheet {name}</source>
            <comment>change.sheet.name</comment>
            <translation>工作表 {name}</translation>
        </message>
        <message numerus="yes">
            <source>Sheet {name} (%n formulas updated)</source>
            <comment>change.sheet.renamed</comment>
            <translation>
                <numerusform>工作表 {name}（已更新 %n 个公式）</numerusform>
            </translation>
        </message>
        <message>
            <source>{where}: missing YAML frontmatter (the file must start with '---')</source>
            <comment>error.catalog.missing_yaml_frontmatter_file</comment>
            <translation>{where}：缺少 YAML 前言（文件必须以 '---' 开头）</translation>
        </message>
        <message>
            <source>{where}: the frontmatter is not closed with '---'</source>
            <comment>error.catalog.frontmatter_closed</comment>
            <translation>{where}：前言没有以 '---' 结束</translation>
        </message>
        <message>
            <source>{where}: the frontmatter must be a mapping</source>
            <comment>error.catalog.frontmatter_mapping</comment>
            <translation>{where}：前言必须是映射</translation>
        </message>
        <message>
            <source>{rel}: a registered skill must be a SKILL.md inside the skills package</source>
            <comment>error.catalog.registered_skill_skill_md</comment>
            <translation>{rel}：已登记的技能必须是技能包内的 SKILL.md</translation>
        </message>
        <message>
            <source>{where}: missing field(s) {missing}</source>
            <comment>error.catalog.missing_field_s</comment>
            <translation>{where}：缺少字段 {missing}</translation>
        </message>
        <message>
            <source>{where}: unknown field(s) {unknown}</source>
            <comment>error.catalog.unknown_field_s</comment>
            <translation>{where}：未知字段 {unknown}</translation>
        </message>
        <message>
            <source>{where}: id {sid} must be lowercase letters, digits and '-'</source>
            <comment>error.catalog.id_lowercase_letters_digits</comment>
            <translation>{where}：`id` {sid} 只能包含小写字母、数字和 '-'</translation>
        </message>
        <message>
            <source>{where}: unknown category {category} (one of {categories})</source>
            <comment>error.catalog.unknown_category_one</comment>
            <translation>{where}：未知类别 {category}（可选：{categories}）</translation>
        </message>
        <message>
            <source>{where}: contract_version must be a positive integer</source>
            <comment>error.catalog.contract_version_positive_integer</comment>
            <translation>{where}：`contract_version` 必须是正整数</translation>
        </message>
        <message>
            <source>{where}: the body is empty</source>
            <comment>error.catalog.body_empty</comment>
            <translation>{where}：正文为空</translation>
        </message>
        <message>
            <source>{where}: the body has {length} characters; the limit is {max_body_chars} (~5,000 tokens)</source>
            <comment>error.catalog.body_characters_limit_tokens</comment>
            <translation>{where}：正文有 {length} 个字符，上限为 {max_body_chars}（约 5,000 个词元）</translation>
        </message>
        <message>
            <source>{registry}: 'skills' must be a list of paths</source>
            <comment>error.catalog.skills_list_paths</comment>
            <translation>{registry}：`skills` 必须是路径列表</translation>
        </message>
        <message>
            <source>{registry}: 'flows' must be a list of paths</source>
            <comment>error.catalog.flows_list_paths</comment>
            <translation>{registry}：`flows` 必须是路径列表</translation>
        </message>
        <message>
            <source>{registry}: the descriptions total {total} characters; the limit is {max_descriptions_chars}</source>
            <comment>error.catalog.descriptions_total_characters_limit</comment>
            <translation>{registry}：描述共 {total} 个字符，上限为 {max_descriptions_chars}</translation>
        </message>
        <message>
            <source>unknown skill {skill_id}; known: {entries}</source>
            <comment>error.catalog.unknown_skill_known</comment>
            <translation>未知技能 {skill_id}；已知的有：{entries}</translation>
        </message>
        <message>
            <source>{path}: the skill body differs from the catalog (hash mismatch); refusing to load it — rebuild with `python -m skills build`</source>
            <comment>error.catalog.skill_body_differs_from</comment>
            <translation>{path}：技能正文与目录不一致（哈希不符），拒绝加载——请用 `python -m skills build` 重新生成</translation>
        </message>
        <message>
            <source>{where}: invalid YAML frontmatter ({exc})</source>
            <comment>error.catalog.invalid_yaml_frontmatter</comment>
            <translation>{where}：YAML 前言无效（{exc}）</translation>
        </message>
        <message>
            <source>{rel}: cannot read the skill file ({strerror})</source>
            <comment>error.catalog.read_skill_file</comment>
            <translation>{rel}：无法读取技能文件（{strerror}）</translation>
        </message>
        <message>
            <source>{rel}: the skill file is not valid UTF-8</source>
            <comment>error.catalog.skill_file_valid_utf</comment>
            <translation>{rel}：技能文件不是有效的 UTF-8</translation>
        </message>
        <message>
            <source>{where}: {key} must be text</source>
            <comment>error.catalog.text</comment>
            <translation>{where}：{key} 必须是文本</translation>
        </message>
        <message>
            <source>{where}: a router skill is instruction-only (no commands, no execution)</source>
            <comment>error.catalog.router_skill_instruction_commands</comment>
            <translation>{where}：路由技能只有说明（没有命令，也没有执行配置）</translation>
        </message>
        <message>
            <source>{where}: commands must be a non-empty list of command names</source>
            <comment>error.catalog.commands_non_empty_list</comment>
            <translation>{where}：`commands` 必须是非空的命令名列表</translation>
        </message>
        <message>
            <source>{where}: execution must be a mapping with a profile</source>
            <comment>error.catalog.execution_mapping_profile</comment>
            <translation>{where}：`execution` 必须是包含 `profile` 的映射</translation>
        </message>
        <message>
            <source>{where}: a command is listed twice</source>
            <comment>error.catalog.command_listed_twice</comment>
            <translation>{where}：有命令列出了两次</translation>
        </message>
        <message>
            <source>{where}: command(s) with no implementation: {unimplemented}</source>
            <comment>error.catalog.command_s_implementation</comment>
            <translation>{where}：这些命令没有实现：{unimplemented}</translation>
        </message>
        <message>
            <source>{registry}: cannot read the skill registry ({exc})</source>
            <comment>error.catalog.read_skill_registry</comment>
            <translation>{registry}：无法读取技能登记表（{exc}）</translation>
        </message>
        <message>
            <source>{registry}: cannot read the flow list ({exc})</source>
            <comment>error.catalog.read_flow_list</comment>
            <translation>{registry}：无法读取流程列表（{exc}）</translation>
        </message>
        <message>
            <source>{rel}: a registered flow must be a .yaml or .json file in skills/flows</source>
            <comment>error.catalog.registered_flow_yaml_json</comment>
            <translation>{rel}：已登记的流程必须是 `skills/flows` 中的 `.yaml` 或 `.json` 文件</translation>
        </message>
        <message>
            <source>{rel}: duplicate flow id {id_value} (also in {flows})</source>
            <comment>error.catalog.duplicate_flow_id_also</comment>
            <translation>{rel}：流程 `id` {id_value} 重复（也在 {flows} 中）</translation>
        </message>
        <message>
            <source>{rel}: duplicate skill id {id_value} (also in {seen})</source>
            <comment>error.catalog.duplicate_skill_id_also</comment>
            <translation>{rel}：技能 `id` {id_value} 重复（也在 {seen} 中）</translation>
        </message>
        <message>
            <source>{name}: the skill catalog is missing or damaged ({exc}); run `python -m skills build`</source>
            <comment>error.catalog.skill_catalog_missing_damaged</comment>
            <translation>{name}：技能目录缺失或已损坏（{exc}）；请运行 `python -m skills build`</translation>
        </message>
        <message>
            <source>{rel}: cannot read the flow ({exc})</source>
            <comment>error.catalog.read_flow</comment>
            <translation>{rel}：无法读取流程（{exc}）</translation>
        </message>
        <message>
            <source>{rel}: {exc}</source>
            <comment>error.catalog.failed</comment>
            <translation>{rel}：{exc}</translation>
        </message>
        <message>
            <source>{where}: a flow is a mapping with an id, a version and steps</source>
            <comment>error.flow.flow_mapping_id_version</comment>
            <translation>{where}：流程是包含 `id`、`version` 和 `steps` 的映射</translation>
        </message>
        <message>
            <source>flow {flow_id}: version must be a positive integer</source>
            <comment>error.flow.flow_version_positive_integer</comment>
            <translation>流程 {flow_id}：`version` 必须是正整数</translation>
        </message>
        <message>
            <source>flow {flow_id}: steps must be a non-empty list</source>
            <comment>error.flow.flow_steps_non_empty</comment>
            <translation>流程 {flow_id}：`steps` 必须是非空列表</translation>
        </message>
        <message>
            <source>flow {flow_id}: no step runs the protected step {missing}</source>
            <comment>error.flow.flow_step_runs_protected</comment>
            <translation>流程 {flow_id}：没有步骤运行受保护的步骤 {missing}</translation>
        </message>
        <message>
            <source>{where}: not valid YAML ({exc})</source>
            <comment>error.flow.valid_yaml</comment>
            <translation>{where}：不是有效的 YAML（{exc}）</translation>
        </message>
        <message>
            <source>flow {flow_id}: every step is a mapping with an id</source>
            <comment>error.flow.flow_every_step_mapping</comment>
            <translation>流程 {flow_id}：每个步骤都必须是带 `id` 的映射</translation>
        </message>
        <message>
            <source>flow {flow_id}, step {sid}: the id is used twice</source>
            <comment>error.flow.flow_step_id_used</comment>
            <translation>流程 {flow_id}，步骤 {sid}：`id` 用了两次</translation>
        </message>
        <message>
            <source>flow {flow_id}, step {sid}: processor {processor} is not registered (registered: {processors})</source>
            <comment>error.flow.flow_step_processor_registered</comment>
            <translation>流程 {flow_id}，步骤 {sid}：处理器 {processor} 未登记（已登记：{processors}）</translation>
        </message>
        <message>
            <source>flow {flow_id}, step {sid}: after must be a list of step ids</source>
            <comment>error.flow.flow_step_after_list</comment>
            <translation>流程 {flow_id}，步骤 {sid}：`after` 必须是步骤 `id` 列表</translation>
        </message>
        <message>
            <source>flow {flow_id}, step {stuck}: its dependencies form a loop</source>
            <comment>error.flow.flow_step_dependencies_form</comment>
            <translation>流程 {flow_id}，步骤 {stuck}：它的依赖形成了循环</translation>
        </message>
        <message>
            <source>flow {flow_id}, step {sid}: processor {processor} already runs in step {used}</source>
            <comment>error.flow.flow_step_processor_already</comment>
            <translation>流程 {flow_id}，步骤 {sid}：处理器 {processor} 已在步骤 {used} 中运行</translation>
        </message>
        <message>
            <source>{name}: cannot read the flow ({exc})</source>
            <comment>error.flow.read_flow</comment>
            <translation>{name}：无法读取流程（{exc}）</translation>
        </message>
        <message>
            <source>flow {flow_id}, step {id_value}: comes after unknown step {dep}</source>
            <comment>error.flow.flow_step_comes_after</comment>
            <translation>流程 {flow_id}，步骤 {id_value}：排在未知步骤 {dep} 之后</translation>
        </message>
        <message>
            <source>flow {flow_id}, step {sid}: {processor} is reached without {processor2} first (path {path}); the protected step {processor2} is skipped</source>
            <comment>error.flow.flow_step_reached_without</comment>
            <translation>流程 {flow_id}，步骤 {sid}：未先经过 {processor2} 就到达 {processor}（路径 {path}）；受保护的步骤 {processor2} 被跳过</translation>
        </message>
        <message>
            <source>flow {flow_id}, step {sid}: the path {value} skips the protected step {processor}</source>
            <comment>error.flow.flow_step_path_skips</comment>
            <translation>流程 {flow_id}，步骤 {sid}：路径 {value} 跳过了受保护的步骤 {processor}</translation>
        </message>
        <message>
            <source>unknown command {name}</source>
            <comment>error.base.unknown_command</comment>
            <translation>未知命令 {name}</translation>
        </message>
        <message>
            <source>{field}: {rel} must end with {suffix}</source>
            <comment>error.common.end</comment>
            <translation>{field}：{rel} 必须以 {suffix} 结尾</translation>
        </message>
        <message>
            <source>{field}: {rel} is not a file</source>
            <comment>error.common.file</comment>
            <translation>{field}：{rel} 不是文件</translation>
        </message>
        <message>
            <source>{field}: {rel} already exists; set "overwrite": true to replace it or choose another name</source>
            <comment>error.common.already_exists_set_overwrite</comment>
            <translation>{field}：{rel} 已存在；设置 `"overwrite": true` 可替换它，或换一个名称</translation>
        </message>
        <message>
            <source>{field}: {rel} is a folder, not a file</source>
            <comment>error.common.folder_file</comment>
            <translation>{field}：{rel} 是文件夹，不是文件</translation>
        </message>
        <message>
            <source>{field}: {exc}</source>
            <comment>error.common.failed</comment>
            <translation>{field}：{exc}</translation>
        </message>
        <message>
            <source>{value}: {message}</source>
            <comment>error.pptx_xlsx_common.failed</comment>
            <translation>{value}：{message}</translation>
        </message>
        <message>
            <source>arguments must be a JSON object</source>
            <comment>error.pptx_xlsx_common.arguments_json_object</comment>
            <translation>参数必须是 JSON 对象</translation>
        </message>
        <message>
            <source>{field}: {rel} must end with {shown}</source>
            <comment>error.pptx_xlsx_common.end</comment>
            <translation>{field}：{rel} 必须以 {shown} 结尾</translation>
        </message>
        <message>
            <source>{value}: expected {kinds}, got {type}</source>
            <comment>error.pptx_xlsx_common.expected_got</comment>
            <translation>{value}：应为 {kinds}，实际是 {type}</translation>
        </message>
        <message>
            <source>{field}: {exc}</source>
            <comment>error.pptx_xlsx_common.output</comment>
            <translation>{field}：{exc}</translation>
        </message>
        <message>
            <source>{where}: {value} is not one of {allowed}</source>
            <comment>error.pptx_xlsx_common.one</comment>
            <translation>{where}：{value} 不在可选值 {allowed} 之中</translation>
        </message>
        <message>
            <source>{command}: invalid argument {where}: {reason}</source>
            <comment>error.validate.invalid_argument</comment>
            <translation>{command}：参数 {where} 无效：{reason}</translation>
        </message>
        <message>
            <source>{command}: arguments must be a JSON object</source>
            <comment>error.validate.arguments_json_object</comment>
            <translation>{command}：参数必须是 JSON 对象</translation>
        </message>
        <message>
            <source>{where}: {rel} is not a file</source>
            <comment>error.blocks.file</comment>
            <translation>{where}：{rel} 不是文件</translation>
        </message>
        <message>
            <source>{where}: image {rel} is empty or larger than {max_image_bytes} MB</source>
            <comment>error.blocks.image_empty_larger_mb</comment>
            <translation>{where}：图片 {rel} 为空或大于 {max_image_bytes} MB</translation>
        </message>
        <message>
            <source>{where}: image {rel} claims {w}x{h} pixels; refusing absurd dimensions</source>
            <comment>error.blocks.image_claims_x_pixels</comment>
            <translation>{where}：图片 {rel} 声称有 {w}x{h} 像素；拒绝这种不合理的尺寸</translation>
        </message>
        <message>
            <source>{where}[{i}]: a paragraph needs exactly one of 'text' or 'runs'</source>
            <comment>error.blocks.paragraph_needs_exactly_one</comment>
            <translation>{where}[{i}]：段落需要 `text` 或 `runs` 中的恰好一个</translation>
        </message>
        <message>
            <source>{where}: {exc}</source>
            <comment>error.blocks.failed</comment>
            <translation>{where}：{exc}</translation>
        </message>
        <message>
            <source>{where}: {rel} is not a readable PNG, JPEG, GIF, BMP or TIFF image ({type})</source>
            <comment>error.blocks.readable_png_jpeg_gif</comment>
            <translation>{where}：{rel} 不是可读的 PNG、JPEG、GIF、BMP 或 TIFF 图片（{type}）</translation>
        </message>
        <message>
            <source>{where}[{i}].rows[{r}] has {length} cells; the header has {width}</source>
            <comment>error.blocks.rows_cells_header</comment>
            <translation>{where}[{i}]`.rows[{r}]` 有 {length} 个单元格；表头有 {width} 个</translation>
        </message>
        <message>
            <source>{field}: {name} contains macros; Mira never writes macros into a file. Save it as a .docx or .dotx without macros and try again</source>
            <comment>error.docx_template.template_contains_macros_mira</comment>
            <translation>{field}：{name} 含有宏；Mira 从不向文件写入宏。请将它另存为不含宏的 `.docx` 或 `.dotx` 后重试</translation>
        </message>
        <message>
            <source>{field}: {name} is corrupt or not a Word document ({type})</source>
            <comment>error.docx_template.template_corrupt_word_document</comment>
            <translation>{field}：{name} 已损坏或不是 Word 文档（{type}）</translation>
        </message>
        <message>
            <source>{where}: {anchor} was not found; nothing was changed</source>
            <comment>error.docx_track.was_found_nothing_was</comment>
            <translation>{where}：没有找到 {anchor}；未做任何更改</translation>
        </message>
        <message>
            <source>{where}: {find} runs through a tab, break or field; it cannot be marked as a suggestion, so nothing was changed</source>
            <comment>error.docx_track.runs_through_tab_break</comment>
            <translation>{where}：{find} 跨越了制表符、分隔符或域，无法标记为修订建议，因此未做任何更改</translation>
        </message>
        <message>
            <source>{field}: {out_rel} is a folder</source>
            <comment>error.docx_cmds.output_folder</comment>
            <translation>{field}：{out_rel} 是文件夹</translation>
        </message>
        <message>
            <source>{where}: {find} was not found; nothing was changed</source>
            <comment>error.docx_edit.was_found_nothing_was</comment>
            <translation>{where}：没有找到 {find}；未做任何更改</translation>
        </message>
        <message>
            <source>{where}: unknown operation</source>
            <comment>error.docx_edit.unknown_operation</comment>
            <translation>{where}：未知操作</translation>
        </message>
        <message>
            <source>{where}: no paragraph contains {text}; nothing was changed</source>
            <comment>error.docx_edit.paragraph_contains_nothing_was</comment>
            <translation>{where}：没有段落包含 {text}；未做任何更改</translation>
        </message>
        <message>
            <source>{name}: the file is corrupt or not a Word document ({type})</source>
            <comment>error.docx_read.file_corrupt_word_document</comment>
            <translation>{name}：文件已损坏或不是 Word 文档（{type}）</translation>
        </message>
        <message>
            <source>{rel}: only .docx, .pdf, .pptx and .xlsx files have versions here</source>
            <comment>error.folder_cmds.docx_pdf_pptx_xlsx</comment>
            <translation>{rel}：这里只有 `.docx`、`.pdf`、`.pptx` 和 `.xlsx` 文件有版本</translation>
        </message>
        <message>
            <source>cannot restore {rel}: the kept copy of {label} is missing</source>
            <comment>error.folder_cmds.restore_kept_copy_missing</comment>
            <translation>无法恢复 {rel}：{label} 的保留副本缺失</translation>
        </message>
        <message>
            <source>{src} is already a PDF</source>
            <comment>error.folder_cmds.already_pdf</comment>
            <translation>{src} 已经是 PDF</translation>
        </message>
        <message>
            <source>{field}: {out} must end in .pdf</source>
            <comment>error.folder_cmds.output_end_pdf</comment>
            <translation>{field}：{out} 必须以 `.pdf` 结尾</translation>
        </message>
        <message>
            <source>cannot restore {rel}: {exc}</source>
            <comment>error.folder_cmds.restore</comment>
            <translation>无法恢复 {rel}：{exc}</translation>
        </message>
        <message>
            <source>{name}: office_read reads .docx, .pptx, .xlsx and .pdf files</source>
            <comment>error.office_read.office_read_reads_docx</comment>
            <translation>{name}：`office_read` 只读取 `.docx`、`.pptx`、`.xlsx` 和 `.pdf` 文件</translation>
        </message>
        <message>
            <source>{name}: the file is corrupt or not an Excel workbook ({type})</source>
            <comment>error.office_read.file_corrupt_excel_workbook</comment>
            <translation>{name}：文件已损坏或不是 Excel 工作簿（{type}）</translation>
        </message>
        <message>
            <source>{field}: {exc}</source>
            <comment>error.office_read.path</comment>
            <translation>{field}：{exc}</translation>
        </message>
        <message>
            <source>{where}: {r} is not like '3' or '1-4'</source>
            <comment>error.pdf_cmds.ranges_like</comment>
            <translation>{where}：{r} 的格式应类似 '3' 或 '1-4'</translation>
        </message>
        <message>
            <source>{where}: {r} is outside pages 1-{pages} or reversed</source>
            <comment>error.pdf_cmds.ranges_outside_pages_reversed</comment>
            <translation>{where}：{r} 超出第 1-{pages} 页或顺序颠倒</translation>
        </message>
        <message>
            <source>{where}: {value} is not one of the choices {choices}; nothing was changed</source>
            <comment>error.pdf_edit.one_choices_nothing_was</comment>
            <translation>{where}：{value} 不是可选项 {choices} 之一；未做任何更改</translation>
        </message>
        <message>
            <source>{where}: a {field_type_string} field cannot be filled; nothing was changed</source>
            <comment>error.pdf_edit.field_filled_nothing_was</comment>
            <translation>{where}：{field_type_string} 字段无法填写；未做任何更改</translation>
        </message>
        <message>
            <source>{field}[{i}]: {item} is not a page number or a range like '2-5'</source>
            <comment>error.pdf_page_ops.page_number_range_like</comment>
            <translation>{field}[{i}]：{item} 不是页码，也不是类似 '2-5' 的范围</translation>
        </message>
        <message>
            <source>{field}[{i}]: {item} is outside pages 1–{total} or reversed</source>
            <comment>error.pdf_page_ops.outside_pages_reversed</comment>
            <translation>{field}[{i}]：{item} 超出第 1–{total} 页或顺序颠倒</translation>
        </message>
        <message>
            <source>{field}: deleting every page of {path} would leave an empty PDF; nothing was changed</source>
            <comment>error.pdf_page_ops.pages_deleting_every_page</comment>
            <translation>{field}：删除 {path} 的所有页面会得到空 PDF；未做任何更改</translation>
        </message>
        <message>
            <source>{name}: there is no page {index}</source>
            <comment>error.pdf_pages.there_page</comment>
            <translation>{name}：没有第 {index} 页</translation>
        </message>
        <message>
            <source>page {index} cannot be read (it has no size)</source>
            <comment>error.pdf_pages.page_read_size</comment>
            <translation>第 {index} 页无法读取（没有尺寸）</translation>
        </message>
        <message>
            <source>{name}: the PDF has no pages (corrupt or truncated)</source>
            <comment>error.pdf_read.pdf_pages_corrupt_truncated</comment>
            <translation>{name}：PDF 没有页面（已损坏或被截断）</translation>
        </message>
        <message>
            <source>{name}: the PDF has {pages} pages; the limit is {max_pages}</source>
            <comment>error.pdf_read.pdf_pages_limit</comment>
            <translation>{name}：PDF 有 {pages} 页，上限为 {max_pages}</translation>
        </message>
        <message>
            <source>{name}: the PDF is corrupt or truncated (no readable page content)</source>
            <comment>error.pdf_read.pdf_corrupt_truncated_readable</comment>
            <translation>{name}：PDF 已损坏或被截断（没有可读的页面内容）</translation>
        </message>
        <message>
            <source>{field}: {bad} out of range (the PDF has {n_value} pages)</source>
            <comment>error.pdf_read.pages_out_range_pdf</comment>
            <translation>{field}：{bad} 超出范围（PDF 共 {n_value} 页）</translation>
        </message>
        <message>
            <source>{name}: the PDF claims an impossible number of pages; the limit is {max_pages}</source>
            <comment>error.pdf_read.pdf_claims_impossible_number</comment>
            <translation>{name}：PDF 声称的页数不可能成立；上限为 {max_pages}</translation>
        </message>
        <message>
            <source>page {index} cannot be read ({value})</source>
            <comment>error.pdf_read.page_read</comment>
            <translation>第 {index} 页无法读取（{value}）</translation>
        </message>
        <message>
            <source>page {number} cannot be read ({value})</source>
            <comment>error.pdf_read.page_read_2</comment>
            <translation>第 {number} 页无法读取（{value}）</translation>
        </message>
        <message>
            <source>page {number}: the font {name} cannot be matched (it is not embedded in a usable form and is no standard PDF font); nothing was changed</source>
            <comment>error.pdf_text.page_font_matched_embedded</comment>
            <translation>第 {number} 页：无法匹配字体 {name}（它没有以可用形式嵌入，也不是标准 PDF 字体）；未做任何更改</translation>
        </message>
        <message>
            <source>{find} is not in the PDF as text (it may be drawn as shapes or be part of an image); nothing was changed</source>
            <comment>error.pdf_text.pdf_text_may_drawn</comment>
            <translation>PDF 中没有文本 {find}（它可能是绘制的图形或图片的一部分）；未做任何更改</translation>
        </message>
        <message>
            <source>page {number}: no font here can show {missing} (the PDF's own font does not have them); nothing was changed</source>
            <comment>error.pdf_text.page_font_here_show</comment>
            <translation>第 {number} 页：这里没有字体能显示 {missing}（PDF 自带的字体不含这些字符）；未做任何更改</translation>
        </message>
        <message>
            <source>page {number}: {find} is not in one line of text; nothing was changed</source>
            <comment>error.pdf_text.page_one_line_text</comment>
            <translation>第 {number} 页：{find} 不在同一行文本中；未做任何更改</translation>
        </message>
        <message>
            <source>page {number}: {find} runs across text in different fonts or styles; it cannot be replaced faithfully; nothing was changed</source>
            <comment>error.pdf_text.page_runs_across_text</comment>
            <translation>第 {number} 页：{find} 跨越了不同字体或样式的文本，无法如实替换；未做任何更改</translation>
        </message>
        <message>
            <source>page {number}: {find} is in rotated text; nothing was changed</source>
            <comment>error.pdf_text.page_rotated_text_nothing</comment>
            <translation>第 {number} 页：{find} 位于旋转的文本中；未做任何更改</translation>
        </message>
        <message>
            <source>page {number}: the new text is longer than the room before the next text on the line; nothing was changed</source>
            <comment>error.pdf_text.page_new_text_longer</comment>
            <translation>第 {number} 页：新文本比该行下一段文本之前的空间更长；未做任何更改</translation>
        </message>
        <message>
            <source>{field}: {rel} is not a PNG, JPEG, GIF, BMP or TIFF image</source>
            <comment>error.pptx_build.image_png_jpeg_gif</comment>
            <translation>{field}：{rel} 不是 PNG、JPEG、GIF、BMP 或 TIFF 图片</translation>
        </message>
        <message>
            <source>{field}: {exc}</source>
            <comment>error.pptx_build.image</comment>
            <translation>{field}：{exc}</translation>
        </message>
        <message>
            <source>{field}: {rel} claims more than {max_image_pixels} pixels; refusing it</source>
            <comment>error.pptx_build.image_claims_more_pixels</comment>
            <translation>{field}：{rel} 声称超过 {max_image_pixels} 像素；拒绝使用</translation>
        </message>
        <message>
            <source>{field}: {rel} cannot be read as an image ({exc})</source>
            <comment>error.pptx_build.image_read_image</comment>
            <translation>{field}：{rel} 无法作为图片读取（{exc}）</translation>
        </message>
        <message>
            <source>{field}: {rel} is {w}x{h} pixels; the limit is {max_image_pixels} pixels</source>
            <comment>error.pptx_build.image_x_pixels_limit</comment>
            <translation>{field}：{rel} 为 {w}x{h} 像素，上限为 {max_image_pixels} 像素</translation>
        </message>
        <message>
            <source>{where} has {length} values for {length2} categories</source>
            <comment>error.pptx_chart.series_values_categories</comment>
            <translation>{where} 有 {length} 个值，但有 {length2} 个类别</translation>
        </message>
        <message>
            <source>the deck has no slide layout with a title placeholder to build a slide on</source>
            <comment>error.pptx_deck.deck_slide_layout_title</comment>
            <translation>演示文稿没有带标题占位符的版式，无法新建幻灯片</translation>
        </message>
        <message>
            <source>the deck's notes page has no place for speaker notes; leave the notes out or use another template</source>
            <comment>error.pptx_deck.notes_no_placeholder</comment>
            <translation>该演示文稿的备注页没有放置演讲者备注的位置；请去掉备注或换用其他模板</translation>
        </message>
        <message>
            <source>{where}: unknown op {kind}</source>
            <comment>error.pptx_edit.unknown_op</comment>
            <translation>{where}：未知操作 {kind}</translation>
        </message>
        <message>
            <source>{where}: slide {number} does not exist (the deck has {count} slides)</source>
            <comment>error.pptx_edit.slide_does_exist_deck</comment>
            <translation>{where}：幻灯片 {number} 不存在（演示文稿共 {count} 张幻灯片）</translation>
        </message>
        <message>
            <source>{where}: {find} was not found on {scope}; nothing was changed</source>
            <comment>error.pptx_edit.was_found_nothing_was</comment>
            <translation>{where}：在{scope}上没有找到 {find}；未做任何更改</translation>
        </message>
        <message>
            <source>{where}: at={at} is outside 1..{count}</source>
            <comment>error.pptx_edit.outside</comment>
            <translation>{where}：`at={at}` 超出 1..{count}</translation>
        </message>
        <message>
            <source>{where}: slide {n_value} has no title placeholder</source>
            <comment>error.pptx_edit.slide_title_placeholder</comment>
            <translation>{where}：幻灯片 {n_value} 没有标题占位符</translation>
        </message>
        <message>
            <source>{where}: slide {n_value} has no bullet (body) placeholder; use replace_text or add a bullets slide</source>
            <comment>error.pptx_edit.slide_bullet_body_placeholder</comment>
            <translation>{where}：幻灯片 {n_value} 没有项目符号（正文）占位符；请使用 `replace_text` 或添加一张项目符号幻灯片</translation>
        </message>
        <message>
            <source>{where}: {length} bullets do not fit on one slide; split them over several slides with add_slide</source>
            <comment>error.pptx_edit.bullets_do_fit_one</comment>
            <translation>{where}：{length} 个要点放不进一张幻灯片；请用 `add_slide` 分到几张幻灯片上</translation>
        </message>
        <message>
            <source>{where}: cannot remove the only slide of the deck</source>
            <comment>error.pptx_edit.remove_slide_deck</comment>
            <translation>{where}：无法删除演示文稿中唯一的幻灯片</translation>
        </message>
        <message>
            <source>{where}: to={to} is past the last slide ({length})</source>
            <comment>error.pptx_edit.past_last_slide</comment>
            <translation>{where}：`to={to}` 超过了最后一张幻灯片（{length}）</translation>
        </message>
        <message>
            <source>{where}.{exc}</source>
            <comment>error.pptx_cmds.slides</comment>
            <translation>{where}.{exc}</translation>
        </message>
        <message>
            <source>{name}: .{value} files are opened read-only (inspect and preview); save a copy as .{kind} to change it</source>
            <comment>error.safety.files_opened_read_inspect</comment>
            <translation>{name}：.{value} 文件以只读方式打开（查看和预览）；要修改它，请另存为 .{kind}</translation>
        </message>
        <message>
            <source>{name}: file not found</source>
            <comment>error.safety.file_found</comment>
            <translation>{name}：找不到文件</translation>
        </message>
        <message>
            <source>{name}: the file contains macros; Mira opens such files read-only (inspect and preview) and never writes macros into a file</source>
            <comment>error.safety.file_contains_macros_mira</comment>
            <translation>{name}：文件含有宏；Mira 以只读方式打开此类文件（查看和预览），并且从不向文件写入宏</translation>
        </message>
        <message>
            <source>{name}: the archive has {length} entries; refusing to open it</source>
            <comment>error.safety.archive_entries_refusing_open</comment>
            <translation>{name}：压缩包有 {length} 个条目；拒绝打开</translation>
        </message>
        <message>
            <source>{name}: not an Office Open XML file (no [Content_Types].xml)</source>
            <comment>error.safety.office_open_xml_file</comment>
            <translation>{name}：不是 `Office Open XML` 文件（没有 `[Content_Types].xml`）</translation>
        </message>
        <message>
            <source>{where} declares a DTD or entities (possible XML entity attack); refusing it</source>
            <comment>error.safety.declares_dtd_entities_possible</comment>
            <translation>{where} 声明了 DTD 或实体（可能是 XML 实体攻击）；拒绝处理</translation>
        </message>
        <message>
            <source>{where} has an abnormally long XML prolog; refusing it</source>
            <comment>error.safety.abnormally_long_xml_prolog</comment>
            <translation>{where} 的 XML 开头部分异常地长；拒绝处理</translation>
        </message>
        <message>
            <source>{name}: unsupported file type '.{kind}' (DOCX, PDF, PPTX, XLSX)</source>
            <comment>error.safety.unsupported_file_type_docx</comment>
            <translation>{name}：不支持的文件类型 '.{kind}'（支持 DOCX、PDF、PPTX、XLSX）</translation>
        </message>
        <message>
            <source>{name}: cannot read the archive ({exc})</source>
            <comment>error.safety.read_archive</comment>
            <translation>{name}：无法读取压缩包（{exc}）</translation>
        </message>
        <message>
            <source>{where}: part {filename} is corrupt or truncated</source>
            <comment>error.safety.part_corrupt_truncated</comment>
            <translation>{where}：部件 {filename} 已损坏或被截断</translation>
        </message>
        <message>
            <source>{name}: the archive expands to more than {max_total_uncompressed} MB (possible zip bomb)</source>
            <comment>error.safety.archive_expands_more_mb</comment>
            <translation>{name}：压缩包解压后超过 {max_total_uncompressed} MB（可能是压缩炸弹）</translation>
        </message>
        <message>
            <source>{sha256} is not a sha256 digest</source>
            <comment>error.versions.sha_digest</comment>
            <translation>{sha256} 不是 `sha256` 摘要</translation>
        </message>
        <message>
            <source>the kept copy {sha256} is damaged (its content no longer matches)</source>
            <comment>error.versions.kept_copy_damaged_content</comment>
            <translation>保留的副本 {sha256} 已损坏（内容与记录不再一致）</translation>
        </message>
        <message>
            <source>{name} changed while its version was being kept</source>
            <comment>error.versions.changed_while_version_was</comment>
            <translation>{name} 在保留版本时被改动了</translation>
        </message>
        <message>
            <source>the kept copy {sha256} is missing from {private_dir}/</source>
            <comment>error.versions.kept_copy_missing_from</comment>
            <translation>{private_dir}/ 中缺少保留的副本 {sha256}</translation>
        </message>
        <message>
            <source>no free name beside {target} to keep the new version</source>
            <comment>error.workspace.free_name_beside_keep</comment>
            <translation>{target} 旁边没有可用的名称来保留新版本</translation>
        </message>
        <message>
            <source>nothing was written for {rel}</source>
            <comment>error.workspace.nothing_was_written</comment>
            <translation>没有为 {rel} 写入任何内容</translation>
        </message>
        <message>
            <source>a workspace path must be a non-empty string</source>
            <comment>error.workspace.workspace_path_non_empty</comment>
            <translation>工作区路径必须是非空字符串</translation>
        </message>
        <message>
            <source>path {rel} contains a NUL byte</source>
            <comment>error.workspace.path_contains_nul_byte</comment>
            <translation>路径 {rel} 含有 NUL 字节</translation>
        </message>
        <message>
            <source>path {rel} is absolute; use a path inside the workspace</source>
            <comment>error.workspace.path_absolute_use_path</comment>
            <translation>路径 {rel} 是绝对路径；请使用工作区内的路径</translation>
        </message>
        <message>
            <source>path {rel} leaves the workspace ('..' is not allowed)</source>
            <comment>error.workspace.path_leaves_workspace_allowed</comment>
            <translation>路径 {rel} 离开了工作区（不允许使用 '..'）</translation>
        </message>
        <message>
            <source>path {rel} names the workspace itself, not a file</source>
            <comment>error.workspace.path_names_workspace_itself</comment>
            <translation>路径 {rel} 指向工作区本身，而不是文件</translation>
        </message>
        <message>
            <source>path {rel} is inside Mira's private version area; it cannot be used</source>
            <comment>error.workspace.path_inside_mira_s</comment>
            <translation>路径 {rel} 位于 Mira 的私有版本区，不能使用</translation>
        </message>
        <message>
            <source>path {rel} escapes the workspace through a symlink</source>
            <comment>error.workspace.path_escapes_workspace_through</comment>
            <translation>路径 {rel} 通过符号链接逃出了工作区</translation>
        </message>
        <message>
            <source>{rel} does not exist in the workspace</source>
            <comment>error.workspace.does_exist_workspace</comment>
            <translation>工作区中不存在 {rel}</translation>
        </message>
        <message>
            <source>{path} is outside the workspace</source>
            <comment>error.workspace.outside_workspace</comment>
            <translation>{path} 在工作区之外</translation>
        </message>
        <message>
            <source>folder {parent} changed to point outside the workspace</source>
            <comment>error.workspace.folder_changed_point_outside</comment>
            <translation>文件夹 {parent} 被改成指向工作区之外</translation>
        </message>
        <message>
            <source>folder {parent} was replaced while writing; nothing was published</source>
            <comment>error.workspace.folder_was_replaced_while</comment>
            <translation>文件夹 {parent} 在写入时被替换；没有发布任何内容</translation>
        </message>
        <message>
            <source>{rel} is a folder; refusing to replace it</source>
            <comment>error.workspace.folder_refusing_replace</comment>
            <translation>{rel} 是文件夹；拒绝替换它</translation>
        </message>
        <message>
            <source>the file written for {rel} was swapped while it was checked; nothing was published</source>
            <comment>error.workspace.file_written_was_swapped</comment>
            <translation>为 {rel} 写入的文件在检查时被调换；没有发布任何内容</translation>
        </message>
        <message>
            <source>folder {parent} cannot be opened safely ({strerror})</source>
            <comment>error.workspace.folder_opened_safely</comment>
            <translation>无法安全打开文件夹 {parent}（{strerror}）</translation>
        </message>
        <message>
            <source>a file named {name} already exists next to {rel}; nothing was written</source>
            <comment>error.workspace.file_named_already_exists</comment>
            <translation>{rel} 旁边已有名为 {name} 的文件；没有写入任何内容</translation>
        </message>
        <message>
            <source>{rel} is a symlink; refusing to replace it</source>
            <comment>error.workspace.symlink_refusing_replace</comment>
            <translation>{rel} 是符号链接；拒绝替换它</translation>
        </message>
        <message>
            <source>path {rel} cannot be used on Windows: {problem}</source>
            <comment>error.workspace.path_used_windows</comment>
            <translation>路径 {rel} 不能在 Windows 上使用：{problem}</translation>
        </message>
        <message>
            <source>{field}: column {letter} is outside the table (columns A–{value})</source>
            <comment>error.xlsx_chart.column_outside_table_columns</comment>
            <translation>{field}：列 {letter} 超出表格范围（A–{value} 列）</translation>
        </message>
        <message>
            <source>{field}: a chart needs a header row to name its series</source>
            <comment>error.xlsx_chart.chart_needs_header_row</comment>
            <translation>{field}：图表需要表头行来命名数据系列</translation>
        </message>
        <message>
            <source>{field}: the chart has no data rows (rows {first}–{last})</source>
            <comment>error.xlsx_chart.chart_data_rows_rows</comment>
            <translation>{field}：图表没有数据行（第 {first}–{last} 行）</translation>
        </message>
        <message>
            <source>{field}: {letter} is not a column letter</source>
            <comment>error.xlsx_chart.column_letter</comment>
            <translation>{field}：{letter} 不是列字母</translation>
        </message>
        <message>
            <source>{field}.anchor: {anchor} is not a cell reference like H2</source>
            <comment>error.xlsx_chart.anchor_cell_reference_like</comment>
            <translation>{field}`.anchor`：{anchor} 不是类似 H2 的单元格引用</translation>
        </message>
        <message>
            <source>{field}: {key} must look like Sheet1!B2</source>
            <comment>error.xlsx_check.expect_cells_look_like</comment>
            <translation>{field}：{key} 的格式应类似 `Sheet1!B2`</translation>
        </message>
        <message>
            <source>{field}: {key} has no valid cell reference</source>
            <comment>error.xlsx_check.expect_cells_valid_cell</comment>
            <translation>{field}：{key} 没有有效的单元格引用</translation>
        </message>
        <message>
            <source>{where}: there is no sheet {name} (sheets: {sheetnames})</source>
            <comment>error.xlsx_edit.there_sheet_sheets</comment>
            <translation>{where}：没有工作表 {name}（工作表：{sheetnames}）</translation>
        </message>
        <message>
            <source>{where}: {name} is a chart sheet, not a worksheet</source>
            <comment>error.xlsx_edit.chart_sheet_worksheet</comment>
            <translation>{where}：{name} 是图表工作表，不是普通工作表</translation>
        </message>
        <message>
            <source>{where}: cannot remove {name}, the only worksheet</source>
            <comment>error.xlsx_edit.remove_worksheet</comment>
            <translation>{where}：无法删除唯一的工作表 {name}</translation>
        </message>
        <message>
            <source>{where}: sheet {name} has no rows of data under its header to chart</source>
            <comment>error.xlsx_edit.chart_no_data</comment>
            <translation>{where}：工作表 {name} 的表头下没有可以做图的数据行</translation>
        </message>
        <message>
            <source>Recalculating the formulas needs LibreOffice, which is not installed; {name} was not changed</source>
            <comment>error.xlsx_recalc.xlsx_recalculate_needs_libreoffice</comment>
            <translation>重新计算需要 LibreOffice，但它没有安装；{name} 未被更改</translation>
        </message>
        <message>
            <source>{exc}; {name} was not changed</source>
            <comment>error.xlsx_recalc.was_changed</comment>
            <translation>{exc}；{name} 未被更改</translation>
        </message>
        <message>
            <source>{name}: cannot read its sheet layout to keep frozen panes ({type}: {exc}); {name} was not changed</source>
            <comment>error.xlsx_recalc.read_sheet_layout_keep</comment>
            <translation>{name}：无法读取工作表布局以保留冻结窗格（{type}：{exc}）；{name} 未被更改</translation>
        </message>
        <message>
            <source>{field}: a sheet name cannot be blank</source>
            <comment>error.xlsx_write.sheet_name_blank</comment>
            <translation>{field}：工作表名称不能为空</translation>
        </message>
        <message>
            <source>{field}: sheet name {name} is longer than 31 characters</source>
            <comment>error.xlsx_write.sheet_name_longer_characters</comment>
            <translation>{field}：工作表名称 {name} 超过 31 个字符</translation>
        </message>
        <message>
            <source>{field}: sheet name {name} may not contain any of [ ] : * ? / \</source>
            <comment>error.xlsx_write.sheet_name_may_contain</comment>
            <translation>{field}：工作表名称 {name} 不能包含 [ ] : * ? / \ 中的任何字符</translation>
        </message>
        <message>
            <source>{field}: sheet name {name} may not start or end with an apostrophe</source>
            <comment>error.xlsx_write.sheet_name_may_start</comment>
            <translation>{field}：工作表名称 {name} 不能以撇号开头或结尾</translation>
        </message>
        <message>
            <source>{field}: there is already a sheet named {name}</source>
            <comment>error.xlsx_write.there_already_sheet_named</comment>
            <translation>{field}：已经有名为 {name} 的工作表</translation>
        </message>
        <message>
            <source>{field}: {letter} is not a column letter (A … XFD)</source>
            <comment>error.xlsx_write.column_letter_xfd</comment>
            <translation>{field}：{letter} 不是列字母（A … `XFD`）</translation>
        </message>
        <message>
            <source>{field}: {ref} is outside the sheet (max XFD1048576)</source>
            <comment>error.xlsx_write.outside_sheet_max_xfd</comment>
            <translation>{field}：{ref} 超出工作表范围（最大 `XFD1048576`）</translation>
        </message>
        <message>
            <source>{field}: {length} rows do not fit in a sheet (max {max_rows} rows)</source>
            <comment>error.xlsx_write.rows_do_fit_sheet</comment>
            <translation>{field}：{length} 行放不进一个工作表（最多 {max_rows} 行）</translation>
        </message>
        <message>
            <source>{field}: {ref} is not a cell reference like B2</source>
            <comment>error.xlsx_write.cell_reference_like_b</comment>
            <translation>{field}：{ref} 不是类似 B2 的单元格引用</translation>
        </message>
        <message>
            <source>{field}: text is {length} characters; a cell holds at most {max_cell_text}</source>
            <comment>error.xlsx_write.text_characters_cell_holds</comment>
            <translation>{field}：文本有 {length} 个字符；一个单元格最多容纳 {max_cell_text} 个</translation>
        </message>
        <message>
            <source>{field}: text contains a control character a spreadsheet cannot store</source>
            <comment>error.xlsx_write.text_contains_control_character</comment>
            <translation>{field}：文本含有电子表格无法保存的控制字符</translation>
        </message>
        <message>
            <source>{field}: {value} is not a finite number</source>
            <comment>error.xlsx_write.finite_number</comment>
            <translation>{field}：{value} 不是有限数值</translation>
        </message>
        <message>
            <source>{field}: {formula} is not a formula a spreadsheet program can read: {why}</source>
            <comment>error.xlsx_write.formula_syntax</comment>
            <translation>{field}：{formula} 不是电子表格程序能读懂的公式：{why}</translation>
        </message>
        <message>
            <source>its parentheses do not match</source>
            <comment>formula.why.parentheses</comment>
            <translation>括号不配对</translation>
        </message>
        <message>
            <source>an operator has nothing on one side</source>
            <comment>formula.why.operator</comment>
            <translation>有运算符缺少一边的内容</translation>
        </message>
        <message>
            <source>a quote or a parenthesis is not closed or opened</source>
            <comment>formula.why.unreadable</comment>
            <translation>有引号或括号没有闭合或开启</translation>
        </message>
        <message>
            <source>there is nothing after the =</source>
            <comment>formula.why.empty</comment>
            <translation>= 后面什么也没有</translation>
        </message>
        <message>
            <source>it is longer than the 8,192 characters a formula may have</source>
            <comment>formula.why.long</comment>
            <translation>超过了公式最多 8,192 个字符的限制</translation>
        </message>
        <message>
            <source>{field}[{r}]: a row must be an array of cell values</source>
            <comment>error.xlsx_write.row_array_cell_values</comment>
            <translation>{field}[{r}]：一行必须是单元格值的数组</translation>
        </message>
        <message>
            <source>{field}[{r}]: {length} cells; at most 1000 per row</source>
            <comment>error.xlsx_write.cells_most_per_row</comment>
            <translation>{field}[{r}]：有 {length} 个单元格；每行最多 1000 个</translation>
        </message>
        <message>
            <source>{field}: {value} is not a string, number, boolean or null</source>
            <comment>error.xlsx_write.string_number_boolean_null</comment>
            <translation>{field}：{value} 不是字符串、数字、布尔值或空值</translation>
        </message>
        <message>
            <source>{field}.rows[{r}] (row {base}): {exc}</source>
            <comment>error.xlsx_write.rows_row</comment>
            <translation>{field}`.rows[{r}]`（第 {base} 行）：{exc}</translation>
        </message>
        <message>
            <source>{path}: saving the edit would drop {lost} from the workbook, so nothing was written</source>
            <comment>error.xlsx_cmds.saving_edit_would_drop</comment>
            <translation>{path}：保存这次编辑会从工作簿中丢失 {lost}，因此没有写入任何内容</translation>
        </message>
        <message>
            <source>{where}: {heading} is the document's title, not a section; nothing was changed</source>
            <comment>error.docx_edit.title_not_section</comment>
            <translation>{where}：{heading} 是文档的标题，不是一个章节；没有做任何修改</translation>
        </message>
        <message>
            <source>{where}: no heading {heading}; nothing was changed; headings are: {headings}</source>
            <comment>error.docx_edit.no_heading</comment>
            <translation>{where}：没有标题 {heading}；未做任何更改；现有标题：{headings}</translation>
        </message>
        <message>
            <source>{where}: no heading {heading}; nothing was changed; the document has no headings</source>
            <comment>error.docx_edit.no_headings</comment>
            <translation>{where}：没有标题 {heading}；未做任何更改；文档中没有标题</translation>
        </message>
        <message>
            <source>{field}: {order} must list every page 1–{total} once (missing {missing})</source>
            <comment>error.pdf_page_ops.order_missing</comment>
            <translation>{field}：{order} 必须把第 1–{total} 页各列一次（缺少 {missing}）</translation>
        </message>
        <message>
            <source>{field}: {order} must list every page 1–{total} once</source>
            <comment>error.pdf_page_ops.order</comment>
            <translation>{field}：{order} 必须把第 1–{total} 页各列一次</translation>
        </message>
        <message>
            <source>{rel} is open in another program, so it could not be replaced; the new version was kept beside it as {kept}. Close the file and try again.</source>
            <comment>error.workspace.target_in_use</comment>
            <translation>{rel} 正被其他程序打开，无法替换；新版本已保存在它旁边，名为 {kept}。请关闭该文件后重试。</translation>
        </message>
        <message>
            <source>{command}: op {op} takes {needs} and output; {problems}</source>
            <comment>error.pdf_page_ops.op_fields</comment>
            <translation>{command}：操作 {op} 需要 {needs} 和 `output`；{problems}</translation>
        </message>
        <message>
            <source>missing {fields}</source>
            <comment>error.pdf_page_ops.missing</comment>
            <translation>缺少 {fields}</translation>
        </message>
        <message>
            <source>not {fields}</source>
            <comment>error.pdf_page_ops.not_taken</comment>
            <translation>不接受 {fields}</translation>
        </message>
        <message>
            <source>a {type} cannot be kept as a record</source>
            <comment>error.codec.unknown_type</comment>
            <translation>无法把 {type} 保存为记录</translation>
        </message>
        <message>
            <source>a kept {type} cannot be read: it is not JSON</source>
            <comment>error.codec.not_json</comment>
            <translation>无法读取保存的 {type}：它不是 JSON</translation>
        </message>
        <message>
            <source>a kept record is damaged: {where} is not a {type}</source>
            <comment>error.codec.not_fit</comment>
            <translation>保存的记录已损坏：{where} 不是 {type}</translation>
        </message>
        <message>
            <source>a kept record is damaged: {where} has no {key}</source>
            <comment>error.codec.missing</comment>
            <translation>保存的记录已损坏：{where} 缺少 {key}</translation>
        </message>
        <message>
            <source>{value} is not one of {allowed}.</source>
            <comment>error.pptx_xlsx_common.one.person</comment>
            <translation>{value} 不在可选值 {allowed} 之中。</translation>
        </message>
        <message>
            <source>The request reached the file tool in a form it cannot use, so nothing was changed.</source>
            <comment>error.validate.invalid_argument.person</comment>
            <translation>请求以文件工具无法使用的形式送达，因此未做任何更改。</translation>
        </message>
        <message>
            <source>{rel} is not a file.</source>
            <comment>error.blocks.file.person</comment>
            <translation>{rel} 不是文件。</translation>
        </message>
        <message>
            <source>The image {rel} is empty or larger than {max_image_bytes} MB.</source>
            <comment>error.blocks.image_empty_larger_mb.person</comment>
            <translation>图片 {rel} 为空或大于 {max_image_bytes} MB。</translation>
        </message>
        <message>
            <source>The image {rel} claims {w}×{h} pixels, which is not a real size; it was refused.</source>
            <comment>error.blocks.image_claims_x_pixels.person</comment>
            <translation>图片 {rel} 声称有 {w}×{h} 像素，这不是真实的尺寸，已拒绝。</translation>
        </message>
        <message>
            <source>A paragraph came without its text, so nothing was written.</source>
            <comment>error.blocks.paragraph_needs_exactly_one.person</comment>
            <translation>有一个段落没有文字，因此未写入任何内容。</translation>
        </message>
        <message>
            <source>{exc}</source>
            <comment>error.blocks.failed.person</comment>
            <translation>{exc}</translation>
        </message>
        <message>
            <source>{rel} is not a readable PNG, JPEG, GIF, BMP or TIFF image ({type}).</source>
            <comment>error.blocks.readable_png_jpeg_gif.person</comment>
            <translation>{rel} 不是可读的 PNG、JPEG、GIF、BMP 或 TIFF 图片（{type}）。</translation>
        </message>
        <message>
            <source>A table row has {length} cells, but its header has {width}.</source>
            <comment>error.blocks.rows_cells_header.person</comment>
            <translation>表格中有一行有 {length} 个单元格，而表头有 {width} 个。</translation>
        </message>
        <message>
            <source>{anchor} was not found; nothing was changed.</source>
            <comment>error.docx_track.was_found_nothing_was.person</comment>
            <translation>没有找到 {anchor}；未做任何更改。</translation>
        </message>
        <message>
            <source>{find} runs through a tab, break or field; it cannot be marked as a suggestion, so nothing was changed.</source>
            <comment>error.docx_track.runs_through_tab_break.person</comment>
            <translation>{find} 跨越了制表符、分隔符或域，无法标记为修订建议，因此未做任何更改。</translation>
        </message>
        <message>
            <source>{find} was not found; nothing was changed.</source>
            <comment>error.docx_edit.was_found_nothing_was.person</comment>
            <translation>没有找到 {find}；未做任何更改。</translation>
        </message>
        <message>
            <source>Mira does not know that kind of change, so nothing was changed.</source>
            <comment>error.docx_edit.unknown_operation.person</comment>
            <translation>Mira 不认识这种更改，因此未做任何更改。</translation>
        </message>
        <message>
            <source>No paragraph contains {text}; nothing was changed.</source>
            <comment>error.docx_edit.paragraph_contains_nothing_was.person</comment>
            <translation>没有段落包含 {text}；未做任何更改。</translation>
        </message>
        <message>
            <source>{value} is not one of the choices {choices}; nothing was changed.</source>
            <comment>error.pdf_edit.one_choices_nothing_was.person</comment>
            <translation>{value} 不是可选项 {choices} 之一；未做任何更改。</translation>
        </message>
        <message>
            <source>A {field_type_string} field cannot be filled; nothing was changed.</source>
            <comment>error.pdf_edit.field_filled_nothing_was.person</comment>
            <translation>{field_type_string} 字段无法填写；未做任何更改。</translation>
        </message>
        <message>
            <source>Mira does not know that kind of change to a deck, so nothing was changed.</source>
            <comment>error.pptx_edit.unknown_op.person</comment>
            <translation>Mira 不认识这种对演示文稿的更改，因此未做任何更改。</translation>
        </message>
        <message>
            <source>Slide {number} does not exist (the deck has {count} slides).</source>
            <comment>error.pptx_edit.slide_does_exist_deck.person</comment>
            <translation>幻灯片 {number} 不存在（演示文稿共 {count} 张幻灯片）。</translation>
        </message>
        <message>
            <source>{find} was not found on {scope}; nothing was changed.</source>
            <comment>error.pptx_edit.was_found_nothing_was.person</comment>
            <translation>在{scope}上没有找到 {find}；未做任何更改。</translation>
        </message>
        <message>
            <source>Position {at} is outside slides 1 to {count}.</source>
            <comment>error.pptx_edit.outside.person</comment>
            <translation>位置 {at} 不在第 1 到第 {count} 张幻灯片之间。</translation>
        </message>
        <message>
            <source>Slide {n_value} has no title placeholder.</source>
            <comment>error.pptx_edit.slide_title_placeholder.person</comment>
            <translation>幻灯片 {n_value} 没有标题占位符。</translation>
        </message>
        <message>
            <source>Slide {n_value} has no place for bullets; replace its text instead, or add a bullets slide.</source>
            <comment>error.pptx_edit.slide_bullet_body_placeholder.person</comment>
            <translation>幻灯片 {n_value} 没有放要点的位置；请改为替换其中的文字，或添加一张要点幻灯片。</translation>
        </message>
        <message>
            <source>{length} bullets do not fit on one slide; split them over several slides.</source>
            <comment>error.pptx_edit.bullets_do_fit_one.person</comment>
            <translation>{length} 个要点放不进一张幻灯片；请把它们分到几张幻灯片上。</translation>
        </message>
        <message>
            <source>The only slide of the deck cannot be removed.</source>
            <comment>error.pptx_edit.remove_slide_deck.person</comment>
            <translation>无法删除演示文稿中唯一的幻灯片。</translation>
        </message>
        <message>
            <source>Position {to} is past the last slide ({length}).</source>
            <comment>error.pptx_edit.past_last_slide.person</comment>
            <translation>位置 {to} 超过了最后一张幻灯片（{length}）。</translation>
        </message>
        <message>
            <source>There is no sheet {name} (sheets: {sheetnames}).</source>
            <comment>error.xlsx_edit.there_sheet_sheets.person</comment>
            <translation>没有工作表 {name}（工作表：{sheetnames}）。</translation>
        </message>
        <message>
            <source>{name} is a chart sheet, not a worksheet.</source>
            <comment>error.xlsx_edit.chart_sheet_worksheet.person</comment>
            <translation>{name} 是图表工作表，不是普通工作表。</translation>
        </message>
        <message>
            <source>{name} cannot be removed: it is the only worksheet.</source>
            <comment>error.xlsx_edit.remove_worksheet.person</comment>
            <translation>无法删除唯一的工作表 {name}。</translation>
        </message>
        <message>
            <source>Sheet {name} has no rows of data under its header to make a chart of.</source>
            <comment>error.xlsx_edit.chart_no_data.person</comment>
            <translation>工作表 {name} 的表头下没有可以做图的数据行。</translation>
        </message>
        <message>
            <source>{heading} is the document's title, not a section; nothing was changed.</source>
            <comment>error.docx_edit.title_not_section.person</comment>
            <translation>{heading} 是文档的标题，不是一个章节；没有做任何修改。</translation>
        </message>
        <message>
            <source>There is no heading {heading}; nothing was changed. The headings are: {headings}</source>
            <comment>error.docx_edit.no_heading.person</comment>
            <translation>没有标题 {heading}；未做任何更改。现有标题：{headings}</translation>
        </message>
        <message>
            <source>There is no heading {heading}; nothing was changed. The document has no headings.</source>
            <comment>error.docx_edit.no_headings.person</comment>
            <translation>没有标题 {heading}；未做任何更改。文档中没有标题。</translation>
        </message>
        <message>
            <source>{rel} must end with {suffix}.</source>
            <comment>error.common.end.person</comment>
            <translation>{rel} 必须以 {suffix} 结尾。</translation>
        </message>
        <message>
            <source>{rel} is not a file.</source>
            <comment>error.common.file.person</comment>
            <translation>{rel} 不是文件。</translation>
        </message>
        <message>
            <source>{rel} already exists; choose another name, or ask to replace it.</source>
            <comment>error.common.already_exists_set_overwrite.person</comment>
            <translation>{rel} 已存在；请换一个名称，或要求替换它。</translation>
        </message>
        <message>
            <source>{rel} is a folder, not a file.</source>
            <comment>error.common.folder_file.person</comment>
            <translation>{rel} 是文件夹，不是文件。</translation>
        </message>
        <message>
            <source>{exc}</source>
            <comment>error.common.failed.person</comment>
            <translation>{exc}</translation>
        </message>
        <message>
            <source>{rel} must end with {shown}.</source>
            <comment>error.pptx_xlsx_common.end.person</comment>
            <translation>{rel} 必须以 {shown} 结尾。</translation>
        </message>
        <message>
            <source>{item} is not a page number or a range like 2-5.</source>
            <comment>error.pdf_page_ops.page_number_range_like.person</comment>
            <translation>{item} 不是页码，也不是类似 2-5 的范围。</translation>
        </message>
        <message>
            <source>{item} is outside pages 1–{total} or reversed.</source>
            <comment>error.pdf_page_ops.outside_pages_reversed.person</comment>
            <translation>{item} 超出第 1–{total} 页或顺序颠倒。</translation>
        </message>
        <message>
            <source>Column {letter} is outside the table (columns A–{value}).</source>
            <comment>error.xlsx_chart.column_outside_table_columns.person</comment>
            <translation>列 {letter} 超出表格范围（A–{value} 列）。</translation>
        </message>
        <message>
            <source>A chart needs a header row to name its series.</source>
            <comment>error.xlsx_chart.chart_needs_header_row.person</comment>
            <translation>图表需要表头行来命名数据系列。</translation>
        </message>
        <message>
            <source>The chart has no data rows (rows {first}–{last}).</source>
            <comment>error.xlsx_chart.chart_data_rows_rows.person</comment>
            <translation>图表没有数据行（第 {first}–{last} 行）。</translation>
        </message>
        <message>
            <source>{letter} is not a column letter.</source>
            <comment>error.xlsx_chart.column_letter.person</comment>
            <translation>{letter} 不是列字母。</translation>
        </message>
        <message>
            <source>{anchor} is not a cell reference like H2, so the chart has no place.</source>
            <comment>error.xlsx_chart.anchor_cell_reference_like.person</comment>
            <translation>{anchor} 不是类似 H2 的单元格引用，因此图表没有位置。</translation>
        </message>
        <message>
            <source>A sheet name cannot be blank.</source>
            <comment>error.xlsx_write.sheet_name_blank.person</comment>
            <translation>工作表名称不能为空。</translation>
        </message>
        <message>
            <source>The sheet name {name} is longer than 31 characters.</source>
            <comment>error.xlsx_write.sheet_name_longer_characters.person</comment>
            <translation>工作表名称 {name} 超过 31 个字符。</translation>
        </message>
        <message>
            <source>The sheet name {name} may not contain any of [ ] : * ? / \</source>
            <comment>error.xlsx_write.sheet_name_may_contain.person</comment>
            <translation>工作表名称 {name} 不能包含 [ ] : * ? / \ 中的任何字符。</translation>
        </message>
        <message>
            <source>The sheet name {name} may not start or end with an apostrophe.</source>
            <comment>error.xlsx_write.sheet_name_may_start.person</comment>
            <translation>工作表名称 {name} 不能以撇号开头或结尾。</translation>
        </message>
        <message>
            <source>There is already a sheet named {name}.</source>
            <comment>error.xlsx_write.there_already_sheet_named.person</comment>
            <translation>已经有名为 {name} 的工作表。</translation>
        </message>
        <message>
            <source>{letter} is not a column letter (A to XFD).</source>
            <comment>error.xlsx_write.column_letter_xfd.person</comment>
            <translation>{letter} 不是列字母（A 到 `XFD`）。</translation>
        </message>
        <message>
            <source>{ref} is outside the sheet (the last cell is XFD1048576).</source>
            <comment>error.xlsx_write.outside_sheet_max_xfd.person</comment>
            <translation>{ref} 超出工作表范围（最后一个单元格是 `XFD1048576`）。</translation>
        </message>
        <message>
            <source>{length} rows do not fit in a sheet (at most {max_rows} rows).</source>
            <comment>error.xlsx_write.rows_do_fit_sheet.person</comment>
            <translation>{length} 行放不进一个工作表（最多 {max_rows} 行）。</translation>
        </message>
        <message>
            <source>{ref} is not a cell reference like B2.</source>
            <comment>error.xlsx_write.cell_reference_like_b.person</comment>
            <translation>{ref} 不是类似 B2 的单元格引用。</translation>
        </message>
        <message>
            <source>{formula} is not a formula a spreadsheet program can read: {why}. To keep it as text, start it with '=.</source>
            <comment>error.xlsx_write.formula_syntax.person</comment>
            <translation>{formula} 不是电子表格程序能读懂的公式：{why}。如果要作为文字保存，请以 '= 开头。</translation>
        </message>
        <message>
            <source>A text is {length} characters long; a cell holds at most {max_cell_text}.</source>
            <comment>error.xlsx_write.text_characters_cell_holds.person</comment>
            <translation>有一段文本长 {length} 个字符；一个单元格最多容纳 {max_cell_text} 个。</translation>
        </message>
        <message>
            <source>A text contains a control character a spreadsheet cannot store.</source>
            <comment>error.xlsx_write.text_contains_control_character.person</comment>
            <translation>有一段文本含有电子表格无法保存的控制字符。</translation>
        </message>
        <message>
            <source>{value} is not a finite number.</source>
            <comment>error.xlsx_write.finite_number.person</comment>
            <translation>{value} 不是有限数值。</translation>
        </message>
        <message>
            <source>A row came without its cell values, so nothing was written.</source>
            <comment>error.xlsx_write.row_array_cell_values.person</comment>
            <translation>有一行没有单元格值，因此未写入任何内容。</translation>
        </message>
        <message>
            <source>A row has {length} cells; at most 1000 fit in a row here.</source>
            <comment>error.xlsx_write.cells_most_per_row.person</comment>
            <translation>有一行有 {length} 个单元格；这里每行最多 1000 个。</translation>
        </message>
        <message>
            <source>{value} is not text, a number, true/false or empty, so it cannot go in a cell.</source>
            <comment>error.xlsx_write.string_number_boolean_null.person</comment>
            <translation>{value} 不是文本、数字、是/否或空值，因此不能放进单元格。</translation>
        </message>
        <message>
            <source>Row {base}: {exc}</source>
            <comment>error.xlsx_write.rows_row.person</comment>
            <translation>第 {base} 行：{exc}</translation>
        </message>
        <message>
            <source>{exc}</source>
            <comment>error.pptx_xlsx_common.output.person</comment>
            <translation>{exc}</translation>
        </message>
        <message>
            <source>The template {name} contains macros; Mira never writes macros into a file. Save it as a .docx or .dotx without macros and try again.</source>
            <comment>error.docx_template.template_contains_macros_mira.person</comment>
            <translation>模板 {name} 含有宏；Mira 从不向文件写入宏。请将它另存为不含宏的 DOCX 或 DOTX 文件后重试。</translation>
        </message>
        <message>
            <source>The template {name} is damaged or not a Word document.</source>
            <comment>error.docx_template.template_corrupt_word_document.person</comment>
            <translation>模板 {name} 已损坏或不是 Word 文档。</translation>
        </message>
        <message>
            <source>{out_rel} is a folder, so the edited document cannot be saved under that name.</source>
            <comment>error.docx_cmds.output_folder.person</comment>
            <translation>{out_rel} 是一个文件夹，所以修改后的文档不能以这个名字保存。</translation>
        </message>
        <message>
            <source>The exported file's name {out} must end in .pdf.</source>
            <comment>error.folder_cmds.output_end_pdf.person</comment>
            <translation>导出文件的名字 {out} 必须以 `.pdf` 结尾。</translation>
        </message>
        <message>
            <source>{exc}</source>
            <comment>error.office_read.path.person</comment>
            <translation>{exc}</translation>
        </message>
        <message>
            <source>{r} is not a page number or a range like 1-4.</source>
            <comment>error.pdf_cmds.ranges_like.person</comment>
            <translation>{r} 不是页码，也不是类似 1-4 的页码范围。</translation>
        </message>
        <message>
            <source>{r} is outside pages 1–{pages} or reversed.</source>
            <comment>error.pdf_cmds.ranges_outside_pages_reversed.person</comment>
            <translation>{r} 超出第 1–{pages} 页，或者前后颠倒。</translation>
        </message>
        <message>
            <source>Deleting every page of {path} would leave an empty PDF; nothing was changed.</source>
            <comment>error.pdf_page_ops.pages_deleting_every_page.person</comment>
            <translation>删除 {path} 的所有页面会得到一个空 PDF；未做任何更改。</translation>
        </message>
        <message>
            <source>The PDF has {n_value} pages, so it has no page {bad}.</source>
            <comment>error.pdf_read.pages_out_range_pdf.person</comment>
            <translation>这个 PDF 共 {n_value} 页，没有第 {bad} 页。</translation>
        </message>
        <message>
            <source>{exc}</source>
            <comment>error.pptx_build.image.person</comment>
            <translation>{exc}</translation>
        </message>
        <message>
            <source>{rel} is not a PNG, JPEG, GIF, BMP or TIFF image.</source>
            <comment>error.pptx_build.image_png_jpeg_gif.person</comment>
            <translation>{rel} 不是 PNG、JPEG、GIF、BMP 或 TIFF 图片。</translation>
        </message>
        <message>
            <source>The image {rel} claims more than {max_image_pixels} pixels; it was refused.</source>
            <comment>error.pptx_build.image_claims_more_pixels.person</comment>
            <translation>图片 {rel} 声称超过 {max_image_pixels} 像素，已被拒绝。</translation>
        </message>
        <message>
            <source>{rel} cannot be read as an image.</source>
            <comment>error.pptx_build.image_read_image.person</comment>
            <translation>{rel} 无法作为图片读取。</translation>
        </message>
        <message>
            <source>The image {rel} is {w}×{h} pixels; the limit is {max_image_pixels} pixels.</source>
            <comment>error.pptx_build.image_x_pixels_limit.person</comment>
            <translation>图片 {rel} 为 {w}×{h} 像素，上限为 {max_image_pixels} 像素。</translation>
        </message>
        <message>
            <source>A chart series has {length} values for {length2} categories; each category needs one value.</source>
            <comment>error.pptx_chart.series_values_categories.person</comment>
            <translation>图表的一个数据系列有 {length} 个值，但有 {length2} 个类别；每个类别需要一个值。</translation>
        </message>
        <message>
            <source>Slide {n}: {exc}</source>
            <comment>error.pptx_cmds.slides.person</comment>
            <translation>第 {n} 张幻灯片：{exc}</translation>
        </message>
        <message>
            <source>{key} is not a cell like Sheet1!B2, so it cannot be checked.</source>
            <comment>error.xlsx_check.expect_cells_look_like.person</comment>
            <translation>{key} 不是类似 `Sheet1!B2` 的单元格，所以无法检查。</translation>
        </message>
        <message>
            <source>{key} names no cell Mira can check.</source>
            <comment>error.xlsx_check.expect_cells_valid_cell.person</comment>
            <translation>{key} 没有指明 Mira 能检查的单元格。</translation>
        </message>
        <message>
            <source>The new order {order} must name every page 1–{total} once (missing: {missing}); nothing was changed.</source>
            <comment>error.pdf_page_ops.order_missing.person</comment>
            <translation>新的顺序 {order} 必须把第 1–{total} 页各列一次（缺少：{missing}）；未做任何更改。</translation>
        </message>
        <message>
            <source>The new order {order} must name every page 1–{total} once; nothing was changed.</source>
            <comment>error.pdf_page_ops.order.person</comment>
            <translation>新的顺序 {order} 必须把第 1–{total} 页各列一次；未做任何更改。</translation>
        </message>
        <message>
            <source>The page change came without what it needs, so nothing was changed.</source>
            <comment>error.pdf_page_ops.op_fields.person</comment>
            <translation>这次页面操作缺少所需的内容，因此未做任何更改。</translation>
        </message>
        <message>
            <source>The request reached the file tool in a form it cannot use, so nothing was changed.</source>
            <comment>error.pptx_xlsx_common.failed.person</comment>
            <translation>请求以文件工具无法使用的形式送达，因此未做任何更改。</translation>
        </message>
        <message>
            <source>The request reached the file tool in a form it cannot use, so nothing was changed.</source>
            <comment>error.pptx_xlsx_common.expected_got.person</comment>
            <translation>请求以文件工具无法使用的形式送达，因此未做任何更改。</translation>
        </message>
        <message>
            <source>The request reached the file tool in a form it cannot use, so nothing was changed.</source>
            <comment>error.pptx_xlsx_common.arguments_json_object.person</comment>
            <translation>请求以文件工具无法使用的形式送达，因此未做任何更改。</translation>
        </message>
        <message>
            <source>The request reached the file tool in a form it cannot use, so nothing was changed.</source>
            <comment>error.validate.arguments_json_object.person</comment>
            <translation>请求以文件工具无法使用的形式送达，因此未做任何更改。</translation>
        </message>
        <message>
            <source>Approval needed: {what}</source>
            <comment>cli.approval_needed</comment>
            <translation>需要批准：{what}</translation>
        </message>
        <message>
            <source>Approve? [y/N] </source>
            <comment>cli.approve_prompt</comment>
            <translation>批准吗？[y/N] </translation>
        </message>
        <message>
            <source>The answer was cut off at the output limit. Let the model continue from where it stopped? [y/N] </source>
            <comment>cli.continue_prompt</comment>
            <translation>回答在输出上限处被截断。要让模型从中断处继续吗？[y/N] </translation>
        </message>
        <message>
            <source>Approved (--yes).</source>
            <comment>cli.approved_yes</comment>
            <translation>已批准（--yes）。</translation>
        </message>
        <message>
            <source>Replaces the existing {path}.</source>
            <comment>cli.replaces</comment>
            <translation>将替换现有的 {path}。</translation>
        </message>
        <message>
            <source>Replaces the existing {path} (v{version}).</source>
            <comment>cli.replaces_version</comment>
            <translation>将替换现有的 {path}（v{version}）。</translation>
        </message>
        <message>
            <source>{path} ({kind}, {size}; {verdict})</source>
            <comment>cli.file</comment>
            <translation>{path}（{kind}，{size}；{verdict}）</translation>
        </message>
        <message>
            <source>Failed: {error}</source>
            <comment>cli.failed</comment>
            <translation>失败：{error}</translation>
        </message>
        <message>
            <source>Model: offline planner (no network)</source>
            <comment>cli.model_offline</comment>
            <translation>模型：离线规划器（无需联网）</translation>
        </message>
        <message>
            <source>Interrupted: denied, nothing was written.</source>
            <comment>cli.interrupted</comment>
            <translation>已中断：已拒绝，没有写入任何内容。</translation>
        </message>
        <message>
            <source>interrupted</source>
            <comment>cli.interrupted_run</comment>
            <translation>已中断</translation>
        </message>
        <message>
            <source>Not run: {error}</source>
            <comment>cli.not_run</comment>
            <translation>未执行：{error}</translation>
        </message>
        <message>
            <source>the request did not finish</source>
            <comment>cli.error.task</comment>
            <translation>请求没有完成</translation>
        </message>
        <message>
            <source>denied: nothing was written</source>
            <comment>cli.error.denied</comment>
            <translation>已拒绝：没有写入任何内容</translation>
        </message>
        <message>
            <source>no file was made or changed</source>
            <comment>cli.error.no_work</comment>
            <translation>没有生成或修改任何文件</translation>
        </message>
        <message>
            <source>the request was not carried out</source>
            <comment>cli.error.not_done</comment>
            <translation>请求没有完成</translation>
        </message>
        <message>
            <source>the skill said it made {files}, but no such file was written and verified in this request</source>
            <comment>cli.error.not_made</comment>
            <translation>技能说它生成了 {files}，但这次请求中没有写入并验证这样的文件</translation>
        </message>
        <message>
            <source>written but not verified: {files}</source>
            <comment>cli.error.unverified</comment>
            <translation>已写入但未通过验证：{files}</translation>
        </message>
        <message>
            <source>cannot attach {files}: not a readable file</source>
            <comment>cli.cannot_attach</comment>
            <translation>无法附加 {files}：不是可读取的文件</translation>
        </message>
        <message>
            <source>the request is empty</source>
            <comment>cli.empty_request</comment>
            <translation>请求是空的</translation>
        </message>
        <message>
            <source>there is no skill {skill} that can run a request (mira task --help names them)</source>
            <comment>cli.unknown_skill</comment>
            <translation>没有能处理请求的技能 {skill}（mira task --help 列出了可用的技能）</translation>
        </message>
        <message>
            <source>Stopped. Nothing was half-written.</source>
            <comment>task.stopped</comment>
            <translation>已停止。没有写了一半的文件。</translation>
        </message>
        <message>
            <source>Stopped. Written and checked before the stop: {files} (its card is below). The rest of the request was not done, and nothing was half-written.</source>
            <comment>task.stopped.written</comment>
            <translation>已停止。停止前已写入并检查：{files}（卡片见下方）。请求的其余部分没有完成，也没有写了一半的文件。</translation>
        </message>
        <message>
            <source>Stopped: {error}.</source>
            <comment>task.failed.budget</comment>
            <translation>已停止：{error}。</translation>
        </message>
        <message>
            <source>Stopped: {error}</source>
            <comment>task.failed.refused</comment>
            <translation>已停止：{error}</translation>
        </message>
        <message>
            <source>The model failed: {error}</source>
            <comment>task.failed.model</comment>
            <translation>模型出错：{error}</translation>
        </message>
        <message>
            <source>Internal error: {error}</source>
            <comment>task.failed.internal</comment>
            <translation>内部错误：{error}</translation>
        </message>
        <message>
            <source>This request was interrupted before it started; send it again.</source>
            <comment>task.failed.interrupted</comment>
            <translation>这个请求在开始前被中断了，请重新发送。</translation>
        </message>
        <message>
            <source>The working folder cannot be used: {error}</source>
            <comment>task.failed.folder</comment>
            <translation>无法使用工作文件夹：{error}</translation>
        </message>
        <message>
            <source>Could not copy the attached file: {error}</source>
            <comment>task.failed.attachment</comment>
            <translation>无法复制附件：{error}</translation>
        </message>
        <message>
            <source>Made:</source>
            <comment>delivery.made</comment>
            <translation>已生成：</translation>
        </message>
        <message>
            <source>- `{path}` ({kind}, {size}): {verdict}</source>
            <comment>delivery.file</comment>
            <translation>- `{path}`（{kind}，{size}）：{verdict}</translation>
        </message>
        <message>
            <source>Nothing was written: the change was denied.</source>
            <comment>delivery.denied</comment>
            <translation>没有写入任何内容：更改被拒绝了。</translation>
        </message>
        <message>
            <source>_(The model could not write the delivery message: {error}.)_</source>
            <comment>delivery.no_model</comment>
            <translation>_（模型没能写出交付说明：{error}。）_</translation>
        </message>
        <message>
            <source>Details: {details}</source>
            <comment>error.details</comment>
            <translation>详细信息：{details}</translation>
        </message>
        <message>
            <source>added “{text}”</source>
            <comment>version.added</comment>
            <translation>新增“{text}”</translation>
        </message>
        <message>
            <source>removed “{text}”</source>
            <comment>version.removed</comment>
            <translation>删除“{text}”</translation>
        </message>
        <message>
            <source>“{before}” → “{after}”</source>
            <comment>version.changed</comment>
            <translation>“{before}” → “{after}”</translation>
        </message>
        <message>
            <source>{changes}</source>
            <comment>version.list</comment>
            <translation>{changes}</translation>
        </message>
        <message>
            <source>{changes}…</source>
            <comment>version.list.more</comment>
            <translation>{changes}…</translation>
        </message>
        <message>
            <source>as it was before Mira changed it</source>
            <comment>version.before_mira</comment>
            <translation>Mira 修改之前的样子</translation>
        </message>
        <message>
            <source>The offline planner is built in and needs no connection.</source>
            <comment>connect.offline</comment>
            <translation>离线规划器是内置的，不需要连接。</translation>
        </message>
        <message>
            <source>Enter a base URL and a model name first.</source>
            <comment>connect.incomplete</comment>
            <translation>请先输入服务地址和模型名称。</translation>
        </message>
        <message>
            <source>The server ended the response without an answer.</source>
            <comment>connect.no_answer</comment>
            <translation>服务器结束了响应，但没有给出回答。</translation>
        </message>
        <message>
            <source>Connected to {model}</source>
            <comment>connect.ok</comment>
            <translation>已连接到 {model}</translation>
        </message>
        <message>
            <source>The connection failed: {error}</source>
            <comment>connect.failed</comment>
            <translation>连接失败：{error}</translation>
        </message>
        <message>
            <source>Server: {kind}</source>
            <comment>connect.kind</comment>
            <translation>服务器：{kind}</translation>
        </message>
        <message>
            <source>a local server Mira could not tell apart (treated as one that answers one request at a time)</source>
            <comment>server.kind.local</comment>
            <translation>Mira 无法辨认的本地服务器（按一次只回答一个请求处理）</translation>
        </message>
        <message>
            <source>an OpenAI-compatible service Mira could not tell apart</source>
            <comment>server.kind.cloud</comment>
            <translation>Mira 无法辨认的 OpenAI 兼容服务</translation>
        </message>
        <message>
            <source>llama.cpp (llama-server)</source>
            <comment>server.kind.llama_server</comment>
            <translation>llama.cpp（llama-server）</translation>
        </message>
        <message>
            <source>llama-cpp-python's server</source>
            <comment>server.kind.llama_cpp_python</comment>
            <translation>llama-cpp-python 服务器</translation>
        </message>
        <message>
            <source>Qwen (DashScope, compatible mode)</source>
            <comment>server.kind.dashscope</comment>
            <translation>通义千问（DashScope 兼容模式）</translation>
        </message>
        <message>
            <source>Context window: {window} tokens</source>
            <comment>connect.window</comment>
            <translation>上下文窗口：{window} 个词元</translation>
        </message>
        <message>
            <source>Context window: the server does not say. Enter it in the Context window field so Mira can keep requests inside it.</source>
            <comment>connect.window_unknown</comment>
            <translation>上下文窗口：服务器没有说明。请在“上下文窗口”一栏填写，以便 Mira 让请求保持在窗口之内。</translation>
        </message>
        <message>
            <source>Tool calls: work, and stream.</source>
            <comment>connect.tools_streamed</comment>
            <translation>工具调用：可用，并且可以流式传输。</translation>
        </message>
        <message>
            <source>Tool calls: work, but this server cannot stream them; Mira asks for them without streaming.</source>
            <comment>connect.tools_whole</comment>
            <translation>工具调用：可用，但此服务器无法流式传输；Mira 会以非流式方式请求。</translation>
        </message>
        <message>
            <source>Tool calls: the server refused a request with tools: {error}</source>
            <comment>connect.tools_failed</comment>
            <translation>工具调用：服务器拒绝了带工具的请求：{error}</translation>
        </message>
        <message>
            <source>{path} is not a readable Mira database; move it aside to start with a new one.</source>
            <comment>store.unreadable</comment>
            <translation>{path} 不是可读取的 Mira 数据库；请把它移到别处，再以新的数据库启动。</translation>
        </message>
        <message>
            <source>The folder {folder} cannot be made or used.</source>
            <comment>error.folder_unusable</comment>
            <translation>无法创建或使用文件夹 {folder}。</translation>
        </message>
        <message>
            <source>The file {name} cannot be read.</source>
            <comment>error.file_unreadable</comment>
            <translation>无法读取文件 {name}。</translation>
        </message>
        <message>
            <source>the time budget of {seconds} s for this task ran out</source>
            <comment>budget.time</comment>
            <translation>单个请求 {seconds} 秒的时间上限已用完</translation>
        </message>
        <message numerus="yes">
            <source>the budget of %n model calls for this task ran out</source>
            <comment>budget.model_calls</comment>
            <translation>
                <numerusform>单个请求最多 %n 次模型调用，已用完</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <source>the budget of %n tool calls for this task ran out</source>
            <comment>budget.tool_calls</comment>
            <translation>
                <numerusform>单个请求最多 %n 个步骤，已用完</numerusform>
            </translation>
        </message>
        <message>
            <source>Mira refused to go on with this request.</source>
            <comment>task.failed.refused.plain</comment>
            <translation>Mira 拒绝继续执行这个请求。</translation>
        </message>
        <message>
            <source>Something went wrong inside Mira, so this request stopped. Nothing half-written was kept.</source>
            <comment>task.failed.crashed</comment>
            <translation>Mira 内部出了问题，这个请求已停止。没有留下写了一半的文件。</translation>
        </message>
        <message>
            <source>{where} needs an API key and none is set. Add one in Settings or set MIRA_API_KEY.</source>
            <comment>model.error.no_key</comment>
            <translation>{where} 需要 API 密钥，但尚未设置。请在设置中添加，或设置环境变量 MIRA_API_KEY。</translation>
        </message>
        <message>
            <source>{where} rejected the API key.</source>
            <comment>model.error.key_rejected</comment>
            <translation>{where} 拒绝了这个 API 密钥。</translation>
        </message>
        <message>
            <source>{where} refused access (HTTP 403).</source>
            <comment>model.error.denied</comment>
            <translation>{where} 拒绝访问（HTTP 403）。</translation>
        </message>
        <message>
            <source>The model {model} was not found at {where} (HTTP 404). Check the base URL and the model name.</source>
            <comment>model.error.not_found</comment>
            <translation>在 {where} 找不到模型 {model}（HTTP 404）。请检查服务地址和模型名称。</translation>
        </message>
        <message>
            <source>{where} says the rate limit or quota is used up (HTTP 429). Wait a little and try again.</source>
            <comment>model.error.rate_limited</comment>
            <translation>{where} 表示请求频率或额度已用完（HTTP 429）。请稍等片刻再试。</translation>
        </message>
        <message>
            <source>The model service at {where} has a problem (HTTP {status}). Try again later.</source>
            <comment>model.error.server</comment>
            <translation>{where} 的模型服务出了问题（HTTP {status}）。请稍后再试。</translation>
        </message>
        <message>
            <source>{where} refused the request (HTTP {status}).</source>
            <comment>model.error.refused</comment>
            <translation>{where} 拒绝了这个请求（HTTP {status}）。</translation>
        </message>
        <message>
            <source>{where} did not answer within {seconds} s.</source>
            <comment>model.error.timeout</comment>
            <translation>{where} 在 {seconds} 秒内没有回应。</translation>
        </message>
        <message>
            <source>{where} did not finish within {seconds} s (the limit for one model call).</source>
            <comment>model.error.deadline</comment>
            <translation>{where} 没有在 {seconds} 秒内完成（单次模型调用的时限）。</translation>
        </message>
        <message>
            <source>{where} sent nothing for {seconds} s.</source>
            <comment>model.error.idle</comment>
            <translation>{where} 已有 {seconds} 秒没有发送任何内容。</translation>
        </message>
        <message>
            <source>Could not connect to {where}. Is the server running and the URL right?</source>
            <comment>model.error.connect</comment>
            <translation>无法连接到 {where}。服务器是否在运行，地址是否正确？</translation>
        </message>
        <message>
            <source>The connection to {where} broke during the answer.</source>
            <comment>model.error.broken</comment>
            <translation>与 {where} 的连接在回答过程中中断了。</translation>
        </message>
        <message>
            <source>{where} reported an error during the answer.</source>
            <comment>model.error.reported</comment>
            <translation>{where} 在回答过程中报告了错误。</translation>
        </message>
        <message>
            <source>{where} sent an answer Mira cannot read.</source>
            <comment>model.error.malformed</comment>
            <translation>{where} 发来的回答 Mira 无法读取。</translation>
        </message>
        <message>
            <source>{where} sent something other than the model's answer (HTTP {status}).</source>
            <comment>model.error.not_stream</comment>
            <translation>{where} 发来的不是模型的回答（HTTP {status}）。</translation>
        </message>
        <message>
            <source>The model sent an answer Mira cannot read.</source>
            <comment>model.error.bad_answer</comment>
            <translation>模型发来的回答 Mira 无法读取。</translation>
        </message>
        <message>
            <source>The model's answer ended before it was complete.</source>
            <comment>model.error.ended</comment>
            <translation>模型的回答在完成之前就结束了。</translation>
        </message>
        <message>
            <source>The server stopped the answer before the model finished. A local server does this when another request reaches it while it answers.</source>
            <comment>model.error.stopped</comment>
            <translation>服务器在模型完成之前停止了回答。本地服务器在回答时收到另一个请求就会这样做。</translation>
        </message>
        <message>
            <source>The model's answer was cut off at the output limit, so none of it was kept. Retry, or raise the output limit in Settings.</source>
            <comment>model.error.cut</comment>
            <translation>模型的回答在输出上限处被截断，因此一点也没有保留。请重试，或在“设置”中提高输出上限。</translation>
        </message>
        <message>
            <source>The model's answer was cut off at the output limit, so it is not kept as the answer. Continue lets the model go on from where it stopped; or Retry, or raise the output limit in Settings.</source>
            <comment>model.error.cut_reply</comment>
            <translation>模型的回答在输出上限处被截断，因此没有作为回答保留。选择“继续”可让模型从中断处接着写；也可以重试，或在设置中提高输出上限。</translation>
        </message>
        <message>
            <source>The model's answer was cut off at the output limit in the middle of a step of the work, so nothing of that step was kept (what was written and checked before it is). Continue asks for that step again (raise the output limit in Settings first); or Retry the whole request.</source>
            <comment>model.error.cut_step</comment>
            <translation>模型的回答在工作的某一步中途被输出上限截断，因此这一步什么也没有保留（之前写好并检查过的内容仍在）。“继续”会重新请求这一步（请先在设置中提高输出上限）；也可以“重试”整个请求。</translation>
        </message>
        <message>
            <source>The llama.cpp server at {where} cannot take tool calls: it was started without --jinja. Start llama-server again with --jinja, then retry.</source>
            <comment>model.error.needs_jinja</comment>
            <translation>{where} 上的 llama.cpp 服务器无法接受工具调用：它启动时没有加 --jinja。请用 --jinja 重新启动 llama-server，然后重试。</translation>
        </message>
        <message>
            <source>{where} sent an empty answer.</source>
            <comment>model.error.empty</comment>
            <translation>{where} 发来了空回答。</translation>
        </message>
        <message>
            <source>{where} sent an empty answer. The model's context window is not known, and some servers answer this way to a request larger than it: set the context window in Settings.</source>
            <comment>model.error.empty_window_unknown</comment>
            <translation>{where} 发来了空回答。该模型的上下文窗口未知，有些服务器对超出窗口的请求就是这样回答的：请在“设置”中填写上下文窗口。</translation>
        </message>
        <message>
            <source>{where} is answering a task right now, and a second request would stop that answer. Try again when the task has finished.</source>
            <comment>model.error.busy</comment>
            <translation>{where} 正在为一个任务回答，再发一个请求会打断那个回答。请在任务结束后再试。</translation>
        </message>
        <message>
            <source>The request is larger than the model's context window at {where}, so the server refused it. Start a new conversation, attach less, or use a model with a larger window.</source>
            <comment>model.error.over_window</comment>
            <translation>请求超出了 {where} 上模型的上下文窗口，服务器拒绝了它。请开始新的对话、少附加一些内容，或使用窗口更大的模型。</translation>
        </message>
        <message>
            <source>The call to {where} failed.</source>
            <comment>model.error.failed</comment>
            <translation>调用 {where} 失败。</translation>
        </message>
        <message>
            <source>The model {model} is not installed in Ollama at {where}. Run “ollama pull {model}”.</source>
            <comment>model.error.not_installed</comment>
            <translation>Ollama（{where}）中没有安装模型 {model}。请运行“ollama pull {model}”。</translation>
        </message>
        <message>
            <source>The model {model} cannot use tools, which Mira needs. Choose a model that supports tool calls.</source>
            <comment>model.error.no_tools</comment>
            <translation>模型 {model} 不能使用工具，而 Mira 需要工具。请选择支持工具调用的模型。</translation>
        </message>
        <message>
            <source>{where} refused the model listing (HTTP {status}).</source>
            <comment>model.error.listing</comment>
            <translation>{where} 拒绝列出模型（HTTP {status}）。</translation>
        </message>
        <message>
            <source>this task started under flow {started}; this Mira runs {running}. Start the request again.</source>
            <comment>error.agent_flows.other_flow</comment>
            <translation>这个任务是在流程 {started} 下开始的；这个 Mira 运行的是 {running}。请重新发起请求。</translation>
        </message>
        <message>
            <source>there is no skill {skill_id}; known skills: {known}</source>
            <comment>error.agent_skillsource.no_skill</comment>
            <translation>没有技能 {skill_id}；已知技能：{known}</translation>
        </message>
        <message>
            <source>this approval does not exist (it may belong to a deleted conversation)</source>
            <comment>error.agent_decisions.approval_does_exist_may</comment>
            <translation>这个审批不存在（它可能属于已删除的对话）</translation>
        </message>
        <message>
            <source>flow {id_value}, step {id_value2}: processor {processor} is not implemented by this Mira</source>
            <comment>error.agent_flows.flow_step_processor_implemented</comment>
            <translation>流程 {id_value}，步骤 {id_value2}：这个版本的 Mira 没有实现处理器 {processor}</translation>
        </message>
        <message>
            <source>no frozen approval for ledger entry {id_value}</source>
            <comment>error.agent_gate.frozen_approval_ledger_entry</comment>
            <translation>账本条目 {id_value} 没有冻结的审批</translation>
        </message>
        <message>
            <source>this task started under a different skill catalog build ({build_identity}, now {build_identity2}); start the request again</source>
            <comment>error.agent_gate.task_started_under_different</comment>
            <translation>这个任务是在另一个技能目录构建下开始的（{build_identity}，现在是 {build_identity2}）；请重新发起请求</translation>
        </message>
        <message>
            <source>this task already {final}; nothing is waiting for approval</source>
            <comment>error.agent_gate.task_already_nothing_waiting</comment>
            <translation>这个任务已经{final}；没有等待审批的内容</translation>
        </message>
        <message>
            <source>this change was already {state}; it will not run again</source>
            <comment>error.agent_gate.change_was_already_will</comment>
            <translation>这项更改已经{state}；不会再次运行</translation>
        </message>
        <message>
            <source>this task is running; wait for it to pause</source>
            <comment>error.agent_gate.task_running_wait_pause</comment>
            <translation>这个任务正在运行；请等它暂停</translation>
        </message>
        <message>
            <source>the frozen arguments do not match their input hash (tampered); refusing to run</source>
            <comment>error.agent_gate.frozen_arguments_do_match</comment>
            <translation>冻结的参数与其输入哈希不符（已被篡改）；拒绝运行</translation>
        </message>
        <message>
            <source>the frozen call does not match its ledger entry; refusing to run</source>
            <comment>error.agent_gate.frozen_call_does_match</comment>
            <translation>冻结的调用与其账本条目不符；拒绝运行</translation>
        </message>
        <message>
            <source>the agent's transcript was altered since the call was frozen; refusing to run</source>
            <comment>error.agent_gate.agent_s_transcript_was</comment>
            <translation>调用冻结后，智能体的对话记录被改动过；拒绝运行</translation>
        </message>
        <message>
            <source>the agent moved on since this was proposed (stale checkpoint); ask again</source>
            <comment>error.agent_gate.agent_moved_since_was</comment>
            <translation>提出这项操作后智能体已继续往下进行（检查点已过期）；请重新提出</translation>
        </message>
        <message>
            <source>the proposed call is not in the transcript at the checkpoint; refusing to run</source>
            <comment>error.agent_gate.proposed_call_transcript_checkpoint</comment>
            <translation>提议的调用不在检查点处的对话记录中；拒绝运行</translation>
        </message>
        <message>
            <source>the arguments differ from what the agent proposed (tampered); refusing to run</source>
            <comment>error.agent_gate.arguments_differ_from_what</comment>
            <translation>参数与智能体提议的不同（已被篡改）；拒绝运行</translation>
        </message>
        <message>
            <source>this change was already decided; it will not run again</source>
            <comment>error.agent_gate.change_was_already_decided</comment>
            <translation>这项更改已经决定过；不会再次运行</translation>
        </message>
        <message>
            <source>this change was already decided</source>
            <comment>error.agent_gate.change_was_already_decided_2</comment>
            <translation>这项更改已经决定过</translation>
        </message>
        <message>
            <source>{name} is not one of your tools; you can call: {allowed}</source>
            <comment>error.agent_loop.one_your_tools_you</comment>
            <translation>{name} 不是你的工具；你可以调用：{allowed}</translation>
        </message>
        <message>
            <source>{skill_id} is an instruction-only skill; read it with load_skill and pick a skill with an execution profile to run</source>
            <comment>error.agent_loop.instruction_skill_read_load</comment>
            <translation>{skill_id} 是只有说明的技能；请用 `load_skill` 阅读它，并选择带执行配置的技能来运行</translation>
        </message>
        <message>
            <source>this task already {status}; nothing is waiting for a retry</source>
            <comment>error.agent_retry.task_already_nothing_waiting</comment>
            <translation>这个任务已经{status}；没有等待重试的内容</translation>
        </message>
        <message>
            <source>this change is already being retried; it will not run twice</source>
            <comment>error.agent_retry.change_already_being_retried</comment>
            <translation>这项更改正在重试；不会运行两次</translation>
        </message>
        <message>
            <source>this task is already running</source>
            <comment>error.agent_runtime.task_already_running</comment>
            <translation>这个任务已经在运行</translation>
        </message>
        <message>
            <source>the skill catalog has no {pipeline} flow; run `python -m skills build`</source>
            <comment>error.agent_skillsource.skill_catalog_flow_run</comment>
            <translation>技能目录中没有 {pipeline} 流程；请运行 `python -m skills build`</translation>
        </message>
        <message>
            <source>skill {skill_id} refused: {exc}</source>
            <comment>error.agent_skillsource.skill_refused</comment>
            <translation>技能 {skill_id} 被拒绝：{exc}</translation>
        </message>
        <message>
            <source>the arguments of {name} must be a JSON object, not {type}</source>
            <comment>error.agent_tools.arguments_json_object</comment>
            <translation>{name} 的参数必须是 JSON 对象，而不是 {type}</translation>
        </message>
        <message>
            <source>the arguments of {name} are nested more than {max_depth} levels deep; send a flatter object</source>
            <comment>error.agent_tools.arguments_nested_more_levels</comment>
            <translation>{name} 的参数嵌套超过 {max_depth} 层；请发送更扁平的对象</translation>
        </message>
        <message>
            <source>invalid arguments for {name} at {where}: {value}</source>
            <comment>error.agent_tools.invalid_arguments</comment>
            <translation>{name} 在 {where} 处的参数无效：{value}</translation>
        </message>
        <message>
            <source>{where}: {value} is a folder, not a file</source>
            <comment>error.agent_tools.folder_file</comment>
            <translation>{where}：{value} 是文件夹，不是文件</translation>
        </message>
        <message>
            <source>the arguments of {name} are not valid JSON ({msg} at position {pos})</source>
            <comment>error.agent_tools.arguments_valid_json_position</comment>
            <translation>{name} 的参数不是有效的 JSON（位置 {pos} 处：{msg}）</translation>
        </message>
        <message>
            <source>the arguments of {name} are nested too deeply to read; send a flat object</source>
            <comment>error.agent_tools.arguments_nested_too_deeply</comment>
            <translation>{name} 的参数嵌套太深，无法读取；请发送扁平的对象</translation>
        </message>
        <message>
            <source>{name} has an invalid input schema: {value}</source>
            <comment>error.agent_tools.invalid_input_schema</comment>
            <translation>{name} 的输入结构无效：{value}</translation>
        </message>
        <message>
            <source>{where}: {value}</source>
            <comment>error.agent_tools.failed</comment>
            <translation>{where}：{value}</translation>
        </message>
        <message>
            <source>{value}</source>
            <comment>error.agent_tools.failed.person</comment>
            <translation>{value}</translation>
        </message>
        <message>
            <source>{value} is a folder, not a file.</source>
            <comment>error.agent_tools.folder_file.person</comment>
            <translation>{value} 是文件夹，不是文件。</translation>
        </message>
        <message>
            <source>The request reached the file tool in a form it cannot use, so nothing was changed.</source>
            <comment>error.agent_tools.invalid_arguments.person</comment>
            <translation>请求以文件工具无法使用的形式送达，因此未做任何更改。</translation>
        </message>
        <message>
            <source>The model sent a request Mira cannot read, so nothing was changed.</source>
            <comment>error.agent_tools.arguments_json_object.person</comment>
            <translation>模型发来的请求 Mira 无法读取，因此未做任何更改。</translation>
        </message>
        <message>
            <source>The model sent a request Mira cannot read, so nothing was changed.</source>
            <comment>error.agent_tools.arguments_nested_more_levels.person</comment>
            <translation>模型发来的请求 Mira 无法读取，因此未做任何更改。</translation>
        </message>
        <message>
            <source>The model sent a request Mira cannot read, so nothing was changed.</source>
            <comment>error.agent_tools.arguments_valid_json_position.person</comment>
            <translation>模型发来的请求 Mira 无法读取，因此未做任何更改。</translation>
        </message>
        <message>
            <source>The model sent a request Mira cannot read, so nothing was changed.</source>
            <comment>error.agent_tools.arguments_nested_too_deeply.person</comment>
            <translation>模型发来的请求 Mira 无法读取，因此未做任何更改。</translation>
        </message>
        <message>
            <source>The model asked for a tool Mira does not have, so nothing was changed.</source>
            <comment>error.agent_loop.one_your_tools_you.person</comment>
            <translation>模型请求了 Mira 没有的工具，因此未做任何更改。</translation>
        </message>
        <message>
            <source>The model asked for a skill Mira does not have, so nothing was changed.</source>
            <comment>error.agent_skillsource.no_skill.person</comment>
            <translation>模型请求了 Mira 没有的技能，因此未做任何更改。</translation>
        </message>
        <message>
            <source>The model asked to run a skill that only holds instructions, so nothing was changed.</source>
            <comment>error.agent_loop.instruction_skill_read_load.person</comment>
            <translation>模型要运行一个只含说明的技能，因此未做任何更改。</translation>
        </message>
        <message>
            <source>Mira could not load the skill this request needs, so nothing was changed.</source>
            <comment>error.agent_skillsource.skill_refused.person</comment>
            <translation>Mira 无法载入这个请求需要的技能，因此未做任何更改。</translation>
        </message>
        <message>
            <source>{real} is too broad to be a working folder; choose or create a folder for this work</source>
            <comment>error.agent_workfolder.too_broad_working_folder</comment>
            <translation>{real} 范围太大，不能作为工作文件夹；请为这项工作选择或新建一个文件夹</translation>
        </message>
        <message>
            <source>{real} is a file, not a folder</source>
            <comment>error.agent_workfolder.file_folder</comment>
            <translation>{real} 是文件，不是文件夹</translation>
        </message>
        <message>
            <source>{raw} cannot be used as a working folder: {exc}</source>
            <comment>error.agent_workfolder.used_working_folder</comment>
            <translation>{raw} 不能用作工作文件夹：{exc}</translation>
        </message>
        <message>
            <source>{real} cannot be created: {value}</source>
            <comment>error.agent_workfolder.created</comment>
            <translation>无法创建 {real}：{value}</translation>
        </message>
        <message>
            <source>unknown rule kind {kind} (one of {rule_kinds})</source>
            <comment>error.store_rules.unknown_rule_kind_one</comment>
            <translation>未知规则类型 {kind}（可选：{rule_kinds}）</translation>
        </message>
        <message>
            <source>no approval rule {rule_id}</source>
            <comment>error.store_rules.approval_rule</comment>
            <translation>没有审批规则 {rule_id}</translation>
        </message>
        <message>
            <source>no task {task_id}</source>
            <comment>error.store_tasks.task</comment>
            <translation>没有任务 {task_id}</translation>
        </message>
        <message>
            <source>no ledger entry {ledger_id}</source>
            <comment>error.store_tasks.ledger_entry</comment>
            <translation>没有账本条目 {ledger_id}</translation>
        </message>
        <message>
            <source>no approval {approval_id}</source>
            <comment>error.store_tasks.approval</comment>
            <translation>没有审批 {approval_id}</translation>
        </message>
        <message>
            <source>no conversation {conversation_id}</source>
            <comment>error.store_store.conversation</comment>
            <translation>没有对话 {conversation_id}</translation>
        </message>
        <message>
            <source>no message {message_id}</source>
            <comment>error.store_store.message</comment>
            <translation>没有消息 {message_id}</translation>
        </message>
        <message>
            <source>no artifact {artifact_id}</source>
            <comment>error.store_store.artifact</comment>
            <translation>没有文件 {artifact_id}</translation>
        </message>
        <message>
            <source>an API key needs a server: set the base URL first</source>
            <comment>error.llm_keys.api_key_needs_server</comment>
            <translation>API 密钥需要服务器：请先设置服务地址</translation>
        </message>
        <message>
            <source>the API key is empty</source>
            <comment>error.llm_keys.api_key_empty</comment>
            <translation>API 密钥为空</translation>
        </message>
        <message>
            <source>the API key contains a line break or NUL character</source>
            <comment>error.llm_keys.api_key_contains_line</comment>
            <translation>API 密钥含有换行符或 NUL 字符</translation>
        </message>
        <message>
            <source>the OS keyring refused to store the key ({type}); set MIRA_API_KEY in the environment instead</source>
            <comment>error.llm_keys.os_keyring_refused_store</comment>
            <translation>系统钥匙串拒绝保存密钥（{type}）；请改为在环境变量中设置 MIRA_API_KEY</translation>
        </message>
        <message>
            <source>the OS keyring could not remove the key ({type})</source>
            <comment>error.llm_keys.os_keyring_could_remove</comment>
            <translation>系统钥匙串无法删除密钥（{type}）</translation>
        </message>
        <message>
            <source>the key file could not be written ({value})</source>
            <comment>error.llm_keys.key_file_could_written</comment>
            <translation>无法写入密钥文件（{value}）</translation>
        </message>
        <message>
            <source>script exhausted</source>
            <comment>error.llm_scripted.script_exhausted</comment>
            <translation>脚本已用完</translation>
        </message>
        <message>
            <source>scripted step returned {type}, not a Completion</source>
            <comment>error.llm_scripted.scripted_step_returned_completion</comment>
            <translation>脚本步骤返回了 {type}，而不是 `Completion`</translation>
        </message>
        <message>
            <source>The provider must be one of {choices}, not {value}.</source>
            <comment>error.llm_settings.provider</comment>
            <translation>提供方必须是 {choices} 之一，而不是 {value}。</translation>
        </message>
        <message>
            <source>The model setting {name} must be text.</source>
            <comment>error.llm_settings.text</comment>
            <translation>模型设置 {name} 必须是文本。</translation>
        </message>
        <message>
            <source>The timeout must be a number of seconds.</source>
            <comment>error.llm_settings.timeout_number</comment>
            <translation>超时必须是以秒计的数字。</translation>
        </message>
        <message>
            <source>The timeout must be more than 0 and at most {limit} seconds, not {value}.</source>
            <comment>error.llm_settings.timeout_range</comment>
            <translation>超时必须大于 0 且不超过 {limit} 秒，而不是 {value}。</translation>
        </message>
        <message>
            <source>The context window must be a whole number of tokens (0 = unknown), not {value}.</source>
            <comment>error.llm_settings.context_window</comment>
            <translation>上下文窗口必须是整数个词元（0 表示未知），而不是 {value}。</translation>
        </message>
        <message>
            <source>The answer limit of a tool step must be a whole number of tokens from 16 to {limit}, not {value}.</source>
            <comment>error.llm_settings.output_tool_step</comment>
            <translation>工具步骤的回答上限必须是 16 到 {limit} 之间的整数个词元，而不是 {value}。</translation>
        </message>
        <message>
            <source>The answer limit of a reply must be a whole number of tokens from 16 to {limit}, not {value}.</source>
            <comment>error.llm_settings.output_reply</comment>
            <translation>回复的回答上限必须是 16 到 {limit} 之间的整数个词元，而不是 {value}。</translation>
        </message>
        <message>
            <source>The API must be one of {choices}, not {value}.</source>
            <comment>error.llm_settings.api</comment>
            <translation>API 必须是 {choices} 之一，而不是 {value}。</translation>
        </message>
        <message>
            <source>The base URL is not a valid URL.</source>
            <comment>error.llm_settings.url_invalid</comment>
            <translation>服务地址不是有效的网址。</translation>
        </message>
        <message>
            <source>The base URL must not contain a user name or password; put the key in the key field.</source>
            <comment>error.llm_settings.url_credentials</comment>
            <translation>服务地址不能包含用户名或密码；请把密钥填在密钥栏中。</translation>
        </message>
        <message>
            <source>The base URL must start with http://… or https://…, not {value}.</source>
            <comment>error.llm_settings.url_scheme</comment>
            <translation>服务地址必须以 http://… 或 https://… 开头，而不是 {value}。</translation>
        </message>
        <message>
            <source>The model settings must be an object, not {type}.</source>
            <comment>error.llm_settings.not_object</comment>
            <translation>模型设置必须是一个对象，而不是 {type}。</translation>
        </message>
        <message>
            <source>Unknown model settings: {names}.</source>
            <comment>error.llm_settings.unknown</comment>
            <translation>未知的模型设置：{names}。</translation>
        </message>
        <message>
            <source>The model settings need a provider.</source>
            <comment>error.llm_settings.no_provider</comment>
            <translation>模型设置缺少提供方。</translation>
        </message>
        <message>
            <source>The model settings in the settings file were not used: {error}</source>
            <comment>settings.problem.model</comment>
            <translation>设置文件中的模型设置未被使用：{error}</translation>
        </message>
        <message>
            <source>The workspace folder in the settings file is not a path, so the default folder is used.</source>
            <comment>settings.problem.workspace_root</comment>
            <translation>设置文件中的工作区文件夹不是路径，因此使用默认文件夹。</translation>
        </message>
        <message>
            <source>The language {value} in the settings file is not known, so the system's language is used.</source>
            <comment>settings.problem.language</comment>
            <translation>设置文件中的语言 {value} 无法识别，因此使用系统语言。</translation>
        </message>
        <message>
            <source>The theme {value} in the settings file is not known, so the system's theme is used.</source>
            <comment>settings.problem.theme</comment>
            <translation>设置文件中的主题 {value} 无法识别，因此使用系统主题。</translation>
        </message>
        <message>
            <source>The LibreOffice path in the settings file is not a path, so Mira looks for LibreOffice itself.</source>
            <comment>settings.problem.soffice_path</comment>
            <translation>设置文件中的 LibreOffice 路径不是路径，因此 Mira 会自行查找 LibreOffice。</translation>
        </message>
        <message>
            <source>{name} could not be read, so the default settings are used.
{details}</source>
            <comment>settings.problem.unreadable</comment>
            <translation>无法读取 {name}，因此使用默认设置。
{details}</translation>
        </message>
    </context>
    <context>
        <name>renderers</name>
        <message>
            <source>(empty)</source>
            <translation>（空）</translation>
        </message>
        <message>
            <source>(new)</source>
            <translation>（新增）</translation>
        </message>
        <message>
            <source>(none)</source>
            <translation>（无）</translation>
        </message>
        <message>
            <source>(removed)</source>
            <translation>（删除）</translation>
        </message>
        <message>
            <source>--page must be 1 or more, not {page}</source>
            <translation>--page 必须大于等于 1，而不是 {page}</translation>
        </message>
        <message>
            <source>--width must be between 16 and 8000, not {width}</source>
            <translation>--width 必须在 16 到 8000 之间，而不是 {width}</translation>
        </message>
        <message>
            <source>Add a slide, change the title, replace text, undo …</source>
            <translation>添加幻灯片、修改标题、替换文字、撤销……</translation>
        </message>
        <message>
            <source>Allow similar writes in this conversation</source>
            <translation>在此对话中允许类似写入</translation>
        </message>
        <message>
            <source>Approve</source>
            <translation>批准</translation>
        </message>
        <message>
            <source>Approve this, and from now on writes like it (same skill, same kind of change, new files or files Mira made here) without asking. You can revoke it in Settings.</source>
            <translation>批准这一次，并在此对话中不再询问类似的写入（同一技能、同一种更改：新建文件，或修改 Mira 在此对话中生成的文件）。可以在“设置”中撤销。</translation>
        </message>
        <message>
            <source>Approved — writing…</source>
            <translation>已批准——正在写入…</translation>
        </message>
        <message>
            <source>Approving…</source>
            <translation>正在批准…</translation>
        </message>
        <message>
            <source>Arrow keys move between cells; the formula bar shows the selected one</source>
            <translation>方向键在单元格之间移动；公式栏显示所选单元格的内容</translation>
        </message>
        <message>
            <source>Author</source>
            <translation>作者</translation>
        </message>
        <message>
            <source>Cells</source>
            <translation>单元格</translation>
        </message>
        <message>
            <source>Changes</source>
            <translation>更改</translation>
        </message>
        <message>
            <source>Change…</source>
            <translation>修改…</translation>
        </message>
        <message>
            <source>Chart</source>
            <translation>图表</translation>
        </message>
        <message>
            <source>Chart Title</source>
            <translation>图表标题</translation>
        </message>
        <message>
            <source>Checks: {verdict}</source>
            <translation>检查：{verdict}</translation>
        </message>
        <message>
            <source>Choose the sheet to show</source>
            <translation>选择要显示的工作表</translation>
        </message>
        <message>
            <source>Command:</source>
            <translation>命令：</translation>
        </message>
        <message>
            <source>Compare with v{version}</source>
            <translation>与 v{version} 比较</translation>
        </message>
        <message>
            <source>Contains macros — they were not run</source>
            <translation>包含宏（未运行）</translation>
        </message>
        <message>
            <source>Copy</source>
            <translation>复制</translation>
        </message>
        <message>
            <source>Copy all text</source>
            <translation>复制全部文本</translation>
        </message>
        <message>
            <source>Could not send the decision: {reason}</source>
            <translation>无法发送该决定：{reason}</translation>
        </message>
        <message>
            <source>Ctrl+Page Down also goes forward</source>
            <translation>也可按 Ctrl+Page Down 前进</translation>
        </message>
        <message>
            <source>Ctrl+Page Up also goes back</source>
            <translation>也可按 Ctrl+Page Up 后退</translation>
        </message>
        <message>
            <source>Declined — nothing will be written</source>
            <translation>已拒绝——不会写入任何内容</translation>
        </message>
        <message>
            <source>Denied</source>
            <translation>已拒绝</translation>
        </message>
        <message>
            <source>Deny</source>
            <translation>拒绝</translation>
        </message>
        <message>
            <source>Details</source>
            <translation>详细信息</translation>
        </message>
        <message>
            <source>Diagram</source>
            <translation>图示</translation>
        </message>
        <message>
            <source>Differences: {changes} (compared by {unit}). Changed ones are yellow, added green, removed red.</source>
            <translation>差异：{changes} 处（按{unit}比较）。修改的为黄色，新增的为绿色，删除的为红色。</translation>
        </message>
        <message>
            <source>Document text</source>
            <translation>文档正文</translation>
        </message>
        <message>
            <source>Done — saved {path}</source>
            <translation>已完成——已保存 {path}</translation>
        </message>
        <message>
            <source>Double-click to open this version here in the preview</source>
            <translation>双击可在预览中打开此版本的这一页</translation>
        </message>
        <message>
            <source>Failed</source>
            <translation>失败</translation>
        </message>
        <message>
            <source>Failed — the write did not complete</source>
            <translation>失败——写入没有完成</translation>
        </message>
        <message>
            <source>Failed — {reason}</source>
            <translation>失败——{reason}</translation>
        </message>
        <message>
            <source>File</source>
            <translation>文件</translation>
        </message>
        <message>
            <source>Find</source>
            <translation>查找</translation>
        </message>
        <message>
            <source>Fit width</source>
            <translation>适合宽度</translation>
        </message>
        <message>
            <source>Follow-ups for {name}: add a slide, change the title, replace text, undo …</source>
            <translation>{name} 的后续操作：添加幻灯片、修改标题、替换文字、撤销…</translation>
        </message>
        <message>
            <source>Formula</source>
            <translation>公式</translation>
        </message>
        <message>
            <source>From</source>
            <translation>来源</translation>
        </message>
        <message>
            <source>Hide details</source>
            <translation>隐藏详细信息</translation>
        </message>
        <message>
            <source>Let Mira do this: {what}</source>
            <translation>允许 Mira 执行：{what}</translation>
        </message>
        <message>
            <source>Loading…</source>
            <translation>正在加载…</translation>
        </message>
        <message>
            <source>Make the content as wide as the panel</source>
            <translation>让内容与面板同宽</translation>
        </message>
        <message>
            <source>Make version {version} of {name} the current one again</source>
            <translation>把 {name} 的第 {version} 版恢复为当前版本</translation>
        </message>
        <message>
            <source>Next page</source>
            <translation>下一页</translation>
        </message>
        <message>
            <source>Next sheet</source>
            <translation>下一个工作表</translation>
        </message>
        <message>
            <source>Next slide</source>
            <translation>下一张幻灯片</translation>
        </message>
        <message>
            <source>No checks were recorded for this file.</source>
            <translation>此文件没有记录任何检查。</translation>
        </message>
        <message>
            <source>No notes for this slide.</source>
            <translation>此幻灯片没有备注。</translation>
        </message>
        <message>
            <source>No preview</source>
            <translation>无预览</translation>
        </message>
        <message>
            <source>Not verified</source>
            <translation>未验证</translation>
        </message>
        <message>
            <source>Notes: {notes}</source>
            <translation>备注：{notes}</translation>
        </message>
        <message>
            <source>Nothing was written</source>
            <translation>没有写入任何内容</translation>
        </message>
        <message>
            <source>Nothing was written ({reason})</source>
            <translation>没有写入任何内容（{reason}）</translation>
        </message>
        <message>
            <source>Open</source>
            <translation>打开</translation>
        </message>
        <message>
            <source>Open the PDF with this password</source>
            <translation>用这个密码打开 PDF</translation>
        </message>
        <message>
            <source>Open with the system app</source>
            <translation>用系统应用打开</translation>
        </message>
        <message>
            <source>Open {name} with the system app</source>
            <translation>用系统应用打开 {name}</translation>
        </message>
        <message>
            <source>PDF document</source>
            <translation>PDF 文档</translation>
        </message>
        <message>
            <source>Page picture</source>
            <translation>页面图像</translation>
        </message>
        <message>
            <source>Page view</source>
            <translation>页面视图</translation>
        </message>
        <message>
            <source>Page {i} / {n}</source>
            <translation>第 {i} / {n} 页</translation>
        </message>
        <message>
            <source>Page {page} cannot be shown: {reason}</source>
            <translation>第 {page} 页无法显示：{reason}</translation>
        </message>
        <message>
            <source>Password</source>
            <translation>密码</translation>
        </message>
        <message>
            <source>Pending approval</source>
            <translation>等待批准</translation>
        </message>
        <message>
            <source>Presentation</source>
            <translation>演示文稿</translation>
        </message>
        <message>
            <source>Preview</source>
            <translation>预览</translation>
        </message>
        <message>
            <source>Previous page</source>
            <translation>上一页</translation>
        </message>
        <message>
            <source>Previous sheet</source>
            <translation>上一个工作表</translation>
        </message>
        <message>
            <source>Previous slide</source>
            <translation>上一张幻灯片</translation>
        </message>
        <message>
            <source>Refuse this, nothing is written: {what}</source>
            <translation>拒绝，不写入任何内容：{what}</translation>
        </message>
        <message>
            <source>Rendering pages with LibreOffice…</source>
            <translation>正在用 LibreOffice 渲染页面…</translation>
        </message>
        <message>
            <source>Replace with</source>
            <translation>替换为</translation>
        </message>
        <message>
            <source>Restore v{version}</source>
            <translation>恢复 v{version}</translation>
        </message>
        <message>
            <source>Retry</source>
            <translation>重试</translation>
        </message>
        <message>
            <source>Retrying…</source>
            <translation>正在重试…</translation>
        </message>
        <message>
            <source>Save a copy of {name} somewhere else</source>
            <translation>把 {name} 另存一份到别处</translation>
        </message>
        <message>
            <source>Save as…</source>
            <translation>另存为…</translation>
        </message>
        <message>
            <source>Saved as</source>
            <translation>保存为</translation>
        </message>
        <message>
            <source>Saved {path}, but {reason} (see the file's card)</source>
            <translation>已保存 {path}，但{reason}（详见文件卡片）</translation>
        </message>
        <message>
            <source>Select a cell to see its formula or value</source>
            <translation>选择一个单元格以查看其公式或值</translation>
        </message>
        <message>
            <source>Select all</source>
            <translation>全选</translation>
        </message>
        <message>
            <source>Select all cells</source>
            <translation>选择全部单元格</translation>
        </message>
        <message>
            <source>Select every cell of the sheet</source>
            <translation>选择此工作表的所有单元格</translation>
        </message>
        <message>
            <source>Sheet name</source>
            <translation>工作表名称</translation>
        </message>
        <message>
            <source>Sheet {i} / {n}</source>
            <translation>第 {i} / {n} 个工作表</translation>
        </message>
        <message>
            <source>Sheets</source>
            <translation>工作表</translation>
        </message>
        <message>
            <source>Show or hide the command and its arguments</source>
            <translation>显示或隐藏命令及其参数</translation>
        </message>
        <message>
            <source>Show or hide what was checked in {name}</source>
            <translation>显示或隐藏对 {name} 做了哪些检查</translation>
        </message>
        <message>
            <source>Show the content larger</source>
            <translation>放大显示内容</translation>
        </message>
        <message>
            <source>Show the content smaller</source>
            <translation>缩小显示内容</translation>
        </message>
        <message>
            <source>Show the pages as LibreOffice lays them out</source>
            <translation>按 LibreOffice 的排版显示页面</translation>
        </message>
        <message>
            <source>Show the sheet “{sheet}”</source>
            <translation>显示工作表“{sheet}”</translation>
        </message>
        <message>
            <source>Show {name} here, page by page</source>
            <translation>在这里逐页预览 {name}</translation>
        </message>
        <message>
            <source>Show {name} next to version {version}, differences marked</source>
            <translation>把 {name} 与第 {version} 版并排显示，并标出差异</translation>
        </message>
        <message>
            <source>Side by side</source>
            <translation>并排</translation>
        </message>
        <message>
            <source>Slide picture</source>
            <translation>幻灯片图像</translation>
        </message>
        <message>
            <source>Slide {i} / {n}</source>
            <translation>第 {i} / {n} 张幻灯片</translation>
        </message>
        <message>
            <source>Speaker notes</source>
            <translation>演讲者备注</translation>
        </message>
        <message>
            <source>Spreadsheet</source>
            <translation>电子表格</translation>
        </message>
        <message>
            <source>Stopped — nothing was written</source>
            <translation>已停止——没有写入任何内容</translation>
        </message>
        <message>
            <source>Stopped: {what}</source>
            <translation>已停止：{what}</translation>
        </message>
        <message>
            <source>Subtitle</source>
            <translation>副标题</translation>
        </message>
        <message>
            <source>Target:</source>
            <translation>目标：</translation>
        </message>
        <message>
            <source>Template</source>
            <translation>模板</translation>
        </message>
        <message>
            <source>Text</source>
            <translation>文字</translation>
        </message>
        <message>
            <source>The PDF's password; it is kept in memory only, never saved</source>
            <translation>PDF 的密码；只保存在内存中，从不写入磁盘</translation>
        </message>
        <message>
            <source>The current page as a picture; Ctrl+Page Down moves to the next page</source>
            <translation>当前页面的图像；按 Ctrl+Page Down 转到下一页</translation>
        </message>
        <message>
            <source>The current slide as a picture; its notes are below</source>
            <translation>当前幻灯片的图像；备注在下方</translation>
        </message>
        <message>
            <source>The document as it reads; arrow keys and Page Down scroll it, Ctrl+A selects all and Ctrl+C copies</source>
            <translation>文档的阅读视图；方向键和 Page Down 可滚动，Ctrl+A 全选，Ctrl+C 复制</translation>
        </message>
        <message>
            <source>The notes of the current slide</source>
            <translation>当前幻灯片的备注</translation>
        </message>
        <message>
            <source>The rest of the document could not be read: {reason}</source>
            <translation>文档的其余部分无法读取：{reason}</translation>
        </message>
        <message>
            <source>Thumbnail of {name}</source>
            <translation>{name} 的缩略图</translation>
        </message>
        <message>
            <source>Title</source>
            <translation>标题</translation>
        </message>
        <message>
            <source>Try this write again: {what}</source>
            <translation>再试一次这次写入：{what}</translation>
        </message>
        <message>
            <source>Version</source>
            <translation>版本</translation>
        </message>
        <message>
            <source>Waiting for your approval</source>
            <translation>等待你的批准</translation>
        </message>
        <message>
            <source>What this write changes, before and after: {what}</source>
            <translation>这次写入更改的内容（前后对照）：{what}</translation>
        </message>
        <message>
            <source>Word document</source>
            <translation>Word 文档</translation>
        </message>
        <message>
            <source>Write {target}</source>
            <translation>写入 {target}</translation>
        </message>
        <message>
            <source>Written</source>
            <translation>已写入</translation>
        </message>
        <message>
            <source>You declined: {what}</source>
            <translation>你已拒绝：{what}</translation>
        </message>
        <message>
            <source>Zoom</source>
            <translation>缩放</translation>
        </message>
        <message>
            <source>Zoom (Ctrl+wheel)</source>
            <translation>缩放（Ctrl+滚轮）</translation>
        </message>
        <message>
            <source>Zoom in</source>
            <translation>放大</translation>
        </message>
        <message>
            <source>Zoom out</source>
            <translation>缩小</translation>
        </message>
        <message>
            <source>cells</source>
            <translation>单元格</translation>
        </message>
        <message>
            <source>changed: {change}</source>
            <translation>改动：{change}</translation>
        </message>
        <message>
            <source>could not write {path}</source>
            <translation>无法写入 {path}</translation>
        </message>
        <message>
            <source>embedded object</source>
            <translation>嵌入对象</translation>
        </message>
        <message>
            <source>lines</source>
            <translation>行</translation>
        </message>
        <message>
            <source>paragraphs</source>
            <translation>段落</translation>
        </message>
        <message>
            <source>picture</source>
            <translation>图片</translation>
        </message>
        <message>
            <source>picture not shown (the document's picture budget is used up)</source>
            <translation>图片未显示（该文档的图片额度已用完）</translation>
        </message>
        <message>
            <source>picture too large to show</source>
            <translation>图片太大，无法显示</translation>
        </message>
        <message>
            <source>slides</source>
            <translation>幻灯片</translation>
        </message>
        <message>
            <source>the file could not be read ({detail})</source>
            <translation>无法读取文件（{detail}）</translation>
        </message>
        <message>
            <source>the file has not been written yet</source>
            <translation>文件尚未写入</translation>
        </message>
        <message>
            <source>the file is too large to preview</source>
            <translation>文件太大，无法预览</translation>
        </message>
        <message>
            <source>the file took longer than {seconds} s to read; it is too large or damaged</source>
            <translation>读取文件超过 {seconds} 秒；文件太大或已损坏</translation>
        </message>
        <message>
            <source>{kind} files cannot be compared</source>
            <translation>{kind} 文件无法比较</translation>
        </message>
        <message>
            <source>{left}: {value}</source>
            <translation>{left}：{value}</translation>
        </message>
        <message>
            <source>{loaded}+ rows read</source>
            <translation>已读取 {loaded}+ 行</translation>
        </message>
        <message>
            <source>{name} cannot be read for comparison ({detail})</source>
            <translation>无法读取 {name} 进行比较（{detail}）</translation>
        </message>
        <message>
            <source>{name} has 1 page; there is no page {page}</source>
            <translation>{name} 只有 1 页，没有第 {page} 页</translation>
        </message>
        <message>
            <source>{name} has 1 sheet; there is no sheet {page}</source>
            <translation>{name} 只有 1 个工作表，没有第 {page} 个工作表</translation>
        </message>
        <message>
            <source>{name} has 1 slide; there is no slide {page}</source>
            <translation>{name} 只有 1 张幻灯片，没有第 {page} 张幻灯片</translation>
        </message>
        <message>
            <source>{name} has {count} pages; there is no page {page}</source>
            <translation>{name} 有 {count} 页，没有第 {page} 页</translation>
        </message>
        <message>
            <source>{name} has {count} sheets; there is no sheet {page}</source>
            <translation>{name} 有 {count} 个工作表，没有第 {page} 个工作表</translation>
        </message>
        <message>
            <source>{name} has {count} slides; there is no slide {page}</source>
            <translation>{name} 有 {count} 张幻灯片，没有第 {page} 张幻灯片</translation>
        </message>
        <message>
            <source>{name}: nothing to show</source>
            <translation>{name}：没有可显示的内容</translation>
        </message>
        <message>
            <source>{name}: sheet “{sheet}” could not be read ({detail})</source>
            <translation>{name}：无法读取工作表“{sheet}”（{detail}）</translation>
        </message>
        <message>
            <source>{name}: sheet “{sheet}” is a chart sheet; there are no cells to show</source>
            <translation>{name}：工作表“{sheet}”是图表工作表，没有可显示的单元格</translation>
        </message>
        <message>
            <source>{name}: the PDF needs a password to open</source>
            <translation>{name}：此 PDF 需要密码才能打开</translation>
        </message>
        <message>
            <source>{name}: the PDF reader crashed on this file; it is damaged or hostile</source>
            <translation>{name}：PDF 读取器在此文件上崩溃；文件已损坏或含恶意内容</translation>
        </message>
        <message>
            <source>{name}: the document could not be opened ({detail})</source>
            <translation>{name}：无法打开该文档（{detail}）</translation>
        </message>
        <message>
            <source>{name}: the file needs more memory than a preview may use; it is too large or damaged</source>
            <translation>{name}：文件所需内存超过预览上限；文件太大或已损坏</translation>
        </message>
        <message>
            <source>{name}: the file took longer than {seconds} s to read; it is too large or damaged</source>
            <translation>{name}：读取文件超过 {seconds} 秒；文件太大或已损坏</translation>
        </message>
        <message>
            <source>{name}: the password does not open this PDF</source>
            <translation>{name}：密码无法打开此 PDF</translation>
        </message>
        <message>
            <source>{name}: the presentation could not be opened ({detail})</source>
            <translation>{name}：无法打开演示文稿（{detail}）</translation>
        </message>
        <message>
            <source>{name}: the presentation has no slides</source>
            <translation>{name}：演示文稿没有幻灯片</translation>
        </message>
        <message>
            <source>{name}: the reader crashed on this file; it is damaged or hostile</source>
            <translation>{name}：读取器在此文件上崩溃；文件已损坏或含恶意内容</translation>
        </message>
        <message>
            <source>{name}: the workbook could not be opened ({detail})</source>
            <translation>{name}：无法打开工作簿（{detail}）</translation>
        </message>
        <message>
            <source>{name}: the workbook has no sheets</source>
            <translation>{name}：工作簿没有工作表</translation>
        </message>
        <message>
            <source>{name}: unsupported file type '.{kind}' (DOCX, PDF, PPTX, XLSX)</source>
            <translation>{name}：不支持的文件类型“.{kind}”（支持 DOCX、PDF、PPTX、XLSX）</translation>
        </message>
        <message>
            <source>{percent} %</source>
            <translation>{percent}%</translation>
        </message>
        <message>
            <source>… the rest of the document is not shown (over {count} blocks).</source>
            <translation>… 文档其余部分未显示（超过 {count} 个段落或表格）。</translation>
        </message>
        <message>
            <source>⚠  Cannot show this file</source>
            <translation>⚠  无法显示此文件</translation>
        </message>
    </context>
    <context>
        <name>uchat</name>
        <message>
            <source>Assistant</source>
            <translation>助手</translation>
        </message>
        <message>
            <source>Attach files</source>
            <translation>附加文件</translation>
        </message>
        <message>
            <source>Attachment</source>
            <translation>附件</translation>
        </message>
        <message>
            <source>Attach…</source>
            <translation>附加…</translation>
        </message>
        <message>
            <source>Change the model or its server</source>
            <translation>更改模型或它的服务器</translation>
        </message>
        <message>
            <source>Choose files to send with the message</source>
            <translation>选择要随消息发送的文件</translation>
        </message>
        <message>
            <source>Click to preview, double-click to open in its app</source>
            <translation>单击预览，双击用系统应用打开</translation>
        </message>
        <message>
            <source>Continue</source>
            <translation>继续</translation>
        </message>
        <message>
            <source>Conversation</source>
            <translation>对话</translation>
        </message>
        <message>
            <source>Copy</source>
            <translation>复制</translation>
        </message>
        <message>
            <source>Copy as Markdown</source>
            <translation>复制为 Markdown</translation>
        </message>
        <message>
            <source>Copy link</source>
            <translation>复制链接</translation>
        </message>
        <message>
            <source>Copy text</source>
            <translation>复制文本</translation>
        </message>
        <message>
            <source>Copy the message as it is shown</source>
            <translation>按显示的样子复制消息</translation>
        </message>
        <message>
            <source>Edit and resend</source>
            <translation>编辑后重新发送</translation>
        </message>
        <message>
            <source>Enter to send, Shift+Enter for a new line</source>
            <translation>Enter 发送，Shift+Enter 换行</translation>
        </message>
        <message>
            <source>Error</source>
            <translation>错误</translation>
        </message>
        <message>
            <source>Jump to latest</source>
            <translation>跳到最新</translation>
        </message>
        <message>
            <source>Let the model go on from where its answer was cut off</source>
            <translation>让模型从回答被截断的地方接着写</translation>
        </message>
        <message>
            <source>Message</source>
            <translation>消息</translation>
        </message>
        <message>
            <source>Message shortened for display: {shown} of {total} characters shown; Copy copies all of it.</source>
            <translation>消息显示时已截短：共 {total} 个字符，显示 {shown} 个；“复制”会复制全部内容。</translation>
        </message>
        <message>
            <source>Messages, oldest first; arrow keys move between them</source>
            <translation>消息按时间顺序排列；用方向键在消息之间移动</translation>
        </message>
        <message>
            <source>Message…</source>
            <translation>输入消息…</translation>
        </message>
        <message>
            <source>Notice</source>
            <translation>通知</translation>
        </message>
        <message>
            <source>Open</source>
            <translation>打开</translation>
        </message>
        <message>
            <source>Open Settings</source>
            <translation>打开设置</translation>
        </message>
        <message>
            <source>Open in system app</source>
            <translation>用系统应用打开</translation>
        </message>
        <message>
            <source>Open link</source>
            <translation>打开链接</translation>
        </message>
        <message>
            <source>Put this request in the message box to change and send it again</source>
            <translation>把这个请求放回消息框，修改后再次发送</translation>
        </message>
        <message>
            <source>Remove attachment</source>
            <translation>移除附件</translation>
        </message>
        <message>
            <source>Reply from the assistant</source>
            <translation>助手的回复</translation>
        </message>
        <message>
            <source>Retry</source>
            <translation>重试</translation>
        </message>
        <message>
            <source>Save as…</source>
            <translation>另存为…</translation>
        </message>
        <message>
            <source>Scroll to the newest message</source>
            <translation>滚动到最新消息</translation>
        </message>
        <message>
            <source>Send</source>
            <translation>发送</translation>
        </message>
        <message>
            <source>Send (Enter)</source>
            <translation>发送 (Enter)</translation>
        </message>
        <message>
            <source>Send this request again</source>
            <translation>再次发送这个请求</translation>
        </message>
        <message>
            <source>Show less</source>
            <translation>收起</translation>
        </message>
        <message>
            <source>Show more</source>
            <translation>展开全部</translation>
        </message>
        <message>
            <source>Stop</source>
            <translation>停止</translation>
        </message>
        <message>
            <source>Stop the running task</source>
            <translation>停止正在运行的任务</translation>
        </message>
        <message>
            <source>Thinking, collapsed section</source>
            <translation>思考过程，已折叠的部分</translation>
        </message>
        <message>
            <source>Thinking…</source>
            <translation>思考中…</translation>
        </message>
        <message>
            <source>You</source>
            <translation>你</translation>
        </message>
        <message>
            <source>Your message</source>
            <translation>你的消息</translation>
        </message>
        <message>
            <source>still being written</source>
            <translation>仍在生成</translation>
        </message>
        <message>
            <source>with items below it; Tab reaches their buttons</source>
            <translation>下方附有项目，按 Tab 可到达其按钮</translation>
        </message>
    </context>
</TS>
