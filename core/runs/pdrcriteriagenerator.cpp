// The asynchronous driver of PDR-Bench criteria generation; what it sends and how it decides
// is in the header.
#include "pdrcriteriagenerator.h"

#include "judge/apikeys.h"
#include "judge/judgeprovider.h"
#include "judge/judgesimulator.h"
#include "judge/pdrcriteria.h"
#include "judgehttp.h"
#include "scoring/pdrscoring.h"
#include "scoring/pdrweights.h"
#include "store/projectstore.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
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

struct PdrCriteriaGenerator::Call {
    int work = 0;
    bool weights = true;
    QString family;
    int dimension = -1; // index into Work::dimensions for a sub-criteria call
    QString prompt;
    int attempts = 0;
};

PdrCriteriaGenerator::PdrCriteriaGenerator(const QString &projectPath, const JudgeConfig &config,
                                           QObject *parent)
    : QObject(parent)
    , m_projectPath(projectPath)
    , m_config(config)
{ }

PdrCriteriaGenerator::~PdrCriteriaGenerator()
{
    abortReplies(m_replies);
}

bool PdrCriteriaGenerator::start(const PdrCriteriaOptions &options, QString *error)
{
    m_options = options;
    m_options.samples = qMax(1, options.samples);
    m_options.attempts = qMax(1, options.attempts);
    if (!m_store) {
        m_store = ProjectStore::open(m_projectPath, error);
        if (!m_store)
            return false;
    }
    const auto bench = m_store->catalog().benchmark(QString::fromLatin1(BenchmarkKey::PdrBench));
    const QList<Query> queries = bench ? m_store->catalog().queries(bench->id) : QList<Query>();
    if (queries.isEmpty()) {
        *error = u"the project has no PDR-Bench queries; import them first"_s;
        return false;
    }
    QSet<QString> wanted(options.queryIds.cbegin(), options.queryIds.cend());
    for (const Query &q : queries)
        wanted.remove(q.externalId);
    if (!wanted.isEmpty()) {
        QStringList unknown(wanted.cbegin(), wanted.cend());
        unknown.sort();
        *error = u"no PDR-Bench query with id %1"_s.arg(unknown.join(u", "_s));
        return false;
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
    m_progress.status = u"running"_s;
    m_active = true;
    m_cancelled = false;
    m_provider = makeProvider(m_config.provider);
    for (int i = 0; i < m_work.size(); ++i)
        enqueueWeights(i);
    // Nothing to send, or the offline simulator: no key is needed.
    if (!m_provider || m_queue.isEmpty()) {
        QTimer::singleShot(0, this, &PdrCriteriaGenerator::dispatch);
        return true;
    }
    if (!m_network)
        m_network = new QNetworkAccessManager(this);
    const bool local = m_config.baseUrl.startsWith(u"http://127.0.0.1"_s)
        || m_config.baseUrl.startsWith(u"http://localhost"_s);
    // The environment answers at once, the keyring later; nothing is sent before.
    lookupApiKey(m_config.effectiveApiKeyEnv(), this, [this, local](const ApiKeyLookup &found) {
        if (!m_active)
            return;
        if (found.key.isEmpty() && !local) {
            for (int i = 0; i < m_work.size(); ++i)
                failWork(i, found.error);
            m_queue.clear();
            finish(u"failed"_s);
            return;
        }
        m_apiKey = found.key;
        dispatch();
    });
    return true;
}

void PdrCriteriaGenerator::cancel()
{
    if (!m_active)
        return;
    m_cancelled = true;
    abortReplies(m_replies);
    m_queue.clear();
    finish(u"cancelled"_s);
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
            auto call = std::make_shared<Call>();
            call->work = index;
            call->family = family;
            call->prompt = prompt;
            m_queue.enqueue(call);
            ++work.weightCallsLeft;
            ++m_progress.callsQueued;
        }
    }
}

void PdrCriteriaGenerator::dispatch()
{
    if (!m_active || m_cancelled)
        return;
    const int limit = m_provider ? qMax(1, m_config.concurrency) : 1;
    while (m_progress.inFlight < limit && !m_queue.isEmpty()) {
        const std::shared_ptr<Call> call = m_queue.dequeue();
        if (m_work.at(call->work)->done) { // its query failed meanwhile
            ++m_progress.callsDone;
            continue;
        }
        ++m_progress.inFlight;
        send(call);
    }
    if (m_progress.inFlight == 0 && m_waiting == 0 && m_queue.isEmpty())
        finish(m_progress.failed > 0 ? u"failed"_s : u"finished"_s);
}

void PdrCriteriaGenerator::send(const std::shared_ptr<Call> &call)
{
    ++call->attempts;
    if (!m_provider) {
        QTimer::singleShot(0, this, [this, call] {
            if (!m_cancelled)
                answered(call, JudgeSimulator::answerPrompt(call->prompt));
        });
        return;
    }
    ProviderRequest request;
    request.prompt = call->prompt;
    // Weights come inside <json_output> tags, which a JSON-only mode would forbid.
    JudgeConfig config = m_config;
    config.jsonMode = false;
    const HttpCall http = m_provider->buildCall(config, request, m_apiKey);
    ++m_progress.requests;
    QNetworkReply *reply = m_network->post(judgeHttpRequest(http, m_config), http.body);
    m_replies.append(reply);
    connect(reply, &QNetworkReply::finished, this, [this, reply, call] { onReply(reply, call); });
}

