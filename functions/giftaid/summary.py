"""What the dashboard reads of Gift Aid on every visit: the settings item and the sum of one Gift
Aid state's donations. Apart from the claims repository (which re-exports both) so that the
dashboard's first request does not import the claims' messages, the HMRC rules they quote and the
Gift Aid model's dataclasses; the sum reads the donations' two amounts as plain attributes
(`functions.core.plain_items`), so it imports neither the donations' nor the Gift Aid settings'
models (ADR 0011, cold start)."""

from __future__ import annotations

from decimal import Decimal

from functions.core import keys, plain_items
from functions.core.deferred import deferred_imports

with deferred_imports():
    from functions.giftaid.models import GiftAidSettings

DONATION_ENTITY = "Donation"  # functions.donations.models.Donation's discriminator
AMOUNT, GIFT_AID_AMOUNT = "amount", "gift_aid_amount"  # Donation.amount, Donation.gift_aid_amount


def stored_settings(tenant_id: str) -> GiftAidSettings | None:
    """The Gift Aid settings item as stored (its charity facts are the old copy, ADR 0018)."""
    try:
        return GiftAidSettings.get(*GiftAidSettings.key(tenant_id), consistent_read=True)
    except GiftAidSettings.DoesNotExist:
        return None


class StateSummary:
    """Count and totals of the donations in one Gift Aid state; `complete` False when the read
    stopped at its page budget (the figures are then a lower bound). A plain class: a dataclass
    costs a cold start about a millisecond to create."""

    __slots__ = ("complete", "count", "donation_total", "gift_aid_total")

    def __init__(self, count: int, donation_total: Decimal, gift_aid_total: Decimal, complete: bool) -> None:
        self.count = count
        self.donation_total = donation_total
        self.gift_aid_total = gift_aid_total
        self.complete = complete


def state_summary(
    tenant_id: str, state: str, *, max_pages: int, page_size: int | None = None
) -> StateSummary:
    """Sum a Gift Aid state's GSI4 partition in at most `max_pages` Query calls, projecting only
    the two amounts (each call reads up to 1 MB, about 1,000 donations: docs/decisions/0010)."""
    pages = plain_items.query_pages(
        keys.gift_aid_state_pk(tenant_id, state),
        DONATION_ENTITY,
        index="GSI4",
        names=(AMOUNT, GIFT_AID_AMOUNT),
        page_size=page_size,
    )
    count, amount, tax = 0, Decimal("0.00"), Decimal("0.00")
    complete = True
    for number, (items, more) in enumerate(pages, start=1):
        for raw in items:
            count += 1
            amount += Decimal(raw[AMOUNT]["N"])
            stored_tax = raw.get(GIFT_AID_AMOUNT)
            if stored_tax and "N" in stored_tax:
                tax += Decimal(stored_tax["N"])
        if more and number >= max_pages:
            complete = False
            break
    return StateSummary(count, amount, tax, complete)
