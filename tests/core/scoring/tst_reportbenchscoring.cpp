// ReportBench citation scoring on the real ground truth (shared/data/reportbench).
#include "ingest/importcontext.h"
#include "scoring/citationextraction.h"
#include "scoring/reportbenchscoring.h"
#include "shareddata.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

// A GT file read the way the importer stores it: one Reference per line.
QList<Reference> readGroundTruth(const QString &path)
{
    QList<Reference> refs;
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return refs;
    int position = 0;
    while (!f.atEnd()) {
        const QByteArray line = f.readLine().trimmed();
        if (line.isEmpty())
            continue;
        const QJsonObject o = QJsonDocument::fromJson(line).object();
        Reference r;
        r.position = position++;
        r.bibId = o.value(u"bib_id"_s).toString();
        r.title = o.value(u"title"_s).toString();
        r.normalizedTitle = normalizeTitle(r.title);
        r.meta = o.value(u"meta_info"_s).toObject();
        refs << r;
    }
    return refs;
}

// Distinct titles of `refs` as written, in file order, one per normalised title.
QStringList distinctTitles(const QList<Reference> &refs)
{
    QStringList out;
    QSet<QString> seen;
    for (const Reference &r : refs) {
        if (!seen.contains(r.normalizedTitle)) {
            seen.insert(r.normalizedTitle);
            out << r.title;
        }
    }
    return out;
}

// A made-up survey for both title methods: every title's page and whether it is a reference
// of the survey. Titles carry the commas, colons and question marks ordinary lists have.
enum class PageKind { CitationMeta, ArxivOgTitle, DoiTitleOnly, Blog, Unfetched };

struct MadeUpTitle {
    QString title;
    bool inGroundTruth;
    PageKind page;
};

const QList<MadeUpTitle> &madeUpTitles()
{
    static const QList<MadeUpTitle> titles{
        {u"Graph Neural Networks, Explained: A Practical Review"_s, true, PageKind::CitationMeta},
        {u"What Makes a Good Benchmark? Lessons from Ten Years of Leaderboards"_s, true,
         PageKind::ArxivOgTitle},
        {u"Attention, Memory, and Reasoning in Large Language Models"_s, true,
         PageKind::DoiTitleOnly},
        {u"Radar Data Representations: A Comprehensive Review"_s, true, PageKind::CitationMeta},
        {u"Deep Learning for Weather Forecasting"_s, true, PageKind::Blog},
        {u"Self-Supervised Learning: Generative or Contrastive"_s, true, PageKind::CitationMeta},
        {u"Is Scaling All You Need? On Emergent Abilities"_s, true, PageKind::Unfetched},
        {u"Federated Learning, Privacy, and Security: Open Problems"_s, true,
         PageKind::ArxivOgTitle},
        {u"Causal Inference, Explained Simply"_s, true, PageKind::CitationMeta},
        {u"Transformers in Vision: A Survey"_s, true, PageKind::DoiTitleOnly},
        {u"Imaginary Networks, Revisited: A Made-Up Study"_s, false, PageKind::CitationMeta},
        {u"Why Do Invented Papers Exist? A Fictional Inquiry"_s, false, PageKind::Blog},
        {u"On Nothing, Everything, and the Space Between"_s, false, PageKind::ArxivOgTitle},
        {u"Ghost Citations: When References Never Were"_s, false, PageKind::Unfetched},
    };
    return titles;
}

QString madeUpUrl(int index)
{
    switch (madeUpTitles().at(index).page) {
    case PageKind::ArxivOgTitle:
        return u"https://arxiv.org/abs/2101.%1"_s.arg(index, 5, 10, QChar(u'0'));
    case PageKind::DoiTitleOnly:
        return u"https://doi.org/10.5555/made.%1"_s.arg(index);
    default:
        return u"https://example.org/paper/%1?ref=list"_s.arg(index);
    }
}

