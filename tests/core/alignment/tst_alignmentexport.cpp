// exportAlignment into a temporary folder, read back: CSV (RFC 4180) and JSON values against
// the report, undefined statistics as empty cells and null with their reason, LaTeX escaping
// of rater names, the manifest, the chart hook and the label table round trip.
#include "alignmenttestdata.h"
#include "exchange/alignmentexport.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

#include <cmath>

using namespace Rubricate;
using namespace AlignmentTest;
using namespace Qt::StringLiterals;

namespace {

const QString Odd = u"A&B_%"_s; // an annotator whose name LaTeX must escape

// The files carry ten significant digits.
bool near(double written, double exact)
{
    return std::abs(written - exact) <= 1e-9 * std::max(1.0, std::abs(exact));
}

QByteArray readAll(const QString &path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// An independent RFC 4180 reader; `crlf` tells whether every record ended with CRLF.
QList<QStringList> parseCsv(const QByteArray &bytes, bool *crlf)
{
    const QString text = QString::fromUtf8(bytes);
    QList<QStringList> records;
    QStringList fields;
    QString field;
    bool quoted = false;
    *crlf = true;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text.at(i);
        if (quoted) {
            if (c == u'"' && i + 1 < text.size() && text.at(i + 1) == u'"') {
                field += u'"';
                ++i;
            } else if (c == u'"') {
                quoted = false;
            } else {
                field += c;
            }
        } else if (c == u'"') {
            quoted = true;
        } else if (c == u',') {
            fields << field;
            field.clear();
        } else if (c == u'\r' || c == u'\n') {
            if (c == u'\r' && i + 1 < text.size() && text.at(i + 1) == u'\n')
                ++i;
            else
                *crlf = false;
            fields << field;
            records << fields;
            fields.clear();
            field.clear();
        } else {
            field += c;
        }
    }
    if (!field.isEmpty() || !fields.isEmpty()) {
        fields << field;
        records << fields;
        *crlf = false;
    }
    return records;
}

struct Csv {
    QStringList header;
    QList<QStringList> rows;
    QString at(qsizetype row, const QString &column) const
    {
        return rows.at(row).value(header.indexOf(column));
    }
    qsizetype find(const QString &column, const QString &value) const
    {
        for (qsizetype r = 0; r < rows.size(); ++r) {
            if (at(r, column) == value)
                return r;
        }
        return -1;
    }
};

Csv readCsv(const QString &path)
{
    bool crlf = false;
    QList<QStringList> records = parseCsv(readAll(path), &crlf);
    if (!crlf || records.isEmpty())
        return {};
    Csv csv;
    csv.header = records.takeFirst();
    csv.rows = records;
    return csv;
}

QJsonObject readJson(const QString &path)
{
    return QJsonDocument::fromJson(readAll(path)).object();
}

QJsonObject jsonComparison(const QJsonObject &root, const QString &a, const QString &b)
{
    for (const QJsonValue v : root.value(u"comparisons"_s).toArray()) {
        QJsonObject o = v.toObject();
        if (o.value(u"rater_a"_s).toString() == a && o.value(u"rater_b"_s).toString() == b)
            return o;
    }
    return {};
}

AlignmentReport sampleReport(int draws, const QSet<std::pair<RowId, RowId>> &subset = {})
{
    AlignmentOptions o;
    o.benchmarkKey = u"drb2"_s;
    o.breakdown = RatingAttribute::Task;
    o.intervals = draws > 0;
    o.bootstrap.draws = draws;
    o.bootstrap.seed = 99;
    o.subset = subset;
    return computeAlignment(ratingRows(true, {u"ada"_s, u"bob"_s, Odd}), o);
}

const Comparison *find(const AlignmentReport &report, const QString &a, const QString &b)
{
    for (const Comparison &c : report.comparisons) {
        if (c.raterA == a && c.raterB == b)
            return &c;
    }
    return nullptr;
}

} // namespace

class TestAlignmentExport : public QObject
{
    Q_OBJECT

