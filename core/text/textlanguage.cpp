#include "textlanguage.h"

#include "scriptclass.h"

#include <QList>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

constexpr int MinimumLetters = 40;
constexpr double ChineseShare = 0.2;
constexpr double LatinShare = 0.02;

struct LetterCount {
    qsizetype letters = 0;
    qsizetype cjk = 0;
};

LetterCount countLetters(QStringView text)
{
    LetterCount count;
    for (const char32_t c : text.toUcs4()) {
        if (isCjkIdeograph(c)) {
            ++count.cjk;
            ++count.letters;
        } else if (QChar::isLetter(c)) {
            ++count.letters;
        }
    }
    return count;
}

} // namespace

double cjkShare(QStringView text)
{
    const LetterCount count = countLetters(text);
    return count.letters == 0 ? 0.0 : double(count.cjk) / double(count.letters);
}

QString guessLanguage(QStringView text)
{
    const LetterCount count = countLetters(text);
    if (count.letters < MinimumLetters)
        return {};
    const double share = double(count.cjk) / double(count.letters);
    if (share >= ChineseShare)
        return u"zh"_s;
    if (share < LatinShare)
        return u"en"_s;
    return {};
}

QString normalizedLanguage(const QString &field)
{
    const QString f = field.trimmed().toLower();
    if (f.startsWith("zh"_L1) || f.startsWith("chinese"_L1) || f.startsWith("cn"_L1)
        || f.contains(u'中'))
        return u"zh"_s;
    if (f.startsWith("en"_L1))
        return u"en"_s;
    return {};
}

QString languageName(const QString &code)
{
    if (code == "zh"_L1)
        return u"Chinese"_s;
    if (code == "en"_L1)
        return u"English"_s;
    return code;
}

} // namespace Rubricate
