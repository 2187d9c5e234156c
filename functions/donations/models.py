"""Entities of the donations area: donations, donation types, locations, the uniqueness item of
an external reference, and the aggregates the dashboard reads. Key shapes: `functions.core.keys`."""

from __future__ import annotations

from decimal import Decimal

from pynamodb.attributes import (
    BooleanAttribute,
    ListAttribute,
    MapAttribute,
    NumberAttribute,
    UnicodeAttribute,
    VersionAttribute,
)

from functions.core import keys
from functions.core.money import DecimalAttribute
from functions.core.table import Entity

PAYMENT_METHODS = (
    "cash",
    "cheque",
    "card",
    "contactless",
    "bank_transfer",
    "direct_debit",
    "standing_order",
    "stripe",
    "paypal",
    "justgiving",
    "caf",
    "other",
)
# pending: an online payment still clearing (Bacs Direct Debit, PayPal pending); set only by the
# gateway's webhook processing (functions/webhooks/processing.py), never claimable, not in totals.
STATUSES = ("received", "refunded", "cancelled", "pending")
RECEIVED = "received"


class Donation(Entity, discriminator="Donation"):
    donation_id = UnicodeAttribute()
    tenant_id = UnicodeAttribute()
    donor_id = UnicodeAttribute(null=True)  # None: anonymous
    donor_name = UnicodeAttribute(null=True)  # shown in lists without reading the donor
    amount = DecimalAttribute()
    donation_date = UnicodeAttribute()  # ISO date
    type_id = UnicodeAttribute(null=True)
    payment_method = UnicodeAttribute(default="other")
    location_id = UnicodeAttribute(null=True)
    source = UnicodeAttribute(null=True)
    external_ref = UnicodeAttribute(null=True)
    benefit_value = DecimalAttribute(null=True)
    sponsored = BooleanAttribute(default=False)
    notes = UnicodeAttribute(null=True)
    status = UnicodeAttribute(default=RECEIVED)
    refunded_at = UnicodeAttribute(null=True)  # ISO date
    payment_for_goods = BooleanAttribute(default=False)  # tickets, raffles, membership with rights
    gasds = BooleanAttribute(default=False)  # a small cash/contactless donation claimed under GASDS
    # Gift Aid (docs/api.md "Gift Aid: declarations and eligibility"): the stored assessment,
    # rewritten with GSI4 (`gift_aid_state_pk`) by every write that can change it.
    gift_aid_state = UnicodeAttribute(null=True)
    gift_aid_reason = UnicodeAttribute(null=True)  # message key, None when claimable
    gift_aid_params = MapAttribute(default=dict)  # type: ignore[var-annotated]
    gift_aid_amount = DecimalAttribute(null=True)  # tax reclaimable when claimable
    gift_aid_excluded_reason = UnicodeAttribute(null=True)  # parked by a user (reversible)
    claim_id = UnicodeAttribute(null=True)  # set only by the claims pipeline (conditional write)
    # Funds (docs/decisions/0019-fund-ledger.md): the split as [{fund_id, amount (pence), project_id?}], first
    # line first; written with the ledger lines it makes, in the donation's transaction.
    allocations = ListAttribute(default=list)  # type: ignore[var-annotated]
    allocation_defaulted = BooleanAttribute(null=True)  # no fund given: all to the default fund
    # issue 17: an instalment of a recurring gift (functions/subscriptions), the landing page given on
    subscription_id = UnicodeAttribute(null=True)
    source_page_id = UnicodeAttribute(null=True)
    version = VersionAttribute()

    @classmethod
    def key(cls, tenant_id: str, donation_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.donation_sk(donation_id)

    def fund_lines(self) -> tuple[tuple[str, int], ...]:
        """The stored split as (fund id, pence) lines."""
        return tuple((str(line["fund_id"]), int(line["amount"])) for line in self.allocations or [])

    def split_lines(self) -> tuple[tuple[str, int, str | None], ...]:
        """The stored split as (fund id, pence, project id or None) lines."""
        return tuple(
            (
                str(line["fund_id"]),
                int(line["amount"]),
                str(line["project_id"]) if line.get("project_id") else None,
            )
            for line in self.allocations or []
        )


class DonationGiftAid(Entity):
    """A donation as the Gift Aid recompute sees it: the assessment only, so recomputing does not
    bump the donation's version (an edit form open meanwhile stays valid); the recompute's update
    is conditional on the version it read, so it never overwrites a newer edit."""

    gift_aid_state = UnicodeAttribute(null=True)
    gift_aid_reason = UnicodeAttribute(null=True)
    gift_aid_params = MapAttribute(null=True)  # type: ignore[var-annotated]
    gift_aid_amount = DecimalAttribute(null=True)
    gift_aid_excluded_reason = UnicodeAttribute(null=True)
    claim_id = UnicodeAttribute(null=True)
    version = NumberAttribute(null=True)


class DonationType(Entity, discriminator="DonationType"):
    type_id = UnicodeAttribute()
    name = UnicodeAttribute()
    description = UnicodeAttribute(null=True)
    usage = NumberAttribute(default=0)  # donations using it, kept by the donation transactions
    version = VersionAttribute()

    @classmethod
    def key(cls, tenant_id: str, type_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.donation_type_sk(type_id)


class Location(Entity, discriminator="Location"):
    location_id = UnicodeAttribute()
    name = UnicodeAttribute()
    description = UnicodeAttribute(null=True)
    usage = NumberAttribute(default=0)
    version = VersionAttribute()

    @classmethod
    def key(cls, tenant_id: str, location_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.location_sk(location_id)


class CatalogUsage(Entity):
    """A type or location as the donation transactions see it: its usage counter only (an ADD
    that must find the item, so a donation never points at a deleted type)."""

    usage = NumberAttribute(null=True)


class ExternalRef(Entity, discriminator="DonationRef"):
    donation_id = UnicodeAttribute()


class DonationStats(Entity, discriminator="DonationStats"):
    """Count and received total of one month (overall, per type, per method) or one tax year."""

    gifts = NumberAttribute(default=0)  # received donations (`count` would hide Model.count)
    total = DecimalAttribute(default=Decimal)
