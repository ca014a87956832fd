// The criteria editor's model and the persona view's model, under QAbstractItemModelTester:
// loading a query's rubrics as families and dimensions, the sums the reference checks,
// editing, adding, removing, reordering and normalising, and a persona's nested attributes.
#include "review/personamodel.h"
#include "runs/criteriamodel.h"

#include <QAbstractItemModelTester>
#include <QJsonArray>
#include <QSignalSpy>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

Rubric criterion(RowId id, const QString &dimension, int position, const QString &text,
                 double weight, double dimensionWeight, const QString &family = {})
{
    Rubric r;
    r.id = id;
    r.queryId = 1;
    r.dimension = dimension;
    r.position = position;
    r.text = text;
    r.weight = weight;
    r.dimensionWeight = dimensionWeight;
    r.scale = VerdictScale::ZeroToTen;
    r.metadata = {{u"explanation"_s, QString(u"why "_s + text)}};
    if (!family.isEmpty())
        r.metadata.insert(u"family"_s, family);
    return r;
}

// Query 1 of the PDR fixtures, ids out of position order and dimensions out of the
// reference's order, as a store may return them after edits.
QList<Rubric> queryOne()
{
    return {
        criterion(12, u"presentation_fit"_s, 0, u"Uses a table"_s, 1.0, 0.2, u"personalization"_s),
        criterion(11, u"goal_alignment"_s, 1, u"Sets a savings goal"_s, 0.4, 0.3,
                  u"personalization"_s),
        criterion(10, u"goal_alignment"_s, 0, u"Shift income"_s, 0.6, 0.3),
        criterion(13, u"depth_insight"_s, 0, u"Explains trade-offs"_s, 1.0, 0.4, u"quality"_s)};
}

} // namespace

