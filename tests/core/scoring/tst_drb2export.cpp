// DRB-II exports: the five agg_scores CSVs (against the authors' published tables) and
// result.jsonl lines (against Python's json.dumps and the project's own importer).
#include "drb2testdata.h"
#include "exchange/drb2export.h"
#include "ingest/importer.h"
#include "scratchproject.h"
#include "shareddata.h"
#include "testfiles.h"

#include <QBuffer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>
#include <set>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

constexpr Drb2Metric allMetrics[]
    = {Drb2Metric::InfoRecall, Drb2Metric::Analysis, Drb2Metric::Presentation, Drb2Metric::Total,
       Drb2Metric::Blocked};

Drb2ScoreItem scoreItem(const QString &model, int idx, const QString &language,
                        const QString &theme, const QString &text, std::optional<int> score)
{
    Drb2ScoreItem i;
    i.model = model;
    i.idx = idx;
    i.language = language;
    i.theme = theme;
    i.dimension = u"info_recall"_s;
    i.rubricText = text;
    i.score = score;
    return i;
}

Drb2ResultItem resultItem(const QString &dimension, const QString &text, std::optional<int> score,
                          const QString &reason = {}, const QString &evidence = {},
                          const QString &error = {})
{
    return {dimension, text, score, reason, evidence, error};
}

// The authors' run, rebuilt as verdicts: every cell value v of a dimension with n distinct
// items becomes round(v * n) items met, the blocked rate becomes items scored -1, the rest 0.
struct AuthorsRun {
    QMap<int, RubricateTest::Drb2TaskRubrics> tasks;
    QStringList models;
    std::array<std::optional<Drb2CsvTable>, Drb2MetricCount> files;
    std::array<QByteArray, Drb2MetricCount> bytes;
    // (idx, model) -> per item text and dimension, the score; absent for the failed cells
    QHash<QString, std::array<QHash<QString, int>, 3>> verdicts;

    static QString key(int idx, const QString &model)
    {
        return QString::number(idx) + u'\x1f' + model;
    }

    QList<Drb2ScoreItem> items(const QList<int> &taskOrder) const
    {
        QList<Drb2ScoreItem> out;
        const char *dims[] = {"info_recall", "analysis", "presentation"};
        for (int idx : taskOrder) {
            const RubricateTest::Drb2TaskRubrics &t = tasks[idx];
            for (const QString &model : models) {
                const auto v = verdicts.constFind(key(idx, model));
                for (int d = 0; d < 3; ++d) {
                    for (const QString &text : t.texts[d]) { // duplicates included
                        Drb2ScoreItem i;
                        i.model = model;
                        i.idx = idx;
                        i.language = t.language;
                        i.theme = t.theme;
                        i.dimension = QString::fromLatin1(dims[d]);
                        i.rubricText = text;
                        if (v != verdicts.cend())
                            i.score = (*v)[d].value(text);
                        // else: the judge failed on the whole report, no usable score
                        out << i;
                    }
                }
            }
        }
        return out;
    }
};

} // namespace

class TestDrb2Export : public QObject
{
    Q_OBJECT

private slots:
    void formatsValuesLikePython()
    {
        // Expected strings from Python's f"{x:.6f}".
        QCOMPARE(formatDrb2Value(2.0 / 3.0), u"0.666667"_s);
        QCOMPARE(formatDrb2Value(1.0 / 3.0), u"0.333333"_s);
        QCOMPARE(formatDrb2Value(0.1234565), u"0.123456"_s); // binary value lies below .5
        QCOMPARE(formatDrb2Value(5e-07), u"0.000000"_s);
        QCOMPARE(formatDrb2Value(1.5e-06), u"0.000002"_s);
        QCOMPARE(formatDrb2Value(2.5e-06), u"0.000003"_s);
        QCOMPARE(formatDrb2Value(0.9999995), u"1.000000"_s);
        QCOMPARE(formatDrb2Value(5.0 / 7.0), u"0.714286"_s);
        QCOMPARE(formatDrb2Value(1.0), u"1.000000"_s);
        QCOMPARE(formatDrb2Value(0.0), u"0.000000"_s);
        QCOMPARE(formatDrb2Value(std::nullopt), QString());
        QCOMPARE(drb2CsvFileName(Drb2Metric::Blocked), u"agg_scores_blocked.csv"_s);
        QCOMPARE(drb2CsvFileName(Drb2Metric::InfoRecall, u"out/x"_s), u"out/x_inforecall.csv"_s);
    }

