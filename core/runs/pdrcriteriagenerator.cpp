// The asynchronous driver of PDR-Bench criteria generation; what it sends and how it decides
// is in the header.
#include "pdrcriteriagenerator.h"

#include "judge/judgeprovider.h"
#include "judge/pdrcriteria.h"
#include "judgecallqueue.h"
#include "scoring/pdrscoring.h"
#include "scoring/pdrweights.h"
#include "store/projectstore.h"

#include <QSet>
#include <QTimer>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

const QStringList &families()
{
    static const QStringList keys{QString::fromLatin1(PdrFamily::Personalization),
                                  QString::fromLatin1(PdrFamily::Quality)};
    return keys;
}

} // namespace

struct PdrCriteriaGenerator::Work {
    Query query;
    QString task;
    QString persona; // readable JSON; empty without a persona
    QHash<QString, QList<PdrWeightSample>> samples; // by family
    int weightCallsLeft = 0;
    struct Dimension {
        QString family;
        QString dimension;
        double weight = 0;
        QList<PdrSubCriterion> criteria;
    };
    QList<Dimension> dimensions;
    QHash<QString, int> acceptedSamples; // by family
    int subCallsLeft = 0;
    bool done = false; // written or failed
    QStringList notes;
};

PdrCriteriaGenerator::PdrCriteriaGenerator(const QString &projectPath, const JudgeConfig &config,
                                           QObject *parent)
    : JudgeGenerator(config, parent)
    , m_projectPath(projectPath)
{ }

PdrCriteriaGenerator::~PdrCriteriaGenerator() = default;

Result<void> PdrCriteriaGenerator::start(const PdrCriteriaOptions &options)
{
    m_options = options;
    m_options.samples = qMax(1, options.samples);
    m_options.attempts = qMax(1, options.attempts);
    if (!m_store) {
        auto opened = ProjectStore::open(m_projectPath);
        if (!opened)
            return opened.error();
        m_store = std::move(opened).value();
    }
    const auto bench = m_store->catalog().benchmark(QString::fromLatin1(BenchmarkKey::PdrBench));
    const QList<Query> queries = bench ? m_store->catalog().queries(bench->id) : QList<Query>();
    if (queries.isEmpty()) {
        return Error{u"the project has no PDR-Bench queries; import them first"_s};
    }
    QSet<QString> wanted(options.queryIds.cbegin(), options.queryIds.cend());
    for (const Query &q : queries)
        wanted.remove(q.externalId);
    if (!wanted.isEmpty()) {
        QStringList unknown(wanted.cbegin(), wanted.cend());
        unknown.sort();
        return Error{u"no PDR-Bench query with id %1"_s.arg(unknown.join(u", "_s))};
    }
    m_progress = {};
    m_outcomes.clear();
    m_work.clear();
    for (const Query &q : queries) {
        if (!options.queryIds.isEmpty() && !options.queryIds.contains(q.externalId))
            continue;
        if (!options.force && !m_store->catalog().rubrics(q.taskId, q.id).isEmpty()) {
            m_outcomes.append(
                {q.externalId, u"skipped"_s, u"has criteria (--force replaces them)"_s, 0, {}});
            ++m_progress.skipped;
            continue;
        }
        auto work = std::make_shared<Work>();
        work->query = q;
        work->task = q.text;
        if (q.personaId) {
            if (const auto persona = m_store->catalog().persona(*q.personaId))
                work->persona = pdrPersonaText(*persona);
        }
        m_work.append(work);
    }
    m_progress.queries = int(m_work.size());
    newCalls(m_options.attempts);
    for (int i = 0; i < m_work.size(); ++i)
        enqueueWeights(i);
    send([this](const QString &noKey) {
        for (int i = 0; i < m_work.size(); ++i)
            failWork(i, noKey);
    });
    return {};
}

void PdrCriteriaGenerator::enqueueWeights(int index)
{
    Work &work = *m_work.at(index);
    if (work.persona.isEmpty()) {
        failWork(index, u"the query has no persona; personalization criteria need one"_s);
        return;
    }
    for (const QString &family : families()) {
        const QString prompt = pdrWeightPrompt(family, work.task, work.persona);
        for (int s = 0; s < m_options.samples; ++s) {
            JudgeCall call;
            call.prompt = prompt;
            // Weights come inside <json_output> tags, which a JSON-only mode would forbid.
            call.jsonMode = false;
            call.read = [this, index, family](const QString &text) {
                weightSampleIn(index, family, text);
                return QString(); // an unreadable sample is discarded, not asked again
            };
            call.failed = [this, index, family](const QString &why) {
                weightSampleLost(index, family, why);
            };
            call.retrying = [this, index](const QString &why) {
                m_work.at(index)->notes << u"retried: %1"_s.arg(why);
            };
            call.wanted = [this, index] {
                return !m_work.at(index)->done;
            };
            calls()->enqueue(std::move(call));
            ++work.weightCallsLeft;
        }
    }
}

void PdrCriteriaGenerator::weightSampleIn(int index, const QString &family, const QString &text)
{
    Work &work = *m_work.at(index);
    if (const auto sample = parsePdrWeightSample(text))
        work.samples[family].append(*sample);
    else
        work.notes << u"%1 weight sample discarded: %2"_s.arg(family, sample.errorMessage());
    if (--work.weightCallsLeft == 0)
        weightsIn(index);
}

// A lost sample is a discarded sample; the family fails only when all are lost.
void PdrCriteriaGenerator::weightSampleLost(int index, const QString &family, const QString &why)
{
    Work &work = *m_work.at(index);
    work.notes << u"%1 weight sample discarded: %2"_s.arg(family, why);
    if (--work.weightCallsLeft == 0)
        weightsIn(index);
}