    QTemporaryDir m_tmp;

private slots:
    void writesEveryFile()
    {
        const AlignmentReport report = sampleReport(100);
        QVERIFY2(report.error.isEmpty(), qPrintable(report.error));
        const QString dir = m_tmp.filePath(u"full"_s);
        AlignmentExportOptions options;
        options.programVersion = u"9.9.9-test"_s;
        int chartCalls = 0;
        options.writeCharts
            = [&chartCalls](const AlignmentReport &, const QString &d) -> Result<QStringList> {
            ++chartCalls;
            QFile f(QDir(d).filePath(u"kappa.svg"_s));
            if (!f.open(QIODevice::WriteOnly))
                return QStringList();
            f.write("<svg/>");
            return QStringList{f.fileName()};
        };
        const auto files = exportAlignment(report, dir, options);
        QVERIFY2(files, qPrintable(files.errorMessage()));
        QCOMPARE(chartCalls, 1);
        QStringList names;
        for (const QString &f : *files) {
            QVERIFY2(QFileInfo(f).isAbsolute() && QFile::exists(f), qPrintable(f));
            names << QFileInfo(f).fileName();
        }
        QCOMPARE(names,
                 (QStringList{u"comparisons.csv"_s, u"comparisons.json"_s, u"breakdown.csv"_s,
                              u"breakdown.json"_s, u"confusion.csv"_s, u"annotator-pairs.csv"_s,
                              u"disagreements.csv"_s, u"labels.csv"_s, u"alignment.md"_s,
                              u"alignment.tex"_s, u"kappa.svg"_s, u"manifest.json"_s}));
        // Nothing but the files is left behind (QSaveFile's temporaries are gone).
        QCOMPARE(QDir(dir).entryList(QDir::Files).size(), names.size());
    }

    void comparisonsReadBack()
    {
        const AlignmentReport report = sampleReport(100);
        const QString dir = m_tmp.filePath(u"comparisons"_s);
        QVERIFY(exportAlignment(report, dir, {}).ok());
        const Comparison *main = report.mainComparison();

        const Csv csv = readCsv(QDir(dir).filePath(u"comparisons.csv"_s));
        QCOMPARE(csv.rows.size(), report.comparisons.size());
        for (const QStringList &row : csv.rows)
            QCOMPARE(row.size(), csv.header.size());
        const qsizetype r = csv.find(u"rater_b"_s, HumanMajority);
        QVERIFY(r >= 0);
        QCOMPARE(csv.at(r, u"rater_a"_s), u"run:2"_s);
        QCOMPARE(csv.at(r, u"name_a"_s), u"judge \"B\", newer"_s); // quoted and doubled
        QCOMPARE(csv.at(r, u"kind"_s), u"judge-majority"_s);
        QCOMPARE(csv.at(r, u"n"_s).toInt(), 9);
        QVERIFY(near(csv.at(r, u"cohen_kappa"_s).toDouble(), 33.0 / 51.0));
        QVERIFY(near(csv.at(r, u"cohen_kappa_lower"_s).toDouble(), *main->kappa.lower));
        QVERIFY(near(csv.at(r, u"cohen_kappa_upper"_s).toDouble(), *main->kappa.upper));
        QVERIFY(csv.at(r, u"cohen_kappa_undefined"_s).isEmpty());
        QVERIFY(near(csv.at(r, u"percent_agreement"_s).toDouble(), 7.0 / 9.0));
        QVERIFY(near(csv.at(r, u"macro_f1"_s).toDouble(), *main->macroF1.point.value));
        QCOMPARE(csv.at(r, u"macro_f1_variant"_s), macroF1Name(report.options.f1));
        QVERIFY(near(csv.at(r, u"krippendorff_alpha"_s).toDouble(), *main->alpha.point.value));
        QCOMPARE(csv.at(r, u"alpha_level"_s), u"nominal"_s);
        // Ten significant digits, not the three of the tables to paste.
        QVERIFY(csv.at(r, u"cohen_kappa"_s).size() >= 11);

        const QJsonObject json = readJson(QDir(dir).filePath(u"comparisons.json"_s));
        QCOMPARE(json.value(u"comparisons"_s).toArray().size(), report.comparisons.size());
        const QJsonObject o = jsonComparison(json, u"run:2"_s, HumanMajority);
        QCOMPARE(o.value(u"n"_s).toInt(), 9);
        const QJsonObject kappa = o.value(u"cohen_kappa"_s).toObject();
        QVERIFY(near(kappa.value(u"value"_s).toDouble(), 33.0 / 51.0));
        QVERIFY(near(kappa.value(u"lower"_s).toDouble(), *main->kappa.lower));
        QVERIFY(!kappa.contains(u"undefined"_s));
        QCOMPARE(o.value(u"macro_f1"_s).toObject().value(u"variant"_s).toString(),
                 macroF1Name(report.options.f1));
        QCOMPARE(json.value(u"alpha_by_level"_s).toArray().size(), 4);
        QVERIFY(json.value(u"annotators"_s).toObject().contains(u"fleiss_kappa"_s));

        const Csv breakdown = readCsv(QDir(dir).filePath(u"breakdown.csv"_s));
        QCOMPARE(breakdown.rows.size(), 2);
        QCOMPARE(breakdown.at(0, u"attribute"_s), u"task"_s);
        QCOMPARE(breakdown.at(0, u"group"_s), u"t1"_s);
        QCOMPARE(breakdown.at(0, u"n"_s).toInt(), 4);
        QCOMPARE(breakdown.at(1, u"n"_s).toInt(), 5);
        QVERIFY(near(breakdown.at(1, u"cohen_kappa"_s).toDouble(),
                     *report.breakdown.at(1).kappa.point.value));
        const QJsonObject bj = readJson(QDir(dir).filePath(u"breakdown.json"_s));
        QCOMPARE(bj.value(u"attribute"_s).toString(), u"task"_s);
        QCOMPARE(bj.value(u"groups"_s).toArray().size(), 2);
    }