    void writesTheReferenceCsvLayout()
    {
        const QString zh = u"zh"_s, en = u"en"_s, health = u"Health"_s,
                      finance = u"Finance & Business"_s;
        const QString comma = u"m,1"_s, plain = u"plain"_s, quote = u"q\"x"_s;
        QList<Drb2ScoreItem> items;
        const auto add = [&](const QString &model, int idx, const QList<int> &scores) {
            const bool first = idx == 2;
            for (int i = 0; i < scores.size(); ++i) {
                items << scoreItem(model, idx, first ? en : zh, first ? finance : health,
                                   QString(QChar(u'a' + i)), scores.at(i));
            }
        };
        // Task 2 first: it appears first in the input.
        add(plain, 2, {1, 0, 0});
        add(comma, 2, {1, 1, 1});
        add(quote, 2, {-1, 0, 0});
        add(plain, 1, {1, 1, 0});
        add(quote, 1, {1, -1, 0});
        const Drb2Scores s = scoreDrb2(items);

        // Columns by model average; rows by task average; "m,1" never ran task 1.
        QCOMPARE(drb2CsvBytes(s, Drb2Metric::Total),
                 QByteArray("idx,language,theme,\"m,1\",plain,\"q\"\"x\",avg\r\n"
                            "1,zh,Health,,0.666667,0.333333,0.500000\r\n"
                            "2,en,Finance & Business,1.000000,0.333333,0.000000,0.444444\r\n"
                            "avg,,,1.000000,0.500000,0.166667,0.466667\r\n"));
        // No values at all: every average is missing, so code-point and input order stay.
        QCOMPARE(drb2CsvBytes(s, Drb2Metric::Analysis),
                 QByteArray("idx,language,theme,\"m,1\",plain,\"q\"\"x\",avg\r\n"
                            "2,en,Finance & Business,,,,\r\n"
                            "1,zh,Health,,,,\r\n"
                            "avg,,,,,,\r\n"));
        // "m,1" and plain tie at 0 and keep their code-point order.
        QCOMPARE(drb2CsvBytes(s, Drb2Metric::Blocked),
                 QByteArray("idx,language,theme,\"q\"\"x\",\"m,1\",plain,avg\r\n"
                            "1,zh,Health,0.333333,,0.000000,0.166667\r\n"
                            "2,en,Finance & Business,0.333333,0.000000,0.000000,0.111111\r\n"
                            "avg,,,0.333333,0.000000,0.000000,0.133333\r\n"));

        const auto parsed = parseDrb2Csv(drb2CsvBytes(s, Drb2Metric::Blocked));
        QVERIFY(parsed);
        QCOMPARE(parsed->models, (QStringList{quote, comma, plain}));
        QVERIFY(parsed->crlf);
        QVERIFY(!parsed->bom);
        QCOMPARE(parsed->rows.size(), 2);
        QCOMPARE(parsed->rows.at(1).theme, finance);
        QCOMPARE(parsed->rows.at(0).cells.at(1), QString());
        QCOMPARE(parsed->footer.average, u"0.133333"_s);
        QVERIFY(!parseDrb2Csv("idx,language,theme,avg\r\n1,zh,x,\r\n")); // no footer
        QVERIFY(!parseDrb2Csv("a,b\r\n"));

        QTemporaryDir dir;
        const Result<void> written = writeDrb2Csvs(dir.path(), s, u"agg_scores"_s);
        QVERIFY2(written, qPrintable(written.errorMessage()));
        for (Drb2Metric m : allMetrics) {
            const QString path = dir.filePath(drb2CsvFileName(m));
            QCOMPARE(RubricateTest::readFile(path), drb2CsvBytes(s, m));
        }
        QBuffer buffer;
        QVERIFY(!writeDrb2Csv(buffer, s, Drb2Metric::Total)); // not open
        QVERIFY(buffer.open(QIODevice::WriteOnly));
        QVERIFY(writeDrb2Csv(buffer, s, Drb2Metric::Total));
        QCOMPARE(buffer.data(), drb2CsvBytes(s, Drb2Metric::Total));
    }

