// How domain values become column values and back. Keeps NULL-versus-empty decisions and
// JSON encodings in one place so every table follows the same rules.
#pragma once

#include "domain/types.h"

#include <QSqlQuery>
#include <QVariant>

namespace Rubricate::StoreCodec {

QVariant text(const QString &s); // empty string -> NULL
QVariant id(std::optional<RowId> v);
QVariant number(std::optional<double> v);
QVariant flag(std::optional<bool> v);
QVariant json(const QJsonObject &o); // empty object -> NULL
QVariant stringList(const QStringList &l);
QVariant pages(const QList<PageSpan> &pages);
QVariant blocked(const std::optional<BlockedSource> &b);
QVariant time(const QDateTime &t); // ISO 8601 UTC with milliseconds

QJsonObject toJson(const QVariant &v);
QStringList toStringList(const QVariant &v);
QList<PageSpan> toPages(const QVariant &v);
std::optional<BlockedSource> toBlocked(const QVariant &v);
std::optional<RowId> toId(const QVariant &v);
std::optional<double> toNumber(const QVariant &v);
QDateTime toTime(const QVariant &v);

// Positional placeholders rewritten to named ones (":p0", ":p1" ...) outside string literals.
// Qt formats a name for every positional bind, which dominated bulk writes; binding by a
// ready-made name does not.
QString namedPlaceholders(const QString &sql);
void bindAt(QSqlQuery &query, int index, const QVariant &value);

// The item part of a RatingRow from the first ten columns of a query: report id, rubric id,
// benchmark key, task external id, model, persona, language, theme, dimension, scale key.
RatingRow ratingItem(const QSqlQuery &query);

// How document_blob keeps an original file (its `encoding` column).
inline constexpr QLatin1StringView BlobAsIs{"raw"};
inline constexpr QLatin1StringView BlobZlib{"zlib"}; // qCompress
// Not kept at all: the original is the UTF-8 of the text of the reports with its hash
// (Markdown, plain text), so that the project holds that text once.
inline constexpr QLatin1StringView BlobReportText{"report-text"};

struct StoredBlob {
    QByteArray data;
    QLatin1StringView encoding;
};
// Compressed when that saves at least a tenth (PDF, DOCX and images hardly shrink, and are
// then kept as they are, to be read without work).
StoredBlob storedBlob(const QByteArray &original);
// The original back from storedBlob()'s data; null when the data is damaged or the encoding
// unknown (BlobReportText is the reader's business: it needs the report's text).
QByteArray originalBytes(const QByteArray &data, const QString &encoding);

// A stable digest of column values; equal values give equal digests across runs.
QString fingerprint(const QVariantList &values);

} // namespace Rubricate::StoreCodec
