"""What the dashboard reads of Gift Aid on every visit: the settings item and the sum of one Gift
Aid state's donations. Apart from the claims repository (which re-exports both) so that the
dashboard's first request does not import the claims' messages, the HMRC rules they quote and the
Gift Aid model's dataclasses (ADR 0011, cold start)."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal

from functions.core import keys
from functions.donations.models import Donation
from functions.giftaid.models import GiftAidSettings


def stored_settings(tenant_id: str) -> GiftAidSettings | None:
    """The Gift Aid settings item as stored (its charity facts are the old copy, ADR 0018)."""
    try:
        return GiftAidSettings.get(*GiftAidSettings.key(tenant_id), consistent_read=True)
    except GiftAidSettings.DoesNotExist:
        return None


@dataclass(frozen=True)
class StateSummary:
    """Count and totals of the donations in one Gift Aid state; `complete` False when the read
    stopped at its page budget (the figures are then a lower bound)."""

    count: int
    donation_total: Decimal
    gift_aid_total: Decimal
    complete: bool


def state_summary(
    tenant_id: str, state: str, *, max_pages: int, page_size: int | None = None
) -> StateSummary:
    """Sum a Gift Aid state's GSI4 partition in at most `max_pages` Query calls, projecting only
    the two amounts (each call reads up to 1 MB, about 1,000 donations: docs/decisions/0010)."""
    results = Donation.gsi4.query(
        keys.gift_aid_state_pk(tenant_id, state),
        attributes_to_get=[Donation.amount.attr_name, Donation.gift_aid_amount.attr_name],
        page_size=page_size,
    )
    count, amount, tax = 0, Decimal("0.00"), Decimal("0.00")
    complete = True
    for number, page in enumerate(results.page_iter, start=1):
        for raw in page.get("Items", []):
            count += 1
            amount += Donation.amount.deserialize(raw[Donation.amount.attr_name]["N"])
            stored_tax = raw.get(Donation.gift_aid_amount.attr_name)
            if stored_tax and "N" in stored_tax:
                tax += Donation.gift_aid_amount.deserialize(stored_tax["N"])
        if page.get("LastEvaluatedKey") and number >= max_pages:
            complete = False
            break
    return StateSummary(count, amount, tax, complete)
