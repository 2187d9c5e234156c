"""Gift Aid reminders (GIFT_AID.md §9), checked daily, sent at most once a week per charity: for
each charity with reminders on, the unclaimed Gift Aid, the claimable donations within 90 days
of the 4-year limit and the oral declarations awaiting written confirmation → an in-app
notification for every active user and an email to each user who keeps reminder emails on (the
default), each in that user's language. Each user's notification is a conditional put keyed by
the week and the email follows only a new one, so repeated, overlapping or interrupted runs never
remind anyone twice in a week.

The reminder in the bell follows the figures: a new week's reminder retires the user's older
unread ones, and `refresh` rewrites (or, with nothing left to say, marks read) the unread reminders
whenever the claimable donations change — a claim built or released, and every daily run."""

from __future__ import annotations

import datetime as dt
import hashlib
from decimal import Decimal
from typing import Any

from functions.core import clock, config, email
from functions.core.messages import current_locale, set_locale, t
from functions.declarations import eligibility
from functions.declarations import repository as declarations
from functions.domain.giftaid.eligibility import pounds
from functions.domain.giftaid.rates import claim_deadline
from functions.domain.giftaid.states import GiftAidState
from functions.giftaid import messages as _messages  # noqa: F401 (registers the messages)
from functions.giftaid import repository
from functions.notifications import repository as notification_users

NEAR_LIMIT_DAYS = 90
KIND = "giftaid-reminder"


def period_of(today: dt.date) -> str:
    """The reminder period containing `today`: its ISO week (`2026-W47`)."""
    year, week, _ = today.isocalendar()
    return f"{year}-W{week:02d}"


def _wants_reminders(user: Any) -> bool:
    """Reminder emails are on unless the user turned them off (the settings screen's default)."""
    preferences = user.preferences.as_dict() if user.preferences is not None else {}
    return bool((preferences.get("notifications") or {}).get("email_reminders", True))


def summary(tenant_id: str, today: dt.date) -> dict[str, Any]:
    """What a reminder says: the claimable donations and their Gift Aid, how many of them reach
    the 4-year limit within 90 days (the charity's own period end, as eligibility computes it),
    and the oral declarations still waiting for their written confirmation."""
    charity = eligibility.charity_of(tenant_id)
    unclaimed, count, expiring = Decimal("0.00"), 0, 0
    for donation in repository.in_state(tenant_id, GiftAidState.CLAIMABLE):
        count += 1
        unclaimed += donation.gift_aid_amount or Decimal("0.00")
        day = dt.date.fromisoformat(donation.donation_date)
        if 0 <= (claim_deadline(day, charity.entity_type, charity.year_end) - today).days <= NEAR_LIMIT_DAYS:
            expiring += 1
    oral = declarations.count_oral_awaiting_confirmation(tenant_id)
    return {"unclaimed": unclaimed, "count": count, "expiring": expiring, "oral": oral}


def _texts(found: dict[str, Any]) -> tuple[str, str]:
    title = t("giftaid.reminder_title")
    body = t(
        "giftaid.reminder_body",
        unclaimed=pounds(found["unclaimed"]),
        count=found["count"],
        expiring=found["expiring"],
        oral=found["oral"],
    )
    return title, body


def notification_id(today: dt.date) -> str:
    """The reminder's id for every user, the same in every run of the week (so a user's copy is
    written once), shaped like `ids.new_id()` and dated by the week's Monday so the bell keeps its
    newest-first order."""
    monday = today - dt.timedelta(days=today.weekday())
    millis = int(dt.datetime(monday.year, monday.month, monday.day, tzinfo=dt.UTC).timestamp() * 1000)
    tag = hashlib.sha256(f"giftaid-reminder-{period_of(today)}".encode()).hexdigest()[:14]
    return f"{millis:012x}{tag}"


def _deliver(tenant_id: str, user: Any, found: dict[str, Any], reminder_id: str) -> bool:
    """One user's notification (a conditional put) and, only when it is new, the email: each
    user gets one of each per week even when runs repeat, overlap or stop half-way."""
    set_locale(user.locale or "en")
    title, body = _texts(found)
    if not notification_users.put_once(
        notification_users.new_notification(tenant_id, user.user_id, reminder_id, title, body, kind=KIND)
    ):
        return False
    for older in notification_users.unread_of_kind(tenant_id, user.user_id, KIND):
        if older.notification_id != reminder_id:  # superseded by this week's figures
            notification_users.mark_read(tenant_id, user.user_id, older.notification_id)
    if _wants_reminders(user):
        email.send(user.email, title, f"{body}\n\n{config.app_url()}/gift-aid/un-claimed")
    return True


def _has_something(found: dict[str, Any]) -> bool:
    return bool(found["count"] or found["oral"])


def refresh(tenant_id: str, today: dt.date) -> int:
    """Bring every unread reminder of the charity to the current figures, in its user's language;
    with nothing left to claim or confirm, the reminder is marked read (it leaves the bell).
    The figures are computed only when some user still has an unread reminder. Returns how many
    reminders changed."""
    found: dict[str, Any] | None = None
    changed = 0
    previous = current_locale()
    try:
        for user in notification_users.users_of(tenant_id):
            stale = notification_users.unread_of_kind(tenant_id, user.user_id, KIND)
            if not stale:
                continue
            if found is None:
                found = summary(tenant_id, today)
            set_locale(user.locale or "en")
            title, body = _texts(found)
            for item in stale:
                if not _has_something(found):
                    notification_users.mark_read(tenant_id, user.user_id, item.notification_id)
                elif (item.title, item.body) != (title, body):
                    notification_users.rewrite(item, title, body)
                else:
                    continue
                changed += 1
    finally:
        set_locale(previous)
    return changed


def remind(tenant_id: str, today: dt.date) -> bool:
    """This week's reminder of one charity; False when reminders are off, there is nothing to
    say, or this week's reminder was already sent. The week is marked done after every user has
    theirs, so a run that stopped half-way is finished by the next day's run."""
    settings = repository.get_settings(tenant_id)
    if settings is None or not settings.reminders:
        return False
    period = period_of(today)
    if repository.reminder_sent(tenant_id, period):
        return False
    found = summary(tenant_id, today)
    if not _has_something(found):
        return False
    reminder_id = notification_id(today)
    previous = current_locale()
    try:
        delivered = sum(
            1
            for user in notification_users.users_of(tenant_id)
            if not user.disabled and _deliver(tenant_id, user, found, reminder_id)
        )
    finally:
        set_locale(previous)
    repository.mark_reminder_sent(tenant_id, period, delivered)
    return delivered > 0


def handler(event: dict[str, Any], context: Any) -> dict[str, int]:
    today = clock.today()
    reminded = 0
    for tenant_id in notification_users.all_charity_ids():
        refresh(tenant_id, today)  # last week's figures, if still unread, follow the donations
        reminded += remind(tenant_id, today)
    return {"reminded": reminded}
