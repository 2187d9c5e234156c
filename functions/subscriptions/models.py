"""The subscription entity (issue 17): one recurring gift at a gateway (a Stripe subscription made
by Checkout in subscription mode, or a PayPal subscription). Its status is always the gateway's.
Amounts are integer pence. Key shapes: `functions.core.keys` (docs/access-patterns.md
"Subscriptions").

PK = TENANT#tid, SK = SUBSCRIPTION#<id> (the id derived from the gateway's subscription id, so two
events racing to create it put the same item); GSI1 = the charity's subscriptions newest first;
GSI2 = the one subscription of a gateway subscription id."""

from __future__ import annotations

from pynamodb.attributes import (
    ListAttribute,
    NumberAttribute,
    UnicodeAttribute,
    UTCDateTimeAttribute,
    VersionAttribute,
)

from functions.core import keys
from functions.core.table import Entity

STATUSES = ("active", "failing", "paused", "cancelled", "incomplete", "expired")
INTERVALS = ("month", "year")
METHODS = ("card", "bacs_debit", "paypal")
HISTORY_KINDS = (
    "created",
    "status",
    "amount",
    "interval",
    "charge_date",
    "paused",
    "resumed",
    "failed",
    "recovered",
    "cancelled",
)
HISTORY_KEPT = 100


class Subscription(Entity, discriminator="Subscription"):
    subscription_id = UnicodeAttribute()
    tenant_id = UnicodeAttribute()
    provider = UnicodeAttribute()  # stripe | paypal
    mode = UnicodeAttribute(default="test")  # test | live
    gateway_subscription_id = UnicodeAttribute()
    gateway_customer_id = UnicodeAttribute(null=True)
    donor_id = UnicodeAttribute(null=True)
    donor_name = UnicodeAttribute(null=True)
    donor_email = UnicodeAttribute(null=True)
    search_name = UnicodeAttribute(null=True)  # lower-case donor name and email, for the list's search
    search_email = UnicodeAttribute(null=True)
    amount = NumberAttribute(default=0)  # pence per charge
    currency = UnicodeAttribute(default="GBP")
    interval = UnicodeAttribute(default="month")
    method = UnicodeAttribute(default="card")
    status = UnicodeAttribute(default="incomplete")
    started_on = UnicodeAttribute()  # ISO date
    next_charge_date = UnicodeAttribute(null=True)
    paused_until = UnicodeAttribute(null=True)
    failure_count = NumberAttribute(default=0)
    last_failure_reason = UnicodeAttribute(null=True)
    failing_since = UnicodeAttribute(null=True)  # ISO date
    cancelled_at = UnicodeAttribute(null=True)  # ISO date-time
    cancel_reason = UnicodeAttribute(null=True)
    fund_id = UnicodeAttribute(null=True)
    project_id = UnicodeAttribute(null=True)
    source_page_id = UnicodeAttribute(null=True)
    declaration_id = UnicodeAttribute(null=True)
    intent_id = UnicodeAttribute(null=True)  # the gift started on the donation page
    instalments = NumberAttribute(default=0)
    total_given = NumberAttribute(default=0)  # pence
    # [{invoice_id, donation_id, amount}] of the instalments counted (instalments, total given),
    # oldest first: a repeat or late event adds nothing
    instalment_refs = ListAttribute(default=list)  # type: ignore[var-annotated]
    # [{at, kind, from, to, by, reason, amount?}] oldest first, the last HISTORY_KEPT
    history = ListAttribute(default=list)  # type: ignore[var-annotated]
    gateway_at = NumberAttribute(default=0)  # the gateway time (unix) of the newest state applied
    created_at = UTCDateTimeAttribute()
    updated_at = UTCDateTimeAttribute()
    version = VersionAttribute()

    @classmethod
    def key(cls, tenant_id: str, subscription_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.subscription_sk(subscription_id)
