#include "alignmenttables.h"

#include "alignmentexport.h"
#include "alignmentvalues.h"
#include "footnotes.h"
#include "text/latextext.h"

namespace Rubricate::AlignmentTables {

using namespace Qt::StringLiterals;
using namespace AlignmentValues;

namespace {

QString intervalSentence(const AlignmentOptions &o)
{
    if (!hasIntervals(o))
        return u"No intervals."_s;
    return u"Intervals: %1% percentile bootstrap, %2 draws over %3 (seed %4)."_s
        .arg(QString::number(o.bootstrap.confidence * 100, 'g', 6))
        .arg(o.bootstrap.draws)
        .arg(o.bootstrap.resampling == Resampling::Clusters ? u"tasks"_s : u"items"_s)
        .arg(o.bootstrap.seed);
}

QString markdownCell(const QString &text)
{
    // Names are text, not markup: a "_" or "*" in an annotator's name must not start emphasis.
    QString out;
    for (const QChar c : text.simplified()) {
        if (c == u'\\' || c == u'|' || c == u'*' || c == u'_' || c == u'`')
            out += u'\\';
        out += c;
    }
    return out;
}

QString markdownEstimate(const Estimate &e, Footnotes &notes)
{
    if (!isDefined(e.point))
        return u"— (%1)"_s.arg(notes.markFor(undefinedReasonOf(e.point)));
    QString s = fixed3(*e.point.value);
    if (e.lower && e.upper)
        s += u" [%1, %2]"_s.arg(fixed3(*e.lower), fixed3(*e.upper));
    return s;
}

QString latexEstimate(const Estimate &e, Footnotes &notes)
{
    if (!isDefined(e.point))
        return u"---\\textsuperscript{%1}"_s.arg(notes.markFor(undefinedReasonOf(e.point)));
    QString s = latexNumber(*e.point.value);
    if (e.lower && e.upper)
        s += u" [%1, %2]"_s.arg(latexNumber(*e.lower), latexNumber(*e.upper));
    return s;
}

} // namespace

// The notes under a pasted table, one sentence each (LaTeX sets each on a row of its own, so
// none may be long).
QStringList tableNotes(const AlignmentReport &report)
{
    QStringList notes{
        u"n: items both sides rated. Labels: %1."_s.arg(collapseName(report.options.collapse))};
    if (!report.options.labels.isEmpty()) {
        notes << u"Annotators' labels compared: %1 (their current labels only)."_s.arg(
            labelFilterDescription(report.options.labels));
    }
    if (report.annotatorsOnly) {
        notes << u"No judge run compared: agreement among the annotators alone."_s;
    } else {
        notes << u"%1 item(s) with tied annotators have no majority; %2 judge error(s) are never "
                 "paired."_s.arg(report.majorityTies)
                     .arg(report.judgeErrors);
    }
    if (report.annotators.size() >= 2) {
        // The reasons for an undefined value are in comparisons.json: a note stays short.
        const auto value = [](const Estimate &e) {
            return isDefined(e.point) ? fixed3(*e.point.value) : u"undefined"_s;
        };
        notes << u"All annotators: Krippendorff's alpha (%1) %2, Fleiss' kappa %3."_s.arg(
            alphaLevelName(report.options.level), value(report.annotatorsAlpha),
            value(report.annotatorsFleiss));
    }
    notes << u"Macro-F1 variant: %1."_s.arg(macroF1Name(report.options.f1))
          << intervalSentence(report.options);
    return notes;
}

QString comparisonLabel(const AlignmentReport &report, const Comparison &c)
{
    return raterDisplayName(report, c.raterA) + u" vs "_s + raterDisplayName(report, c.raterB);
}

QByteArray alignmentMarkdown(const AlignmentReport &report)
{
    Footnotes notes;
    QString out = u"| Comparison | n | Agreement | Cohen's κ | Macro-F1 | Krippendorff's α (%1) |\n"
                  "|---|--:|---|---|---|---|\n"_s.arg(alphaLevelName(report.options.level));
    for (const Comparison *c : headlineComparisons(report)) {
        out += u"| "_s + markdownCell(comparisonLabel(report, *c)) + u" | "_s
            + QString::number(c->n);
        for (const Estimate *e : estimatesOf(*c))
            out += u" | "_s + markdownEstimate(*e, notes);
        out += u" |\n"_s;
    }
    out += u"\n"_s + markdownCell(tableNotes(report).join(u' ')) + u'\n';
    for (qsizetype i = 0; i < notes.reasons().size(); ++i)
        out += u"\n(%1) undefined: %2"_s.arg(Footnotes::letter(i),
                                             markdownCell(notes.reasons().at(i)));
    if (!notes.reasons().isEmpty())
        out += u'\n';
    return out.toUtf8();
}

QByteArray alignmentLatex(const AlignmentReport &report, const QString &version)
{
    Footnotes notes;
    QString body;
    for (const Comparison *c : headlineComparisons(report)) {
        body += latexEscaped(comparisonLabel(report, *c)) + u" & "_s + QString::number(c->n);
        for (const Estimate *e : estimatesOf(*c))
            body += u" & "_s + latexEstimate(*e, notes);
        body += u" \\\\\n"_s;
    }
    const auto noteRow = [](const QString &text) -> QString {
        return u"\\multicolumn{6}{l}{\\footnotesize "_s + text + u"} \\\\\n"_s;
    };
    QString out = u"% Written by Rubricate "_s + version.simplified()
        + u"; needs \\usepackage{booktabs}. Every setting is in manifest.json.\n"
          "\\begin{tabular}{lrllll}\n\\toprule\n"
          "Comparison & $n$ & Agreement & Cohen's $\\kappa$ & Macro-F1 & Krippendorff's "
          "$\\alpha$ ("_s
        + latexEscaped(alphaLevelName(report.options.level)) + u") \\\\\n\\midrule\n"_s + body
        + u"\\bottomrule\n"_s;
    for (const QString &note : tableNotes(report))
        out += noteRow(latexEscaped(note));
    for (qsizetype i = 0; i < notes.reasons().size(); ++i) {
        out += noteRow(u"\\textsuperscript{%1}Undefined: "_s.arg(Footnotes::letter(i))
                       + latexEscaped(notes.reasons().at(i)) + u'.');
    }
    out += u"\\end{tabular}\n"_s;
    return out.toUtf8();
}

} // namespace Rubricate::AlignmentTables
