#include "services/runlauncher.h"

#include "store/projectstore.h"

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {
const QString controllerName = u"runController"_s;
const QString generatorName = u"judgeGenerator"_s;

QString criteriaFailures(const PdrCriteriaGenerator &generator)
{
    QStringList failed;
    for (const PdrCriteriaOutcome &o : generator.outcomes()) {
        if (o.status == "failed"_L1)
            failed << RunLauncher::tr("query %1: %2").arg(o.queryId, o.error);
    }
    return failed.join(u'\n');
}

QString classifyFailures(const PageClassifier &classifier)
{
    QStringList failed;
    for (const PageClassifyFailure &f : classifier.failures())
        failed << u"%1: %2"_s.arg(f.url, f.error);
    return failed.join(u'\n');
}

QString claimFailures(const ClaimExtractor &extractor)
{
    QStringList failed;
    for (const ClaimExtractFailure &f : extractor.failures())
        failed << (f.report.isEmpty() ? f.error : u"%1: %2"_s.arg(f.report, f.error));
    return failed.join(u'\n');
}

} // namespace

RunLauncher::RunLauncher(QObject *parent)
    : QObject(parent)
{
    m_thread.setObjectName(u"rubricate-runs"_s);
    m_worker = new QObject;
    m_worker->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_worker, &QObject::deleteLater);
    m_thread.start();
}

RunLauncher::~RunLauncher()
{
    // Closing is not cancelling: a provider batch goes on, for the next session to resume.
    invokeOnController([](RunController *c) { c->close(); });
    cancelGenerators();
    m_thread.quit();
    m_thread.wait();
}

void RunLauncher::startOffline(const QString &projectPath)
{
    RunRequest request;
    request.config.provider = ProviderKind::Offline;
    request.config.model = u"lexical-baseline"_s;
    request.scope.benchmarkKey = u"drb2"_s;
    start(projectPath, request);
}

bool RunLauncher::start(const QString &projectPath, const RunRequest &request)
{
    if (request.criteria)
        return generateCriteria(projectPath, request.config, *request.criteria);
    if (request.classifyPages)
        return classifyPages(projectPath, request.config, *request.classifyPages);
    if (request.extractClaims)
        return extractClaims(projectPath, request.config, *request.extractClaims);
    if (request.rerunFailedOf) {
        const RowId runId = request.rerunFailedOf;
        return launch(projectPath, [runId](ProjectStore &store) -> Result<Prepared> {
            const auto run = store.runs().run(runId);
            if (!run)
                return Error{tr("Run %1 is not in this project.").arg(runId)};
            // The run's own batch size: the new batches belong to the same run.
            const auto queued
                = requeueFailedItems(store, runId, JudgeConfig::fromJson(run->config).batchSize);
            if (!queued)
                return queued.error();
            const RunTotals totals = store.runs().runTotals(runId).value_or({});
            if (*queued == 0 && totals.jobsPending == 0)
                return Error{tr("Run %1 has no failed items to send again.").arg(runId)};
            return Prepared{runId, totals.jobsPending};
        });
    }
    return launch(projectPath, [request](ProjectStore &store) -> Result<Prepared> {
        const auto planned = planRun(store, request.config, request.scope, request.name);
        if (!planned)
            return planned.error();
        return Prepared{planned->runId, planned->jobs};
    });
}

bool RunLauncher::resumeRun(const QString &projectPath, RowId runId)
{
    return launch(projectPath, [runId](ProjectStore &store) -> Result<Prepared> {
        const auto run = store.runs().run(runId);
        if (!run)
            return Error{tr("Run %1 is not in this project.").arg(runId)};
        const RunTotals totals = store.runs().runTotals(runId).value_or({});
        if (totals.jobsPending == 0)
            return Error{tr("Run %1 has nothing left to send.").arg(runId)};
        return Prepared{runId, totals.jobsPending};
    });
}

bool RunLauncher::begin(const QString &projectPath)
{
    if (m_running)
        return false;
    m_running = true;
    m_paused = false;
    m_activeRunId = 0;
    m_lastProgress = {};
    m_projectPath = projectPath;
    m_cancelRequested = false;
    emit stateChanged();
    return true;
}

