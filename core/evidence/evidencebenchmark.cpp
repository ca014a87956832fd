#include "evidence/evidencebenchmark.h"

#include "evidence/evidencelocator.h"

#include <QElapsedTimer>

#include <algorithm>
#include <ctime>

using namespace Qt::StringLiterals;

namespace Rubricate {

namespace {

struct Figures {
    double median = 0;
    double best = 0;
};

// Medians rather than means: one scheduler hiccup on a busy machine must not move the figure.
Figures figures(QList<double> samples)
{
    std::sort(samples.begin(), samples.end());
    const qsizetype n = samples.size();
    const double median = n % 2 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
    return {median, samples.first()};
}

QString line(const QString &label, const Figures &f)
{
    return u"  %1 median %2 ms, best %3 ms\n"_s.arg(label.leftJustified(18),
                                                    QString::number(f.median, 'f', 3),
                                                    QString::number(f.best, 'f', 3));
}

} // namespace

QString runEvidenceBenchmark(const QString &reportText, const QStringList &quotes, int repeat)
{
    repeat = std::max(1, repeat);
    QList<double> construction, perQuote, slowest, whole, wholeCpu;
    QList<EvidenceStatus> statuses(quotes.size());
    QElapsedTimer timer;
    for (int round = 0; round < repeat; ++round) {
        // CPU time alongside wall time: on a busy machine the wall clock also counts the
        // time other processes held the core.
        const std::clock_t cpuStart = std::clock();
        timer.start();
        const EvidenceLocator locator(reportText);
        const qint64 built = timer.nsecsElapsed();
        qint64 previous = built;
        qint64 slowestQuote = 0;
        for (qsizetype k = 0; k < quotes.size(); ++k) {
            statuses[k] = locator.locate(quotes[k]).status;
            const qint64 now = timer.nsecsElapsed();
            slowestQuote = std::max(slowestQuote, now - previous);
            previous = now;
        }
        construction.append(built / 1e6);
        perQuote.append(quotes.isEmpty() ? 0.0 : (previous - built) / 1e6 / quotes.size());
        slowest.append(slowestQuote / 1e6);
        whole.append(previous / 1e6);
        wholeCpu.append(double(std::clock() - cpuStart) * 1000.0 / CLOCKS_PER_SEC);
    }

    const auto count = [&](EvidenceStatus status) {
        return QString::number(std::count(statuses.cbegin(), statuses.cend(), status));
    };
    QString out = u"Evidence locator: %1 characters, %2 quotes, %3 runs\n"_s.arg(
        QString::number(reportText.size()), QString::number(quotes.size()),
        QString::number(repeat));
    out += line(u"construction"_s, figures(construction));
    out += line(u"per quote (mean)"_s, figures(perQuote));
    out += line(u"slowest quote"_s, figures(slowest));
    out += u"  (the index is built by the first quote not found verbatim, in that quote's time)\n"_s;
    out += line(u"whole report"_s, figures(whole));
    out += line(u"whole report, CPU"_s, figures(wholeCpu));
    out += u"  results            %1 located, %2 partial, %3 not found, %4 empty\n"_s.arg(
        count(EvidenceStatus::Located), count(EvidenceStatus::PartlyLocated),
        count(EvidenceStatus::NotFound), count(EvidenceStatus::Empty));
    return out;
}

} // namespace Rubricate
