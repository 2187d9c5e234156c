"""Reading a Gift Aid schedule ODS the way HMRC's portal reads and validates it (GIFT_AID.md §7).

Reading (hmrc/charities-claims-validation, OdsReaderService): the first sheet, whose name starts
with `R68GAD_V1_00_0`; its direct `table:table-row` children counted with `number-rows-repeated`;
cells counted with `number-columns-repeated`; each cell read as its displayed text (the `text:p`
paragraphs, `text:s` as spaces), trimmed, except the amount column and Box 2, read from the cell's
stored `office:value` rounded to pence (half-even) when it has one. Box 1 (D13, earliest donation
date) and Box 2 (D17, previously over-claimed tax) are the fourth cell *element* of their row,
repeats not expanded; donations are rows 25..1025, columns B..K; a row whose C..K are blank is
skipped.

Validation (GiftAidValidationService): every error of every row is reported, never just the first,
each with its sheet cell and HMRC's message number (`validationService.giftAid.message.<code>`).
Characters outside printable Latin-1 are dropped first; names, house and the aggregated
description have their runs of spaces collapsed before their length is checked; sponsored is `yes`
in any case or blank; amounts have exactly 2 decimals and at most 15 digits (commas ignored);
dates are `dd/MM/yy` or `dd/MM/yyyy`; postcodes are upper-cased and must match the portal's
pattern (stricter than the R68 schema's). Checked against HMRC's official template.
"""

from __future__ import annotations

import datetime as dt
import io
import re
import zipfile
from dataclasses import dataclass
from decimal import ROUND_HALF_EVEN, Decimal, InvalidOperation
from typing import NamedTuple, Protocol

from lxml import etree

from functions.domain.giftaid.model import GadLine
from functions.domain.hmrc import rules
from functions.domain.hmrc.schedule import EARLIEST_DATE_ROW, FIRST_DATA_ROW, OVERCLAIMED_ROW

_TABLE = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
_TEXT = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
_OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
_LAST_DATA_ROW = 1025  # HMRC's row range 24 until 1025 (0-based)
_COLUMNS = 11  # A..K
_SHEET_PREFIX = "R68GAD_V1_00_0"
_PARSER = etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True)
_BIG_DECIMAL = re.compile(r"[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?")
_ITEM = re.compile(r"[1-9][0-9]{0,3}")
_MAX_INTEGER_DIGITS = 20  # a stored value with more integer digits is read as text
_PENNY = Decimal("0.01")
_BOX_CELL = 3  # D


class ScheduleError(ValueError):
    """The file is not a Gift Aid schedule HMRC would read (not an ODS, wrong sheet name...), or
    (from `read_schedule`) it holds errors: `issues` lists them all."""

    def __init__(self, message: str, issues: list[Issue] | None = None) -> None:
        super().__init__(message)
        self.issues = issues or []


@dataclass(frozen=True)
class Cell:
    """A cell as stored: its displayed text, its value type and its stored value (if any)."""

    text: str
    value_type: str | None = None
    value: str | None = None
    number: str | None = None  # office:value alone (what HMRC's amount columns read)


class ScheduleContents(NamedTuple):
    earliest_date: dt.date | None
    overclaimed: Decimal | None
    lines: list[GadLine]


# HMRC's message numbers (validationService.giftAid.message.N) and the fields they report.
NO_DONATIONS = 1
EARLIEST_MISSING, EARLIEST_FORMAT, OVERCLAIMED_FORMAT, AGGREGATED_FORMAT, ITEM_FORMAT = 2, 3, 4, 5, 6
DATE_MISSING, DATE_FORMAT, DATE_FUTURE, AMOUNT_FORMAT, AMOUNT_MISSING, AGGREGATED_OVER = 7, 8, 9, 10, 11, 12
TITLE_FORMAT, FIRST_MISSING, LAST_MISSING, FIRST_FORMAT, LAST_FORMAT = 13, 14, 15, 16, 17
HOUSE_MISSING, HOUSE_FORMAT, POSTCODE_MISSING, POSTCODE_FORMAT, SPONSORED_FORMAT = 18, 19, 20, 21, 22
AGGREGATED_WITH = {
    "sponsored": 23,
    "title": 24,
    "first_name": 25,
    "last_name": 26,
    "house": 27,
    "postcode": 28,
}
COLUMN_OF = {
    "item": "B",
    "title": "C",
    "first_name": "D",
    "last_name": "E",
    "house": "F",
    "postcode": "G",
    "aggregated": "H",
    "sponsored": "I",
    "date": "J",
    "amount": "K",
}

