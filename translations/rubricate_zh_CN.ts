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
        <source>Set note</source>
        <translation>设置备注</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Every label and note is saved at once as an event; quitting or a crash loses nothing.</source>
        <translation>每个标注和备注都会立即作为事件保存；退出或崩溃都不会丢失任何内容。</translation>
    </message>
    <message>
        <source>undefined (%1)</source>
        <translation>未定义（%1）</translation>
    </message>
    <message>
        <source>Confusion: %1 vs %2</source>
        <translation>混淆矩阵：%1 对 %2</translation>
    </message>
    <message>
        <source>Confusion</source>
        <translation>混淆矩阵</translation>
    </message>
    <message>
        <source>people</source>
        <translation>人工</translation>
    </message>
    <message>
        <source>judge</source>
        <translation>评审</translation>
    </message>
    <message>
        <source>Cohen&apos;s κ</source>
        <translation>Cohen κ</translation>
    </message>
    <message>
        <source>Macro-F1</source>
        <translation>Macro-F1</translation>
    </message>
    <message>
        <source>Krippendorff&apos;s α</source>
        <translation>Krippendorff α</translation>
    </message>
    <message>
        <source>agreement</source>
        <translation>一致率</translation>
    </message>
    <message>
        <source>%1 by %2</source>
        <translation>按%2的%1</translation>
    </message>
    <message>
        <source>Krippendorff&apos;s α, judge and people, by level</source>
        <translation>评审与人工的 Krippendorff α（按测量层级）</translation>
    </message>
    <message>
        <source>α</source>
        <translation>α</translation>
    </message>
    <message>
        <source>Cohen&apos;s κ between annotators</source>
        <translation>标注者之间的 Cohen κ</translation>
    </message>
    <message>
        <source>Cannot create %1.</source>
        <translation>无法创建 %1。</translation>
    </message>
    <message>
        <source>Nothing to show</source>
        <translation>没有可显示的内容</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>无法写入 %1。</translation>
    </message>
    <message>
        <source>Rubricate agreement chart</source>
        <translation>Rubricate 一致性图表</translation>
    </message>
    <message>
        <source>Krippendorff&apos;s α among annotators, by level</source>
        <translation>标注者之间的 Krippendorff α（按测量层级）</translation>
    </message>
    <message>
        <source>%1 (undefined)</source>
        <comment>a bar without a value</comment>
        <translation>%1（未定义）</translation>
    </message>
</context>
<context>
    <name>Rubricate::AdjudicationModel</name>
    <message>
        <source>The annotators and the judge do not all give the same label</source>
        <translation>标注者与评审给出的标签并不一致</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
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
        <source>Annotators</source>
        <translation>标注者</translation>
    </message>
    <message>
        <source>Judge</source>
        <translation>评审</translation>
    </message>
    <message>
        <source>Gold</source>
        <translation>金标准</translation>
    </message>
</context>
<context>
    <name>Rubricate::AdjudicationPage</name>
    <message>
        <source>Who</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>标签</translation>
    </message>
    <message>
        <source>Note or reason</source>
        <translation>备注或理由</translation>
    </message>
    <message>
        <source>Note…</source>
        <translation>备注…</translation>
    </message>
    <message>
        <source>Gold label:</source>
        <translation>金标准标签：</translation>
    </message>
    <message>
        <source>Keys: the scale&apos;s label keys record gold · Delete clears it · N note · D / Shift+D next / previous disagreement · J / K next / previous item · Ctrl+Z undo</source>
        <translation>按键：量表的标注键记录金标准 · Delete 清除 · N 备注 · D / Shift+D 下一个 / 上一个分歧 · J / K 下一项 / 上一项 · Ctrl+Z 撤销</translation>
    </message>
    <message>
        <source>Gold label %1</source>
        <translation>金标准标签 %1</translation>
    </message>
    <message>
        <source>Clear the gold label</source>
        <translation>清除金标准标签</translation>
    </message>
    <message>
        <source>Note on the gold label</source>
        <translation>金标准标签的备注</translation>
    </message>
    <message>
        <source>Next disagreement</source>
        <translation>下一个分歧</translation>
    </message>
    <message>
        <source>Previous disagreement</source>
        <translation>上一个分歧</translation>
    </message>
    <message>
        <source>Next item</source>
        <translation>下一项</translation>
    </message>
    <message>
        <source>Previous item</source>
        <translation>上一项</translation>
    </message>
    <message>
        <source>The gold label was not saved: %1</source>
        <translation>金标准标签未保存：%1</translation>
    </message>
    <message>
        <source>Label keys (1 / 0 / -, 1 / P / 0, 0 … 9, T)</source>
        <translation>标注键（1 / 0 / -，1 / P / 0，0 … 9，T）</translation>
    </message>
    <message>
        <source>adjudication: record the gold label</source>
        <translation>裁决：记录金标准标签</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Delete</translation>
    </message>
    <message>
        <source>adjudication: clear the gold label</source>
        <translation>裁决：清除金标准标签</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>adjudication: note on the gold label</source>
        <translation>裁决：金标准标签的备注</translation>
    </message>
    <message>
        <source>D / Shift+D</source>
        <translation>D / Shift+D</translation>
    </message>
    <message>
        <source>adjudication: next / previous disagreement</source>
        <translation>裁决：下一个 / 上一个分歧</translation>
    </message>
    <message>
        <source>J / K</source>
        <translation>J / K</translation>
    </message>
    <message>
        <source>adjudication: next / previous item</source>
        <translation>裁决：下一项 / 上一项</translation>
    </message>
    <message>
        <source>Choose View → Adjudication with a report open, or Adjudicate… on the Agreement page&apos;s disagreements.</source>
        <translation>打开报告后选择“视图 → 裁决”，或在一致性页面的分歧列表中选择“裁决…”。</translation>
    </message>
    <message>
        <source>No items to adjudicate here.</source>
        <translation>这里没有需要裁决的项目。</translation>
    </message>
    <message>
        <source>No gold label yet.</source>
        <translation>尚无金标准标签。</translation>
    </message>
    <message>
        <source>Gold: %1, by %2</source>
        <translation>金标准：%1，由 %2 裁决</translation>
    </message>
    <message>
        <source>Differs from the majority (%1)</source>
        <translation>与多数意见（%1）不同</translation>
    </message>
    <message>
        <source>(cleared)</source>
        <translation>（已清除）</translation>
    </message>
    <message>
        <source>(no annotator has labelled this item)</source>
        <translation>（尚无标注者标注此项）</translation>
    </message>
    <message>
        <source>Judge · %1</source>
        <translation>评审 · %1</translation>
    </message>
    <message>
        <source>error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Gold</source>
        <translation>金标准</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>（尚无）</translation>
    </message>
    <message>
        <source>Gold note</source>
        <translation>金标准备注</translation>
    </message>
    <message>
        <source>Why this gold label:</source>
        <translation>为何是这个金标准标签：</translation>
    </message>
    <message>
        <source>No later disagreement.</source>
        <translation>后面没有分歧了。</translation>
    </message>
    <message>
        <source>No earlier disagreement.</source>
        <translation>前面没有分歧了。</translation>
    </message>
</context>
<context>
    <name>Rubricate::AlignmentDashboard</name>
    <message>
        <source>95 % intervals</source>
        <translation>95% 区间</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>the benchmark&apos;s labels</source>
        <translation>基准自身的标签</translation>
    </message>
    <message>
        <source>binary (met vs not)</source>
        <translation>二元（满足 / 未满足）</translation>
    </message>
    <message>
        <source>no filter</source>
        <translation>不筛选</translation>
    </message>
    <message>
        <source>Percentile bootstrap over rubric items, 1,000 draws</source>
        <translation>对评分项做百分位自助法，1,000 次抽样</translation>
    </message>
    <message>
        <source>seed </source>
        <translation>种子 </translation>
    </message>
    <message>
        <source>The bootstrap&apos;s seed: the same seed gives the same intervals</source>
        <translation>自助法的种子：相同种子得到相同区间</translation>
    </message>
    <message>
        <source>Double-click (or Enter) opens the report at the rubric</source>
        <translation>双击（或回车）在该评分项处打开报告</translation>
    </message>
    <message>
        <source>&amp;Benchmark:</source>
        <translation>基准(&amp;B)：</translation>
    </message>
    <message>
        <source>&amp;Judge:</source>
        <translation>评审(&amp;J)：</translation>
    </message>
    <message>
        <source>&amp;Against:</source>
        <translation>对比(&amp;A)：</translation>
    </message>
    <message>
        <source>&amp;Labels:</source>
        <translation>标签(&amp;L)：</translation>
    </message>
    <message>
        <source>α &amp;level:</source>
        <translation>α 层级(&amp;L)：</translation>
    </message>
    <message>
        <source>B&amp;reakdown:</source>
        <translation>细分(&amp;R)：</translation>
    </message>
    <message>
        <source>&amp;Filter:</source>
        <translation>筛选(&amp;F)：</translation>
    </message>
    <message>
        <source>Comparisons</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Disagreements</source>
        <translation>分歧</translation>
    </message>
    <message>
        <source>Open a project to see how far judge and people agree.</source>
        <translation>打开一个项目，查看评审与人工的一致程度。</translation>
    </message>
    <message>
        <source>human majority</source>
        <translation>人工多数</translation>
    </message>
    <message>
        <source>This project has no ratings yet: run a judge and label some rubrics.</source>
        <translation>此项目还没有评分：请先运行评审并标注一些评分项。</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message numerus="yes">
        <source>%1 vs %2 on %n item(s): agreement %3, κ %4, Macro-F1 %5, α %6.</source>
        <translation>
            <numerusform>%1 对 %2，共 %n 项：一致率 %3，κ %4，Macro-F1 %5，α %6。</numerusform>
        </translation>
    </message>
    <message>
        <source>No person has labelled these items yet: only judge runs are compared.</source>
        <translation>还没有人标注这些评分项：只比较评审运行。</translation>
    </message>
    <message numerus="yes">
        <source>%n annotator(s); all annotators α %1, Fleiss&apos; κ %2.</source>
        <translation>
            <numerusform>%n 位标注者；全体标注者 α %1，Fleiss κ %2。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) where annotators tied have no majority.</source>
        <translation>
            <numerusform>%n 项因标注者票数相同而没有多数。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n judge error(s) left out (errors are never verdicts).</source>
        <translation>
            <numerusform>已排除 %n 个评审错误（错误从不算作结论）。</numerusform>
        </translation>
    </message>
    <message>
        <source>Export the alignment report to a folder</source>
        <translation>将一致性报告导出到文件夹</translation>
    </message>
    <message>
        <source>Every rated item, or only the items of a saved annotation sample</source>
        <translation>所有已评分项，或仅某个已保存标注样本中的项</translation>
    </message>
    <message>
        <source>all items</source>
        <translation>所有项</translation>
    </message>
    <message>
        <source>sample “%1”</source>
        <translation>样本“%1”</translation>
    </message>
    <message>
        <source>&amp;Adjudicate…</source>
        <translation>裁决(&amp;A)…</translation>
    </message>
    <message>
        <source>annotators</source>
        <translation>标注者</translation>
    </message>
    <message>
        <source>gold labels</source>
        <translation>金标准标签</translation>
    </message>
    <message>
        <source>The annotators&apos; labels (as Against says), or the gold labels recorded in View → Adjudication</source>
        <translation>标注者的标签（按“对比”所选），或在“视图 → 裁决”中记录的金标准标签</translation>
    </message>
    <message>
        <source>Every annotator&apos;s label and note and the judge&apos;s verdict side by side, and the gold label</source>
        <translation>并排显示每位标注者的标签和备注、评审的判定，以及金标准标签</translation>
    </message>
    <message>
        <source>&amp;Compare with:</source>
        <translation>比较对象(&amp;C)：</translation>
    </message>
    <message>
        <source>Nobody has adjudicated these items yet: record gold labels in View → Adjudication.</source>
        <translation>这些项目尚未被裁决：请在“视图 → 裁决”中记录金标准标签。</translation>
    </message>
    <message numerus="yes">
        <source>Disagreements of %1 with %2 (%n item(s))</source>
        <translation>
            <numerusform>%1 与 %2 的分歧（%n 项）</numerusform>
        </translation>
    </message>
    <message>
        <source>A&amp;nnotators only</source>
        <translation>仅标注者(&amp;N)</translation>
    </message>
    <message>
        <source>Compare the annotators among themselves, leaving the judge runs out</source>
        <translation>只比较标注者彼此之间的一致性，不纳入评审运行</translation>
    </message>
    <message>
        <source>Annotators only: no judge run is compared.</source>
        <translation>仅标注者：未与任何评审运行比较。</translation>
    </message>
    <message>
        <source>No judge run has rated these items, so no judge run is compared: the annotators are compared among themselves.</source>
        <translation>还没有评审运行评过这些评分项，因此未与任何评审运行比较：只比较标注者彼此之间的一致性。</translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) by %1</source>
        <translation>
            <numerusform>%n 项由 %1 人标注</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n annotator(s): %1.</source>
        <translation>
            <numerusform>%n 位标注者：%1。</numerusform>
        </translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>All together: Krippendorff&apos;s α (%1) %2, Fleiss&apos; κ %3.</source>
        <translation>全体标注者：Krippendorff α（%1）%2，Fleiss κ %3。</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message numerus="yes">
        <source>%1 %n item(s) (%2)</source>
        <translation>
            <numerusform>%1 %n 项（%2）</numerusform>
        </translation>
    </message>
    <message>
        <source>Labels: %1.</source>
        <translation>标签：%1。</translation>
    </message>
    <message>
        <source>; </source>
        <translation>；</translation>
    </message>
    <message>
        <source>all labels</source>
        <translation>全部标签</translation>
    </message>
    <message>
        <source>typed only</source>
        <translation>仅手动输入</translation>
    </message>
    <message>
        <source>typed or accepted</source>
        <translation>手动输入或采纳评审</translation>
    </message>
    <message>
        <source>given blind (judge hidden)</source>
        <translation>盲评给出（评审隐藏）</translation>
    </message>
    <message>
        <source>Which of the annotators&apos; current labels count, by how they were given; an annotator whose current label does not pass has no label for the item</source>
        <translation>按给出方式决定计入哪些标注者的当前标签；当前标签未通过筛选的标注者在该评分项上视为没有标签</translation>
    </message>
    <message>
        <source>Pro&amp;venance:</source>
        <translation>标签出处(&amp;V)：</translation>
    </message>
    <message>
        <source>No judge run has rated this project&apos;s items and no annotator&apos;s current label passes the provenance filter.</source>
        <translation>尚无评审运行评定此项目的评分项，且没有标注者的当前标签通过出处筛选。</translation>
    </message>
</context>
<context>
    <name>Rubricate::AnnotationWriter</name>
    <message numerus="yes">
        <source>The label could not be kept on this computer (%1) while %n earlier label(s) wait for the project; it was not written.</source>
        <translation>
            <numerusform>此标注无法保存在本机（%1），而还有 %n 条更早的标注在等待写入项目；此标注未写入。</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 (nor could it be kept on this computer: %2)</source>
        <translation>%1（也无法保存在本机：%2）</translation>
    </message>
    <message>
        <source>The project refused a label, which is set aside in %1: %2</source>
        <translation>项目拒绝了一条标注，已将其移至 %1：%2</translation>
    </message>
