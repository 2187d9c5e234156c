"""CSV cells that spreadsheet programs cannot turn into formulas (SECURITY.md, CSV exports).

Rule (OWASP "CSV injection"): a cell that begins with `=`, `+`, `-`, `@`, a tab, a carriage return
or a NUL may be executed as a formula by Excel, LibreOffice or Google Sheets; such a cell is
prefixed with a single quote so it is shown as text. Every field is quoted by the writer
(`csv.QUOTE_ALL`), so separators and line breaks inside a value stay inside its cell.
"""

from __future__ import annotations

import csv
import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from decimal import Decimal
from typing import IO, Any

FORMULA_TRIGGERS = ("=", "+", "-", "@", "\t", "\r", "\0")


def cell_text(value: Any) -> str:
    """The text of one value: money with 2 decimals, ISO dates, yes/no, empty for None."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, Decimal):
        return str(value.quantize(Decimal("0.01")))
    if isinstance(value, dt.datetime):
        return value.astimezone(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    if isinstance(value, dt.date):
        return value.isoformat()
    if isinstance(value, (list, tuple)):
        return ", ".join(cell_text(item) for item in value)
    return str(value)


def safe_cell(value: Any) -> str:
    """`cell_text(value)`, prefixed with `'` when it starts with a formula trigger."""
    text = value if type(value) is str else cell_text(value)  # most cells: text as it is
    return f"'{text}" if text.startswith(FORMULA_TRIGGERS) else text


class SafeCsvWriter:
    """Writes a header of labels, then rows reduced to the chosen column keys, in their order."""

    def __init__(self, stream: IO[str], columns: Sequence[tuple[str, str]]) -> None:
        self._keys = [key for key, _ in columns]
        self._writer = csv.writer(stream, quoting=csv.QUOTE_ALL, lineterminator="\r\n")
        self._writer.writerow([safe_cell(label) for _, label in columns])

    def write(self, row: Mapping[str, Any]) -> None:
        self._writer.writerow([safe_cell(row.get(key)) for key in self._keys])

    def write_all(self, rows: Iterable[Mapping[str, Any]]) -> int:
        count = 0
        for row in rows:
            self.write(row)
            count += 1
        return count
