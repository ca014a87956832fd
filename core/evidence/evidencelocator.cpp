#include "evidence/evidencelocator.h"

#include "evidence/textnormalizer.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <vector>

using namespace Qt::StringLiterals;

namespace Rubricate {

namespace {

constexpr double LocatedCoverage = 0.85;
constexpr double PartialCoverage = 0.40;
// An approximate match may spread over at most this multiple of the fragment's length.
constexpr double MaxWindowFactor = 1.3;
// Shared runs shorter than this are what any two texts on one topic have in common.
constexpr int MinRunLatin = 12;
constexpr int MinRunCjk = 6;
constexpr int TrivialFragment = 4;
// A q-gram this frequent says nothing about where a quote is; its neighbours will.
constexpr int MaxOccurrencesPerGram = 256;
// Alignments verified per fragment; the first is almost always the answer.
constexpr int CandidateAlignments = 3;
constexpr quint64 HashBase = 0x100000001B3ULL;

struct Run {
    int f = 0; // start in the fragment
    int r = 0; // start in the normalised report
    int len = 0;
};

struct FragmentMatch {
    bool found = false;
    int covered = 0; // normalised fragment characters matched
    int normStart = -1; // matched range in the normalised report, -1 when nothing matched
    int normEnd = -1;
    MatchMethod method = MatchMethod::Exact;
    QString needle; // what matched, for exact and normalised matches
    QList<EvidenceSpan> spans;
};

bool isEmphasisMarker(QChar c)
{
    return c == u'*' || c == u'_' || c == u'`';
}

quint64 power(quint64 base, int exponent)
{
    quint64 result = 1;
    while (exponent-- > 0)
        result *= base;
    return result;
}

} // namespace

struct EvidenceLocator::Index {
    explicit Index(const QString &reportText);

    EvidenceSpan spanFor(int normStart, int normEnd, MatchMethod method) const;
    EvidenceSpan exactOrNormalisedSpan(int normStart, int normEnd, QStringView original) const;
    FragmentMatch findFragment(QStringView original, const QString &normalised, int from) const;
    QList<Run> approximate(QStringView fragment, int from, int minRun, int *covered) const;
    QList<Run> runsAround(QStringView fragment, int from, int minRun, const int *hitDiag,
                          const int *hitI, int count) const;

    quint32 bucketOf(quint64 hash) const
    {
        return quint32((hash * 0x9E3779B97F4A7C15ULL) >> (64 - bucketBits));
    }

