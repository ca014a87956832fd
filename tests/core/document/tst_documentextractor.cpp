#include "ingest/document/extracteddocument.h"

#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestDocumentExtractor : public QObject
{
    Q_OBJECT
private slots:
    void placeholder() { QVERIFY(true); }
};

QTEST_MAIN(TestDocumentExtractor)
#include "tst_documentextractor.moc"
