#!/usr/bin/env python3
"""Writes the seed corpora in tests/fuzz/corpus/<target>/ (committed; rerun after editing).

The seeds mirror the fixtures the unit tests build at test time (tst_replyparsing,
tst_textdocument, tst_htmldocument, tst_docxdocument, tst_pdfdocument, tst_archivereader): small, valid inputs of each format plus the
quirks each parser repairs, so that the fuzzer starts from the interesting shapes instead of
discovering zip or PDF structure from nothing. Deterministic: same bytes on every run.
"""
import gzip
import io
import bz2
import lzma
import pathlib
import shutil
import tarfile
import zipfile
import warnings
import zlib

HERE = pathlib.Path(__file__).resolve().parent
CORPUS = HERE / "corpus"
FIXED_DATE = (2024, 1, 1, 0, 0, 0)
WORD_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main"


def write(target, name, data):
    folder = CORPUS / target
    folder.mkdir(parents=True, exist_ok=True)
    (folder / name).write_bytes(data.encode("utf-8") if isinstance(data, str) else data)


def lenient_json():
    body = ('{"results": [{"rubric_item": "Names the 2019 budget", "score": 1, '
            '"reason": "stated", "evidence": ["p. 3"]}, {"rubric_item": "Cites sources", '
            '"score": -1, "reason": "none", "evidence": []}]}')
    seeds = {
        "plain": body,
        "array": '[{"a": 1}, {"a": 2}]',
        "fence": "Here is my evaluation:\n```json\n" + body + "\n```\nDone.",
        "prose": 'Scores [as requested] follow (see [1]): ' + body + " Thanks.",
        "example-first": 'Format: {"score": 0}. Answer: ' + body,
        "bom": "\ufeff" + body,
        "trailing-commas": '{"a": [1, 2,], "b": {"c": 3,},}',
        "smart-quotes": "{\u201ca\u201d: \u201cx\u201d, \u201cb\u201d: \u2018y\u2019}",
        "python": "{'a': True, 'b': None, 'c': False, 'd': 'it\\'s'}",
        "comments": '{"a": 1, // one\n /* two */ "b": "http://x.org/y"}',
        "missing-comma": '{"a": 1\n"b": 2}\n',
        "unquoted-keys": "{a: 1, b_c: [2, 3]}",
        "raw-newline": '{"a": "line\none\ttab"}',
        "escapes": '{"a": "\\q \\u00e9 \\n \\ud83d\\ude00 \\"q\\""}',
        "drb2-key-quote": '{"rubric_item": "He said "yes" to it", "score": 1}',
        "stray-comma": '{"a": 1,, "b": 2}',
        "truncated-string": '{"results": [{"rubric_item": "a", "score": 1}, {"rubric_item": "b, cut',
        "truncated-escape": '{"results": [{"reason": "x\\u00',
        "truncated-nested": '{"results": [{"evidence": ["a", ["b", {"c": ',
        "refusal": "I cannot evaluate this report.",
    }
    for name, text in seeds.items():
        write("lenientjson", name + ".txt", text)


def jsonl():
    write("jsonl", "tasks.jsonl",
          '{"idx": 1, "prompt": "Compare A and B", "rubric": [{"item": "x", "weight": 2}]}\n'
          '{"idx": 2, "prompt": "\\u4e2d\\u6587", "language": "zh"}\r\n\n')
    write("jsonl", "bom-and-bad.jsonl",
          b'\xef\xbb\xbf{"a": 1}\nnot json\n[1, 2]\n{"b": "\xff"}\n{"c": {"d": [true, null]}}')
    write("jsonl", "blank.jsonl", " \n\t\n")


def text_decoding():
    seeds = {
        "ascii": b"# Title\r\n\r\n| a | b |\n|---|---|\n",
        "bom": b"\xef\xbb\xbfwith bom",
        "stray": b"a\xff b\xfe",
        "truncated": b"x\xe4\xb8y",
        "surrogate": b"s\xed\xa0\x80t",
        "overlong": b"\xc0\x80ok",
        "restart": b"\xe4\xb8\xe4\xb8\xad",
        "beyond": b"a\xf4\x90\x80\x80",
        "emoji-cut": b"\xf0\x9f\x98\x80\xf0\x9f\x98",
        "continuations": b"ok\x80\x80\x80",
    }
    for name, data in seeds.items():
        write("textdecoding", name + ".txt", data)


