// Judge-corrected scores as CSV, JSON and LaTeX (correctedexport.h).
#include "correctedexport.h"

#include "alignmentvalues.h"
#include "footnotes.h"
#include "text/csvtext.h"
#include "text/latextext.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace Rubricate::CorrectedExport {

using namespace Qt::StringLiterals;
using AlignmentValues::csvNumber;
using AlignmentValues::jsonNumber;
using AlignmentValues::latexNumber;

namespace {

// value, lower, upper, standard error, undefined reason: the five CSV fields of an estimate.
QStringList estimateFields(const PpiEstimate &e)
{
    return {csvNumber(e.value), csvNumber(e.lower), csvNumber(e.upper), csvNumber(e.standardError),
            e.undefinedReason};
}

QStringList estimateHeader(const QString &name)
{
    return {name, name + u"_lower"_s, name + u"_upper"_s, name + u"_se"_s,
            name + u"_undefined_reason"_s};
}

QJsonObject estimateJson(const PpiEstimate &e)
{
    QJsonObject o{{u"value"_s, jsonNumber(e.value)},
                  {u"lower"_s, jsonNumber(e.lower)},
                  {u"upper"_s, jsonNumber(e.upper)},
                  {u"standard_error"_s, jsonNumber(e.standardError)}};
    if (!e.undefinedReason.isEmpty())
        o.insert(u"undefined_reason"_s, e.undefinedReason);
    return o;
}

std::optional<double> lambdaOf(const PpiEstimate &corrected)
{
    return corrected.isDefined() ? std::optional<double>(corrected.lambda) : std::nullopt;
}

QString latexEstimate(const PpiEstimate &e, Footnotes &notes)
{
    if (!e.isDefined())
        return u"---\\textsuperscript{%1}"_s.arg(notes.markFor(e.undefinedReason));
    QString s = latexNumber(*e.value);
    if (e.hasInterval())
        return s + u" [%1, %2]"_s.arg(latexNumber(*e.lower), latexNumber(*e.upper));
    return s + u"\\textsuperscript{%1}"_s.arg(notes.markFor(e.undefinedReason));
}

QString percent(double confidence)
{
    return QString::number(confidence * 100, 'g', 6);
}

} // namespace

QString verdictKey(const CorrectedDifference &difference)
{
    const std::optional<int> verdict = difference.verdict();
    if (!verdict)
        return {};
    return *verdict > 0 ? u"a_better"_s : *verdict < 0 ? u"b_better"_s : u"tie"_s;
}

QByteArray correctedCsv(const CorrectedScores &scores)
{
    QStringList header{u"model"_s, u"dimension"_s};
    header << estimateHeader(u"judge_only"_s) << estimateHeader(u"corrected"_s) << u"lambda"_s
           << estimateHeader(u"people_only"_s)
           << QStringList{u"labelled"_s, u"judged"_s, u"effective_sample_size"_s, u"gold_ties"_s,
                          u"without_outcome"_s};
    QString out = csvRecord(header);
    for (const CorrectedModelScore &m : scores.models) {
        QStringList row{m.model, m.dimension};
        row << estimateFields(m.judgeOnly) << estimateFields(m.corrected)
            << csvNumber(lambdaOf(m.corrected)) << estimateFields(m.peopleOnly)
            << QStringList{QString::number(m.labelled), QString::number(m.judged),
                           csvNumber(m.effectiveSampleSize), QString::number(m.goldTies),
                           QString::number(m.withoutOutcome)};
        out += csvRecord(row);
    }
    return out.toUtf8();
}

QByteArray pairwiseCsv(const QList<CorrectedDifference> &differences)
{
    QStringList header{u"model_a"_s, u"model_b"_s, u"dimension"_s};
    header << estimateHeader(u"difference"_s) << u"verdict"_s;
    QString out = csvRecord(header);
    for (const CorrectedDifference &d : differences)
        out += csvRecord(QStringList{d.modelA, d.modelB, d.dimension}
                         << estimateFields(d.difference) << verdictKey(d));
    return out.toUtf8();
}