bool RunLauncher::launch(const QString &projectPath, const Prepare &prepare)
{
    if (!begin(projectPath))
        return false;
    // Everything below runs on the run thread; `this` is only reached through queued calls.
    QMetaObject::invokeMethod(m_worker, [this, projectPath, prepare, worker = m_worker] {
        const Result<Prepared> prepared = [&]() -> Result<Prepared> {
            auto store = ProjectStore::open(projectPath);
            if (!store)
                return store.error();
            return prepare(*store);
        }();
        // The store has closed here: the controller opens its own connection.
        if (!prepared) {
            announceEnd(u"failed"_s, prepared.errorMessage());
            return;
        }
        const RowId runId = prepared->runId;
        const int jobs = prepared->jobs;
        if (m_cancelRequested) {
            // Planned but never started: its jobs stay pending, for a later resume.
            announceEnd(u"cancelled"_s, QString());
            return;
        }
        auto *controller = new RunController(projectPath, worker);
        controller->setObjectName(controllerName);
        connect(controller, &RunController::progressChanged, this, [this](const RunProgress &p) {
            // A progress that arrives after `finished` (none should) must not revive a run.
            if (!m_running || p.runId != m_activeRunId)
                return;
            m_lastProgress = p;
            const bool paused = p.status == "paused"_L1;
            if (paused != m_paused) {
                m_paused = paused;
                emit stateChanged();
            }
            emit progressChanged(p);
        });
        connect(controller, &RunController::verdictsWritten, this, &RunLauncher::verdictsWritten);
        // Read the controller on its own thread, then hand the result to the GUI thread.
        connect(controller, &RunController::finished, controller,
                [this, controller](const QString &status) {
                    const QString lastError = controller->progress().lastError;
                    // A later run's controller must be the only one found by name.
                    controller->setObjectName(QString());
                    controller->deleteLater();
                    announceEnd(status, status == "finished"_L1 ? QString() : lastError);
                });
        QMetaObject::invokeMethod(this, [this, runId, jobs] {
            m_activeRunId = runId;
            emit started(runId, jobs);
            emit stateChanged();
        });
        if (const auto begun = controller->start(runId); !begun) {
            controller->setObjectName(QString());
            controller->deleteLater();
            announceEnd(u"failed"_s, begun.errorMessage());
        }
    });
    return true;
}

void RunLauncher::announceEnd(const QString &status, const QString &error)
{
    QMetaObject::invokeMethod(this, [this, status, error] {
        m_running = false;
        m_paused = false;
        m_activeRunId = 0;
        emit finished(status, error);
        emit stateChanged();
    });
}

void RunLauncher::invokeOnController(const std::function<void(RunController *)> &call)
{
    QMetaObject::invokeMethod(m_worker, [call, worker = m_worker] {
        if (auto *c = worker->findChild<RunController *>(controllerName))
            call(c);
    });
}

void RunLauncher::pause()
{
    invokeOnController([](RunController *c) { c->pause(); });
}

void RunLauncher::resume()
{
    invokeOnController([](RunController *c) { c->resume(); });
}

void RunLauncher::cancel()
{
    if (m_running)
        m_cancelRequested = true;
    invokeOnController([](RunController *c) { c->cancel(); });
    cancelGenerators();
}

void RunLauncher::cancelGenerators()
{
    QMetaObject::invokeMethod(m_worker, [worker = m_worker] {
        if (auto *g = worker->findChild<JudgeGenerator *>(generatorName))
            g->cancel();
    });
}

template<typename Generator, typename Options, typename Progress>
bool RunLauncher::launchGenerator(const QString &projectPath, const JudgeConfig &config,
                                  const Options &options,
                                  void (RunLauncher::*progress)(const Progress &),
                                  QString (*failures)(const Generator &),
                                  const std::function<void(Generator *)> &connectMore)
{
    if (!begin(projectPath))
        return false;
    // Like a run: the generator lives, sends and writes on the run thread.
    QMetaObject::invokeMethod(m_worker, [=, this, worker = m_worker] {
        auto *generator = new Generator(projectPath, config, worker);
        generator->setObjectName(generatorName);
        connect(generator, &Generator::progressChanged, this, progress);
        if (connectMore)
            connectMore(generator);
        connect(generator, &Generator::finished, generator,
                [this, generator, failures](const QString &status) {
                    const QString failed = failures(*generator);
                    // A later generator must be the only one found by name.
                    generator->setObjectName(QString());
                    generator->deleteLater();
                    announceEnd(status, failed);
                });
        const Result<void> started = m_cancelRequested ? Result<void>() : generator->start(options);
        if (m_cancelRequested || !started) {
            generator->setObjectName(QString());
            generator->deleteLater();
            announceEnd(m_cancelRequested ? u"cancelled"_s : u"failed"_s, started.errorMessage());
        }
    });
    return true;
}

bool RunLauncher::generateCriteria(const QString &projectPath, const JudgeConfig &config,
                                   const PdrCriteriaOptions &options)
{
    // Criteria are written query by query: the tree reads them as they come.
    return launchGenerator<PdrCriteriaGenerator>(
        projectPath, config, options, &RunLauncher::criteriaProgressChanged, criteriaFailures,
        [this](PdrCriteriaGenerator *generator) {
            connect(generator, &PdrCriteriaGenerator::queryFinished, this,
                    [this](const PdrCriteriaOutcome &o) {
                        if (o.status == "written"_L1)
                            emit criteriaWritten();
                    });
        });
}

bool RunLauncher::classifyPages(const QString &projectPath, const JudgeConfig &config,
                                const PageClassifyOptions &options)
{
    return launchGenerator<PageClassifier>(
        projectPath, config, options, &RunLauncher::classifyProgressChanged, classifyFailures,
        [this](PageClassifier *classifier) {
            connect(classifier, &PageClassifier::finished, this, &RunLauncher::pagesClassified);
        });
}

bool RunLauncher::extractClaims(const QString &projectPath, const JudgeConfig &config,
                                const ClaimExtractOptions &options)
{
    return launchGenerator<ClaimExtractor>(
        projectPath, config, options, &RunLauncher::claimsProgressChanged, claimFailures,
        [this](ClaimExtractor *extractor) {
            connect(extractor, &ClaimExtractor::finished, this, &RunLauncher::claimsWritten);
        });
}

} // namespace Rubricate
