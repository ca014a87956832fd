#include "evidence/evidencelocator.h"

#include "evidence/textnormalizer.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <limits>
#include <mutex>
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
constexpr int MaxOccurrencesPerGram = 64;
// Fragments longer than this sample their q-grams for the approximate search.
constexpr int LongFragment = 400;
// Alignments verified per fragment; the first is almost always the answer.
constexpr int CandidateAlignments = 3;

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

} // namespace

struct EvidenceLocator::Index {
    explicit Index(const QString &reportText);

    EvidenceSpan spanFor(int normStart, int normEnd, MatchMethod method) const;
    EvidenceSpan exactOrNormalisedSpan(int normStart, int normEnd, QStringView original) const;
    qsizetype find(QStringView needle, int from) const;
    FragmentMatch findFragment(QStringView original, const QString &normalised, double cjkShare,
                               int from) const;
    QList<Run> approximate(QStringView fragment, int from, int minRun, int *covered) const;
    QList<Run> runsAround(QStringView fragment, int from, int minRun, const int *hitDiag,
                          const int *hitI, int count) const;
    // Whether the characters an approximate match leaves unmatched, on either side, include
    // digits.
    bool editsTouchNumbers(QStringView fragment, const QList<Run> &chain) const;

    // The q units at `gram` (q is 4 or 8: one or two 64-bit loads) hashed to a bucket. Not a
    // rolling hash, so that the index can be filled back to front.
    quint32 bucketOf(const char16_t *gram) const
    {
        quint64 a = 0;
        quint64 b = 0;
        std::memcpy(&a, gram, sizeof a);
        if (q == 8)
            std::memcpy(&b, gram + 4, sizeof b);
        quint64 h = (a * 0x9E3779B97F4A7C15ULL) ^ (b * 0xC2B2AE3D27D4EB4FULL);
        h ^= h >> 31;
        h *= 0xBF58476D1CE4E5B9ULL;
        return quint32(h >> (64 - bucketBits));
    }

    QString text;
    EvidenceText::NormalisedText norm;
    int q = 8;
    int bucketBits = 0;
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
    q = norm.cjkShare() >= 0.2 ? 4 : 8;
    const int n = int(norm.text.size());
    if (n < q)
        return;
    const int grams = n - q + 1;
    // About one gram per bucket: collisions cost a comparison, a larger table cache misses.
    bucketBits = std::max(4, int(std::bit_width(unsigned(grams))) - 1);
    const char16_t *s = reinterpret_cast<const char16_t *>(norm.text.constData());

    // Count per bucket, turn counts into bucket ends, then place positions back to front so
    // that each bucket lists them in ascending order and the ends become starts.
    bucketStart.assign((size_t(1) << bucketBits) + 1, 0);
    for (int p = 0; p < grams; ++p)
        ++bucketStart[bucketOf(s + p)];
    for (size_t b = 1; b < bucketStart.size() - 1; ++b)
        bucketStart[b] += bucketStart[b - 1];
    bucketStart.back() = grams;
    positions.resize(grams);
    for (int p = grams - 1; p >= 0; --p)
        positions[--bucketStart[bucketOf(s + p)]] = p;
}