// Page titles as a publisher, arXiv, a DOI landing page or a blog would set them; the
// citation_title and og:title must win over the decorated <title>.
std::optional<CitedPage> madeUpPage(const QString &url)
{
    for (int i = 0; i < madeUpTitles().size(); ++i) {
        const MadeUpTitle &t = madeUpTitles().at(i);
        if (madeUpUrl(i) != url)
            continue;
        CitedPage page;
        page.finalUrl = url;
        switch (t.page) {
        case PageKind::CitationMeta:
            page.citationTitle = t.title;
            page.htmlTitle = t.title + u" | Some Publisher"_s;
            break;
        case PageKind::ArxivOgTitle:
            page.ogTitle = t.title;
            page.htmlTitle = u"[2101.00001] Something Else"_s;
            break;
        case PageKind::DoiTitleOnly:
            page.finalUrl = u"https://publisher.example/article/%1"_s.arg(i);
            page.htmlTitle = t.title;
            break;
        case PageKind::Blog:
            page.ogTitle = t.title; // a blog post about the paper: not the paper itself
            break;
        case PageKind::Unfetched:
            return std::nullopt;
        }
        return page;
    }
    return std::nullopt;
}

bool countsAsPaperPage(PageKind kind)
{
    return kind == PageKind::CitationMeta || kind == PageKind::ArxivOgTitle
        || kind == PageKind::DoiTitleOnly;
}

// Report i of 20 cites k = 1 + i % 6 ground-truth titles and i % 5 invented ones (shifted
// through the list so each report differs), repeats its first reference, and writes the list
// in one of three ordinary styles.
struct MadeUpReport {
    QString text;
    QList<int> cited; // indices into madeUpTitles(), distinct
};

MadeUpReport madeUpReport(int i)
{
    const QList<MadeUpTitle> &all = madeUpTitles();
    MadeUpReport r;
    const int k = 1 + i % 6;
    const int m = i % 5;
    for (int j = 0; j < k; ++j)
        r.cited << (i * 3 + j) % 10;
    for (int j = 0; j < m; ++j)
        r.cited << 10 + (i + j) % 4;
    r.text = u"# Report %1\n\nSome prose that cites [1] and [2].\n\n## References\n\n"_s.arg(i);
    QList<int> listed = r.cited;
    listed << r.cited.constFirst(); // a repeated reference counts once
    for (int n = 0; n < listed.size(); ++n) {
        const QString title = all.at(listed.at(n)).title;
        const QString url = madeUpUrl(listed.at(n));
        switch (i % 3) {
        case 0:
            r.text += u"[%1] %2. %3\n"_s.arg(n + 1).arg(title, url);
            break;
        case 1:
            r.text += u"%1. %2, %3\n"_s.arg(n + 1).arg(title, url);
            break;
        default:
            r.text += u"- [%1](%2)\n"_s.arg(title, url);
            break;
        }
    }
    return r;
}

QList<Reference> madeUpGroundTruth()
{
    QList<Reference> refs;
    for (const MadeUpTitle &t : madeUpTitles()) {
        if (!t.inGroundTruth)
            continue;
        Reference r;
        r.position = int(refs.size());
        r.title = t.title;
        refs << r;
    }
    return refs;
}

} // namespace

class TestReportBenchScoring : public QObject
{
    Q_OBJECT

    QList<Reference> m_gt; // 2003.00653

private slots:
    void initTestCase()
    {
        RUBRICATE_REQUIRE_SHARED(path, "reportbench/ReportBench_v1.1_GT/2003.00653.jsonl");
        m_gt = readGroundTruth(path);
        QCOMPARE(m_gt.size(), 98); // raw lines
    }

