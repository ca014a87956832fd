#include "claimextractor.h"

#include "judgecallqueue.h"
#include "store/projectstore.h"

#include <QSet>
#include <QTimer>

#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;

// One report on its way: its blocks, the statements read so far per block, and how many of
// the current phase's calls are still out.
struct ClaimExtractor::Work {
    ReportSummary summary;
    Report report;
    QStringList blocks; // the ones sent: white space alone is never asked about
    ClaimPromptKind phase = ClaimPromptKind::Cited;
    QList<QList<ExtractedStatement>> cited; // per block
    QList<QList<ExtractedStatement>> uncited; // per block
    int pending = 0;
    bool failed = false;
};

namespace {

QString reportLabel(const ReportSummary &r)
{
    return u"report %1 (%2, %3 %4)"_s.arg(r.id).arg(
        r.model, r.queryExternalId.isEmpty() ? u"task"_s : u"query"_s,
        r.queryExternalId.isEmpty() ? r.taskExternalId : r.queryExternalId);
}

QList<ExtractedStatement> flattened(const QList<QList<ExtractedStatement>> &perBlock)
{
    QList<ExtractedStatement> out;
    for (const auto &block : perBlock)
        out << block;
    return out;
}

// PDR-Bench's pipeline deduplicates its statement–URL pairs.
QList<ExtractedStatement> distinctPairs(const QList<ExtractedStatement> &all)
{
    QList<ExtractedStatement> out;
    QSet<QString> seen;
    for (const ExtractedStatement &s : all) {
        const QString key = s.statement + u'\n' + s.url;
        if (!seen.contains(key)) {
            seen.insert(key);
            out << s;
        }
    }
    return out;
}

} // namespace

ClaimExtractor::ClaimExtractor(const QString &projectPath, const JudgeConfig &config,
                               QObject *parent)
    : JudgeGenerator(config, parent)
    , m_projectPath(projectPath)
{ }

ClaimExtractor::~ClaimExtractor() = default;

QString ClaimExtractor::origin() const
{
    return QString(claimOriginJudgePrefix) + providerKey(m_config.provider) + u':' + m_config.model;
}

Result<void> ClaimExtractor::start(const ClaimExtractOptions &options)
{
    if (!m_store) {
        auto opened = ProjectStore::open(m_projectPath);
        if (!opened)
            return opened.error();
        m_store = std::move(opened).value();
    }
    const QList<ReportSummary> &reports = options.reports;
    m_progress = {};
    m_progress.reports = int(reports.size());
    QList<std::shared_ptr<Work>> works;
    QStringList labelled;
    for (const ReportSummary &r : reports) {
        const QList<Rubric> existing = m_store->catalog().claims(r.id);
        const bool byJudge = std::any_of(existing.cbegin(), existing.cend(), [](const Rubric &c) {
            return claimOrigin(c).startsWith(claimOriginJudgePrefix);
        });
        if (byJudge && !options.force) {
            ++m_progress.skipped;
            continue;
        }
        auto report = m_store->reports().report(r.id);
        if (!report || !report->hasText || report->text.trimmed().isEmpty()) {
            ++m_progress.withoutText;
            continue;
        }
        if (!existing.isEmpty() && m_store->catalog().claimAnnotationCount(r.id) != 0)
            labelled << reportLabel(r);
        auto work = std::make_shared<Work>();
        work->summary = r;
        work->report = std::move(*report);
        for (const QString &block : splitTextByHeaders(work->report.text)) {
            if (!block.trimmed().isEmpty())
                work->blocks << block;
        }
        work->phase = r.benchmarkKey == QLatin1StringView(BenchmarkKey::PdrBench)
            ? ClaimPromptKind::PdrClaims
            : ClaimPromptKind::Cited;
        works << work;
    }
    // Checked for the whole scope first, so that a refusal sends and writes nothing.
    if (!labelled.isEmpty()) {
        return Error{u"not extracting: people have labelled claims of %1; their labels are never "
                     "deleted (leave these reports out)"_s.arg(labelled.join(u", "_s))};
    }
    m_failures.clear();
    newCalls(options.attempts);
    for (const auto &work : std::as_const(works))
        enqueueBlocks(work, work->phase);
    send([this](const QString &noKey) {
        m_failures.append({0, QString(), noKey});
        ++m_progress.failed;
    });
    return {};
}