    // formats.md §6: verdicts rebuilt from the authors' cells, scored and written by us,
    // give back the authors' five files.
    void reproducesTheAuthorsCsvs()
    {
        RUBRICATE_REQUIRE_SHARED(totalPath, "drb2/samples/agg_scores_v0/agg_scores_total.csv");
        RUBRICATE_REQUIRE_SHARED(tasksPath, "drb2/tasks_and_rubrics.jsonl");
        const QString dir = QFileInfo(totalPath).absolutePath();
        AuthorsRun run;
        run.tasks = RubricateTest::loadDrb2Tasks(tasksPath);
        QCOMPARE(run.tasks.size(), 132);
        for (Drb2Metric m : allMetrics) {
            const size_t i = size_t(m);
            run.bytes[i] = RubricateTest::readFile(dir + u'/' + drb2CsvFileName(m));
            auto parsed = parseDrb2Csv(run.bytes[i]);
            QVERIFY2(parsed, qPrintable(parsed.errorMessage()));
            run.files[i] = std::move(parsed).value();
            QVERIFY(run.files[i]->crlf);
            QVERIFY(!run.files[i]->bom);
            QCOMPARE(run.files[i]->rows.size(), 132);
        }
        const Drb2CsvTable &total = *run.files[size_t(Drb2Metric::Total)];
        run.models = total.models;
        QCOMPARE(run.models.size(), 7);

        // cell(metric, idx, model) as the authors printed it.
        std::array<QHash<QString, QString>, Drb2MetricCount> printed;
        for (Drb2Metric m : allMetrics) {
            const Drb2CsvTable &f = *run.files[size_t(m)];
            for (const Drb2CsvTable::Row &r : f.rows) {
                for (qsizetype c = 0; c < f.models.size(); ++c)
                    printed[size_t(m)].insert(AuthorsRun::key(r.idx.toInt(), f.models.at(c)),
                                              r.cells.at(c));
            }
        }
        int failedCells = 0;
        for (const RubricateTest::Drb2TaskRubrics &t : std::as_const(run.tasks)) {
            for (const QString &model : std::as_const(run.models)) {
                const QString key = AuthorsRun::key(t.idx, model);
                const auto totalValue = drb2CsvNumber(printed[size_t(Drb2Metric::Total)][key]);
                if (!totalValue) {
                    ++failedCells;
                    continue;
                }
                const int n = t.distinctTotal();
                int blockedLeft
                    = qRound(*drb2CsvNumber(printed[size_t(Drb2Metric::Blocked)][key]) * n);
                std::array<QHash<QString, int>, 3> verdicts;
                for (int d = 0; d < 3; ++d) {
                    const double v = *drb2CsvNumber(printed[d][key]);
                    const int nd = t.distinct(d);
                    const int met = qRound(v * nd);
                    QVERIFY(std::fabs(double(met) / nd - v) <= 5.000001e-7); // printed %.6f
                    int given = 0;
                    for (const QString &text : t.texts[d]) {
                        if (verdicts[d].contains(text))
                            continue;
                        int score = 0;
                        if (given < met) {
                            score = 1;
                        } else if (blockedLeft > 0) {
                            score = -1;
                            --blockedLeft;
                        }
                        verdicts[d].insert(text, score);
                        ++given;
                    }
                }
                QCOMPARE(blockedLeft, 0);
                run.verdicts.insert(key, verdicts);
            }
        }
        QCOMPARE(failedCells, 12);

        // The authors' input order is unknown; it only matters among rows whose averages
        // are equal. Take the order their files show for such rows.
        QList<int> byIdx = run.tasks.keys();
        const Drb2Scores first = scoreDrb2(run.items(byIdx));
        QMap<int, QSet<int>> after;
        QMap<int, int> inDegree;
        for (int idx : std::as_const(byIdx))
            inDegree[idx] = 0;
        for (Drb2Metric m : allMetrics) {
            const Drb2Table &table = first.table(m);
            const QList<Drb2CsvTable::Row> &rows = run.files[size_t(m)]->rows;
            for (qsizetype r = 0; r + 1 < rows.size(); ++r) {
                const int a = rows.at(r).idx.toInt(), b = rows.at(r + 1).idx.toInt();
                if (table.taskAverages.at(first.taskIndex(a))
                        == table.taskAverages.at(first.taskIndex(b))
                    && !after[a].contains(b)) {
                    after[a].insert(b);
                    ++inDegree[b];
                }
            }
        }
        QList<int> order;
        std::set<int> ready;
        for (auto it = inDegree.cbegin(); it != inDegree.cend(); ++it) {
            if (it.value() == 0)
                ready.insert(it.key());
        }
        while (!ready.empty()) {
            const int idx = *ready.begin();
            ready.erase(ready.begin());
            order << idx;
            for (int b : after.value(idx)) {
                if (--inDegree[b] == 0)
                    ready.insert(b);
            }
        }
        // A cycle would mean our tied averages are not the authors' ties.
        QCOMPARE(order.size(), 132);

        const QList<Drb2ScoreItem> items = run.items(order);
        const Drb2Scores scores = scoreDrb2(items);
        QCOMPARE(scores.models.size(), 7);
        int values = 0, exact = 0, empties = 0;
        double maxDeviation = 0;
        for (Drb2Metric m : allMetrics) {
            const QByteArray ours = drb2CsvBytes(scores, m);
            const auto mine = parseDrb2Csv(ours);
            const Drb2CsvTable &theirs = *run.files[size_t(m)];
            QVERIFY(mine);
            QVERIFY(mine->crlf);
            QCOMPARE(mine->models, theirs.models); // column order
            QCOMPARE(mine->rows.size(), theirs.rows.size());
            QList<Drb2CsvTable::Row> rows = mine->rows;
            rows << mine->footer;
            QList<Drb2CsvTable::Row> expected = theirs.rows;
            expected << theirs.footer;
            for (qsizetype r = 0; r < rows.size(); ++r) {
                const Drb2CsvTable::Row &a = rows.at(r), &b = expected.at(r);
                QCOMPARE(a.idx, b.idx); // row order
                QCOMPARE(a.language, b.language);
                QCOMPARE(a.theme, b.theme);
                QStringList fa = a.cells, fb = b.cells;
                fa << a.average;
                fb << b.average;
                for (qsizetype c = 0; c < fa.size(); ++c) {
                    QCOMPARE(fa.at(c).isEmpty(), fb.at(c).isEmpty()); // empty cells
                    if (fb.at(c).isEmpty()) {
                        ++empties;
                        continue;
                    }
                    ++values;
                    exact += fa.at(c) == fb.at(c);
                    const double dev
                        = std::fabs(*drb2CsvNumber(fa.at(c)) - *drb2CsvNumber(fb.at(c)));
                    QVERIFY2(dev <= 1.5e-6,
                             qPrintable(
                                 u"%1 row %2 column %3: %4 vs %5"_s.arg(drb2MetricSuffix(m), b.idx)
                                     .arg(c)
                                     .arg(fa.at(c), fb.at(c))));
                    maxDeviation = std::max(maxDeviation, dev);
                }
            }
            QCOMPARE(ours, run.bytes[size_t(m)]); // byte for byte
        }
        QCOMPARE(values, 5 * (132 * 8 + 8 - 12));
        QCOMPARE(empties, 5 * 12);
        QCOMPARE(exact, values);
        qInfo("authors' CSVs: %d of %d values identical, max deviation %.3g", exact, values,
              maxDeviation);

        // The reference policy for errors gives the same tables here: the failed cells are
        // whole-run failures, which stay empty under both policies.
        const Drb2Scores asReference = scoreDrb2(items, {ErrorPolicy::AsReference, {}});
        for (Drb2Metric m : allMetrics)
            QCOMPARE(drb2CsvBytes(asReference, m), run.bytes[size_t(m)]);

        // Python 3.11's plain sum() prints the same numbers but breaks some ties the other
        // way — why Python312 is the default.
        const Drb2Scores naive = scoreDrb2(items, {ErrorPolicy::Exclude, Drb2Summation::Naive});
        int misplaced = 0;
        for (Drb2Metric m : allMetrics) {
            const auto mine = parseDrb2Csv(drb2CsvBytes(naive, m));
            const Drb2CsvTable &theirs = *run.files[size_t(m)];
            QCOMPARE(mine->models, theirs.models);
            QCOMPARE(mine->footer.cells, theirs.footer.cells);
            for (qsizetype r = 0; r < theirs.rows.size(); ++r)
                misplaced += mine->rows.at(r).idx != theirs.rows.at(r).idx;
        }
        QVERIFY(misplaced > 0);
        qInfo("naive summation: %d rows out of place", misplaced);
    }

