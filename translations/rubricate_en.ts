<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
<context>
    <name>Rubricate::AlignmentDashboard</name>
    <message numerus="yes">
        <source>%1 vs %2 on %n item(s): agreement %3, κ %4, Macro-F1 %5, α %6.</source>
        <translation>
            <numerusform>%1 vs %2 on %n item: agreement %3, κ %4, Macro-F1 %5, α %6.</numerusform>
            <numerusform>%1 vs %2 on %n items: agreement %3, κ %4, Macro-F1 %5, α %6.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n annotator(s); all annotators α %1, Fleiss&apos; κ %2.</source>
        <translation>
            <numerusform>%n annotator; all annotators α %1, Fleiss&apos; κ %2.</numerusform>
            <numerusform>%n annotators; all annotators α %1, Fleiss&apos; κ %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) where annotators tied have no majority.</source>
        <translation>
            <numerusform>%n item where annotators tied have no majority.</numerusform>
            <numerusform>%n items where annotators tied have no majority.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n judge error(s) left out (errors are never verdicts).</source>
        <translation>
            <numerusform>%n judge error left out (errors are never verdicts).</numerusform>
            <numerusform>%n judge errors left out (errors are never verdicts).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Disagreements of %1 with %2 (%n item(s))</source>
        <translation>
            <numerusform>Disagreements of %1 with %2 (%n item)</numerusform>
            <numerusform>Disagreements of %1 with %2 (%n items)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) by %1</source>
        <translation>
            <numerusform>%n item by %1</numerusform>
            <numerusform>%n items by %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n annotator(s): %1.</source>
        <translation>
            <numerusform>%n annotator: %1.</numerusform>
            <numerusform>%n annotators: %1.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 %n item(s) (%2)</source>
        <translation>
            <numerusform>%1 %n item (%2)</numerusform>
            <numerusform>%1 %n items (%2)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Rubricate::AnnotationWriter</name>
    <message numerus="yes">
        <source>The label could not be kept on this computer (%1) while %n earlier label(s) wait for the project; it was not written.</source>
        <translation>
            <numerusform>The label could not be kept on this computer (%1) while an earlier label waits for the project; it was not written.</numerusform>
            <numerusform>The label could not be kept on this computer (%1) while %n earlier labels wait for the project; it was not written.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Rubricate::CorrectedScoresModel</name>
    <message numerus="yes">
        <source>The judge&apos;s mean over all %n judged item(s); its interval, %1, ignores the judge&apos;s errors</source>
        <translation>
            <numerusform>The judge&apos;s mean over the %n judged item; its interval, %1, ignores the judge&apos;s errors</numerusform>
            <numerusform>The judge&apos;s mean over all %n judged items; its interval, %1, ignores the judge&apos;s errors</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) whose annotators tied have no majority and count as not labelled</source>
        <translation>
            <numerusform>%n item whose annotators tied has no majority and counts as not labelled</numerusform>
            <numerusform>%n items whose annotators tied have no majority and count as not labelled</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Rubricate::CorrectedView</name>
    <message numerus="yes">
        <source>%n item(s) whose annotators tied have no majority and count as not labelled.</source>
        <translation>
            <numerusform>%n item whose annotators tied has no majority and counts as not labelled.</numerusform>
            <numerusform>%n items whose annotators tied have no majority and count as not labelled.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Rubricate::CriteriaDialog</name>
    <message numerus="yes">
        <source>%n judge verdict(s)</source>
        <translation>
            <numerusform>%n judge verdict</numerusform>
            <numerusform>%n judge verdicts</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n human label event(s)</source>
        <translation>
            <numerusform>%n human label event</numerusform>
            <numerusform>%n human label events</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n sample assignment(s)</source>
        <translation>
            <numerusform>%n sample assignment</numerusform>
            <numerusform>%n sample assignments</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Rubricate::ExtendSampleDialog</name>
    <message numerus="yes">
        <source>%n more item(s) to label, each by as many annotators as the study gives an item.</source>
        <translation>
            <numerusform>%n more item to label, each by as many annotators as the study gives an item.</numerusform>
            <numerusform>%n more items to label, each by as many annotators as the study gives an item.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Rubricate::LeaderboardModel</name>
    <message numerus="yes">
        <source>%n report(s) in another language than their task&apos;s rubrics, scored against criteria in the other language:
%1</source>
        <translation>
            <numerusform>%n report in another language than its task&apos;s rubrics, scored against criteria in the other language:
%1</numerusform>
            <numerusform>%n reports in another language than their tasks&apos; rubrics, scored against criteria in the other language:
%1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Rubricate::LeaderboardPage</name>
    <message numerus="yes">
        <source>%n model(s). %1 Undefined values are shown as “—” (hover for why) and sort last.</source>
        <translation>
            <numerusform>%n model. %1 Undefined values are shown as “—” (hover for why) and sort last.</numerusform>
            <numerusform>%n models. %1 Undefined values are shown as “—” (hover for why) and sort last.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n report(s) are in another language than their task&apos;s rubrics (marked beside the model; hover for which).</source>
        <translation>
            <numerusform>%n report is in another language than its task&apos;s rubrics (marked beside the model; hover for which).</numerusform>
            <numerusform>%n reports are in another language than their tasks&apos; rubrics (marked beside the model; hover for which).</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (run %2, %n verdict(s))</source>
        <translation>
            <numerusform>%1 (run %2, %n verdict)</numerusform>
            <numerusform>%1 (run %2, %n verdicts)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Rubricate::MainWindow</name>
    <message numerus="yes">
        <source>Pausing: waiting for %n answer(s) on their way; %1 of %2 requests answered</source>
        <translation>
            <numerusform>Pausing: waiting for %n answer on their way; %1 of %2 requests answered</numerusform>
            <numerusform>Pausing: waiting for %n answers on their way; %1 of %2 requests answered</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Exported %n file(s) to %1</source>
        <translation>
            <numerusform>Exported %n file to %1</numerusform>
            <numerusform>Exported %n files to %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Claims extracted from %n report(s): %1 cited, %2 uncited</source>
        <translation>
            <numerusform>Claims extracted from %n report: %1 cited, %2 uncited</numerusform>
            <numerusform>Claims extracted from %n reports: %1 cited, %2 uncited</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n item(s) added to the study “%1”</source>
        <translation>
            <numerusform>%n item added to the study “%1”</numerusform>
            <numerusform>%n items added to the study “%1”</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Classifying cited pages: %1 of %n page(s), %2 papers, %3 failed, %4 requests</source>
        <translation>
            <numerusform>Classifying cited pages: %1 of %n page, %2 papers, %3 failed, %4 requests</numerusform>
            <numerusform>Classifying cited pages: %1 of %n pages, %2 papers, %3 failed, %4 requests</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Extracting claims with a judge: %1 of %n report(s), %2 failed, %3 requests</source>
        <translation>
            <numerusform>Extracting claims with a judge: %1 of %n report, %2 failed, %3 requests</numerusform>
            <numerusform>Extracting claims with a judge: %1 of %n reports, %2 failed, %3 requests</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n label(s) set aside on this computer were written to the project.</source>
        <translation>
            <numerusform>%n label set aside on this computer was written to the project.</numerusform>
            <numerusform>%n labels set aside on this computer were written to the project.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n label(s) stay set aside. A label stays when its annotator labelled the same item again since, or when the project refuses it; the details say which.</source>
        <translation>
            <numerusform>%n label stays set aside. A label stays when its annotator labelled the same item again since, or when the project refuses it; the details say which.</numerusform>
            <numerusform>%n labels stay set aside. A label stays when its annotator labelled the same item again since, or when the project refuses it; the details say which.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Rubricate::PersonaModel</name>
    <message numerus="yes">
        <source>%n field(s)</source>
        <translation>
            <numerusform>%n field</numerusform>
            <numerusform>%n fields</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n item(s)</source>
        <translation>
            <numerusform>%n item</numerusform>
            <numerusform>%n items</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Rubricate::ProjectFilterModel</name>
    <message numerus="yes">
        <source>%L1 of %n persona(s)</source>
        <translation>
            <numerusform>%L1 of %n persona</numerusform>
            <numerusform>%L1 of %n personas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%L1 of %n task(s)</source>
        <translation>
            <numerusform>%L1 of %n task</numerusform>
            <numerusform>%L1 of %n tasks</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Rubricate::ProjectJobs</name>
    <message numerus="yes">
        <source>The annotations were written to %1, except %n event(s) on a rubric that is no item of their report:</source>
        <translation>
            <numerusform>The annotations were written to %1, except %n event on a rubric that is no item of its report:</numerusform>
            <numerusform>The annotations were written to %1, except %n events on a rubric that is no item of their report:</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Rubricate::ReviewPage</name>
    <message numerus="yes">
        <source>%n report(s) found</source>
        <translation>
            <numerusform>%n report found</numerusform>
            <numerusform>%n reports found</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Rubricate::RunDialog</name>
    <message numerus="yes">
        <source> weight sample(s) per family</source>
        <translation>
            <numerusform> weight sample per family</numerusform>
            <numerusform> weight samples per family</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> request(s) at once</source>
        <translation>
            <numerusform> request at once</numerusform>
            <numerusform> requests at once</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> item(s) per request</source>
        <translation>
            <numerusform> item per request</numerusform>
            <numerusform> items per request</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>#%1 %2 — %n item(s) in error</source>
        <translation>
            <numerusform>#%1 %2 — %n item in error</numerusform>
            <numerusform>#%1 %2 — %n items in error</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1 (%Ln report(s))</source>
        <translation>
            <numerusform>%1 (%Ln report)</numerusform>
            <numerusform>%1 (%Ln reports)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln request(s)</source>
        <translation>
            <numerusform>%Ln request</numerusform>
            <numerusform>%Ln requests</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln rubric item(s)</source>
        <translation>
            <numerusform>%Ln rubric item</numerusform>
            <numerusform>%Ln rubric items</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln report(s)</source>
        <translation>
            <numerusform>%Ln report</numerusform>
            <numerusform>%Ln reports</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n report(s) without text will be skipped.</source>
        <translation>
            <numerusform>%n report without text will be skipped.</numerusform>
            <numerusform>%n reports without text will be skipped.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n report(s): one request per block of each (ReportBench: two, cited then uncited statements). Reports a judge extracted before are skipped unless you ask again; a report&apos;s claims are written once all its requests succeeded.</source>
        <translation>
            <numerusform>%n report: one request per block (ReportBench: two, cited then uncited statements). Reports a judge extracted before are skipped unless you ask again; a report&apos;s claims are written once all its requests succeeded.</numerusform>
            <numerusform>%n reports: one request per block of each (ReportBench: two, cited then uncited statements). Reports a judge extracted before are skipped unless you ask again; a report&apos;s claims are written once all its requests succeeded.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Rubricate::RunsModel</name>
    <message numerus="yes">
        <source>pausing (%n in flight)</source>
        <translation>
            <numerusform>pausing (%n in flight)</numerusform>
            <numerusform>pausing (%n in flight)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n request(s) in hand</source>
        <translation>
            <numerusform>%1: %n request in hand</numerusform>
            <numerusform>%1: %n requests in hand</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Rubricate::SampleDialog</name>
    <message numerus="yes">
        <source> item(s)</source>
        <translation>
            <numerusform> item</numerusform>
            <numerusform> items</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> annotator(s) per item</source>
        <translation>
            <numerusform> annotator per item</numerusform>
            <numerusform> annotators per item</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Rubricate::UnwrittenLabelsIndicator</name>
    <message numerus="yes">
        <source>%n label(s) not yet written</source>
        <translation>
            <numerusform>%n label not yet written</numerusform>
            <numerusform>%n labels not yet written</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1: %n label(s), not written because: %2</source>
        <translation>
            <numerusform>%1: %n label, not written because: %2</numerusform>
            <numerusform>%1: %n labels, not written because: %2</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Next try in %n second(s). Click to try now.</source>
        <translation>
            <numerusform>Next try in %n second. Click to try now.</numerusform>
            <numerusform>Next try in %n seconds. Click to try now.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stop trying to write the %n waiting label(s)? They are moved to a file beside the spool on this computer and are not written to the project; give them again once it can be reached.</source>
        <translation>
            <numerusform>Stop trying to write the waiting label? It is moved to a file beside the spool on this computer and is not written to the project; give it again once the project can be reached.</numerusform>
            <numerusform>Stop trying to write the %n waiting labels? They are moved to a file beside the spool on this computer and are not written to the project; give them again once it can be reached.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>Rubricate::VerdictPanel</name>
    <message numerus="yes">
        <source>Blind mode: %n rubric(s), %1 labelled</source>
        <translation>
            <numerusform>Blind mode: %n rubric, %1 labelled</numerusform>
            <numerusform>Blind mode: %n rubrics, %1 labelled</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n rubric(s)</source>
        <translation>
            <numerusform>%n rubric</numerusform>
            <numerusform>%n rubrics</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n judge error(s)</source>
        <translation>
            <numerusform>%n judge error</numerusform>
            <numerusform>%n judge errors</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n quote(s)</source>
        <translation>
            <numerusform>%n quote</numerusform>
            <numerusform>%n quotes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>No judge run for this report yet: %n rubric(s), %1 labelled</source>
        <translation>
            <numerusform>No judge run for this report yet: %n rubric, %1 labelled</numerusform>
            <numerusform>No judge run for this report yet: %n rubrics, %1 labelled</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; the two runs disagree on %n</source>
        <translation>
            <numerusform>; the two runs disagree on %n</numerusform>
            <numerusform>; the two runs disagree on %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>found in the report (%n span(s))</source>
        <translation>
            <numerusform>found in the report (%n span)</numerusform>
            <numerusform>found in the report (%n spans)</numerusform>
        </translation>
    </message>
</context>
</TS>
