// Citation extraction on hand-written report snippets: each kind, duplicates, positions.
#include "scoring/citationextraction.h"

#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

QList<Citation> ofKind(const QList<Citation> &all, CitationKind kind)
{
    QList<Citation> out;
    for (const Citation &c : all) {
        if (c.kind == kind)
            out << c;
    }
    return out;
}

QStringList keys(const QList<Citation> &citations)
{
    QStringList out;
    for (const Citation &c : citations)
        out << c.key;
    return out;
}

// Every span of every citation covers exactly the text it claims.
void verifySpans(const QString &text, const QList<Citation> &citations)
{
    for (const Citation &c : citations) {
        QVERIFY(!c.spans.isEmpty());
        QCOMPARE(text.mid(c.spans.constFirst().offset, c.spans.constFirst().length), c.text);
    }
}

} // namespace

class TestCitationExtraction : public QObject
{
    Q_OBJECT

private slots:
    void urlsBareAndMarkdownWithReferenceKey()
    {
        const QString text
            = u"See https://example.org/a/b?x=1#top. Also [the paper](https://example.org/a/b) "
              "and <https://other.net/p;v=2> or (http://third.io/x)."_s;
        const auto urls = ofKind(extractCitations(text), CitationKind::Url);
        QCOMPARE(keys(urls),
                 (QStringList{u"https://example.org/a/b"_s, u"https://other.net/p"_s,
                              u"http://third.io/x"_s}));
        // Query, fragment and params differ, the normalised key is one: one citation, two places.
        QCOMPARE(urls[0].text, u"https://example.org/a/b?x=1#top"_s);
        QCOMPARE(urls[0].spans.size(), 2);
        QCOMPARE(urls[0].spans[0].offset, text.indexOf(u"https://example.org/a/b?x"_s));
        QCOMPARE(urls[0].spans[1].offset, text.indexOf(u"https://example.org/a/b)"_s));
        QCOMPARE(urls[0].spans[1].length, 23);
        verifySpans(text, urls);
    }

    void normalizedUrlKeyAsUrlparse()
    {
        QCOMPARE(normalizedUrlKey(u"HTTPS://Example.org/a;p?q#f"_s), u"https://Example.org/a"_s);
        QCOMPARE(normalizedUrlKey(u"https://example.org"_s), u"https://example.org"_s);
    }

    void arxivIdsEveryStyle()
    {
        const QString text
            = u"New style 2003.00653v2 in prose, arXiv:1706.03762, arXiv: 0704.0001 (four digits), "
              "https://arxiv.org/abs/2004.05937 and https://arxiv.org/pdf/2006.00648v1.pdf, old "
              "style cs/0112017, arXiv:math.GT/0309136v1, the DOI 10.48550/arXiv.2003.00653 "
              "and hep-th/9901001. Not ids: 3.14159, 12345.67890, 2023.5, 9913.12345."_s;
        const auto ids = ofKind(extractCitations(text), CitationKind::ArxivId);
        QCOMPARE(keys(ids),
                 (QStringList{u"2003.00653"_s, u"1706.03762"_s, u"0704.0001"_s, u"2004.05937"_s,
                              u"2006.00648"_s, u"cs/0112017"_s, u"math.gt/0309136"_s,
                              u"hep-th/9901001"_s}));
        QCOMPARE(ids[0].text, u"2003.00653v2"_s); // span includes the version
        QCOMPARE(ids[0].spans.size(), 2); // again inside the arXiv DOI
        QCOMPARE(ids[6].text, u"math.GT/0309136v1"_s);
        verifySpans(text, ids);
    }

    void dois()
    {
        const QString text
            = u"Published as doi:10.1109/TITS.2025.3554781. Link: "
              "https://doi.org/10.1109/tits.2025.3554781 and 10.1145/3292500.3330701, "
              "not 10.1/x."_s;
        const auto all = extractCitations(text);
        const auto dois = ofKind(all, CitationKind::Doi);
        QCOMPARE(keys(dois),
                 (QStringList{u"10.1109/tits.2025.3554781"_s, u"10.1145/3292500.3330701"_s}));
        QCOMPARE(dois[0].text, u"10.1109/TITS.2025.3554781"_s); // sentence dot not included
        QCOMPARE(dois[0].spans.size(), 2); // DOIs are case-insensitive
        verifySpans(text, dois);
        // The doi.org link is also a URL; "3292500.3330701" is no arXiv id.
        QCOMPARE(ofKind(all, CitationKind::Url).size(), 1);
        QVERIFY(ofKind(all, CitationKind::ArxivId).isEmpty());
    }