    void resultLineIsShapedLikeJsonDumps()
    {
        Drb2ResultLine line;
        line.model = u"Model \"Q\""_s;
        line.idx = 7;
        line.task = u"Task 任务\nline2"_s;
        line.items = {
            resultItem(u"info_recall"_s, u"A \\ back\tslash"_s, 1, u"r1"_s, u"e1"_s),
            resultItem(u"info_recall"_s, u"B 中文 😀 \x01 \x7f \u2028"_s, -1, QString(),
                       u"quoted \"x\""_s),
            resultItem(u"presentation"_s, u"P"_s, 0, u"r"_s, QString()),
        };
        line.usage = {30, 10, 15, 5,
                      QJsonArray{QJsonObject{{u"candidatesTokenCount"_s, 15},
                                             {u"promptTokenCount"_s, 10},
                                             {u"thoughtsTokenCount"_s, 5},
                                             {u"totalTokenCount"_s, 30}}}};
        // Python: json.dumps(line, ensure_ascii=False) + "\n" for the same dict.
        const QByteArray expected
            = "{\"model\": \"Model \\\"Q\\\"\", \"idx\": 7, "
              "\"result\": {\"task\": \"Task 任务\\nline2\", "
              "\"scores\": {\"info_recall\": {\"A \\\\ back\\tslash\": {\"score\": 1, "
              "\"reason\": \"r1\", \"evidence\": \"e1\"}, "
              "\"B 中文 😀 \\u0001 \x7f"
              " \xe2\x80\xa8"
              "\": {\"score\": -1, \"reason\": \"\", "
              "\"evidence\": \"quoted \\\"x\\\"\"}}, \"analysis\": {}, "
              "\"presentation\": {\"P\": {\"score\": 0, \"reason\": \"r\", "
              "\"evidence\": \"\"}}}, \"usage_summary\": {\"total_tokens\": 30, "
              "\"input_tokens\": 10, \"output_tokens\": 15, "
              "\"thoughts_tokens\": 5}, "
              "\"usage_metadata_per_batch\": [{\"candidatesTokenCount\": 15, "
              "\"promptTokenCount\": 10, \"thoughtsTokenCount\": 5, "
              "\"totalTokenCount\": 30}]}}\n";
        QCOMPARE(drb2ResultLineJson(line), expected);

        const QJsonObject o = QJsonDocument::fromJson(expected).object();
        QCOMPARE(o.value(u"result"_s)
                     .toObject()
                     .value(u"scores"_s)
                     .toObject()
                     .value(u"info_recall"_s)
                     .toObject()
                     .keys(),
                 (QStringList{u"A \\ back\tslash"_s, u"B 中文 😀 \x01 \x7f \u2028"_s}));

        Drb2ResultLine failed;
        failed.model = u"m"_s;
        failed.idx = 3;
        failed.failure = u"batch 2 failed after 10 retries"_s;
        failed.items = line.items; // ignored
        QCOMPARE(drb2ResultLineJson(failed),
                 QByteArray("{\"model\": \"m\", \"idx\": 3, \"result\": {\"error\": "
                            "\"batch 2 failed after 10 retries\"}}\n"));
    }