void ClaimExtractor::enqueueBlocks(const std::shared_ptr<Work> &work, ClaimPromptKind kind)
{
    work->phase = kind;
    auto &found = kind == ClaimPromptKind::Uncited ? work->uncited : work->cited;
    found = QList<QList<ExtractedStatement>>(work->blocks.size());
    work->pending = int(work->blocks.size());
    if (work->blocks.isEmpty()) {
        write(work); // a report of headers alone: nothing to ask, no claims
        return;
    }
    QStringList cited; // what the uncited calls must leave out
    if (kind == ClaimPromptKind::Uncited) {
        for (const ExtractedStatement &s : flattened(work->cited)) {
            if (!cited.contains(s.statement))
                cited << s.statement;
        }
    }
    for (qsizetype i = 0; i < work->blocks.size(); ++i) {
        const QString &block = work->blocks.at(i);
        JudgeCall call;
        call.prompt = kind == ClaimPromptKind::Cited ? citedStatementsPrompt(block)
            : kind == ClaimPromptKind::Uncited       ? uncitedStatementsPrompt(block, cited)
                                                     : pdrClaimsPrompt(block);
        call.read = [this, work, kind, i](const QString &answer) {
            const auto statements = readExtractedStatements(answer, kind);
            if (!statements)
                return statements.error().prefixed(u"block %1"_s.arg(i + 1)).message;
            (kind == ClaimPromptKind::Uncited ? work->uncited : work->cited)[i] = *statements;
            blockDone(work);
            return QString();
        };
        call.failed = [this, work, i](const QString &why) {
            fail(work, u"block %1 of %2: %3"_s.arg(i + 1).arg(work->blocks.size()).arg(why));
        };
        // A report with a failed block writes nothing: its other calls are not worth sending.
        call.wanted = [work] {
            return !work->failed;
        };
        calls()->enqueue(std::move(call));
    }
}

void ClaimExtractor::blockDone(const std::shared_ptr<Work> &work)
{
    if (--work->pending > 0 || work->failed)
        return;
    if (work->phase == ClaimPromptKind::Cited)
        enqueueBlocks(work, ClaimPromptKind::Uncited);
    else
        write(work);
}

void ClaimExtractor::write(const std::shared_ptr<Work> &work)
{
    QList<ExtractedStatement> cited;
    QList<ExtractedStatement> uncited;
    if (work->phase == ClaimPromptKind::PdrClaims) {
        for (const ExtractedStatement &s : distinctPairs(flattened(work->cited)))
            (s.url.isEmpty() ? uncited : cited) << s;
    } else {
        cited = flattened(work->cited);
        uncited = flattened(work->uncited);
    }
    const QList<Rubric> claims = judgeClaimsOfReport(work->report, cited, uncited, origin());
    if (const Result<void> replaced = m_store->catalog().replaceClaims(work->report.id, claims);
        !replaced) {
        // Not the judge's fault (or a person labelled a claim meanwhile): asking again would
        // not help.
        fail(work, u"database: "_s + replaced.errorMessage());
        return;
    }
    ++m_progress.extracted;
    m_progress.cited += int(cited.size());
    m_progress.uncited += int(uncited.size());
}

void ClaimExtractor::fail(const std::shared_ptr<Work> &work, const QString &why)
{
    if (work->failed)
        return; // named once, for its first failed call
    work->failed = true;
    ++m_progress.failed;
    m_failures.append({work->report.id, reportLabel(work->summary), why});
}

ClaimExtractProgress ClaimExtractor::progress() const
{
    ClaimExtractProgress p = m_progress;
    if (calls()) {
        p.requests = calls()->counts().requests;
        p.inFlight = calls()->counts().inFlight;
    }
    return p;
}

void ClaimExtractor::emitProgress()
{
    emit progressChanged(progress());
}

} // namespace Rubricate