    // formats.md §6: unique normalised titles per survey, summed over the 100 files, is
    // 15,060 (13,988 would be the union across surveys); 2003.00653 alone has 96.
    void groundTruthTitleCounts()
    {
        RUBRICATE_REQUIRE_SHARED(dir, "reportbench/ReportBench_v1.1_GT");
        const auto files = QDir(dir).entryInfoList({u"*.jsonl"_s}, QDir::Files, QDir::Name);
        QCOMPARE(files.size(), 100);
        qsizetype sum = 0;
        QSet<QString> all;
        QHash<QString, qsizetype> perSurvey;
        for (const QFileInfo &f : files) {
            const QSet<QString> g = groundTruthTitles(readGroundTruth(f.filePath()));
            sum += g.size();
            all.unite(g);
            perSurvey.insert(f.completeBaseName(), g.size());
        }
        QCOMPARE(sum, 15060);
        QCOMPARE(all.size(), 13988);
        QCOMPARE(perSurvey.value(u"2003.00653"_s), 96);
        QCOMPARE(perSurvey.value(u"2004.05937"_s), 302);
        QCOMPARE(perSurvey.value(u"2006.00648"_s), 60);
    }

    // 10 GT titles + 5 titles not in the GT, written as a reference list: P = 15, G = 96.
    void constructedReportPrecisionRecall()
    {
        const QStringList titles = distinctTitles(m_gt);
        QCOMPARE(titles.size(), 96);
        QString report = u"# A survey\n\nSome prose citing [1] and [2].\n\n## References\n\n"_s;
        for (int i = 0; i < 10; ++i)
            report += u"%1. Author, A., Other, B. \"%2\". Some Venue, 2019.\n"_s.arg(i + 1).arg(
                titles.at(i * 9));
        const QStringList invented{u"A Made-Up Study of Imaginary Radar Networks"_s,
                                   u"Completely Fictional Benchmarks for Nothing"_s,
                                   u"On the Absence of Ground Truth in Invented Papers"_s,
                                   u"Synthetic Titles as a Service for Unit Tests"_s,
                                   u"Yet Another Paper That Was Never Written"_s};
        for (const QString &t : invented)
            report += u"- Nobody, N. \"%1\". arXiv:2101.00001, 2021.\n"_s.arg(t);

        const auto citations = extractCitations(report);
        const auto s = scoreReportBenchReport(u"m"_s, u"2003.00653"_s, citations, m_gt);
        QCOMPARE(s.predictedCount, 15);
        QCOMPARE(s.groundTruthCount, 96);
        QCOMPARE(s.intersectionCount, 10);
        QVERIFY(s.precision && s.recall && s.f1);
        QCOMPARE(*s.precision, 10.0 / 15.0);
        QCOMPARE(*s.recall, 10.0 / 96.0);
        QCOMPARE(*s.f1, 2 * (10.0 / 15) * (10.0 / 96) / (10.0 / 15 + 10.0 / 96));
        QVERIFY(!s.dropped);
        QCOMPARE(s.matchedTitles.size(), 10);
    }

    // 20 made-up reports with known answers under both methods. Text: every cited title
    // counts, P = k + m. Pages: only pages with citation metadata or an arXiv/DOI address
    // count, by their citation_title, og:title or <title>; blogs and unfetched URLs do not.
    void madeUpReportsBothMethods()
    {
        const QList<Reference> gt = madeUpGroundTruth();
        QCOMPARE(gt.size(), 10);
        ReportBenchOptions pagesOptions;
        pagesOptions.titles = TitleMethod::Pages;
        for (int i = 0; i < 20; ++i) {
            const MadeUpReport report = madeUpReport(i);
            int textP = 0, textHit = 0, pagesP = 0, pagesHit = 0, fetchedUrls = 0;
            for (const int c : report.cited) {
                const MadeUpTitle &t = madeUpTitles().at(c);
                ++textP;
                textHit += t.inGroundTruth;
                fetchedUrls += t.page != PageKind::Unfetched;
                if (countsAsPaperPage(t.page)) {
                    ++pagesP;
                    pagesHit += t.inGroundTruth;
                }
            }
            const QList<Citation> fromText = extractCitations(report.text);
            const auto text = scoreReportBenchReport(u"m"_s, u"x"_s, fromText, gt);
            QCOMPARE(text.titles, TitleMethod::Text);
            QCOMPARE(text.predictedCount, textP);
            QCOMPARE(text.intersectionCount, textHit);
            QCOMPARE(text.precision, double(textHit) / textP);
            QCOMPARE(text.recall, double(textHit) / 10);

            int fetched = 0, papers = 0;
            const QList<Citation> fromPages
                = citationsFromPages(fromText, madeUpPage, &fetched, &papers);
            QCOMPARE(fetched, fetchedUrls);
            QCOMPARE(papers, pagesP);
            const auto pages = scoreReportBenchReport(u"m"_s, u"x"_s, fromPages, gt, pagesOptions);
            QCOMPARE(pages.titles, TitleMethod::Pages);
            QCOMPARE(pages.urls, int(report.cited.size()));
            QCOMPARE(pages.predictedCount, pagesP);
            QCOMPARE(pages.intersectionCount, pagesHit);
            QCOMPARE(pages.recall, double(pagesHit) / 10);
            if (pagesP > 0)
                QCOMPARE(pages.precision, double(pagesHit) / pagesP);
            else
                QVERIFY(!pages.precision && pages.note.contains(u"reads as a paper"_s));
        }
    }

