"""The parts every generated bench workbook shares: content types, relationships, the workbook
with its sheets, styles and shared strings, laid out as Excel lays them out. The scripts beside
this one add the worksheets."""

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
OFFICE = "application/vnd.openxmlformats-officedocument.spreadsheetml"
DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'


def write_package(z, sheet_names, styles, strings):
    """Writes into the ZipFile `z` everything but the worksheets: sheet n of `sheet_names` is
    xl/worksheets/sheet{n}.xml (relationship rIdn), then the styles (`styles`: the styleSheet's
    inner XML) and the shared strings `strings`."""
    count = len(sheet_names)
    z.writestr("[Content_Types].xml",
               DECLARATION + '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
               '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
               '<Default Extension="xml" ContentType="application/xml"/>'
               f'<Override PartName="/xl/workbook.xml" ContentType="{OFFICE}.sheet.main+xml"/>'
               + "".join(f'<Override PartName="/xl/worksheets/sheet{n}.xml" ContentType="{OFFICE}.worksheet+xml"/>'
                         for n in range(1, count + 1))
               + f'<Override PartName="/xl/styles.xml" ContentType="{OFFICE}.styles+xml"/>'
               f'<Override PartName="/xl/sharedStrings.xml" ContentType="{OFFICE}.sharedStrings+xml"/></Types>')
    z.writestr("_rels/.rels",
               DECLARATION + '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
               f'<Relationship Id="rId1" Type="{REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>')
    z.writestr("xl/workbook.xml",
               DECLARATION + f'<workbook xmlns="{MAIN}" xmlns:r="{REL}"><sheets>'
               + "".join(f'<sheet name="{name}" sheetId="{n}" r:id="rId{n}"/>'
                         for n, name in enumerate(sheet_names, start=1))
               + "</sheets></workbook>")
    z.writestr("xl/_rels/workbook.xml.rels",
               DECLARATION + '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
               + "".join(f'<Relationship Id="rId{n}" Type="{REL}/worksheet" Target="worksheets/sheet{n}.xml"/>'
                         for n in range(1, count + 1))
               + f'<Relationship Id="rId{count + 1}" Type="{REL}/styles" Target="styles.xml"/>'
               f'<Relationship Id="rId{count + 2}" Type="{REL}/sharedStrings" Target="sharedStrings.xml"/>'
               "</Relationships>")
    z.writestr("xl/styles.xml", DECLARATION + f'<styleSheet xmlns="{MAIN}">' + styles + "</styleSheet>")
    z.writestr("xl/sharedStrings.xml",
               DECLARATION + f'<sst xmlns="{MAIN}" count="{len(strings)}" uniqueCount="{len(strings)}">'
               + "".join(f"<si><t>{s}</t></si>" for s in strings) + "</sst>")
