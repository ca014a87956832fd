#include "importcontext.h"

#include <QCryptographicHash>

namespace Rubricate {

using namespace Qt::StringLiterals;

std::optional<Benchmark> registerBenchmark(ProjectStore &store, const QString &key)
{
    struct Known {
        const char *key;
        const char *name;
        VerdictScale scale;
    };
    static constexpr Known known[] = {
        {BenchmarkKey::Drb2, "DeepResearch Bench II", VerdictScale::Drb2Tristate},
        {BenchmarkKey::ResearchRubrics, "ResearchRubrics", VerdictScale::Ternary},
        {BenchmarkKey::PdrBench, "PDR-Bench", VerdictScale::ZeroToTen},
        {BenchmarkKey::ReportBench, "ReportBench", VerdictScale::Binary},
    };
    for (const Known &k : known) {
        if (key == QLatin1StringView(k.key))
            return store.ensureBenchmark(key, QString::fromLatin1(k.name), k.scale);
    }
    return std::nullopt;
}

void countUpsert(ImportSummary &summary, const QString &entity, const Upserted &outcome)
{
    switch (outcome.result) {
    case UpsertResult::Added:
        ++summary.added[entity];
        break;
    case UpsertResult::Updated:
        ++summary.updated[entity];
        break;
    case UpsertResult::Unchanged:
        ++summary.unchanged[entity];
        break;
    case UpsertResult::Failed:
        break;
    }
}

QString looseKey(const QString &text)
{
    QString out;
    out.reserve(text.size());
    bool space = false;
    for (const QChar c : text) {
        if (c.isSpace()) {
            space = !out.isEmpty();
            continue;
        }
        if (space) {
            out += u' ';
            space = false;
        }
        out += c.toCaseFolded();
    }
    return out;
}

QString normalizeTitle(const QString &title)
{
    static const QString punctuation = u"!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"_s;
    QString lowered = title.toLower();
    QString out;
    out.reserve(lowered.size());
    bool space = false;
    for (const QChar c : std::as_const(lowered)) {
        if (punctuation.contains(c))
            continue;
        if (c.isSpace()) {
            space = !out.isEmpty();
            continue;
        }
        if (space) {
            out += u' ';
            space = false;
        }
        out += c;
    }
    return out;
}

QString sha256Hex(const QByteArray &bytes)
{
    return QString::fromLatin1(
        QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

} // namespace Rubricate

namespace Rubricate {

void commitImport(Transaction &tx, ProjectStore &store, ImportSummary &summary,
                  const QString &file, bool failed)
{
    if (!failed && tx.commit())
        return;
    const QString why = store.lastError();
    store.rollback();
    summary.added.clear();
    summary.updated.clear();
    summary.unchanged.clear();
    summary.error(file, 0, u"database: %1; nothing was imported"_s.arg(why));
}

} // namespace Rubricate
