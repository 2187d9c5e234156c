"""The two parsers of client input every route shares: JSON (`functions.core.validation.load_json`)
and amounts (`functions.core.money.parse_amount`). Whatever the input, each raises its own error
type and nothing else, and never returns a value other than the one the client wrote."""

from __future__ import annotations

import json
from decimal import Decimal

import pytest

from functions.core.money import AmountError, parse_amount, to_money
from functions.core.validation import MAX_JSON_DEPTH, NotJson, load_json


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("[" * 100_000, "invalid_json"),
        ("[" * 100_000 + "]" * 100_000, "invalid_json"),
        ('{"a":' * 100_000 + "1" + "}" * 100_000, "invalid_json"),
        (json.dumps(json.loads("[" * 40 + "]" * 40)), "json.too_deep"),
        ('{"a": NaN}', "invalid_json"),
        ('{"a": -Infinity}', "invalid_json"),
        ("{not json", "invalid_json"),
        (b"\xff\xfe\x00", "invalid_json"),
        ("1" * 5000, "invalid_json"),  # past Python's integer digit limit
    ],
)
def test_json_that_we_do_not_accept_raises_not_json(text, key):
    with pytest.raises(NotJson) as refused:
        load_json(text)

    assert refused.value.message_key == key


def test_json_nested_up_to_the_limit_is_read():
    text = "[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH

    assert load_json(text) is not None
    with pytest.raises(NotJson):
        load_json("[" + text + "]")


@pytest.mark.parametrize(
    ("value", "key"),
    [
        ("1e400", "amount.format"),
        ("1e-400", "amount.format"),
        ("1E2", "amount.format"),
        ("NaN", "amount.format"),
        ("sNaN", "amount.format"),
        ("Infinity", "amount.format"),
        ("-Infinity", "amount.format"),
        ("1" * 30, "amount.too_large"),
        (10**30, "amount.too_large"),
        ("1000000.01", "amount.too_large"),
        ("12.505", "amount.format"),
        ("0.001", "amount.format"),
        ("-0", "amount.negative"),
        ("-0.00", "amount.negative"),
        ("-12.50", "amount.negative"),
        ("0", "amount.zero"),
        (0, "amount.zero"),
        ("", "amount.format"),
        ("1,000", "amount.format"),
        ("£5", "amount.format"),
        ("+5", "amount.format"),
        ("١٢", "amount.format"),  # Arabic-Indic digits: Decimal reads them, people do not type them
        (12.5, "amount.format"),  # a float may already have lost pennies
        (True, "amount.format"),
        (None, "amount.format"),
        ([1], "amount.format"),
    ],
)
def test_amounts_we_do_not_accept_raise_amount_error(value, key):
    with pytest.raises(AmountError) as refused:
        parse_amount(value)

    assert refused.value.message_key == key


@pytest.mark.parametrize(
    ("value", "amount"),
    [
        ("12.50", "12.50"),
        ("12.5", "12.50"),
        ("12.500", "12.50"),
        (7, "7.00"),
        (" 3 ", "3.00"),
        (".5", "0.50"),
    ],
)
def test_plain_amounts_are_read_to_the_penny(value, amount):
    parsed = parse_amount(value)

    assert parsed == Decimal(amount) and str(parsed) == amount


def test_zero_only_where_allowed_and_never_negative_zero():
    assert str(parse_amount("0", allow_zero=True)) == "0.00"
    with pytest.raises(AmountError):
        parse_amount("-0", allow_zero=True)


def test_the_limit_itself_is_accepted():
    assert parse_amount("1000000") == Decimal("1000000.00")


@pytest.mark.parametrize("value", ["1e400", "1" * 30, "NaN", "Infinity", "x"])
def test_to_money_raises_value_error_and_nothing_else(value):
    with pytest.raises(ValueError):
        to_money(value)