</context>
<context>
    <name>Rubricate::ComparisonsModel</name>
    <message>
        <source>judge vs majority</source>
        <translation>评审对多数</translation>
    </message>
    <message>
        <source>judge vs person</source>
        <translation>评审对个人</translation>
    </message>
    <message>
        <source>person vs person</source>
        <translation>个人对个人</translation>
    </message>
    <message>
        <source>judge vs judge</source>
        <translation>评审对评审</translation>
    </message>
    <message>
        <source>undefined</source>
        <translation>未定义</translation>
    </message>
    <message>
        <source>Comparison</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Rater A</source>
        <translation>评分者 A</translation>
    </message>
    <message>
        <source>Rater B (reference)</source>
        <translation>评分者 B（参照）</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Agreement</source>
        <translation>一致性</translation>
    </message>
    <message>
        <source>Cohen&apos;s κ</source>
        <translation>Cohen κ</translation>
    </message>
    <message>
        <source>Macro-F1</source>
        <translation>Macro-F1</translation>
    </message>
    <message>
        <source>α</source>
        <translation>α</translation>
    </message>
</context>
<context>
    <name>Rubricate::CoreText</name>
    <message>
        <source>nominal</source>
        <translation>名义</translation>
    </message>
    <message>
        <source>ordinal</source>
        <translation>顺序</translation>
    </message>
    <message>
        <source>interval</source>
        <translation>区间</translation>
    </message>
    <message>
        <source>ratio</source>
        <translation>比率</translation>
    </message>
    <message>
        <source>dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>persona</source>
        <translation>用户画像</translation>
    </message>
    <message>
        <source>language</source>
        <translation>语言</translation>
    </message>
    <message>
        <source>theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <source>human majority</source>
        <translation>人工多数</translation>
    </message>
    <message>
        <source>gold labels</source>
        <translation>金标准标签</translation>
    </message>
    <message>
        <source>the table has no units</source>
        <translation>表中没有任何单元</translation>
    </message>
    <message>
        <source>the table has fewer than two raters</source>
        <translation>表中评分者少于两位</translation>
    </message>
    <message>
        <source>no unit has values from two raters</source>
        <translation>没有任何单元同时有两位评分者的值</translation>
    </message>
    <message>
        <source>every value is the same, so agreement cannot be told from chance</source>
        <translation>所有值都相同，因此无法把一致性与偶然区分开</translation>
    </message>
    <message>
        <source>the ratio metric needs values of zero or more</source>
        <translation>比率度量要求值大于或等于零</translation>
    </message>
    <message>
        <source>the two raters must be two different raters of the table</source>
        <translation>两位评分者必须是表中两位不同的评分者</translation>
    </message>
    <message>
        <source>units have different numbers of ratings; Fleiss&apos; kappa needs the same number for every unit (use Krippendorff&apos;s alpha)</source>
        <translation>各单元的评分数不同；Fleiss κ 要求每个单元的评分数相同（请改用 Krippendorff α）</translation>
    </message>
    <message>
        <source>every unit has a single rating</source>
        <translation>每个单元都只有一个评分</translation>
    </message>
    <message>
        <source>no bootstrap draw gave a value</source>
        <translation>没有任何自助抽样得到值</translation>
    </message>
    <message>
        <source>the bootstrap draw does not have one multiplicity per unit</source>
        <translation>自助抽样的重数个数与单元数不一致</translation>
    </message>
    <message>
        <source>%1 of %2 draws undefined</source>
        <translation>%2 次抽样中有 %1 次未定义</translation>
    </message>
    <message>
        <source>Info recall</source>
        <translation>信息召回</translation>
    </message>
    <message>
        <source>Analysis</source>
        <translation>分析</translation>
    </message>
    <message>
        <source>Presentation</source>
        <translation>呈现</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>总分</translation>
    </message>
    <message>
        <source>Blocked rate</source>
        <translation>屏蔽来源比例</translation>
    </message>
    <message>
        <source>Compliance</source>
        <translation>符合度</translation>
    </message>
    <message>
        <source>Precision (micro)</source>
        <translation>精确率（微平均）</translation>
    </message>
    <message>
        <source>Precision (macro)</source>
        <translation>精确率（宏平均）</translation>
    </message>
    <message>
        <source>Recall (micro)</source>
        <translation>召回率（微平均）</translation>
    </message>
    <message>
        <source>Recall (macro)</source>
        <translation>召回率（宏平均）</translation>
    </message>
    <message>
        <source>Refs per report</source>
        <translation>每篇报告的参考文献数</translation>
    </message>
    <message>
        <source>Goal alignment</source>
        <translation>目标契合度</translation>
    </message>
    <message>
        <source>Content alignment</source>
        <translation>内容契合度</translation>
    </message>
    <message>
        <source>Presentation fit</source>
        <translation>呈现适配度</translation>
    </message>
    <message>
        <source>Actionability practicality</source>
        <translation>可操作性与实用性</translation>
    </message>
    <message>
        <source>Depth insight</source>
        <translation>深度与洞见</translation>
    </message>
    <message>
        <source>Logical coherence</source>
        <translation>逻辑连贯性</translation>
    </message>
    <message>
        <source>Clarity readability</source>
        <translation>清晰度与可读性</translation>
    </message>
    <message>
        <source>P (personalization)</source>
        <translation>P（个性化）</translation>
    </message>
    <message>
        <source>Q (quality)</source>
        <translation>Q（质量）</translation>
    </message>
    <message>
        <source>R (reliability)</source>
        <translation>R（可靠性）</translation>
    </message>
    <message>
        <source>Overall</source>
        <translation>综合</translation>
    </message>
    <message>
        <source>Means over tasks of each model&apos;s per-task scores (task-macro), as the footer row of the reference&apos;s agg_scores CSVs.</source>
        <translation>各模型逐任务得分在任务上的平均（任务宏平均），与参考实现 agg_scores CSV 的末行一致。</translation>
    </message>
    <message>
        <source>Mean weighted compliance over a model&apos;s reports (sample-macro); per axis from that axis&apos;s criteria inside each report.</source>
        <translation>模型各报告加权符合度的平均（样本宏平均）；每个轴在各报告内只用该轴的标准计算。</translation>
    </message>
    <message>
        <source>Citation precision and recall against the surveys&apos; ground-truth references; micro pools the counts, macro averages the reports.</source>
        <translation>相对综述真实参考文献的引用精确率与召回率；微平均合并计数，宏平均对报告取平均。</translation>
    </message>
    <message>
        <source>Means over a model&apos;s reports (item-macro) of the criterion-weighted dimension averages and of the dimension-weighted P and Q, on 0-10; overall is the mean of the available P, Q and R.</source>
        <translation>模型各报告上按标准加权的维度平均分及按维度加权的 P、Q 的平均（逐项宏平均），0–10 分；综合为已有的 P、Q、R 的平均。</translation>
    </message>
    <message>
        <source>no task with a usable score</source>
        <translation>没有得分可用的任务</translation>
    </message>
    <message>
        <source>no task with a usable score on this dimension</source>
        <translation>此维度上没有得分可用的任务</translation>
    </message>
    <message>
        <source>no report with a compliance (every criterion failed, or no positive weight)</source>
        <translation>没有可计算符合度的报告（所有标准都失败，或没有正权重）</translation>
    </message>
    <message>
        <source>no criterion of this axis was judged</source>
        <translation>此轴的标准都未被评审</translation>
    </message>
    <message>
        <source>no report with a value on this axis (only pitfalls, or every criterion failed)</source>
        <translation>没有报告在此轴上有值（只有陷阱项，或所有标准都失败）</translation>
    </message>
    <message>
        <source>every report was dropped</source>
        <translation>所有报告都被剔除</translation>
    </message>
    <message>
        <source>no report names a paper</source>
        <translation>没有报告引用论文</translation>
    </message>
    <message>
        <source>no criterion of this dimension was judged</source>
        <translation>此维度的标准都未被评审</translation>
    </message>
    <message>
        <source>every criterion of this dimension failed</source>
        <translation>此维度的所有标准都失败</translation>
    </message>
    <message>
        <source>no report with a usable P</source>
        <translation>没有 P 可用的报告</translation>
    </message>
    <message>
        <source>no report with a usable Q</source>
        <translation>没有 Q 可用的报告</translation>
    </message>
    <message>
        <source>none of P, Q, R has a value</source>
        <translation>P、Q、R 都没有值</translation>
    </message>
    <message>
        <source>no item was labelled by people</source>
        <translation>没有评分项经人工标注</translation>
    </message>
    <message>
        <source>no item was judged</source>
        <translation>没有评分项经过评审</translation>
    </message>
    <message>
        <source>no judged item without a label: the judge has nothing to add</source>
        <translation>没有未标注的已评审评分项：评审无可补充</translation>
    </message>
    <message>
        <source>one labelled item cannot show how much the outcomes vary</source>
        <translation>仅一个已标注评分项无法显示结果的变化幅度</translation>
    </message>
    <message>
        <source>nothing in the sample varies (every labelled outcome is the same), so no interval can be given</source>
        <translation>样本中没有任何变化（所有已标注结果都相同），因此无法给出区间</translation>
    </message>
    <message>
        <source>even with every judged item labelled the interval would be ±%1</source>
        <translation>即使标注每个已评判的条目，区间仍为 ±%1</translation>
    </message>
    <message>
        <source>Personalization</source>
        <translation>个性化</translation>
    </message>
    <message>
        <source>Quality</source>
        <translation>质量</translation>
    </message>
    <message>
        <source>R n (reports)</source>
        <translation>R n（报告数）</translation>
    </message>
    <message>
        <source>no report whose support was judged</source>
        <translation>没有已评判来源支持的报告</translation>
    </message>
    <message>
        <source>DeepResearch Bench II</source>
        <translation>DeepResearch Bench II</translation>
    </message>
    <message>
        <source>ResearchRubrics</source>
        <translation>ResearchRubrics</translation>
    </message>
    <message>
        <source>PDR-Bench</source>
        <translation>PDR-Bench</translation>
    </message>
    <message>
        <source>ReportBench</source>
        <translation>ReportBench</translation>
    </message>
</context>
<context>
    <name>Rubricate::CorrectedPairsModel</name>
    <message>
        <source>tie: the interval holds 0</source>
        <translation>并列：区间包含 0</translation>
    </message>
    <message>
        <source>%1 is better</source>
        <translation>%1 更好</translation>
    </message>
    <message>
        <source>Model A</source>
        <translation>模型 A</translation>
    </message>
    <message>
        <source>Model B</source>
        <translation>模型 B</translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>PPI++ A − B [95 % CI]</source>
        <translation>PPI++ A − B [95 % 置信区间]</translation>
    </message>
    <message>
        <source>A better than B?</source>
        <translation>A 优于 B？</translation>
    </message>
</context>
<context>
    <name>Rubricate::CorrectedScoresModel</name>
    <message numerus="yes">
        <source>The judge&apos;s mean over all %n judged item(s); its interval, %1, ignores the judge&apos;s errors</source>
        <translation>
            <numerusform>评审在全部 %n 个已评审评分项上的均值；其区间 %1 未考虑评审的误差</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) whose annotators tied have no majority and count as not labelled</source>
        <translation>
            <numerusform>%n 个评分项的标注者意见持平，没有多数，计为未标注</numerusform>
        </translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>排名</translation>
    </message>
    <message>
        <source>Judge only</source>
        <translation>仅评审</translation>
    </message>
    <message>
        <source>PPI++ [95 % CI]</source>
        <translation>PPI++ [95 % 置信区间]</translation>
    </message>
    <message>
        <source>People only [95 % CI]</source>
        <translation>仅人工 [95 % 置信区间]</translation>
    </message>
    <message>
        <source>n labelled</source>
        <translation>n 已标注</translation>
    </message>
    <message>
        <source>N judged</source>
        <translation>N 已评审</translation>
    </message>
    <message>
        <source>n_eff</source>
        <translation>n_eff</translation>
    </message>
    <message>
        <source>The judge&apos;s mean corrected by its errors on the labelled items (prediction-powered inference, PPI++)</source>
        <translation>用评审在已标注评分项上的误差校正后的评审均值（预测驱动推断，PPI++）</translation>
    </message>
    <message>
        <source>The mean of the people&apos;s labels alone</source>
        <translation>仅由人工标注得出的均值</translation>
    </message>
    <message>
        <source>How many labelled items the people-only estimate would need for the PPI++ precision</source>
        <translation>仅人工估计要达到 PPI++ 的精度所需的已标注评分项数</translation>
    </message>
    <message>
        <source>By the PPI++ intervals, among the models that have one: “=2” shares second place with every model whose interval overlaps</source>
        <translation>依据 PPI++ 区间，仅在有区间的模型之间排名：“=2”表示与区间重叠的每个模型并列第二</translation>
    </message>
</context>
<context>
    <name>Rubricate::CorrectedView</name>
    <message>
        <source>undefined: %1</source>
        <translation>未定义：%1</translation>
    </message>
    <message>
        <source>%1 (no interval: %2)</source>
        <translation>%1（无区间：%2）</translation>
    </message>
    <message>
        <source>%1 [%2, %3]</source>
        <translation>%1 [%2, %3]</translation>
    </message>
    <message>
        <source>Per &amp;dimension</source>
        <translation>按维度(&amp;D)</translation>
    </message>
    <message>
        <source>The study whose labels are the hand-labelled sample</source>
        <translation>其标注构成人工标注样本的研究</translation>
    </message>
    <message>
        <source>What counts as the true outcome of a labelled item</source>
        <translation>以什么作为已标注评分项的真实结果</translation>
    </message>
    <message>
        <source>&amp;Study:</source>
        <translation>研究(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Gold:</source>
        <translation>金标准(&amp;G)：</translation>
    </message>
    <message>
        <source>Is model A better than model B?</source>
        <translation>模型 A 是否优于模型 B？</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>Corrected scores need a study: sample items to label (Agreement page), label them, and the study&apos;s labels correct the judge.</source>
        <translation>校正分数需要一项研究：抽取待标注的评分项（一致性页面）并完成标注，研究的标注即可校正评审。</translation>
    </message>
    <message>
        <source>Human majority</source>
        <translation>人工多数</translation>
    </message>
    <message>
        <source>Adjudicated gold</source>
        <translation>裁定的金标准</translation>
    </message>
    <message>
        <source>Annotator %1</source>
        <translation>标注者 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) whose annotators tied have no majority and count as not labelled.</source>
        <translation>
            <numerusform>%n 个评分项的标注者意见持平，没有多数，计为未标注。</numerusform>
        </translation>
    </message>
    <message>
        <source>Study “%1”, judge run “%2”, gold: %3. PPI++ corrects the judge&apos;s score by its errors on the labelled items; 95 % normal intervals. Ranks whose intervals overlap are ties (“=”). A value that cannot be computed says why: the judge&apos;s score never stands in for it.</source>
        <translation>研究“%1”，评审运行“%2”，金标准：%3。PPI++ 用评审在已标注评分项上的误差校正其分数；95 % 正态区间。区间重叠的排名视为并列（“=”）。无法计算的值会说明原因：绝不以评审的分数代替。</translation>
    </message>
    <message>
        <source>no labels</source>
        <translation>无标注</translation>
    </message>
    <message>
        <source>nothing judged</source>
        <translation>无评审</translation>
    </message>
    <message>
        <source>every judged item labelled</source>
        <translation>已评审评分项全部已标注</translation>
    </message>
    <message>
        <source>one label</source>
        <translation>仅一个标注</translation>
    </message>
    <message>
        <source>labels all the same</source>
        <translation>标注全部相同</translation>
    </message>
    <message>
        <source>Writes the corrected and the pairwise tables as CSV, JSON or a LaTeX table, as rubricate-cli score … --corrected writes them</source>
        <translation>将校正表和两两比较表写为 CSV、JSON 或 LaTeX 表格，与 rubricate-cli score … --corrected 写出的相同</translation>
    </message>
    <message>
        <source>Wrote %1</source>
        <translation>已写入 %1</translation>
    </message>
    <message>
        <source>Not written: %1</source>
        <translation>未写入：%1</translation>
    </message>
    <message>
        <source>Export the corrected leaderboard</source>
        <translation>导出校正后的排行榜</translation>
    </message>
    <message>
        <source>CSV, with the pairwise table beside it (*.csv)</source>
        <translation>CSV，两两比较表另存于旁 (*.csv)</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>LaTeX table (*.tex)</source>
        <translation>LaTeX 表格 (*.tex)</translation>
    </message>
    <message>
        <source>%1 is not a .csv, .json or .tex file</source>
        <translation>%1 不是 .csv、.json 或 .tex 文件</translation>
    </message>
    <message>
        <source>&amp;Export Tables…</source>
        <translation>导出表格(&amp;E)…</translation>
    </message>
