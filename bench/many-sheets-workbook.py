#!/usr/bin/env python3
"""Writes the many-sheets bench workbook: SHEETS small sheets (a header and 20 rows of a
label, a shared string, two numbers and a date each), as a data team's workbook that grew a
sheet per client or per week. Deterministic: the same SHEETS give the same bytes.

    bench/many-sheets-workbook.py SHEETS OUT.xlsx
"""
import sys
import zipfile

from xlsx_package import DECLARATION, MAIN as main, write_package

sheets, out = int(sys.argv[1]), sys.argv[2]
strings = ["exercise", "sets", "load", "day", "Squat", "Bench", "Deadlift", "Row", "Press"]

with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    # Style 1: a date (numFmtId 14).
    write_package(z, [f"Week {n}" for n in range(1, sheets + 1)],
                  '<cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14" applyNumberFormat="1"/></cellXfs>', strings)
    for n in range(1, sheets + 1):
        rows = ['<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c>'
                '<c r="C1" t="s"><v>2</v></c><c r="D1" t="s"><v>3</v></c></row>']
        for r in range(2, 22):
            rows.append(f'<row r="{r}"><c r="A{r}" t="s"><v>{4 + (n + r) % 5}</v></c><c r="B{r}"><v>{1 + r % 5}</v></c>'
                        f'<c r="C{r}"><v>{20 + (n * r) % 180}.5</v></c><c r="D{r}" s="1"><v>{45000 + n}</v></c></row>')
        z.writestr(f"xl/worksheets/sheet{n}.xml",
                   DECLARATION + f'<worksheet xmlns="{main}"><sheetData>'
                   + "".join(rows) + "</sheetData></worksheet>")
