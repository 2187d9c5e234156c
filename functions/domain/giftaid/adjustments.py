"""Adjustments: tax over-claimed in earlier claims, deducted in the next one (GIFT_AID.md §6).

A reversal is recorded per donation when a donation already claimed is refunded or cancelled, or
its declaration is cancelled with effect on its date. Its tax is the Gift Aid that was claimed on
it. The next claim takes every open reversal once; its `Adjustment` is the sum of their tax and
its `OtherInfo` (≤ 350 characters, sent to HMRC) explains it.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import Decimal
from enum import StrEnum

OTHER_INFO_MAX = 350
ZERO = Decimal("0.00")


class ReversalCause(StrEnum):
    REFUNDED = "refunded"
    CANCELLED = "cancelled"
    DECLARATION_CANCELLED = "declaration_cancelled"


_CAUSE_TEXT = {
    ReversalCause.REFUNDED: ("refunded donation", "refunded donations"),
    ReversalCause.CANCELLED: ("cancelled donation", "cancelled donations"),
    ReversalCause.DECLARATION_CANCELLED: (
        "donation whose declaration was cancelled",
        "donations whose declaration was cancelled",
    ),
}


@dataclass(frozen=True)
class Reversal:
    donation_id: str
    amount: Decimal  # the donation
    tax: Decimal  # the Gift Aid claimed on it: what the adjustment deducts
    cause: ReversalCause
    claim_label: str  # the claim it was claimed in, as HMRC would know it (its date, e.g. 2026-03-14)


def adjustment_total(reversals: Iterable[Reversal]) -> Decimal:
    return sum((r.tax for r in reversals), ZERO)


def _money(amount: Decimal) -> str:
    return f"£{amount:,.2f}"


def _group_texts(reversals: Sequence[Reversal]) -> list[str]:
    groups: dict[tuple[str, ReversalCause], list[Reversal]] = defaultdict(list)
    for reversal in reversals:
        groups[(reversal.claim_label, reversal.cause)].append(reversal)
    texts = []
    for (label, cause), found in sorted(groups.items()):
        one, many = _CAUSE_TEXT[cause]
        given = sum((r.amount for r in found), ZERO)
        tax = adjustment_total(found)
        texts.append(
            f"{len(found)} {one if len(found) == 1 else many} from claim {label} "
            f"({_money(given)} given, {_money(tax)} tax)"
        )
    return texts


def other_info(reversals: Sequence[Reversal]) -> str | None:
    """The explanation HMRC reads next to the adjustment, at most 350 characters: the total, then
    one part per original claim and cause; parts that do not fit are counted at the end."""
    if not reversals:
        return None
    total = adjustment_total(reversals)
    count = len(reversals)
    head = (
        f"Adjustment of {_money(total)} for tax over-claimed on {count} donation{'s' if count != 1 else ''}"
    )
    parts = _group_texts(reversals)
    for shown in range(len(parts), -1, -1):
        rest = len(parts) - shown
        text = head + (": " + "; ".join(parts[:shown]) if shown else "")
        if rest:
            text += f"; and {rest} more group{'s' if rest != 1 else ''}"
        text += "."
        if len(text) <= OTHER_INFO_MAX:
            return text
    return (head + ".")[:OTHER_INFO_MAX]