ISSUE_TEXT: dict[str, dict[int, str]] = {
    "en": {
        1: "Enter details for at least one Gift Aid donation",
        2: "Enter the earliest donation date",
        3: "Enter the earliest donation date as DD/MM/YY",
        4: "Enter the previously over-claimed amount with 2 decimals (e.g. 12.50)",
        5: "The aggregated donations description must be at most 35 characters",
        6: "The item number must be a whole number from 1 to 1000",
        7: "Enter a donation date",
        8: "Enter the donation date as DD/MM/YY",
        9: "The donation date cannot be in the future",
        10: "Enter the amount with 2 decimals and at most 15 digits (e.g. 240.00)",
        11: "The donation amount is missing",
        12: "An aggregated donation amount must be £1,000.00 or less",
        13: "The title must be 2 to 4 letters (apostrophe or hyphen allowed)",
        14: "Enter the donor's first name",
        15: "Enter the donor's last name",
        16: "The donor's first name must be at most 35 characters",
        17: "The donor's last name must be at most 35 characters",
        18: "Enter the donor's house name or number",
        19: "The house name or number must be at most 40 characters",
        20: "Enter the donor's postcode (X for a donor abroad)",
        21: "Enter the postcode as a full UK postcode with a space (e.g. SW1A 1AA), or X",
        22: "Enter 'Yes' for a sponsored event, otherwise leave it blank",
        23: "An aggregated donation cannot be a sponsored event",
        24: "An aggregated donation cannot have a title",
        25: "An aggregated donation cannot have a first name",
        26: "An aggregated donation cannot have a last name",
        27: "An aggregated donation cannot have a house name or number",
        28: "An aggregated donation cannot have a postcode",
    },
    "es": {
        1: "Indique al menos un donativo Gift Aid",
        2: "Indique la fecha del donativo más antiguo",
        3: "Indique la fecha del donativo más antiguo como DD/MM/AA",
        4: "Indique el importe reclamado de más con 2 decimales (p. ej. 12.50)",
        5: "La descripción de donativos agregados debe tener como máximo 35 caracteres",
        6: "El número de elemento debe ser un número entero de 1 a 1000",
        7: "Indique la fecha del donativo",
        8: "Indique la fecha del donativo como DD/MM/AA",
        9: "La fecha del donativo no puede ser futura",
        10: "Indique el importe con 2 decimales y como máximo 15 dígitos (p. ej. 240.00)",
        11: "Falta el importe del donativo",
        12: "Un donativo agregado debe ser de £1,000.00 o menos",
        13: "El tratamiento debe tener de 2 a 4 letras (se admiten apóstrofo o guion)",
        14: "Indique el nombre del donante",
        15: "Indique el apellido del donante",
        16: "El nombre del donante debe tener como máximo 35 caracteres",
        17: "El apellido del donante debe tener como máximo 35 caracteres",
        18: "Indique el nombre o número de la casa del donante",
        19: "El nombre o número de la casa debe tener como máximo 40 caracteres",
        20: "Indique el código postal del donante (X si vive en el extranjero)",
        21: "Indique un código postal británico completo con un espacio (p. ej. SW1A 1AA), o X",
        22: "Escriba 'Yes' si es un evento patrocinado; si no, déjelo vacío",
        23: "Un donativo agregado no puede ser un evento patrocinado",
        24: "Un donativo agregado no puede llevar tratamiento",
        25: "Un donativo agregado no puede llevar nombre",
        26: "Un donativo agregado no puede llevar apellido",
        27: "Un donativo agregado no puede llevar nombre o número de casa",
        28: "Un donativo agregado no puede llevar código postal",
    },
}


