"""Pure domain rules: CSV cell safety, UK postcodes, search tokens (no mocks, no AWS)."""

from __future__ import annotations

import csv
import datetime as dt
import io
from decimal import Decimal

import pytest

from functions.domain.csv_safety import SafeCsvWriter, cell_text, safe_cell
from functions.domain.postcodes import normalise_uk_postcode
from functions.domain.search_tokens import charity_tokens, query_token, words


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("=SUM(A1:A2)", "'=SUM(A1:A2)"),
        ("+44 113", "'+44 113"),
        ("-5", "'-5"),
        ("@cmd", "'@cmd"),
        ("\tx", "'\tx"),
        ("\rx", "'\rx"),
        ("\0x", "'\0x"),
        ("plain", "plain"),
        ("a=b", "a=b"),
        ("", ""),
        (None, ""),
        (Decimal("-12.5"), "'-12.50"),
        (Decimal("3"), "3.00"),
        (True, "yes"),
        (dt.date(2026, 4, 5), "2026-04-05"),
    ],
)
def test_safe_cell(value, expected):
    assert safe_cell(value) == expected


def test_cell_text_of_a_utc_timestamp():
    moment = dt.datetime(2026, 11, 22, 10, 15, tzinfo=dt.UTC)
    assert cell_text(moment) == "2026-11-22T10:15:00Z"


def test_writer_quotes_every_field_and_keeps_column_order():
    stream = io.StringIO()
    writer = SafeCsvWriter(stream, [("b", "Bee"), ("a", "=Ay")])
    writer.write_all([{"a": 1, "b": 'say "hi", then\nleave', "c": "hidden"}])
    assert stream.getvalue().splitlines()[0] == '"Bee","\'=Ay"'
    assert list(csv.reader(io.StringIO(stream.getvalue()))) == [
        ["Bee", "'=Ay"],
        ['say "hi", then\nleave', "1"],
    ]


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("sw1a1aa", "SW1A 1AA"),
        (" ls1  1ab ", "LS1 1AB"),
        ("M1 1AE", "M1 1AE"),
        ("B33 8TH", "B33 8TH"),
        ("CR2 6XH", "CR2 6XH"),
        ("DN55 1PT", "DN55 1PT"),
        ("GIR0AA", "GIR 0AA"),
        ("75001", None),
        ("SW1A", None),
        ("1AB 2CD", None),  # the outward code starts with a letter
        ("", None),
    ],
)
def test_normalise_uk_postcode(raw, expected):
    assert normalise_uk_postcode(raw) == expected


def test_search_tokens():
    assert words("St. Mary's Trust") == ["st", "mary", "s", "trust", "marys"]
    assert words("Café Ünited") == ["cafe", "united"]
    tokens = charity_tokens("Hope Trust", "SC 012345", "+44 113 496 0000", "GB")
    assert {"hope", "trust", "hopetrust", "sc012345", "441134960000", "01134960000", "gb"} == tokens
    assert query_token("  Hope Trust ") == "hope"
    assert query_token("") == ""
