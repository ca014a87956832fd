// The words core writes in English, as a person reads them in the window. Core has no
// translator: its statistic reasons, α levels, breakdown attributes, the raters it names,
// and the leaderboards' titles, descriptions and notes are data in English (the command line
// and the exports keep them so). The window shows them through here, translated where the
// program owns the words; the benchmarks' own names (ResearchRubrics axes, DRB-II
// dimensions, run and model names) stay as the data has them.
#pragma once

#include "agreement/krippendorff.h"
#include "alignment/alignment.h"
#include "scoring/leaderboard.h"

#include <QCoreApplication>

namespace Rubricate {

class CoreText
{
    Q_DECLARE_TR_FUNCTIONS(Rubricate::CoreText)

public:
    static QString alphaLevel(AlphaLevel level); // "nominal" …
    static QString attribute(RatingAttribute attribute); // "dimension", "task" …
    // A rater's name: the human majority and the gold labels in the reader's words.
    static QString raterName(const QString &key, const QString &name);
    // An UndefinedReason, an interval note ("3 of 1000 draws undefined"), or why a planned
    // interval width is out of reach.
    static QString reason(const QString &reason);

    // "drb2" → "DeepResearch Bench II"; a key the program does not know as it stands.
    static QString benchmarkName(const QString &key);
    static QString leaderboardColumn(const LeaderboardColumn &column);
    static QString leaderboardDescription(const Leaderboard &board);
    static QString leaderboardNote(const QString &note);
    // A PDR-Bench family or dimension key ("quality", "goal_alignment"); a key the benchmark
    // does not define is title-cased as it stands.
    static QString pdrDimension(const QString &key);

private:
    static QString pdrTitle(const QString &key); // empty for a key PDR-Bench does not define
};

} // namespace Rubricate
