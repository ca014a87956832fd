#include "pageclassifier.h"

#include "ingest/document/htmltext.h"
#include "judge/paperclassification.h"
#include "judgecallqueue.h"
#include "scoring/citationextraction.h"
#include "scoring/reportbenchscoring.h"
#include "sources/sourcefetcher.h" // sourceKey: the key a fetched URL is kept under
#include "store/projectstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSet>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// The offline decision as an answer, read back by the same reader as a judge's.
QString metadataAnswer(const QString &url, const SourceRow &row, const QByteArray &bytes)
{
    CitedPage page;
    page.finalUrl = row.finalUrl;
    if (row.contentType.contains(u"html"_s)) {
        const HtmlTitles titles = htmlTitles(bytes);
        page.citationTitle = titles.citationTitle;
        page.ogTitle = titles.ogTitle;
        page.htmlTitle = titles.title;
    }
    const PaperPage decided = paperByMetadata(url, page);
    const QJsonObject answer{
        {u"is_academic_paper"_s, decided.paper && !decided.title.trimmed().isEmpty()},
        {u"title"_s, decided.title},
        {u"authors"_s, QJsonArray()},
        {u"reason"_s,
         decided.paper ? u"citation_title, or an arXiv or DOI address"_s
                       : u"no citation_title, not an arXiv or DOI address"_s}};
    return QString::fromUtf8(QJsonDocument(answer).toJson(QJsonDocument::Compact));
}

} // namespace

PageClassifier::PageClassifier(const QString &projectPath, const JudgeConfig &config,
                               QObject *parent)
    : JudgeGenerator(config, parent)
    , m_projectPath(projectPath)
{ }

PageClassifier::~PageClassifier() = default;

QString PageClassifier::judgeName() const
{
    if (m_config.provider == ProviderKind::Offline)
        return u"offline:page-metadata"_s;
    return providerKey(m_config.provider) + u':' + m_config.model;
}

Result<void> PageClassifier::start(const PageClassifyOptions &options)
{
    if (!m_store) {
        auto opened = ProjectStore::open(m_projectPath);
        if (!opened)
            return opened.error();
        m_store = std::move(opened).value();
    }
    const QString bench = QString::fromLatin1(BenchmarkKey::ReportBench);
    QStringList urls; // as cited, in report order, one per source key
    QSet<QString> seen;
    bool anyReport = false;
    for (const ReportSummary &r : m_store->reports().reportSummaries(bench).value_or({})) {
        if (!options.model.isEmpty() && r.model != options.model)
            continue;
        const auto report = m_store->reports().report(r.id);
        if (!report)
            continue;
        anyReport = true;
        for (const Citation &c : extractCitations(report->text)) {
            if (c.kind == CitationKind::Url && !seen.contains(sourceKey(c.text))) {
                seen.insert(sourceKey(c.text));
                urls << c.text;
            }
        }
    }
    if (!anyReport) {
        return Error{options.model.isEmpty()
                         ? u"the project has no ReportBench reports"_s
                         : u"the project has no ReportBench reports from %1"_s.arg(options.model)};
    }
    m_progress = {};
    m_failures.clear();
    newCalls(options.attempts);
    const QString judge = judgeName();
    const bool offline = m_config.provider == ProviderKind::Offline;
    for (const QString &url : std::as_const(urls)) {
        const QString key = sourceKey(url);
        const auto row = m_store->sources().source(key, true);
        if (!row || row->state != "fetched"_L1) {
            ++m_progress.notFetched;
            continue;
        }
        ++m_progress.pages;
        if (!options.force && m_store->sources().pageClassification(key, judge)) {
            ++m_progress.skipped;
            continue;
        }
        const QString offlineAnswer = offline
            ? metadataAnswer(url, *row, m_store->reports().originalFile(row->contentHash))
            : QString();
        enqueue(key, row->finalUrl.isEmpty() ? url : row->finalUrl, row->text, offlineAnswer);
    }
    send([this](const QString &noKey) {
        m_failures.append({QString(), noKey});
        ++m_progress.failed;
    });
    return {};
}

void PageClassifier::enqueue(const QString &key, const QString &url, const QString &text,
                             const QString &offlineAnswer)
{
    JudgeCall call;
    call.prompt = paperClassificationPrompt(url, text);
    call.read = [this, key](const QString &answer) {
        return take(key, answer);
    };
    call.failed = [this, key](const QString &why) {
        ++m_progress.failed;
        m_failures.append({key, why});
    };
    if (!offlineAnswer.isEmpty())
        call.offlineAnswer = [offlineAnswer](const QString &) {
            return offlineAnswer;
        };
    calls()->enqueue(std::move(call));
}

QString PageClassifier::take(const QString &key, const QString &answer)
{
    const auto verdict = readPaperClassification(answer);
    if (!verdict)
        return verdict.errorMessage();
    PageClassification c;
    c.url = key;
    c.judge = judgeName();
    c.paper = verdict->paper;
    c.title = verdict->title;
    c.authors = verdict->authors;
    c.reason = verdict->reason;
    if (const Result<void> put = m_store->sources().putPageClassification(c); !put) {
        // Not the judge's fault: asking again would not help, so the page fails at once.
        ++m_progress.failed;
        m_failures.append({key, u"database: "_s + put.errorMessage()});
        return {};
    }
    ++m_progress.classified;
    if (c.paper)
        ++m_progress.papers;
    return {};
}

PageClassifyProgress PageClassifier::progress() const
{
    PageClassifyProgress p = m_progress;
    if (calls()) {
        p.requests = calls()->counts().requests;
        p.inFlight = calls()->counts().inFlight;
    }
    return p;
}

void PageClassifier::emitProgress()
{
    emit progressChanged(progress());
}

} // namespace Rubricate