</context>
<context>
    <name>Rubricate::CriteriaDialog</name>
    <message numerus="yes">
        <source>%n judge verdict(s)</source>
        <translation>
            <numerusform>%n 条评审结论</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n human label event(s)</source>
        <translation>
            <numerusform>%n 条人工标注事件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n sample assignment(s)</source>
        <translation>
            <numerusform>%n 条样本分配</numerusform>
        </translation>
    </message>
    <message>
        <source>Loading the criteria…</source>
        <translation>正在加载标准…</translation>
    </message>
    <message>
        <source>&amp;Add Criterion</source>
        <translation>添加标准(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>删除(&amp;R)</translation>
    </message>
    <message>
        <source>Add &amp;Dimension</source>
        <translation>添加维度(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Normalise</source>
        <translation>归一化(&amp;N)</translation>
    </message>
    <message>
        <source>PDR Criteria</source>
        <translation>PDR 评分标准</translation>
    </message>
    <message>
        <source>Move the criterion up within its dimension</source>
        <translation>在维度内上移该标准</translation>
    </message>
    <message>
        <source>Move the criterion down within its dimension</source>
        <translation>在维度内下移该标准</translation>
    </message>
    <message>
        <source>Scale the weights of every dimension and every family so that they sum to 1</source>
        <translation>缩放每个维度和每个类别的权重，使其和为 1</translation>
    </message>
    <message>
        <source>Every known dimension is there</source>
        <translation>所有已知维度均已存在</translation>
    </message>
    <message>
        <source>Query %1 is not in this project.</source>
        <translation>查询 %1 不在此项目中。</translation>
    </message>
    <message>
        <source>The criteria could not be read: %1</source>
        <translation>无法读取标准：%1</translation>
    </message>
    <message>
        <source>PDR Criteria — query %1</source>
        <translation>PDR 评分标准 — 查询 %1</translation>
    </message>
    <message>
        <source>no persona</source>
        <translation>无用户画像</translation>
    </message>
    <message>
        <source>%1 (id %2)</source>
        <translation>%1（编号 %2）</translation>
    </message>
    <message>
        <source>Query %1 · %2 · %3
%4</source>
        <translation>查询 %1 · %2 · %3
%4</translation>
    </message>
    <message>
        <source>Every family&apos;s W_d and every dimension&apos;s w_c sum to 1 (within 1e-6).</source>
        <translation>每个类别的 W_d 与每个维度的 w_c 之和均为 1（误差 1e-6 以内）。</translation>
    </message>
    <message>
        <source>Fix the weights first (Normalise makes every sum 1).</source>
        <translation>请先修正权重（“归一化”会使每个和为 1）。</translation>
    </message>
    <message>
        <source>People have labelled this criterion; labels are never deleted, so it stays (a weight of 0 leaves it out of the score)</source>
        <translation>已有人标注此标准；标注永不删除，因此它会保留（权重设为 0 即不计入得分）</translation>
    </message>
    <message>
        <source>This criterion has %1.</source>
        <translation>此标准有 %1。</translation>
    </message>
    <message>
        <source>“%1” (%2)</source>
        <translation>“%1”（%2）</translation>
    </message>
    <message>
        <source>criterion %1 (%2)</source>
        <translation>标准 %1（%2）</translation>
    </message>
    <message>
        <source>Removing these criteria deletes their judge verdicts:
%1

</source>
        <translation>删除这些标准会同时删除其评审结论：
%1

</translation>
    </message>
    <message>
        <source>These criteria were reworded after judges or people answered them; those answers will be shown as stale:
%1

</source>
        <translation>这些标准在评审或人工作答后被改写；这些答案将显示为过期：
%1

</translation>
    </message>
    <message>
        <source>Save anyway?</source>
        <translation>仍要保存吗？</translation>
    </message>
    <message>
        <source>Save Criteria</source>
        <translation>保存标准</translation>
    </message>
    <message>
        <source>Nothing was saved: %1</source>
        <translation>未保存任何内容：%1</translation>
    </message>
    <message>
        <source>Read only. %1.</source>
        <translation>只读。%1。</translation>
    </message>
    <message>
        <source>&amp;Close</source>
        <translation>关闭(&amp;C)</translation>
    </message>
</context>
<context>
    <name>Rubricate::CriteriaModel</name>
    <message>
        <source>%1: the dimension weights W_d sum to %2, not 1.</source>
        <translation>%1：维度权重 W_d 之和为 %2，而不是 1。</translation>
    </message>
    <message>
        <source>%1 has no criteria: add one, or it is dropped on saving.</source>
        <translation>%1 没有标准：请添加一条，否则保存时会被丢弃。</translation>
    </message>
    <message>
        <source>%1: the criterion weights w_c sum to %2, not 1.</source>
        <translation>%1：标准权重 w_c 之和为 %2，而不是 1。</translation>
    </message>
    <message>
        <source>%1 has a criterion without text.</source>
        <translation>%1 有一条没有文字的标准。</translation>
    </message>
    <message>
        <source>%1 has a negative weight.</source>
        <translation>%1 有负权重。</translation>
    </message>
    <message>
        <source>new</source>
        <translation>新</translation>
    </message>
    <message>
        <source>reworded</source>
        <translation>已改写</translation>
    </message>
    <message>
        <source>no criteria</source>
        <translation>无标准</translation>
    </message>
    <message>
        <source>Σ W_d = %1</source>
        <translation>Σ W_d = %1</translation>
    </message>
    <message>
        <source>Σ w_c = %1</source>
        <translation>Σ w_c = %1</translation>
    </message>
    <message>
        <source>Criterion</source>
        <translation>标准</translation>
    </message>
    <message>
        <source>Explanation</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>New criterion</source>
        <translation>新标准</translation>
    </message>
</context>
<context>
    <name>Rubricate::DisagreementsModel</name>
    <message>
        <source>Task</source>
        <translation>任务</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>智能体</translation>
    </message>
    <message>
        <source>Dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>Judge</source>
        <translation>评审</translation>
    </message>
    <message>
        <source>People</source>
        <translation>人工</translation>
    </message>
    <message>
        <source>Annotators</source>
        <translation>标注者</translation>
    </message>
    <message>
        <source>Rubric</source>
        <translation>评分项</translation>
    </message>
</context>
<context>
    <name>Rubricate::ExtendSampleDialog</name>
    <message>
        <source>Extend the Study&apos;s Sample</source>
        <translation>扩充研究的样本</translation>
    </message>
    <message>
        <source>The half-width the PPI++ interval of each model&apos;s score should shrink to, on the benchmark&apos;s score scale, at 95 %</source>
        <translation>每个模型得分的 PPI++ 区间应缩小到的半宽（按基准的得分尺度，95 % 置信）</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Labelled</source>
        <translation>已标注</translation>
    </message>
    <message>
        <source>Judged</source>
        <translation>已评判</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>当前</translation>
    </message>
    <message>
        <source>Then</source>
        <translation>扩充后</translation>
    </message>
    <message>
        <source>More labels</source>
        <translation>还需标注</translation>
    </message>
    <message>
        <source>&amp;Extend</source>
        <translation>扩充(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Study:</source>
        <translation>研究(&amp;S)：</translation>
    </message>
    <message>
        <source>Target &amp;half-width:</source>
        <translation>目标半宽(&amp;H)：</translation>
    </message>
    <message>
        <source>Per model, how many more items people must label for the judge-corrected (PPI++) score&apos;s interval to shrink to the target, predicted from the labels so far. The items are drawn with the study&apos;s seed from the items the judge rated and the study has not sampled, and assigned to its annotators; nothing it has changes.</source>
        <translation>按模型列出：要让评判校正（PPI++）得分的区间缩小到目标，还需人工标注多少条目（根据已有标注预测）。新条目使用研究的随机种子，从评判者已评分、而研究尚未抽取的条目中抽取，并分配给研究的标注者；研究已有的内容均保持不变。</translation>
    </message>
    <message>
        <source>Drawing and saving the items…</source>
        <translation>正在抽取并保存条目…</translation>
    </message>
    <message>
        <source>The items could not be saved: %1</source>
        <translation>无法保存条目：%1</translation>
    </message>
    <message>
        <source>Reading the study&apos;s labels and the judge&apos;s verdicts…</source>
        <translation>正在读取研究的标注和评判者的裁决…</translation>
    </message>
    <message>
        <source>No plan: %1</source>
        <translation>无计划：%1</translation>
    </message>
    <message>
        <source>Nothing to add: every model has reached the target or cannot reach it.</source>
        <translation>无需添加：每个模型都已达到目标或无法达到。</translation>
    </message>
    <message numerus="yes">
        <source>%n more item(s) to label, each by as many annotators as the study gives an item.</source>
        <translation>
            <numerusform>还需标注 %n 个条目，每个条目由研究为一个条目指定的标注者人数来标注。</numerusform>
        </translation>
    </message>
    <message>
        <source>not reachable</source>
        <translation>无法达到</translation>
    </message>
    <message>
        <source>%1: not reachable: %2</source>
        <translation>%1：无法达到：%2</translation>
    </message>
</context>
<context>
    <name>Rubricate::IdentityDialog</name>
    <message>
        <source>I am &amp;one of these annotators:</source>
        <translation>我是以下标注者之一(&amp;O)：</translation>
    </message>
    <message>
        <source>I am a &amp;new annotator, named:</source>
        <translation>我是新标注者，名称为(&amp;N)：</translation>
    </message>
    <message>
        <source>Who Is Annotating?</source>
        <translation>谁在标注？</translation>
    </message>
    <message>
        <source>Your name as others should see it</source>
        <translation>其他人将看到的你的名称</translation>
    </message>
    <message>
        <source>Every label is stored under the person who gives it, so that several people can annotate one project and be compared. Renaming yourself later keeps your labels.</source>
        <translation>每个标注都保存在给出它的人名下，因此多人可以标注同一项目并相互比较。以后更改自己的名称也会保留你的标注。</translation>
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
    <message>
        <source>Agent &amp;model:</source>
        <translation>智能体模型(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Run name:</source>
        <translation>运行名称(&amp;R)：</translation>
    </message>
    <message>
        <source>Default: from the folder or file name</source>
        <translation>默认：取自文件夹或文件名</translation>
    </message>
    <message>
        <source>Default: the file name</source>
        <translation>默认：文件名</translation>
    </message>
    <message>
        <source>Command line: %1</source>
        <translation>命令行：%1</translation>
    </message>
    <message>
        <source>DeepResearch Bench II: tasks and rubrics</source>
        <translation>DeepResearch Bench II：任务与评分项</translation>
    </message>
    <message>
        <source>DeepResearch Bench II: reports (a folder per agent)</source>
        <translation>DeepResearch Bench II：报告（每个智能体一个文件夹）</translation>
    </message>
    <message>
        <source>DeepResearch Bench II: verdicts of the official judge</source>
        <translation>DeepResearch Bench II：官方评审的判定</translation>
    </message>
    <message>
        <source>ResearchRubrics: prompts and rubrics</source>
        <translation>ResearchRubrics：提示与评分项</translation>
    </message>
    <message>
        <source>ResearchRubrics: responses (a folder)</source>
        <translation>ResearchRubrics：回答（一个文件夹）</translation>
    </message>
    <message>
        <source>ResearchRubrics: verdicts of the reference judge</source>
        <translation>ResearchRubrics：参考评审的判定</translation>
    </message>
    <message>
        <source>ReportBench: tasks and ground-truth references</source>
        <translation>ReportBench：任务与标准参考文献</translation>
    </message>
    <message>
        <source>ReportBench: model outputs (a folder)</source>
        <translation>ReportBench：模型输出（一个文件夹）</translation>
    </message>
    <message>
        <source>PDR-Bench: the whole data folder</source>
        <translation>PDR-Bench：整个数据文件夹</translation>
    </message>
    <message>
        <source>PDR-Bench: personas</source>
        <translation>PDR-Bench：用户画像</translation>
    </message>
    <message>
        <source>PDR-Bench: queries</source>
        <translation>PDR-Bench：查询</translation>
    </message>
    <message>
        <source>PDR-Bench: criteria and weights</source>
        <translation>PDR-Bench：评分标准与权重</translation>
    </message>
    <message>
        <source>PDR-Bench: one model&apos;s outputs</source>
        <translation>PDR-Bench：一个模型的输出</translation>
    </message>
    <message>
        <source>Human labels</source>
        <translation>人工标注</translation>
    </message>
    <message>
        <source>%1 (command line: %2)</source>
        <translation>%1（命令行：%2）</translation>
    </message>
</context>
<context>
    <name>Rubricate::LabelKeys</name>
    <message>
        <source>“%1” is not a label on this scale; use %2</source>
        <translation>“%1” 不是此量表上的标签；请用 %2</translation>
    </message>
</context>
<context>
    <name>Rubricate::LeaderboardModel</name>
    <message>
        <source>Tasks</source>
        <translation>任务数</translation>
    </message>
    <message>
        <source>Reports</source>
        <translation>报告数</translation>
    </message>
    <message>
        <source>n</source>
        <translation>n</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message numerus="yes">
        <source>%n report(s) in another language than their task&apos;s rubrics, scored against criteria in the other language:
%1</source>
        <translation>
            <numerusform>%n 篇报告的语言与其任务的评分项不同，却按另一种语言的标准评分：
%1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Rubricate::LeaderboardPage</name>
    <message>
        <source>%1: %2 by model</source>
        <translation>%1：各模型的%2</translation>
    </message>
    <message>
        <source>&amp;Run:</source>
        <translation>运行(&amp;R)：</translation>
    </message>
    <message>
        <source>Export…</source>
        <translation>导出…</translation>
    </message>
    <message>
        <source>The judge run whose verdicts are scored</source>
        <translation>用于计分的评审运行</translation>
    </message>
    <message>
        <source>Writes the benchmark&apos;s own result files, the table as CSV and the chart as PNG and SVG to a folder</source>
        <translation>将基准自身格式的结果文件、CSV 表格以及 PNG 和 SVG 图表写入文件夹</translation>
    </message>
    <message>
        <source>Open a project to see its leaderboards.</source>
        <translation>打开一个项目以查看其排行榜。</translation>
    </message>
    <message>
        <source>&amp;Benchmark:</source>
        <translation>基准(&amp;B)：</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>正在计算…</translation>
    </message>
    <message>
        <source>No judge run of this benchmark yet: run the judge first.</source>
        <translation>此基准还没有评审运行：请先运行评审。</translation>
    </message>
    <message numerus="yes">
        <source>%1 (run %2, %n verdict(s))</source>
        <translation>
            <numerusform>%1（运行 %2，%n 个结论）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n model(s). %1 Undefined values are shown as “—” (hover for why) and sort last.</source>
        <translation>
            <numerusform>%n 个模型。%1 未定义的值显示为“—”（悬停查看原因），排序时排在最后。</numerusform>
        </translation>
    </message>
    <message>
        <source>Export the leaderboard to a folder</source>
        <translation>将排行榜导出到文件夹</translation>
    </message>
    <message>
        <source>Cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>This project has no reports of a benchmark with a leaderboard (DRB-II, ResearchRubrics, PDR-Bench, ReportBench).</source>
        <translation>此项目没有可生成排行榜的基准（DRB-II、ResearchRubrics、PDR-Bench、ReportBench）的报告。</translation>
    </message>
    <message numerus="yes">
        <source>%n report(s) are in another language than their task&apos;s rubrics (marked beside the model; hover for which).</source>
        <translation>
            <numerusform>%n 篇报告的语言与其任务的评分项不同（已在模型旁标出；悬停查看是哪些）。</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Judge scores</source>
        <translation>评审分数(&amp;J)</translation>
    </message>
    <message>
        <source>&amp;Corrected</source>
        <translation>校正后(&amp;C)</translation>
    </message>
    <message>
        <source>The judge&apos;s scores corrected by a study&apos;s labels, with intervals (prediction-powered inference)</source>
        <translation>用研究的标注校正后的评审分数，附区间（预测驱动推断）</translation>
    </message>
    <message>
        <source>Titles: those the reports write in their reference lists (text method; pages are not fetched).</source>
        <translation>标题：取自报告参考文献列表中写出的标题（文本方法；不抓取网页）。</translation>
    </message>
    <message>
        <source>Titles: of the fetched cited pages that read as papers (citation_title, or an arXiv or DOI address), not classified by an LLM as the reference does.</source>
        <translation>标题：取自已抓取的、看起来是论文的被引网页（citation_title，或 arXiv、DOI 地址），而不是像参考实现那样由 LLM 分类。</translation>
    </message>
    <message>
        <source>Titles: of the fetched cited pages %1 classified as papers (the reference&apos;s method); pages not classified add nothing.</source>
        <translation>标题：取自 %1 判为论文的已抓取被引网页（参考实现的方法）；未分类的网页不计入。</translation>
    </message>
    <message>
        <source>a judge</source>
        <translation>某个评审</translation>
    </message>
    <message>
        <source>&amp;Titles:</source>
        <translation>标题(&amp;T)：</translation>
    </message>
    <message>
        <source>Pa&amp;ge judge:</source>
        <translation>网页评审(&amp;G)：</translation>
    </message>
    <message>
        <source>From the reports&apos; text</source>
        <translation>来自报告文本</translation>
    </message>
    <message>
        <source>From the fetched pages</source>
        <translation>来自抓取的网页</translation>
    </message>
    <message>
        <source>From pages a judge classified</source>
        <translation>来自评审分类的网页</translation>
    </message>
    <message>
        <source>Where the titles of the papers a report cites come from: its reference list, the fetched cited pages&apos; own metadata, or a judge&apos;s classification of those pages (the reference&apos;s method; Judge → Classify Cited Pages)</source>
        <translation>报告所引论文的标题从何而来：报告的参考文献列表、已抓取被引网页自身的元数据，或评审对这些网页的分类（参考实现的方法；评审 → 对被引网页分类）</translation>
    </message>
    <message>
        <source>Whose classifications of the cited pages are read</source>
        <translation>读取哪个评审对被引网页的分类</translation>
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
        <translation>1 个评分项</translation>
    </message>
    <message>
        <source>%L1 rubrics</source>
        <translation>%L1 个评分项</translation>
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
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;New Project…</source>
        <translation>新建项目(&amp;N)…</translation>
    </message>
    <message>
        <source>Create an empty project file</source>
        <translation>创建一个空的项目文件</translation>
    </message>
    <message>
        <source>Import benchmark tasks, reports or judge results (or drop files on the window)</source>
        <translation>导入基准任务、报告或评审结果（也可将文件拖放到窗口上）</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>Export judge results in the benchmark&apos;s own formats</source>
        <translation>以基准自身的格式导出评审结果</translation>
    </message>
    <message>
        <source>Run &amp;Evaluation…</source>
        <translation>运行评测(&amp;E)…</translation>
    </message>
    <message>
        <source>Choose a judge (an LLM provider or the offline judge), a scope and the concurrency, see the cost, and run it in the background</source>
        <translation>选择评审（LLM 提供方或离线评审）、范围和并发数，查看费用，并在后台运行</translation>
    </message>
    <message>
        <source>&amp;Preferences…</source>
        <translation>首选项(&amp;P)…</translation>
    </message>
    <message>
        <source>Your annotator name and other settings</source>
        <translation>你的标注者名称及其他设置</translation>
    </message>
    <message>
        <source>Every key of the window</source>
        <translation>窗口中的所有按键</translation>
    </message>
    <message>
        <source>Ctrl+F</source>
        <translation>Ctrl+F</translation>
    </message>
    <message>
        <source>filter the project tree</source>
        <translation>筛选项目树</translation>
    </message>
    <message>
        <source>Ctrl+Shift+F</source>
        <translation>Ctrl+Shift+F</translation>
    </message>
    <message>
        <source>search the text of every report</source>
        <translation>搜索所有报告的正文</translation>
    </message>
    <message>
        <source>Ctrl+Shift+R</source>
        <translation>Ctrl+Shift+R</translation>
    </message>
    <message>
        <source>run an evaluation: judge, scope, concurrency, cost</source>
        <translation>运行评测：评审、范围、并发、费用</translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation>Ctrl+R</translation>
    </message>
    <message>
        <source>run the offline judge (no key, no network)</source>
        <translation>运行离线评审（无需密钥，无需网络）</translation>
    </message>
    <message>
        <source>Ctrl+.</source>
        <translation>Ctrl+.</translation>
    </message>
    <message>
        <source>stop the running judge (resumable)</source>
        <translation>停止正在运行的评审（可继续）</translation>
    </message>
    <message>
        <source>Ctrl+N / Ctrl+O</source>
        <translation>Ctrl+N / Ctrl+O</translation>
    </message>
    <message>
        <source>new / open a project</source>
        <translation>新建 / 打开项目</translation>
    </message>
    <message>
        <source>Ctrl+I / Ctrl+E</source>
        <translation>Ctrl+I / Ctrl+E</translation>
    </message>
    <message>
        <source>import / export</source>
        <translation>导入 / 导出</translation>
    </message>
    <message>
        <source>F5</source>
        <translation>F5</translation>
    </message>
    <message>
        <source>reload the project</source>
        <translation>重新加载项目</translation>
    </message>
    <message>
        <source>F1 or ?</source>
        <translation>F1 或 ?</translation>
    </message>
    <message>
        <source>this sheet</source>
        <translation>本快捷键表</translation>
    </message>
    <message>
        <source>&amp;Filter Reports</source>
        <translation>筛选报告(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Search Report Text</source>
        <translation>搜索报告正文(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Judge</source>
        <translation>评审(&amp;J)</translation>
    </message>
    <message>
        <source>New Project</source>
        <translation>新建项目</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n file(s) to %1</source>
        <translation>
            <numerusform>已将 %n 个文件导出到 %1</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 already exists; open it instead, or choose a new name.</source>
        <translation>%1 已存在；请直接打开它，或换一个名称。</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>Open or create a project first, then drop files on it.</source>
        <translation>请先打开或创建一个项目，再将文件拖放到上面。</translation>
    </message>
    <message>
        <source>Export DRB-II results to a folder</source>
        <translation>将 DRB-II 结果导出到文件夹</translation>
    </message>
    <message>
        <source>Exporting to %1…</source>
        <translation>正在导出到 %1…</translation>
    </message>
    <message>
        <source>&amp;Review</source>
        <translation>审阅(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Agreement Dashboard</source>
        <translation>一致性仪表板(&amp;A)</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>审阅</translation>
    </message>
    <message>
        <source>Agreement</source>
        <translation>一致性</translation>
    </message>
    <message>
        <source>Ctrl+1 / 2 / 3</source>
        <translation>Ctrl+1 / 2 / 3</translation>
    </message>
    <message>
        <source>review / agreement dashboard / leaderboards</source>
        <translation>审阅 / 一致性仪表板 / 排行榜</translation>
    </message>
    <message>
        <source>&amp;Leaderboards</source>
        <translation>排行榜(&amp;L)</translation>
    </message>
    <message>
        <source>Leaderboards</source>
        <translation>排行榜</translation>
    </message>
    <message>
        <source>Store the statements of ReportBench and PDR-Bench reports as claims to check against their sources or fact-check</source>
        <translation>将 ReportBench 和 PDR-Bench 报告中的陈述存为论断，以便对照来源核查或进行事实核查</translation>
    </message>
    <message>
        <source>Extracting claims…</source>
        <translation>正在提取论断…</translation>
    </message>
    <message>
        <source>Edit PDR &amp;Criteria…</source>
        <translation>编辑 PDR 标准(&amp;C)…</translation>
    </message>
    <message>
        <source>The PDR-Bench query&apos;s dimensions, criteria and weights: check, edit, normalise</source>
        <translation>PDR-Bench 查询的维度、标准与权重：检查、编辑、归一化</translation>
    </message>
    <message>
        <source>Writing PDR criteria: %1 of %2 queries written, %3 failed, %4 requests</source>
        <translation>正在生成 PDR 标准：已写入 %1/%2 个查询，失败 %3 个，请求 %4 次</translation>
    </message>
    <message>
        <source>Criteria saved</source>
        <translation>标准已保存</translation>
    </message>
    <message>
        <source>Extract Claims</source>
        <translation>提取论断</translation>
    </message>
    <message numerus="yes">
        <source>Claims extracted from %n report(s): %1 cited, %2 uncited</source>
        <translation>
            <numerusform>已从 %n 份报告中提取论断：有引用 %1 条，无引用 %2 条</numerusform>
        </translation>
    </message>
    <message>
        <source>Scoring &amp;Choices</source>
        <translation>评分取舍说明(&amp;C)</translation>
    </message>
    <message>
        <source>What Rubricate chose where a benchmark&apos;s reference scripts are silent, and the settings that change it</source>
        <translation>当基准的参考脚本未作规定时 Rubricate 所做的选择，以及可改变这些选择的设置</translation>
    </message>
    <message>
        <source>Ctrl+4</source>
        <translation>Ctrl+4</translation>
    </message>
    <message>
        <source>adjudication: the items of the report on screen</source>
        <translation>裁决：当前报告的各项</translation>
    </message>
    <message>
        <source>A&amp;djudication</source>
        <translation>裁决(&amp;D)</translation>
    </message>
    <message>
        <source>Every annotator&apos;s label and the judge&apos;s verdict on the items of the report on screen, and the gold label</source>
        <translation>当前报告各项上每位标注者的标签、评审的判定，以及金标准标签</translation>
    </message>
    <message>
        <source>Adjudication</source>
        <translation>裁决</translation>
    </message>
    <message>
        <source>Every item of %1</source>
        <translation>%1 的全部项目</translation>
    </message>
    <message>
        <source>&amp;Merge Annotations From…</source>
        <translation>从其他副本合并标注(&amp;M)…</translation>
    </message>
    <message>
        <source>Take the annotators, studies and labels another copy of this project has and this one lacks</source>
        <translation>从此项目的另一个副本中取回本项目缺少的标注者、研究和标注</translation>
    </message>
    <message>
        <source>Export &amp;Annotations…</source>
        <translation>导出标注(&amp;A)…</translation>
    </message>
    <message>
        <source>Write every annotation event with its provenance as JSONL or CSV</source>
        <translation>将每个标注事件连同其溯源信息写出为 JSONL 或 CSV</translation>
    </message>
    <message>
        <source>S&amp;witch Annotator…</source>
        <translation>切换标注者(&amp;W)…</translation>
    </message>
    <message>
        <source>Label as another person from now on</source>
        <translation>从现在起以另一个人的身份标注</translation>
    </message>
    <message>
        <source>L / Shift+L</source>
        <translation>L / Shift+L</translation>
    </message>
    <message>
        <source>next unlabelled / previous item of your study queue</source>
        <translation>研究队列中的下一个未标注项 / 上一项</translation>
    </message>
    <message>
        <source>&amp;Study</source>
        <translation>研究(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;New Study (Sample Items)…</source>
        <translation>新建研究（抽样评分项）(&amp;N)…</translation>
    </message>
    <message>
        <source>Draw a stratified, seeded sample of rubric items, assign it to annotators with overlap, and choose the run and blind setting</source>
        <translation>按种子对评分项做分层抽样，以重叠方式分配给标注者，并选择比较的运行及是否盲评</translation>
    </message>
    <message>
        <source>Study “%1” saved; My Queue lists your items</source>
        <translation>研究“%1”已保存；“我的队列”中列出了你的评分项</translation>
    </message>
    <message>
        <source>Merge Annotations</source>
        <translation>合并标注</translation>
    </message>
    <message>
        <source>Merged from %1.</source>
        <translation>已从 %1 合并。</translation>
    </message>
    <message>
        <source>Merge annotations from another copy</source>
        <translation>从另一个副本合并标注</translation>
    </message>
    <message>
        <source>Merging annotations from %1…</source>
        <translation>正在从 %1 合并标注…</translation>
    </message>
    <message>
        <source>Export annotations</source>
        <translation>导出标注</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl);;CSV (*.csv)</source>
        <translation>JSON Lines (*.jsonl);;CSV (*.csv)</translation>
    </message>
    <message>
        <source>Exporting annotations to %1…</source>
        <translation>正在将标注导出到 %1…</translation>
    </message>
    <message>
        <source>Labelling as %1</source>
        <translation>正在以 %1 的身份标注</translation>
    </message>
    <message>
        <source>&amp;Adjudicate the Study&apos;s Items</source>
        <translation>裁决该研究的所有项(&amp;A)</translation>
    </message>
    <message>
        <source>Every item of the chosen study on the Adjudication page, with every annotator&apos;s label and the judge&apos;s verdict</source>
        <translation>在裁决页查看所选研究的每一项，并列出每位标注者的标注和评审的结论</translation>
    </message>
    <message>
        <source>Every item of the study “%1”</source>
        <translation>研究“%1”的所有项</translation>
    </message>
    <message>
        <source>The project has no study yet.</source>
        <translation>项目中还没有研究。</translation>
    </message>
    <message>
        <source>Adjudicate a Study</source>
        <translation>裁决研究</translation>
    </message>
    <message>
        <source>Study:</source>
        <translation>研究：</translation>
    </message>
    <message>
        <source>Open &amp;Team Project…</source>
        <translation>打开团队项目(&amp;T)…</translation>
    </message>
    <message>
        <source>Open a project that a team shares on a PostgreSQL server</source>
        <translation>打开团队在 PostgreSQL 服务器上共享的项目</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message numerus="yes">
        <source>Pausing: waiting for %n answer(s) on their way; %1 of %2 requests answered</source>
        <translation>
            <numerusform>正在暂停：等待 %n 个已发出的回答；%2 个请求中已回答 %1 个</numerusform>
        </translation>
    </message>
    <message>
        <source>Paused: %1 of %2 requests answered, %3 items, %4 errors; Resume sends the rest</source>
        <translation>已暂停：%2 个请求中已回答 %1 个，%3 个评分项，%4 个错误；“继续”会发送其余请求</translation>
    </message>
    <message>
        <source>&amp;User Guide</source>
        <translation>用户指南(&amp;U)</translation>
    </message>
    <message>
        <source>How to work with Rubricate, page by page</source>
        <translation>逐页介绍如何使用 Rubricate</translation>
    </message>
    <message>
        <source>E&amp;xtend the Study&apos;s Sample…</source>
        <translation>扩充研究的样本(&amp;X)…</translation>
    </message>
    <message>
        <source>Label more items where the judge-corrected scores need them: per model as many as a target interval width asks for, drawn with the study&apos;s seed and assigned to its annotators</source>
        <translation>在评判校正得分需要的地方标注更多条目：每个模型按目标区间宽度所需的数量，使用研究的随机种子抽取并分配给其标注者</translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) added to the study “%1”</source>
        <translation>
            <numerusform>已向研究“%1”添加 %n 个条目</numerusform>
        </translation>
    </message>
    <message>
        <source>Extract &amp;Claims (Heuristics)</source>
        <translation>提取陈述（启发式）(&amp;C)</translation>
    </message>
    <message>
        <source>Classify Cited &amp;Pages…</source>
        <translation>对被引网页分类(&amp;P)…</translation>
    </message>
    <message>
        <source>Extract Claims with &amp;Judge…</source>
        <translation>用评审提取陈述(&amp;J)…</translation>
    </message>
    <message>
        <source>Another run is being judged: one at a time.</source>
        <translation>另一个运行正在评审：一次只能运行一个。</translation>
    </message>
    <message>
        <source>Open a project first</source>
        <translation>请先打开一个项目</translation>
    </message>
    <message>
        <source>A judge is at work; one run at a time</source>
        <translation>评审正在工作；一次只能运行一个</translation>
    </message>
    <message>
        <source>The project has no ReportBench or PDR-Bench reports</source>
        <translation>此项目没有 ReportBench 或 PDR-Bench 报告</translation>
    </message>
    <message>
        <source>The project has no ReportBench reports</source>
        <translation>此项目没有 ReportBench 报告</translation>
    </message>
    <message>
        <source>No cited page has been fetched yet (rubricate-cli sources fetch): there is nothing to classify</source>
        <translation>尚未抓取任何被引网页（rubricate-cli sources fetch）：没有可分类的内容</translation>
    </message>
    <message>
        <source>Have a judge list the statements of ReportBench and PDR-Bench reports with their sources, the reference&apos;s method; runs in the background</source>
        <translation>让评审列出 ReportBench 和 PDR-Bench 报告中的陈述及其来源（参考实现的方法）；在后台运行</translation>
    </message>
    <message>
        <source>Have a judge decide which fetched cited pages of ReportBench reports are papers and their titles, the reference&apos;s method for precision and recall; runs in the background</source>
        <translation>让评审判断 ReportBench 报告中哪些已抓取的被引网页是论文及其标题（参考实现计算精确率和召回率的方法）；在后台运行</translation>
    </message>
    <message numerus="yes">
        <source>Classifying cited pages: %1 of %n page(s), %2 papers, %3 failed, %4 requests</source>
        <translation>
            <numerusform>正在对被引网页分类：%n 个网页中已完成 %1 个，%2 篇论文，%3 个失败，%4 个请求</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Extracting claims with a judge: %1 of %n report(s), %2 failed, %3 requests</source>
        <translation>
            <numerusform>正在用评审提取陈述：%n 份报告中已完成 %1 份，%2 份失败，%3 个请求</numerusform>
        </translation>
    </message>
    <message>
        <source>Opened %1, labelling as %2: the team project binds your login to this annotator</source>
        <translation>已打开 %1，正在以 %2 的身份标注：该团队项目将你的登录绑定到这位标注者</translation>
    </message>
    <message>
        <source>This team project binds your login to the annotator %1</source>
        <translation>该团队项目将你的登录绑定到标注者 %1</translation>
    </message>
    <message>
        <source>This team project binds your login to the annotator %1: only its owners may do this</source>
        <translation>该团队项目将你的登录绑定到标注者 %1：只有项目所有者可以执行此操作</translation>
    </message>
    <message>
        <source>Write Labels Set &amp;Aside</source>
        <translation>写入移到一旁的标注(&amp;A)</translation>
    </message>
    <message>
        <source>Write the labels set aside on this computer to the project after all</source>
        <translation>仍将本机上移到一旁的标注写入项目</translation>
    </message>
    <message>
        <source>Writing the labels set aside…</source>
        <translation>正在写入移到一旁的标注…</translation>
    </message>
    <message>
        <source>Write Labels Set Aside</source>
        <translation>写入移到一旁的标注</translation>
    </message>
    <message>
        <source>No labels are set aside for this project on this computer.</source>
        <translation>本机上没有为该项目移到一旁的标注。</translation>
    </message>
    <message numerus="yes">
        <source>%n label(s) set aside on this computer were written to the project.</source>
        <translation>
            <numerusform>已将本机上移到一旁的 %n 条标注写入项目。</numerusform>
        </translation>
    </message>
    <message>
        <source>Writing stopped: %1</source>
        <translation>写入已停止：%1</translation>
    </message>
    <message numerus="yes">
        <source>%n label(s) stay set aside. A label stays when its annotator labelled the same item again since, or when the project refuses it; the details say which.</source>
        <translation>
            <numerusform>仍有 %n 条标注留在一旁：其标注者此后又标注了同一条目，或项目拒绝了它。详细信息中列出了是哪几条。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Rubricate::PdfPageView</name>
    <message>
        <source>The PDF is protected by a password.</source>
        <translation>该 PDF 受密码保护。</translation>
    </message>
    <message>
        <source>The PDF is encrypted in a way that cannot be read.</source>
        <translation>该 PDF 的加密方式无法读取。</translation>
    </message>
    <message>
        <source>The file is not a readable PDF.</source>
        <translation>该文件不是可读取的 PDF。</translation>
    </message>
    <message>
        <source>The PDF could not be read (%1).</source>
        <translation>无法读取该 PDF（%1）。</translation>
    </message>
    <message>
        <source>The PDF could not be opened in memory.</source>
        <translation>无法在内存中打开该 PDF。</translation>
    </message>
</context>
<context>
    <name>Rubricate::PersonaModel</name>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>(empty)</source>
        <translation>（空）</translation>
    </message>
    <message numerus="yes">
        <source>%n field(s)</source>
        <translation>
            <numerusform>%n 个字段</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n item(s)</source>
        <translation>
            <numerusform>%n 项</numerusform>
        </translation>
    </message>
    <message>
        <source>Field</source>
        <translation>字段</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
</context>
<context>
    <name>Rubricate::PersonaView</name>
    <message>
        <source>This report answers no PDR-Bench query.</source>
        <translation>此报告不对应任何 PDR-Bench 查询。</translation>
    </message>
    <message>
        <source>Edit Criteria…</source>
        <translation>编辑标准…</translation>
    </message>
    <message>
        <source>The query&apos;s personalization and quality criteria, their weights and wording</source>
        <translation>该查询的个性化与质量标准、权重及措辞</translation>
    </message>
    <message>
        <source>Setting:</source>
        <translation>信息设置：</translation>
    </message>
    <message>
        <source>Query:</source>
        <translation>查询：</translation>
    </message>
    <message>
        <source>Persona:</source>
        <translation>用户画像：</translation>
    </message>
    <message>
        <source>Task only</source>
        <translation>仅任务</translation>
    </message>
    <message>
        <source>Task with context</source>
        <translation>任务与上下文</translation>
    </message>
    <message>
        <source>Task with persona</source>
        <translation>任务与用户画像</translation>
    </message>
    <message>
        <source>the agent did not see this persona</source>
        <translation>智能体未看到此用户画像</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 (%2): %3</source>
        <translation>%1（%2）：%3</translation>
    </message>
    <message>
        <source>%1 (id %2)</source>
        <translation>%1（编号 %2）</translation>
    </message>
    <message>
        <source>none recorded for this query</source>
        <translation>此查询未记录</translation>
    </message>
</context>
<context>
    <name>Rubricate::PreferencesDialog</name>
    <message>
        <source>Preferences</source>
        <translation>首选项</translation>
    </message>
    <message>
        <source>&amp;Annotator name:</source>
        <translation>标注者名称(&amp;A)：</translation>
    </message>
    <message>
        <source>S&amp;witch Annotator…</source>
        <translation>切换标注者(&amp;W)…</translation>
    </message>
    <message>
        <source>Every label you give is stored under you (id %1), so several people can annotate the same project and be compared. Changing the name renames you and keeps your labels.</source>
        <translation>你给出的每个标注都保存在你的名下（ID %1），因此多人可以标注同一项目并相互比较。更改名称会重命名你本人，并保留你的标注。</translation>
    </message>
    <message>
        <source>As the reference: the sum of weight × dimension average</source>
        <translation>与参考实现一致：权重 × 维度平均分之和</translation>
    </message>
    <message>
        <source>Normalised: divided by the sum of the dimension weights</source>
        <translation>归一化：除以各维度权重之和</translation>
    </message>
    <message>
        <source>As the reference: counted at the dimension&apos;s mean weight</source>
        <translation>与参考实现一致：按该维度的平均权重计入</translation>
    </message>
    <message>
        <source>Re-asked: dropped, the criterion&apos;s second answer counts</source>
        <translation>重新询问：舍弃该项，计入该标准的第二次回答</translation>
    </message>
    <message>
        <source>Dimension &amp;weights:</source>
        <translation>维度权重(&amp;W)：</translation>
    </message>
    <message>
        <source>&amp;Unmatched criteria:</source>
        <translation>未匹配的标准(&amp;U)：</translation>
    </message>
    <message>
        <source>How PDR-Bench P and Q are computed on the leaderboard and in its export. Help → Scoring Choices explains both.</source>
        <translation>排行榜及其导出中 PDR-Bench 的 P 和 Q 如何计算。“帮助 → 评分取舍说明”对这两项均有说明。</translation>
    </message>
    <message>
        <source>PDR-Bench scoring</source>
        <translation>PDR-Bench 评分</translation>
    </message>
    <message>
        <source>The team project open now binds your login to the annotator %1 (id %2): every label you give in it is stored under that annotator.</source>
        <translation>当前打开的团队项目将你的登录绑定到标注者 %1（ID %2）：你在其中给出的每个标注都保存在该标注者名下。</translation>
    </message>
</context>
<context>
    <name>Rubricate::ProjectExplorer</name>
    <message>
        <source>Filter tasks and reports…</source>
        <translation>筛选任务和报告…</translation>
    </message>
    <message>
        <source>Any status</source>
        <translation>任意状态</translation>
    </message>
    <message>
        <source>Unlabelled</source>
        <translation>未标注</translation>
    </message>
    <message>
        <source>In progress</source>
        <translation>进行中</translation>
    </message>
    <message>
        <source>Fully labelled</source>
        <translation>已全部标注</translation>
    </message>
    <message>
        <source>Search the text of every report (Enter)…</source>
        <translation>搜索所有报告的正文（回车）…</translation>
    </message>
    <message>
        <source>Any language</source>
        <translation>任意语言</translation>
    </message>
    <message>
        <source>Any theme</source>
        <translation>任意主题</translation>
    </message>
    <message>
        <source>Any persona</source>
        <translation>任意用户画像</translation>
    </message>
    <message>
        <source>Any model</source>
        <translation>任意模型</translation>
    </message>
    <message>
        <source>No report contains “%1”.</source>
        <translation>没有报告包含“%1”。</translation>
    </message>
    <message>
        <source>Group by task</source>
        <translation>按任务分组</translation>
    </message>
    <message>
        <source>Group by persona</source>
        <translation>按用户画像分组</translation>
    </message>
    <message>
        <source>PDR-Bench: show reports under their task, or under the persona who asked and then the task</source>
        <translation>PDR-Bench：按任务显示报告，或先按提问的用户画像再按任务显示</translation>
    </message>
</context>
<context>
    <name>Rubricate::ProjectFilterModel</name>
    <message numerus="yes">
        <source>%L1 of %n persona(s)</source>
        <translation>
            <numerusform>%L1 / %n 个用户画像</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%L1 of %n task(s)</source>
        <translation>
            <numerusform>%L1 / %n 个任务</numerusform>
        </translation>
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
    <message numerus="yes">
        <source>The annotations were written to %1, except %n event(s) on a rubric that is no item of their report:</source>
        <translation>
            <numerusform>标注已写入 %1，但有 %n 个事件除外：它们所在的评分细则不属于其报告的条目：</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Rubricate::ProjectLoader</name>
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
        <translation>1 个评分项</translation>
    </message>
    <message>
        <source>%L1 rubrics</source>
        <translation>%L1 个评分项</translation>
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
    <message>
        <source>%1/%2 labelled</source>
        <translation>已标注 %1/%2</translation>
    </message>
    <message>
        <source>1 persona</source>
        <translation>1 个用户画像</translation>
    </message>
    <message>
        <source>%L1 personas</source>
        <translation>%L1 个用户画像</translation>
    </message>
    <message>
        <source>No persona</source>
        <translation>无用户画像</translation>
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
    <name>Rubricate::ReportTextBrowser</name>
    <message>
        <source>[image not loaded]</source>
        <translation>[图片未加载]</translation>
    </message>
    <message>
        <source>[image not loaded: %1]</source>
        <translation>[图片未加载：%1]</translation>
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
    <message>
        <source>This report could not be read; its file is kept in the project as imported (see the warning above)</source>
        <translation>无法读取此报告；其文件按导入时的原样保存在项目中（见上方警告）</translation>
    </message>
    <message>
        <source>Pages</source>
        <translation>页面</translation>
    </message>
    <message>
        <source>Show the PDF&apos;s pages, or its text layer</source>
        <translation>显示 PDF 的页面或其文本层</translation>
    </message>
    <message>
        <source>The PDF cannot be shown as pages: %1</source>
        <translation>无法以页面形式显示该 PDF：%1</translation>
    </message>
    <message>
        <source>met</source>
        <translation>满足</translation>
    </message>
    <message>
        <source>partly</source>
        <translation>部分</translation>
    </message>
    <message>
        <source>not met</source>
        <translation>未满足</translation>
    </message>
    <message>
        <source>pitfall met</source>
        <translation>陷阱项被满足</translation>
    </message>
    <message>
        <source>blocked source</source>
        <translation>被屏蔽来源</translation>
    </message>
    <message>
        <source>no verdict</source>
        <translation>无结论</translation>
    </message>
    <message>
        <source>Evidence highlights by the judge&apos;s verdict. Red counts against the report: a pitfall (a criterion with a negative weight) that the report meets lowers its score.</source>
        <translation>证据高亮按评审的结论着色。红色表示对报告不利：报告满足的陷阱项（权重为负的标准）会降低其得分。</translation>
    </message>
    <message>
        <source>Evidence highlights by the judge&apos;s verdict. Red counts against the report: DRB-II −1, met only through the blocked source.</source>
        <translation>证据高亮按评审的结论着色。红色表示对报告不利：DRB-II −1，仅通过被屏蔽来源满足。</translation>
    </message>
    <message>
        <source>Opening the report…</source>
        <translation>正在打开报告…</translation>
    </message>
</context>
<context>
    <name>Rubricate::ReviewPage</name>
    <message>
        <source>Select a report in the tree to read it.</source>
        <translation>在左侧树中选择一份报告即可阅读。</translation>
    </message>
    <message numerus="yes">
        <source>%n report(s) found</source>
        <translation>
            <numerusform>找到 %n 份报告</numerusform>
        </translation>
    </message>
    <message>
        <source>Annotation</source>
        <translation>标注</translation>
    </message>
    <message>
        <source>This is the last report.</source>
        <translation>这是最后一份报告。</translation>
    </message>
    <message>
        <source>This is the first report.</source>
        <translation>这是第一份报告。</translation>
    </message>
    <message>
        <source>Blind mode: the judge&apos;s evidence is not shown.</source>
        <translation>盲评模式：不显示评审的证据。</translation>
    </message>
    <message>
        <source>This rubric has no evidence in the report.</source>
        <translation>此评分项在报告中没有证据。</translation>
    </message>
    <message>
        <source>This project has no reports yet.</source>
        <translation>此项目还没有报告。</translation>
    </message>
    <message>
        <source>Loading report…</source>
        <translation>正在加载报告…</translation>
    </message>
</context>
<context>
    <name>Rubricate::RunDialog</name>
    <message>
        <source>The project file %1 does not exist.</source>
        <translation>项目文件 %1 不存在。</translation>
    </message>
    <message>
        <source>e.g. gpt-4.1, or the model a local server serves</source>
        <translation>例如 gpt-4.1，或本地服务器提供的模型</translation>
    </message>
    <message>
        <source>e.g. gemini-2.5-pro</source>
        <translation>例如 gemini-2.5-pro</translation>
    </message>
    <message>
        <source>e.g. claude-sonnet-4</source>
        <translation>例如 claude-sonnet-4</translation>
    </message>
    <message>
        <source>%1 M</source>
        <translation>%1 M</translation>
    </message>
    <message>
        <source>%1 k</source>
        <translation>%1 k</translation>
    </message>
    <message>
        <source>New Judge Run</source>
        <translation>新建评审运行</translation>
    </message>
    <message>
        <source>Offline lexical judge (no network, no key)</source>
        <translation>离线词汇评审（无需网络，无需密钥）</translation>
    </message>
    <message>
        <source>OpenAI-compatible (OpenAI, vLLM, Ollama, llama.cpp…)</source>
        <translation>OpenAI 兼容（OpenAI、vLLM、Ollama、llama.cpp…）</translation>
    </message>
    <message>
        <source>Gemini</source>
        <translation>Gemini</translation>
    </message>
    <message>
        <source>Anthropic</source>
        <translation>Anthropic</translation>
    </message>
    <message>
        <source>Prefilled with the provider&apos;s endpoint; point it at a proxy or at a server on this machine (http://127.0.0.1:8000/v1).</source>
        <translation>已预填提供方的端点；也可以指向代理或本机上的服务器（http://127.0.0.1:8000/v1）。</translation>
    </message>
    <message>
        <source>API key (x-goog-api-key)</source>
        <translation>API 密钥（x-goog-api-key）</translation>
    </message>
    <message>
        <source>Bearer token to a proxy at the URL above</source>
        <translation>发往上述地址代理的 Bearer 令牌</translation>
    </message>
    <message>
        <source>The name of the environment variable (also the system keyring entry) that holds the key. The key itself is never shown or saved.</source>
        <translation>保存密钥的环境变量名称（也是系统密钥环中的条目名）。密钥本身从不显示或保存。</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>all tasks, or ids such as 1,2,5-9</source>
        <translation>所有任务，或如 1,2,5-9 的编号</translation>
    </message>
    <message>
        <source>Only items without a usable verdict yet</source>
        <translation>仅限尚无可用结论的评分项</translation>
    </message>
    <message>
        <source>Instead, re-run only the failed items of:</source>
        <translation>改为只重新运行以下运行中失败的评分项：</translation>
    </message>
    <message>
        <source>provider and model</source>
        <translation>提供方和模型</translation>
    </message>
    <message>
        <source>&amp;Start Run</source>
        <translation>开始运行(&amp;S)</translation>
    </message>
    <message>
        <source>Judge</source>
        <translation>评审</translation>
    </message>
    <message>
        <source>&amp;Provider:</source>
        <translation>提供方(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Model:</source>
        <translation>模型(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Server URL:</source>
        <translation>服务器地址(&amp;S)：</translation>
    </message>
    <message>
        <source>Sign-&amp;in:</source>
        <translation>登录方式(&amp;I)：</translation>
    </message>
    <message>
        <source>API &amp;key from:</source>
        <translation>API 密钥来源(&amp;K)：</translation>
    </message>
    <message>
        <source>in</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>out</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>P&amp;rice per million tokens:</source>
        <translation>每百万词元价格(&amp;R)：</translation>
    </message>
    <message>
        <source>Prompt sc&amp;heme:</source>
        <translation>提示方案(&amp;H)：</translation>
    </message>
    <message>
        <source>&amp;Concurrency:</source>
        <translation>并发数(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Batch size:</source>
        <translation>批大小(&amp;B)：</translation>
    </message>
    <message>
        <source>What to judge</source>
        <translation>评审内容</translation>
    </message>
    <message>
        <source>Bench&amp;mark:</source>
        <translation>基准(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Tasks:</source>
        <translation>任务(&amp;T)：</translation>
    </message>
    <message>
        <source>A&amp;gents:</source>
        <translation>智能体(&amp;G)：</translation>
    </message>
    <message>
        <source>Run &amp;name:</source>
        <translation>运行名称(&amp;N)：</translation>
    </message>
    <message>
        <source>Or repair an earlier run</source>
        <translation>或修复较早的运行</translation>
    </message>
    <message>
        <source>Estimate</source>
        <translation>估算</translation>
    </message>
    <message numerus="yes">
        <source>#%1 %2 — %n item(s) in error</source>
        <translation>
            <numerusform>#%1 %2 — %n 个评分项出错</numerusform>
        </translation>
    </message>
    <message>
        <source>No earlier run has failed items</source>
        <translation>较早的运行中没有失败的评分项</translation>
    </message>
    <message numerus="yes">
        <source>%1 (%Ln report(s))</source>
        <translation>
            <numerusform>%1（%Ln 份报告）</numerusform>
        </translation>
    </message>
    <message>
        <source>Sent again to the run&apos;s own judge (%1 · %2) with its settings; the judge settings on the left are not used.</source>
        <translation>将按该运行自己的评审（%1 · %2）及其设置重新发送；左侧的评审设置不会被使用。</translation>
    </message>
    <message>
        <source>The offline judge needs no key.</source>
        <translation>离线评审不需要密钥。</translation>
    </message>
    <message>
        <source>%1 is set in the environment; the run reads it when it starts.</source>
        <translation>环境中已设置 %1；运行开始时会读取它。</translation>
    </message>
    <message>
        <source>%1 is not set (%2); a server on this machine may need no key.</source>
        <translation>%1 未设置（%2）；本机上的服务器可能不需要密钥。</translation>
    </message>
    <message>
        <source>%1 is not set (%2). Set it before starting Rubricate, or store the key with: rubricate-cli keys set %1</source>
        <translation>%1 未设置（%2）。请在启动 Rubricate 前设置它，或用以下命令保存密钥：rubricate-cli keys set %1</translation>
    </message>
    <message>
        <source>no system keyring is reachable</source>
        <translation>无法访问系统密钥环</translation>
    </message>
    <message>
        <source>Looking for %1 in the system keyring…</source>
        <translation>正在系统密钥环中查找 %1…</translation>
    </message>
    <message>
        <source>%1 is stored in the system keyring.</source>
        <translation>%1 已保存在系统密钥环中。</translation>
    </message>
    <message>
        <source>nor in the system keyring</source>
        <translation>系统密钥环中也没有</translation>
    </message>
    <message>
        <source>Choose at least one agent.</source>
        <translation>请至少选择一个智能体。</translation>
    </message>
    <message>
        <source>The project could not be read: %1</source>
        <translation>无法读取项目：%1</translation>
    </message>
    <message>
        <source>Nothing to start: %1</source>
        <translation>没有可开始的内容：%1</translation>
    </message>
    <message>
        <source>Estimating…</source>
        <translation>正在估算…</translation>
    </message>
    <message>
        <source>%1 for %2 in %3</source>
        <translation>%1，覆盖 %3 中的 %2</translation>
    </message>
    <message numerus="yes">
        <source>%Ln request(s)</source>
        <translation>
            <numerusform>%Ln 个请求</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln rubric item(s)</source>
        <translation>
            <numerusform>%Ln 个评分项</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln report(s)</source>
        <translation>
            <numerusform>%Ln 份报告</numerusform>
        </translation>
    </message>
    <message>
        <source>, judged on this machine: ≈ $0.00</source>
        <translation>，在本机评审：≈ $0.00</translation>
    </message>
    <message>
        <source>; about %1 input and %2 output tokens</source>
        <translation>；约 %1 个输入词元和 %2 个输出词元</translation>
    </message>
    <message>
        <source>: price unknown (set the judge&apos;s prices to see one)</source>
        <translation>：价格未知（设置评审的价格后即可看到）</translation>
    </message>
    <message>
        <source>: ≈ $%1</source>
        <translation>：≈ $%1</translation>
    </message>
    <message>
        <source>. Answers already in the response cache cost nothing.</source>
        <translation>。响应缓存中已有的回答不产生费用。</translation>
    </message>
    <message numerus="yes">
        <source>%n report(s) without text will be skipped.</source>
        <translation>
            <numerusform>将跳过 %n 份没有文本的报告。</numerusform>
        </translation>
    </message>
    <message>
        <source>PDR-Bench criteria</source>
        <translation>PDR-Bench 标准</translation>
    </message>
    <message>
        <source>Have this judge &amp;write the queries&apos; criteria instead</source>
        <translation>改为让此评审模型编写查询的标准(&amp;W)</translation>
    </message>
    <message>
        <source>Dimension weights sampled several times and averaged, then weighted sub-criteria per dimension, as PDR-Bench generates them; you can edit them before scoring</source>
        <translation>按 PDR-Bench 的方式：多次采样维度权重并取平均，再为每个维度生成带权重的子标准；评分前可以编辑</translation>
    </message>
    <message>
        <source>Replace criteria that exist (never those a person labelled)</source>
        <translation>替换已有标准（已被人工标注的除外）</translation>
    </message>
    <message>
        <source>all queries, or query ids such as 1,2,5-9</source>
        <translation>全部查询，或查询编号如 1,2,5-9</translation>
    </message>
    <message>
        <source>&amp;Write Criteria</source>
        <translation>生成标准(&amp;W)</translation>
    </message>
    <message>
        <source>Per query: %1 weight requests (%2 samples for each of the two families), then one request per dimension (%3). Queries that have criteria are skipped unless you replace them; a query is written only when all its requests succeeded.</source>
        <translation>每个查询：%1 次权重请求（两个类别各采样 %2 次），然后每个维度一次请求（共 %3 次）。已有标准的查询会被跳过，除非选择替换；只有当一个查询的所有请求都成功时才会写入。</translation>
    </message>
    <message numerus="yes">
        <source> weight sample(s) per family</source>
        <translation>
            <numerusform> 次权重采样（每个类别）</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> request(s) at once</source>
        <translation>
            <numerusform> 个并发请求</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> item(s) per request</source>
        <translation>
            <numerusform> 项/请求</numerusform>
        </translation>
    </message>
    <message>
        <source>Classify Cited Pages</source>
        <translation>对被引网页分类</translation>
    </message>
    <message>
        <source>Extract Claims with a Judge</source>
        <translation>用评审提取陈述</translation>
    </message>
    <message>
        <source>&amp;Classify Pages</source>
        <translation>分类网页(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Extract Claims</source>
        <translation>提取陈述(&amp;E)</translation>
    </message>
    <message>
        <source>Offline: the page&apos;s own metadata (no network, no key)</source>
        <translation>离线：网页自身的元数据（无需网络，无需密钥）</translation>
    </message>
    <message>
        <source>Offline: placeholder answers (no network, no key)</source>
        <translation>离线：占位回答（无需网络，无需密钥）</translation>
    </message>
    <message>
        <source>ReportBench cited pages</source>
        <translation>ReportBench 被引网页</translation>
    </message>
    <message>
        <source>Claims</source>
        <translation>陈述</translation>
    </message>
    <message>
        <source>The judge reads each fetched page that a ReportBench report cites and decides whether it is a scholarly paper and what its title is, as the reference does before it scores citation precision and recall. The Leaderboards show the result with the titles “From pages a judge classified”.</source>
        <translation>评审阅读 ReportBench 报告引用的每个已抓取网页，判断它是否为学术论文以及标题是什么，正如参考实现在计算引用精确率和召回率之前所做的那样。排行榜在标题选择“来自评审分类的网页”时显示结果。</translation>
    </message>
    <message>
        <source>The judge reads every block of the ReportBench and PDR-Bench reports and lists their statements with the sources they cite (ReportBench: also the uncited ones), the reference&apos;s method. A report&apos;s claims replace those it had, and are labelled as the judge&apos;s.</source>
        <translation>评审阅读 ReportBench 和 PDR-Bench 报告的每个段落，列出其中的陈述及所引来源（ReportBench 还包括未引用的陈述），即参考实现的方法。报告的新陈述会替换原有陈述，并标明来自该评审。</translation>
    </message>
    <message>
        <source>Again for pages this judge classified before</source>
        <translation>重新分类此评审以前分类过的网页</translation>
    </message>
    <message>
        <source>Again for reports a judge extracted before (claims a person labelled are never replaced)</source>
        <translation>重新提取评审以前提取过的报告（有人工标注的陈述永不替换）</translation>
    </message>
    <message>
        <source>One request per distinct fetched page that a ReportBench report cites; pages this judge classified before are skipped unless you ask again, and cited pages that were not fetched are not classified (rubricate-cli sources fetch). Each decision is written as it arrives, so a cancelled classification resumes.</source>
        <translation>ReportBench 报告引用的每个不同的已抓取网页发送一个请求；此评审以前分类过的网页会跳过（除非选择重新分类），未抓取的被引网页不会分类（rubricate-cli sources fetch）。每个判断一到达就写入，因此取消后的分类可以继续。</translation>
    </message>
    <message numerus="yes">
        <source>%n report(s): one request per block of each (ReportBench: two, cited then uncited statements). Reports a judge extracted before are skipped unless you ask again; a report&apos;s claims are written once all its requests succeeded.</source>
        <translation>
            <numerusform>%n 份报告：每份报告的每个段落一个请求（ReportBench 为两个：先有引用的陈述，再无引用的陈述）。评审以前提取过的报告会跳过（除非选择重新提取）；一份报告的所有请求都成功后才写入其陈述。</numerusform>
        </translation>
    </message>
    <message>
        <source>; ≈ $%1 if the provider&apos;s prompt cache serves each report&apos;s later requests (%2 tokens)</source>
        <translation>；若服务商的提示缓存承担每份报告之后的请求（%2 个词元），约 $%1</translation>
    </message>
    <message>
        <source>Send as a provider batch (half price, answers within 24 h)</source>
        <translation>作为服务商批处理发送（半价，24 小时内给出答案）</translation>
    </message>
    <message>
        <source>no model is used offline</source>
        <translation>离线时不使用模型</translation>
    </message>
    <message>
        <source>This URL carries a password or a key, which would be stored in the project with the run. Give the key through its environment variable or the system keyring.</source>
        <translation>此 URL 含有密码或密钥，会随运行一起保存在项目中。请通过环境变量或系统密钥环提供密钥。</translation>
    </message>
    <message>
        <source>The server URL must be an http or https address.</source>
        <translation>服务器 URL 必须是 http 或 https 地址。</translation>
    </message>
</context>
<context>
    <name>Rubricate::RunLauncher</name>
    <message>
        <source>Run %1 is not in this project.</source>
        <translation>运行 %1 不在此项目中。</translation>
    </message>
    <message>
        <source>Run %1 has no failed items to send again.</source>
        <translation>运行 %1 没有需要重新发送的失败评分项。</translation>
    </message>
    <message>
        <source>Run %1 has nothing left to send.</source>
        <translation>运行 %1 没有剩余待发送的内容。</translation>
    </message>
    <message>
        <source>query %1: %2</source>
        <translation>查询 %1：%2</translation>
    </message>
</context>
<context>
    <name>Rubricate::RunsDock</name>
    <message>
        <source>Judge Runs</source>
        <translation>评审运行</translation>
    </message>
    <message>
        <source>&amp;New Run…</source>
        <translation>新建运行(&amp;N)…</translation>
    </message>
    <message>
        <source>Choose a judge and a scope, see the estimated cost, start</source>
        <translation>选择评审和范围，查看估算费用，然后开始</translation>
    </message>
    <message>
        <source>&amp;Pause</source>
        <translation>暂停(&amp;P)</translation>
    </message>
    <message>
        <source>Send no new requests; answers already on their way are still written</source>
        <translation>不再发送新请求；已在途的回答仍会写入</translation>
    </message>
    <message>
        <source>&amp;Resume</source>
        <translation>继续(&amp;R)</translation>
    </message>
    <message>
        <source>Continue the selected run: a paused one, or one that was cancelled or interrupted</source>
        <translation>继续所选运行：已暂停、已取消或被中断的运行</translation>
    </message>
    <message>
        <source>&amp;Cancel</source>
        <translation>取消(&amp;C)</translation>
    </message>
    <message>
        <source>Stop the run; its unanswered requests stay queued and Resume sends them later</source>
        <translation>停止运行；未回答的请求仍在队列中，稍后可用“继续”发送</translation>
    </message>
    <message>
        <source>Re-run &amp;Failed</source>
        <translation>重新运行失败项(&amp;F)</translation>
    </message>
    <message>
        <source>Ask the judge again for the items that ended in an error</source>
        <translation>对出错的评分项再次询问评审</translation>
    </message>
    <message>
        <source>One run is judged at a time. A cancelled or interrupted run keeps its unanswered requests: select it and press Resume.</source>
        <translation>一次只评审一个运行。已取消或被中断的运行会保留未回答的请求：选中它并按“继续”。</translation>
    </message>
    <message>
        <source>The runs could not be read: %1</source>
        <translation>无法读取运行：%1</translation>
    </message>
    <message>
        <source>Another run is being judged. One run is judged at a time: cancel it, or wait for it to finish.</source>
        <translation>另一个运行正在评审中。一次只评审一个运行：请取消它或等待其完成。</translation>
    </message>
    <message>
        <source>The run failed: %1</source>
        <translation>运行失败：%1</translation>
    </message>
</context>
<context>
    <name>Rubricate::RunsModel</name>
    <message>
        <source>not started</source>
        <translation>未开始</translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>pausing…</source>
        <translation>正在暂停…</translation>
    </message>
    <message>
        <source>paused</source>
        <translation>已暂停</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <source>finished</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>imported</source>
        <translation>已导入</translation>
    </message>
    <message>
        <source>Run %1 (%2), created %3</source>
        <translation>运行 %1（%2），创建于 %3</translation>
    </message>
    <message>
        <source>Last error: %1</source>
        <translation>最近的错误：%1</translation>
    </message>
    <message>
        <source>%1 requests answered, %2 given up, %3 still to send</source>
        <translation>已回答 %1 个请求，放弃 %2 个，还有 %3 个待发送</translation>
    </message>
    <message>
        <source>No price was set for this judge, so the cost is unknown.</source>
        <translation>此评审未设置价格，因此费用未知。</translation>
    </message>
    <message>
        <source>imported results</source>
        <translation>导入的结果</translation>
    </message>
    <message>
        <source>offline lexical judge</source>
        <translation>离线词汇评审</translation>
    </message>
    <message numerus="yes">
        <source>pausing (%n in flight)</source>
        <translation>
            <numerusform>正在暂停（%n 个在途）</numerusform>
        </translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
    <message>
        <source>Judge</source>
        <translation>评审</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Progress</source>
        <translation>进度</translation>
    </message>
    <message>
        <source>Requests</source>
        <translation>请求</translation>
    </message>
    <message>
        <source>Items/s</source>
        <translation>项/秒</translation>
    </message>
    <message>
        <source>Errors</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>Tokens in / out</source>
        <translation>词元 入 / 出</translation>
    </message>
    <message>
        <source>Cost</source>
        <translation>费用</translation>
    </message>
    <message>
        <source>%1, process %2</source>
        <translation>%1，进程 %2</translation>
    </message>
    <message>
        <source>running elsewhere</source>
        <translation>在别处运行</translation>
    </message>
    <message>
        <source>Other workers judge this run too:</source>
        <translation>其他工作进程也在评判此运行：</translation>
    </message>
    <message>
        <source>Other workers judge this run:</source>
        <translation>其他工作进程正在评判此运行：</translation>
    </message>
    <message numerus="yes">
        <source>%1: %n request(s) in hand</source>
        <translation>
            <numerusform>%1：手上有 %n 个请求</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 input tokens, %2 of them read from the provider&apos;s prompt cache and %3 written to it (billed at their own prices); %4 output tokens</source>
        <translation>输入 %1 个词元，其中 %2 个读自服务商的提示缓存、%3 个写入该缓存（按各自价格计费）；输出 %4 个词元</translation>
    </message>
    <message>
        <source>%1 (%2% cached) / %3</source>
        <translation>%1（%2% 来自缓存）/ %3</translation>
    </message>
    <message>
        <source>Sent as a provider batch: %1. A closed window&apos;s batch is polled again when the run is resumed.</source>
        <translation>已作为服务商批处理发送：%1。窗口关闭时未完成的批处理会在运行恢复时再次查询。</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
</context>
<context>
    <name>Rubricate::SampleDialog</name>
    <message>
        <source>1 item</source>
        <translation>1 项</translation>
    </message>
    <message>
        <source>%L1 items</source>
        <translation>%L1 项</translation>
    </message>
    <message>
        <source>1 stratum</source>
        <translation>1 个层</translation>
    </message>
    <message>
        <source>%L1 strata</source>
        <translation>%L1 个层</translation>
    </message>
    <message>
        <source>1 annotator</source>
        <translation>1 位标注者</translation>
    </message>
    <message>
        <source>%L1 annotators</source>
        <translation>%L1 位标注者</translation>
    </message>
    <message>
        <source>Sample Items for Annotation</source>
        <translation>抽样待标注评分项</translation>
    </message>
    <message>
        <source>&amp;Dimension</source>
        <translation>维度(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Model</source>
        <translation>模型(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Task</source>
        <translation>任务(&amp;T)</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>Si&amp;ze:</source>
        <translation>数量(&amp;Z)：</translation>
    </message>
    <message>
        <source>&amp;Interval half-width:</source>
        <translation>区间半宽(&amp;I)：</translation>
    </message>
    <message>
        <source>As many items as a confidence interval of percent agreement of this half-width needs at 95 %. Kappa and alpha have wider intervals for the same items.</source>
        <translation>按 95% 置信区间达到此半宽所需的一致率样本量。同样的样本下，kappa 和 alpha 的区间更宽。</translation>
    </message>
    <message>
        <source>The percent agreement you expect; 0.50 is the cautious choice when you have no idea.</source>
        <translation>你预期的一致率；不确定时选 0.50 最稳妥。</translation>
    </message>
    <message>
        <source>names, comma-separated</source>
        <translation>姓名，用逗号分隔</translation>
    </message>
    <message numerus="yes">
        <source> annotator(s) per item</source>
        <translation>
            <numerusform> 位标注者/项</numerusform>
        </translation>
    </message>
    <message>
        <source>&amp;Save Sample</source>
        <translation>保存样本(&amp;S)</translation>
    </message>
    <message>
        <source>e&amp;xpected agreement:</source>
        <translation>预期一致率(&amp;X)：</translation>
    </message>
    <message>
        <source>&amp;Benchmark:</source>
        <translation>基准(&amp;B)：</translation>
    </message>
    <message>
        <source>Strata:</source>
        <translation>分层：</translation>
    </message>
    <message>
        <source>How many:</source>
        <translation>数量：</translation>
    </message>
    <message>
        <source>&amp;Annotators:</source>
        <translation>标注者(&amp;A)：</translation>
    </message>
    <message>
        <source>&amp;Overlap:</source>
        <translation>重叠(&amp;O)：</translation>
    </message>
    <message>
        <source>S&amp;eed:</source>
        <translation>种子(&amp;E)：</translation>
    </message>
    <message>
        <source>&amp;Name:</source>
        <translation>名称(&amp;N)：</translation>
    </message>
    <message>
        <source>Preview</source>
        <translation>预览</translation>
    </message>
    <message>
        <source>Give the sample a name.</source>
        <translation>请为样本命名。</translation>
    </message>
    <message>
        <source>There is already a sample named “%1”; choose another name.</source>
        <translation>已存在名为“%1”的样本；请换一个名称。</translation>
    </message>
    <message>
        <source>Name at least one annotator.</source>
        <translation>请至少填写一位标注者。</translation>
    </message>
    <message>
        <source>The project could not be read: %1</source>
        <translation>无法读取项目：%1</translation>
    </message>
    <message>
        <source>Reading the project…</source>
        <translation>正在读取项目…</translation>
    </message>
    <message>
        <source>The project has no benchmark to sample from.</source>
        <translation>此项目没有可抽样的基准。</translation>
    </message>
    <message>
        <source>Computing the sample…</source>
        <translation>正在计算样本…</translation>
    </message>
    <message>
        <source>This benchmark has no rubric items with reports to sample from.</source>
        <translation>此基准没有带报告的评分项可供抽样。</translation>
    </message>
    <message>
        <source>%1 in %2</source>
        <translation>%1，分布在 %2</translation>
    </message>
    <message>
        <source>%L1 each</source>
        <translation>每人 %L1</translation>
    </message>
    <message>
        <source>%L1–%L2 each</source>
        <translation>每人 %L1–%L2</translation>
    </message>
    <message>
        <source>%1; %2 × %3</source>
        <translation>%1；%2 × %3</translation>
    </message>
    <message>
        <source>Drawn from %1 with seed %2; each item goes to %3.</source>
        <translation>从 %1 中以种子 %2 抽取；每项分配给 %3。</translation>
    </message>
    <message>
        <source>Sized for ±%L1 around an expected agreement of %L2 at 95 %: enough for percent agreement, a lower bound for kappa and alpha.</source>
        <translation>按预期一致率 %L2、95% 置信水平下 ±%L1 计算：对一致率足够，对 kappa 和 alpha 只是下限。</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>正在保存…</translation>
    </message>
    <message>
        <source>The sample could not be saved: %1</source>
        <translation>无法保存样本：%1</translation>
    </message>
    <message>
        <source>&amp;Blind: hide the judge from each annotator until they have labelled the item</source>
        <translation>盲评(&amp;B)：每位标注者标注某项之前，对其隐藏评审结论</translation>
    </message>
    <message>
        <source>Fixed once the study is saved: nobody can switch it off inside the study, so labels cannot anchor on the judge.</source>
        <translation>研究保存后即固定：研究中任何人都无法将其关闭，因此标注不会被评审结论锚定。</translation>
    </message>
    <message>
        <source>The judge run the study&apos;s labels are compared with</source>
        <translation>与此研究的标注进行比较的评审运行</translation>
    </message>
    <message>
        <source>Compare &amp;with:</source>
        <translation>比较对象(&amp;W)：</translation>
    </message>
    <message>
        <source>no run</source>
        <translation>无运行</translation>
    </message>
    <message numerus="yes">
        <source> item(s)</source>
        <translation>
            <numerusform> 项</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Rubricate::ScoringChoices</name>
    <message>
        <source>Scoring Choices</source>
        <translation>评分取舍说明</translation>
    </message>
    <message>
        <source>scoring-choices.md</source>
        <extracomment>The file name of this page in your language, as shipped under docs/.</extracomment>
        <translation>scoring-choices.zh_CN.md</translation>
    </message>
</context>
<context>
    <name>Rubricate::StudyQueueDock</name>
    <message>
        <source>My Queue</source>
        <translation>我的队列</translation>
    </message>
    <message>
        <source>&amp;Auto-advance after a label</source>
        <translation>标注后自动跳到下一项(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Next Assigned Item</source>
        <translation>下一个分配项(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Previous Assigned Item</source>
        <translation>上一个分配项(&amp;P)</translation>
    </message>
    <message>
        <source>Annotator</source>
        <translation>标注者</translation>
    </message>
    <message>
        <source>Labelled</source>
        <translation>已标注</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>完成度</translation>
    </message>
    <message>
        <source>After each label of a queue item, open the next unlabelled one</source>
        <translation>每标注完队列中的一项，就打开下一个未标注项</translation>
    </message>
    <message>
        <source>Open the next item of your queue that you have not labelled</source>
        <translation>打开队列中你尚未标注的下一项</translation>
    </message>
    <message>
        <source>Open the item before this one in your queue</source>
        <translation>打开队列中当前项的上一项</translation>
    </message>
    <message>
        <source>Mine</source>
        <translation>我的</translation>
    </message>
    <message>
        <source>Everyone</source>
        <translation>所有人</translation>
    </message>
    <message>
        <source>%1 (blind)</source>
        <translation>%1（盲评）</translation>
    </message>
    <message>
        <source>%L1 of %L2</source>
        <translation>%L1 / %L2</translation>
    </message>
    <message>
        <source>No study assigns you items. Draw one with Study → New Study…, naming yourself among the annotators.</source>
        <translation>没有研究为你分配评分项。请通过“研究 → 新建研究…”抽取一个，并将你自己列为标注者之一。</translation>
    </message>
    <message>
        <source>%L1 of %L2 labelled</source>
        <translation>已标注 %L1 / %L2</translation>
    </message>
    <message>
        <source>No study assigns you items.</source>
        <translation>没有研究为你分配评分项。</translation>
    </message>
    <message>
        <source>This is the first item of your queue.</source>
        <translation>这是你队列中的第一项。</translation>
    </message>
    <message>
        <source>Every item of your queue is labelled.</source>
        <translation>你队列中的所有项都已标注。</translation>
    </message>
</context>
<context>
    <name>Rubricate::StudyQueueModel</name>
    <message>
        <source>report %1</source>
        <translation>报告 %1</translation>
    </message>
    <message>
        <source>labelled</source>
        <translation>已标注</translation>
    </message>
    <message>
        <source>not labelled yet</source>
        <translation>尚未标注</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Report</source>
        <translation>报告</translation>
    </message>
    <message>
        <source>Rubric</source>
        <translation>评分项</translation>
    </message>
</context>
<context>
    <name>Rubricate::TeamProjectDialog</name>
    <message>
        <source>Create a project in the database if it holds none</source>
        <translation>若数据库中尚无项目，则在其中创建一个</translation>
    </message>
    <message>
        <source>Open Team Project</source>
        <translation>打开团队项目</translation>
    </message>
    <message>
        <source>localhost, a server name, or a socket folder</source>
        <translation>localhost、服务器名称或套接字目录</translation>
    </message>
    <message>
        <source>the database your administrator made</source>
        <translation>管理员创建的数据库</translation>
    </message>
    <message>
        <source>prefer (libpq&apos;s default)</source>
        <translation>prefer（libpq 默认）</translation>
    </message>
    <message>
        <source>&amp;Server:</source>
        <translation>服务器(&amp;S)：</translation>
    </message>
    <message>
        <source>&amp;Port:</source>
        <translation>端口(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Database:</source>
        <translation>数据库(&amp;D)：</translation>
    </message>
    <message>
        <source>&amp;User:</source>
        <translation>用户(&amp;U)：</translation>
    </message>
    <message>
        <source>SS&amp;L:</source>
        <translation>SSL(&amp;L)：</translation>
    </message>
    <message>
        <source>The password is read from ~/.pgpass, the PGPASSWORD variable or a PostgreSQL service file. Rubricate never asks for it, stores it or shows it.</source>
        <translation>密码从 ~/.pgpass、PGPASSWORD 环境变量或 PostgreSQL 服务文件中读取。Rubricate 从不询问、保存或显示密码。</translation>
    </message>
    <message>
        <source>Location: %1</source>
        <translation>位置：%1</translation>
    </message>
    <message>
        <source>default</source>
        <translation>默认</translation>
    </message>
</context>
<context>
    <name>Rubricate::UnwrittenLabelsIndicator</name>
    <message>
        <source>Try Now</source>
        <translation>立即重试</translation>
    </message>
    <message numerus="yes">
        <source>%n label(s) not yet written</source>
        <translation>
            <numerusform>%n 条标注尚未写入</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n label(s), not written because: %2</source>
        <translation>
            <numerusform>%1：%n 条标注，未写入的原因：%2</numerusform>
        </translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>They are kept on this computer, also when Rubricate is closed, and written in the order given as soon as the project can take them.</source>
        <translation>这些标注保存在本机上（关闭 Rubricate 后也不会丢失），一旦项目可以写入，就按标注的先后顺序写入。</translation>
    </message>
    <message numerus="yes">
        <source>Next try in %n second(s). Click to try now.</source>
        <translation>
            <numerusform>%n 秒后重试。点击可立即重试。</numerusform>
        </translation>
    </message>
    <message>
        <source>Click to try now.</source>
        <translation>点击可立即重试。</translation>
    </message>
    <message>
        <source>Set Waiting Labels Aside…</source>
        <translation>将待写入的标注移到一旁…</translation>
    </message>
    <message>
        <source>Set Waiting Labels Aside</source>
        <translation>将待写入的标注移到一旁</translation>
    </message>
    <message numerus="yes">
        <source>Stop trying to write the %n waiting label(s)? They are moved to a file beside the spool on this computer and are not written to the project; give them again once it can be reached.</source>
        <translation>
            <numerusform>不再尝试写入这 %n 条待写入的标注吗？它们会被移到本机暂存目录旁的一个文件中，不会写入项目；项目可以访问后请重新标注。</numerusform>
        </translation>
    </message>
    <message>
        <source>Set Aside</source>
        <translation>移到一旁</translation>
    </message>
</context>
<context>
    <name>Rubricate::UserGuide</name>
    <message>
        <source>User Guide</source>
        <translation>用户指南</translation>
    </message>
    <message>
        <source>Contents</source>
        <translation>目录</translation>
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
    <message>
        <source>Blind mode: label this rubric to see the judge</source>
        <translation>盲评模式：先标注此评分项才能看到评审结论</translation>
    </message>
    <message>
        <source>Run B</source>
        <translation>运行 B</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>理由</translation>
    </message>
    <message>
        <source>met</source>
        <translation>满足</translation>
    </message>
    <message>
        <source>partly</source>
        <translation>部分</translation>
    </message>
    <message>
        <source>not met</source>
        <translation>未满足</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>0–10 (keys 0–9, T for 10)</source>
        <translation>0–10（按键 0–9，T 表示 10）</translation>
    </message>
    <message>
        <source>Stale: the criterion was edited after this verdict.
%1</source>
        <translation>已过期：此结论之后标准被修改过。
%1</translation>
    </message>
    <message>
        <source>A pitfall: when it is satisfied, the report&apos;s score goes down</source>
        <translation>陷阱项：若满足，报告得分会降低</translation>
    </message>
    <message>
        <source>%1 (stale)</source>
        <translation>%1（过期）</translation>
    </message>
    <message>
        <source>Weight</source>
        <translation>权重</translation>
    </message>
    <message>
        <source>Pitfall met: this criterion has a negative weight (%1), so meeting it lowers the report&apos;s score.
%2</source>
        <translation>陷阱项被满足：此标准的权重为负（%1），满足它会降低报告得分。
%2</translation>
    </message>
</context>
<context>
    <name>Rubricate::VerdictPanel</name>
    <message>
        <source>No judge run for this report</source>
        <translation>此报告尚无评审运行</translation>
    </message>
    <message>
        <source>Accept the judge&apos;s verdict</source>
        <translation>采纳评审结论</translation>
    </message>
    <message>
        <source>&amp;Blind Mode</source>
        <translation>盲评模式(&amp;B)</translation>
    </message>
    <message>
        <source>The judge run whose verdicts are shown</source>
        <translation>所显示结论所属的评审运行</translation>
    </message>
    <message>
        <source>A second run shown beside the first; disagreements are marked</source>
        <translation>与第一个运行并排显示的第二个运行；分歧会被标出</translation>
    </message>
    <message>
        <source>Hide the judge&apos;s verdict and evidence until you have labelled the rubric</source>
        <translation>在你标注评分项之前隐藏评审的结论和证据</translation>
    </message>
    <message>
        <source>Label with %1</source>
        <translation>标注为 %1</translation>
    </message>
    <message>
        <source>Add or edit a note</source>
        <translation>添加或编辑备注</translation>
    </message>
    <message>
        <source>Next rubric</source>
        <translation>下一个评分项</translation>
    </message>
    <message>
        <source>Previous rubric</source>
        <translation>上一个评分项</translation>
    </message>
    <message>
        <source>Next report</source>
        <translation>下一份报告</translation>
    </message>
    <message>
        <source>Previous report</source>
        <translation>上一份报告</translation>
    </message>
    <message>
        <source>Next evidence span</source>
        <translation>下一段证据</translation>
    </message>
    <message>
        <source>Previous evidence span</source>
        <translation>上一段证据</translation>
    </message>
    <message>
        <source>Run:</source>
        <translation>运行：</translation>
    </message>
    <message>
        <source>beside:</source>
        <translation>并排：</translation>
    </message>
    <message>
        <source>J / K, Down / Up</source>
        <translation>J / K，下 / 上</translation>
    </message>
    <message>
        <source>next / previous rubric</source>
        <translation>下一个 / 上一个评分项</translation>
    </message>
    <message>
        <source>] / [</source>
        <translation>] / [</translation>
    </message>
    <message>
        <source>next / previous report</source>
        <translation>下一份 / 上一份报告</translation>
    </message>
    <message>
        <source>1 / 0 / -</source>
        <translation>1 / 0 / -</translation>
    </message>
    <message>
        <source>DRB-II: label 1, 0 or −1 (met only through the blocked source)</source>
        <translation>DRB-II：标注 1、0 或 −1（仅通过被屏蔽来源满足）</translation>
    </message>
    <message>
        <source>1 / P / 0</source>
        <translation>1 / P / 0</translation>
    </message>
    <message>
        <source>ResearchRubrics: satisfied, partially, not satisfied</source>
        <translation>ResearchRubrics：满足、部分满足、未满足</translation>
    </message>
    <message>
        <source>0 … 9, T</source>
        <translation>0 … 9，T</translation>
    </message>
    <message>
        <source>0–10 scales: the score, T for 10</source>
        <translation>0–10 量表：分数，T 表示 10</translation>
    </message>
    <message>
        <source>A</source>
        <translation>A</translation>
    </message>
    <message>
        <source>accept the judge&apos;s verdict</source>
        <translation>采纳评审结论</translation>
    </message>
    <message>
        <source>N</source>
        <translation>N</translation>
    </message>
    <message>
        <source>add or edit a note</source>
        <translation>添加或编辑备注</translation>
    </message>
    <message>
        <source>E / Shift+E</source>
        <translation>E / Shift+E</translation>
    </message>
    <message>
        <source>next / previous evidence span of the rubric</source>
        <translation>该评分项的下一段 / 上一段证据</translation>
    </message>
    <message>
        <source>Ctrl+B</source>
        <translation>Ctrl+B</translation>
    </message>
    <message>
        <source>blind mode: hide the judge until you have labelled</source>
        <translation>盲评模式：在你标注前隐藏评审</translation>
    </message>
    <message>
        <source>Ctrl+Z / Ctrl+Shift+Z</source>
        <translation>Ctrl+Z / Ctrl+Shift+Z</translation>
    </message>
    <message>
        <source>undo / redo a label or note</source>
        <translation>撤销 / 重做标注或备注</translation>
    </message>
    <message>
        <source>Select a report to see its verdicts.</source>
        <translation>选择一份报告以查看其结论。</translation>
    </message>
    <message>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message numerus="yes">
        <source>No judge run for this report yet: %n rubric(s), %1 labelled</source>
        <translation>
            <numerusform>此报告尚无评审运行：%n 个评分项，已标注 %1 个</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; the two runs disagree on %n</source>
        <translation>
            <numerusform>；两个运行在 %n 项上有分歧</numerusform>
        </translation>
    </message>
    <message>
        <source> · weight %1</source>
        <translation> · 权重 %1</translation>
    </message>
    <message>
        <source>Blind mode: the judge&apos;s verdict and evidence appear once you have labelled this rubric.</source>
        <translation>盲评模式：标注此评分项后才会显示评审的结论和证据。</translation>
    </message>
    <message>
        <source>Not judged in this run.</source>
        <translation>此运行中未评审。</translation>
    </message>
    <message>
        <source>Judge:</source>
        <translation>评审：</translation>
    </message>
    <message>
        <source>Judge error:</source>
        <translation>评审错误：</translation>
    </message>
    <message>
        <source>not found in the report</source>
        <translation>报告中未找到</translation>
    </message>
    <message>
        <source>partly found in the report</source>
        <translation>报告中部分找到</translation>
    </message>
    <message numerus="yes">
        <source>found in the report (%n span(s))</source>
        <translation>
            <numerusform>已在报告中找到（%n 段）</numerusform>
        </translation>
    </message>
    <message>
        <source>Evidence:</source>
        <translation>证据：</translation>
    </message>
    <message>
        <source>Human:</source>
        <translation>人工：</translation>
    </message>
    <message>
        <source>Note:</source>
        <translation>备注：</translation>
    </message>
    <message>
        <source>Blind mode: give your own label first.</source>
        <translation>盲评模式：请先给出你自己的标注。</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>备注</translation>
    </message>
    <message>
        <source>Note on “%1”:</source>
        <translation>关于“%1”的备注：</translation>
    </message>
    <message numerus="yes">
        <source>Blind mode: %n rubric(s), %1 labelled</source>
        <translation>
            <numerusform>盲评模式：%n 个评分项，已标注 %1 个</numerusform>
        </translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>Query &amp;&amp; Persona</source>
        <translation>查询与用户画像</translation>
    </message>
    <message>
        <source>weight %1: a pitfall</source>
        <translation>权重 %1：陷阱项</translation>
    </message>
    <message>
        <source>Scale:</source>
        <translation>量表：</translation>
    </message>
    <message>
        <source>Stale: the criterion was edited after this verdict; judge it again.</source>
        <translation>已过期：此结论之后标准被修改过，请重新评审。</translation>
    </message>
    <message>
        <source>typed</source>
        <translation>手动输入</translation>
    </message>
    <message>
        <source>accepted the judge</source>
        <translation>采纳了评审结论</translation>
    </message>
    <message>
        <source>imported</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>adjudicated</source>
        <translation>裁决</translation>
    </message>
    <message>
        <source>judge visible</source>
        <translation>评审可见</translation>
    </message>
    <message>
        <source>judge hidden</source>
        <translation>评审隐藏</translation>
    </message>
    <message>
        <source>study “%1”</source>
        <translation>研究“%1”</translation>
    </message>
    <message>
        <source>%1 s in focus</source>
        <translation>聚焦 %1 秒</translation>
    </message>
    <message>
        <source>The study “%1” is blind: the judge stays hidden until you have labelled each item</source>
        <translation>研究“%1”为盲评：在你标注每一项之前，评审结论始终隐藏</translation>
    </message>
    <message>
        <source>%1, %2 labelled, %3, %4 not in the report</source>
        <translation>%1，已标注 %2 个，%3，%4不在报告中</translation>
    </message>
    <message numerus="yes">
        <source>%n rubric(s)</source>
        <translation>
            <numerusform>%n 个评分项</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n judge error(s)</source>
        <translation>
            <numerusform>%n 个评审错误</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n quote(s)</source>
        <translation>
            <numerusform>%n 条引文</numerusform>
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
        <source>Project file, or team project location (postgresql://…), to open.</source>
        <translation>要打开的项目文件或团队项目位置（postgresql://…）。</translation>
    </message>
    <message>
        <source>With --screenshot: main, pdf, blind, run-dialog, classify-pages, judge-claims, shortcuts, agreement, leaderboard[-&lt;benchmark&gt;], corrected, review-&lt;benchmark&gt;, persona, criteria-editor, adjudication, team-project, scoring-choices, preferences, extend-sample, queue or study-overview.</source>
        <translation>与 --screenshot 一起使用：main、pdf、blind、run-dialog、classify-pages、judge-claims、shortcuts、agreement、leaderboard[-&lt;基准&gt;]、corrected、review-&lt;基准&gt;、persona、criteria-editor、adjudication、team-project、scoring-choices、preferences、extend-sample、queue 或 study-overview。</translation>
    </message>
</context>
</TS>
