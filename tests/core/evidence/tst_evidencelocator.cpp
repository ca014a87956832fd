#include "evidence/evidencelocator.h"
#include "ingest/document/extracteddocument.h"
#include <QFile>
#include <QTest>
using namespace Rubricate;
using namespace Qt::StringLiterals;
class TestEvidenceLocator : public QObject
{
    Q_OBJECT
private slots:
    void dump()
    {
        const QStringList files = qEnvironmentVariable("EV_DUMP").split(u',');
        for (const QString &path : files) {
            QFile f(path);
            if (!f.open(QIODevice::ReadOnly)) continue;
            const ExtractedDocument doc = extractDocument(f.readAll(), path);
            QFile out(path.section(u'/', -1) + u".txt"_s);
            out.open(QIODevice::WriteOnly);
            out.write(doc.text.toUtf8());
        }
    }
};
QTEST_GUILESS_MAIN(TestEvidenceLocator)
#include "tst_evidencelocator.moc"
