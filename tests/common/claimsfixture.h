// ReportBench reports written at test time for the claim tests: cited statements whose
// sources support them, contradict them or cannot be fetched, and uncited ones. The tasks
// come from the real ReportBench file (the caller imports it); the repository ships no model
// outputs, so the reports are ours.
#pragma once

#include "ingest/importer.h"
#include "testfiles.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace RubricateTest {

// The survey the reports answer (any task of ReportBench_v1.1.jsonl).
inline QString claimsTaskId()
{
    return QStringLiteral("2003.00653");
}

// The sources the reports cite, by path on the fake web server: /leaf supports the first
// statement, /pasta says nothing about the second, /gone is never served (404).
inline QByteArray claimsLeafPage()
{
    return "<html><body><p>Photosynthesis converts light into sugar in green leaves.</p>"
           "</body></html>";
}
inline QByteArray claimsPastaPage()
{
    return "<html><body><p>Cooking pasta needs plenty of boiling salted water.</p></body></html>";
}

// One report for `model`: three cited statements (one URL each) and two uncited ones.
// `base` is the server's root, e.g. http://127.0.0.1:1234
inline QByteArray claimsReport(const QString &base)
{
    const QString text
        = QStringLiteral("# Survey of sensing\n\n"
                         "Photosynthesis converts light into sugar in green leaves [1].\n\n"
                         "Quantum computers factor very large numbers within seconds [2].\n\n"
                         "The moon causes the ocean tides on planet Earth [3].\n\n"
                         "Radar sensors measure distance with radio waves in any weather.\n\n"
                         "Lidar point clouds capture dense three dimensional geometry of "
                         "streets.\n\n"
                         "## References\n\n"
                         "[1] Leaf chemistry. %1/leaf\n"
                         "[2] Kitchen notes. %1/pasta\n"
                         "[3] Tide tables. %1/gone\n")
              .arg(base);
    return QJsonDocument(QJsonObject{{QStringLiteral("response"), text},
                                     {QStringLiteral("arxiv_id"), claimsTaskId()}})
        .toJson(QJsonDocument::Compact);
}

// Writes the report for each model under `dir`/<model>/ and imports it.
inline bool importClaimsReports(Rubricate::ProjectStore &store, const QString &dir,
                                const QString &base, const QStringList &models)
{
    for (const QString &model : models) {
        const QString folder = dir + QLatin1Char('/') + model;
        if (!writeFile(folder + QLatin1Char('/') + claimsTaskId() + QStringLiteral(".json"),
                       claimsReport(base)))
            return false;
        Rubricate::ImportOptions o;
        o.model = model;
        const Rubricate::ImportSummary s
            = Rubricate::runImport(store, Rubricate::ImportKind::ReportBenchReports, folder, o);
        if (s.errorCount() > 0)
            return false;
    }
    return true;
}

} // namespace RubricateTest
