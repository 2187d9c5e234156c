"""Reading a Gift Aid schedule ODS the way HMRC's portal reads it (GIFT_AID.md §7).

Rule (hmrc/charities-claims-validation, OdsReaderService): the first sheet, whose name starts with
`R68GAD_V1_00_0`; its direct `table:table-row` children counted with `number-rows-repeated`; cells
counted with `number-columns-repeated`; each cell read as its displayed text (the `text:p`
paragraphs, `text:s` as spaces), trimmed. D13 is the earliest donation date (DD/MM/YY), D17 the
previously over-claimed tax (commas ignored, blank when none), rows 25..1024 the donations (B..K).
Checked against HMRC's official template with sample data.
"""

from __future__ import annotations

import datetime as dt
import io
import zipfile
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import NamedTuple

from lxml import etree

from functions.domain.giftaid.model import GadLine
from functions.domain.hmrc.schedule import EARLIEST_DATE_ROW, FIRST_DATA_ROW, OVERCLAIMED_ROW

_TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
_OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
_LAST_DATA_ROW = 1024
_COLUMNS = 11  # A..K
_SHEET_PREFIX = "R68GAD_V1_00_0"
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True)


class ScheduleError(ValueError):
    """The file is not a Gift Aid schedule HMRC would read (not an ODS, wrong sheet name...)."""


@dataclass(frozen=True)
class Cell:
    """A cell as stored: its displayed text, its value type and its stored value (if any)."""

    text: str
    value_type: str | None = None
    value: str | None = None


class ScheduleContents(NamedTuple):
    earliest_date: dt.date | None
    overclaimed: Decimal | None
    lines: list[GadLine]


def read_cells(data: bytes) -> tuple[str, dict[int, list[Cell]]]:
    """(sheet name, {row number: cells A..K}) for rows 13, 17 and 25..1024 (1-based, as shown)."""
    content = _content_xml(data)
    root = etree.fromstring(content, _PARSER)  # noqa: S320 - entities and network are disabled
    table = next(root.iter(f"{_TABLE}table"), None)
    if table is None:
        raise ScheduleError("no sheet")
    name = table.get(f"{_TABLE}name", "")
    if not name.startswith(_SHEET_PREFIX):
        raise ScheduleError(f"sheet name {name!r} is not {_SHEET_PREFIX}...")
    wanted = {EARLIEST_DATE_ROW, OVERCLAIMED_ROW, *range(FIRST_DATA_ROW, _LAST_DATA_ROW + 1)}
    rows: dict[int, list[Cell]] = {}
    number = 0
    for row in table.iterchildren(f"{_TABLE}table-row"):
        repeat = int(row.get(f"{_TABLE}number-rows-repeated", "1"))
        first, number = number + 1, number + repeat
        hits = [n for n in range(first, min(number, _LAST_DATA_ROW) + 1) if n in wanted]
        if hits:
            cells = _row_cells(row)
            for hit in hits:
                rows[hit] = cells
        if number >= _LAST_DATA_ROW:
            break
    return name, rows


def read_schedule(data: bytes) -> ScheduleContents:
    """(earliest date, over-claimed tax or None, donation lines) from a schedule's displayed text."""
    _, rows = read_cells(data)
    earliest_text = _at(rows, EARLIEST_DATE_ROW, 3)
    overclaimed_text = _at(rows, OVERCLAIMED_ROW, 3).replace(",", "")
    lines = []
    for number in range(FIRST_DATA_ROW, _LAST_DATA_ROW + 1):
        cells = [_at(rows, number, column) for column in range(2, _COLUMNS)]
        if not any(cells):
            continue
        title, first, last, house, postcode, aggregated, sponsored, date_text, amount_text = cells
        overseas = postcode.upper() == "X"
        lines.append(
            GadLine(
                date=parse_schedule_date(date_text),
                amount=_decimal(amount_text.replace(",", "")),
                title=title or None,
                first_name=first or None,
                last_name=last or None,
                house=house or None,
                postcode=None if overseas or not postcode else postcode,
                overseas=overseas,
                aggregated=aggregated or None,
                sponsored=sponsored.lower() == "yes",
            )
        )
    earliest = parse_schedule_date(earliest_text) if earliest_text else None
    return ScheduleContents(earliest, _decimal(overclaimed_text) if overclaimed_text else None, lines)


def parse_schedule_date(text: str) -> dt.date:
    """`dd/MM/yy` (HMRC also accepts `dd/MM/yyyy`); a two-digit year is 20yy, as Java's `uu`."""
    parts = text.split("/")
    if len(parts) != 3 or len(parts[0]) != 2 or len(parts[1]) != 2 or len(parts[2]) not in (2, 4):
        raise ScheduleError(f"date {text!r} is not DD/MM/YY")
    try:
        day, month, year = (int(part) for part in parts)
        return dt.date(year + 2000 if len(parts[2]) == 2 else year, month, day)
    except ValueError as e:
        raise ScheduleError(f"date {text!r} is not DD/MM/YY") from e


def _decimal(text: str) -> Decimal:
    try:
        return Decimal(text)
    except InvalidOperation as e:
        raise ScheduleError(f"amount {text!r} is not a number") from e


def _at(rows: dict[int, list[Cell]], row: int, column: int) -> str:
    cells = rows.get(row, [])
    return cells[column].text if column < len(cells) else ""


def _row_cells(row: etree._Element) -> list[Cell]:
    cells: list[Cell] = []
    for cell in row:
        if cell.tag != f"{_TABLE}table-cell":  # HMRC counts covered (merged) cells out, so do we
            continue
        repeat = int(cell.get(f"{_TABLE}number-columns-repeated", "1"))
        value_type = cell.get(f"{_OFFICE}value-type")
        value = cell.get(f"{_OFFICE}date-value") or cell.get(f"{_OFFICE}value")
        read = Cell(_cell_text(cell), value_type, value)
        cells.extend([read] * min(repeat, _COLUMNS - len(cells)))
        if len(cells) >= _COLUMNS:
            break
    return cells + [Cell("")] * (_COLUMNS - len(cells))


def _cell_text(cell: etree._Element) -> str:
    return "\n".join(_paragraph_text(p) for p in cell.iterchildren(f"{_TEXT}p")).strip()


def _paragraph_text(node: etree._Element) -> str:
    out = [node.text or ""]
    for child in node:
        if child.tag == f"{_TEXT}s":
            out.append(" " * int(child.get(f"{_TEXT}c", "1")))
        elif child.tag in (f"{_TEXT}tab",):
            out.append("\t")
        elif child.tag == f"{_TEXT}line-break":
            out.append("\n")
        else:
            out.append(_paragraph_text(child))
        out.append(child.tail or "")
    return "".join(out)


def _content_xml(data: bytes) -> bytes:
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            return archive.read("content.xml")
    except (zipfile.BadZipFile, KeyError) as e:
        raise ScheduleError("not an ODS file") from e
