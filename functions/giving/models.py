"""The public donation page (`/give/{slug}`) and the gifts started on it (ADR 0022).

A `GivingIntent` records what the donor chose and declared (amount, fund, consents, Gift Aid
declaration evidence) before paying; the gateway's webhook, never the browser, turns it into a
donation (and donor and declaration), and sets `donation_id`; the thank-you page polls it."""

from __future__ import annotations

from pynamodb.attributes import (
    BooleanAttribute,
    ListAttribute,
    MapAttribute,
    NumberAttribute,
    UnicodeAttribute,
    UTCDateTimeAttribute,
    VersionAttribute,
)

from functions.core import keys
from functions.core.table import Entity

INTENT_STATUSES = ("open", "pending", "paid", "failed", "expired")
# Addresses under /give/ that are the product's own pages (the donor's self-service page).
RESERVED_SLUGS = frozenset({"manage"})


class GivingPage(Entity, discriminator="GivingPage"):
    tenant_id = UnicodeAttribute()
    slug = UnicodeAttribute()
    enabled = BooleanAttribute(default=True)
    title = UnicodeAttribute(null=True)
    intro = UnicodeAttribute(null=True)
    presets = ListAttribute(of=NumberAttribute, default=list)  # type: ignore[arg-type]  # pence
    min_amount = NumberAttribute(default=100)  # pence: £1
    max_amount = NumberAttribute(default=1_000_000)  # pence: £10,000
    fund_ids = ListAttribute(of=UnicodeAttribute, default=list)  # type: ignore[arg-type]  # offered
    cover_fees = BooleanAttribute(default=True)  # offer "cover the fees"
    thank_you = UnicodeAttribute(null=True)
    version = VersionAttribute()

    @classmethod
    def key(cls, tenant_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.giving_page_sk()


class GivingSlug(Entity, discriminator="GivingSlug"):
    """Global pointer slug → charity; put only if absent (slugs are unique)."""

    tenant_id = UnicodeAttribute()

    @classmethod
    def key(cls, slug: str) -> tuple[str, str]:
        return keys.giving_slug_key(slug)


class GivingIntent(Entity, discriminator="GivingIntent"):
    tenant_id = UnicodeAttribute()
    intent_id = UnicodeAttribute()
    token_hash = UnicodeAttribute()  # the thank-you page's poll token (SHA-256)
    provider = UnicodeAttribute()  # stripe | paypal
    mode = UnicodeAttribute()
    provider_ref = UnicodeAttribute(null=True)  # Checkout Session id / PayPal order id
    status = UnicodeAttribute(default="open")
    amount = NumberAttribute()  # pence: the gift
    fee_cover = NumberAttribute(default=0)  # pence added to cover the gateway's fee
    fund_id = UnicodeAttribute(null=True)
    # The donor as typed: {first_name, last_name, email, house, address_line1, town, postcode,
    # country, overseas}
    donor = MapAttribute(default=dict)  # type: ignore[var-annotated]
    consents = MapAttribute(default=dict)  # type: ignore[var-annotated]  # {email: bool, post: bool, ...}
    # Ticked Gift Aid box: {text, version, scope, declared_at, page_url, ip}; empty = no Gift Aid
    gift_aid = MapAttribute(default=dict)  # type: ignore[var-annotated]
    created_at = UTCDateTimeAttribute()
    ip = UnicodeAttribute(null=True)
    donation_id = UnicodeAttribute(null=True)
    donor_id = UnicodeAttribute(null=True)
    declaration_id = UnicodeAttribute(null=True)
    test_event = BooleanAttribute(default=False)
    frequency = UnicodeAttribute(null=True)  # once (None) | monthly | annual (issue 17)
    source_page_id = UnicodeAttribute(null=True)  # the landing page the gift was made on
    locale = UnicodeAttribute(null=True)  # en | es: the donor's language (the emails about the gift)

    @classmethod
    def key(cls, tenant_id: str, intent_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.giving_intent_sk(intent_id)