    void errorsAreListedNotScored()
    {
        Drb2ResultLine line;
        line.model = u"m"_s;
        line.idx = 1;
        line.task = u"t"_s;
        line.items = {
            resultItem(u"info_recall"_s, u"x"_s, 0, u"first"_s),
            resultItem(u"info_recall"_s, u"w"_s, 1),
            resultItem(u"info_recall"_s, u"y"_s, std::nullopt, {}, {}, u"score 7 is not 1/0/-1"_s),
            resultItem(u"info_recall"_s, u"x"_s, 1, u"second"_s, u"ev"_s),
            resultItem(u"info_recall"_s, u"w"_s, std::nullopt, {}, {}, u"later failure"_s),
            resultItem(u"analysis"_s, u"z"_s, std::nullopt),
            resultItem(u"presentation"_s, u"p"_s, 1),
        };
        const QByteArray bytes = drb2ResultLineJson(line);
        QVERIFY(bytes.endsWith("}}\n"));
        QCOMPARE(bytes.count('\n'), 1);
        QJsonParseError err;
        const QJsonObject o = QJsonDocument::fromJson(bytes, &err).object();
        QCOMPARE(err.error, QJsonParseError::NoError);
        QCOMPARE(o.keys(), (QStringList{u"idx"_s, u"model"_s, u"result"_s}));
        const QJsonObject result = o.value(u"result"_s).toObject();
        QCOMPARE(result.keys(),
                 (QStringList{u"errors"_s, u"scores"_s, u"task"_s, u"usage_metadata_per_batch"_s,
                              u"usage_summary"_s}));
        const QJsonObject scores = result.value(u"scores"_s).toObject();
        QCOMPARE(scores.keys(), (QStringList{u"analysis"_s, u"info_recall"_s, u"presentation"_s}));
        const QJsonObject ir = scores.value(u"info_recall"_s).toObject();
        QCOMPARE(ir.size(), 2); // x (once) and w; y failed
        const QJsonObject x = ir.value(u"x"_s).toObject();
        QCOMPARE(x.keys(), (QStringList{u"evidence"_s, u"reason"_s, u"score"_s}));
        QCOMPARE(x.value(u"score"_s).toInt(), 1); // the last usable copy decides
        QCOMPARE(x.value(u"reason"_s).toString(), u"second"_s);
        QCOMPARE(ir.value(u"w"_s).toObject().value(u"score"_s).toInt(), 1);
        QVERIFY(scores.value(u"analysis"_s).toObject().isEmpty());
        // Duplicates keep the position of their first copy, as a Python dict does.
        QVERIFY(bytes.indexOf("\"x\"") < bytes.indexOf("\"w\""));

        const QJsonObject errors = result.value(u"errors"_s).toObject();
        QCOMPARE(errors.keys(), (QStringList{u"analysis"_s, u"info_recall"_s}));
        QCOMPARE(errors.value(u"info_recall"_s).toObject(),
                 (QJsonObject{{u"y"_s, u"score 7 is not 1/0/-1"_s}}));
        QCOMPARE(errors.value(u"analysis"_s).toObject(),
                 (QJsonObject{{u"z"_s, u"no usable score"_s}}));
        // The extension comes after every key the pipeline writes.
        QVERIFY(bytes.indexOf("\"errors\"") > bytes.indexOf("\"usage_metadata_per_batch\""));
        QCOMPARE(result.value(u"usage_summary"_s).toObject().value(u"total_tokens"_s).toInt(), 0);

        // Without failures there is no "errors" key at all.
        line.items = {resultItem(u"analysis"_s, u"z"_s, 0)};
        QVERIFY(!drb2ResultLineJson(line).contains("\"errors\""));
    }