void PdrCriteriaGenerator::onReply(QNetworkReply *reply, const std::shared_ptr<Call> &call)
{
    reply->deleteLater();
    m_replies.removeAll(reply);
    if (m_cancelled)
        return;
    const ProviderReply parsed = readJudgeReply(reply, *m_provider, m_config);
    if (!parsed.ok) {
        callFailed(call, parsed.error, parsed.retryable, parsed.retryAfterMs);
        return;
    }
    answered(call, parsed.text);
}

void PdrCriteriaGenerator::callFailed(const std::shared_ptr<Call> &call, const QString &why,
                                      bool retryable, int retryAfterMs)
{
    --m_progress.inFlight;
    Work &work = *m_work.at(call->work);
    if (retryable && call->attempts < m_options.attempts && !work.done) {
        work.notes << u"retried: %1"_s.arg(why);
        int delay = retryAfterMs;
        if (delay < 0)
            delay = judgeBackoffMs(m_config, call->attempts);
        ++m_waiting;
        QTimer::singleShot(delay, this, [this, call] {
            --m_waiting;
            if (m_cancelled)
                return;
            m_queue.prepend(call);
            dispatch();
        });
        emitProgress();
        return;
    }
    const QString cause = u"%1 (after %2 attempts)"_s.arg(why).arg(call->attempts);
    if (call->weights && !work.done) {
        // A lost sample is a discarded sample; the family fails only when all are lost.
        work.notes << u"%1 weight sample discarded: %2"_s.arg(call->family, cause);
        --work.weightCallsLeft;
        if (work.weightCallsLeft == 0)
            weightsIn(call->work);
    } else if (!work.done) {
        failWork(
            call->work,
            u"%1 sub-criteria: %2"_s.arg(work.dimensions.at(call->dimension).dimension, cause));
    }
    callDone();
}

void PdrCriteriaGenerator::answered(const std::shared_ptr<Call> &call, const QString &text)
{
    --m_progress.inFlight;
    Work &work = *m_work.at(call->work);
    if (work.done) {
        callDone();
        return;
    }
    QString error;
    if (call->weights) {
        if (const auto sample = parsePdrWeightSample(text, &error))
            work.samples[call->family].append(*sample);
        else
            work.notes << u"%1 weight sample discarded: %2"_s.arg(call->family, error);
        --work.weightCallsLeft;
        if (work.weightCallsLeft == 0)
            weightsIn(call->work);
        callDone();
        return;
    }
    const auto criteria = parsePdrSubCriteria(text, &error);
    if (!criteria) {
        // An unreadable list is asked again, as a failed request is.
        ++m_progress.inFlight; // callFailed releases it
        callFailed(call, u"unusable answer: "_s + error, true, 0);
        return;
    }
    work.dimensions[call->dimension].criteria = *criteria;
    if (--work.subCallsLeft == 0)
        write(call->work);
    callDone();
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
    for (int d = 0; d < work.dimensions.size(); ++d) {
        const Work::Dimension &dim = work.dimensions.at(d);
        auto call = std::make_shared<Call>();
        call->work = index;
        call->weights = false;
        call->family = dim.family;
        call->dimension = d;
        call->prompt
            = pdrSubCriteriaPrompt(dim.family, dim.dimension, dim.weight, work.task, work.persona);
        m_queue.enqueue(call);
        ++work.subCallsLeft;
        ++m_progress.callsQueued;
    }
}

void PdrCriteriaGenerator::write(int index)
{
    Work &work = *m_work.at(index);
    const Query &q = work.query;
    QString error;
    int written = 0;
    {
        Transaction tx(*m_store);
        bool ok = tx.isOpen();
        if (ok && m_options.force) {
            const int labelled = m_store->catalog().annotatedRubricsOfQuery(q.id);
            if (labelled != 0) {
                error = labelled < 0 ? m_store->lastError()
                                     : u"%1 of its criteria carry human labels; they are kept "
                                       "and nothing was replaced"_s.arg(labelled);
                ok = false;
            } else {
                ok = m_store->catalog().deleteQueryRubrics(q.id) >= 0;
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
                ok = m_store->catalog().upsertRubric(r).ok();
                ++written;
            }
        }
        if (ok)
            ok = tx.commit();
        if (!ok && error.isEmpty())
            error = u"database: "_s + m_store->lastError();
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

void PdrCriteriaGenerator::callDone()
{
    ++m_progress.callsDone;
    emitProgress();
    dispatch();
}

void PdrCriteriaGenerator::emitProgress()
{
    emit progressChanged(m_progress);
}

void PdrCriteriaGenerator::finish(const QString &status)
{
    if (!m_active)
        return;
    m_active = false;
    m_progress.status = status;
    emitProgress();
    emit finished(status);
}

} // namespace Rubricate
