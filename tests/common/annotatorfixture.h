// Three annotators' labels on the ten items of a small DRB-II project that no judge has rated,
// with the agreement among them worked out by hand, for the tests of agreement among
// annotators alone.
#pragma once

#include "judgefixture.h"

#include <QList>
#include <QStringList>

namespace RubricateTest {

// ada, bob and cy on items 1 … 10 (1 met, 0 not met):
//   ada 1 1 1 1 1 0 0 0 0 0
//   bob 1 1 1 1 0 0 0 0 0 1
//   cy  1 1 1 0 0 0 0 0 1 1
// Each says 1 five times and 0 five times, so every pair's chance agreement is
// p_e = 0.5 · 0.5 + 0.5 · 0.5 = 0.5, and Cohen's κ = (p_o − 0.5) / 0.5:
//   ada–bob agree on 8 of 10: κ = (0.8 − 0.5) / 0.5 = 0.6
//   ada–cy  agree on 6 of 10: κ = (0.6 − 0.5) / 0.5 = 0.2
//   bob–cy  agree on 8 of 10: κ = 0.6
// Fleiss' κ, three labels per item: items 1–3 and 6–8 are unanimous (P_i = 1); items 4, 5, 9
// and 10 split 2 : 1, P_i = (2² + 1² − 3) / (3 · 2) = 1/3. P̄ = (6 + 4/3) / 10 = 11/15; 15 of
// the 30 labels are 1, so P_e = 0.5² + 0.5² = 0.5 and κ = (11/15 − 1/2) / (1/2) = 7/15 ≈ 0.467.
// Krippendorff's α, nominal: 30 values, 15 of each. A 2 : 1 item has 2 · 1 · 2 = 4 ordered
// disagreeing pairs, weighed 1 / (3 − 1), so D_o = 4 · 2 / 30 = 8/30; D_e = 2 · 15 · 15 /
// (30 · 29) = 15/29; α = 1 − (8/30) / (15/29) = 1 − 232/450 = 109/225 ≈ 0.484.
inline const QList<QList<double>> &annotatorFixtureLabels()
{
    static const QList<QList<double>> labels{{1, 1, 1, 1, 1, 0, 0, 0, 0, 0},
                                             {1, 1, 1, 1, 0, 0, 0, 0, 0, 1},
                                             {1, 1, 1, 0, 0, 0, 0, 0, 1, 1}};
    return labels;
}

inline const QStringList &annotatorFixtureNames()
{
    static const QStringList names{QStringLiteral("ada"), QStringLiteral("bob"),
                                   QStringLiteral("cy")};
    return names;
}

// A project of ten DRB-II items (one task, five rubrics, two agents' reports) in `dir`, no
// judge run, labelled by the first `annotators` of ada, bob and cy as above. The store's
// error when a label cannot be stored.
inline Rubricate::Result<void> writeAnnotatorFixture(Rubricate::ProjectStore &store,
                                                     const QString &dir, int annotators)
{
    if (writeJudgeFixture(store, dir, 1, 5) != 10)
        return Rubricate::Error{QStringLiteral("the fixture does not have ten items")};
    const QList<Rubricate::RatingRow> items
        = store.annotations().itemRows(QStringLiteral("drb2")).value();
    if (items.size() != 10)
        return Rubricate::Error{
            QStringLiteral("%1 items were imported, not ten").arg(items.size())};
    for (int a = 0; a < annotators; ++a) {
        for (qsizetype i = 0; i < items.size(); ++i) {
            Rubricate::AnnotationEvent e;
            e.reportId = items.at(i).reportId;
            e.rubricId = items.at(i).rubricId;
            e.annotator = annotatorFixtureNames().at(a);
            e.value = annotatorFixtureLabels().at(a).at(i);
            if (const auto appended = store.annotations().appendAnnotation(e); !appended)
                return appended.error();
        }
    }
    return {};
}

// The fixture's labels carry no provenance. Here ada types all ten of hers again and bob his
// first eight, with the same values; cy's labels and bob's last two stay without provenance.
// Typed labels only: ada and bob on items 1 … 8, ada 1 1 1 1 1 0 0 0 against bob
// 1 1 1 1 0 0 0 0: agreement 7/8; p_e = 5/8 · 4/8 + 3/8 · 4/8 = 0.5, κ = (7/8 − 0.5) / 0.5 =
// 0.75.
inline Rubricate::Result<void> retypeAnnotatorFixture(Rubricate::ProjectStore &store)
{
    const QList<Rubricate::RatingRow> items
        = store.annotations().itemRows(QStringLiteral("drb2")).value();
    for (int a = 0; a < 2; ++a) {
        for (qsizetype i = 0; i < (a == 0 ? 10 : 8) && i < items.size(); ++i) {
            Rubricate::AnnotationEvent e;
            e.reportId = items.at(i).reportId;
            e.rubricId = items.at(i).rubricId;
            e.annotator = annotatorFixtureNames().at(a);
            e.value = annotatorFixtureLabels().at(a).at(i);
            e.provenance.method = Rubricate::LabelMethod::Typed;
            if (const auto appended = store.annotations().appendAnnotation(e); !appended)
                return appended.error();
        }
    }
    return {};
}

} // namespace RubricateTest
