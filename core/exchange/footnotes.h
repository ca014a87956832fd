// Footnote letters for the undefined values of a pasted table: each distinct reason gets a
// letter (a, b, …, z, aa, …) the first time a cell needs it, and the reasons are listed under
// the table in that order.
#pragma once

#include <QString>
#include <QStringList>

namespace Rubricate {

class Footnotes
{
public:
    QString markFor(const QString &reason)
    {
        qsizetype at = m_reasons.indexOf(reason);
        if (at < 0) {
            at = m_reasons.size();
            m_reasons << reason;
        }
        return letter(at);
    }
    const QStringList &reasons() const { return m_reasons; }
    static QString letter(qsizetype i)
    {
        QString s;
        do {
            s.prepend(QChar(u'a' + int(i % 26)));
            i = i / 26 - 1;
        } while (i >= 0);
        return s;
    }

private:
    QStringList m_reasons;
};

} // namespace Rubricate