    // A paper cited by two URLs (abstract and PDF) is one title; a URL that is no paper's
    // page adds nothing even when the report's own list names a title for it.
    void pagesMethodCountsAPaperOnce()
    {
        const QString text = u"## References\n[1] A Title Written in the Report. "
                             "https://blog.example/post\n[2] https://arxiv.org/abs/2101.00001v2\n"
                             "[3] https://arxiv.org/pdf/2101.00001\n"_s;
        const auto page = [](const QString &url) -> std::optional<CitedPage> {
            if (url.contains(u"blog"_s))
                return CitedPage{url, {}, u"A Blog Post About Papers"_s, u"Blog"_s};
            return CitedPage{
                url, u"Graph Neural Networks, Explained: A Practical Review"_s, {}, {}};
        };
        int fetched = 0, papers = 0;
        const auto citations = citationsFromPages(extractCitations(text), page, &fetched, &papers);
        QCOMPARE(fetched, 3);
        QCOMPARE(papers, 2);
        ReportBenchOptions o;
        o.titles = TitleMethod::Pages;
        const auto s = scoreReportBenchReport(u"m"_s, u"x"_s, citations, madeUpGroundTruth(), o);
        QCOMPARE(s.predictedCount, 1);
        QCOMPARE(s.intersectionCount, 1);
        QCOMPARE(s.matchedTitles,
                 QStringList{u"graph neural networks explained a practical review"_s});
    }

    void identifiersMatchOnlyWhenAsked()
    {
        // The GT journal field "arXiv preprint arXiv:NNNN.NNNNN" names the paper by id.
        QString id, title;
        for (const Reference &r : m_gt) {
            const auto ids = extractIdentifiers(r.meta.value(u"journal"_s).toString());
            if (!ids.isEmpty() && ids.first().kind == CitationKind::ArxivId) {
                id = ids.first().key;
                title = r.normalizedTitle;
                break;
            }
        }
        QVERIFY(!id.isEmpty());
        const auto citations
            = extractCitations(u"As shown in https://arxiv.org/abs/%1 ."_s.arg(id));
        const auto titlesOnly = scoreReportBenchReport(u"m"_s, u"x"_s, citations, m_gt);
        QCOMPARE(titlesOnly.predictedCount, 0);
        QVERIFY(!titlesOnly.precision);
        QCOMPARE(titlesOnly.urls, 1);

        ReportBenchOptions withIds;
        withIds.identifiers = IdentifierMatching::TitlesAndIds;
        const auto s = scoreReportBenchReport(u"m"_s, u"x"_s, citations, m_gt, withIds);
        QCOMPARE(s.predictedCount, 1);
        QCOMPARE(s.intersectionCount, 1);
        QCOMPARE(s.matchedTitles, QStringList{title});
        QCOMPARE(*s.precision, 1.0);
    }

