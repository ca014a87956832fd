// The project database: QT_LOGGING_RULES="rubricate.store=true" shows migrations (info) and
// connections opened and closed (debug). Locations and versions only, never row contents.
#pragma once

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcStore)
