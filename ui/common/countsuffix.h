// A spin box whose unit follows its count: "1 request at once", "4 requests at once". The
// suffix is a tr() with %n (numerus forms in the .ts files), read again on every change.
#pragma once

#include <QSpinBox>

namespace Rubricate {

// `suffix(n)` gives the text after the number, e.g. tr(" request(s) at once", nullptr, n).
template<typename Suffix>
void setCountSuffix(QSpinBox *box, Suffix suffix)
{
    const auto update = [box, suffix](int n) {
        box->setSuffix(suffix(n));
    };
    update(box->value());
    QObject::connect(box, &QSpinBox::valueChanged, box, update);
}

} // namespace Rubricate
