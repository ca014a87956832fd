#include "runlauncher.h"

#include "runs/runplanner.h"
#include "store/projectstore.h"

namespace Rubricate {

using namespace Qt::StringLiterals;

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
    cancel();
    m_thread.quit();
    m_thread.wait();
}

void RunLauncher::startOffline(const QString &projectPath)
{
    if (m_running)
        return;
    m_running = true;
    // Everything below runs on the run thread; `this` is only reached through signals.
    QMetaObject::invokeMethod(m_worker, [this, projectPath, worker = m_worker] {
        QString error;
        RowId runId = 0;
        int jobs = 0;
        {
            auto store = ProjectStore::open(projectPath, &error);
            if (store) {
                JudgeConfig config;
                config.provider = ProviderKind::Offline;
                config.model = u"lexical-baseline"_s;
                RunScope scope;
                scope.benchmarkKey = u"drb2"_s;
                scope.onlyUnjudged = false;
                if (const auto planned = planRun(*store, config, scope, {}, &error)) {
                    runId = planned->runId;
                    jobs = planned->jobs;
                }
            }
        }
        if (!runId) {
            QMetaObject::invokeMethod(this, [this, error] {
                m_running = false;
                emit finished(u"failed"_s, error);
            });
            return;
        }
        auto *controller = new RunController(projectPath, worker);
        controller->setObjectName(u"runController"_s);
        connect(controller, &RunController::progressChanged, this, &RunLauncher::progressChanged);
        connect(controller, &RunController::verdictsWritten, this, &RunLauncher::verdictsWritten);
        // Read the controller on its own thread, then hand the result to the GUI thread.
        connect(controller, &RunController::finished, controller,
                [this, controller](const QString &status) {
                    const QString lastError = controller->progress().lastError;
                    controller->deleteLater();
                    QMetaObject::invokeMethod(this, [this, status, lastError] {
                        m_running = false;
                        emit finished(status, lastError);
                    });
                });
        emit started(runId, jobs);
        if (!controller->start(runId, &error)) {
            controller->deleteLater();
            QMetaObject::invokeMethod(this, [this, error] {
                m_running = false;
                emit finished(u"failed"_s, error);
            });
        }
    });
}

void RunLauncher::cancel()
{
    QMetaObject::invokeMethod(m_worker, [worker = m_worker] {
        if (auto *c = worker->findChild<RunController *>(u"runController"_s))
            c->cancel();
    });
}

} // namespace Rubricate
