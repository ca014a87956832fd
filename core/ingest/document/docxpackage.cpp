#include "docxpackage.h"

#include <QHash>
#include <QStringList>
#include <QXmlStreamReader>

#include <archive.h>
#include <archive_entry.h>

#include <algorithm>
#include <functional>
#include <memory>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

const QString DefaultDocumentPart = u"word/document.xml"_s;
const QString PackageRelationships = u"_rels/.rels"_s;

struct ArchiveReadDeleter {
    void operator()(archive *a) const { archive_read_free(a); }
};

struct ZipContents {
    QStringList names;
    QHash<QString, QByteArray> parts; // key: lower-case name, see partKey()
    QString error;
};

// OPC part names are case-insensitive.
QString partKey(const QString &name)
{
    QString key = name.toLower();
    if (key.startsWith(u'/'))
        key.remove(0, 1);
    return key;
}

QString archiveError(archive *a, const QString &fallback)
{
    const char *message = archive_error_string(a);
    return message ? QString::fromUtf8(message) : fallback;
}

ZipContents readZip(const QByteArray &bytes, const std::function<bool(const QString &)> &wanted,
                    qint64 maxPartBytes)
{
    ZipContents contents;
    const std::unique_ptr<archive, ArchiveReadDeleter> zip(archive_read_new());
    archive_read_support_format_zip(zip.get());
    if (archive_read_open_memory(zip.get(), bytes.constData(), size_t(bytes.size()))
        != ARCHIVE_OK) {
        contents.error = u"not a zip archive (%1)"_s.arg(archiveError(zip.get(), u"unknown"_s));
        return contents;
    }

    for (;;) {
        archive_entry *entry = nullptr;
        const int status = archive_read_next_header(zip.get(), &entry);
        if (status == ARCHIVE_EOF)
            break;
        if (status < ARCHIVE_WARN) {
            const QString reason = archiveError(zip.get(), u"unreadable entry"_s);
            contents.error = contents.names.isEmpty() ? u"not a zip archive (%1)"_s.arg(reason)
                                                      : u"damaged zip archive (%1)"_s.arg(reason);
            return contents;
        }
        const char *utf8 = archive_entry_pathname_utf8(entry);
        const QString name = utf8 ? QString::fromUtf8(utf8)
                                  : QString::fromLocal8Bit(archive_entry_pathname(entry));
        contents.names.append(name);
        if (!wanted(partKey(name)))
            continue; // the next header call skips the entry's data

        QByteArray data;
        char chunk[64 * 1024];
        for (;;) {
            const la_ssize_t read = archive_read_data(zip.get(), chunk, sizeof chunk);
            if (read == 0)
                break;
            if (read < 0) {
                contents.error = u"cannot read %1 from the zip (%2)"_s.arg(
                    name, archiveError(zip.get(), u"read error"_s));
                return contents;
            }
            if (data.size() + read > maxPartBytes) {
                contents.error = u"%1 expands to more than %2 MiB"_s.arg(
                    name, QString::number(maxPartBytes / (1024 * 1024)));
                return contents;
            }
            data.append(chunk, qsizetype(read));
        }
        contents.parts.insert(partKey(name), data);
    }
    return contents;
}

// The package relationship of type officeDocument names the main part; Word always calls it
// word/document.xml, other writers need not.
QString officeDocumentTarget(const QByteArray &relationshipsXml)
{
    QXmlStreamReader xml(relationshipsXml);
    while (xml.readNextStartElement()) {
        if (xml.name() == u"Relationship"_s) {
            const QXmlStreamAttributes attributes = xml.attributes();
            if (attributes.value(u"Type"_s).endsWith(u"/officeDocument"_s)
                && attributes.value(u"TargetMode"_s) != u"External"_s) {
                QString target = partKey(attributes.value(u"Target"_s).toString());
                if (!target.isEmpty() && !target.contains(u".."_s))
                    return target;
            }
            xml.skipCurrentElement();
        } else if (xml.name() != u"Relationships"_s) {
            xml.skipCurrentElement();
        }
    }
    return {};
}

QString folderOf(const QString &partName)
{
    const qsizetype slash = partName.lastIndexOf(u'/');
    return slash < 0 ? QString() : partName.left(slash + 1);
}

} // namespace

DocxPackage readDocxPackage(const QByteArray &bytes, qint64 maxPartBytes)
{
    DocxPackage package;
    const QString defaultStyles = u"word/styles.xml"_s;
    ZipContents zip = readZip(
        bytes,
        [&](const QString &key) {
            return key == PackageRelationships || key == DefaultDocumentPart
                || key == defaultStyles;
        },
        maxPartBytes);
    if (!zip.error.isEmpty()) {
        package.error = zip.error;
        return package;
    }

    for (const QString &name : std::as_const(zip.names)) {
        if (partKey(name).startsWith(u"word/media/"_s) && !name.endsWith(u'/'))
            ++package.mediaCount;
    }

    QString documentPart = officeDocumentTarget(zip.parts.value(PackageRelationships));
    if (documentPart.isEmpty())
        documentPart = DefaultDocumentPart;
    const QString stylesPart = folderOf(documentPart) + u"styles.xml"_s;

    if (!zip.parts.contains(documentPart)) {
        const bool present
            = std::any_of(zip.names.cbegin(), zip.names.cend(),
                          [&](const QString &n) { return partKey(n) == documentPart; });
        if (!present) {
            package.error = u"not a Word document: the zip has no %1"_s.arg(documentPart);
            return package;
        }
        // A main part under another name: read it in a second pass over the bytes in memory.
        zip = readZip(
            bytes, [&](const QString &key) { return key == documentPart || key == stylesPart; },
            maxPartBytes);
        if (!zip.error.isEmpty()) {
            package.error = zip.error;
            return package;
        }
    }

    package.documentPartName = documentPart;
    package.documentXml = zip.parts.value(documentPart);
    package.stylesXml = zip.parts.value(stylesPart);
    return package;
}

} // namespace Rubricate
