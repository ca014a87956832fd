// Mapping the items a judge returned back to the items it was asked about.
#include "replyparsing.h"

#include <QHash>
#include <QJsonDocument>
#include <QJsonParseError>

#include <algorithm>
#include <utility>

using namespace Qt::StringLiterals;

namespace Rubricate {
namespace {

QList<quint32> trigrams(const QString &s)
{
    QList<quint32> out;
    if (s.isEmpty())
        return out;
    const QString padded = u' ' + s + u' ';
    out.reserve(padded.size());
    for (qsizetype i = 0; i + 2 < padded.size(); ++i) {
        // Three UTF-16 units hashed into 32 bits; collisions only blur the score slightly.
        const quint32 h = (quint32(padded[i].unicode()) * 0x9E3779B1u)
            ^ (quint32(padded[i + 1].unicode()) * 0x85EBCA77u)
            ^ (quint32(padded[i + 2].unicode()) * 0xC2B2AE3Du + 0x27D4EB2Fu);
        out.append(h);
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

double jaccard(const QList<quint32> &a, const QList<quint32> &b)
{
    if (a.isEmpty() && b.isEmpty())
        return 1.0;
    qsizetype i = 0, j = 0, common = 0;
    while (i < a.size() && j < b.size()) {
        if (a[i] == b[j]) {
            ++common;
            ++i;
            ++j;
        } else if (a[i] < b[j]) {
            ++i;
        } else {
            ++j;
        }
    }
    return double(common) / double(a.size() + b.size() - common);
}

// Edit distance, or maxDist + 1 once it is certain to exceed maxDist (banded, O(n * maxDist)).
qsizetype boundedLevenshtein(QStringView a, QStringView b, qsizetype maxDist)
{
    if (a.size() > b.size())
        std::swap(a, b);
    const qsizetype n = a.size(), m = b.size();
    if (m - n > maxDist)
        return maxDist + 1;
    if (n == 0)
        return m;
    const qsizetype inf = maxDist + 1;
    QList<qsizetype> prev(n + 1), cur(n + 1);
    for (qsizetype i = 0; i <= n; ++i)
        prev[i] = i <= maxDist ? i : inf;
    for (qsizetype j = 1; j <= m; ++j) {
        const qsizetype lo = qMax<qsizetype>(1, j - maxDist);
        const qsizetype hi = qMin<qsizetype>(n, j + maxDist);
        cur[0] = j <= maxDist ? j : inf;
        if (lo > 1)
            cur[lo - 1] = inf;
        qsizetype rowMin = cur[0];
        for (qsizetype i = lo; i <= hi; ++i) {
            const qsizetype cost = a[i - 1] == b[j - 1] ? 0 : 1;
            qsizetype v = prev[i - 1] + cost;
            v = qMin(v, prev[i] + 1);
            v = qMin(v, cur[i - 1] + 1);
            cur[i] = qMin(v, inf);
            rowMin = qMin(rowMin, cur[i]);
        }
        if (hi < n)
            cur[hi + 1] = inf;
        if (rowMin > maxDist)
            return inf;
        std::swap(prev, cur);
    }
    return qMin(prev[n], inf);
}

// Numbers decide between near-identical rubric items ("47% were non-poor" vs "40% ..."), so a
// fuzzy match must keep every number.
QStringList numbersIn(const QString &s)
{
    QStringList out;
    qsizetype i = 0;
    while (i < s.size()) {
        if (!s[i].isDigit()) {
            ++i;
            continue;
        }
        qsizetype j = i;
        while (j < s.size() && (s[j].isDigit() || s[j] == u'.' || s[j] == u','))
            ++j;
        QString num = s.mid(i, j - i);
        while (!num.isEmpty() && !num.back().isDigit())
            num.chop(1);
        num.remove(u',');
        out << num;
        i = j;
    }
    out.sort();
    return out;
}

struct Prepared {
    QString norm;
    QList<quint32> grams;
    QStringList numbers;
    bool ellipsis = false; // the text ended in "..." or "…" (normalisation drops it)
};

Prepared prepare(const QString &text)
{
    Prepared p;
    p.norm = normalizeItemText(text);
    p.grams = trigrams(p.norm);
    p.numbers = numbersIn(p.norm);
    const QString trimmed = text.trimmed();
    p.ellipsis = trimmed.endsWith(u"...") || trimmed.endsWith(QChar(0x2026));
    return p;
}

// A judge that shortens a long item to "first words ..." still means that item.
bool isEllipsisPrefix(const Prepared &returned, const Prepared &asked)
{
    return returned.ellipsis && returned.norm.size() >= 20
        && asked.norm.size() > returned.norm.size() && asked.norm.startsWith(returned.norm);
}

double similarity(const Prepared &a, const Prepared &b, double floor)
{
    if (a.norm == b.norm)
        return 1.0;
    if (a.norm.isEmpty() || b.norm.isEmpty())
        return 0.0;
    double best = jaccard(a.grams, b.grams);
    const qsizetype longest = qMax(a.norm.size(), b.norm.size());
    const auto maxDist = qsizetype((1.0 - qMax(floor, best)) * double(longest));
    if (best < 1.0 && maxDist >= 0) {
        const qsizetype d = boundedLevenshtein(a.norm, b.norm, maxDist);
        if (d <= maxDist)
            best = qMax(best, 1.0 - double(d) / double(longest));
    }
    return best;
}

constexpr double FuzzyThreshold = 0.9;
constexpr double PositionThreshold = 0.6;
constexpr double AmbiguityMargin = 0.01;

} // namespace

double itemTextSimilarity(const QString &a, const QString &b)
{
    return similarity(prepare(a), prepare(b), 0.0);
}

namespace {

// Leaves out the asked items that `returned` answers again, unmatched, with another value.
void leaveOutContradicted(ItemMapping &out, const QStringList &asked,
                          const LightJson::Array &returned, const QString &textKey,
                          const ReturnedValue &valueOf)
{
    if (out.unmatched.isEmpty() || !valueOf)
        return;
    QHash<QString, QList<qsizetype>> answered; // normalised text -> asked items with an answer
    for (qsizetype i = 0; i < asked.size(); ++i) {
        if (out.perAsked.at(i) >= 0)
            answered[normalizeItemText(asked.at(i))].append(i);
    }
    for (qsizetype j : std::as_const(out.unmatched)) {
        const LightJson &again = returned[std::size_t(j)];
        const LightJson *text = again.isObject() ? again.member(textKey) : nullptr;
        if (!text || !text->isString())
            continue;
        for (qsizetype i : answered.value(normalizeItemText(text->toString()))) {
            const qsizetype first = out.perAsked.at(i);
            if (first >= 0 && valueOf(returned[std::size_t(first)]) != valueOf(again)) {
                out.perAsked[i] = -1;
                out.how[i] = u"contradicted"_s;
            }
        }
    }
}

} // namespace

ItemMapping mapReturnedItems(const QStringList &asked, const LightJson::Array &returned,
                             const QString &textKey, const ReturnedValue &valueOf)
{
    const qsizetype n = asked.size();
    const auto m = qsizetype(returned.size());
    ItemMapping out;
    out.perAsked.fill(-1, n);
    out.how.resize(n);

    // The usual reply echoes every item's text in the order asked: the stages below would map
    // each to its own answer (copies of one text too, in order), with two hashes of every text.
    const auto echoedInOrder = [&] {
        for (qsizetype i = 0; i < n; ++i) {
            const LightJson &item = returned[std::size_t(i)];
            const LightJson *text = item.isObject() ? item.member(textKey) : nullptr;
            if (!text || !text->isString() || asked[i].isEmpty() || text->toString() != asked[i])
                return false;
        }
        return true;
    };
    if (m == n && echoedInOrder()) {
        for (qsizetype i = 0; i < n; ++i) {
            out.perAsked[i] = i;
            out.how[i] = u"exact"_s;
        }
        return out;
    }

    QList<QString> rText(m);
    QList<bool> rObject(m, false);
    for (qsizetype j = 0; j < m; ++j) {
        const LightJson &item = returned[std::size_t(j)];
        if (!item.isObject())
            continue;
        rObject[j] = true;
        if (const LightJson *text = item.member(textKey); text && text->isString())
            rText[j] = text->toString();
        else if (const QJsonValue v = item.value(textKey); v.isDouble())
            rText[j] = QString::number(v.toDouble());
    }

    QList<qsizetype> match(n, -1);
    QList<bool> used(m, false);
    auto assign = [&](qsizetype i, qsizetype j, const QString &how) {
        match[i] = j;
        used[j] = true;
        out.how[i] = how;
    };

    // Copies of the same asked text; a copy whose sibling already has an answer shares it
    // rather than competing for a fuzzy or positional one.
    QHash<QString, QList<qsizetype>> copies;
    for (qsizetype i = 0; i < n; ++i)
        copies[asked[i]].append(i);
    auto siblingMatched = [&](qsizetype i) {
        for (qsizetype k : copies.value(asked[i])) {
            if (k != i && match[k] >= 0)
                return true;
        }
        return false;
    };

    // 1. Exact text, in order, so duplicated answers go to duplicated questions one by one.
    QHash<QString, QList<qsizetype>> byText;
    for (qsizetype j = 0; j < m; ++j) {
        if (rObject[j] && !rText[j].isEmpty())
            byText[rText[j]].append(j);
    }
    for (qsizetype i = 0; i < n; ++i) {
        auto it = byText.find(asked[i]);
        if (it == byText.end())
            continue;
        for (qsizetype j : std::as_const(*it)) {
            if (!used[j]) {
                assign(i, j, u"exact"_s);
                break;
            }
        }
    }

    // The usual case, every item echoed exactly, needs none of the costlier stages.
    bool complete = true;
    for (qsizetype i = 0; i < n && complete; ++i)
        complete = match[i] >= 0 || siblingMatched(i);
    if (!complete) {
        // 2. Normalised text.
        QList<Prepared> aPrep(n), rPrep(m);
        for (qsizetype i = 0; i < n; ++i)
            aPrep[i] = prepare(asked[i]);
        for (qsizetype j = 0; j < m; ++j) {
            if (rObject[j])
                rPrep[j] = prepare(rText[j]);
        }
        QHash<QString, QList<qsizetype>> byNorm;
        for (qsizetype j = 0; j < m; ++j) {
            if (!used[j] && rObject[j] && !rPrep[j].norm.isEmpty())
                byNorm[rPrep[j].norm].append(j);
        }
        for (qsizetype i = 0; i < n; ++i) {
            if (match[i] >= 0)
                continue;
            auto it = byNorm.find(aPrep[i].norm);
            if (it == byNorm.end())
                continue;
            for (qsizetype j : std::as_const(*it)) {
                if (!used[j]) {
                    assign(i, j, u"normalised"_s);
                    break;
                }
            }
        }

        // 3. Fuzzy: best pairs first; a pair whose asked or returned side has a runner-up within
        // the margin is ambiguous and left alone, so near-identical items cannot steal answers.
        struct Pair {
            qsizetype i, j;
            double score;
        };
        QList<Pair> pairs;
        for (qsizetype i = 0; i < n; ++i) {
            if (match[i] >= 0 || siblingMatched(i) || aPrep[i].norm.isEmpty())
                continue;
            for (qsizetype j = 0; j < m; ++j) {
                if (used[j] || !rObject[j] || rPrep[j].norm.isEmpty())
                    continue;
                double s;
                if (isEllipsisPrefix(rPrep[j], aPrep[i]))
                    s = 0.92;
                else if (aPrep[i].numbers != rPrep[j].numbers)
                    continue;
                else
                    s = similarity(aPrep[i], rPrep[j], FuzzyThreshold - AmbiguityMargin);
                if (s >= FuzzyThreshold - AmbiguityMargin)
                    pairs.append({i, j, s});
            }
        }
        std::stable_sort(pairs.begin(), pairs.end(),
                         [](const Pair &x, const Pair &y) { return x.score > y.score; });
        for (const Pair &p : std::as_const(pairs)) {
            if (p.score < FuzzyThreshold || match[p.i] >= 0 || used[p.j])
                continue;
            bool ambiguous = false;
            for (const Pair &q : std::as_const(pairs)) {
                if ((q.i == p.i) == (q.j == p.j)) // the same pair, or unrelated
                    continue;
                if (match[q.i] >= 0 || used[q.j])
                    continue;
                if (q.score >= p.score - AmbiguityMargin) {
                    ambiguous = true;
                    break;
                }
            }
            if (!ambiguous)
                assign(p.i, p.j, u"fuzzy"_s);
        }

        // 4. Position, only when the reply has exactly one item per asked item.
        if (m == n) {
            for (qsizetype i = 0; i < n; ++i) {
                if (match[i] >= 0 || used[i] || !rObject[i] || siblingMatched(i))
                    continue;
                if (similarity(aPrep[i], rPrep[i], PositionThreshold) >= PositionThreshold)
                    assign(i, i, u"position"_s);
            }
        }
    }

    for (qsizetype i = 0; i < n; ++i) {
        if (match[i] >= 0) {
            out.perAsked[i] = match[i];
            continue;
        }
        for (qsizetype k : copies.value(asked[i])) {
            if (match[k] >= 0) {
                out.perAsked[i] = match[k];
                out.how[i] = out.how[k] + u" (shared)"_s;
                break;
            }
        }
    }
    for (qsizetype j = 0; j < m; ++j) {
        if (!used[j])
            out.unmatched.append(j);
    }
    leaveOutContradicted(out, asked, returned, textKey, valueOf);
    return out;
}

} // namespace Rubricate
