// The judge run tests' judge and plan: the simulator as a provider, batches of five, quick
// back-off, priced; every report of the DRB-II fixture (judgefixture.h).
#pragma once

#include "judge/judgesimulator.h"
#include "runs/runplanner.h"

#include <QDebug>

namespace RubricateTest {

inline Rubricate::JudgeConfig simulatorRunJudge(const Rubricate::JudgeSimulator &simulator,
                                                Rubricate::ProviderKind provider)
{
    using namespace Qt::StringLiterals;
    Rubricate::JudgeConfig c;
    c.provider = provider;
    c.baseUrl = simulator.baseUrl();
    c.model = u"sim-judge"_s;
    c.batchSize = 5;
    c.concurrency = 4;
    c.backoffBaseMs = 20;
    c.backoffMaxMs = 100;
    c.timeoutMs = 5000;
    c.pricePerMillionInput = 1.0;
    c.pricePerMillionOutput = 2.0;
    return c;
}

// The run's id; 0 (with a warning) when it could not be planned.
inline Rubricate::RowId planDrb2Run(Rubricate::ProjectStore &store,
                                    const Rubricate::JudgeConfig &config, const QString &name = {})
{
    Rubricate::RunScope scope;
    scope.benchmarkKey = QStringLiteral("drb2");
    const auto planned = Rubricate::planRun(store, config, scope, name);
    if (!planned)
        qWarning() << planned.errorMessage();
    return planned ? planned->runId : 0;
}

} // namespace RubricateTest