def html():
    write("html", "report.html", """<!DOCTYPE html>
<html><head><title>Title text</title><meta charset="iso-8859-1">
<style>p { color: red }</style><script>var x = "<p>hidden</p>";</script>
<link rel="stylesheet" href="https://example.org/s.css"></head>
<body><h1>Report</h1><h3>Sub &amp; section</h3>
<p>Text with <a href="https://example.org">a link</a>, <b>bold</b>&nbsp;&eacute;&#x4e2d;&#20013;.</p>
<ul><li>One<ol><li>Nested</li></ol></li><li>Two</li></ul>
<pre>  code
  block</pre><br><hr><blockquote>quoted</blockquote>
<img src="https://example.org/a.png"><iframe src="x"></iframe><noscript>no</noscript>
<div hidden>invisible</div><p style="display:none">none</p><template>t</template>
</body></html>""")
    write("html", "table.html", """<table><caption>Cap</caption><thead><tr><th colspan="2">H|1</th>
<th rowspan="2">H2</th></tr></thead><tbody><tr><td>a<br>b</td><td>c</td></tr>
<tr><td colspan="3"><table><tr><td>inner</td></tr></table></td></tr></tbody></table>""")
    write("html", "broken.html", b"<p>unclosed <b>bold <i>it</p></b> \xff\xfe <div><span>"
          b"<![CDATA[x]]><!-- c --><?pi?></td></tr>&bogus; &#xD800; &#0;")
    write("html", "nested.html", "<p>top</p>" + "<div>" * 40 + "deep" + "</div>" * 40)


def zip_bytes(entries, compression=zipfile.ZIP_DEFLATED):
    buffer = io.BytesIO()
    # A duplicate entry name is one of the seeds; zipfile warns about it.
    with warnings.catch_warnings(), zipfile.ZipFile(buffer, "w", compression) as z:
        warnings.simplefilter("ignore")
        for name, data in entries:
            info = zipfile.ZipInfo(name, FIXED_DATE)
            info.compress_type = compression
            info.external_attr = (0o40755 if name.endswith("/") else 0o100644) << 16
            z.writestr(info, data)
    return buffer.getvalue()


def docx_entries(body, extra=()):
    content_types = ('<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.'
                     'openxmlformats.org/package/2006/content-types"><Default Extension="xml" '
                     'ContentType="application/xml"/></Types>')
    rels = ('<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.'
            'openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" '
            'Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
            'officeDocument" Target="word/document.xml"/></Relationships>')
    document = ('<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="' + WORD_NS
                + '" xmlns:mc="http://schemas.openxmlformats.org/markup-compatibility/2006" '
                'xmlns:v="urn:schemas-microsoft-com:vml"><w:body>' + body
                + "<w:sectPr/></w:body></w:document>")
    return [("[Content_Types].xml", content_types), ("_rels/.rels", rels),
            ("word/document.xml", document), *extra]


def paragraph(text, properties=""):
    props = "<w:pPr>" + properties + "</w:pPr>" if properties else ""
    return '<w:p>' + props + '<w:r><w:t xml:space="preserve">' + text + "</w:t></w:r></w:p>"


def docx():
    body = (paragraph("Report Title", '<w:pStyle w:val="Title"/>')
            + paragraph("Findings", '<w:pStyle w:val="Heading1"/>')
            + "<w:p><w:r><w:t>Before</w:t><w:tab/><w:t>after</w:t><w:br/><w:cr/></w:r></w:p>"
            + paragraph("Item", '<w:numPr><w:ilvl w:val="1"/><w:numId w:val="1"/></w:numPr>')
            + paragraph("Localised", '<w:pStyle w:val="2"/>')
            + "<w:tbl><w:tblGrid><w:gridCol/><w:gridCol/></w:tblGrid><w:tr><w:tc><w:tcPr>"
              '<w:gridSpan w:val="2"/></w:tcPr>' + paragraph("H|1") + "</w:tc></w:tr><w:tr>"
              '<w:tc><w:tcPr><w:vMerge w:val="restart"/></w:tcPr>' + paragraph("a")
            + "</w:tc><w:tc>" + paragraph("b") + "</w:tc></w:tr></w:tbl>"
            + "<w:p><w:del><w:r><w:delText>gone</w:delText></w:r></w:del><w:r><mc:Alternate"
              "Content><mc:Choice><w:t>Choice</w:t></mc:Choice><mc:Fallback><w:t>Fallback"
              "</w:t></mc:Fallback></mc:AlternateContent></w:r></w:p>"
            + "<w:sdt><w:sdtContent>" + paragraph("In a control") + "</w:sdtContent></w:sdt>")
    styles = ('<?xml version="1.0"?><w:styles xmlns:w="' + WORD_NS + '"><w:style '
              'w:type="paragraph" w:styleId="2"><w:name w:val="heading 2"/></w:style>'
              '<w:style w:type="paragraph" w:styleId="ListBullet"><w:name w:val="List Bullet"/>'
              '<w:pPr><w:numPr><w:numId w:val="7"/></w:numPr></w:pPr></w:style></w:styles>')
    full = zip_bytes(docx_entries(body, [("word/styles.xml", styles),
                                         ("word/media/image1.png", b"\x89PNG fake")]))
    write("docx", "full.docx", full)
    write("docx", "stored.docx", zip_bytes(docx_entries(paragraph("Plain")), zipfile.ZIP_STORED))
    write("docx", "broken-xml.docx", zip_bytes(docx_entries(paragraph("Kept") + "<w:p><w:r>")))
    write("zipentry", "docx.zip", full)
    write("zipentry", "folders.zip", zip_bytes([("a/", b""), ("a/b.txt", b"bee"),
                                                ("\u00e9t\u00e9.md", b"summer")]))


