// ReportBench citation scoring: set arithmetic on normalised titles, then two averages.
#include "reportbenchscoring.h"

#include "text/textkeys.h" // normalizeTitle, when a stored row lacks its normalised title

#include <QHash>
#include <QJsonValue>
#include <QRegularExpression>

#include <algorithm>
#include <map>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

QString normalizedOf(const Reference &r)
{
    return r.normalizedTitle.isEmpty() ? normalizeTitle(r.title) : r.normalizedTitle;
}

// arXiv ids and DOIs anywhere in a reference's BibTeX fields (journal "arXiv preprint
// arXiv:1812.10528", eprint, doi, url ...), each mapped to that reference's title.
QHash<QString, QString> identifierTitles(const QList<Reference> &references)
{
    QHash<QString, QString> byId;
    for (const Reference &r : references) {
        const QString title = normalizedOf(r);
        if (title.isEmpty())
            continue;
        for (auto it = r.meta.constBegin(); it != r.meta.constEnd(); ++it) {
            if (!it.value().isString())
                continue;
            for (const Citation &c : extractIdentifiers(it.value().toString()))
                byId.insert(citationKindKey(c.kind) + u'\n' + c.key, title);
        }
    }
    return byId;
}

std::optional<double> ratio(int numerator, int denominator)
{
    if (denominator == 0)
        return std::nullopt;
    return double(numerator) / double(denominator);
}

std::optional<double> mean(const QList<double> &values)
{
    if (values.isEmpty())
        return std::nullopt;
    double sum = 0;
    for (const double v : values)
        sum += v;
    return sum / double(values.size());
}

// arxiv.org/abs|pdf/… and doi.org/… (dx.doi.org too): pages that are papers by address.
bool isPaperAddress(const QString &url)
{
    static const QRegularExpression paper(
        u"^https?://(?:www\\.|export\\.)?(?:arxiv\\.org/(?:abs|pdf)/|(?:dx\\.)?doi\\.org/10\\.)"_s,
        QRegularExpression::CaseInsensitiveOption);
    return paper.match(url).hasMatch();
}

} // namespace

QString titleMethodKey(TitleMethod method)
{
    switch (method) {
    case TitleMethod::Pages:
        return u"pages"_s;
    case TitleMethod::Judge:
        return u"judge"_s;
    case TitleMethod::Text:
        break;
    }
    return u"text"_s;
}

PaperPage paperByMetadata(const QString &citedUrl, const CitedPage &page)
{
    if (page.citationTitle.isEmpty() && !isPaperAddress(citedUrl) && !isPaperAddress(page.finalUrl))
        return {};
    const QString title = !page.citationTitle.isEmpty() ? page.citationTitle
        : !page.ogTitle.isEmpty()                       ? page.ogTitle
                                                        : page.htmlTitle;
    return {true, title};
}

QList<Citation>
citationsFromPaperPages(const QList<Citation> &textCitations,
                        const std::function<std::optional<PaperPage>(const QString &)> &page,
                        int *decided, int *papers)
{
    QList<Citation> out;
    QHash<QString, qsizetype> titleAt; // normalised title -> index in out
    *decided = 0;
    *papers = 0;
    for (const Citation &c : textCitations) {
        if (c.kind == CitationKind::Title)
            continue;
        out.append(c);
        if (c.kind != CitationKind::Url)
            continue;
        const std::optional<PaperPage> p = page(c.text);
        if (!p)
            continue;
        ++*decided;
        const QString key = p->paper ? normalizeTitle(p->title) : QString();
        if (key.isEmpty())
            continue;
        ++*papers;
        // Two URLs of one paper (abs and pdf, two versions) are one title with both places.
        if (const auto it = titleAt.constFind(key); it != titleAt.cend()) {
            out[it.value()].spans.append(c.spans);
            continue;
        }
        titleAt.insert(key, out.size());
        out.append({CitationKind::Title, key, p->title, c.spans});
    }
    return out;
}

QList<Citation>
citationsFromPages(const QList<Citation> &textCitations,
                   const std::function<std::optional<CitedPage>(const QString &)> &page,
                   int *fetched, int *papers)
{
    return citationsFromPaperPages(
        textCitations,
        [&page](const QString &url) -> std::optional<PaperPage> {
            if (const std::optional<CitedPage> p = page(url))
                return paperByMetadata(url, *p);
            return std::nullopt;
        },
        fetched, papers);
}

QSet<QString> groundTruthTitles(const QList<Reference> &references)
{
    QSet<QString> titles;
    for (const Reference &r : references) {
        const QString n = normalizedOf(r);
        if (!n.isEmpty())
            titles.insert(n);
    }
    return titles;
}

std::optional<double> reportBenchF1(std::optional<double> precision, std::optional<double> recall)
{
    if (!precision || !recall)
        return std::nullopt;
    const double sum = *precision + *recall;
    return sum == 0 ? 0.0 : 2 * *precision * *recall / sum;
}

