// Runs a function on the global thread pool and hands its result to a callback on the
// thread of `context` (the GUI thread for widgets). The watcher is a child of `context`,
// so a result that arrives after the context is gone is dropped instead of delivered to a
// dangling object.
#pragma once

#include <QFutureWatcher>
#include <QObject>
#include <QThreadPool>
#include <QtConcurrent/QtConcurrentRun>

#include <type_traits>
#include <utility>

namespace Rubricate {

template<typename Work, typename Done>
void runInBackground(QThreadPool *pool, QObject *context, Work work, Done done)
{
    using Result = std::invoke_result_t<Work>;
    auto *watcher = new QFutureWatcher<Result>(context);
    QObject::connect(watcher, &QFutureWatcher<Result>::finished, context,
                     [watcher, done = std::move(done)]() mutable {
                         done(watcher->result());
                         watcher->deleteLater();
                     });
    watcher->setFuture(QtConcurrent::run(pool, std::move(work)));
}

// On the global pool: for short reads and writes. Long computations take a pool of their
// own, so that they never keep a report from loading.
template<typename Work, typename Done>
void runInBackground(QObject *context, Work work, Done done)
{
    runInBackground(QThreadPool::globalInstance(), context, std::move(work), std::move(done));
}

} // namespace Rubricate
