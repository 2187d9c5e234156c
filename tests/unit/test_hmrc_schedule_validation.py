"""The schedule reader reports what HMRC's portal validator reports (hmrc/charities-claims-validation,
GiftAidValidationService): HMRC's official template reads with no error; copies of it with one rule
broken report exactly that error, at its row and column; several broken rules are all reported."""

from __future__ import annotations

import copy
import datetime as dt
import io
import zipfile
from decimal import Decimal

import pytest
from lxml import etree

from functions.domain.hmrc import schedule_reader as r
from tests.unit.test_hmrc_schedule import TEMPLATE_LINES, reference

TODAY = dt.date(2025, 12, 1)
T = "{urn:oasis:names:tc:opendocument:xmlns:table:1.0}"
X = "{urn:oasis:names:tc:opendocument:xmlns:text:1.0}"
OFFICE = "{urn:oasis:names:tc:opendocument:xmlns:office:1.0}"
COLUMNS = "ABCDEFGHIJK"
# The template's rows: 25 Prof Henry House Martin, 26 Mr John Smith (overseas), 27 aggregated,
# 28 Miss B Chaudry (sponsored). Box 1 is D13, Box 2 D17.


def template() -> bytes:
    return reference("schedule", "Gift-Aid-Schedule-Excel-GoodData.ods").read_bytes()


def mutated(changes: dict[str, str]) -> bytes:
    """The template with cells (e.g. {"C25": "Professor"}) replaced by string cells of that text."""
    data = template()
    with zipfile.ZipFile(io.BytesIO(data)) as archive:
        content = etree.fromstring(archive.read("content.xml"))
        table = next(content.iter(f"{T}table"))
        rows = list(table.iterchildren(f"{T}table-row"))
        for ref, text in changes.items():
            column, number = COLUMNS.index(ref[0]), int(ref[1:])
            row = _row(rows, number)
            _expand(row, column + 1)
            cell = [c for c in row if c.tag == f"{T}table-cell"][column]
            for name in ("value", "value-type", "date-value"):
                cell.attrib.pop(f"{OFFICE}{name}", None)
            for child in list(cell):
                cell.remove(child)
            cell.set(f"{OFFICE}value-type", "string")
            etree.SubElement(cell, f"{X}p").text = text
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w") as copy:
            for info in archive.infolist():
                body = etree.tostring(content) if info.filename == "content.xml" else archive.read(info)
                copy.writestr(info, body)
    return out.getvalue()


def _expand(row: etree._Element, count: int) -> None:
    """The row's first `count` cells as one element each (column repeats split), so one can change."""
    position = 0
    for cell in list(row):
        if position >= count:
            return
        repeat = int(cell.attrib.pop(f"{T}number-columns-repeated", "1"))
        for _ in range(repeat - 1):
            cell.addnext(copy.deepcopy(cell))
        position += repeat


def _row(rows: list[etree._Element], number: int) -> etree._Element:
    seen = 0
    for row in rows:
        seen += int(row.get(f"{T}number-rows-repeated", "1"))
        if seen >= number:
            assert seen == number and row.get(f"{T}number-rows-repeated") is None
            return row
    raise AssertionError(number)


def issues(changes: dict[str, str]) -> set[tuple[str, int]]:
    return {(issue.cell, issue.code) for issue in r.validate_schedule(mutated(changes), TODAY).issues}


def test_official_template_reads_with_no_error() -> None:
    contents, found = r.validate_schedule(template(), TODAY)
    assert found == []
    assert contents.lines == TEMPLATE_LINES
    assert (contents.earliest_date, contents.overclaimed) == (dt.date(2017, 11, 10), Decimal("4321.00"))


