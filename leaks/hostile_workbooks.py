#!/usr/bin/env python3
"""Writes hostile and broken .xlsx files for `make leaks`, which reads each one under valgrind.

usage: hostile_workbooks.py DIRECTORY

Every file is a small, valid workbook bent in one way: XML entities and DTD declarations,
malformed or truncated parts, zip bombs, forged sizes, absurd values and attributes. TrainDB
must refuse each with a located error (or read it), and leak nothing while doing so.
"""
import io
import os
import struct
import sys
import zipfile

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELATIONSHIPS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PACKAGE = "http://schemas.openxmlformats.org/package/2006/relationships"
DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n'

BILLION_LAUGHS = '<!DOCTYPE lolz [<!ENTITY lol "lol">' + "".join(
    f'<!ENTITY lol{n} "{("&lol" + (str(n - 1) if n > 1 else "") + ";") * 10}">' for n in range(1, 10)
) + "]>\n"


def parts(sheet_data='<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1"><v>42</v></c></row>',
          strings=("Squat",)):
    """The parts of a one-sheet workbook with shared strings and styles."""
    items = "".join(f"<si><t>{text}</t></si>" for text in strings)
    return {
        "[Content_Types].xml": DECLARATION + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/'
        'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
        'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>',
        "_rels/.rels": DECLARATION + f'<Relationships xmlns="{PACKAGE}"><Relationship Id="rId1" '
        f'Type="{RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": DECLARATION + f'<workbook xmlns="{MAIN}" xmlns:r="{RELATIONSHIPS}"><sheets>'
        '<sheet name="exercises" sheetId="1" r:id="rId1"/></sheets></workbook>',
        "xl/_rels/workbook.xml.rels": DECLARATION + f'<Relationships xmlns="{PACKAGE}">'
        f'<Relationship Id="rId1" Type="{RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>'
        f'<Relationship Id="rId2" Type="{RELATIONSHIPS}/sharedStrings" Target="sharedStrings.xml"/>'
        f'<Relationship Id="rId3" Type="{RELATIONSHIPS}/styles" Target="styles.xml"/></Relationships>',
        "xl/worksheets/sheet1.xml": DECLARATION + f'<worksheet xmlns="{MAIN}"><sheetData>{sheet_data}'
        "</sheetData></worksheet>",
        "xl/sharedStrings.xml": DECLARATION + f'<sst xmlns="{MAIN}">{items}</sst>',
        "xl/styles.xml": DECLARATION + f'<styleSheet xmlns="{MAIN}"><cellXfs count="2"><xf numFmtId="0"/>'
        '<xf numFmtId="14"/></cellXfs></styleSheet>',
    }


