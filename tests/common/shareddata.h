// Locating the real benchmark files in ../shared/data for tests.
//
// The data is not part of the repository (DRB-II has no licence). Where it is absent a test
// skips with a clear message, except under CI (CI=true) where missing data is a failure.
#pragma once

#include <QDir>
#include <QFileInfo>
#include <QString>
#include <QTest>

namespace RubricateTest {

inline QString sharedDataDir()
{
    const QString fromEnv = qEnvironmentVariable("RUBRICATE_SHARED_DATA");
    if (!fromEnv.isEmpty())
        return QDir::cleanPath(fromEnv);
    return QDir::cleanPath(QStringLiteral(RUBRICATE_SOURCE_DIR "/../shared/data"));
}

inline QString sharedDataPath(const QString &relative)
{
    return sharedDataDir() + QLatin1Char('/') + relative;
}

inline bool underCi()
{
    return qEnvironmentVariable("CI").compare(QLatin1String("true"), Qt::CaseInsensitive) == 0;
}

} // namespace RubricateTest

// Resolves `relative` below the shared data folder into `var`, or skips (fails under CI).
#define RUBRICATE_REQUIRE_SHARED(var, relative)                                                    \
    const QString var = RubricateTest::sharedDataPath(QStringLiteral(relative));                   \
    do {                                                                                           \
        if (!QFileInfo::exists(var)) {                                                             \
            const QByteArray msg = "shared benchmark data not found: " + (var).toUtf8()            \
                + " (set RUBRICATE_SHARED_DATA)";                                                  \
            if (RubricateTest::underCi())                                                          \
                QFAIL(msg.constData());                                                            \
            QSKIP(msg.constData());                                                                \
        }                                                                                          \
    } while (false)
