"""Cell transforms of an import mapping (functions/domain/imports/transforms.py): UK and ISO dates,
amounts as charities' files write them, names in one column, yes/no columns. Each refusal carries
the message key the error report shows."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from functions.domain.imports import transforms as tf


def refusal(parser, *args):
    with pytest.raises(tf.CellProblem) as refused:
        parser(*args)
    return refused.value.key, refused.value.params


# ------------------------------------------------------------------ dates
@pytest.mark.parametrize(
    ("text", "date_format", "expected"),
    [
        ("06/04/2025", "dmy", dt.date(2025, 4, 6)),
        ("6/4/2025", "dmy", dt.date(2025, 4, 6)),
        ("06.04.2025", "dmy", dt.date(2025, 4, 6)),
        ("06/04/2025 14:30", "dmy", dt.date(2025, 4, 6)),
        ("06/04/25", "dmy2", dt.date(2025, 4, 6)),
        ("31/12/99", "dmy2", dt.date(2099, 12, 31)),
        ("2025-04-06", "iso", dt.date(2025, 4, 6)),
        ("2025-04-06 10:22:11", "iso", dt.date(2025, 4, 6)),
        ("2025-04-06T10:22:11Z", "dmy", dt.date(2025, 4, 6)),
        ("04/06/2025", "mdy", dt.date(2025, 4, 6)),
    ],
)
def test_dates_read_in_the_chosen_format(text, date_format, expected):
    assert tf.parse_date(text, date_format) == expected


def test_a_uk_date_is_never_read_the_american_way():
    # GIVEN 06/04/2025 (6 April in the UK, 4 June in the US) THEN dmy and mdy disagree as they should
    assert tf.parse_date("06/04/2025", "dmy") == dt.date(2025, 4, 6)
    assert tf.parse_date("06/04/2025", "mdy") == dt.date(2025, 6, 4)
    # AND 13/04/2025 is not a date in mm/dd/yyyy
    assert refusal(tf.parse_date, "13/04/2025", "mdy")[0] == "imports.date_not_real"


@pytest.mark.parametrize(
    ("text", "date_format", "key", "params"),
    [
        ("", "dmy", "imports.date_missing", {}),
        ("31/02/2025", "dmy", "imports.date_not_real", {"value": "31/02/2025"}),
        ("2025-13-01", "iso", "imports.date_not_real", {"value": "2025-13-01"}),
        ("next Tuesday", "dmy", "imports.date_invalid", {"value": "next Tuesday", "format": "dd/mm/yyyy"}),
        ("06/04/2025", "iso", "imports.date_invalid", {"value": "06/04/2025", "format": "yyyy-mm-dd"}),
        ("6 April 2025", "dmy2", "imports.date_invalid", {"value": "6 April 2025", "format": "dd/mm/yy"}),
    ],
)
def test_a_bad_date_says_why(text, date_format, key, params):
    assert refusal(tf.parse_date, text, date_format) == (key, params)


# ------------------------------------------------------------------ amounts
@pytest.mark.parametrize(
    ("text", "amount_format", "expected"),
    [
        ("£1,234.50", "plain", Decimal("1234.50")),
        ("1234.5", "plain", Decimal("1234.50")),
        (" £ 12 ", "plain", Decimal("12.00")),
        ("GBP 12.50", "plain", Decimal("12.50")),
        ("12,50", "plain", Decimal("12.50")),
        ("1.234,50", "plain", Decimal("1234.50")),
        ("-5", "plain", Decimal("-5.00")),
        ("-£5.00", "plain", Decimal("-5.00")),
        ("(5.00)", "brackets_negative", Decimal("-5.00")),
        ("(£1,234.50)", "brackets_negative", Decimal("-1234.50")),
        ("5.00", "brackets_negative", Decimal("5.00")),
        ("10.000", "plain", Decimal("10.00")),
    ],
)
def test_amounts_as_charities_write_them(text, amount_format, expected):
    assert tf.parse_amount(text, amount_format) == expected


@pytest.mark.parametrize(
    ("text", "amount_format", "key"),
    [
        ("", "plain", "imports.amount_missing"),
        ("ten pounds", "plain", "imports.amount_invalid"),
        ("(5.00)", "plain", "imports.amount_invalid"),
        ("$5.00", "plain", "imports.amount_invalid"),
        ("1.2.3", "plain", "imports.amount_invalid"),
        ("12.345", "plain", "imports.amount_decimals"),
    ],
)
def test_a_bad_amount_says_why(text, amount_format, key):
    assert refusal(tf.parse_amount, text, amount_format)[0] == key


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("(5.00)", "imports.amount_negative"),
        ("-5", "imports.amount_negative"),
        ("0.00", "imports.amount_zero"),
        ("£1,000,000.01", "imports.amount_too_large"),
    ],
)
def test_a_donation_is_more_than_nothing_and_at_most_a_million(text, key):
    # a refund in brackets is refused (with the reason), not guessed onto an earlier donation
    assert refusal(tf.donation_amount, text, "brackets_negative")[0] == key


def test_a_million_pounds_is_still_a_donation():
    assert tf.donation_amount("£1,000,000.00", "plain") == Decimal("1000000.00")


# ------------------------------------------------------------------ names
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Mrs Jane Smith", ("Mrs", "Jane", "Smith")),
        ("Smith, Jane", (None, "Jane", "Smith")),
        ("Smith, Mrs Jane", ("Mrs", "Jane", "Smith")),
        ("Dr. Anna van der Berg", ("Dr", "Anna", "van der Berg")),
        ("Mary Jane Smith", (None, "Mary Jane", "Smith")),
        ("  Seán   O'Brien ", (None, "Seán", "O'Brien")),
        ("Smith", (None, None, "Smith")),
        ("Major", (None, None, "Major")),
        ("", (None, None, None)),
    ],
)
def test_a_name_in_one_column_is_split_into_title_first_and_last_name(text, expected):
    assert tf.split_name(text) == expected


# ------------------------------------------------------------------ yes / no
@pytest.mark.parametrize("text", ["Yes", "y", "TRUE", "1", "x", "Sí", " yes "])
def test_gift_aid_yes(text):
    assert tf.parse_yes_no(text) is True


@pytest.mark.parametrize("text", ["No", "n", "FALSE", "0", "", "-"])
def test_gift_aid_no(text):
    assert tf.parse_yes_no(text) is False


def test_a_gift_aid_cell_that_is_neither_says_so():
    assert refusal(tf.parse_yes_no, "maybe") == ("imports.yes_no_invalid", {"value": "maybe"})


# ------------------------------------------------------------------ methods, statuses, text
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Credit Card", "card"),
        ("BACS", "bank_transfer"),
        ("Direct-Debit", "direct_debit"),
        ("Cheque", "cheque"),
    ],
)
def test_payment_methods_in_the_words_platforms_use(text, expected):
    assert tf.parse_payment_method(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [("Paid", "received"), ("Completed", "received"), ("Refunded", "refunded"), ("", "received")],
)
def test_statuses_in_the_words_platforms_use(text, expected):
    assert tf.parse_status(text) == expected


@pytest.mark.parametrize("text", ["Failed", "Pending", "Declined"])
def test_a_payment_that_never_arrived_is_not_a_donation(text):
    assert refusal(tf.parse_status, text)[0] == "imports.status_not_paid"


def test_the_quote_almoner_puts_before_formula_characters_is_taken_off_again():
    assert tf.clean_text("'=SUM(A1)") == "=SUM(A1)"
    assert tf.clean_text("'+44 1632 960001") == "+44 1632 960001"
    assert tf.clean_text("O'Brien") == "O'Brien"
