"""The Gift Aid schedule spreadsheet (ODS) exactly as HMRC's Charities portal reads it.

Layout (GIFT_AID.md §7 and HMRC's official template `Gift-Aid-Schedule-Excel-GoodData.ods`): one
sheet named `R68GAD_V1_00_0_EN`; D13 earliest donation date (DD/MM/YY); D17 previously
over-claimed tax (blank when none); header row B23:K23; donations in rows 25..1024, columns B..K:
Item, Title, First name, Last name, House name or number, Postcode (`X` overseas), Aggregated
donations, Sponsored event (`Yes`/blank), Donation date (DD/MM/YY), Amount (2 decimals, no £).

HMRC's reader (hmrc/charities-claims-validation, OdsReaderService) is not namespace-aware: it looks
for the literal names `table:table-row`, `table:table-cell`, `text:p`, takes the sheet's direct row
children (expanding `number-rows-repeated`), reads D13/D17 by the cell's position without expanding
column repeats, and takes a date's `office:date-value` / an amount's `office:value`, else the
cell's displayed text. So every cell up to K is written one by one with those exact prefixes, dates
as date cells with a DD/MM/YY date style, amounts as float cells with the template's `#,##0.00`
style (N4), text as string cells with the text format (N30): value and displayed text agree.

content.xml is written as one joined list of strings (no DOM); the package puts `mimetype` first,
stored uncompressed, as ODF requires. At most 1,000 lines per file: more lines → several files.
"""

from __future__ import annotations

import datetime as dt
import io
import re
import zipfile
from collections.abc import Sequence
from decimal import Decimal

from functions.domain.giftaid.model import GadLine

SHEET_NAME = "R68GAD_V1_00_0_EN"
MAX_LINES_PER_FILE = 1000
FIRST_DATA_ROW = 25
EARLIEST_DATE_ROW = 13
OVERCLAIMED_ROW = 17
HEADER_ROW = 23
COLUMNS = 11  # A..K
HEADERS = (
    "Item",
    "Title",
    "First name",
    "Last name",
    "House name or number",
    "Postcode",
    "Aggregated donations",
    "Sponsored event",
    "Donation date",
    "Amount",
)
MIMETYPE = "application/vnd.oasis.opendocument.spreadsheet"

_NAMESPACES = (
    'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" '
    'xmlns:style="urn:oasis:names:tc:opendocument:xmlns:style:1.0" '
    'xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0" '
    'xmlns:table="urn:oasis:names:tc:opendocument:xmlns:table:1.0" '
    'xmlns:fo="urn:oasis:names:tc:opendocument:xmlns:xsl-fo-compatible:1.0" '
    'xmlns:number="urn:oasis:names:tc:opendocument:xmlns:datastyle:1.0" '
    'xmlns:of="urn:oasis:names:tc:opendocument:xmlns:of:1.2"'
)
_CELL = 'style:family="table-cell" style:parent-style-name="Default"'
_BORDER = '<style:table-cell-properties fo:border="0.5pt solid #000000"/>'
_BOLD = '<style:text-properties fo:font-weight="bold"/>'
# Data styles as in the template: N0 integer, N4 "#,##0.00", N30 text "@", N36 DD/MM/YY.
_AUTOMATIC_STYLES = (
    "<office:automatic-styles>"
    '<number:number-style style:name="N0"><number:number number:min-integer-digits="1"/>'
    "</number:number-style>"
    '<number:number-style style:name="N4"><number:number number:decimal-places="2" '
    'number:min-decimal-places="2" number:min-integer-digits="1" number:grouping="true"/>'
    "</number:number-style>"
    '<number:text-style style:name="N30"><number:text-content/></number:text-style>'
    '<number:date-style style:name="N36"><number:day number:style="long"/><number:text>/</number:text>'
    '<number:month number:style="long"/><number:text>/</number:text><number:year/></number:date-style>'
    '<style:style style:name="co1" style:family="table-column">'
    '<style:table-column-properties style:column-width="1cm"/></style:style>'
    '<style:style style:name="co2" style:family="table-column">'
    '<style:table-column-properties style:column-width="4.2cm"/></style:style>'
    '<style:style style:name="ro1" style:family="table-row">'
    '<style:table-row-properties style:use-optimal-row-height="true"/></style:style>'
    '<style:style style:name="ta1" style:family="table">'
    '<style:table-properties table:display="true"/></style:style>'
    f'<style:style style:name="ceLabel" {_CELL} style:data-style-name="N30"/>'
    f'<style:style style:name="ceTitle" {_CELL} style:data-style-name="N30">{_BOLD}</style:style>'
    f'<style:style style:name="ceHead" {_CELL} style:data-style-name="N30">{_BORDER}{_BOLD}</style:style>'
    f'<style:style style:name="ceItem" {_CELL} style:data-style-name="N0">{_BORDER}</style:style>'
    f'<style:style style:name="ceText" {_CELL} style:data-style-name="N30">{_BORDER}</style:style>'
    f'<style:style style:name="ceDate" {_CELL} style:data-style-name="N36">{_BORDER}</style:style>'
    f'<style:style style:name="ceMoney" {_CELL} style:data-style-name="N4">{_BORDER}</style:style>'
    "</office:automatic-styles>"
)
_STYLES_XML = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    f'<office:document-styles {_NAMESPACES} office:version="1.2"><office:styles>'
    '<style:style style:name="Default" style:family="table-cell"/>'
    "</office:styles></office:document-styles>"
)
_MANIFEST_XML = (
    '<?xml version="1.0" encoding="UTF-8"?>'
    '<manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0" '
    'manifest:version="1.2">'
    f'<manifest:file-entry manifest:full-path="/" manifest:media-type="{MIMETYPE}"/>'
    '<manifest:file-entry manifest:full-path="content.xml" manifest:media-type="text/xml"/>'
    '<manifest:file-entry manifest:full-path="styles.xml" manifest:media-type="text/xml"/>'
    "</manifest:manifest>"
)
_EMPTY = "<table:table-cell/>"
_XML_ESCAPES = str.maketrans({"&": "&amp;", "<": "&lt;", ">": "&gt;"})
_ZIP_DATE = (1980, 1, 1, 0, 0, 0)
_SPACE_RUNS = re.compile(r"^ +| {2,}")


