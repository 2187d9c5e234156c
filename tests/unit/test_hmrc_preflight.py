"""Pre-flight: HMRC's per-line rules, reported as (line, field, message key) in en and es (GIFT_AID.md §7)."""

from __future__ import annotations

import dataclasses
import datetime as dt
from decimal import Decimal

import pytest

from functions.domain.giftaid.model import GadLine
from functions.domain.hmrc import preflight as p

TODAY = dt.date(2025, 6, 1)
GOOD = GadLine(dt.date(2025, 3, 24), Decimal("240.00"), "Prof", "Henry", "House Martin", "152A", "M99 2QD")
AGGREGATED = GadLine(dt.date(2025, 3, 31), Decimal("880.00"), aggregated="One off Gift Aid donations")


def problems(line: GadLine) -> set[tuple[str, str]]:
    return {(problem.field, problem.key) for problem in p.check_line(0, line, TODAY)}


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({}, set()),
        ({"title": None}, set()),
        ({"title": "Dr"}, set()),
        ({"title": "O'Ne"}, set()),
        ({"title": "M"}, {("title", p.TITLE_FORMAT)}),
        ({"title": "Prof."}, {("title", p.TITLE_FORMAT)}),
        ({"title": "Professor"}, {("title", p.TITLE_FORMAT)}),
        ({"first_name": ""}, {("first_name", p.FIRST_NAME_MISSING)}),
        ({"first_name": "A" * 35}, set()),
        ({"first_name": "A" * 36}, {("first_name", p.FIRST_NAME_TOO_LONG)}),
        ({"last_name": None}, {("last_name", p.LAST_NAME_MISSING)}),
        ({"last_name": "B" * 36}, {("last_name", p.LAST_NAME_TOO_LONG)}),
        ({"house": ""}, {("house", p.HOUSE_MISSING)}),
        ({"house": "H" * 40}, set()),
        ({"house": "H" * 41}, {("house", p.HOUSE_TOO_LONG)}),
        ({"postcode": None}, {("postcode", p.POSTCODE_MISSING)}),
        ({"postcode": "m99 2qd"}, {("postcode", p.POSTCODE_FORMAT)}),
        ({"postcode": "M992QD"}, {("postcode", p.POSTCODE_FORMAT)}),
        ({"postcode": "E16"}, {("postcode", p.POSTCODE_FORMAT)}),
        ({"postcode": "GIR 0AA"}, set()),
        ({"postcode": "SW1A 1AA"}, set()),
        ({"postcode": "X"}, set()),
        ({"postcode": None, "overseas": True, "house": "100 Champs Elysees, Paris"}, set()),
        ({"date": TODAY}, set()),
        ({"date": TODAY + dt.timedelta(days=1)}, {("date", p.DATE_IN_FUTURE)}),
        ({"amount": Decimal("240")}, {("amount", p.AMOUNT_FORMAT)}),
        ({"amount": Decimal("240.001")}, {("amount", p.AMOUNT_FORMAT)}),
        ({"amount": Decimal("0.00")}, {("amount", p.AMOUNT_TOO_SMALL)}),
        ({"amount": Decimal("0.01")}, set()),
        ({"amount": Decimal("5000.00")}, set()),
        ({"last_name": " Smith"}, {("last_name", p.SPACES)}),
        ({"house": "12 "}, {("house", p.SPACES)}),
        ({"last_name": "Smith\u2019s"}, {("last_name", p.CHARACTERS_STRIPPED)}),
        ({"first_name": "Zoë"}, set()),
        ({"sponsored": True}, set()),
    ],
)
def test_donor_line_rules(change: dict[str, object], expected: set[tuple[str, str]]) -> None:
    assert problems(dataclasses.replace(GOOD, **change)) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({}, set()),
        ({"amount": Decimal("1000.00")}, set()),
        ({"amount": Decimal("1000.01")}, {("amount", p.AGGREGATED_OVER_LIMIT)}),
        ({"aggregated": "D" * 35}, set()),
        ({"aggregated": "D" * 36}, {("aggregated", p.AGGREGATED_TOO_LONG)}),
        ({"sponsored": True}, {("sponsored", p.AGGREGATED_SPONSORED)}),
        ({"title": "Mr"}, {("title", p.AGGREGATED_WITH_DONOR)}),
        (
            {"first_name": "A", "last_name": "B"},
            {("first_name", p.AGGREGATED_WITH_DONOR), ("last_name", p.AGGREGATED_WITH_DONOR)},
        ),
        (
            {"house": "1", "postcode": "M1 1AA"},
            {("house", p.AGGREGATED_WITH_DONOR), ("postcode", p.AGGREGATED_WITH_DONOR)},
        ),
    ],
)
def test_aggregated_line_rules(change: dict[str, object], expected: set[tuple[str, str]]) -> None:
    assert problems(dataclasses.replace(AGGREGATED, **change)) == expected  # type: ignore[arg-type]


def test_problems_point_at_their_line_and_read_in_both_languages() -> None:
    lines = [GOOD, dataclasses.replace(GOOD, postcode="e16"), AGGREGATED]
    [problem] = p.check_lines(lines, TODAY)
    assert (problem.line, problem.field, problem.key) == (1, "postcode", p.POSTCODE_FORMAT)
    assert "e16" in p.message(problem.key, "en", problem.params)
    assert "e16" in p.message(problem.key, "es", problem.params)
    assert p.message(problem.key, "fr", problem.params) == p.message(problem.key, "en", problem.params)


def test_catalogue_is_complete_in_english_and_spanish() -> None:
    keys = {value for name, value in vars(p).items() if isinstance(value, str) and value.startswith("hmrc.")}
    assert set(p.MESSAGES["en"]) == set(p.MESSAGES["es"]) == keys


def test_clean_text_keeps_printable_latin1_only() -> None:
    assert p.clean_text(" Zoë \u2019O\u200bBrien\t") == "Zoë OBrien"
