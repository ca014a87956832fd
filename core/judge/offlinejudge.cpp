#include "offlinejudge.h"
#include "lexicaltext.h"

#include <QRegularExpression>
#include <QUrl>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace Rubricate {

using namespace Lexical;

namespace {

class BlockedSourceMatcher
{
public:
    BlockedSourceMatcher(const QString &title, const QStringList &urls)
    {
        static const QRegularExpression doi(u"10\\.\\d{4,9}/[^\\s\"'<>]+"_s);
        for (const QString &url : urls) {
            QString key = urlText(url);
            for (const QString &scheme : {u"https://"_s, u"http://"_s}) {
                if (key.startsWith(scheme))
                    key.remove(0, scheme.size());
            }
            if (key.startsWith(u"www."))
                key.remove(0, 4);
            while (key.endsWith(u'/'))
                key.chop(1);
            if (key.size() >= 10)
                m_urls << key;
            const auto m = doi.match(key);
            if (m.hasMatch()) {
                QString d = m.captured();
                while (!d.isEmpty() && QStringView(u".,;)").contains(d.back()))
                    d.chop(1);
                m_dois << d;
            }
        }
        m_urls.removeDuplicates();
        m_dois.removeDuplicates();
        const QString t = titleText(title);
        if (t.count(u' ') >= 4) // three words or more between the padding spaces
            m_titles << t;
        const qsizetype colon = title.indexOf(u':');
        if (colon > 0) {
            const QString main = titleText(title.left(colon));
            if (main.count(u' ') >= 5)
                m_titles << main;
        }
    }

    bool isEmpty() const { return m_urls.isEmpty() && m_dois.isEmpty() && m_titles.isEmpty(); }

    // What matched ("url ...", "doi ...", "title"), or empty.
    QString find(const QString &text) const
    {
        if (isEmpty() || text.isEmpty())
            return {};
        static const QRegularExpression space(u"\\s+"_s);
        const QString u = urlText(text).remove(space);
        for (const QString &key : m_urls) {
            if (u.contains(key))
                return u"url "_s + key;
        }
        for (const QString &key : m_dois) {
            if (u.contains(key))
                return u"doi "_s + key;
        }
        const QString t = titleText(text);
        for (const QString &key : m_titles) {
            if (t.contains(key))
                return u"title"_s;
        }
        return {};
    }

private:
    static QString urlText(const QString &s)
    {
        return QUrl::fromPercentEncoding(s.toUtf8()).toCaseFolded();
    }
    static QString titleText(const QString &s)
    {
        QString t = s.toCaseFolded();
        for (QChar &c : t) {
            if (!c.isLetterOrNumber())
                c = u' ';
        }
        return u' ' + t.simplified() + u' ';
    }

    QStringList m_urls;
    QStringList m_dois;
    QStringList m_titles;
};

} // namespace

