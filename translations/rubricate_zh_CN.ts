<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>QObject</name>
    <message>
        <source>Set label</source>
        <translation>设置标注</translation>
    </message>
    <message>
        <source>undo</source>
        <translation>撤销</translation>
    </message>
</context>
<context>
    <name>Rubricate::ImportDialog</name>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>File or folder to import</source>
        <translation>要导入的文件或文件夹</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>&amp;Kind:</source>
        <translation>类型(&amp;K)：</translation>
    </message>
    <message>
        <source>&amp;Path:</source>
        <translation>路径(&amp;P)：</translation>
    </message>
    <message>
        <source>Choose a folder</source>
        <translation>选择文件夹</translation>
    </message>
    <message>
        <source>Choose a file</source>
        <translation>选择文件</translation>
    </message>
    <message>
        <source>Import finished</source>
        <translation>导入完成</translation>
    </message>
    <message>
        <source>%1 (%2) — errors: %L3, warnings: %L4</source>
        <translation>%1（%2）— 错误：%L3，警告：%L4</translation>
    </message>
    <message>
        <source>Nothing was imported.</source>
        <translation>没有导入任何内容。</translation>
    </message>
</context>
<context>
    <name>Rubricate::MainWindow</name>
    <message>
        <source>Rubricate</source>
        <translation>Rubricate</translation>
    </message>
    <message>
        <source>Demo project</source>
        <translation>演示项目</translation>
    </message>
    <message>
        <source>No project open</source>
        <translation>未打开项目</translation>
    </message>
    <message>
        <source>&amp;Open Project…</source>
        <translation>打开项目(&amp;O)…</translation>
    </message>
    <message>
        <source>Open a Rubricate project file</source>
        <translation>打开 Rubricate 项目文件</translation>
    </message>
    <message>
        <source>Open &amp;Demo Project</source>
        <translation>打开演示项目(&amp;D)</translation>
    </message>
    <message>
        <source>Open the bundled demo project, creating it if needed</source>
        <translation>打开内置的演示项目（必要时先创建）</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>导入(&amp;I)…</translation>
    </message>
    <message>
        <source>Import benchmark tasks, reports or judge results</source>
        <translation>导入基准任务、报告或评审结果</translation>
    </message>
    <message>
        <source>&amp;Reload</source>
        <translation>重新加载(&amp;R)</translation>
    </message>
    <message>
        <source>Read the project again</source>
        <translation>重新读取项目</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;About Rubricate</source>
        <translation>关于 Rubricate(&amp;A)</translation>
    </message>
    <message>
        <source>About Rubricate</source>
        <translation>关于 Rubricate</translation>
    </message>
    <message>
        <source>Rubricate %1

A workbench for judging deep-research reports against expert rubrics.</source>
        <translation>Rubricate %1