    void matricesAndDisagreements()
    {
        const AlignmentReport report = sampleReport(0);
        const QString dir = m_tmp.filePath(u"matrices"_s);
        QVERIFY(exportAlignment(report, dir, {}).ok());

        const Csv confusion = readCsv(QDir(dir).filePath(u"confusion.csv"_s));
        QCOMPARE(confusion.header.mid(1), (QStringList{u"-1"_s, u"0"_s, u"1"_s}));
        QCOMPARE(confusion.header.at(0), u"majority \\ run:2"_s);
        int total = 0;
        for (const QStringList &row : confusion.rows) {
            for (qsizetype c = 1; c < row.size(); ++c)
                total += row.at(c).toInt();
        }
        QCOMPARE(total, 9);
        // Reference −1 (2:13) judged −1; reference 0 judged −1 (4:22).
        QCOMPARE(confusion.rows.at(0).at(1), u"1"_s);
        QCOMPARE(confusion.rows.at(1).at(1), u"1"_s);

        const Csv pairs = readCsv(QDir(dir).filePath(u"annotator-pairs.csv"_s));
        QCOMPARE(pairs.header, (QStringList{u"annotator"_s, Odd, u"ada"_s, u"bob"_s}));
        QCOMPARE(pairs.rows.size(), 3);
        for (qsizetype i = 0; i < 3; ++i) {
            QVERIFY(pairs.rows.at(i).at(i + 1).isEmpty()); // the diagonal
            for (qsizetype k = 0; k < 3; ++k)
                QCOMPARE(pairs.rows.at(i).at(k + 1), pairs.rows.at(k).at(i + 1));
        }
        const Comparison *adaBob = find(report, u"human:ada"_s, u"human:bob"_s);
        QVERIFY(near(pairs.rows.at(1).at(3).toDouble(), *adaBob->kappa.point.value));

        const Csv disagreements = readCsv(QDir(dir).filePath(u"disagreements.csv"_s));
        QCOMPARE(disagreements.rows.size(), 2);
        QCOMPARE(disagreements.at(0, u"unit"_s), u"3:22"_s);
        QCOMPARE(disagreements.at(0, u"judge"_s), u"1"_s);
        QCOMPARE(disagreements.at(0, u"reference"_s), u"0"_s);
        QCOMPARE(disagreements.at(1, u"judge"_s), u"-1"_s);
        QCOMPARE(disagreements.at(1, u"annotators"_s), u"3"_s);
    }

