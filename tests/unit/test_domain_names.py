"""HMRC's limits on donor details, warned at entry (GIFT_AID.md §7), and UK postcodes."""

from __future__ import annotations

import pytest

from functions.domain import names
from functions.domain.postcodes import normalise_uk_postcode

GOOD = {
    "type": "individual",
    "title": "Mrs",
    "first_name": "Jane",
    "last_name": "Smith",
    "house": "12",
    "postcode": "BA1 1AA",
    "country": "GB",
}


@pytest.mark.parametrize(
    ("change", "warnings"),
    [
        ({}, {}),
        ({"title": "Dr"}, {}),
        ({"title": "O'Ne"}, {}),
        ({"title": "M"}, {"title": names.TITLE}),
        ({"title": "Professor"}, {"title": names.TITLE}),
        ({"title": "Mr."}, {"title": names.TITLE}),
        ({"first_name": "A" * 35}, {}),
        ({"first_name": "A" * 36}, {"first_name": names.NAME_TOO_LONG}),
        ({"last_name": "B" * 36}, {"last_name": names.NAME_TOO_LONG}),
        ({"house": "H" * 41}, {"house": names.HOUSE_TOO_LONG}),
        ({"house": ""}, {"house": names.HOUSE_MISSING}),
        ({"postcode": "BA1"}, {"postcode": names.POSTCODE_FORMAT}),
        ({"postcode": "ba1 1aa"}, {"postcode": names.POSTCODE_FORMAT}),
        ({"postcode": None}, {"postcode": names.POSTCODE_MISSING}),
        ({"postcode": "75001", "country": "FR"}, {}),
        ({"type": "organisation", "title": "Professor"}, {}),
    ],
)
def test_hmrc_warnings(change, warnings):
    assert names.hmrc_warnings({**GOOD, **change}) == warnings


@pytest.mark.parametrize(
    ("typed", "country", "stored"),
    [
        ("sw1a1aa", "GB", "SW1A 1AA"),
        ("  ba1   1aa ", "GB", "BA1 1AA"),
        ("m1 1ae", "GB", "M1 1AE"),
        ("ba1", "GB", "BA1"),
        ("75001", "FR", "75001"),
        ("", "GB", None),
    ],
)
def test_tidy_postcode(typed, country, stored):
    assert names.tidy_postcode(typed, country) == stored


@pytest.mark.parametrize(
    ("typed", "normalised"),
    [
        ("EC1A1BB", "EC1A 1BB"),
        ("w1a0ax", "W1A 0AX"),
        ("GIR0AA", "GIR 0AA"),
        ("1AB 2CD", None),
        ("12345", None),
    ],
)
def test_uk_postcodes(typed, normalised):
    assert normalise_uk_postcode(typed) == normalised


def test_display_and_sort_names():
    assert names.display_name(GOOD) == "Mrs Jane Smith"
    assert names.sort_name({**GOOD, "last_name": "Ó Briain"}) == "o briain jane"
    assert names.display_name({"type": "organisation", "company_name": "Acme"}) == "Acme"