依据专家评分细则评判深度研究报告的工作台。</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>Main Toolbar</source>
        <translation>主工具栏</translation>
    </message>
    <message>
        <source>Filter tasks and reports…</source>
        <translation>筛选任务和报告…</translation>
    </message>
    <message>
        <source>No recent projects</source>
        <translation>没有最近的项目</translation>
    </message>
    <message>
        <source>&amp;Clear Recent Projects</source>
        <translation>清除最近的项目(&amp;C)</translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation>正在打开 %1…</translation>
    </message>
    <message>
        <source>Preparing the demo project…</source>
        <translation>正在准备演示项目…</translation>
    </message>
    <message>
        <source>Open Project</source>
        <translation>打开项目</translation>
    </message>
    <message>
        <source>Rubricate projects (*.rubricate)</source>
        <translation>Rubricate 项目 (*.rubricate)</translation>
    </message>
    <message>
        <source>All files (*)</source>
        <translation>所有文件 (*)</translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>正在导入 %1…</translation>
    </message>
    <message>
        <source>1 task</source>
        <translation>1 个任务</translation>
    </message>
    <message>
        <source>%L1 tasks</source>
        <translation>%L1 个任务</translation>
    </message>
    <message>
        <source>1 rubric</source>
        <translation>1 条评分细则</translation>
    </message>
    <message>
        <source>%L1 rubrics</source>
        <translation>%L1 条评分细则</translation>
    </message>
    <message>
        <source>1 report</source>
        <translation>1 份报告</translation>
    </message>
    <message>
        <source>%L1 reports</source>
        <translation>%L1 份报告</translation>
    </message>
    <message>
        <source>Opened %1</source>
        <translation>已打开 %1</translation>
    </message>
    <message>
        <source>Select a report in the tree to read it.</source>
        <translation>在左侧树中选择一份报告即可阅读。</translation>
    </message>
    <message>
        <source>This project has no reports yet.</source>
        <translation>此项目还没有报告。</translation>
    </message>
    <message>
        <source>Loading report…</source>
        <translation>正在加载报告…</translation>
    </message>
    <message>
        <source>Judging: %1 of %2 requests, %3 items, %4 errors</source>
        <translation>评审中：%2 个请求中已完成 %1 个，%3 个评分项，%4 个错误</translation>
    </message>
    <message>
        <source>Judge run finished</source>
        <translation>评审运行完成</translation>
    </message>
    <message>
        <source>Judge run %1: %2</source>
        <translation>评审运行%1：%2</translation>
    </message>
    <message>
        <source>&amp;Run Offline Judge</source>
        <translation>运行离线评审(&amp;R)</translation>
    </message>
    <message>
        <source>Judge every report with the offline lexical baseline (no key, no network)</source>
        <translation>用离线词汇基线评审所有报告（无需密钥，无需网络）</translation>
    </message>
    <message>
        <source>&amp;Stop</source>
        <translation>停止(&amp;S)</translation>
    </message>
    <message>
        <source>Stop the running judge; it can be resumed later</source>
        <translation>停止正在进行的评审；之后可以继续</translation>
    </message>
    <message>
        <source>Planning the run…</source>
        <translation>正在规划评审运行…</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>Annotation</source>
        <translation>标注</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>&lt;table&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Up / Down&lt;/b&gt;&lt;/td&gt;&lt;td&gt;previous / next rubric&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;1 / 0 / -&lt;/b&gt;&lt;/td&gt;&lt;td&gt;label the rubric 1, 0 or −1&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;A&lt;/b&gt;&lt;/td&gt;&lt;td&gt;accept the judge&apos;s verdict&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+Z / Ctrl+Shift+Z&lt;/b&gt;&lt;/td&gt;&lt;td&gt;undo / redo a label&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+R&lt;/b&gt;&lt;/td&gt;&lt;td&gt;run the offline judge&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;Ctrl+O&lt;/b&gt;&lt;/td&gt;&lt;td&gt;open a project&lt;/td&gt;&lt;/tr&gt;&lt;tr&gt;&lt;td&gt;&lt;b&gt;F5&lt;/b&gt;&lt;/td&gt;&lt;td&gt;reload the project&lt;/td&gt;&lt;/tr&gt;&lt;/table&gt;&lt;p&gt;Every label is saved at once as an event; nothing is lost on quit.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Rubricate::ProjectJobs</name>
    <message>
        <source>Cannot create the folder for %1.</source>
        <translation>无法为 %1 创建文件夹。</translation>
    </message>
    <message>
        <source>The demo could not be imported:
%1</source>
        <translation>无法导入演示数据：
%1</translation>
    </message>
    <message>
        <source>Cannot move the demo project to %1.</source>
        <translation>无法将演示项目移动到 %1。</translation>
    </message>
</context>
<context>
    <name>Rubricate::ProjectLoader</name>
    <message>
        <source>The project file %1 does not exist.</source>
        <translation>项目文件 %1 不存在。</translation>
    </message>
    <message>
        <source>Report %1 is not in this project.</source>
        <translation>报告 %1 不在此项目中。</translation>
    </message>
