#include "importcontext.h"

#include "inputfiles.h"
#include "jsonlreader.h"
#include "jsontext.h"

#include <QCryptographicHash>
#include <QFileInfo>

#include <cmath>
#include <limits>

namespace Rubricate {

using namespace Qt::StringLiterals;

Result<Benchmark> registerBenchmark(ProjectStore &store, const QString &key)
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
            return store.catalog().ensureBenchmark(key, QString::fromLatin1(k.name), k.scale);
    }
    return Error{u"%1 is not a benchmark Rubricate knows"_s.arg(key)};
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

QString sha256Hex(const QByteArray &bytes)
{
    return QString::fromLatin1(QCryptographicHash::hash(bytes, QCryptographicHash::Sha256).toHex());
}

std::optional<QByteArray> readImportFile(const QString &path, ImportSummary &summary)
{
    InputRead read = readInputFile(path, InputLimits{}.maxDataBytes);
    if (!read.ok()) {
        summary.error(QFileInfo(path).fileName(), 0, read.error);
        return std::nullopt;
    }
    return std::move(read.bytes);
}

Result<RowId> createImportedRun(ProjectStore &store, RowId benchmarkId, const QString &path,
                                const QString &runName, const QString &scheme,
                                const QString &sourceHash, const QString &format)
{
    JudgeRun run;
    run.benchmarkId = benchmarkId;
    run.name = runName.isEmpty() ? QFileInfo(path).completeBaseName() : runName;
    run.kind = JudgeKind::Imported;
    run.scheme = scheme;
    run.status = u"finished"_s;
    run.finishedAt = QDateTime::currentDateTimeUtc();
    run.source = QFileInfo(path).absoluteFilePath();
    run.config = {{u"sourceHash"_s, sourceHash}, {u"format"_s, format}};
    return store.runs().createRun(run);
}

QJsonObject unmappedFields(const QJsonObject &o, const QSet<QString> &mapped)
{
    QJsonObject rest;
    for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
        if (!mapped.contains(it.key()))
            rest.insert(it.key(), it.value());
    }
    return rest;
}

Result<int> taskIndex(const QJsonValue &idx)
{
    if (!idx.isDouble()) {
        return Error{idx.isUndefined()
                         ? u"missing \"idx\""_s
                         : u"\"idx\" must be an integer, not %1"_s.arg(jsonKind(idx))};
    }
    const double n = idx.toDouble();
    if (n != std::trunc(n)) {
        return Error{u"\"idx\" must be an integer, not %1"_s.arg(n)};
    }
    if (n < 1 || n > std::numeric_limits<int>::max()) {
        return Error{u"\"idx\" must be a positive integer, not %1"_s.arg(n)};
    }
    return int(n);
}

void commitImport(Transaction &tx, ImportSummary &summary, const QString &file,
                  const Result<void> &written)
{
    const Result<void> committed = written ? tx.commit() : written;
    if (committed)
        return;
    const QString why = committed.errorMessage();
    tx.rollback(); // a failed commit has ended it already
    summary.added.clear();
    summary.updated.clear();
    summary.unchanged.clear();
    summary.error(file, 0, u"database: %1; nothing was imported"_s.arg(why));
}

Result<void> importStarted(const Transaction &tx, const Result<RowId> &modelId)
{
    if (!tx.began())
        return tx.began();
    if (!modelId)
        return modelId.error();
    return {};
}

std::optional<Benchmark> beginDefiningImport(Transaction &tx, ProjectStore &store,
                                             const QString &benchmarkKey, ImportSummary &summary,
                                             const QString &file)
{
    const Result<Benchmark> bench = tx.isOpen() ? registerBenchmark(store, benchmarkKey)
                                                : Result<Benchmark>(tx.began().error());
    if (!bench) {
        summary.error(file, 0, u"database: %1"_s.arg(bench.errorMessage()));
        return std::nullopt;
    }
    return *bench;
}

std::optional<Benchmark> requireBenchmark(ProjectStore &store, const QString &benchmarkKey,
                                          ImportSummary &summary, const QString &file,
                                          const QString &whatFirst)
{
    auto bench = store.catalog().benchmark(benchmarkKey);
    if (!bench)
        summary.error(file, 0, u"import %1 first"_s.arg(whatFirst));
    return bench;
}

ImportSummary importDefiningJsonl(ProjectStore &store, const QString &path, const QString &kind,
                                  const QString &benchmarkKey, const LineImporter &perLine)
{
    return importDefiningJsonl(store, path, kind, benchmarkKey, {}, perLine);
}

ImportSummary importDefiningJsonl(ProjectStore &store, const QString &path, const QString &kind,
                                  const QString &benchmarkKey, const QStringList &integerMembers,
                                  const LineImporter &perLine)
{
    ImportSummary summary;
    summary.kind = kind;
    const QString file = QFileInfo(path).fileName();
    Transaction tx(store);
    const auto bench = beginDefiningImport(tx, store, benchmarkKey, summary, file);
    if (!bench)
        return summary;
    const auto bytes = readImportFile(path, summary);
    if (!bytes)
        return summary;
    Result<void> written;
    parseJsonLines(*bytes, file, summary, integerMembers, [&](const QJsonObject &o, int line) {
        if (written)
            written = perLine(*bench, o, line, summary, file);
    });
    commitImport(tx, summary, file, written);
    return summary;
}

} // namespace Rubricate
