#!/usr/bin/env python3
"""Writes the many-sheets bench workbook: SHEETS small sheets (a header and 20 rows of a
label, a shared string, two numbers and a date each), as a data team's workbook that grew a
sheet per client or per week. Deterministic: the same SHEETS give the same bytes.

    bench/many-sheets-workbook.py SHEETS OUT.xlsx
"""
import sys
import zipfile

sheets, out = int(sys.argv[1]), sys.argv[2]
main = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
rel = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
office = "application/vnd.openxmlformats-officedocument.spreadsheetml"
strings = ["exercise", "sets", "load", "day", "Squat", "Bench", "Deadlift", "Row", "Press"]

with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    overrides = "".join(
        f'<Override PartName="/xl/worksheets/sheet{n}.xml" ContentType="{office}.worksheet+xml"/>'
        for n in range(1, sheets + 1))
    z.writestr("[Content_Types].xml",
               '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
               '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
               '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
               '<Default Extension="xml" ContentType="application/xml"/>'
               f'<Override PartName="/xl/workbook.xml" ContentType="{office}.sheet.main+xml"/>'
               f'<Override PartName="/xl/styles.xml" ContentType="{office}.styles+xml"/>'
               f'<Override PartName="/xl/sharedStrings.xml" ContentType="{office}.sharedStrings+xml"/>'
               + overrides + "</Types>")
    z.writestr("_rels/.rels",
               '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
               '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
               f'<Relationship Id="rId1" Type="{rel}/officeDocument" Target="xl/workbook.xml"/></Relationships>')
    z.writestr("xl/workbook.xml",
               f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="{main}" xmlns:r="{rel}"><sheets>'
               + "".join(f'<sheet name="Week {n}" sheetId="{n}" r:id="rId{n}"/>' for n in range(1, sheets + 1))
               + "</sheets></workbook>")
    z.writestr("xl/_rels/workbook.xml.rels",
               '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
               '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
               + "".join(f'<Relationship Id="rId{n}" Type="{rel}/worksheet" Target="worksheets/sheet{n}.xml"/>'
                         for n in range(1, sheets + 1))
               + f'<Relationship Id="rId{sheets + 1}" Type="{rel}/styles" Target="styles.xml"/>'
               f'<Relationship Id="rId{sheets + 2}" Type="{rel}/sharedStrings" Target="sharedStrings.xml"/>'
               "</Relationships>")
    z.writestr("xl/styles.xml",
               f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<styleSheet xmlns="{main}">'
               '<cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs>'
               '</styleSheet>')
    z.writestr("xl/sharedStrings.xml",
               f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="{main}" '
               f'count="{len(strings)}" uniqueCount="{len(strings)}">'
               + "".join(f"<si><t>{s}</t></si>" for s in strings) + "</sst>")
    for n in range(1, sheets + 1):
        rows = ['<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c>'
                '<c r="C1" t="s"><v>2</v></c><c r="D1" t="s"><v>3</v></c></row>']
        for r in range(2, 22):
            rows.append(f'<row r="{r}"><c r="A{r}" t="s"><v>{4 + (n + r) % 5}</v></c><c r="B{r}"><v>{1 + r % 5}</v></c>'
                        f'<c r="C{r}"><v>{20 + (n * r) % 180}.5</v></c><c r="D{r}" s="1"><v>{45000 + n}</v></c></row>')
        z.writestr(f"xl/worksheets/sheet{n}.xml",
                   f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<worksheet xmlns="{main}"><sheetData>'
                   + "".join(rows) + "</sheetData></worksheet>")