class TestCriteriaModel : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        m_model = std::make_unique<CriteriaModel>();
        m_tester = std::make_unique<QAbstractItemModelTester>(
            m_model.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    }
    void cleanup()
    {
        m_tester.reset();
        m_model.reset();
    }

    void loadsFamiliesDimensionsAndCriteria()
    {
        m_model->setRubrics(queryOne());
        QCOMPARE(m_model->rowCount(), 2);
        const QModelIndex p = m_model->familyIndex(0);
        QCOMPARE(p.data().toString(), u"Personalization"_s);
        QCOMPARE(m_model->familyIndex(1).data().toString(), u"Quality"_s);
        QCOMPARE(m_model->rowCount(p), 2);
        // The reference's order, not the store's.
        QCOMPARE(m_model->dimensionIndex(0, 0).data().toString(), u"Goal alignment"_s);
        QCOMPARE(m_model->dimensionIndex(0, 1).data().toString(), u"Presentation fit"_s);
        const QModelIndex goal = m_model->dimensionIndex(0, 0);
        QCOMPARE(goal.parent(), p);
        QCOMPARE(goal.siblingAtColumn(CriteriaModel::WeightColumn).data().toString(), u"0.3"_s);
        QCOMPARE(goal.siblingAtColumn(CriteriaModel::WeightColumn).data(Qt::EditRole).toDouble(),
                 0.3);
        QCOMPARE(m_model->rowCount(goal), 2);
        const QModelIndex first = m_model->criterionIndex(0, 0, 0);
        QCOMPARE(first.parent(), goal);
        QCOMPARE(first.data().toString(), u"Shift income"_s); // by position
        QCOMPARE(first.data(CriteriaModel::RubricIdRole).toLongLong(), 10);
        QCOMPARE(first.siblingAtColumn(CriteriaModel::ExplanationColumn).data().toString(),
                 u"why Shift income"_s);
        QCOMPARE(m_model->kindOf(first), CriteriaModel::NodeKind::Criterion);
        QCOMPARE(m_model->kindOf(goal), CriteriaModel::NodeKind::Dimension);
        QVERIFY(!m_model->isModified());
        QVERIFY(m_model->flags(first) & Qt::ItemIsEditable);
        QVERIFY(!(m_model->flags(goal) & Qt::ItemIsEditable));
        QVERIFY(m_model->flags(goal.siblingAtColumn(CriteriaModel::WeightColumn))
                & Qt::ItemIsEditable);
    }

    void checksTheSumsAndNormalises()
    {
        m_model->setRubrics(queryOne());
        // Personalization W_d: 0.3 + 0.2 (content_alignment and actionability have no
        // criteria, so the file's other 0.5 was never stored); quality: depth 0.4 alone.
        QStringList problems = m_model->problems();
        QCOMPARE(problems.size(), 2);
        QVERIFY(problems.constFirst().contains(u"sum to 0.5, not 1"_s));
        QVERIFY(problems.constLast().contains(u"sum to 0.4, not 1"_s));
        QCOMPARE(
            m_model->familyIndex(0).siblingAtColumn(CriteriaModel::SumColumn).data().toString(),
            u"Σ W_d = 0.5 ✗"_s);
        QCOMPARE(m_model->familyIndex(1).data(CriteriaModel::ValidRole).toBool(), false);

        QSignalSpy edited(m_model.get(), &CriteriaModel::edited);
        const QModelIndex weight
            = m_model->criterionIndex(0, 0, 0).siblingAtColumn(CriteriaModel::WeightColumn);
        QVERIFY(m_model->setData(weight, 0.5));
        QVERIFY(!m_model->setData(weight, -0.1));
        QVERIFY(!m_model->setData(weight, u"lots"_s));
        QCOMPARE(edited.count(), 1);
        QVERIFY(m_model->isModified());
        QCOMPARE(m_model->dimensionIndex(0, 0)
                     .siblingAtColumn(CriteriaModel::SumColumn)
                     .data()
                     .toString(),
                 u"Σ w_c = 0.9 ✗"_s);
        QCOMPARE(m_model->problems().size(), 3);

        m_model->normalise();
        QVERIFY2(m_model->problems().isEmpty(), qPrintable(m_model->problems().join(u'\n')));
        const FamilyDraft &p = m_model->families().at(0);
        QCOMPARE(p.dimensions.at(0).weight, 0.6);
        QCOMPARE(p.dimensions.at(1).weight, 0.4);
        QVERIFY(qAbs(p.dimensions.at(0).criteria.at(0).weight - 0.5 / 0.9) < 1e-12);
        QVERIFY(qAbs(CriteriaModel::criterionSum(p.dimensions.at(0)) - 1.0) <= 1e-12);
        QCOMPARE(
            m_model->familyIndex(0).siblingAtColumn(CriteriaModel::SumColumn).data().toString(),
            u"Σ W_d = 1 ✓"_s);

        // Zeros normalise to equal shares.
        QVERIFY(m_model->setData(
            m_model->dimensionIndex(1, 0).siblingAtColumn(CriteriaModel::WeightColumn), 0.0));
        QCOMPARE(m_model->problems().size(), 1);
        m_model->normalise();
        QCOMPARE(m_model->families().at(1).dimensions.at(0).weight, 1.0);
    }

    void editsAndHandsBackRubrics()
    {
        m_model->setRubrics(queryOne());
        const QModelIndex goal = m_model->dimensionIndex(0, 0);
        // Text edits mark the wording changed; a new criterion goes after the current one.
        QVERIFY(m_model->setData(m_model->criterionIndex(0, 0, 1), u"Sets a yearly goal"_s));
        QCOMPARE(m_model->criterionIndex(0, 0, 1)
                     .siblingAtColumn(CriteriaModel::SumColumn)
                     .data()
                     .toString(),
                 u"reworded"_s);
        const QModelIndex added = m_model->addCriterion(m_model->criterionIndex(0, 0, 0));
        QCOMPARE(added.row(), 1);
        QCOMPARE(added.parent(), goal);
        QCOMPARE(added.data(CriteriaModel::RubricIdRole).toLongLong(), 0);
        QVERIFY(m_model->setData(added, u"Keeps an emergency fund"_s));
        QVERIFY(m_model->setData(added.siblingAtColumn(CriteriaModel::WeightColumn), 0.2));
        QCOMPARE(m_model->rowCount(goal), 3);
        // Move the new one to the top, the old first one to the bottom.
        QVERIFY(m_model->moveCriterion(added, -1));
        QVERIFY(!m_model->moveCriterion(m_model->criterionIndex(0, 0, 0), -1));
        QVERIFY(m_model->moveCriterion(m_model->criterionIndex(0, 0, 1), 1));
        QCOMPARE(m_model->criterionIndex(0, 0, 0).data().toString(), u"Keeps an emergency fund"_s);
        QCOMPARE(m_model->criterionIndex(0, 0, 2).data().toString(), u"Shift income"_s);
        QVERIFY(m_model->removeCriterion(m_model->criterionIndex(0, 1, 0)));
        QCOMPARE(m_model->rowCount(m_model->dimensionIndex(0, 1)), 0);
        QVERIFY(m_model->problems().join(u'\n').contains(u"Presentation fit has no criteria"_s));
        QCOMPARE(m_model->missingDimensions(0),
                 QStringList({u"content_alignment"_s, u"actionability_practicality"_s}));
        const QModelIndex content = m_model->addDimension(0, u"content_alignment"_s);
        QVERIFY(content.isValid());
        QVERIFY(!m_model->addDimension(0, u"content_alignment"_s).isValid());

        const QList<Rubric> out = m_model->toRubrics();
        QCOMPARE(out.size(), 4); // empty dimensions carry nothing
        QCOMPARE(out.at(0).id, 0);
        QCOMPARE(out.at(0).text, u"Keeps an emergency fund"_s);
        QCOMPARE(out.at(0).position, 0);
        QCOMPARE(out.at(0).dimension, u"goal_alignment"_s);
        QCOMPARE(out.at(0).dimensionWeight, std::optional<double>(0.3));
        QCOMPARE(out.at(0).metadata.value(u"family"_s).toString(), u"personalization"_s);
        QCOMPARE(out.at(1).id, 11);
        QCOMPARE(out.at(1).text, u"Sets a yearly goal"_s);
        QCOMPARE(out.at(1).position, 1);
        QCOMPARE(out.at(2).id, 10);
        QCOMPARE(out.at(2).position, 2);
        // A family the metadata did not name comes from the dimension.
        QCOMPARE(out.at(2).metadata.value(u"family"_s).toString(), u"personalization"_s);
        QCOMPARE(out.at(2).metadata.value(u"explanation"_s).toString(), u"why Shift income"_s);
        QCOMPARE(out.at(3).dimension, u"depth_insight"_s);
    }

    void personaAttributesAsATree()
    {
        PersonaModel persona;
        QAbstractItemModelTester tester(&persona,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QJsonObject attributes{
            {u"userid"_s, u"u01"_s},
            {u"name"_s, u"Mei"_s},
            {u"age"_s, 34},
            {u"hobbies"_s, QJsonArray{u"running"_s, u"chess"_s}},
            {u"finance"_s, QJsonObject{{u"risk"_s, u"low"_s}, {u"savings"_s, 12000.5}}},
            {u"new_field_nobody_documented"_s, true},
            {u"empty"_s, QJsonValue::Null}};
        persona.setAttributes(attributes);
        QCOMPARE(persona.rowCount(), 7);
        const auto value = [&](const QString &path) {
            return persona.indexOfPath(path)
                .siblingAtColumn(PersonaModel::ValueColumn)
                .data()
                .toString();
        };
        const QModelIndex finance = persona.indexOfPath(u"finance"_s);
        QVERIFY(finance.isValid());
        QCOMPARE(value(u"finance"_s), u"2 field(s)"_s);
        QCOMPARE(persona.rowCount(finance), 2);
        const QModelIndex risk = persona.indexOfPath(u"finance.risk"_s);
        QCOMPARE(risk.parent(), finance);
        QCOMPARE(risk.data().toString(), u"risk"_s);
        QCOMPARE(value(u"finance.risk"_s), u"low"_s);
        QCOMPARE(value(u"finance.savings"_s), u"12000.5"_s);
        QCOMPARE(persona.indexOfPath(u"hobbies[1]"_s).data().toString(), u"2"_s);
        QCOMPARE(value(u"hobbies[1]"_s), u"chess"_s);
        QCOMPARE(value(u"hobbies"_s), u"2 item(s)"_s);
        QCOMPARE(value(u"new_field_nobody_documented"_s), u"yes"_s);
        QCOMPARE(value(u"age"_s), u"34"_s);
        QCOMPARE(value(u"empty"_s), u"(empty)"_s);
        persona.clear();
        QCOMPARE(persona.rowCount(), 0);
        QVERIFY(!persona.indexOfPath(u"finance"_s).isValid());
    }

private:
    std::unique_ptr<CriteriaModel> m_model;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
};

QTEST_MAIN(TestCriteriaModel)
#include "tst_criteriamodel.moc"
