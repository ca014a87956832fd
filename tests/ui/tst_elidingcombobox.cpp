// A run's name in a narrow pane: the box may be laid out narrower than its text, then draws
// the text elided in the middle and names it whole in its tooltip; with room, it is drawn as
// it is.
#include "common/elidingcombobox.h"

#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestElidingComboBox : public QObject
{
    Q_OBJECT

private slots:
    void aLayoutMayGiveItLessThanItsText();
    void aNarrowBoxElidesTheMiddle();
    void aWideBoxShowsTheWholeText();
};

namespace {

const QString LongName = u"demo judge (bundled result.jsonl, second attempt)"_s;

} // namespace

void TestElidingComboBox::aLayoutMayGiveItLessThanItsText()
{
    ElidingComboBox box;
    box.addItem(LongName);
    QVERIFY(box.minimumSizeHint().width() < box.sizeHint().width() / 2);
    QCOMPARE(box.minimumSizeHint().height(), box.sizeHint().height());
}

void TestElidingComboBox::aNarrowBoxElidesTheMiddle()
{
    ElidingComboBox box;
    box.addItem(LongName);
    box.setEnabled(false);
    box.resize(box.minimumSizeHint());
    const QString shown = box.shownText();
    QVERIFY2(shown.contains(u'…'), qPrintable(shown));
    QVERIFY(shown.startsWith(u"d"_s));
    QVERIFY(shown.endsWith(u")"_s));
    QVERIFY(shown.size() < LongName.size());
}

void TestElidingComboBox::aWideBoxShowsTheWholeText()
{
    ElidingComboBox box;
    box.addItem(LongName);
    box.resize(box.sizeHint());
    QCOMPARE(box.shownText(), LongName);
}

QTEST_MAIN(TestElidingComboBox)
#include "tst_elidingcombobox.moc"
