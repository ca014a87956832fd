#include "correctedproject.h"

#include "store/projectstore.h"

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// Every ResearchRubrics criterion's weight by rubric id: what a verdict contributes.
QHash<RowId, double> researchRubricsWeights(ProjectStore &store)
{
    QHash<RowId, double> weights;
    const QString key = QString::fromLatin1(BenchmarkKey::ResearchRubrics);
    for (const TaskSummary &task : store.catalog().taskSummaries(key).value_or({})) {
        for (const Rubric &rubric : store.catalog().allRubricsOfTask(task.id))
            weights.insert(rubric.id, rubric.weight);
    }
    return weights;
}

// The benchmark of the run the study compares with; empty without one.
QString studyBenchmark(ProjectStore &store, const Study &study)
{
    const std::optional<JudgeRun> run
        = study.runId > 0 ? store.runs().run(study.runId) : std::nullopt;
    if (!run)
        return {};
    for (const Benchmark &b : store.catalog().benchmarks().value_or({})) {
        if (b.id == run->benchmarkId)
            return b.key;
    }
    return {};
}

CorrectedScores failed(const QString &why)
{
    CorrectedScores none;
    none.error = why;
    return none;
}

} // namespace

CorrectedScores readCorrectedScores(ProjectStore &store, const QString &studyName,
                                    CorrectedScoreOptions options)
{
    const std::optional<Study> study = store.annotations().study(studyName);
    if (!study)
        return failed(u"no study named \"%1\""_s.arg(studyName));
    if (options.judge.isEmpty() && study->runId > 0)
        options.judge = u"run:%1"_s.arg(study->runId); // the run the study compares with
    if (options.benchmarkKey.isEmpty()) {
        options.benchmarkKey = studyBenchmark(store, *study);
        if (options.benchmarkKey.isEmpty()) {
            return failed(
                u"study \"%1\" compares with no judge run: name the benchmark"_s.arg(studyName));
        }
    }
    LabelFilter labels;
    labels.study = studyName;
    QList<RatingRow> rows = store.annotations().ratingRows(options.benchmarkKey, labels);
    if (options.gold == GoldRater)
        rows += store.annotations().goldRatingRows(options.benchmarkKey);
    if (options.benchmarkKey == QLatin1StringView(BenchmarkKey::ResearchRubrics))
        options.rubricWeights = researchRubricsWeights(store);
    return correctedScores(rows, options);
}

} // namespace Rubricate