@dataclass(frozen=True)
class Issue:
    """One error HMRC's portal reports: its sheet row and column (None for the file as a whole),
    the field and HMRC's message number."""

    row: int | None
    column: str | None
    field: str
    code: int

    @property
    def cell(self) -> str:
        return f"{self.column}{self.row}" if self.column and self.row else ""

    def message(self, lang: str = "en") -> str:
        text = ISSUE_TEXT.get(lang, ISSUE_TEXT["en"])[self.code]
        return f"{self.cell}: {text}" if self.cell else text


class ScheduleReport(NamedTuple):
    """What the portal makes of a schedule: the rows it accepts and every error it reports."""

    contents: ScheduleContents
    issues: list[Issue]


def read_cells(data: bytes) -> tuple[str, dict[int, list[Cell]]]:
    """(sheet name, {row number: cells A..K}) for rows 13, 17 and 25..1025 (1-based, as shown)."""
    name, rows, _ = _read(data)
    return name, rows


def _read(data: bytes) -> tuple[str, dict[int, list[Cell]], dict[int, Cell]]:
    content = _content_xml(data)
    root = etree.fromstring(content, _PARSER)  # noqa: S320 - entities and network are disabled
    table = next(root.iter(f"{_TABLE}table"), None)
    if table is None:
        raise ScheduleError("no sheet")
    name = table.get(f"{_TABLE}name", "")
    if not name.strip().startswith(_SHEET_PREFIX):
        raise ScheduleError(f"sheet name {name!r} is not {_SHEET_PREFIX}...")
    boxes = {EARLIEST_DATE_ROW, OVERCLAIMED_ROW}
    wanted = {*boxes, *range(FIRST_DATA_ROW, _LAST_DATA_ROW + 1)}
    rows: dict[int, list[Cell]] = {}
    box_cells: dict[int, Cell] = {}
    number = 0
    for row in table.iterchildren(f"{_TABLE}table-row"):
        repeat = int(row.get(f"{_TABLE}number-rows-repeated", "1"))
        first, number = number + 1, number + repeat
        hits = [n for n in range(first, min(number, _LAST_DATA_ROW) + 1) if n in wanted]
        if hits:
            cells = _row_cells(row)
            for hit in hits:
                rows[hit] = cells
                if hit in boxes:
                    box_cells[hit] = _box_cell(row)
        if number >= _LAST_DATA_ROW:
            break
    return name, rows, box_cells


def read_schedule(data: bytes, today: dt.date | None = None) -> ScheduleContents:
    """(earliest date, over-claimed tax or None, donation lines) of a schedule HMRC would accept;
    ScheduleError listing every issue otherwise (dates are not checked against a `today` when
    none is given)."""
    contents, issues = validate_schedule(data, today or dt.date.max)
    if issues:
        raise ScheduleError("; ".join(issue.message() for issue in issues), issues)
    return contents


def validate_schedule(data: bytes, today: dt.date) -> ScheduleReport:
    """Every error HMRC's portal reports for this schedule, and the rows it accepts."""
    _, rows, boxes = _read(data)
    issues: list[Issue] = []
    lines: list[GadLine] = []
    found = False
    for number in range(FIRST_DATA_ROW, _LAST_DATA_ROW + 1):
        cells = rows.get(number)
        if cells is None:
            continue
        raw = {field: cells[index + 1].text.strip() for index, field in enumerate(COLUMN_OF)}
        raw["amount"] = _money_text(cells[10])
        if not any(raw[field] for field in list(COLUMN_OF)[1:]):
            continue
        found = True
        line, row_issues = _validate_row(number, raw, today)
        issues.extend(row_issues)
        if line is not None:
            lines.append(line)
    if not found:
        return ScheduleReport(
            ScheduleContents(None, None, []), [Issue(None, None, "giftAidDonation", NO_DONATIONS)]
        )
    earliest, earliest_issue = _earliest(boxes.get(EARLIEST_DATE_ROW, Cell("")).text)
    overclaimed, overclaimed_issue = _overclaimed(_money_text(boxes.get(OVERCLAIMED_ROW, Cell(""))))
    box_issues = [issue for issue in (earliest_issue, overclaimed_issue) if issue is not None]
    return ScheduleReport(ScheduleContents(earliest, overclaimed, lines), box_issues + issues)


