"""What a refund found in an import does to the donation it returns (pure).

Two shapes of refund reach an import (functions/domain/imports/rows.py):
- a refund row (PayPal "Payment Refund", a negative amount): `amount` returned of the payment
  `of`; several partial refunds of one payment add up;
- a charge row that states its own refunded total (Stripe "Amount Refunded", with `gross`, the
  charge's amount): what the donor kept given is `gross - amount`, however often it is read.

A refund of the whole amount makes the donation refunded (no longer claimable; a claimed one
gets its Gift Aid reversed in the next claim, GIFT_AID.md §6). A partial refund reduces the
donation to what the donor kept given, unless a Gift Aid claim already holds the donation (its
amount is fixed there): that is reported for a person to record. A donation refunded or
cancelled already is left as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

NONE, REFUNDED, REDUCED, PROBLEM = "none", "refunded", "reduced", "problem"


@dataclass(frozen=True)
class Effect:
    kind: str  # none | refunded | reduced | problem
    amount: Decimal | None = None  # the donation's new amount (reduced)
    reason: str | None = None  # message key (problem)


def marker(refund: Mapping[str, Any], row: int) -> str:
    """The reference that records a refund as applied (an external reference of its own, so a
    file imported again applies it once): the refund's own transaction id when it has one."""
    if refund.get("gross") is not None:
        return f"refund:{refund['of']}:{refund['amount']}"
    if refund.get("ref"):
        return f"refund:{refund['ref']}"
    return f"refund:{refund['of']}:{refund['amount']}:{refund.get('date') or ''}"


def effect(amount: Decimal, status: str, claimed: bool, refund: Mapping[str, Any]) -> Effect:
    """What `refund` does to a donation of `amount` and `status` (held by a claim: `claimed`)."""
    if status != "received":
        return Effect(NONE)
    returned = Decimal(str(refund["amount"]))
    gross = refund.get("gross")
    kept = Decimal(str(gross)) - returned if gross is not None else amount - returned
    if kept <= 0:
        return Effect(REFUNDED)
    if kept == amount:
        return Effect(NONE)
    if claimed:
        return Effect(PROBLEM, reason="imports.refund_partial_claimed")
    return Effect(REDUCED, amount=kept)
