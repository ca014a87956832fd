// A cheap guess at the language of a text: enough to notice a report written in another
// language than its task and rubrics (an English report for a Chinese task is scored by
// criteria it was never asked to meet), without a language model. It tells Chinese from
// text in a Latin script by the share of CJK ideographs among the letters.
#pragma once

#include <QString>

namespace Rubricate {

// CJK ideographs among the letters of `text`, 0 … 1; 0 when it has no letters.
double cjkShare(QStringView text);

// "zh" when at least a fifth of the letters are CJK ideographs (a Chinese report keeps that
// share even with English sources and names in it), "en" when fewer than one in fifty are
// (an English report quoting a Chinese name), empty when the text is too short (under 40
// letters) or too mixed to say. "en" stands for any text in a Latin script.
QString guessLanguage(QStringView text);

// A language field as the benchmarks write it ("zh", "zh-CN", "Chinese", "中文", "en" …) as
// guessLanguage codes it; empty when it is neither.
QString normalizedLanguage(const QString &field);

// "Chinese" or "English", for messages.
QString languageName(const QString &code);

} // namespace Rubricate
