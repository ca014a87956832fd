#include "domain/result.h"

#include <QTest>

#include <memory>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

Result<int> parsePositive(const QString &text)
{
    bool ok = false;
    const int value = text.toInt(&ok);
    if (!ok || value <= 0)
        return Error{u"not a positive number: %1"_s.arg(text)};
    return value;
}

Result<void> requireNonEmpty(const QString &text)
{
    if (text.isEmpty())
        return Error{u"empty"_s};
    return {};
}

} // namespace

class TestResult : public QObject
{
    Q_OBJECT

private slots:
    void valueWhenOk()
    {
        const Result<int> r = parsePositive(u"42"_s);
        QVERIFY(r.ok());
        QVERIFY(static_cast<bool>(r));
        QCOMPARE(r.value(), 42);
        QCOMPARE(*r, 42);
        QVERIFY(r.errorMessage().isEmpty());
    }

    void errorWhenNot()
    {
        const Result<int> r = parsePositive(u"-3"_s);
        QVERIFY(!r.ok());
        QVERIFY(!r);
        QCOMPARE(r.error().message, u"not a positive number: -3"_s);
        QCOMPARE(r.errorMessage(), u"not a positive number: -3"_s);
    }

    void voidResult()
    {
        const Result<void> good = requireNonEmpty(u"x"_s);
        QVERIFY(good.ok());
        QVERIFY(good.errorMessage().isEmpty());
        const Result<void> bad = requireNonEmpty({});
        QVERIFY(!bad);
        QCOMPARE(bad.error().message, u"empty"_s);
    }

    void moveOnlyValue()
    {
        // The store hands out owned objects: a Result must carry a move-only value out.
        Result<std::unique_ptr<QString>> r = std::make_unique<QString>(u"owned"_s);
        QVERIFY(r);
        // -> and * reach the pointee, as they would on the pointer itself.
        QCOMPARE(*r, u"owned"_s);
        QCOMPARE(r->size(), 5);
        QCOMPARE(r.value().get(), &*r);
        std::unique_ptr<QString> taken = std::move(r).value();
        QCOMPARE(*taken, u"owned"_s);
    }

    void prefixedNamesTheContext()
    {
        const Error e = Error{u"no such file"_s}.prefixed(u"/tmp/p.rubricate"_s);
        QCOMPARE(e.message, u"/tmp/p.rubricate: no such file"_s);
    }
};

QTEST_GUILESS_MAIN(TestResult)
#include "tst_result.moc"