@pytest.mark.parametrize(
    ("changes", "expected"),
    [
        ({"B25": "0"}, {("B25", r.ITEM_FORMAT)}),
        ({"B25": "1001"}, {("B25", r.ITEM_FORMAT)}),
        ({"B25": "one"}, {("B25", r.ITEM_FORMAT)}),
        ({"C25": "Professor"}, {("C25", r.TITLE_FORMAT)}),
        ({"C25": "M"}, {("C25", r.TITLE_FORMAT)}),
        ({"D25": ""}, {("D25", r.FIRST_MISSING)}),
        ({"D25": "A" * 36}, {("D25", r.FIRST_FORMAT)}),
        ({"E25": ""}, {("E25", r.LAST_MISSING)}),
        ({"E25": "B" * 36}, {("E25", r.LAST_FORMAT)}),
        ({"F25": ""}, {("F25", r.HOUSE_MISSING)}),
        ({"F25": "H" * 41}, {("F25", r.HOUSE_FORMAT)}),
        ({"G25": ""}, {("G25", r.POSTCODE_MISSING)}),
        ({"G25": "SWA 1AA"}, {("G25", r.POSTCODE_FORMAT)}),  # passes the R68 schema, not the portal
        ({"G25": "M992QD"}, {("G25", r.POSTCODE_FORMAT)}),
        ({"G26": "x"}, {("G26", r.POSTCODE_FORMAT)}),  # overseas is a capital X
        ({"H27": "D" * 36}, {("H27", r.AGGREGATED_FORMAT)}),
        ({"I28": "Y"}, {("I28", r.SPONSORED_FORMAT)}),
        ({"I28": "True"}, {("I28", r.SPONSORED_FORMAT)}),
        ({"J25": ""}, {("J25", r.DATE_MISSING)}),
        ({"J25": "2015-03-24"}, {("J25", r.DATE_FORMAT)}),
        ({"J25": "24/3/15"}, {("J25", r.DATE_FORMAT)}),
        ({"J25": "31/02/15"}, {("J25", r.DATE_FORMAT)}),
        ({"J25": "24/03/99"}, {("J25", r.DATE_FUTURE)}),  # two-digit years are 20yy
        ({"K25": ""}, {("K25", r.AMOUNT_MISSING)}),
        ({"K25": "240"}, {("K25", r.AMOUNT_FORMAT)}),
        ({"K25": "240.001"}, {("K25", r.AMOUNT_FORMAT)}),
        ({"K25": "£240.00"}, {("K25", r.AMOUNT_FORMAT)}),
        ({"K25": "0.00"}, {("K25", r.AMOUNT_FORMAT)}),
        ({"K25": "12345678901234.00"}, {("K25", r.AMOUNT_FORMAT)}),  # 16 digits
        ({"K27": "1000.01"}, {("K27", r.AGGREGATED_OVER)}),
        ({"C27": "Mr"}, {("C27", 24)}),
        ({"D27": "Ann"}, {("D27", 25)}),
        ({"E27": "Lee"}, {("E27", 26)}),
        ({"F27": "1"}, {("F27", 27)}),
        ({"G27": "M1 1AA"}, {("G27", 28)}),
        ({"I27": "Yes"}, {("I27", 23)}),
        ({"D13": ""}, {("D13", r.EARLIEST_MISSING)}),
        ({"D13": "2017-11-10"}, {("D13", r.EARLIEST_FORMAT)}),
        ({"D17": "4321"}, {("D17", r.OVERCLAIMED_FORMAT)}),
        ({"D17": "-5.00"}, {("D17", r.OVERCLAIMED_FORMAT)}),
    ],
)
def test_each_broken_rule_is_reported_once_at_its_cell(changes: dict[str, str], expected: set) -> None:
    assert issues(changes) == expected


@pytest.mark.parametrize(
    ("changes", "field", "value"),
    [
        ({"D25": "Henry   James"}, "first_name", "Henry James"),  # runs of spaces collapsed
        ({"D25": "A" * 20 + "    " + "B" * 14}, "first_name", "A" * 20 + " " + "B" * 14),  # 35 once collapsed
        ({"F25": "Flat  3,   The Mill"}, "house", "Flat 3, The Mill"),
        ({"G25": "m99 2qd"}, "postcode", "M99 2QD"),  # upper-cased, as HMRC does
        ({"I28": "YES"}, "sponsored", True),  # any case
        ({"J25": "24/03/2015"}, "date", dt.date(2015, 3, 24)),  # four-digit years too
        ({"K25": "1,240.00"}, "amount", Decimal("1240.00")),  # commas ignored
        ({"D25": "Hen\u200bry"}, "first_name", "Henry"),  # non-Western characters dropped
    ],
)
def test_what_the_portal_accepts_and_how_it_reads_it(
    changes: dict[str, str], field: str, value: object
) -> None:
    contents, found = r.validate_schedule(mutated(changes), TODAY)
    assert found == []
    row = int(next(iter(changes))[1:]) - 25
    assert getattr(contents.lines[row], field) == value


def test_every_error_is_reported_not_just_the_first() -> None:
    report = r.validate_schedule(
        mutated({"C25": "Professor", "G25": "SWA 1AA", "K25": "240", "I28": "Y", "D13": ""}), TODAY
    )
    assert [(i.cell, i.code) for i in report.issues] == [
        ("D13", r.EARLIEST_MISSING),
        ("C25", r.TITLE_FORMAT),
        ("G25", r.POSTCODE_FORMAT),
        ("K25", r.AMOUNT_FORMAT),
        ("I28", r.SPONSORED_FORMAT),
    ]
    # the rows without errors are still read; each error reads in both languages with its cell
    assert [line.last_name for line in report.contents.lines] == ["Smith", None]
    assert report.issues[1].message("en").startswith("C25: The title")
    assert report.issues[1].message("es").startswith("C25: El tratamiento")
    with pytest.raises(r.ScheduleError) as raised:
        r.read_schedule(mutated({"C25": "Professor", "K25": "240"}))
    assert [i.cell for i in raised.value.issues] == ["C25", "K25"]


def test_a_schedule_without_donations() -> None:
    blank = {f"{c}{n}": "" for n in range(25, 29) for c in "CDEFGHIJK"}
    assert issues(blank) == {("", r.NO_DONATIONS)}


def test_messages_exist_for_every_code_in_both_languages() -> None:
    assert set(r.ISSUE_TEXT["en"]) == set(r.ISSUE_TEXT["es"]) == set(range(1, 29))
