#include "services/annotatoridentity.h"

#include <QSettings>
#include <QUuid>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

const QString idKey = u"annotator/id"_s;
const QString nameKey = u"annotator/name"_s;
const QString legacyNameKey = u"annotator"_s; // the free-text name of earlier versions

// Not in the settings: it belongs to the project open now, not to this machine.
std::optional<AnnotatorIdentity> &bound()
{
    static std::optional<AnnotatorIdentity> identity;
    return identity;
}

AnnotatorIdentity chosenOrLogin()
{
    if (const auto chosen = chosenAnnotator())
        return *chosen;
    const QString user = qEnvironmentVariable("USER");
    const QString name = user.isEmpty() ? u"annotator"_s : user;
    return {name, name};
}

} // namespace

std::optional<AnnotatorIdentity> chosenAnnotator()
{
    QSettings settings;
    const QString id = settings.value(idKey).toString();
    if (!id.isEmpty())
        return AnnotatorIdentity{id, settings.value(nameKey, id).toString()};
    const QString legacy = settings.value(legacyNameKey).toString().trimmed();
    if (!legacy.isEmpty())
        return AnnotatorIdentity{legacy, legacy};
    return std::nullopt;
}

AnnotatorIdentity currentIdentity()
{
    if (bound())
        return *bound();
    return chosenOrLogin();
}

void setBoundAnnotator(const std::optional<AnnotatorIdentity> &identity)
{
    bound() = identity;
}

std::optional<AnnotatorIdentity> boundAnnotator()
{
    return bound();
}

void chooseAnnotator(const AnnotatorIdentity &identity)
{
    QSettings settings;
    settings.remove(legacyNameKey);
    settings.setValue(idKey, identity.id);
    settings.setValue(nameKey, identity.name.trimmed());
}

void renameCurrentAnnotator(const QString &name)
{
    chooseAnnotator({chosenOrLogin().id, name});
}

QString newAnnotatorId()
{
    return QUuid::createUuid().toString(QUuid::WithoutBraces);
}

QString currentAnnotator()
{
    return currentIdentity().id;
}

QString currentAnnotatorName()
{
    return currentIdentity().name;
}

} // namespace Rubricate
