#include "quotemarks.h"

namespace Rubricate {

bool isTypographicQuote(char32_t c)
{
    switch (c) {
    case 0x00AB: // « »
    case 0x00BB:
    case 0x00B4: // acute accent used as an apostrophe
    case 0x02BC: // modifier apostrophe
    case 0x2018: // ‘ ’ ‚ ‛ “ ” „ ‟
    case 0x2019:
    case 0x201A:
    case 0x201B:
    case 0x201C:
    case 0x201D:
    case 0x201E:
    case 0x201F:
    case 0x2032: // ′ ″ ‵ ‶ (primes typed as quotes)
    case 0x2033:
    case 0x2035:
    case 0x2036:
    case 0x2039: // ‹ ›
    case 0x203A:
    case 0x300C: // 「 」 『 』
    case 0x300D:
    case 0x300E:
    case 0x300F:
    case 0x301D: // 〝 〞 〟
    case 0x301E:
    case 0x301F:
    case 0xFE41: // vertical corner brackets
    case 0xFE42:
    case 0xFE43:
    case 0xFE44:
        return true;
    default:
        return false;
    }
}

bool isTypographicDash(char32_t c)
{
    return (c >= 0x2010 && c <= 0x2015) || c == 0x2212 || c == 0xFE58 || c == 0xFE63 || c == 0xFF0D
        || c == 0x2E3A || c == 0x2E3B;
}

} // namespace Rubricate