    void rowsGroupIntoLines()
    {
        const auto row = [](int run, const QString &model, int idx, const QString &text) {
            Drb2ResultRow r;
            r.model = model;
            r.idx = idx;
            r.runIndex = run;
            r.task = u"task %1"_s.arg(idx);
            r.item = resultItem(u"analysis"_s, text, 1);
            return r;
        };
        QList<Drb2ResultRow> rows{row(0, u"B"_s, 2, u"a"_s), row(0, u"A"_s, 1, u"a"_s),
                                  row(1, u"A"_s, 1, u"a"_s), row(0, u"B"_s, 1, u"a"_s),
                                  row(0, u"A"_s, 1, u"b"_s), row(0, u"B"_s, 3, QString())};
        rows.last().item.dimension.clear(); // a run with no verdicts
        rows[1].usage = Drb2Usage{12, 10, 2, 0, {}};
        const QList<Drb2ResultLine> lines = drb2ResultLines(rows);
        QCOMPARE(lines.size(), 5);
        const auto id = [](const Drb2ResultLine &l) -> QString {
            return l.model + QString::number(l.idx);
        };
        QCOMPARE(id(lines.at(0)), u"B2"_s);
        QCOMPARE(id(lines.at(1)), u"B1"_s);
        QCOMPARE(id(lines.at(2)), u"B3"_s);
        QCOMPARE(id(lines.at(3)), u"A1"_s);
        QCOMPARE(id(lines.at(4)), u"A1"_s); // the re-run comes after the whole first run
        QCOMPARE(lines.at(3).items.size(), 2);
        QCOMPARE(lines.at(3).usage.totalTokens, qint64(12));
        QCOMPARE(lines.at(4).usage.totalTokens, qint64(0));
        QVERIFY(lines.at(2).items.isEmpty());
        QCOMPARE(lines.at(0).task, u"task 2"_s);

        QBuffer buffer;
        QVERIFY(buffer.open(QIODevice::WriteOnly));
        QVERIFY(writeDrb2ResultJsonl(buffer, lines));
        QCOMPARE(buffer.data(), drb2ResultJsonl(lines));
        QCOMPARE(buffer.data().count('\n'), 5);
    }

    // What we write, read back as the reference's aggregator reads result.jsonl (plus our
    // "errors" extension), scores exactly like the rows it came from.
    void jsonlRoundTripScoresTheSame()
    {
        QList<Drb2ResultRow> rows;
        QList<Drb2ScoreItem> direct;
        const char *dims[] = {"info_recall", "analysis", "presentation"};
        for (int run = 0; run < 2; ++run) {
            for (const QString &model : {u"zeta"_s, u"alpha"_s}) {
                for (int idx = 1; idx <= 3; ++idx) {
                    for (int i = 0; i < 9; ++i) {
                        Drb2ResultRow r;
                        r.model = model;
                        r.idx = idx;
                        r.runIndex = run;
                        r.task = u"task"_s;
                        const int k = (i * 7 + idx * 3 + run * 5 + int(model.size())) % 5;
                        const std::optional<int> score
                            = k == 4 ? std::nullopt : std::optional<int>(k % 3 - 1);
                        r.item = resultItem(QString::fromLatin1(dims[i % 3]),
                                            u"rubric %1"_s.arg(i % 6), score, u"why"_s, {},
                                            u"failed"_s);
                        rows << r;
                        Drb2ScoreItem s;
                        s.model = model;
                        s.idx = idx;
                        s.runIndex = run;
                        s.dimension = r.item.dimension;
                        s.rubricText = r.item.rubricText;
                        s.score = score;
                        direct << s;
                    }
                }
            }
        }
        const QByteArray jsonl = drb2ResultJsonl(drb2ResultLines(rows));
        QList<Drb2ScoreItem> readBack;
        QHash<QString, int> linesSeen;
        for (const QByteArray &l : jsonl.split('\n')) {
            if (l.isEmpty())
                continue;
            const QJsonObject o = QJsonDocument::fromJson(l).object();
            QVERIFY(!o.isEmpty());
            const QString model = o.value(u"model"_s).toString();
            const int idx = o.value(u"idx"_s).toInt();
            const int run = linesSeen[model + QString::number(idx)]++;
            const QJsonObject result = o.value(u"result"_s).toObject();
            for (const QString &group : {u"scores"_s, u"errors"_s}) {
                const QJsonObject byDim = result.value(group).toObject();
                for (auto d = byDim.constBegin(); d != byDim.constEnd(); ++d) {
                    const QJsonObject texts = d.value().toObject();
                    for (auto t = texts.constBegin(); t != texts.constEnd(); ++t) {
                        Drb2ScoreItem s;
                        s.model = model;
                        s.idx = idx;
                        s.runIndex = run;
                        s.dimension = d.key();
                        s.rubricText = t.key();
                        if (group == "scores"_L1)
                            s.score = t.value().toObject().value(u"score"_s).toInt();
                        readBack << s;
                    }
                }
            }
        }
        for (ErrorPolicy policy : {ErrorPolicy::Exclude, ErrorPolicy::AsReference}) {
            const Drb2Scores a = scoreDrb2(direct, {policy, {}});
            const Drb2Scores b = scoreDrb2(readBack, {policy, {}});
            QCOMPARE(a.models, b.models);
            QCOMPARE(a.tasks.size(), b.tasks.size());
            for (qsizetype t = 0; t < a.tasks.size(); ++t) {
                for (qsizetype m = 0; m < a.models.size(); ++m) {
                    QCOMPARE(a.cell(t, m).values, b.cell(t, m).values);
                    QCOMPARE(a.cell(t, m).runs, 2);
                    QCOMPARE(a.cell(t, m).count(Drb2Metric::Analysis).errors,
                             b.cell(t, m).count(Drb2Metric::Analysis).errors);
                }
            }
        }
    }

