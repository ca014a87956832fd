// Word packages built in memory at test time, so that no binary .docx lives in the repository
// and each hostile case is visible in the test that uses it.
#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

#include <archive.h>
#include <archive_entry.h>

#include <utility>

namespace RubricateTest {

inline constexpr char WordNs[] = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";

// A zip written with libarchive in memory, the way Word packages a .docx.
inline QByteArray makeZip(const QList<std::pair<QString, QByteArray>> &entries)
{
    QByteArray out;
    archive *zip = archive_write_new();
    archive_write_set_format_zip(zip);
    archive_write_set_bytes_in_last_block(zip, 1);
    archive_write_open(
        zip, &out, nullptr,
        [](archive *, void *client, const void *buffer, size_t length) -> la_ssize_t {
            static_cast<QByteArray *>(client)->append(static_cast<const char *>(buffer),
                                                      qsizetype(length));
            return la_ssize_t(length);
        },
        nullptr);
    for (const auto &[name, data] : entries) {
        archive_entry *entry = archive_entry_new();
        archive_entry_set_pathname(entry, name.toUtf8().constData());
        archive_entry_set_size(entry, data.size());
        archive_entry_set_filetype(entry, AE_IFREG);
        archive_entry_set_perm(entry, 0644);
        archive_write_header(zip, entry);
        archive_write_data(zip, data.constData(), size_t(data.size()));
        archive_entry_free(entry);
    }
    archive_write_close(zip);
    archive_write_free(zip);
    return out;
}

inline QByteArray contentTypes()
{
    return R"(<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">
<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>
<Default Extension="xml" ContentType="application/xml"/>
<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>
</Types>)";
}

inline QByteArray packageRelationships(const QByteArray &target = "word/document.xml")
{
    return R"(<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">
<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target=")"
        + target + R"("/>
</Relationships>)";
}

// word/document.xml around `body`, with the namespaces Word declares.
inline QByteArray wordDocument(const QByteArray &body)
{
    return R"(<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w=")"
        + QByteArray(WordNs) + R"(" )"
        + R"(xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" )"
        + R"(xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" )"
        + R"(xmlns:v="urn:schemas-microsoft-com:vml" )"
        + R"(xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006">)" + "<w:body>"
        + body + "<w:sectPr/></w:body></w:document>";
}

inline QByteArray makeDocx(const QByteArray &documentXml,
                           const QList<std::pair<QString, QByteArray>> &extraEntries = {})
{
    using namespace Qt::StringLiterals;
    QList<std::pair<QString, QByteArray>> entries = {
        {u"[Content_Types].xml"_s, contentTypes()},
        {u"_rels/.rels"_s, packageRelationships()},
        {u"word/document.xml"_s, documentXml},
    };
    entries.append(extraEntries);
    return makeZip(entries);
}

inline QByteArray paragraph(const QByteArray &text, const QByteArray &properties = {})
{
    return "<w:p>" + (properties.isEmpty() ? QByteArray() : "<w:pPr>" + properties + "</w:pPr>")
        + "<w:r><w:t xml:space=\"preserve\">" + text + "</w:t></w:r></w:p>";
}

} // namespace RubricateTest
