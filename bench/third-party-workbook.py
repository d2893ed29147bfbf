#!/usr/bin/env python3
"""Writes a bench workbook with another program's writer, so that `make bench` measures the
reader on the files users actually bring, not only on the ones bench/ lays out itself.

    bench/third-party-workbook.py xlsxwriter|openpyxl mixed ROWS OUT.xlsx
    bench/third-party-workbook.py xlsxwriter|openpyxl sheets SHEETS OUT.xlsx

mixed: ROWS data rows under a header, 10 columns: four text columns drawn from pools of
25,008 distinct strings in all (shared strings, as both writers store text), full-precision
doubles, tiny floats, integers, booleans and date-times.
sheets: SHEETS sheets of a header and 20 rows (a label, an integer, a number, a date).
Deterministic: the same arguments give the same cells (the writers stamp the file's date).
"""
import datetime
import random
import sys

writer, kind, size, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]

HEADERS = ["id", "exercise", "load", "tiny", "reps", "done", "category", "moment", "cue", "note"]
POOLS = [
    [f"Exercise {n} – variation {n % 7}" for n in range(5000)],
    ["Strength", "Mobility", "Cardio", "Balance", "Plyometrics", "Stretching", "Core", "Power"],
    [f"Keep the spine neutral and move slowly, cue {n}" for n in range(2000)],
    [f"Note {n}: progress when form is stable" for n in range(18000)],
]
EPOCH = datetime.datetime(2023, 1, 1)


def mixed_rows(rows):
    rng = random.Random(11)
    yield HEADERS
    for r in range(1, rows + 1):
        moment = EPOCH + datetime.timedelta(days=rng.randint(0, 2000), seconds=rng.randint(0, 86399))
        yield [r, rng.choice(POOLS[0]), rng.uniform(0, 400), rng.random() * 10 ** -rng.randint(5, 12),
               rng.randint(1, 20), rng.random() < 0.5, rng.choice(POOLS[1]), moment,
               rng.choice(POOLS[2]), rng.choice(POOLS[3])]


def small_sheet(n):
    yield ["exercise", "sets", "load", "day"]
    for r in range(2, 22):
        yield [POOLS[0][(n * 31 + r) % 5000], 1 + r % 5, 20 + (n * r) % 180 + 0.5,
               datetime.date(2023, 1, 1) + datetime.timedelta(days=n)]


def sheets():
    if kind == "mixed":
        return [("Exercises", mixed_rows(size))]
    return [(f"Week {n}", small_sheet(n)) for n in range(1, size + 1)]


def with_xlsxwriter():
    import xlsxwriter
    workbook = xlsxwriter.Workbook(out)
    moment = workbook.add_format({"num_format": "yyyy-mm-dd hh:mm:ss"})
    day = workbook.add_format({"num_format": "yyyy-mm-dd"})
    for name, rows in sheets():
        sheet = workbook.add_worksheet(name)
        for r, row in enumerate(rows):
            for c, value in enumerate(row):
                if isinstance(value, datetime.datetime):
                    sheet.write_datetime(r, c, value, moment)
                elif isinstance(value, datetime.date):
                    sheet.write_datetime(r, c, datetime.datetime.combine(value, datetime.time()), day)
                else:
                    sheet.write(r, c, value)
    workbook.close()


def with_openpyxl():
    import openpyxl
    workbook = openpyxl.Workbook(write_only=True)
    for name, rows in sheets():
        sheet = workbook.create_sheet(name)
        for row in rows:
            sheet.append(row)
    workbook.save(out)


{"xlsxwriter": with_xlsxwriter, "openpyxl": with_openpyxl}[writer]()