bool EvidenceLocator::Index::editsTouchNumbers(QStringView fragment, const QList<Run> &chain) const
{
    const auto hasDigit = [](QStringView text) {
        return std::any_of(text.begin(), text.end(), [](QChar c) { return c.isDigit(); });
    };
    int fragmentAt = 0;
    for (qsizetype k = 0; k < chain.size(); ++k) {
        const Run &run = chain[k];
        if (hasDigit(fragment.sliced(fragmentAt, run.f - fragmentAt)))
            return true;
        if (k > 0) {
            const int reportAt = chain[k - 1].r + chain[k - 1].len;
            if (hasDigit(QStringView(norm.text).sliced(reportAt, run.r - reportAt)))
                return true;
        }
        fragmentAt = run.f + run.len;
    }
    return hasDigit(fragment.sliced(fragmentAt));
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

qsizetype EvidenceLocator::Index::find(QStringView needle, int from) const
{
    const int m = int(needle.size());
    const int n = int(norm.text.size());
    if (positions.empty() || m < q)
        return norm.text.indexOf(needle, from);
    // Candidates are the occurrences of the needle's rarest q-gram: a handful instead of a scan
    // of the whole report. Buckets list positions in ascending order, so the first candidate
    // that verifies is the first occurrence.
    const char16_t *f = needle.utf16();
    int rarest = 0;
    int rarestCount = std::numeric_limits<int>::max();
    quint32 rarestBucket = 0;
    for (int i = 0; i + q <= m; ++i) {
        const quint32 b = bucketOf(f + i);
        const int count = bucketStart[b + 1] - bucketStart[b];
        if (count < rarestCount) {
            rarest = i;
            rarestCount = count;
            rarestBucket = b;
            if (count == 0)
                return -1;
        }
    }
    const char16_t *s = reinterpret_cast<const char16_t *>(norm.text.constData());
    const int *begin = positions.data() + bucketStart[rarestBucket];
    const int *end = positions.data() + bucketStart[rarestBucket + 1];
    for (const int *p = std::lower_bound(begin, end, from + rarest); p != end; ++p) {
        const int start = *p - rarest;
        if (start + m <= n && std::memcmp(s + start, f, size_t(m) * sizeof(char16_t)) == 0)
            return start;
    }
    return -1;
}

FragmentMatch EvidenceLocator::Index::findFragment(QStringView original, const QString &normalised,
                                                   double cjkShare, int from) const
{
    FragmentMatch match;
    const auto tryNeedle = [&](const QString &needle) {
        const qsizetype pos = find(needle, from);
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

    const int minRun = cjkShare >= 0.3 ? MinRunCjk : MinRunLatin;
    int covered = 0;
    const QList<Run> chain = approximate(normalised, from, minRun, &covered);
    if (chain.isEmpty())
        return match;
    const double coverage = double(covered) / double(normalised.size());
    const int longest
        = std::max_element(chain.cbegin(), chain.cend(), [](const Run &a, const Run &b) {
              return a.len < b.len;
          })->len;
    match.method = MatchMethod::Approximate;
    match.normStart = chain.first().r;
    match.normEnd = chain.last().r + chain.last().len;
    const auto approximateSpan = [this](int start, int end) {
        // Runs may begin or end at a space; the highlight should not.
        if (norm.text[start] == u' ')
            ++start;
        if (norm.text[end - 1] == u' ')
            --end;
        return spanFor(start, end, MatchMethod::Approximate);
    };
    if (coverage >= LocatedCoverage && !editsTouchNumbers(normalised, chain)) {
        // One highlight over the whole passage: the judge's edits sit between the runs.
        match.found = true;
        match.covered = covered;
        match.spans = {approximateSpan(match.normStart, match.normEnd)};
    } else if (coverage >= PartialCoverage && longest >= 2 * minRun) {
        // Also where the judge's wording is close but a figure differs: "a COP of 2.9" is not
        // evidence for a report that says 2.7, however similar the sentence.
        // A real part of the quote is one long stretch; runs of a dozen characters, however
        // many, are phrases like "the results of" that any report on the topic shares.
        // Highlight only the runs: what lies between them may be unrelated text.
        match.covered = covered;
        for (const Run &run : chain)
            match.spans.append(approximateSpan(run.r, run.r + run.len));
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

    // Seeds: every q-gram of the fragment that occurs after `from`, as (diagonal, offset)
    // packed into one integer so that sorting them is cheap; diagonals start at -m.
    // A long quote (a judge pasting a section) samples its grams: every shared run of minRun
    // characters still starts a sampled gram, at a fraction of the seeds to sort.
    const int stride = m > LongFragment ? std::max(1, minRun - q + 1) : 1;
    std::vector<quint64> hits;
    for (int i = 0; i + q <= m; i += stride) {
        const quint32 b = bucketOf(f + i);
        const int *begin = positions.data() + bucketStart[b];
        const int *end = positions.data() + bucketStart[b + 1];
        if (end - begin > MaxOccurrencesPerGram)
            continue;
        for (const int *p = std::lower_bound(begin, end, from); p != end; ++p) {
            if (std::memcmp(s + *p, f + i, size_t(q) * sizeof(char16_t)) == 0)
                hits.push_back((quint64(*p - i + m) << 32) | quint64(i));
        }
    }
    const int seedsForOneRun = std::max(1, (minRun - q + 1) / stride);
    const int hitCount = int(hits.size());
    if (hitCount < seedsForOneRun)
        return {};
    std::sort(hits.begin(), hits.end());
    std::vector<int> diags(hitCount);
    std::vector<int> offsets(hitCount);
    for (int k = 0; k < hitCount; ++k) {
        diags[k] = int(hits[k] >> 32) - m;
        offsets[k] = int(hits[k] & 0xFFFFFFFFU);
    }

    // Vote: the band of diagonals an edited copy of the fragment can occupy is as wide as the
    // insertions the window allows; the bands with most seeds are the candidate places.
    const int spread = std::max(q, int(m * (MaxWindowFactor - 1.0)));
    std::vector<int> windowEnd(hitCount);
    for (int a = 0, b = 0; a < hitCount; ++a) {
        b = std::max(b, a);
        while (b < hitCount && diags[b] - diags[a] <= spread)
            ++b;
        windowEnd[a] = b;
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
                                              const int *hitDiag, const int *hitI, int count) const
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
        while (run.f + run.len < m && run.r + run.len < n
               && f[run.f + run.len] == s[run.r + run.len])
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

// The report, and its index once a quote needs it. Judges mostly copy their quotes, which a
// plain search of the report finds; the index costs more to build than all of a report's
// verbatim quotes cost to find, so it waits for the first quote that is not verbatim.
struct EvidenceLocator::Shared {
    QString text;
    std::once_flag indexed;
    std::unique_ptr<const Index> index;

    const Index &ensureIndex()
    {
        std::call_once(indexed, [this] { index = std::make_unique<const Index>(text); });
        return *index;
    }
};

EvidenceLocator::EvidenceLocator(const QString &reportText)
    : m_shared(std::make_shared<Shared>())
{
    m_shared->text = reportText;
}

const QString &EvidenceLocator::reportText() const
{
    return m_shared->text;
}

EvidenceLocation EvidenceLocator::locate(const QString &quote) const
{
    EvidenceLocation result;
    const QStringView trimmed = QStringView(quote).trimmed();
    if (trimmed.isEmpty())
        return result;

    // Content first: a quote that is nothing but ellipses or markup is no evidence, even
    // though the report may well contain "..." or "**".
    struct Piece {
        QStringView original;
        QString normalised;
        double cjkShare = 0;
        bool trivial = false;
        FragmentMatch match;
    };
    const QList<QStringView> pieces = EvidenceText::splitOnEllipses(trimmed);
    QList<Piece> parts;
    for (const QStringView piece : pieces) {
        EvidenceText::NormalisedText normalised = EvidenceText::normalise(piece, false);
        if (!normalised.text.isEmpty())
            parts.append({piece, std::move(normalised.text), normalised.cjkShare(), false, {}});
    }
    if (parts.isEmpty())
        return result;

    const auto whole = [&](EvidenceSpan span) {
        result.status = EvidenceStatus::Located;
        result.spans = {span};
        result.coverage = 1;
        result.fragments = 1;
        result.fragmentsFound = 1;
        return result;
    };
    // Exact first: most quotes are verbatim, and their first occurrence is also the first
    // normalised one.
    if (const qsizetype pos = m_shared->text.indexOf(trimmed); pos >= 0)
        return whole({int(pos), int(trimmed.size()), MatchMethod::Exact});
    const Index &ix = m_shared->ensureIndex();
    // A quote with an ellipsis may be quoting a literal one.
    if (pieces.size() != 1 || pieces.first().size() != trimmed.size()) {
        const QString normalised = EvidenceText::normalise(trimmed, false).text;
        if (const qsizetype pos = ix.find(normalised, 0); pos >= 0)
            return whole(
                ix.spanFor(int(pos), int(pos + normalised.size()), MatchMethod::Normalised));
    }

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
        part.match = ix.findFragment(part.original, part.normalised, part.cjkShare, from);
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
            const qsizetype pos
                = limit > match.normStart ? ix.norm.text.lastIndexOf(match.needle, limit) : -1;
            if (pos > match.normStart) {
                match.normStart = int(pos);
                match.normEnd = int(pos + match.needle.size());
                match.spans
                    = {ix.exactOrNormalisedSpan(match.normStart, match.normEnd, parts[k].original)};
            }
        }
        nextStart = match.normStart;
    }

    for (const Piece &part : std::as_const(parts))
        result.spans.append(part.match.spans);
    std::sort(result.spans.begin(), result.spans.end(),
              [](const EvidenceSpan &a, const EvidenceSpan &b) { return a.start < b.start; });
    result.coverage = total > 0 ? double(covered) / double(total) : 0.0;
    const int nonTrivial = int(
        std::count_if(parts.cbegin(), parts.cend(), [](const Piece &p) { return !p.trivial; }));
    if (result.fragmentsFound == nonTrivial && result.coverage >= LocatedCoverage)
        result.status = EvidenceStatus::Located;
    else if (!result.spans.isEmpty())
        result.status = EvidenceStatus::PartlyLocated;
    else
        result.status = EvidenceStatus::NotFound;
    return result;
}

} // namespace Rubricate
