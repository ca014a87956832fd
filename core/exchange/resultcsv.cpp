#include "resultcsv.h"

#include "text/csvtext.h"

#include <QLocale>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

QString csvNumber(const std::optional<double> &v)
{
    return v ? QString::number(*v, 'g', 17) : QString();
}

} // namespace

QByteArray researchRubricsGroupsCsv(const QList<RrGroup> &groups)
{
    QString csv = u"model,group,value,n,empty,criteria,errors,mean_compliance,mandatory,"
                  "mandatory_passed\n"_s;
    for (const RrGroup &g : groups) {
        csv += csvRecord(QStringList{g.model, g.dimension, g.value, QString::number(g.n),
                                     QString::number(g.empty), QString::number(g.criteria),
                                     QString::number(g.errors), csvNumber(g.mean),
                                     QString::number(g.mandatory),
                                     QString::number(g.mandatoryPassed)},
                         CsvLineEnd::Lf);
    }
    return csv.toUtf8();
}

QByteArray researchRubricsReportsCsv(const QList<RrReportScore> &reports)
{
    QString csv = u"model,sample_id,domain,conceptual_breadth,logical_nesting,exploration,"
                  "criteria,errors,numerator,positive_weight,compliance\n"_s;
    for (const RrReportScore &r : reports) {
        csv += csvRecord(
            QStringList{
                r.model, r.sampleId, r.domain, r.complexity.breadth, r.complexity.nesting,
                r.complexity.exploration, QString::number(r.total.criteria),
                QString::number(r.total.errors), QString::number(r.total.numerator, 'g', 17),
                QString::number(r.total.positiveWeight, 'g', 17), csvNumber(r.total.compliance)},
            CsvLineEnd::Lf);
    }
    return csv.toUtf8();
}

QString reportBenchCsvNumber(std::optional<double> v)
{
    return v ? QString::number(*v, 'g', QLocale::FloatingPointShortest) : QString();
}

QByteArray reportBenchReportsCsv(const QList<ReportBenchReportScore> &scores)
{
    QString csv = u"model,arxiv_id,citations,urls,predicted_count,ground_truth_count,"
                  "intersection_count,precision,recall,f1_score,dropped,note,titles,pages_fetched,"
                  "pages_as_papers,pages_classified,page_judge\n"_s;
    for (const ReportBenchReportScore &s : scores) {
        csv += csvRecord(
            QStringList{s.model, s.taskId, QString::number(s.citations), QString::number(s.urls),
                        QString::number(s.predictedCount), QString::number(s.groundTruthCount),
                        QString::number(s.intersectionCount), reportBenchCsvNumber(s.precision),
                        reportBenchCsvNumber(s.recall), reportBenchCsvNumber(s.f1),
                        s.dropped ? u"true"_s : u"false"_s, s.note, titleMethodKey(s.titles),
                        QString::number(s.pagesFetched), QString::number(s.pagesAsPapers),
                        QString::number(s.pagesClassified), s.pageJudge},
            CsvLineEnd::Lf);
    }
    return csv.toUtf8();
}

QByteArray leaderboardCsv(const Leaderboard &board)
{
    QStringList header{u"model"_s, u"n"_s};
    for (const LeaderboardColumn &c : board.columns)
        header << c.key;
    QString csv = csvRecord(header, CsvLineEnd::Lf);
    for (const LeaderboardRow &row : board.rows) {
        QStringList fields{row.model, QString::number(row.n)};
        for (const LeaderboardValue &v : row.values)
            fields << (v.value ? QString::number(*v.value, 'g', 17) : QString());
        csv += csvRecord(fields, CsvLineEnd::Lf);
    }
    return csv.toUtf8();
}

} // namespace Rubricate
