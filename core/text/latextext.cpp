#include "latextext.h"

namespace Rubricate {

using namespace Qt::StringLiterals;

QString latexEscaped(const QString &text)
{
    QString out;
    out.reserve(text.size() + 16);
    for (const QChar c : text.simplified()) {
        switch (c.unicode()) {
        case u'\\':
            out += u"\\textbackslash{}"_s;
            break;
        case u'&':
        case u'%':
        case u'$':
        case u'#':
        case u'_':
        case u'{':
        case u'}':
            out += u'\\';
            out += c;
            break;
        case u'~':
            out += u"\\textasciitilde{}"_s;
            break;
        case u'^':
            out += u"\\textasciicircum{}"_s;
            break;
        // OT1 fonts print these as other glyphs (¡ ¿ —) unless asked for by name.
        case u'<':
            out += u"\\textless{}"_s;
            break;
        case u'>':
            out += u"\\textgreater{}"_s;
            break;
        case u'|':
            out += u"\\textbar{}"_s;
            break;
        // pdfLaTeX's utf8 input has no definition for these.
        case 0x2212: // minus sign
            out += u"\\ensuremath{-}"_s;
            break;
        case 0x03BA: // kappa
            out += u"\\ensuremath{\\kappa}"_s;
            break;
        case 0x03B1: // alpha
            out += u"\\ensuremath{\\alpha}"_s;
            break;
        default:
            out += c;
        }
    }
    return out;
}

} // namespace Rubricate