def zipped(contents, level=6):
    """Zip bytes of {name: text or bytes}, deflated."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED, compresslevel=level) as archive:
        for name, content in contents.items():
            archive.writestr(name, content.encode() if isinstance(content, str) else content)
    return buffer.getvalue()


def with_doctype(part, doctype):
    """The workbook's parts with `doctype` put in front of `part`'s root element."""
    contents = parts()
    contents[part] = contents[part].replace(DECLARATION, DECLARATION + doctype, 1)
    return zipped(contents)


def declare_size(data, name, size):
    """Rewrites the uncompressed size that the local and central headers give for `name`."""
    data = bytearray(data)
    encoded = name.encode()
    start = data.find(encoded)
    while start >= 0:
        if data[start - 30:start - 26] == b"PK\x03\x04":
            struct.pack_into("<I", data, start - 30 + 22, size)
        if data[start - 46:start - 42] == b"PK\x01\x02":
            struct.pack_into("<I", data, start - 46 + 24, size)
        start = data.find(encoded, start + 1)
    return bytes(data)


def workbooks():
    """(file name, bytes) of every hostile workbook."""
    for part in ["xl/sharedStrings.xml", "xl/workbook.xml", "xl/worksheets/sheet1.xml", "xl/styles.xml",
                 "_rels/.rels", "xl/_rels/workbook.xml.rels"]:
        yield "entity-billion-laughs-" + part.replace("/", "_") + ".xlsx", with_doctype(part, BILLION_LAUGHS)
    yield "entity-external.xlsx", with_doctype(
        "xl/sharedStrings.xml", '<!DOCTYPE sst [<!ENTITY secret SYSTEM "file:///etc/passwd">]>\n')
    yield "entity-parameter.xlsx", with_doctype(
        "xl/worksheets/sheet1.xml", '<!DOCTYPE worksheet [<!ENTITY % p "<!ENTITY q \'x\'>"> %p;]>\n')
    yield "entity-unparsed.xlsx", with_doctype(
        "xl/worksheets/sheet1.xml",
        '<!DOCTYPE worksheet [<!NOTATION n SYSTEM "n"><!ENTITY u SYSTEM "u.bin" NDATA n>]>\n')
    defaults = "".join(f' a{n} CDATA "x"' for n in range(20_000))
    yield "dtd-default-attributes.xlsx", with_doctype(
        "xl/worksheets/sheet1.xml", f"<!DOCTYPE worksheet [<!ATTLIST c{defaults}>]>\n")
    yield "dtd-external.xlsx", with_doctype(
        "xl/worksheets/sheet1.xml", '<!DOCTYPE worksheet SYSTEM "http://127.0.0.1:9/never.dtd">\n')

    attributes = " ".join(f'a{n}="1"' for n in range(100_000))
    yield "attributes-100000-on-one-cell.xlsx", zipped(parts(f'<row r="1"><c r="A1" {attributes}><v>1</v></c></row>'))
    # Sizes stay small: valgrind runs 30-50 times slower, and the paths are the same at any size.
    yield "attribute-2mb.xlsx", zipped(parts('<row r="1"><c r="' + "AB" * 1_000_000 + '"><v>1</v></c></row>'), 1)
    yield "value-overflow.xlsx", zipped(parts('<row r="1"><c r="A1"><v>1e400</v></c></row>'))
    yield "value-not-a-number.xlsx", zipped(parts('<row r="1"><c r="A1"><v>' + "9x" * 100_000 + "</v></c></row>"))
    yield "value-shared-string-missing.xlsx", zipped(parts('<row r="1"><c r="A1" t="s"><v>7</v></c></row>'))
    yield "value-shared-string-2mb.xlsx", zipped(parts(strings=["Barbell " * 250_000]), 1)
    yield "xml-mismatched-tags.xlsx", zipped(parts('<row r="1"><c r="A1"><v>1</v></row>'))
    yield "xml-deep-nesting.xlsx", zipped(parts("<row>" * 100_000 + "</row>" * 100_000))
    contents = parts()
    contents["xl/sharedStrings.xml"] = contents["xl/sharedStrings.xml"][:-12]
    yield "xml-truncated-part.xlsx", zipped(contents)
    # What TrainDB's own XML tokenizer refuses (libxml2 reads only parts with a DTD).
    contents = parts()
    sheet1 = "xl/worksheets/sheet1.xml"
    contents[sheet1] = contents[sheet1].encode().replace(b"42", b"4\xc3\x28")
    yield "xml-invalid-utf8.xlsx", zipped(contents)
    for name, text in [("undefined-entity", "&nope;"), ("cdata-end-in-text", "]]>")]:
        yield f"xml-{name}.xlsx", zipped(parts(f'<row r="1"><c r="A1" t="inlineStr"><is><t>{text}</t></is></c></row>'))
    yield "xml-unclosed-comment.xlsx", zipped(parts('<row r="1"><c r="A1"><v>1</v></c></row><!-- never closed'))
    references = "&#x41;&amp;" * 100_000
    yield "xml-attribute-references-2mb.xlsx", zipped(
        parts(f'<row r="1" x="{references}"><c r="A1"><v>1</v></c></row>'), 1)
    rows = "".join(f'<row r="{n}"><c r="A{n}"><v>{n}</v></c><c r="B{n}" t="s"><v>0</v></c></row>'
                   for n in range(1, 20_000))
    yield "xml-broken-after-many-rows.xlsx", zipped(parts(rows + '<row r="20000"><broken></row>'))

    sheet = parts('<row r="1"><c r="A1"><v>1</v></c></row>' + " " * (8 << 20))
    yield "zip-inflates-past-declared-size.xlsx", declare_size(zipped(sheet, 9), "xl/worksheets/sheet1.xml", 1000)
    yield "zip-declares-4gb.xlsx", declare_size(zipped(parts()), "xl/worksheets/sheet1.xml", 0xF000_0000)
    yield "zip-ratio.xlsx", zipped(sheet, 9)
    whole = zipped(parts())
    yield "zip-truncated.xlsx", whole[: len(whole) * 2 // 3]
    yield "zip-not-a-zip.xlsx", b"exercise_id,display_name\nsquat,Squat\n"
    yield "zip-empty.xlsx", b""
    yield "zip-legacy-xls.xlsx", b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + bytes(504)
    contents = parts()
    del contents["xl/worksheets/sheet1.xml"]
    yield "package-missing-sheet.xlsx", zipped(contents)


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    os.makedirs(sys.argv[1], exist_ok=True)
    for name, data in workbooks():
        with open(os.path.join(sys.argv[1], name), "wb") as file:
            file.write(data)


if __name__ == "__main__":
    main()