def _western(value: str, collapse: bool = False) -> str:
    """HMRC's removeNonWesternCharacters: printable Latin-1 only, trimmed, spaces collapsed."""
    kept = rules.PORTAL_CHARACTERS.sub("", value).strip(" ")
    return re.sub(r" +", " ", kept) if collapse else kept


def _earliest(text: str) -> tuple[dt.date | None, Issue | None]:
    value = _western(text)
    if not value:
        return None, Issue(EARLIEST_DATE_ROW, "D", "earliestDonationDate", EARLIEST_MISSING)
    date = _date(value)
    if date is None:
        return None, Issue(EARLIEST_DATE_ROW, "D", "earliestDonationDate", EARLIEST_FORMAT)
    return date, None


def _overclaimed(text: str) -> tuple[Decimal | None, Issue | None]:
    value = _western(text).replace(",", "")
    if not value:
        return None, None
    amount = _big_decimal(value)
    if amount is None or not _two_places_15_digits(amount) or amount <= 0:
        return None, Issue(OVERCLAIMED_ROW, "D", "previouslyOverClaimedAmount", OVERCLAIMED_FORMAT)
    return amount, None


def _validate_row(number: int, raw: dict[str, str], today: dt.date) -> tuple[GadLine | None, list[Issue]]:
    issues: list[Issue] = []

    def fail(field: str, code: int) -> None:
        issues.append(Issue(number, COLUMN_OF[field], field, code))

    item = _western(raw["item"])
    if not _ITEM.fullmatch(item) or not 1 <= int(item) <= 1000:
        fail("item", ITEM_FORMAT)
    aggregated = _western(raw["aggregated"], collapse=True)
    title = first = last = house = postcode = None
    sponsored = False
    if aggregated:
        for field, code in AGGREGATED_WITH.items():
            if raw[field].strip():
                fail(field, code)
    else:
        title = _western(raw["title"]) or None
        if title and not re.fullmatch(rules.PORTAL_TITLE, title):
            fail("title", TITLE_FORMAT)
        first = _required(raw, "first_name", 35, (FIRST_MISSING, FIRST_FORMAT), fail)
        last = _required(raw, "last_name", 35, (LAST_MISSING, LAST_FORMAT), fail)
        house = _required(raw, "house", 40, (HOUSE_MISSING, HOUSE_FORMAT), fail)
        given = _western(raw["postcode"])
        postcode = given.upper()
        if not given:
            fail("postcode", POSTCODE_MISSING)
        elif given != "X" and not re.fullmatch(rules.PORTAL_POSTCODE, postcode):
            fail("postcode", POSTCODE_FORMAT)
        answer = _western(raw["sponsored"].lower())
        sponsored = answer == "yes"
        if answer and not sponsored:
            fail("sponsored", SPONSORED_FORMAT)
    if len(aggregated) > 35:
        fail("aggregated", AGGREGATED_FORMAT)
    date_text = _western(raw["date"])
    date = _date(date_text) if date_text else None
    if not date_text:
        fail("date", DATE_MISSING)
    elif date is None:
        fail("date", DATE_FORMAT)
    elif date > today:
        fail("date", DATE_FUTURE)
    amount = _amount(raw["amount"], bool(aggregated), fail)
    if issues or date is None or amount is None:
        return None, issues
    overseas = postcode == "X"
    line = GadLine(
        date=date,
        amount=amount,
        title=title,
        first_name=first,
        last_name=last,
        house=house,
        postcode=None if overseas or not postcode else postcode,
        overseas=overseas,
        aggregated=aggregated or None,
        sponsored=sponsored,
    )
    return line, issues


