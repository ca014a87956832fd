// Small helpers every importer shares: benchmark registration, counting, text keys.
#pragma once

#include "domain/result.h"
#include "importissue.h"
#include "store/projectstore.h"
#include "text/textkeys.h" // looseKey, normalizeTitle: every importer matches texts by them

#include <QJsonObject>
#include <QSet>

#include <functional>

namespace Rubricate {

// Registers the benchmark with its name and verdict scale if the project lacks it.
Result<Benchmark> registerBenchmark(ProjectStore &store, const QString &key);

// Adds the outcome of an upsert to the summary under `entity`.
void countUpsert(ImportSummary &summary, const QString &entity, const Upserted &outcome);

QString sha256Hex(const QByteArray &bytes);

// The whole file, or nothing with the reason in the summary (named by its file name).
std::optional<QByteArray> readImportFile(const QString &path, ImportSummary &summary);

// A finished run of judge verdicts read from `path` (named `runName`, or after the file), with
// the file's hash and format kept in its config so the same file is recognised again.
Result<RowId> createImportedRun(ProjectStore &store, RowId benchmarkId, const QString &path,
                                const QString &runName, const QString &scheme,
                                const QString &sourceHash, const QString &format);

// The fields of `o` an importer did not map to columns: kept as metadata, never dropped.
QJsonObject unmappedFields(const QJsonObject &o, const QSet<QString> &mapped);

// A DRB-II "idx": a positive integer, or an error saying what is wrong. Qt reads 7.0 as 7, so
// a reader must also be given "idx" as an integer member (see parseJsonLines).
Result<int> taskIndex(const QJsonValue &idx);

} // namespace Rubricate

namespace Rubricate {

class Transaction;

// Commits `tx`, or — when the import's writes failed (`written`, the first failure) or the
// commit fails — rolls back and says in the summary why nothing from `file` was imported, so
// a half-written import never survives.
void commitImport(Transaction &tx, ImportSummary &summary, const QString &file,
                  const Result<void> &written);

// For imports of one model's reports: whether the transaction began and the model is there,
// else the first of those that failed.
Result<void> importStarted(const Transaction &tx, const Result<RowId> &modelId);

// For imports that define a benchmark's tasks: the transaction is open and the benchmark is
// registered, or the summary says why not.
std::optional<Benchmark> beginDefiningImport(Transaction &tx, ProjectStore &store,
                                             const QString &benchmarkKey, ImportSummary &summary,
                                             const QString &file);

// Reads a JSONL file that defines part of a benchmark (tasks, rubrics, personas ...) in one
// transaction. `perLine` fails on a database error, which rolls the whole file back; a line it
// skips is an error in the summary, and the line succeeds.
using LineImporter
    = std::function<Result<void>(const Benchmark &bench, const QJsonObject &o, int line,
                                 ImportSummary &summary, const QString &file)>;
ImportSummary importDefiningJsonl(ProjectStore &store, const QString &path, const QString &kind,
                                  const QString &benchmarkKey, const LineImporter &perLine);
// The same, with `integerMembers` checked as parseJsonLines says.
ImportSummary importDefiningJsonl(ProjectStore &store, const QString &path, const QString &kind,
                                  const QString &benchmarkKey, const QStringList &integerMembers,
                                  const LineImporter &perLine);

// For imports that add to a benchmark (reports, results): its tasks must be there already.
std::optional<Benchmark> requireBenchmark(ProjectStore &store, const QString &benchmarkKey,
                                          ImportSummary &summary, const QString &file,
                                          const QString &whatFirst);

} // namespace Rubricate
