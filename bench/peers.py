#!/usr/bin/env python3
"""Times other xlsx readers on the benchmark workbook, for `make bench` (xlsx-bench).

usage: peers.py calamine|calamine-process|fastexcel-process|openpyxl FILE [REPEAT]
Prints one JSON line: {"tool", "best", "runs", "cells"}; times exclude interpreter start-up.
calamine-process builds the Python lists of every sheet, fastexcel-process the Arrow arrays of
every sheet: xlsx-bench times these whole processes against `traindb xlsx dump`'s.
"""
import json
import sys
import time
import warnings

warnings.simplefilter("ignore")


def calamine(path):
    import python_calamine
    rows = python_calamine.CalamineWorkbook.from_path(path).get_sheet_by_index(0).to_python()
    return sum(len(row) for row in rows)


def calamine_every_sheet(path):
    import python_calamine
    workbook = python_calamine.CalamineWorkbook.from_path(path)
    cells = 0
    for name in workbook.sheet_names:
        cells += sum(len(row) for row in workbook.get_sheet_by_name(name).to_python())
    return cells


def fastexcel_every_sheet(path):
    # fastexcel (calamine in Rust, into Arrow) reads a sheet's cells with load_sheet and builds
    # its Arrow columns when they are asked for: __arrow_c_array__ asks without needing pyarrow.
    import fastexcel
    reader = fastexcel.read_excel(path)
    cells = 0
    for name in reader.sheet_names:
        sheet = reader.load_sheet(name)
        sheet.__arrow_c_array__()
        cells += sheet.height * sheet.width
    return cells


def openpyxl_read_only(path):
    import openpyxl
    workbook = openpyxl.load_workbook(path, read_only=True)
    cells = 0
    for row in workbook.worksheets[0].iter_rows(values_only=True):
        cells += len(row)
    workbook.close()
    return cells


READERS = {"calamine": calamine, "calamine-process": calamine_every_sheet,
           "fastexcel-process": fastexcel_every_sheet, "openpyxl": openpyxl_read_only}


def main():
    tool, path = sys.argv[1], sys.argv[2]
    repeat = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    runs, cells = [], 0
    for _ in range(repeat):
        start = time.perf_counter()
        cells = READERS[tool](path)
        runs.append(time.perf_counter() - start)
    print(json.dumps({"tool": tool, "best": min(runs), "runs": runs, "cells": cells}))


if __name__ == "__main__":
    main()
