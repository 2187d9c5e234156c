"""Reading an Excel workbook (.xlsx) as the rows a CSV of its first sheet would hold.

Rules:
- only the first worksheet is read, in openpyxl's read-only mode (rows are streamed from the
  zip, so a large sheet does not sit in memory), with formulas' cached values (`data_only`);
- rows carry the numbers Excel shows: a row the sheet leaves out is a blank row;
- cells become text as a CSV would hold them (`detection.cell_text`): dates as ISO dates,
  whole numbers without `.0`;
- a file that is not a workbook is refused with `imports.xlsx_unreadable`.
"""

from __future__ import annotations

import zipfile
from collections.abc import Iterator
from typing import IO, Any

from functions.domain.imports import detection
from functions.domain.imports.detection import Detected, NotReadable

SCAN_ROWS = detection.HEADER_SCAN + detection.SAMPLE_ROWS + 5


def _open(stream: IO[bytes]) -> Any:
    # imported on use: only imports of .xlsx files need it
    from openpyxl import load_workbook  # type: ignore[import-untyped]

    try:
        return load_workbook(stream, read_only=True, data_only=True)
    except (zipfile.BadZipFile, KeyError, ValueError, TypeError, OSError, IndexError) as exc:
        raise NotReadable("imports.xlsx_unreadable") from exc


def _sheet_rows(sheet: Any) -> Iterator[tuple[int, list[str]]]:
    expected = 1
    for cells in sheet.iter_rows():
        numbers = [int(cell.row) for cell in cells if getattr(cell, "row", None)]
        number = numbers[0] if numbers else expected
        while expected < number:
            yield expected, []
            expected += 1
        yield number, [detection.cell_text(cell.value) for cell in cells]
        expected = number + 1


def rows(stream: IO[bytes]) -> Iterator[tuple[int, list[str]]]:
    """(row number, cell texts) of every row of the first sheet, header and preamble included."""
    book = _open(stream)
    try:
        if not book.worksheets:
            raise NotReadable("imports.xlsx_unreadable")
        yield from _sheet_rows(book.worksheets[0])
    finally:
        book.close()


def detect(stream: IO[bytes]) -> Detected:
    """The layout of the first sheet, from its first rows."""
    book = _open(stream)
    try:
        if not book.worksheets:
            raise NotReadable("imports.xlsx_unreadable")
        sheet = book.worksheets[0]
        first = []
        for _, row in _sheet_rows(sheet):
            first.append(row)
            if len(first) >= SCAN_ROWS:
                break
        return detection.detect_rows(first, int(sheet.max_row or 0))
    finally:
        book.close()