def schedule_date_text(value: dt.date) -> str:
    """A date as the schedule displays it: DD/MM/YY."""
    return f"{value.day:02d}/{value.month:02d}/{value.year % 100:02d}"


def schedule_amount_text(value: Decimal) -> str:
    """An amount as the template's `#,##0.00` format displays it (HMRC strips the commas)."""
    return f"{value:,.2f}"


def write_schedule(
    lines: Sequence[GadLine], earliest_date: dt.date, overclaimed: Decimal | None = None
) -> bytes:
    """One ODS schedule for at most 1,000 lines; `overclaimed` is the tax to deduct (D17)."""
    if len(lines) > MAX_LINES_PER_FILE:
        raise ValueError(f"a schedule holds at most {MAX_LINES_PER_FILE} lines, got {len(lines)}")
    return _package(_content_xml(lines, earliest_date, overclaimed))


def write_schedules(
    lines: Sequence[GadLine], earliest_date: dt.date, overclaimed: Decimal | None = None
) -> list[bytes]:
    """The schedules for any number of lines, 1,000 per file, in order. Each file is its own portal
    claim: the first carries the claim's earliest date and the over-claimed amount (deducted
    once); the others carry the earliest date of their own lines."""
    files = []
    for start in range(0, max(len(lines), 1), MAX_LINES_PER_FILE):
        chunk = lines[start : start + MAX_LINES_PER_FILE]
        first = start == 0
        earliest = earliest_date if first else min(line.date for line in chunk)
        files.append(write_schedule(chunk, earliest, overclaimed if first else None))
    return files


def schedule_file_names(count: int, stem: str = "gift-aid-schedule") -> list[str]:
    """`gift-aid-schedule.ods`, or `gift-aid-schedule-001-of-100.ods`... when split."""
    if count == 1:
        return [f"{stem}.ods"]
    width = len(str(count))
    return [f"{stem}-{index:0{width}d}-of-{count}.ods" for index in range(1, count + 1)]


def write_schedules_zip(
    lines: Sequence[GadLine],
    earliest_date: dt.date,
    overclaimed: Decimal | None = None,
    stem: str = "gift-aid-schedule",
) -> bytes:
    """All the schedules of a claim in one zip (the ODS files are already compressed: stored)."""
    files = write_schedules(lines, earliest_date, overclaimed)
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        for name, data in zip(schedule_file_names(len(files), stem), files, strict=True):
            archive.writestr(zipfile.ZipInfo(name, _ZIP_DATE), data)
    return buffer.getvalue()