ReportBenchReportScore scoreReportBenchReport(const QString &model, const QString &taskId,
                                              const QList<Citation> &citations,
                                              const QList<Reference> &groundTruth,
                                              const ReportBenchOptions &options)
{
    ReportBenchReportScore s;
    s.model = model;
    s.taskId = taskId;
    s.titles = options.titles;
    s.citations = int(citations.size());

    const QSet<QString> g = groundTruthTitles(groundTruth);
    QHash<QString, QString> byId;
    if (options.identifiers == IdentifierMatching::TitlesAndIds)
        byId = identifierTitles(groundTruth);
    QSet<QString> p;
    for (const Citation &c : citations) {
        switch (c.kind) {
        case CitationKind::Url:
            ++s.urls;
            break;
        case CitationKind::Title:
            p.insert(c.key);
            break;
        case CitationKind::ArxivId:
        case CitationKind::Doi:
            if (const auto it = byId.constFind(citationKindKey(c.kind) + u'\n' + c.key);
                it != byId.cend())
                p.insert(it.value());
            break;
        }
    }
    // An arXiv link is a URL and an arXiv id; the same paper cited by title and by id is
    // one element of P because both resolve to the same normalised title.
    const QSet<QString> both = QSet<QString>(p).intersect(g);
    s.predictedCount = int(p.size());
    s.groundTruthCount = int(g.size());
    s.intersectionCount = int(both.size());
    s.matchedTitles = QStringList(both.cbegin(), both.cend());
    std::sort(s.matchedTitles.begin(), s.matchedTitles.end());

    if (g.isEmpty()) {
        s.dropped = true;
        s.note = u"no ground-truth references for this survey"_s;
        return s;
    }
    s.recall = ratio(s.intersectionCount, s.groundTruthCount);
    if (p.isEmpty()) {
        switch (options.noCitations) {
        case NoCitationPolicy::Undefined:
            s.note = options.titles == TitleMethod::Pages
                ? u"no fetched cited page reads as a paper; precision undefined"_s
                : options.titles == TitleMethod::Judge
                ? u"no cited page the judge classified is a paper; precision undefined"_s
                : s.citations == 0
                ? u"no citations found in the text; precision undefined"_s
                : u"no citation that names a paper (URLs alone carry no title offline); "
                  "precision undefined"_s;
            break;
        case NoCitationPolicy::Drop:
            s.dropped = true;
            s.note = u"no cited paper; dropped, as the reference does"_s;
            s.recall.reset();
            return s;
        case NoCitationPolicy::Zero:
            s.precision = 0.0;
            s.note = u"no cited paper; precision counted as 0"_s;
            break;
        }
    } else {
        s.precision = ratio(s.intersectionCount, s.predictedCount);
    }
    s.f1 = reportBenchF1(s.precision, s.recall);
    return s;
}

QList<ReportBenchModelScore> aggregateReportBench(const QList<ReportBenchReportScore> &reports)
{
    struct Acc {
        ReportBenchModelScore score;
        QList<double> precisions, recalls, f1s, predicted, urls;
    };
    // Keyed by UTF-32 so the order is by code point, as elsewhere in the project.
    std::map<std::u32string, Acc> byModel;
    for (const ReportBenchReportScore &r : reports) {
        const QList<uint> ucs4 = r.model.toUcs4();
        Acc &a = byModel[std::u32string(ucs4.cbegin(), ucs4.cend())];
        a.score.model = r.model;
        ++a.score.reports;
        if (r.predictedCount == 0)
            ++a.score.withoutCitations;
        if (r.dropped)
            continue;
        ++a.score.scored;
        a.score.totalPredicted += r.predictedCount;
        a.score.totalGroundTruth += r.groundTruthCount;
        a.score.totalIntersection += r.intersectionCount;
        if (r.precision)
            a.precisions << *r.precision;
        if (r.recall)
            a.recalls << *r.recall;
        if (r.f1)
            a.f1s << *r.f1;
        a.predicted << double(r.predictedCount);
        a.urls << double(r.urls);
    }
    QList<ReportBenchModelScore> out;
    for (auto &[key, a] : byModel) {
        ReportBenchModelScore &m = a.score;
        m.microPrecision = ratio(m.totalIntersection, m.totalPredicted);
        m.microRecall = ratio(m.totalIntersection, m.totalGroundTruth);
        m.microF1 = reportBenchF1(m.microPrecision, m.microRecall);
        m.macroPrecision = mean(a.precisions);
        m.macroRecall = mean(a.recalls);
        m.macroF1 = mean(a.f1s);
        m.refsPerReport = mean(a.predicted);
        m.urlsPerReport = mean(a.urls);
        out.append(m);
    }
    return out;
}

} // namespace Rubricate
