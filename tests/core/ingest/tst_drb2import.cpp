// DRB-II: the real task file, the six real sample reports and a result.jsonl.
#include "ingest/importer.h"
#include "shareddata.h"
#include "store/projectstore.h"
#include "testfiles.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

int countOf(const QList<CountRow> &rows, const QString &group, const QString &key)
{
    for (const CountRow &r : rows) {
        if (r.group == group && r.key == key)
            return r.count;
    }
    return 0;
}

int total(const QMap<QString, int> &m)
{
    int n = 0;
    for (int v : m)
        n += v;
    return n;
}

} // namespace

class TestDrb2Import : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<ProjectStore> m_store;
    QString m_tasksPath;

private slots:
    void initTestCase()
    {
        auto created = ProjectStore::create(m_dir.filePath(u"drb2.rubricate"_s));
        QVERIFY2(created, qPrintable(created.errorMessage()));
        m_store = std::move(created).value();
    }

    void importsTheRealTaskFile()
    {
        RUBRICATE_REQUIRE_SHARED(path, "drb2/tasks_and_rubrics.jsonl");
        m_tasksPath = path;
        const ImportSummary s = runImport(*m_store, ImportKind::Drb2Tasks, path);
        QCOMPARE(s.errorCount(), 0);
        QCOMPARE(s.added.value(u"tasks"_s), 132);
        QCOMPARE(s.added.value(u"rubrics"_s), 9415);

        const ProjectStats stats = m_store->search().stats();
        QCOMPARE(countOf(stats.tasks, u"drb2"_s, QString()), 132);
        QCOMPARE(countOf(stats.languages, u"drb2"_s, u"zh"_s), 66);
        QCOMPARE(countOf(stats.languages, u"drb2"_s, u"en"_s), 66);
        QCOMPARE(stats.themes.size(), 22);
        QCOMPARE(countOf(stats.themes, u"drb2"_s, u"Science & Technology"_s), 23);
        QCOMPARE(countOf(stats.rubrics, u"drb2"_s, u"info_recall"_s), 6983);
        QCOMPARE(countOf(stats.rubrics, u"drb2"_s, u"analysis"_s), 1686);
        QCOMPARE(countOf(stats.rubrics, u"drb2"_s, u"presentation"_s), 746);
        QCOMPARE(countOf(stats.duplicateRubrics, u"drb2"_s, u"analysis"_s), 6);
    }

    void keepsTheFilesQuirks()
    {
        if (m_tasksPath.isEmpty())
            QSKIP("needs the task file");
        const auto bench = m_store->catalog().benchmark(u"drb2"_s);
        const auto t124 = m_store->catalog().task(*m_store->catalog().taskId(bench->id, u"124"_s));
        QVERIFY(!t124->blocked.has_value());
        QCOMPARE(t124->metadata.value(u"id"_s).toString(), u"task96"_s);
        const auto t2 = m_store->catalog().task(*m_store->catalog().taskId(bench->id, u"2"_s));
        QVERIFY(t2->blocked.has_value());
        QVERIFY(!t2->blocked->urls.isEmpty());
        QVERIFY(t2->prompt.startsWith(t2->judgeTask)); // prompt = content.task + blocking rule

        // idx 116: 23 analysis strings, 17 distinct; each repeat points at its first copy.
        const QList<Rubric> rubrics
            = m_store->catalog().rubrics(*m_store->catalog().taskId(bench->id, u"116"_s));
        QList<Rubric> analysis;
        for (const Rubric &r : rubrics) {
            if (r.dimension == "analysis"_L1)
                analysis << r;
        }
        QCOMPARE(analysis.size(), 23);
        QSet<QString> distinct;
        for (const Rubric &r : analysis) {
            distinct.insert(r.text);
            if (r.duplicateOf) {
                const auto first
                    = std::find_if(rubrics.cbegin(), rubrics.cend(),
                                   [&](const Rubric &o) { return o.id == *r.duplicateOf; });
                QVERIFY(first != rubrics.cend());
                QCOMPARE(first->text, r.text);
                QVERIFY(first->position < r.position);
            }
        }
        QCOMPARE(distinct.size(), 17);
        // File order is kept.
        for (int i = 1; i < analysis.size(); ++i)
            QCOMPARE(analysis.at(i).position, analysis.at(i - 1).position + 1);
    }

    void reimportChangesNothing()
    {
        if (m_tasksPath.isEmpty())
            QSKIP("needs the task file");
        const ImportSummary s = runImport(*m_store, ImportKind::Drb2Tasks, m_tasksPath);
        QCOMPARE(total(s.added), 0);
        QCOMPARE(total(s.updated), 0);
        QCOMPARE(s.unchanged.value(u"rubrics"_s), 9415);
        QCOMPARE(m_store->catalog().taskSummaries(u"drb2"_s).value().size(), 132);
    }

    void importsTheSixSampleReports()
    {
        if (m_tasksPath.isEmpty())
            QSKIP("needs the task file");
        RUBRICATE_REQUIRE_SHARED(dir, "drb2/samples/report");
        const ImportSummary s = runImport(*m_store, ImportKind::Drb2Reports, dir);
        QCOMPARE(s.errorCount(), 0);
        QCOMPARE(s.added.value(u"reports"_s), 6);
        const QList<ReportSummary> reports = m_store->reports().reportSummaries(u"drb2"_s).value();
        QCOMPARE(reports.size(), 6);
        QHash<QString, ReportSummary> byTask;
        for (const ReportSummary &r : reports) {
            QCOMPARE(r.model, u"passage"_s);
            QVERIFY2(r.hasText, qPrintable(r.sourceName));
            QVERIFY2(r.characters > 5000, qPrintable(r.sourceName));
            byTask.insert(r.taskExternalId, r);
        }
        QCOMPARE(byTask.value(u"1"_s).format, u"pdf"_s);
        QCOMPARE(byTask.value(u"1"_s).pageCount, 10);
        QCOMPARE(byTask.value(u"40"_s).format, u"html"_s);
        QCOMPARE(byTask.value(u"62"_s).format, u"docx"_s);
        QCOMPARE(byTask.value(u"16"_s).format, u"md"_s);

        // Text that makes sense, and the original file kept byte for byte.
        const Report pdf = *m_store->reports().report(byTask.value(u"1"_s).id);
        QVERIFY(pdf.text.contains(u"土地财政"_s));
        QCOMPARE(pdf.pages.size(), 10);
        QCOMPARE(m_store->reports().originalFile(pdf.contentHash),
                 RubricateTest::readFile(dir + u"/passage/idx-1.pdf"_s));
        const Report html = *m_store->reports().report(byTask.value(u"40"_s).id);
        QVERIFY(!html.text.contains(u"<div"_s));
        QVERIFY(!html.text.contains(u"<script"_s));
        const Report docx = *m_store->reports().report(byTask.value(u"62"_s).id);
        QVERIFY(!docx.text.contains(u"<w:"_s));

        QVERIFY(!m_store->search().reports(u"土地财政"_s).isEmpty());

        const ImportSummary again = runImport(*m_store, ImportKind::Drb2Reports, dir);
        QCOMPARE(again.unchanged.value(u"reports"_s), 6);
        QCOMPARE(total(again.added) + total(again.updated), 0);
    }

    void importsResultJsonlAsFinishedRun()
    {
        if (m_tasksPath.isEmpty())
            QSKIP("needs the task file");
        const auto bench = m_store->catalog().benchmark(u"drb2"_s);
        const RowId task2 = *m_store->catalog().taskId(bench->id, u"2"_s);
        const QList<Rubric> rubrics = m_store->catalog().rubrics(task2);
        QVERIFY(rubrics.size() > 10);

        // A result line as the official pipeline writes it, with the judge's usual slips.
        QJsonObject info, analysis, presentation;
        QList<RowId> expectedOk;
        RowId missingScore = 0, badScore = 0, reflowed = 0;
        for (int i = 0; i < rubrics.size(); ++i) {
            const Rubric &r = rubrics.at(i);
            QJsonObject item{{u"score"_s, i % 3 == 0 ? 1 : (i % 3 == 1 ? 0 : -1)},
                             {u"reason"_s, u"reason %1"_s.arg(i)},
                             {u"evidence"_s, i % 3 == 1 ? u""_s : u"quoted %1"_s.arg(i)}};
            QString key = r.text;
            if (i == 1) {
                item.remove(u"score"_s);
                missingScore = r.id;
            } else if (i == 2) {
                item[u"score"_s] = 7;
                badScore = r.id;
            } else if (i == 4) {
                key = u"  "_s + r.text.toUpper().replace(u' ', u"\n"_s) + u" "_s;
                reflowed = r.id;
                expectedOk << r.id;
            } else {
                expectedOk << r.id;
            }
            QJsonObject &dim = r.dimension == "info_recall"_L1 ? info
                : r.dimension == "analysis"_L1                 ? analysis
                                                               : presentation;
            dim.insert(key, item);
        }
        info.insert(u"A rubric the task never had"_s, QJsonObject{{u"score"_s, 1}});
        const QJsonObject result{{u"task"_s, u"..."_s},
                                 {u"scores"_s,
                                  QJsonObject{{u"info_recall"_s, info},
                                              {u"analysis"_s, analysis},
                                              {u"presentation"_s, presentation}}}};
        QByteArray jsonl
            = QJsonDocument(
                  QJsonObject{{u"model"_s, u"passage"_s}, {u"idx"_s, 2}, {u"result"_s, result}})
                  .toJson(QJsonDocument::Compact)
            + '\n';
        // `result` may also arrive as a JSON string, for a model with no report file yet.
        jsonl += QJsonDocument(QJsonObject{{u"model"_s, u"OtherModel"_s},
                                           {u"idx"_s, 2},
                                           {u"result"_s,
                                            QString::fromUtf8(QJsonDocument(result).toJson(
                                                QJsonDocument::Compact))}})
                     .toJson(QJsonDocument::Compact)
            + '\n';
        jsonl += "{\"model\": \"broken\", \"idx\": 2, \"result\": {\n"; // truncated line
        const QString path = m_dir.filePath(u"result.jsonl"_s);
        QVERIFY(RubricateTest::writeFile(path, jsonl));

        const ImportSummary s = runImport(*m_store, ImportKind::Drb2Results, path);
        QCOMPARE(s.errorCount(), 1); // the truncated line, reported with its number
        QVERIFY(std::any_of(s.issues.cbegin(), s.issues.cend(), [](const ImportIssue &i) {
            return i.line == 3 && i.severity == ImportIssue::Severity::Error;
        }));
        QCOMPARE(s.added.value(u"runs"_s), 1);
        QCOMPARE(s.added.value(u"report placeholders"_s), 1);
        QCOMPARE(s.added.value(u"verdicts"_s), 2 * rubrics.size());

        const QList<RunSummary> runs = m_store->runs().list().value();
        QCOMPARE(runs.size(), 1);
        QCOMPARE(runs.constFirst().status, u"finished"_s);
        QCOMPARE(runs.constFirst().errors, 4); // 2 items x 2 models

        const RowId reportId
            = *m_store->reports().reportId(*m_store->reports().modelId(u"passage"_s), task2);
        QHash<RowId, Verdict> verdicts;
        for (const Verdict &v : m_store->runs().verdicts(runs.constFirst().id, reportId).value())
            verdicts.insert(v.rubricId, v);
        QCOMPARE(verdicts.size(), rubrics.size());
        QVERIFY(!verdicts.value(missingScore).value.has_value());
        QVERIFY(verdicts.value(missingScore).error.contains(u"missing"_s));
        QVERIFY(!verdicts.value(badScore).value.has_value());
        QVERIFY(verdicts.value(reflowed).value.has_value());
        for (RowId id : std::as_const(expectedOk))
            QVERIFY(verdicts.value(id).value.has_value());
        QCOMPARE(verdicts.value(rubrics.at(0).id).value, std::optional<double>(1));
        QCOMPARE(verdicts.value(rubrics.at(0).id).evidence, u"quoted 0"_s);
        QCOMPARE(verdicts.value(rubrics.at(5).id).value, std::optional<double>(-1));

        const ImportSummary again = runImport(*m_store, ImportKind::Drb2Results, path);
        QCOMPARE(again.unchanged.value(u"runs"_s), 1);
        QCOMPARE(total(again.added), 0);
        QCOMPARE(m_store->runs().list().value().size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestDrb2Import)
#include "tst_drb2import.moc"
