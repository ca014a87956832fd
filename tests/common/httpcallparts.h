// The parts of a built judge call that tests look at: its JSON body and its headers.
#pragma once

#include "judge/judgeprovider.h"

#include <QJsonDocument>
#include <QJsonObject>

namespace RubricateTest {

inline QJsonObject bodyOf(const Rubricate::HttpCall &call)
{
    return QJsonDocument::fromJson(call.body).object();
}

inline QByteArray header(const Rubricate::HttpCall &call, const QByteArray &name)
{
    for (const auto &[n, v] : call.headers) {
        if (n.compare(name, Qt::CaseInsensitive) == 0)
            return v;
    }
    return {};
}

} // namespace RubricateTest