    void titlesFromReferenceEntries()
    {
        const QString text = uR"(# Survey

Prose with "a quoted phrase that is not in a reference list" and *emphasis in prose here*.

## References

1. A. Vaswani, N. Shazeer, et al., "Attention Is All You Need," in *NeurIPS*, 2017.
2. Devlin, J., Chang, M. (2019). BERT: Pre-training of Deep Bidirectional Transformers. NAACL.
- [Deep Residual Learning for Image Recognition](https://arxiv.org/abs/1512.03385)
- Goodfellow, I. *Generative Adversarial Networks: An Overview and Outlook*, 2014.
- He, K., Zhang, X. Mask R-CNN for Object Instance Segmentation. ICCV 2017.
- Graph Neural Networks: A Review of Methods and Applications. AI Open, 2020.
- [2] Sun, L., Wang, J. “Adversarial attack and defense on graph data: A survey”. 2018.
- Attention is all you need. NeurIPS 2017.

## Appendix

- "A quoted line after the references section ends"
[^7]: Smith, J. "Footnote Titles Are Entries Too". 2021.
)"_s;
        const auto titles = ofKind(extractCitations(text), CitationKind::Title);
        QCOMPARE(keys(titles),
                 (QStringList{u"attention is all you need"_s,
                              u"bert pretraining of deep bidirectional transformers"_s,
                              u"deep residual learning for image recognition"_s,
                              u"generative adversarial networks an overview and outlook"_s,
                              u"mask rcnn for object instance segmentation"_s,
                              u"graph neural networks a review of methods and applications"_s,
                              u"adversarial attack and defense on graph data a survey"_s,
                              u"footnote titles are entries too"_s}));
        // Quoted with the IEEE comma inside the quotes: the span excludes the comma.
        QCOMPARE(titles[0].text, u"Attention Is All You Need"_s);
        // The last entry repeats the first title: one citation, two places.
        QCOMPARE(titles[0].spans.size(), 2);
        QCOMPARE(titles[0].spans[1].offset, text.indexOf(u"Attention is all you need."_s));
        verifySpans(text, titles);
    }

    // Ordinary numbered lists: the whole title before the URL, whatever punctuation it holds.
    void cleanNumberedListsTakeWholeTitles()
    {
        const QString text = uR"(## References

[1] Graph Neural Networks, Explained: A Practical Review. https://example.org/1
[2] What Makes a Good Benchmark? Lessons from Ten Years. https://example.org/2
3. Causal Inference, Explained Simply, https://example.org/3
4. Attention, Memory, and Reasoning in Language Models (2021). Available at: https://example.org/4
- [Federated Learning, Privacy, and Security: Open Problems](https://example.org/5)
[6] Vaswani, A., Shazeer, N. Attention Is All You Need. https://example.org/6
[7] Graph Neural Networks, Explained: A Practical Review. https://example.org/1
Smith, J. Learning to Cite, Quickly: A Study. Journal of Tests, 2020.
)"_s;
        const auto titles = ofKind(extractCitations(text), CitationKind::Title);
        QCOMPARE(
            keys(titles),
            (QStringList{u"graph neural networks explained a practical review"_s,
                         u"what makes a good benchmark lessons from ten years"_s,
                         u"causal inference explained simply"_s,
                         u"attention memory and reasoning in language models"_s,
                         u"federated learning privacy and security open problems"_s,
                         u"attention is all you need"_s, u"learning to cite quickly a study"_s}));
        QCOMPARE(titles[0].spans.size(), 2); // [7] repeats [1]: one citation
        QCOMPARE(titles[1].text, u"What Makes a Good Benchmark? Lessons from Ten Years"_s);
        verifySpans(text, titles);
    }

    void bracketedEntriesOutsideASection()
    {
        const QString text
            = u"Body text.\n[1] Kipf, T., Welling, M. Semi-Supervised Classification "
              "with Graph Convolutional Networks. ICLR 2017.\n"_s;
        const auto titles = ofKind(extractCitations(text), CitationKind::Title);
        QCOMPARE(keys(titles),
                 QStringList{u"semisupervised classification with graph convolutional networks"_s});
    }

    void noCitations()
    {
        QVERIFY(extractCitations(u"A report that cites nothing at all, in 2024."_s).isEmpty());
        QVERIFY(extractCitations(QString()).isEmpty());
    }

    void orderedByFirstOccurrence()
    {
        const QString text = u"arXiv:2003.00653 then https://a.org/x then arXiv:2003.00653"_s;
        const auto all = extractCitations(text);
        QCOMPARE(all.size(), 2);
        QCOMPARE(all[0].kind, CitationKind::ArxivId);
        QCOMPARE(all[0].spans.size(), 2);
        QCOMPARE(all[1].kind, CitationKind::Url);
    }
};

QTEST_GUILESS_MAIN(TestCitationExtraction)
#include "tst_citationextraction.moc"
