// `score drb2 --corrected --study NAME`: judge-corrected DRB-II scores per model (issue 16).
// The judge run's verdicts on every item, the study's labels on its sample, and per model the
// judge's own share of items met, the PPI++ share with its interval, the people's share with
// theirs, n labelled, N judged and the effective sample size (correctedscores.h).
#include "cliagreement.h"
#include "cliapp.h"
#include "cliscore.h"
#include "clitable.h"

#include "readers/correctedproject.h"
#include "store/projectstore.h"

#include <QCommandLineParser>

namespace Rubricate::Cli {

using namespace Qt::StringLiterals;

namespace {

QString withInterval(const PpiEstimate &e)
{
    if (!e.isDefined())
        return u"undefined"_s;
    const QString value = QString::number(*e.value, 'f', 4);
    if (!e.hasInterval())
        return value + u" [no interval]"_s;
    return u"%1 [%2, %3]"_s.arg(value, QString::number(*e.lower, 'f', 4),
                                QString::number(*e.upper, 'f', 4));
}

// The reasons behind "undefined" and "no interval", each sentence once per model.
QStringList notes(const CorrectedModelScore &m)
{
    QStringList out;
    for (const auto &[label, e] :
         {std::pair{u"PPI++"_s, &m.corrected}, std::pair{u"people only"_s, &m.peopleOnly}}) {
        if (!e->hasInterval())
            out << u"%1%2 %3: %4"_s.arg(m.model,
                                        m.dimension.isEmpty() ? QString() : u" / "_s + m.dimension,
                                        label, e->undefinedReason);
    }
    return out;
}

QString verdictText(const CorrectedDifference &d)
{
    const std::optional<int> verdict = d.verdict();
    if (!verdict)
        return d.difference.undefinedReason;
    if (*verdict == 0)
        return u"tie"_s;
    return u"%1 better"_s.arg(*verdict > 0 ? d.modelA : d.modelB);
}

// "Is A better than B", from the PPI++ intervals: a difference whose interval holds 0 is a tie.
void printPairwise(const QList<CorrectedDifference> &differences, QTextStream &out)
{
    if (differences.isEmpty())
        return;
    Table table;
    table.setHeader({u"A"_s, u"B"_s, u"PPI++ A − B [95 % CI]"_s, u"verdict"_s});
    for (const CorrectedDifference &d : differences)
        table.addRow({d.modelA,
                      d.dimension.isEmpty() ? d.modelB : u"%1 (%2)"_s.arg(d.modelB, d.dimension),
                      withInterval(d.difference), verdictText(d)});
    out << u"\nPairwise differences:\n"_s << table.render();
}

} // namespace

int runCorrectedScore(const QCommandLineParser &p, const QString &projectPath, QTextStream &out,
                      QTextStream &err)
{
    const auto usage = [&err](const QString &message) {
        err << u"rubricate-cli: "_s << message << u'\n';
        return int(Usage);
    };
    if (!p.isSet(u"corrected"_s))
        return usage(u"score drb2 needs --corrected --study NAME (DRB-II's own scores come "
                     "with `export drb2`)"_s);
    const QString studyName = p.value(u"study"_s);
    if (studyName.isEmpty())
        return usage(u"score drb2 --corrected needs --study NAME: its labels are the sample"_s);
    CorrectedScoreOptions options;
    if (p.isSet(u"against"_s)) {
        options.gold = p.value(u"against"_s);
        if (!isAgainstValue(options.gold))
            return usage(u"--against is majority, gold or human:NAME"_s);
    }
    if (p.isSet(u"judge"_s)) {
        const QString judge = p.value(u"judge"_s);
        bool ok = false;
        (judge.startsWith("run:"_L1) ? judge.mid(4) : judge).toLongLong(&ok);
        if (!ok)
            return usage(u"--judge is run:ID (see `rubricate-cli runs`)"_s);
        options.judge = judge.startsWith("run:"_L1) ? judge : u"run:"_s + judge;
    }

    if (p.isSet(u"by"_s)) {
        const QString by = p.value(u"by"_s);
        if (by != "model"_L1 && by != "dimension"_L1)
            return usage(u"score drb2 --corrected: --by is model or dimension"_s);
        options.perDimension = by == "dimension"_L1;
    }

    const auto store = openExistingProject(projectPath, err);
    if (!store)
        return Failed;
    if (!store->annotations().study(studyName)) {
        err << u"rubricate-cli: no study named \"%1\" (study status lists them)\n"_s.arg(studyName);
        return Failed;
    }
    const CorrectedScores scores = readCorrectedScores(*store, studyName, options);
    if (!scores.error.isEmpty()) {
        err << u"rubricate-cli: "_s << scores.error << u'\n';
        return Failed;
    }

    out << u"DRB-II judge-corrected share of rubric items met (PPI++), study \"%1\", judge %2 "
           "(%3), gold: %4, 95 % normal intervals\n"_s.arg(studyName, scores.judge,
                                                           scores.judgeName, scores.gold);
    Table table;
    QStringList header{u"model"_s,
                       u"judge only"_s,
                       u"PPI++ [95 % CI]"_s,
                       u"λ"_s,
                       u"people only [95 % CI]"_s,
                       u"n"_s,
                       u"N"_s,
                       u"n_eff"_s};
    QList<int> right{1, 3, 5, 6, 7};
    if (options.perDimension) {
        header.insert(1, u"dimension"_s);
        for (int &c : right)
            ++c;
    }
    table.setHeader(header);
    for (int c : std::as_const(right))
        table.setRightAligned(c);
    QStringList reasons;
    int ties = 0;
    for (const CorrectedModelScore &m : scores.models) {
        QStringList row{
            m.model,
            m.judgeOnly.value ? QString::number(*m.judgeOnly.value, 'f', 4) : u"-"_s,
            withInterval(m.corrected),
            m.corrected.isDefined() ? QString::number(m.corrected.lambda, 'f', 2) : u"-"_s,
            withInterval(m.peopleOnly),
            QString::number(m.labelled),
            QString::number(m.judged),
            m.effectiveSampleSize ? QString::number(*m.effectiveSampleSize, 'f', 1) : u"-"_s};
        if (options.perDimension)
            row.insert(1, m.dimension);
        table.addRow(row);
        reasons += notes(m);
        ties += m.goldTies;
    }
    out << table.render();
    for (const QString &reason : std::as_const(reasons))
        out << reason << u'\n';
    if (ties > 0)
        out << u"%1 items whose annotators tied have no majority and count as not labelled.\n"_s
                   .arg(ties);
    printPairwise(pairwiseDifferences(scores, options.confidence), out);
    out << u"\nJudge only: the judge's mean over all N items, its interval ignoring the judge's "
           "errors; n_eff: labelled items the people-only estimate would need for the PPI++ "
           "precision.\n"_s;
    return Ok;
}

} // namespace Rubricate::Cli