</context>
<context>
    <name>Rubricate::ProjectTreeModel</name>
    <message>
        <source>1 task</source>
        <translation>1 个任务</translation>
    </message>
    <message>
        <source>%L1 tasks</source>
        <translation>%L1 个任务</translation>
    </message>
    <message>
        <source>1 rubric</source>
        <translation>1 条细则</translation>
    </message>
    <message>
        <source>%L1 rubrics</source>
        <translation>%L1 条细则</translation>
    </message>
    <message>
        <source>1 report</source>
        <translation>1 份报告</translation>
    </message>
    <message>
        <source>%L1 reports</source>
        <translation>%L1 份报告</translation>
    </message>
    <message>
        <source>Language: %1</source>
        <translation>语言：%1</translation>
    </message>
    <message>
        <source>Theme: %1</source>
        <translation>主题：%1</translation>
    </message>
    <message>
        <source>%L1 chars</source>
        <translation>%L1 字符</translation>
    </message>
    <message>
        <source>no text</source>
        <translation>无文本</translation>
    </message>
    <message>
        <source>1 page</source>
        <translation>1 页</translation>
    </message>
    <message>
        <source>%L1 pages</source>
        <translation>%L1 页</translation>
    </message>
    <message>
        <source>1 import warning</source>
        <translation>1 条导入警告</translation>
    </message>
    <message>
        <source>%L1 import warnings</source>
        <translation>%L1 条导入警告</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
</context>
<context>
    <name>Rubricate::ReportFormat</name>
    <message>
        <source>Markdown</source>
        <translation>Markdown</translation>
    </message>
    <message>
        <source>Plain text</source>
        <translation>纯文本</translation>
    </message>
    <message>
        <source>HTML</source>
        <translation>HTML</translation>
    </message>
    <message>
        <source>PDF</source>
        <translation>PDF</translation>
    </message>
    <message>
        <source>Word document</source>
        <translation>Word 文档</translation>
    </message>
    <message>
        <source>Image</source>
        <translation>图像</translation>
    </message>
    <message>
        <source>JSON</source>
        <translation>JSON</translation>
    </message>
    <message>
        <source>Missing</source>
        <translation>缺失</translation>
    </message>
</context>
<context>
    <name>Rubricate::ReportView</name>
    <message>
        <source>Open a project and select a report in the tree.</source>
        <translation>打开一个项目，然后在左侧树中选择一份报告。</translation>
    </message>
    <message>
        <source>Report %1</source>
        <translation>报告 %1</translation>
    </message>
    <message>
        <source>%L1 characters</source>
        <translation>%L1 个字符</translation>
    </message>
    <message>
        <source>%L1 pages</source>
        <translation>%L1 页</translation>
    </message>
    <message>
        <source>Import warnings: %1</source>
        <translation>导入警告：%1</translation>
    </message>
    <message>
        <source>This report has no text (image/scanned)</source>
        <translation>此报告没有文本（图像或扫描件）</translation>
    </message>
</context>
<context>
    <name>Rubricate::VerdictModel</name>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>found</source>
        <translation>已找到</translation>
    </message>
    <message>
        <source>partly found</source>
        <translation>部分找到</translation>
    </message>
    <message>
        <source>not in report</source>
        <translation>报告中没有</translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>Rubric</source>
        <translation>评分项</translation>
    </message>
    <message>
        <source>Judge</source>
        <translation>评审</translation>
    </message>
    <message>
        <source>Evidence</source>
        <translation>证据</translation>
    </message>
    <message>
        <source>Human</source>
        <translation>人工</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
</context>
<context>
    <name>Rubricate::VerdictPanel</name>
    <message>
        <source>No judge run for this report</source>
        <translation>此报告尚无评审运行</translation>
    </message>
    <message>
        <source>Label %1</source>
        <translation>标注 %1</translation>
    </message>
    <message>
        <source>Accept the judge&apos;s verdict</source>
        <translation>采纳评审结论</translation>
    </message>
    <message numerus="yes">
        <source>Judge run “%1”: %n rubric(s), %2 error(s), %3 quote(s) not in the report</source>
        <translation>
            <numerusform>评审运行“%1”：%n 个评分项，%2 个错误，%3 条引文不在报告中</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No judge run for this report yet: %n rubric(s)</source>
        <translation>
            <numerusform>此报告尚无评审运行：%n 个评分项</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Judge deep-research reports against expert rubrics.</source>
        <translation>依据专家评分细则评判深度研究报告。</translation>
    </message>
    <message>
        <source>Open the bundled demo project.</source>
        <translation>打开内置的演示项目。</translation>
    </message>
    <message>
        <source>Save the window to &lt;file&gt; once a report is shown, then quit.</source>
        <translation>显示报告后将窗口保存到 &lt;file&gt;，然后退出。</translation>
    </message>
    <message>
        <source>Project file to open.</source>
        <translation>要打开的项目文件。</translation>
    </message>
</context>
</TS>
