#!/usr/bin/env python3
"""Writes the numeric-heavy bench workbook: ROWS rows × 10 columns laid out as Excel lays
them out (shared strings for the header and a label column, styles for dates): full-precision
doubles, tiny floats that Excel writes in scientific notation, integers, booleans, dates and
date-times. Deterministic: the same ROWS give the same bytes.

    bench/numeric-workbook.py ROWS OUT.xlsx
"""
import random
import sys
import zipfile

from xlsx_package import DECLARATION, MAIN as main, write_package

rows, out = int(sys.argv[1]), sys.argv[2]
rng = random.Random(7)
headers = ["id", "load", "ratio", "tiny", "reps", "done", "day", "moment", "score", "label"]
labels = ["Squat", "Bench", "Deadlift", "Row", "Press"]
strings = headers + labels

with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
    # Style 1: a date (numFmtId 14); style 2: a date and time (numFmtId 22).
    write_package(z, ["Numbers"],
                  '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>'
                  '<fills count="1"><fill><patternFill patternType="none"/></fill></fills>'
                  '<borders count="1"><border/></borders>'
                  '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
                  '<cellXfs count="3"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
                  '<xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
                  '<xf numFmtId="22" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/></cellXfs>',
                  strings)
    with z.open("xl/worksheets/sheet1.xml", "w", force_zip64=True) as sheet:
        sheet.write((DECLARATION + f'<worksheet xmlns="{main}">'
                     f'<dimension ref="A1:J{rows + 1}"/><sheetData><row r="1" spans="1:10">'
                     + "".join(f'<c r="{chr(65 + i)}1" t="s"><v>{i}</v></c>' for i in range(10))
                     + "</row>").encode())
        block = []
        for r in range(2, rows + 2):
            load = rng.uniform(0, 400)
            ratio = rng.random()
            tiny = rng.random() * 10 ** -rng.randint(5, 12)
            day = 45000 + rng.randint(0, 2000)
            moment = day + rng.randint(0, 86399) / 86400
            block.append(
                f'<row r="{r}" spans="1:10"><c r="A{r}"><v>{r - 1}</v></c><c r="B{r}"><v>{load!r}</v></c>'
                f'<c r="C{r}"><v>{ratio!r}</v></c><c r="D{r}"><v>{tiny!r}</v></c>'
                f'<c r="E{r}"><v>{rng.randint(1, 20)}</v></c><c r="F{r}" t="b"><v>{rng.randint(0, 1)}</v></c>'
                f'<c r="G{r}" s="1"><v>{day}</v></c><c r="H{r}" s="2"><v>{moment!r}</v></c>'
                f'<c r="I{r}"><v>{rng.uniform(-1e6, 1e6)!r}</v></c>'
                f'<c r="J{r}" t="s"><v>{10 + rng.randint(0, 4)}</v></c></row>')
            if len(block) == 2000:
                sheet.write("".join(block).encode())
                block = []
        sheet.write(("".join(block) + "</sheetData></worksheet>").encode())