    void labelTableRoundTrips()
    {
        const AlignmentReport report = sampleReport(0);
        const QString dir = m_tmp.filePath(u"labels"_s);
        QVERIFY(exportAlignment(report, dir, {}).ok());
        const Csv labels = readCsv(QDir(dir).filePath(u"labels.csv"_s));
        const LabelTable &t = report.table;
        QCOMPARE(labels.header.mid(0, 2), (QStringList{u"unit"_s, u"task"_s}));
        QCOMPARE(labels.header.mid(2), t.raters());
        QVERIFY(labels.header.contains(HumanMajority));
        QCOMPARE(labels.rows.size(), t.unitCount());
        LabelTable back(t.categories(), labels.header.mid(2));
        for (const QStringList &row : labels.rows) {
            const qsizetype u = back.addUnit(row.at(0), row.at(1));
            for (qsizetype r = 2; r < row.size(); ++r) {
                if (!row.at(r).isEmpty())
                    QVERIFY(back.setValue(u, r - 2, row.at(r).toDouble()));
            }
        }
        for (qsizetype u = 0; u < t.unitCount(); ++u) {
            QCOMPARE(back.unitName(u), t.unitName(u));
            QCOMPARE(back.clusterName(back.clusterOf(u)), t.clusterName(t.clusterOf(u)));
            for (qsizetype r = 0; r < t.raterCount(); ++r)
                QCOMPARE(back.value(u, r), t.value(u, r));
        }
        QCOMPARE(labels.at(labels.find(u"unit"_s, u"2:11"_s), u"run:2"_s), QString()); // error
        QCOMPARE(labels.at(labels.find(u"unit"_s, u"1:13"_s), HumanMajority), QString()); // tie
    }

    void undefinedStaysUndefined()
    {
        // Everybody says 1 on both items: kappa and alpha have no value.
        const AlignmentReport report = sampleReport(50, {{1, 11}, {3, 23}});
        const Comparison *main = report.mainComparison();
        QVERIFY(!main->kappa.point.isDefined());
        const QString reason = main->kappa.point.undefinedReason;
        QVERIFY(!reason.isEmpty());
        const QString dir = m_tmp.filePath(u"undefined"_s);
        QVERIFY(exportAlignment(report, dir, {}).ok());

        const Csv csv = readCsv(QDir(dir).filePath(u"comparisons.csv"_s));
        const qsizetype r = csv.find(u"rater_b"_s, HumanMajority);
        QCOMPARE(csv.at(r, u"cohen_kappa"_s), QString());
        QCOMPARE(csv.at(r, u"cohen_kappa_lower"_s), QString());
        QCOMPARE(csv.at(r, u"cohen_kappa_upper"_s), QString());
        QCOMPARE(csv.at(r, u"cohen_kappa_undefined"_s), reason);
        QCOMPARE(csv.at(r, u"krippendorff_alpha"_s), QString());
        QCOMPARE(csv.at(r, u"percent_agreement"_s), u"1"_s); // defined: they agree

        const QJsonObject o = jsonComparison(readJson(QDir(dir).filePath(u"comparisons.json"_s)),
                                             u"run:2"_s, HumanMajority);
        const QJsonObject kappa = o.value(u"cohen_kappa"_s).toObject();
        QVERIFY(kappa.contains(u"value"_s));
        QVERIFY(kappa.value(u"value"_s).isNull());
        QCOMPARE(kappa.value(u"undefined"_s).toString(), reason);
        QVERIFY(kappa.value(u"lower"_s).isNull());

        const QString tex = QString::fromUtf8(readAll(QDir(dir).filePath(u"alignment.tex"_s)));
        QVERIFY(tex.contains(u"---\\textsuperscript{a}"_s));
        QVERIFY(tex.contains(u"\\textsuperscript{a}Undefined: "_s + latexEscaped(reason)));
        QVERIFY(!tex.contains(u"NaN"_s));
        const QString md = QString::fromUtf8(readAll(QDir(dir).filePath(u"alignment.md"_s)));
        QVERIFY(md.contains(u"— (a)"_s));
        QVERIFY(md.contains(u"(a) undefined: "_s + reason));
    }

