"""Daily Gift Aid reminders (GIFT_AID.md §9): for each charity with reminders on, the unclaimed
Gift Aid, donations within 90 days of the 4-year limit and oral declarations awaiting written
confirmation → an in-app notification for every user and an email to users who chose reminder
emails. Idempotent per charity per day (a conditional put keyed by the date)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

from functions.core import clock, config, email
from functions.core.messages import t
from functions.core.money import money_text
from functions.domain.giftaid.model import EntityType, GiftAidState
from functions.domain.giftaid.rates import claim_deadline
from functions.giftaid import messages as _messages  # noqa: F401 (registers the messages)
from functions.giftaid import repository
from functions.notifications import repository as notification_users
from functions.notifications import service as notifications

NEAR_LIMIT_DAYS = 90


def _wants_reminders(user: Any) -> bool:
    preferences = user.preferences.as_dict() if user.preferences is not None else {}
    return bool((preferences.get("notifications") or {}).get("email_reminders", False))


def summary(tenant_id: str, today: dt.date) -> dict[str, Any]:
    settings = repository.get_settings(tenant_id)
    entity = EntityType(settings.entity_type) if settings else EntityType.TRUST
    month, day = (int(x) for x in (settings.year_end if settings else "03-31").split("-"))
    unclaimed, count, expiring = Decimal("0.00"), 0, 0
    for donation in repository.in_state(tenant_id, GiftAidState.CLAIMABLE):
        count += 1
        unclaimed += donation.gift_aid_amount or Decimal("0.00")
        deadline = claim_deadline(dt.date.fromisoformat(donation.donation_date), entity, (month, day))
        if (deadline - today).days <= NEAR_LIMIT_DAYS:
            expiring += 1
    oral = sum(
        1
        for d in repository.in_state(tenant_id, GiftAidState.NEEDS_ATTENTION)
        if d.gift_aid_reason == "giftaid.oral_unconfirmed"
    )
    return {"unclaimed": unclaimed, "count": count, "expiring": expiring, "oral": oral}


def remind(tenant_id: str, today: dt.date) -> bool:
    settings = repository.get_settings(tenant_id)
    if settings is None or not settings.reminders:
        return False
    found = summary(tenant_id, today)
    if not (found["count"] or found["oral"]):
        return False
    if not repository.reminder_once(tenant_id, today.isoformat()):
        return False
    title = t("giftaid.reminder_title")
    body = t(
        "giftaid.reminder_body",
        unclaimed=money_text(found["unclaimed"]),
        count=found["count"],
        expiring=found["expiring"],
        oral=found["oral"],
    )
    notifications.notify(tenant_id, None, title, body, notification_id=f"giftaid-{today.isoformat()}")
    for user in notification_users.users_of(tenant_id):
        if not user.disabled and _wants_reminders(user):
            email.send(user.email, title, f"{body}\n\n{config.app_url()}/gift-aid/un-claimed")
    return True


def handler(event: dict[str, Any], context: Any) -> dict[str, int]:
    today = clock.today()
    reminded = sum(1 for tenant_id in notification_users.all_charity_ids() if remind(tenant_id, today))
    return {"reminded": reminded}
