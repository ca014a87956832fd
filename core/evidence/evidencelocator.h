// Finding a judge's quoted evidence in the report it claims to quote, so that the GUI can
// highlight it and flag quotes the report does not contain. Pure QtCore.
#pragma once

#include <QList>
#include <QString>

#include <memory>

namespace Rubricate {

enum class EvidenceStatus {
    Located, // every fragment found, at least 85 % of the quote's characters covered
    PartlyLocated, // some fragments, or a good part of one, found; or a close copy whose
                   // figures differ from the report's
    NotFound, // nothing worth highlighting: invented, or paraphrased beyond recognition
    Empty, // the judge gave no evidence
};

enum class MatchMethod {
    Exact, // character for character
    Normalised, // equal after folding whitespace, quotes, dashes, case, width and markup
    Approximate, // long shared runs of the normalised text, with small edits between
};

struct EvidenceSpan {
    int start = 0; // UTF-16 offset into the report text
    int length = 0;
    MatchMethod method = MatchMethod::Exact;

    friend bool operator==(const EvidenceSpan &, const EvidenceSpan &) = default;
};

struct EvidenceLocation {
    EvidenceStatus status = EvidenceStatus::Empty;
    QList<EvidenceSpan> spans; // in report order
    double coverage = 0; // share of the quote's normalised characters found, 0..1
    int fragments = 0; // pieces the quote was stitched from with "..."; 1 when found whole
    int fragmentsFound = 0; // pieces found; pieces under 4 characters are never searched
};

// "located", "partial", "not_found", "empty": stable keys for storage and the CLI.
QString evidenceStatusKey(EvidenceStatus status);
// "exact", "normalised", "approximate".
QString matchMethodKey(MatchMethod method);

// Indexes one report once; locate() may then be called from any number of threads. Copies
// share the index.
class EvidenceLocator
{
public:
    explicit EvidenceLocator(const QString &reportText);

    const QString &reportText() const;
    EvidenceLocation locate(const QString &quote) const;

    struct Index;
    struct Shared;

private:
    std::shared_ptr<Shared> m_shared;
};

} // namespace Rubricate