    void noCitationPolicies()
    {
        const auto none = extractCitations(u"A report without a single reference."_s);
        QVERIFY(none.isEmpty());

        const auto undefined = scoreReportBenchReport(u"m"_s, u"x"_s, none, m_gt);
        QVERIFY(!undefined.precision);
        QVERIFY(!undefined.f1);
        QCOMPARE(undefined.recall, 0.0);
        QVERIFY(!undefined.dropped);
        QVERIFY(undefined.note.contains(u"precision undefined"_s));

        ReportBenchOptions o;
        o.noCitations = NoCitationPolicy::Drop;
        const auto dropped = scoreReportBenchReport(u"m"_s, u"x"_s, none, m_gt, o);
        QVERIFY(dropped.dropped);
        QVERIFY(!dropped.precision && !dropped.recall);

        o.noCitations = NoCitationPolicy::Zero;
        const auto zero = scoreReportBenchReport(u"m"_s, u"x"_s, none, m_gt, o);
        QCOMPARE(zero.precision, 0.0);
        QCOMPARE(zero.f1, 0.0);

        const auto noGt = scoreReportBenchReport(u"m"_s, u"x"_s, none, {});
        QVERIFY(noGt.dropped);
    }

    void microAndMacroOnTwoReports()
    {
        // A: 2 of 4 predicted in G (|G| 96); B: 1 of 1 (|G| 96); C: no citations (default
        // policy: out of precision means, in recall ones); another model separately.
        const QStringList t = distinctTitles(m_gt);
        const auto listOf = [](const QStringList &titles) -> QString {
            QString s = u"## References\n"_s;
            for (const QString &x : titles)
                s += u"- \"%1\"\n"_s.arg(x);
            return s;
        };
        const QString a = listOf({t[0], t[1], u"Not In Ground Truth At All"_s,
                                  u"Also Not a Reference of This Survey"_s});
        const QString b = listOf({t[2]});
        QList<ReportBenchReportScore> scores{
            scoreReportBenchReport(u"beta"_s, u"2003.00653"_s, extractCitations(a), m_gt),
            scoreReportBenchReport(u"beta"_s, u"2003.00653"_s, extractCitations(b), m_gt),
            scoreReportBenchReport(u"beta"_s, u"2003.00653"_s, {}, m_gt),
            scoreReportBenchReport(u"alpha"_s, u"2003.00653"_s, extractCitations(b), m_gt),
        };
        const auto models = aggregateReportBench(scores);
        QCOMPARE(models.size(), 2);
        QCOMPARE(models[0].model, u"alpha"_s);
        const ReportBenchModelScore &m = models[1];
        QCOMPARE(m.reports, 3);
        QCOMPARE(m.scored, 3);
        QCOMPARE(m.withoutCitations, 1);
        QCOMPARE(m.totalPredicted, 5);
        QCOMPARE(m.totalIntersection, 3);
        QCOMPARE(m.totalGroundTruth, 3 * 96);
        QCOMPARE(*m.microPrecision, 3.0 / 5.0); // pooled
        QCOMPARE(*m.macroPrecision, (2.0 / 4.0 + 1.0) / 2.0); // C has no precision
        QCOMPARE(*m.microRecall, 3.0 / 288.0);
        QCOMPARE(*m.macroRecall, (2.0 / 96 + 1.0 / 96 + 0.0) / 3.0);
        QCOMPARE(*m.refsPerReport, 5.0 / 3.0);

        // The reference's behaviour: C leaves every average.
        ReportBenchOptions drop;
        drop.noCitations = NoCitationPolicy::Drop;
        scores[2] = scoreReportBenchReport(u"beta"_s, u"2003.00653"_s, {}, m_gt, drop);
        const auto asReference = aggregateReportBench(scores)[1];
        QCOMPARE(asReference.scored, 2);
        QCOMPARE(*asReference.macroRecall, (2.0 / 96 + 1.0 / 96) / 2.0);
        QCOMPARE(*asReference.microRecall, 3.0 / 192.0);
        QCOMPARE(*asReference.refsPerReport, 2.5);
    }
};

QTEST_GUILESS_MAIN(TestReportBenchScoring)
#include "tst_reportbenchscoring.moc"
