// A small DRB-II project for judge tests: tasks with rubrics and two agents' reports, written
// at test time and imported through the real importers.
#pragma once

#include "ingest/importer.h"
#include "judge/judgeconfig.h"
#include "judge/judgesimulator.h"
#include "store/projectstore.h"
#include "testfiles.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSqlQuery>
#include <QTest>

namespace RubricateTest {

// A judge at the simulator's address that retries fast, for the generator tests.
inline Rubricate::JudgeConfig simulatorJudge(const Rubricate::JudgeSimulator &simulator)
{
    Rubricate::JudgeConfig c;
    c.provider = Rubricate::ProviderKind::OpenAiCompatible;
    c.baseUrl = simulator.baseUrl();
    c.model = QStringLiteral("test-judge");
    c.concurrency = 2;
    c.backoffBaseMs = 10;
    c.backoffMaxMs = 40;
    c.timeoutMs = 5000;
    return c;
}

// `tasks` tasks with `rubricsPerTask` rubrics each (split over the three dimensions) and a
// Markdown report per task for ModelA and ModelB. Returns the number of rubric items.
inline int writeJudgeFixture(Rubricate::ProjectStore &store, const QString &dir, int tasks,
                             int rubricsPerTask, int sentencesPerReport = 40)
{
    using namespace Qt::StringLiterals;
    QByteArray jsonl;
    for (int t = 1; t <= tasks; ++t) {
        QJsonArray info, analysis, presentation;
        for (int r = 0; r < rubricsPerTask; ++r) {
            const QString text
                = u"Task %1 rubric %2: states that measurement %3 is reported."_s.arg(t).arg(r).arg(
                    t * 100 + r);
            (r % 3 == 0 ? presentation : r % 3 == 1 ? analysis : info).append(text);
        }
        const QJsonObject content{
            {u"task"_s, u"Research question number %1."_s.arg(t)},
            {u"rubric"_s,
             QJsonObject{{u"info_recall"_s, info},
                         {u"analysis"_s, analysis},
                         {u"presentation"_s, presentation}}},
            {u"blocked"_s,
             QJsonObject{{u"title"_s, u"A blocked paper"_s},
                         {u"authors"_s, QJsonArray{u"A. Author"_s}},
                         {u"urls"_s, QJsonArray{u"https://example.org/b"_s}}}}};
        jsonl += QJsonDocument(QJsonObject{{u"id"_s, u"t%1"_s.arg(t)},
                                           {u"idx"_s, t},
                                           {u"language"_s, u"en"_s},
                                           {u"theme"_s, u"Health"_s},
                                           {u"description"_s, u"d"_s},
                                           {u"prompt"_s, u"Research question."_s},
                                           {u"content"_s, content}})
                     .toJson(QJsonDocument::Compact)
            + '\n';
        for (const char *model : {"ModelA", "ModelB"}) {
            QByteArray report = "# Report " + QByteArray::number(t) + " by " + model + "\n\n";
            for (int s = 0; s < sentencesPerReport; ++s)
                report += "Sentence " + QByteArray::number(s) + " of the report on measurement "
                    + QByteArray::number(t * 100 + s) + " explains the finding in some detail. ";
            writeFile(dir + u"/report/"_s + QLatin1StringView(model) + u"/idx-%1.md"_s.arg(t),
                      report);
        }
    }
    writeFile(dir + u"/tasks.jsonl"_s, jsonl);
    Rubricate::runImport(store, Rubricate::ImportKind::Drb2Tasks, dir + u"/tasks.jsonl"_s);
    Rubricate::runImport(store, Rubricate::ImportKind::Drb2Reports, dir + u"/report"_s);
    return tasks * rubricsPerTask * 2;
}

// The verdicts of `run` checked against the judge simulator's score for their rubric's text:
// how many there are, and how many differ.
struct ScoreCheck {
    int checked = 0;
    int wrong = 0;
};
inline ScoreCheck checkSimulatedScores(Rubricate::ProjectStore &store, Rubricate::RowId run)
{
    ScoreCheck c;
    QSqlQuery q(store.database());
    if (!q.exec(QStringLiteral("SELECT r.text, v.value FROM verdict v JOIN rubric r"
                               " ON r.id = v.rubric_id WHERE v.run_id = %1")
                    .arg(run)))
        return {-1, -1};
    while (q.next()) {
        ++c.checked;
        if (q.value(1).toInt() != Rubricate::JudgeSimulator::expectedScore(q.value(0).toString()))
            ++c.wrong;
    }
    return c;
}

// Every item of the run has the simulator's score (what a live run gets), and no item has an
// error or a second verdict. Check QTest::currentTestFailed() after it.
inline void verifySimulatorVerdicts(Rubricate::ProjectStore &s, Rubricate::RowId runId, int items)
{
    using namespace Rubricate;
    using namespace Qt::StringLiterals;
    int count = 0;
    int spansChecked = 0;
    for (const ReportSummary &r : s.reports().reportSummaries(u"drb2"_s).value()) {
        const auto report = s.reports().report(r.id);
        QHash<RowId, Rubric> rubrics;
        for (const Rubric &rb : s.catalog().rubrics(report->taskId))
            rubrics.insert(rb.id, rb);
        // Each rubric's quote starts elsewhere in the passage, so a span written to another
        // item's verdict would mark other text.
        const QHash<RowId, QList<EvidenceSpanRow>> spans
            = s.runs().evidenceSpansOfReport(runId, r.id);
        for (const Verdict &v : s.runs().verdicts(runId, r.id).value()) {
            QVERIFY2(v.value.has_value(), qPrintable(v.error));
            QCOMPARE(*v.value,
                     double(JudgeSimulator::expectedScore(rubrics.value(v.rubricId).text)));
            for (const EvidenceSpanRow &span : spans.value(v.rubricId)) {
                QCOMPARE(report->text.mid(span.start, span.length), v.evidence.trimmed());
                ++spansChecked;
            }
            ++count;
        }
    }
    QCOMPARE(count, items);
    const RunTotals t = s.runs().runTotals(runId).value();
    QCOMPARE(t.verdicts, items);
    QCOMPARE(t.verdictErrors, 0);
    QCOMPARE(t.jobsDone, t.jobs);
    QCOMPARE(spansChecked > 0, t.evidenceLocated > 0);
}

} // namespace RubricateTest