    QString text;
    EvidenceText::NormalisedText norm;
    int q = 8;
    int bucketBits = 0;
    quint64 topPower = 1; // HashBase^(q-1), to roll the hash
    // Positions of every q-gram of the normalised report, grouped by hash bucket (CSR layout:
    // one allocation each instead of a hash table of lists).
    std::vector<int> bucketStart;
    std::vector<int> positions;
};

EvidenceLocator::Index::Index(const QString &reportText)
    : text(reportText)
    , norm(EvidenceText::normalise(reportText))
{
    // 8-grams are selective in alphabetic text; Chinese packs a word into two characters.
    q = EvidenceText::cjkShare(norm.text) >= 0.2 ? 4 : 8;
    topPower = power(HashBase, q - 1);
    const int n = int(norm.text.size());
    if (n < q)
        return;
    const int grams = n - q + 1;
    bucketBits = std::max(4, int(std::bit_width(unsigned(grams))));
    const char16_t *s = reinterpret_cast<const char16_t *>(norm.text.constData());

    std::vector<quint32> bucketOfPosition(grams);
    bucketStart.assign((size_t(1) << bucketBits) + 1, 0);
    quint64 h = 0;
    for (int k = 0; k < q; ++k)
        h = h * HashBase + s[k];
    for (int p = 0; p < grams; ++p) {
        const quint32 b = bucketOf(h);
        bucketOfPosition[p] = b;
        ++bucketStart[b + 1];
        if (p + q < n)
            h = (h - s[p] * topPower) * HashBase + s[p + q];
    }
    for (size_t b = 1; b < bucketStart.size(); ++b)
        bucketStart[b] += bucketStart[b - 1];
    positions.resize(grams);
    std::vector<int> cursor(bucketStart.begin(), bucketStart.end() - 1);
    for (int p = 0; p < grams; ++p)
        positions[cursor[bucketOfPosition[p]]++] = p;
}

EvidenceSpan EvidenceLocator::Index::spanFor(int normStart, int normEnd, MatchMethod method) const
{
    int start = norm.origStart[normStart];
    int end = norm.origEnd[normEnd - 1];
    // Take in emphasis markers that open or close at the match's edges, so that "**bold**"
    // is highlighted whole instead of with stray asterisks outside.
    int s = start;
    while (s > 0 && isEmphasisMarker(text[s - 1]))
        --s;
    if (s < start && (s == 0 || !text[s - 1].isLetterOrNumber()))
        start = s;
    int e = end;
    while (e < text.size() && isEmphasisMarker(text[e]))
        ++e;
    if (e > end && (e == text.size() || !text[e].isLetterOrNumber()))
        end = e;
    return {start, end - start, method};
}

EvidenceSpan EvidenceLocator::Index::exactOrNormalisedSpan(int normStart, int normEnd,
                                                           QStringView original) const
{
    const int start = norm.origStart[normStart];
    const int end = norm.origEnd[normEnd - 1];
    const bool exact = QStringView(text).sliced(start, end - start) == original;
    return spanFor(normStart, normEnd, exact ? MatchMethod::Exact : MatchMethod::Normalised);
}

FragmentMatch EvidenceLocator::Index::findFragment(QStringView original,
                                                   const QString &normalised, int from) const
{
    FragmentMatch match;
    const auto tryNeedle = [&](const QString &needle) {
        const qsizetype pos = norm.text.indexOf(needle, from);
        if (pos < 0)
            return false;
        match.found = true;
        match.covered = int(normalised.size());
        match.normStart = int(pos);
        match.normEnd = int(pos + needle.size());
        match.needle = needle;
        match.spans = {exactOrNormalisedSpan(match.normStart, match.normEnd, original)};
        match.method = match.spans.first().method;
        return true;
    };
    if (tryNeedle(normalised))
        return match;
    // Quote marks and a full stop around a lifted clause are the judge's, not the report's;
    // they are not content, so they count as covered.
    for (const bool sentencePunctuation : {false, true}) {
        const QString stripped = EvidenceText::stripEdges(normalised, sentencePunctuation);
        if (stripped.size() != normalised.size()
            && stripped.size() >= std::min<qsizetype>(normalised.size(), TrivialFragment)
            && tryNeedle(stripped))
            return match;
    }

    const int minRun = EvidenceText::cjkShare(normalised) >= 0.3 ? MinRunCjk : MinRunLatin;
    int covered = 0;
    const QList<Run> chain = approximate(normalised, from, minRun, &covered);
    if (chain.isEmpty())
        return match;
    const double coverage = double(covered) / double(normalised.size());
    match.method = MatchMethod::Approximate;
    match.normStart = chain.first().r;
    match.normEnd = chain.last().r + chain.last().len;
    if (coverage >= LocatedCoverage) {
        // One highlight over the whole passage: the judge's edits sit between the runs.
        match.found = true;
        match.covered = covered;
        match.spans = {spanFor(match.normStart, match.normEnd, MatchMethod::Approximate)};
    } else if (coverage >= PartialCoverage && covered >= 2 * minRun) {
        // Only the shared runs: what lies between them may be unrelated text.
        match.covered = covered;
        for (const Run &run : chain)
            match.spans.append(spanFor(run.r, run.r + run.len, MatchMethod::Approximate));
    } else {
        return {};
    }
    return match;
}

QList<Run> EvidenceLocator::Index::approximate(QStringView fragment, int from, int minRun,
                                               int *covered) const
{
    *covered = 0;
    const int m = int(fragment.size());
    const int n = int(norm.text.size());
    if (positions.empty() || m < std::max(q, minRun) || n - from < minRun)
        return {};
    const char16_t *s = reinterpret_cast<const char16_t *>(norm.text.constData());
    const char16_t *f = fragment.utf16();

    // Seeds: every q-gram of the fragment that occurs after `from`, as (diagonal, offset).
    struct Hit {
        int diag;
        int i;
    };
    std::vector<Hit> hits;
    quint64 h = 0;
    for (int k = 0; k < q; ++k)
        h = h * HashBase + f[k];
    for (int i = 0; i + q <= m; ++i) {
        const quint32 b = bucketOf(h);
        const int *begin = positions.data() + bucketStart[b];
        const int *end = positions.data() + bucketStart[b + 1];
        if (end - begin <= MaxOccurrencesPerGram) {
            for (const int *p = std::lower_bound(begin, end, from); p != end; ++p) {
                if (std::memcmp(s + *p, f + i, size_t(q) * sizeof(char16_t)) == 0)
                    hits.push_back({*p - i, i});
            }
        }
        if (i + q < m)
            h = (h - f[i] * topPower) * HashBase + f[i + q];
    }
    const int seedsForOneRun = minRun - q + 1;
    const int hitCount = int(hits.size());
    if (hitCount < seedsForOneRun)
        return {};
    std::sort(hits.begin(), hits.end(), [](const Hit &a, const Hit &b) {
        return a.diag != b.diag ? a.diag < b.diag : a.i < b.i;
    });

    // Vote: the band of diagonals an edited copy of the fragment can occupy is as wide as the
    // insertions the window allows; the bands with most seeds are the candidate places.
    const int spread = std::max(q, int(m * (MaxWindowFactor - 1.0)));
    std::vector<int> windowEnd(hitCount);
    for (int a = 0, b = 0; a < hitCount; ++a) {
        b = std::max(b, a);
        while (b < hitCount && hits[b].diag - hits[a].diag <= spread)
            ++b;
        windowEnd[a] = b;
    }
    std::vector<int> diags(hitCount);
    std::vector<int> offsets(hitCount);
    for (int k = 0; k < hitCount; ++k) {
        diags[k] = hits[k].diag;
        offsets[k] = hits[k].i;
    }

    QList<Run> best;
    std::vector<std::pair<int, int>> taken;
    for (int candidate = 0; candidate < CandidateAlignments && *covered < m; ++candidate) {
        int pick = -1;
        int pickCount = seedsForOneRun - 1;
        for (int a = 0; a < hitCount; ++a) {
            const int count = windowEnd[a] - a;
            if (count <= pickCount)
                continue;
            const bool overlaps = std::any_of(taken.begin(), taken.end(), [&](const auto &t) {
                return a < t.second && windowEnd[a] > t.first;
            });
            if (!overlaps) {
                pick = a;
                pickCount = count;
            }
        }
        if (pick < 0)
            break;
        taken.emplace_back(pick, windowEnd[pick]);

        const QList<Run> runs = runsAround(fragment, from, minRun, diags.data() + pick,
                                           offsets.data() + pick, windowEnd[pick] - pick);
        // Chain: the in-order, non-overlapping runs within the allowed window that cover the
        // most of the fragment.
        const int maxSpan = int(std::ceil(m * MaxWindowFactor));
        const int k = int(runs.size());
        std::vector<int> score(k), first(k), prev(k, -1), trim(k, 0);
        int bestEnd = -1;
        for (int j = 0; j < k; ++j) {
            const Run &b = runs[j];
            score[j] = b.len;
            first[j] = b.r;
            for (int i = 0; i < j; ++i) {
                const Run &a = runs[i];
                const int overlap = std::max(0, a.f + a.len - b.f);
                if (overlap >= b.len || b.r + overlap < a.r + a.len
                    || b.r + b.len - first[i] > maxSpan)
                    continue;
                if (score[i] + b.len - overlap > score[j]) {
                    score[j] = score[i] + b.len - overlap;
                    first[j] = first[i];
                    prev[j] = i;
                    trim[j] = overlap;
                }
            }
            if (bestEnd < 0 || score[j] > score[bestEnd])
                bestEnd = j;
        }
        if (bestEnd >= 0 && score[bestEnd] > *covered) {
            *covered = score[bestEnd];
            best.clear();
            for (int j = bestEnd; j >= 0; j = prev[j])
                best.prepend({runs[j].f + trim[j], runs[j].r + trim[j], runs[j].len - trim[j]});
        }
    }
    return best;
}

QList<Run> EvidenceLocator::Index::runsAround(QStringView fragment, int from, int minRun,
                                              const int *hitDiag, const int *hitI,
                                              int count) const
{
    const int m = int(fragment.size());
    const int n = int(norm.text.size());
    const char16_t *s = reinterpret_cast<const char16_t *>(norm.text.constData());
    const char16_t *f = fragment.utf16();
    QList<Run> runs;
    for (int k = 0; k < count;) {
        const int diag = hitDiag[k];
        const int iStart = hitI[k];
        int iEnd = iStart + q;
        ++k;
        while (k < count && hitDiag[k] == diag && hitI[k] <= iEnd) {
            iEnd = std::max(iEnd, hitI[k] + q);
            ++k;
        }
        // Grow the seed group to the maximal exact run on its diagonal.
        Run run{iStart, diag + iStart, iEnd - iStart};
        while (run.f > 0 && run.r > from && f[run.f - 1] == s[run.r - 1]) {
            --run.f;
            --run.r;
            ++run.len;
        }
        while (run.f + run.len < m && run.r + run.len < n && f[run.f + run.len] == s[run.r + run.len])
            ++run.len;
        if (run.len < minRun)
            continue;
        // Seed groups split by a skipped frequent gram grow into the same run.
        if (!runs.isEmpty() && runs.last().f == run.f && runs.last().r == run.r)
            continue;
        runs.append(run);
    }
    std::sort(runs.begin(), runs.end(),
              [](const Run &a, const Run &b) { return a.f != b.f ? a.f < b.f : a.r < b.r; });
    return runs;
}

QString evidenceStatusKey(EvidenceStatus status)
{
    switch (status) {
    case EvidenceStatus::Located:
        return u"located"_s;
    case EvidenceStatus::PartlyLocated:
        return u"partial"_s;
    case EvidenceStatus::NotFound:
        return u"not_found"_s;
    case EvidenceStatus::Empty:
        break;
    }
    return u"empty"_s;
}

QString matchMethodKey(MatchMethod method)
{
    switch (method) {
    case MatchMethod::Exact:
        break;
    case MatchMethod::Normalised:
        return u"normalised"_s;
    case MatchMethod::Approximate:
        return u"approximate"_s;
    }
    return u"exact"_s;
}

EvidenceLocator::EvidenceLocator(const QString &reportText)
    : m_index(std::make_shared<const Index>(reportText))
{
}

const QString &EvidenceLocator::reportText() const
{
    return m_index->text;
}

EvidenceLocation EvidenceLocator::locate(const QString &quote) const
{
    const Index &ix = *m_index;
    EvidenceLocation result;
    const QStringView trimmed = QStringView(quote).trimmed();
    if (trimmed.isEmpty())
        return result;

    const auto whole = [&](EvidenceSpan span) {
        result.status = EvidenceStatus::Located;
        result.spans = {span};
        result.coverage = 1;
        result.fragments = 1;
        result.fragmentsFound = 1;
        return result;
    };
    if (const qsizetype pos = ix.text.indexOf(trimmed); pos >= 0)
        return whole({int(pos), int(trimmed.size()), MatchMethod::Exact});

    const QList<QStringView> pieces = EvidenceText::splitOnEllipses(trimmed);
    // A quote with an ellipsis may be quoting a literal one.
    if (pieces.size() != 1 || pieces.first().size() != trimmed.size()) {
        const QString normalised = EvidenceText::normalise(trimmed, false).text;
        if (const qsizetype pos = ix.norm.text.indexOf(normalised); !normalised.isEmpty() && pos >= 0)
            return whole(ix.spanFor(int(pos), int(pos + normalised.size()), MatchMethod::Normalised));
    }

    struct Piece {
        QStringView original;
        QString normalised;
        bool trivial = false;
        FragmentMatch match;
    };
    QList<Piece> parts;
    for (const QStringView piece : pieces) {
        QString normalised = EvidenceText::normalise(piece, false).text;
        if (!normalised.isEmpty())
            parts.append({piece, std::move(normalised), false, {}});
    }
    if (parts.isEmpty())
        return result;
    const bool allTrivial = std::all_of(parts.cbegin(), parts.cend(), [](const Piece &p) {
        return p.normalised.size() < TrivialFragment;
    });
    result.fragments = int(parts.size());

    // In order: a later piece found only before an earlier one is not found, since a quote
    // stitched out of order can reverse what the report says.
    int from = 0;
    int total = 0;
    int covered = 0;
    for (Piece &part : parts) {
        part.trivial = !allTrivial && part.normalised.size() < TrivialFragment;
        if (part.trivial)
            continue;
        total += int(part.normalised.size());
        part.match = ix.findFragment(part.original, part.normalised, from);
        covered += part.match.covered;
        if (part.match.found)
            ++result.fragmentsFound;
        if (part.match.normEnd >= 0)
            from = part.match.normEnd;
    }

    // Searching forwards took each piece's first occurrence; pull earlier pieces to their last
    // occurrence before the next piece, so that "The city ... annual fee" highlights the
    // "The city" of that sentence rather than of the introduction.
    int nextStart = -1;
    for (qsizetype k = parts.size() - 1; k >= 0; --k) {
        FragmentMatch &match = parts[k].match;
        if (parts[k].trivial || match.normStart < 0)
            continue;
        if (nextStart >= 0 && match.found && match.method != MatchMethod::Approximate) {
            const qsizetype limit = nextStart - match.needle.size();
            const qsizetype pos = limit > match.normStart
                ? ix.norm.text.lastIndexOf(match.needle, limit)
                : -1;
            if (pos > match.normStart) {
                match.normStart = int(pos);
                match.normEnd = int(pos + match.needle.size());
                match.spans = {ix.exactOrNormalisedSpan(match.normStart, match.normEnd,
                                                        parts[k].original)};
            }
        }
        nextStart = match.normStart;
    }

    for (const Piece &part : std::as_const(parts))
        result.spans.append(part.match.spans);
    std::sort(result.spans.begin(), result.spans.end(),
              [](const EvidenceSpan &a, const EvidenceSpan &b) { return a.start < b.start; });
    result.coverage = total > 0 ? double(covered) / double(total) : 0.0;
    const int nonTrivial = int(std::count_if(parts.cbegin(), parts.cend(),
                                             [](const Piece &p) { return !p.trivial; }));
    if (result.fragmentsFound == nonTrivial && result.coverage >= LocatedCoverage)
        result.status = EvidenceStatus::Located;
    else if (!result.spans.isEmpty())
        result.status = EvidenceStatus::PartlyLocated;
    else
        result.status = EvidenceStatus::NotFound;
    return result;
}

} // namespace Rubricate
