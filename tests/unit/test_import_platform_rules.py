"""The pure rules behind platform exports (issue 13 §4): UK dates of UTC times, house names and
numbers, country names, organisations, card capitals, and what a refund does to a donation."""

from __future__ import annotations

from decimal import Decimal

import pytest

from functions.domain import countries, names
from functions.domain.imports import refunds
from functions.domain.imports import transforms as tf


@pytest.mark.parametrize(
    ("utc", "day"),
    [
        ("2025-04-05 23:30:00", "2025-04-06"),  # BST: the next tax year
        ("2025-04-05 22:59:59", "2025-04-05"),
        ("2025-01-05 23:30", "2025-01-05"),  # GMT: no shift
        ("2025-03-30 00:30", "2025-03-30"),  # BST starts at 01:00 UTC on 30 March 2025
        ("2025-03-30 01:00", "2025-03-30"),
        ("2025-10-25 23:30", "2025-10-26"),  # still BST
        ("2025-10-26 23:30", "2025-10-26"),  # GMT again from 01:00 UTC on 26 October
        ("2025-04-05", "2025-04-05"),  # a date alone stays
    ],
)
def test_a_utc_time_is_dated_in_uk_time(utc, day):
    assert tf.parse_date(utc, "iso_utc").isoformat() == day


@pytest.mark.parametrize(
    ("line1", "line2", "expected"),
    [
        ("1 Mill Lane", None, ("1", "Mill Lane", None)),
        ("12a High Street", "Widcombe", ("12a", "High Street", "Widcombe")),
        ("The Old Forge, Church Street", None, ("The Old Forge", "Church Street", None)),
        ("Flat 2, The Old Rectory", "Church Road", ("Flat 2, The Old Rectory", "Church Road", None)),
        ("Flat 2, 10 High Street", None, ("Flat 2, 10", "High Street", None)),
        ("Rose Cottage", None, ("Rose Cottage", None, None)),
        ("Church Street", None, (None, "Church Street", None)),
    ],
)
def test_the_house_name_or_number_comes_out_of_the_first_line(line1, line2, expected):
    assert names.split_house(line1, line2) == expected


def test_a_house_in_its_own_column_is_not_written_twice():
    assert names.without_house("1 Mill Lane", "1") == "Mill Lane"
    assert names.without_house("10 Mill Lane", "1") == "10 Mill Lane"
    assert names.without_house("Mill Lane", "1") == "Mill Lane"


def test_country_names_and_codes_become_iso_codes():
    assert [
        countries.country_code(c) for c in ("United Kingdom", "uk", "gb", "Republic of Ireland", "Fr")
    ] == [
        "GB",
        "GB",
        "GB",
        "IE",
        "FR",
    ]
    assert countries.country_code("Atlantis") is None


@pytest.mark.parametrize(
    ("name", "organisation"),
    [
        ("Mill Lane Residents Association", True),
        ("Acme Widgets Ltd", True),
        ("Smith & Sons Limited", True),
        ("Riverside Rotary Club", True),
        ("Jane Smith", False),
        ("Charlotte Church", False),
        ("Lee", False),
    ],
)
def test_organisations_are_told_from_people(name, organisation):
    assert names.looks_like_organisation(name) is organisation


def test_card_capitals_are_written_as_people_write_names():
    assert names.tidy_case("JANE MCDONALD") == "Jane McDonald"
    assert names.tidy_case("MARY O'BRIEN-JONES") == "Mary O'Brien-Jones"
    assert names.tidy_case("ANNA VAN DER BERG") == "Anna van der Berg"
    assert names.tidy_case("Jane de Souza") == "Jane de Souza"  # mixed case: as written


@pytest.mark.parametrize(
    ("amount", "status", "claimed", "refund", "kind", "kept"),
    [
        ("25.00", "received", False, {"amount": "25.00"}, refunds.REFUNDED, None),
        ("25.00", "received", True, {"amount": "25.00"}, refunds.REFUNDED, None),  # reversal follows
        ("20.00", "received", False, {"amount": "4.00"}, refunds.REDUCED, "16.00"),
        ("20.00", "received", True, {"amount": "4.00"}, refunds.PROBLEM, None),
        ("20.00", "refunded", False, {"amount": "4.00"}, refunds.NONE, None),
        # a charge row's refunded total: idempotent against what is stored
        ("30.00", "received", False, {"amount": "10.00", "gross": "30.00"}, refunds.REDUCED, "20.00"),
        ("20.00", "received", False, {"amount": "10.00", "gross": "30.00"}, refunds.NONE, None),
        ("20.00", "received", False, {"amount": "30.00", "gross": "30.00"}, refunds.REFUNDED, None),
    ],
)
def test_what_a_refund_does_to_its_donation(amount, status, claimed, refund, kind, kept):
    effect = refunds.effect(Decimal(amount), status, claimed, refund)
    assert effect.kind == kind
    assert (str(effect.amount) if effect.amount is not None else None) == kept


@pytest.mark.parametrize(
    ("kind_text", "expected"),
    [
        ("Donation Payment", tf.DONATION),
        ("Express Checkout Payment", tf.DONATION),
        ("", tf.DONATION),
        ("Payment Refund", tf.REFUND),
        ("General Withdrawal", tf.OTHER),
        ("Payment Release", tf.OTHER),
        ("Shopping Cart Payment Received", tf.OTHER),
        ("Gift Aid", tf.OTHER),
    ],
)
def test_transaction_types(kind_text, expected):
    assert tf.transaction_kind(kind_text) == expected
