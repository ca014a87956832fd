// Judge providers: failed calls and how they are classified (retry or give up, and after how
// long). Status codes and delays only, never a key, a prompt or a reply.
// QT_LOGGING_RULES="rubricate.judge.debug=true" turns it on.
#pragma once

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcJudge)