def pdf(pages, compress=False, extra_objects=(), trailer_extra=""):
    """A hand-written PDF: a catalog, a page tree, one page and content stream per text."""
    objects = ["<< /Type /Catalog /Pages 2 0 R >>", None,
               "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    kids = []
    for text in pages:
        stream = ("BT /F1 12 Tf 20 100 Td (" + text + ") Tj ET").encode("latin-1")
        header = "/Length %d" % len(stream)
        if compress:
            stream = zlib.compress(stream)
            header = "/Length %d /Filter /FlateDecode" % len(stream)
        objects.append(b"<< " + header.encode() + b" >>\nstream\n" + stream + b"\nendstream")
        content = len(objects)
        objects.append("<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] "
                       "/Resources << /Font << /F1 3 0 R >> >> /Contents %d 0 R >>" % content)
        kids.append("%d 0 R" % len(objects))
    objects[1] = "<< /Type /Pages /Kids [%s] /Count %d >>" % (" ".join(kids), len(kids))
    objects.extend(extra_objects)
    out = b"%PDF-1.4\n"
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        body = body.encode("latin-1") if isinstance(body, str) else body
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for offset in offsets:
        out += b"%010d 00000 n \n" % offset
    out += ("trailer\n<< /Size %d /Root 1 0 R %s>>\nstartxref\n%d\n%%%%EOF\n"
            % (len(objects) + 1, trailer_extra, xref)).encode()
    return out


def pdfs():
    write("pdf", "two-pages.pdf", pdf(["First page text", "Second (page) \\050text\\051"]))
    write("pdf", "flate.pdf", pdf(["Compressed stream"], compress=True))
    write("pdf", "empty-page.pdf", pdf([""]))
    encrypt = ("<< /Filter /Standard /V 1 /R 2 /O <" + "1" * 64 + "> /U <" + "2" * 64
               + "> /P -4 >>")
    write("pdf", "encrypted.pdf", pdf(["secret"], extra_objects=[encrypt],
                                      trailer_extra="/Encrypt 6 0 R /ID [<00> <00>] "))
    write("pdf", "no-xref.pdf", pdf(["Reconstructed"])[:-60])


def tar_bytes(entries, mode):
    buffer = io.BytesIO()
    with tarfile.open(fileobj=buffer, mode=mode, format=tarfile.PAX_FORMAT) as t:
        for name, kind, data in entries:
            info = tarfile.TarInfo(name)
            info.mtime = 1704067200
            info.type = kind
            if kind == tarfile.SYMTYPE or kind == tarfile.LNKTYPE:
                info.linkname = data
                data = b""
            info.size = len(data)
            t.addfile(info, io.BytesIO(data))
    return buffer.getvalue()


def archives():
    entries = [("bundle/", tarfile.DIRTYPE, b""), ("bundle/tasks.jsonl", tarfile.REGTYPE,
                                                   b'{"idx": 1}\n'),
               ("bundle/reports/r\u00e9port.md", tarfile.REGTYPE, b"# Report\n"),
               ("../escape.txt", tarfile.REGTYPE, b"no"),
               ("bundle/link", tarfile.SYMTYPE, "/etc/passwd"),
               ("bundle/hard", tarfile.LNKTYPE, "bundle/tasks.jsonl")]
    write("archive", "bundle.tar", tar_bytes(entries, "w"))
    write("archive", "bundle.tar.gz", gzip.compress(tar_bytes(entries[:3], "w"), mtime=0))
    write("archive", "bundle.tar.xz", lzma.compress(tar_bytes(entries[:2], "w")))
    write("archive", "bundle.tar.bz2", bz2.compress(tar_bytes(entries[:2], "w")))
    write("archive", "bundle.zip", zip_bytes([("bundle/", b""), ("bundle/a.jsonl", b"{}\n"),
                                              ("..\\evil.txt", b"x"), ("/abs.txt", b"y"),
                                              ("bundle/a.jsonl", b"duplicate")]))


def main():
    shutil.rmtree(CORPUS, ignore_errors=True)
    lenient_json()
    jsonl()
    text_decoding()
    html()
    docx()
    pdfs()
    archives()


if __name__ == "__main__":
    main()