def _package(content: bytes) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr(zipfile.ZipInfo("mimetype", _ZIP_DATE), MIMETYPE, compress_type=zipfile.ZIP_STORED)
        for name, data in (
            ("META-INF/manifest.xml", _MANIFEST_XML.encode("utf-8")),
            ("styles.xml", _STYLES_XML.encode("utf-8")),
            ("content.xml", content),
        ):
            archive.writestr(zipfile.ZipInfo(name, _ZIP_DATE), data, compress_type=zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


def _text(value: str) -> str:
    """Element text for a `text:p`: XML-escaped; leading spaces and runs of spaces written as
    `text:s`, since ODF collapses white space in paragraphs."""
    escaped = value.translate(_XML_ESCAPES) if ("&" in value or "<" in value or ">" in value) else value
    if "  " not in escaped and not escaped.startswith(" "):
        return escaped
    return _SPACE_RUNS.sub(_spaces, escaped)


def _spaces(match: re.Match[str]) -> str:
    run = len(match.group(0))
    if match.start() == 0:
        return f'<text:s text:c="{run}"/>'
    return f' <text:s text:c="{run - 1}"/>'


def _string_cell(value: str | None, style: str = "ceText") -> str:
    if not value:
        return f'<table:table-cell table:style-name="{style}"/>'
    return (
        f'<table:table-cell table:style-name="{style}" office:value-type="string">'
        f"<text:p>{_text(value)}</text:p></table:table-cell>"
    )


def _date_cell(value: dt.date) -> str:
    return (
        f'<table:table-cell table:style-name="ceDate" office:value-type="date" '
        f'office:date-value="{value.isoformat()}"><text:p>{schedule_date_text(value)}</text:p></table:table-cell>'
    )


def _money_cell(value: Decimal) -> str:
    return (
        f'<table:table-cell table:style-name="ceMoney" office:value-type="float" office:value="{value:.2f}">'
        f"<text:p>{schedule_amount_text(value)}</text:p></table:table-cell>"
    )


def _row(cells: Sequence[str]) -> str:
    return f'<table:table-row table:style-name="ro1">{"".join(cells)}</table:table-row>'


def _empty_rows(count: int) -> str:
    if count <= 0:
        return ""
    return (
        f'<table:table-row table:style-name="ro1" table:number-rows-repeated="{count}">'
        f'<table:table-cell table:number-columns-repeated="{COLUMNS}"/></table:table-row>'
    )


def _fixed_rows(earliest_date: dt.date, overclaimed: Decimal | None) -> list[str]:
    """Rows 1..24: titles, Box 1 (D13), Box 2 (D17), the header row (B23:K23) and its hints."""
    label = _string_cell
    overclaimed_cell = (
        _money_cell(overclaimed) if overclaimed else '<table:table-cell table:style-name="ceMoney"/>'
    )
    rows = [
        _row([_EMPTY, label("Gift Aid donations schedule", "ceTitle")]),
        _empty_rows(10),
        _row(
            [
                _EMPTY,
                _EMPTY,
                _EMPTY,
                label("Earliest donation date in the period of claim. (DD/MM/YY)", "ceLabel"),
            ]
        ),
        _row([_EMPTY, _EMPTY, label("Box 1", "ceHead"), _date_cell(earliest_date)]),
        _empty_rows(2),
        _row(
            [_EMPTY, _EMPTY, _EMPTY, label("Previously over-claimed amount. Leave blank if none", "ceLabel")]
        ),
        _row([_EMPTY, _EMPTY, label("Box 2", "ceHead"), overclaimed_cell]),
        _row([_EMPTY, _EMPTY, _EMPTY, label("Don't use a £ sign", "ceLabel")]),
        _empty_rows(2),
        _row([_EMPTY, label("Donations schedule table", "ceTitle")]),
        _empty_rows(1),
        _row([_EMPTY, *(label(header, "ceHead") for header in HEADERS)]),
        _row([_EMPTY] * 8 + [label("(Yes/blank)", "ceLabel"), label("(DD/MM/YY)", "ceLabel")]),
    ]
    return rows


def _line_row(item: int, line: GadLine) -> str:
    """One donation row, B..K, each cell written (no column repeats: positions stay literal)."""
    empty_text = '<table:table-cell table:style-name="ceText"/>'
    if line.aggregated:
        donor = empty_text * 5
        postcode = ""
    else:
        postcode = "X" if line.overseas else (line.postcode or "")
        donor = "".join(
            (
                _string_cell(line.title),
                _string_cell(line.first_name),
                _string_cell(line.last_name),
                _string_cell(line.house),
                _string_cell(postcode),
            )
        )
    return (
        f'<table:table-row table:style-name="ro1">{_EMPTY}'
        f'<table:table-cell table:style-name="ceItem" office:value-type="float" office:value="{item}">'
        f"<text:p>{item}</text:p></table:table-cell>{donor}{_string_cell(line.aggregated)}"
        f"{_string_cell('Yes' if line.sponsored else None)}{_date_cell(line.date)}{_money_cell(line.amount)}"
        "</table:table-row>"
    )


def _content_xml(lines: Sequence[GadLine], earliest_date: dt.date, overclaimed: Decimal | None) -> bytes:
    parts = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<office:document-content {_NAMESPACES} office:version="1.2">',
        _AUTOMATIC_STYLES,
        f'<office:body><office:spreadsheet><table:table table:name="{SHEET_NAME}" table:style-name="ta1">',
        '<table:table-column table:style-name="co1"/>',
        '<table:table-column table:style-name="co2" table:number-columns-repeated="10"/>',
    ]
    parts.extend(_fixed_rows(earliest_date, overclaimed))
    parts.extend(_line_row(item, line) for item, line in enumerate(lines, start=1))
    parts.append("</table:table></office:spreadsheet></office:body></office:document-content>")
    return "".join(parts).encode("utf-8")
