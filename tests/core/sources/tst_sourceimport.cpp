// Sources brought in from a folder with a manifest are stored as if fetched.
#include "scratchproject.h"
#include "sources/sourcefetcher.h"
#include "sources/sourceimport.h"
#include "testfiles.h"
#include "waits.h"

#include <QSignalSpy>
#include <QTest>

using namespace Rubricate;
using namespace RubricateTest;
using namespace Qt::StringLiterals;

class TestSourceImport : public QObject
{
    Q_OBJECT

private slots:
    void importsTheManifest()
    {
        ScratchProject project;
        QVERIFY2(project.isOpen(), qPrintable(project.error()));
        const QString dir = project.filePath(u"saved"_s);
        QVERIFY(writeFile(dir + u"/a.html"_s,
                          "<html><body><p>Glaciers retreat by 30 m a year.</p></body></html>"));
        QVERIFY(writeFile(dir + u"/b.pdf"_s,
                          readFile(QStringLiteral(RUBRICATE_SOURCE_DIR
                                                  "/resources/demo/report/AtlasAgent/idx-3.pdf"))));
        QVERIFY(writeFile(dir + u"/c.dat"_s, "Plain notes about tides."));
        QVERIFY(writeFile(dir + u"/sources.jsonl"_s,
                          "{\"url\": \"https://example.org/glaciers\", \"file\": \"a.html\"}\n"
                          "\n"
                          "{\"url\": \"https://example.org/paper\", \"file\": \"b.pdf\"}\n"
                          "{\"url\": \"https://example.org/tides\", \"file\": \"c.dat\","
                          " \"content_type\": \"text/plain\"}\n"
                          "{\"url\": \"https://example.org/gone\", \"file\": \"missing.html\"}\n"
                          "{\"url\": \"https://example.org/escape\", \"file\": \"../x.html\"}\n"
                          "not json\n"));
        const SourceImportResult result = importSourceFolder(project.store(), dir);
        QVERIFY(result.ok);
        QCOMPARE(result.imported, 3);
        QCOMPARE(result.errors.size(), 3);
        QVERIFY(result.errors.constFirst().startsWith(u"sources.jsonl:5:"_s));

        const auto glaciers = project.store().sources().source(u"https://example.org/glaciers"_s);
        QVERIFY(glaciers);
        QCOMPARE(glaciers->state, u"fetched"_s);
        QCOMPARE(glaciers->origin, u"imported"_s);
        QCOMPARE(glaciers->contentType, u"text/html"_s);
        QVERIFY(glaciers->text.contains(u"Glaciers retreat"_s));
        QCOMPARE(project.store().reports().originalFile(glaciers->contentHash),
                 readFile(dir + u"/a.html"_s));
        QCOMPARE(project.store().sources().source(u"https://example.org/paper"_s)->contentType,
                 u"application/pdf"_s);
        QCOMPARE(project.store().sources().list().value().size(), 3);

        // A fetch finds them without any network.
        SourceFetcher fetcher(&project.store());
        QSignalSpy finished(&fetcher, &SourceFetcher::finished);
        fetcher.fetch({QUrl(u"https://example.org/tides"_s)});
        QVERIFY(finished.wait(BackgroundWorkTimeout));
        const auto results = finished.constFirst().constFirst().value<QList<FetchedSource>>();
        QCOMPARE(results.size(), 1);
        QVERIFY(results.constFirst().fromCache);
        QCOMPARE(results.constFirst().origin, u"imported"_s);
        QVERIFY(results.constFirst().text.contains(u"tides"_s));
        QCOMPARE(fetcher.requestsSent(), 0);
    }

    void missingManifestIsAnError()
    {
        ScratchProject project;
        QVERIFY(project.isOpen());
        const SourceImportResult result
            = importSourceFolder(project.store(), project.filePath(u"none"_s));
        QVERIFY(!result.ok);
        QCOMPARE(result.errors.size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestSourceImport)
#include "tst_sourceimport.moc"