def _required(raw: dict[str, str], field: str, limit: int, codes: tuple[int, int], fail: _Fail) -> str | None:
    value = _western(raw[field], collapse=True)
    if not value:
        fail(field, codes[0])
    elif len(value) > limit:
        fail(field, codes[1])
    return value or None


class _Fail(Protocol):
    def __call__(self, field: str, code: int) -> None: ...


def _amount(text: str, aggregated: bool, fail: _Fail) -> Decimal | None:
    value = _western(text)
    if not value:
        fail("amount", AMOUNT_MISSING)
        return None
    amount = _big_decimal(value.replace(",", ""))
    if amount is None or not _two_places_15_digits(amount) or amount < _PENNY:
        fail("amount", AMOUNT_FORMAT)
        return None
    if aggregated and amount > rules.PORTAL_AGGREGATED_MAX:
        fail("amount", AGGREGATED_OVER)
        return None
    if not aggregated and amount > rules.PORTAL_MAX_AMOUNT:
        fail("amount", AMOUNT_FORMAT)
        return None
    return amount


def _big_decimal(text: str) -> Decimal | None:
    """Java's `BigDecimal(String)`: sign, digits with an optional point, optional exponent."""
    if not _BIG_DECIMAL.fullmatch(text):
        return None
    try:
        return Decimal(text)
    except InvalidOperation:
        return None


def _two_places_15_digits(amount: Decimal) -> bool:
    _, digits, exponent = amount.as_tuple()
    return exponent == -2 and len(digits) <= rules.PORTAL_MAX_DIGITS


def _date(text: str) -> dt.date | None:
    try:
        return parse_schedule_date(text)
    except ScheduleError:
        return None


def _money_text(cell: Cell) -> str:
    """An amount cell as HMRC reads it: the stored number rounded to pence, else the text."""
    stored = _big_decimal(cell.number or "")
    if stored is not None and stored.adjusted() < _MAX_INTEGER_DIGITS:
        return str(stored.quantize(_PENNY, rounding=ROUND_HALF_EVEN))
    return cell.text


def parse_schedule_date(text: str) -> dt.date:
    """`dd/MM/yy` (HMRC also accepts `dd/MM/yyyy`); a two-digit year is 20yy, as Java's `uu`."""
    parts = text.split("/")
    if (
        len(parts) != 3
        or not all(part.isascii() and part.isdigit() for part in parts)
        or len(parts[0]) != 2
        or len(parts[1]) != 2
        or len(parts[2]) not in (2, 4)
    ):
        raise ScheduleError(f"date {text!r} is not DD/MM/YY")
    try:
        day, month, year = (int(part) for part in parts)
        return dt.date(year + 2000 if len(parts[2]) == 2 else year, month, day)
    except ValueError as e:
        raise ScheduleError(f"date {text!r} is not DD/MM/YY") from e


def _row_cells(row: etree._Element) -> list[Cell]:
    cells: list[Cell] = []
    for cell in row:
        if cell.tag != f"{_TABLE}table-cell":  # HMRC counts covered (merged) cells out, so do we
            continue
        repeat = int(cell.get(f"{_TABLE}number-columns-repeated", "1"))
        value_type = cell.get(f"{_OFFICE}value-type")
        number = cell.get(f"{_OFFICE}value")
        value = cell.get(f"{_OFFICE}date-value") or number
        read = Cell(_cell_text(cell), value_type, value, number)
        cells.extend([read] * min(repeat, _COLUMNS - len(cells)))
        if len(cells) >= _COLUMNS:
            break
    return cells + [Cell("")] * (_COLUMNS - len(cells))


def _box_cell(row: etree._Element) -> Cell:
    """Box 1 / Box 2 as HMRC reads them: the row's fourth cell element, repeats not expanded."""
    cells = [cell for cell in row.iter(f"{_TABLE}table-cell")]
    if len(cells) <= _BOX_CELL:
        return Cell("")
    cell = cells[_BOX_CELL]
    return Cell(_cell_text(cell), cell.get(f"{_OFFICE}value-type"), None, cell.get(f"{_OFFICE}value"))


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