void PdrCriteriaGenerator::enqueueSubCriteria(int index, int dimension)
{
    Work &work = *m_work.at(index);
    const Work::Dimension &dim = work.dimensions.at(dimension);
    JudgeCall call;
    call.prompt
        = pdrSubCriteriaPrompt(dim.family, dim.dimension, dim.weight, work.task, work.persona);
    call.jsonMode = false;
    call.read = [this, index, dimension](const QString &text) {
        const auto criteria = parsePdrSubCriteria(text);
        if (!criteria)
            return criteria.errorMessage(); // asked again, as a failed request is
        Work &w = *m_work.at(index);
        w.dimensions[dimension].criteria = *criteria;
        if (--w.subCallsLeft == 0)
            write(index);
        return QString();
    };
    call.failed = [this, index, dimension](const QString &why) {
        failWork(index,
                 u"%1 sub-criteria: %2"_s.arg(m_work.at(index)->dimensions.at(dimension).dimension,
                                              why));
    };
    call.retrying = [this, index](const QString &why) {
        m_work.at(index)->notes << u"retried: %1"_s.arg(why);
    };
    call.wanted = [this, index] {
        return !m_work.at(index)->done;
    };
    calls()->enqueue(std::move(call));
    ++work.subCallsLeft;
}

void PdrCriteriaGenerator::weightsIn(int index)
{
    Work &work = *m_work.at(index);
    for (const QString &family : families()) {
        const QList<PdrWeightSample> samples = work.samples.value(family);
        const PdrWeights weights = combinePdrWeightSamples(samples);
        for (const PdrDiscardedSample &d : weights.discarded)
            work.notes << u"%1 weight sample discarded: %2"_s.arg(family, d.reason);
        if (!weights.ok()) {
            failWork(index, u"%1 weights: %2"_s.arg(family, weights.error));
            return;
        }
        work.acceptedSamples.insert(family, weights.acceptedSamples);
        for (const auto &[dimension, w] : weights.weights)
            work.dimensions.append({family, dimension, w, {}});
    }
    for (int d = 0; d < work.dimensions.size(); ++d)
        enqueueSubCriteria(index, d);
}

void PdrCriteriaGenerator::write(int index)
{
    Work &work = *m_work.at(index);
    const Query &q = work.query;
    QString error;
    int written = 0;
    {
        Transaction tx(*m_store);
        Result<void> stored = tx.began();
        bool ok = stored.ok();
        if (ok && m_options.force) {
            const Result<int> labelled = m_store->catalog().annotatedRubricsOfQuery(q.id);
            if (!labelled || *labelled != 0) {
                error = !labelled ? labelled.errorMessage()
                                  : u"%1 of its criteria carry human labels; they are kept "
                                    "and nothing was replaced"_s.arg(*labelled);
                ok = false;
            } else if (const Result<int> deleted = m_store->catalog().deleteQueryRubrics(q.id);
                       !deleted) {
                stored = deleted.error();
                ok = false;
            }
        }
        for (const Work::Dimension &dim : std::as_const(work.dimensions)) {
            for (int position = 0; ok && position < dim.criteria.size(); ++position) {
                const PdrSubCriterion &c = dim.criteria.at(position);
                Rubric r;
                r.taskId = q.taskId;
                r.queryId = q.id;
                r.dimension = dim.dimension;
                r.position = position;
                r.text = c.criterion;
                r.weight = c.weight;
                r.dimensionWeight = dim.weight;
                r.scale = VerdictScale::ZeroToTen;
                r.metadata
                    = {{u"family"_s, dim.family},
                       {u"explanation"_s, c.explanation},
                       {u"origin"_s, QString(u"judge:"_s + m_config.model)},
                       {u"provider"_s, providerKey(m_config.provider)},
                       {u"weight_samples"_s, QJsonValue(work.acceptedSamples.value(dim.family))}};
                if (const Upserted u = m_store->catalog().upsertRubric(r); !u.ok()) {
                    stored = u.error;
                    ok = false;
                }
                ++written;
            }
        }
        if (ok) {
            if (const Result<void> committed = tx.commit(); !committed)
                error = u"database: "_s + committed.errorMessage();
        } else if (error.isEmpty()) {
            error = u"database: "_s + stored.errorMessage();
        }
    }
    if (!error.isEmpty()) {
        failWork(index, error);
        return;
    }
    work.done = true;
    ++m_progress.written;
    const PdrCriteriaOutcome outcome{q.externalId, u"written"_s, {}, written, work.notes};
    m_outcomes.append(outcome);
    emit queryFinished(outcome);
}

void PdrCriteriaGenerator::failWork(int index, const QString &why)
{
    Work &work = *m_work.at(index);
    if (work.done)
        return;
    work.done = true;
    ++m_progress.failed;
    const PdrCriteriaOutcome outcome{work.query.externalId, u"failed"_s, why, 0, work.notes};
    m_outcomes.append(outcome);
    emit queryFinished(outcome);
}

PdrCriteriaProgress PdrCriteriaGenerator::progress() const
{
    PdrCriteriaProgress p = m_progress;
    if (calls()) {
        const JudgeCallCounts counts = calls()->counts();
        p.requests = counts.requests;
        p.inFlight = counts.inFlight;
        p.callsDone = counts.done;
        p.callsQueued = counts.queued;
    }
    return p;
}

void PdrCriteriaGenerator::emitProgress()
{
    emit progressChanged(progress());
}

} // namespace Rubricate