OfflineVerdict judgeOffline(const LexicalReportIndex &index, const QString &rubricText,
                            VerdictScale scale, const QString &blockedTitle,
                            const QStringList &blockedUrls)
{
    OfflineVerdict verdict;
    const QList<Term> terms = contentTerms(rubricText);
    if (terms.isEmpty()) {
        verdict.reason = u"lexical baseline: the rubric has no key terms to look for"_s;
        return verdict;
    }

    QList<QString> texts;
    QList<double> searchWeights;
    QList<double> weights;
    double totalWeight = 0;
    int numberCount = 0;
    for (const Term &t : terms) {
        texts << t.text;
        searchWeights << (t.number ? NumberWeight : 1.0);
        // Unknown terms get the highest idf: a rare word the report never uses is exactly what
        // a lexical match must not ignore.
        weights << index.idf(t.text) * (t.number ? NumberWeight : 1.0);
        totalWeight += weights.last();
        numberCount += t.number ? 1 : 0;
    }

    const QList<double> bm25 = index.scores(texts, searchWeights);
    QList<int> candidates;
    for (int i = 0; i < bm25.size(); ++i) {
        if (bm25[i] > 0)
            candidates << i;
    }
    std::stable_sort(candidates.begin(), candidates.end(),
                     [&](int a, int b) { return bm25[a] > bm25[b]; });
    if (candidates.size() > CandidateSentences)
        candidates.resize(CandidateSentences);

    struct Combo {
        int a = -1;
        int b = -1;
        double coverage = 0;
        double bm25 = 0;
        int found = 0;
        QStringList missingNumbers;
        double rank = -1;
    };
    auto evaluate = [&](int a, int b) {
        Combo c;
        c.a = a;
        c.b = b;
        c.bm25 = bm25[a] + (b >= 0 ? bm25[b] : 0.0);
        double covered = 0;
        for (qsizetype k = 0; k < terms.size(); ++k) {
            const bool present = index.m_sentences[a].terms.contains(texts[k])
                || (b >= 0 && index.m_sentences[b].terms.contains(texts[k]));
            if (present) {
                covered += weights[k];
                ++c.found;
            } else if (terms[k].number) {
                c.missingNumbers << texts[k];
            }
        }
        c.coverage = totalWeight > 0 ? covered / totalWeight : 0.0;
        // Meeting the rubric beats everything, then having all its numbers, then coverage.
        const bool meetsRule = c.coverage >= MetThreshold - 1e-9 && c.missingNumbers.isEmpty();
        c.rank = (meetsRule ? 4.0 : 0.0) + (c.missingNumbers.isEmpty() ? 2.0 : 0.0) + c.coverage
            - (b >= 0 ? PairPenalty : 0.0);
        return c;
    };
    QList<Combo> combos;
    for (qsizetype x = 0; x < candidates.size(); ++x) {
        combos << evaluate(candidates[x], -1);
        for (qsizetype y = x + 1; y < candidates.size(); ++y) {
            const int a = qMin(candidates[x], candidates[y]);
            const int b = qMax(candidates[x], candidates[y]);
            if (index.mayPair(a, b))
                combos << evaluate(a, b);
        }
    }
    std::stable_sort(combos.begin(), combos.end(), [](const Combo &x, const Combo &y) {
        if (x.rank != y.rank)
            return x.rank > y.rank;
        return x.bm25 > y.bm25;
    });

    auto meets = [](const Combo &c) {
        return c.coverage >= MetThreshold - 1e-9 && c.missingNumbers.isEmpty();
    };
    const BlockedSourceMatcher blocked(blockedTitle, blockedUrls);
    auto blockedBy = [&](const Combo &c) -> QString {
        if (scale != VerdictScale::Drb2Tristate || blocked.isEmpty())
            return {};
        QString text;
        for (int s : {c.a, c.b}) {
            if (s < 0)
                continue;
            text += index.sentenceText(s) + u'\n';
            for (const QString &label : index.m_sentences[s].citations)
                text += index.m_citationTargets.value(label) + u'\n';
        }
        return blocked.find(text);
    };

    Combo chosen;
    QString blockedWhat;
    if (!combos.isEmpty()) {
        chosen = combos.first();
        blockedWhat = blockedBy(chosen);
        // The protocol gives -1 only when the support relies on the blocked source; another
        // passage that satisfies the rubric without citing it makes the verdict 1.
        if (!blockedWhat.isEmpty() && meets(chosen)) {
            for (const Combo &c : std::as_const(combos)) {
                if (meets(c) && blockedBy(c).isEmpty()) {
                    chosen = c;
                    blockedWhat.clear();
                    break;
                }
            }
        }
    } else {
        for (const Term &t : terms) {
            if (t.number)
                chosen.missingNumbers << t.text;
        }
    }

    const bool met = chosen.a >= 0 && meets(chosen);
    switch (scale) {
    case VerdictScale::Drb2Tristate:
        verdict.value = met ? (blockedWhat.isEmpty() ? 1.0 : -1.0) : 0.0;
        break;
    case VerdictScale::Binary:
        verdict.value = met ? 1.0 : 0.0;
        break;
    case VerdictScale::Ternary:
        verdict.value = met ? 1.0 : (chosen.coverage >= PartialThreshold - 1e-9 ? 0.5 : 0.0);
        break;
    case VerdictScale::ZeroToTen:
        verdict.value = double(qRound(10.0 * chosen.coverage));
        break;
    }
    verdict.score = chosen.coverage;

    const int sentenceCount = chosen.a < 0 ? 0 : (chosen.b < 0 ? 1 : 2);
    QString numbers;
    if (numberCount > 0) {
        if (chosen.missingNumbers.isEmpty())
            numbers = u" (incl. all numbers)"_s;
        else
            numbers = (chosen.missingNumbers.size() == 1 ? u" (missing number: "_s
                                                         : u" (missing numbers: "_s)
                + chosen.missingNumbers.join(u", "_s) + u')';
    }
    QString reason
        = u"lexical baseline: %1 of %2 key terms"_s.arg(chosen.found).arg(terms.size()) + numbers;
    if (chosen.found > 0)
        reason += sentenceCount == 1 ? u" found in 1 sentence"_s
                                     : u" found in %1 sentences"_s.arg(sentenceCount);
    else
        reason += u" found"_s;
    reason += u"; coverage "_s + QString::number(chosen.coverage, 'f', 2);
    if (verdict.value < 0)
        reason += u"; the supporting text cites the blocked source ("_s + blockedWhat + u')';
    verdict.reason = reason;

    // Near misses keep their closest passage so a reviewer can see what almost matched.
    if (chosen.a >= 0 && (verdict.value != 0 || chosen.coverage >= PartialThreshold)) {
        verdict.evidence = index.sentenceText(chosen.a);
        if (chosen.b >= 0)
            verdict.evidence += u" ... "_s + index.sentenceText(chosen.b);
    }
    return verdict;
}

SchemeResult judgeOfflineBatch(const LexicalReportIndex &index, const Task &task,
                               const QList<Rubric> &rubrics)
{
    SchemeResult result;
    result.parsed = true;
    const QString blockedTitle = task.blocked ? task.blocked->title : QString();
    const QStringList blockedUrls = task.blocked ? task.blocked->urls : QStringList();
    for (const Rubric &r : rubrics) {
        const OfflineVerdict v = judgeOffline(index, r.text, r.scale, blockedTitle, blockedUrls);
        ItemOutcome o;
        o.rubricId = r.id;
        o.value = v.value;
        o.label = QString::number(v.value);
        o.reason = v.reason;
        o.evidence = v.evidence;
        result.items.append(o);
    }
    return result;
}

} // namespace Rubricate
