"""Money is Decimal with 2 places end to end: parsing, formatting and a PynamoDB attribute."""

from __future__ import annotations

import re
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from pynamodb.attributes import Attribute
from pynamodb.constants import NUMBER

from functions.domain.record_fields import MAX_AMOUNT

PENNY = Decimal("0.01")
# plain notation only ("12", "12.5", "12.", ".5"): no sign, exponent, NaN, Infinity or separators
_PLAIN_AMOUNT = re.compile(r"[0-9]+(?:\.[0-9]*)?|\.[0-9]+")


class AmountError(ValueError):
    """A client's amount refused; `message_key` (a key of the message catalog) says why."""

    def __init__(self, message_key: str, **params: Any) -> None:
        super().__init__(message_key)
        self.message_key = message_key
        self.params = params


def _grouped(amount: Decimal) -> str:
    """`1,000,000.00`: money reads en-GB in every language (the spec fixes English (GB)
    formatting; the SPA's formatMoney does the same)."""
    return f"{amount:,.2f}"


def parse_amount(value: Any, *, allow_zero: bool = False) -> Decimal:
    """A client's amount in pounds: a JSON string or integer in plain notation (`"12.50"`, `12`),
    at most 2 decimal places (`"12.500"` is 12.50, `"12.505"` is refused: nothing is rounded
    silently), not negative (`"-0"` neither), above zero unless `allow_zero`, at most `MAX_AMOUNT`.
    A float is refused (it may already have lost pennies). Raises `AmountError`, nothing else,
    whatever the input (`"1e400"`, 30 digits, `"NaN"`)."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise AmountError("amount.format")
    try:
        text = str(value).strip()
    except ValueError as exc:  # an int too long to print (Python's 4,300-digit limit)
        raise AmountError("amount.too_large", max=_grouped(MAX_AMOUNT)) from exc
    if text.startswith("-") and _PLAIN_AMOUNT.fullmatch(text[1:]):
        raise AmountError("amount.negative")
    if not _PLAIN_AMOUNT.fullmatch(text):
        raise AmountError("amount.format")
    amount = Decimal(text)  # plain digits: exact, finite, any length
    if amount > MAX_AMOUNT:
        raise AmountError("amount.too_large", max=_grouped(MAX_AMOUNT))
    pennies = amount.quantize(PENNY)  # ≤ MAX_AMOUNT, so within the context's precision
    if pennies != amount:
        raise AmountError("amount.format")
    if pennies == 0 and not allow_zero:
        raise AmountError("amount.zero")
    return pennies


def to_money(value: Any) -> Decimal:
    """Round half-up to the penny. Raises ValueError for anything that is not a finite number
    the context can hold to the penny (`"1e400"` or 30 digits included)."""
    try:
        amount = Decimal(str(value).strip())
        if not amount.is_finite():
            raise ValueError(f"not an amount: {value!r}")
        return amount.quantize(PENNY, rounding=ROUND_HALF_UP)
    except (ArithmeticError, ValueError) as exc:  # InvalidOperation is an ArithmeticError
        raise ValueError(f"not an amount: {value!r}") from exc


def money_text(amount: Decimal | None) -> str:
    return f"{(amount or Decimal(0)).quantize(PENNY, rounding=ROUND_HALF_UP):.2f}"


class DecimalAttribute(Attribute[Decimal]):
    """A DynamoDB number read back as Decimal (PynamoDB's NumberAttribute gives float)."""

    attr_type = NUMBER

    def serialize(self, value: Decimal) -> str:
        return str(Decimal(value))

    def deserialize(self, value: str) -> Decimal:
        return Decimal(value)