    void latexAndMarkdown()
    {
        QCOMPARE(latexEscaped(Odd), u"A\\&B\\_\\%"_s);
        QCOMPARE(latexEscaped(u"a\\b~c^d{e}$#"_s),
                 u"a\\textbackslash{}b\\textasciitilde{}c\\textasciicircum{}d\\{e\\}\\$\\#"_s);

        const AlignmentReport report = sampleReport(100);
        const QString dir = m_tmp.filePath(u"tables"_s);
        AlignmentExportOptions options;
        options.programVersion = u"9.9.9-test"_s;
        QVERIFY(exportAlignment(report, dir, options).ok());
        const QString tex = QString::fromUtf8(readAll(QDir(dir).filePath(u"alignment.tex"_s)));
        QVERIFY(tex.contains(u"\\begin{tabular}"_s));
        for (const QString &rule : {u"\\toprule"_s, u"\\midrule"_s, u"\\bottomrule"_s})
            QVERIFY2(tex.contains(rule), qPrintable(rule));
        QVERIFY(tex.contains(u"A\\&B\\_\\%"_s));
        QVERIFY(!tex.contains(Odd));
        QVERIFY(tex.contains(u"judge \"B\", newer vs human majority & 9 & 0.778 ["_s));
        QVERIFY(tex.contains(u" & 0.647 ["_s)); // 33/51 with three decimals
        // One row per headline comparison: the judge against 4 references, 3 pairs of people.
        QCOMPARE(tex.count(u" vs "_s), 7);

        const QString md = QString::fromUtf8(readAll(QDir(dir).filePath(u"alignment.md"_s)));
        QVERIFY(md.startsWith(u"| Comparison | n |"_s));
        QVERIFY(md.contains(u"| judge \"B\", newer vs human majority | 9 | 0.778 ["_s));
        QVERIFY(md.contains(u"| A&B\\_% vs ada | "_s)); // "_" is not emphasis
    }

    void manifestSaysHowToRecompute()
    {
        const AlignmentReport report = sampleReport(100);
        const QString dir = m_tmp.filePath(u"manifest"_s);
        AlignmentExportOptions options;
        options.programVersion = u"9.9.9-test"_s;
        QVERIFY(exportAlignment(report, dir, options).ok());
        const QJsonObject m = readJson(QDir(dir).filePath(u"manifest.json"_s));
        QCOMPARE(m.value(u"version"_s).toString(), u"9.9.9-test"_s);
        QCOMPARE(m.value(u"benchmark"_s).toString(), u"drb2"_s);
        QCOMPARE(m.value(u"judge"_s).toString(), u"run:2"_s);
        QCOMPARE(m.value(u"reference"_s).toString(), HumanMajority);
        QCOMPARE(m.value(u"collapse"_s).toString(), u"none"_s);
        QCOMPARE(m.value(u"alpha_level"_s).toString(), u"nominal"_s);
        QCOMPARE(m.value(u"breakdown"_s).toString(), u"task"_s);
        QVERIFY(m.value(u"intervals"_s).toBool());
        const QJsonObject bootstrap = m.value(u"bootstrap"_s).toObject();
        QCOMPARE(bootstrap.value(u"seed"_s).toInt(), 99);
        QCOMPARE(bootstrap.value(u"draws"_s).toInt(), 100);
        QVERIFY(near(bootstrap.value(u"confidence"_s).toDouble(), 0.95));
        const QJsonObject counts = m.value(u"counts"_s).toObject();
        QCOMPARE(counts.value(u"units"_s).toInt(), 12);
        QCOMPARE(counts.value(u"majority_ties"_s).toInt(), 1);
        QCOMPARE(counts.value(u"judge_errors"_s).toInt(), 1);
        QCOMPARE(m.value(u"raters"_s).toArray().size(), 2 + 3 + 1);
        const QJsonArray files = m.value(u"files"_s).toArray();
        QVERIFY(files.contains(u"labels.csv"_s));
        QVERIFY(files.contains(u"alignment.tex"_s));
        QVERIFY(!m.value(u"filters"_s).toObject().contains(u"model"_s));
    }

