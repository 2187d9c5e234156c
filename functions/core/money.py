"""Money is Decimal with 2 places end to end: parsing, formatting and a PynamoDB attribute."""

from __future__ import annotations

from decimal import ROUND_HALF_UP, Decimal, InvalidOperation
from typing import Any

from pynamodb.attributes import Attribute
from pynamodb.constants import NUMBER

PENNY = Decimal("0.01")


def to_money(value: Any) -> Decimal:
    """Round half-up to the penny. Raises ValueError for anything that is not a finite number."""
    try:
        amount = Decimal(str(value).strip())
    except (InvalidOperation, ValueError) as exc:
        raise ValueError(f"not an amount: {value!r}") from exc
    if not amount.is_finite():
        raise ValueError(f"not an amount: {value!r}")
    return amount.quantize(PENNY, rounding=ROUND_HALF_UP)


def money_text(amount: Decimal | None) -> str:
    return f"{(amount or Decimal(0)).quantize(PENNY, rounding=ROUND_HALF_UP):.2f}"


class DecimalAttribute(Attribute[Decimal]):
    """A DynamoDB number read back as Decimal (PynamoDB's NumberAttribute gives float)."""

    attr_type = NUMBER

    def serialize(self, value: Decimal) -> str:
        return str(Decimal(value))

    def deserialize(self, value: str) -> Decimal:
        return Decimal(value)