    // The project's importer reads what we write: verdicts for scored items, nothing for
    // failures (it does not know the "errors" extension), an error for a failed line.
    void importerReadsWhatWeWrite()
    {
        RubricateTest::ScratchProject project;
        QVERIFY2(project.isOpen(), qPrintable(project.error()));
        const auto taskLine
            = [](int idx, const QString &task, const QJsonObject &rubric) -> QByteArray {
            const QJsonObject o{
                {u"id"_s, u"task%1"_s.arg(idx)},
                {u"idx"_s, idx},
                {u"language"_s, u"en"_s},
                {u"theme"_s, u"Health"_s},
                {u"description"_s, u"短标题"_s},
                {u"prompt"_s,
                 QString(task + u"\n\n**important**do not read the blocked article"_s)},
                {u"content"_s,
                 QJsonObject{{u"task"_s, task},
                             {u"rubric"_s, rubric},
                             {u"blocked"_s,
                              QJsonObject{{u"title"_s, u"Blocked"_s},
                                          {u"authors"_s, QJsonArray{u"A. Author"_s}},
                                          {u"urls"_s,
                                           QJsonArray{u"https://example.org/a"_s,
                                                      u"https://example.org/b"_s}}}}}}};
            return QJsonDocument(o).toJson(QJsonDocument::Compact) + '\n';
        };
        const QString t1 = u"Task one \"quoted\" 任务"_s;
        QByteArray tasks = taskLine(
            1, t1,
            QJsonObject{{u"info_recall"_s, QJsonArray{u"States 79% coverage"_s, u"Names BISP"_s}},
                        {u"analysis"_s,
                         QJsonArray{u"Explains A1"_s, u"Explains A1"_s, u"Compares \\ A2"_s}},
                        {u"presentation"_s, QJsonArray{u"Clear\nheadings"_s}}});
        tasks += taskLine(2, u"Task two"_s,
                          QJsonObject{{u"info_recall"_s, QJsonArray{u"J1"_s}},
                                      {u"analysis"_s, QJsonArray{u"B1"_s}},
                                      {u"presentation"_s, QJsonArray{u"Q1"_s}}});
        const QString tasksPath = project.filePath(u"tasks_and_rubrics.jsonl"_s);
        QVERIFY(RubricateTest::writeFile(tasksPath, tasks));
        const ImportSummary ts = runImport(project.store(), ImportKind::Drb2Tasks, tasksPath);
        QCOMPARE(ts.errorCount(), 0);
        QCOMPARE(ts.added.value(u"tasks"_s), 2);

        Drb2ResultLine a1;
        a1.model = u"alpha"_s;
        a1.idx = 1;
        a1.task = t1;
        a1.items = {
            resultItem(u"info_recall"_s, u"States 79% coverage"_s, 1, u"found it"_s,
                       u"\"79%\" in §2"_s),
            resultItem(u"info_recall"_s, u"Names BISP"_s, -1, u"cites blocked"_s, u"ref [3]"_s),
            resultItem(u"analysis"_s, u"Explains A1"_s, 1, u"yes"_s, u"e"_s),
            resultItem(u"analysis"_s, u"Explains A1"_s, 1, u"yes"_s, u"e"_s),
            resultItem(u"analysis"_s, u"Compares \\ A2"_s, std::nullopt, {}, {},
                       u"judge omitted the item"_s),
            resultItem(u"presentation"_s, u"Clear\nheadings"_s, 0, u"no"_s, QString()),
        };
        a1.usage = {100, 60, 30, 10, QJsonArray{QJsonObject{{u"totalTokenCount"_s, 100}}}};
        Drb2ResultLine a2;
        a2.model = u"alpha"_s;
        a2.idx = 2;
        a2.task = u"Task two"_s;
        a2.items = {resultItem(u"info_recall"_s, u"J1"_s, 1, u"r"_s, u"e"_s),
                    resultItem(u"analysis"_s, u"B1"_s, 0, u"r"_s, QString()),
                    resultItem(u"presentation"_s, u"Q1"_s, 1, u"r"_s, u"e"_s)};
        Drb2ResultLine b1;
        b1.model = u"beta"_s;
        b1.idx = 1;
        b1.failure = u"batch 1 failed after 10 retries"_s;

        const QString resultPath = project.filePath(u"result.jsonl"_s);
        QFile file(resultPath);
        QVERIFY(file.open(QIODevice::WriteOnly));
        const Result<void> written = writeDrb2ResultJsonl(file, {a1, a2, b1});
        QVERIFY2(written, qPrintable(written.errorMessage()));
        file.close();

        const ImportSummary s = runImport(project.store(), ImportKind::Drb2Results, resultPath);
        // The pipeline's failed line becomes an error verdict for every rubric of the task,
        // with the failure as its cause, and a warning on its line.
        QCOMPARE(s.errorCount(), 0);
        QVERIFY(std::any_of(s.issues.cbegin(), s.issues.cend(), [](const ImportIssue &i) {
            return i.line == 3 && i.message.contains(u"the judge failed"_s);
        }));
        QCOMPARE(s.added.value(u"runs"_s), 1);
        QCOMPARE(s.added.value(u"verdicts"_s), 5 + 3 + 5);

        ProjectStore &store = project.store();
        const QList<RunSummary> runs = store.runs().list().value();
        QCOMPARE(runs.size(), 1);
        QCOMPARE(runs.constFirst().errors, 1 + 5);
        const auto bench = store.catalog().benchmark(u"drb2"_s);
        QVERIFY(bench);
        const RowId task1 = *store.catalog().taskId(bench->id, u"1"_s);
        const RowId alpha = *store.reports().modelId(u"alpha"_s);
        QHash<QString, Verdict> byText;
        for (const Verdict &v :
             store.runs()
                 .verdicts(runs.constFirst().id, *store.reports().reportId(alpha, task1))
                 .value()) {
            for (const Rubric &r : store.catalog().rubrics(task1)) {
                if (r.id == v.rubricId)
                    byText.insert(r.text, v);
            }
        }
        QCOMPARE(byText.size(), 5);
        QCOMPARE(byText.value(u"States 79% coverage"_s).value, std::optional<double>(1));
        QCOMPARE(byText.value(u"States 79% coverage"_s).evidence, u"\"79%\" in §2"_s);
        QCOMPARE(byText.value(u"Names BISP"_s).value, std::optional<double>(-1));
        QCOMPARE(byText.value(u"Names BISP"_s).reason, u"cites blocked"_s);
        QCOMPARE(byText.value(u"Explains A1"_s).value, std::optional<double>(1));
        QCOMPARE(byText.value(u"Clear\nheadings"_s).value, std::optional<double>(0));
        // The item listed under "errors" comes back as an error with its cause, not as 0.
        QVERIFY(!byText.value(u"Compares \\ A2"_s).value.has_value());
        QCOMPARE(byText.value(u"Compares \\ A2"_s).error, u"judge omitted the item"_s);
        const RowId beta = *store.reports().modelId(u"beta"_s);
        const QList<Verdict> failed
            = store.runs()
                  .verdicts(runs.constFirst().id, *store.reports().reportId(beta, task1))
                  .value();
        QCOMPARE(failed.size(), 5);
        QVERIFY(failed.constFirst().error.contains(u"batch 1 failed after 10 retries"_s));

        const RowId task2 = *store.catalog().taskId(bench->id, u"2"_s);
        QCOMPARE(store.runs()
                     .verdicts(runs.constFirst().id, *store.reports().reportId(alpha, task2))
                     .value()
                     .size(),
                 3);
    }
};

QTEST_GUILESS_MAIN(TestDrb2Export)
#include "tst_drb2export.moc"