    void annotatorsAloneAreExported()
    {
        AlignmentOptions o;
        o.benchmarkKey = u"drb2"_s;
        o.bootstrap.draws = 50;
        const AlignmentReport report = computeAlignment(ratingRows(false), o);
        QVERIFY2(report.error.isEmpty(), qPrintable(report.error));
        const QString dir = m_tmp.filePath(u"people"_s);
        const auto files = exportAlignment(report, dir, {});
        QVERIFY2(files, qPrintable(files.errorMessage()));
        QVERIFY(!QFile::exists(QDir(dir).filePath(u"confusion.csv"_s))); // no judge, no matrix

        const QJsonObject json = readJson(QDir(dir).filePath(u"comparisons.json"_s));
        QVERIFY(json.value(u"annotators_only"_s).toBool());
        QVERIFY(json.value(u"judge"_s).isNull());
        QCOMPARE(json.value(u"comparisons"_s).toArray().size(), 3);
        const QJsonObject people = json.value(u"annotators"_s).toObject();
        const QJsonObject alpha = people.value(u"krippendorff_alpha"_s).toObject();
        QVERIFY(near(alpha.value(u"value"_s).toDouble(), *report.annotatorsAlpha.point.value));
        QVERIFY(alpha.value(u"lower"_s).isDouble()); // with its interval
        QCOMPARE(people.value(u"fleiss_kappa"_s).toObject().value(u"undefined"_s).toString(),
                 UndefinedReason::unequalRatingsPerUnit());
        QCOMPARE(people.value(u"items_by_annotator_count"_s).toObject(),
                 (QJsonObject{{u"2"_s, 2}, {u"3"_s, 9}}));
        const QJsonObject ada = people.value(u"labels"_s).toArray().at(0).toObject();
        QCOMPARE(ada.value(u"rater"_s).toString(), u"human:ada"_s);
        QCOMPARE(ada.value(u"name"_s).toString(), u"ada"_s);
        QCOMPARE(ada.value(u"items"_s).toInt(), 11);
        QCOMPARE(ada.value(u"labels"_s).toObject(),
                 (QJsonObject{{u"-1"_s, 1}, {u"0"_s, 4}, {u"1"_s, 6}}));

        const QJsonObject m = readJson(QDir(dir).filePath(u"manifest.json"_s));
        QVERIFY(m.value(u"annotators_only"_s).toBool());
        QVERIFY(m.value(u"judge_name"_s).isNull());
        QCOMPARE(m.value(u"raters"_s).toArray().size(), 3); // no majority
        const QString md = QString::fromUtf8(readAll(QDir(dir).filePath(u"alignment.md"_s)));
        QVERIFY(md.contains(u"| ada vs bob | "_s));
        QVERIFY(md.contains(u"No judge run compared"_s));
        QVERIFY(md.contains(u"Fleiss' kappa undefined"_s));
        const Csv pairs = readCsv(QDir(dir).filePath(u"annotator-pairs.csv"_s));
        QCOMPARE(pairs.rows.size(), 3);
    }

    void refusesAReportWithAnError()
    {
        AlignmentOptions o;
        o.benchmarkKey = u"pdrbench"_s; // nothing rated
        const AlignmentReport report = computeAlignment(ratingRows(false), o);
        QVERIFY(!report.error.isEmpty());
        const auto refused = exportAlignment(report, m_tmp.filePath(u"none"_s), {});
        QVERIFY(!refused);
        QVERIFY(refused.errorMessage().contains(report.error));

        // A chart hook that fails fails the export.
        AlignmentExportOptions options;
        options.writeCharts = [](const AlignmentReport &, const QString &) -> Result<QStringList> {
            return Error{u"no chart today"_s};
        };
        const auto failed = exportAlignment(sampleReport(0), m_tmp.filePath(u"charts"_s), options);
        QVERIFY(!failed);
        QVERIFY(failed.errorMessage().contains(u"no chart today"_s));
    }
};

QTEST_GUILESS_MAIN(TestAlignmentExport)
#include "tst_alignmentexport.moc"