QByteArray correctedJson(const CorrectedScores &scores,
                         const QList<CorrectedDifference> &differences)
{
    QJsonArray models;
    for (const CorrectedModelScore &m : scores.models) {
        QJsonObject o{{u"model"_s, m.model},
                      {u"judge_only"_s, estimateJson(m.judgeOnly)},
                      {u"corrected"_s, estimateJson(m.corrected)},
                      {u"lambda"_s, jsonNumber(lambdaOf(m.corrected))},
                      {u"people_only"_s, estimateJson(m.peopleOnly)},
                      {u"labelled"_s, m.labelled},
                      {u"judged"_s, m.judged},
                      {u"effective_sample_size"_s, jsonNumber(m.effectiveSampleSize)},
                      {u"gold_ties"_s, m.goldTies},
                      {u"without_outcome"_s, m.withoutOutcome}};
        if (!m.dimension.isEmpty())
            o.insert(u"dimension"_s, m.dimension);
        models.append(o);
    }
    QJsonArray pairs;
    for (const CorrectedDifference &d : differences) {
        QJsonObject o{{u"model_a"_s, d.modelA},
                      {u"model_b"_s, d.modelB},
                      {u"difference"_s, estimateJson(d.difference)},
                      {u"verdict"_s, d.verdict() ? QJsonValue(verdictKey(d)) : QJsonValue()}};
        if (!d.dimension.isEmpty())
            o.insert(u"dimension"_s, d.dimension);
        pairs.append(o);
    }
    const QJsonObject root{{u"benchmark"_s, scores.benchmarkKey},
                           {u"outcome"_s, correctedOutcomeName(scores.benchmarkKey)},
                           {u"judge"_s, scores.judge},
                           {u"judge_name"_s, scores.judgeName},
                           {u"gold"_s, scores.gold},
                           {u"confidence"_s, scores.confidence},
                           {u"interval"_s, u"normal approximation"_s},
                           {u"models"_s, models},
                           {u"pairwise"_s, pairs}};
    return QJsonDocument(root).toJson(QJsonDocument::Indented);
}

QByteArray correctedLatex(const CorrectedScores &scores, const QString &version)
{
    const bool perDimension
        = !scores.models.isEmpty() && !scores.models.first().dimension.isEmpty();
    Footnotes notes;
    QString body;
    for (const CorrectedModelScore &m : scores.models) {
        body += latexEscaped(m.model);
        if (perDimension)
            body += u" & "_s + latexEscaped(m.dimension);
        body += u" & "_s + latexEstimate(m.judgeOnly, notes) + u" & "_s
            + latexEstimate(m.corrected, notes) + u" & "_s + latexEstimate(m.peopleOnly, notes)
            + u" & %1 & %2 & "_s.arg(m.labelled).arg(m.judged)
            + (m.effectiveSampleSize ? QString::number(*m.effectiveSampleSize, 'f', 1) : u"---"_s)
            + u" \\\\\n"_s;
    }
    const int columns = perDimension ? 8 : 7;
    const auto noteRow = [columns](const QString &text) -> QString {
        return u"\\multicolumn{%1}{l}{\\footnotesize "_s.arg(columns) + text + u"} \\\\\n"_s;
    };
    QString out = u"% Written by Rubricate "_s + version.simplified()
        + u"; needs \\usepackage{booktabs}.\n\\begin{tabular}{l"_s
        + (perDimension ? u"l"_s : QString()) + u"lllrrr}\n\\toprule\nModel & "_s
        + (perDimension ? u"Dimension & "_s : QString())
        + u"Judge only & PPI++ & People only & $n$ & $N$ & $n_\\mathrm{eff}$ \\\\\n\\midrule\n"_s
        + body + u"\\bottomrule\n"_s;
    out += noteRow(latexEscaped(u"%1 (%2), judge %3, gold: %4; %5% normal intervals."_s.arg(
        correctedOutcomeName(scores.benchmarkKey), scores.benchmarkKey,
        scores.judgeName.isEmpty() ? scores.judge : scores.judgeName, scores.gold,
        percent(scores.confidence))));
    for (qsizetype i = 0; i < notes.reasons().size(); ++i)
        out += noteRow(u"\\textsuperscript{%1}"_s.arg(Footnotes::letter(i))
                       + latexEscaped(notes.reasons().at(i)) + u'.');
    out += u"\\end{tabular}\n"_s;
    return out.toUtf8();
}

std::optional<CorrectedFormat> correctedFormatOf(const QString &path)
{
    if (path.endsWith(u".csv"_s, Qt::CaseInsensitive))
        return CorrectedFormat::Csv;
    if (path.endsWith(u".json"_s, Qt::CaseInsensitive))
        return CorrectedFormat::Json;
    if (path.endsWith(u".tex"_s, Qt::CaseInsensitive))
        return CorrectedFormat::Latex;
    return std::nullopt;
}

QList<std::pair<QString, QByteArray>> correctedFiles(const QString &path, CorrectedFormat format,
                                                     const CorrectedScores &scores,
                                                     const QList<CorrectedDifference> &differences,
                                                     const QString &version)
{
    switch (format) {
    case CorrectedFormat::Csv: {
        const QString base = path.endsWith(u".csv"_s, Qt::CaseInsensitive) ? path.chopped(4) : path;
        return {{path, correctedCsv(scores)},
                {base + u"-pairwise.csv"_s, pairwiseCsv(differences)}};
    }
    case CorrectedFormat::Json:
        return {{path, correctedJson(scores, differences)}};
    case CorrectedFormat::Latex:
        return {{path, correctedLatex(scores, version)}};
    }
    return {};
}

} // namespace Rubricate::CorrectedExport
