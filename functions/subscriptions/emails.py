"""Emails to the donor of a subscription (issue 17 items 3-4), in the gift's language (the
checkout's, else the landing page's, else English):

- a failed payment: once per failing run (the run is keyed by when it started failing and how
  many times it recovered before, so the gateway's retries of the same run email nobody again),
  with the gateway's card-update link (Stripe's `hosted_invoice_url`), when the charity's
  `failure_emails` setting allows it (default on);
- the sign-up thank-you, once per subscription, with a 7-day self-service link;
- the confirmation of a change the donor made with a self-service link;
- a self-service link staff asked to send.

"Once" is a marker item put only if absent (`keys.subscription_notice_sk`) before the email goes;
an email that could not be sent removes its marker again, so the event's retry sends it.

The charity's setting lives in its own item (`keys.subscription_settings_sk`), read and written by
`GET/PUT /api/subscriptions/settings`."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from pynamodb.attributes import BooleanAttribute, UnicodeAttribute, UTCDateTimeAttribute, VersionAttribute
from pynamodb.exceptions import PutError

from functions.core import clock, email, keys
from functions.core.errors import Conflict
from functions.core.messages import current_locale, set_locale, t
from functions.core.table import Entity
from functions.subscriptions import messages as _messages  # noqa: F401 (registers the messages)
from functions.subscriptions.models import Subscription

NOTICE_DAYS = 400  # markers expire long after any run they guard


class SubscriptionSettings(Entity, discriminator="SubscriptionSettings"):
    tenant_id = UnicodeAttribute()
    failure_emails = BooleanAttribute(default=True)
    updated_at = UTCDateTimeAttribute(null=True)
    version = VersionAttribute()


class SubscriptionNotice(Entity, discriminator="SubscriptionNotice"):
    subscription_id = UnicodeAttribute()
    kind = UnicodeAttribute()
    sent_at = UTCDateTimeAttribute()


# ------------------------------------------------------------------ settings
def settings_of(tenant_id: str) -> SubscriptionSettings:
    try:
        return SubscriptionSettings.get(
            keys.tenant_pk(tenant_id), keys.subscription_settings_sk(), consistent_read=True
        )
    except SubscriptionSettings.DoesNotExist:
        return SubscriptionSettings(
            keys.tenant_pk(tenant_id), keys.subscription_settings_sk(), tenant_id=tenant_id
        )


def settings_view(item: SubscriptionSettings) -> dict[str, Any]:
    return {"failure_emails": bool(item.failure_emails), "version": int(item.version or 0)}


def save_settings(tenant_id: str, failure_emails: bool, version: int) -> dict[str, Any]:
    item = settings_of(tenant_id)
    if int(item.version or 0) != version:
        raise Conflict("subscriptions.stale")
    item.failure_emails = failure_emails
    item.updated_at = clock.now()
    try:
        item.save()
    except PutError as exc:
        if exc.cause_response_code == "ConditionalCheckFailedException":
            raise Conflict("subscriptions.stale") from exc
        raise
    return settings_view(item)


# ------------------------------------------------------------------ language and facts
def locale_of(item: Subscription) -> str:
    """The gift's language: its checkout's, else its landing page's, else English."""
    from functions.giving.models import GivingIntent

    if item.intent_id:
        try:
            intent = GivingIntent.get(*GivingIntent.key(item.tenant_id, item.intent_id))
            if intent.locale in ("en", "es"):
                return str(intent.locale)
        except GivingIntent.DoesNotExist:
            pass
    if item.source_page_id:
        from functions.pages.models import Page

        try:
            page = Page.get(*Page.key(item.tenant_id, item.source_page_id))
        except Page.DoesNotExist:
            return "en"
        if page.locale in ("en", "es"):
            return str(page.locale)
    return "en"


def charity_name(tenant_id: str) -> str:
    from functions.core.identity import Tenant

    try:
        return str(Tenant.get(*Tenant.key(tenant_id)).name)
    except Tenant.DoesNotExist:
        return ""


@contextmanager
def in_locale(locale: str) -> Iterator[None]:
    previous = current_locale()
    set_locale(locale)
    try:
        yield
    finally:
        set_locale(previous)


def _pounds(pence: int) -> str:
    return f"{pence // 100:,}.{pence % 100:02d}"


def _facts(item: Subscription) -> dict[str, str]:
    return {
        "name": (item.donor_name or "").split(" ")[0] or t("subscriptions.donor"),
        "amount": _pounds(int(item.amount or 0)),
        "word": t(f"subscriptions.email_word_{item.interval if item.interval == 'year' else 'month'}"),
        "charity": charity_name(item.tenant_id),
    }


# ------------------------------------------------------------------ once
def _once(item: Subscription, kind: str, ref: str) -> SubscriptionNotice | None:
    """The marker of this email, put now; None when it was sent before."""
    notice = SubscriptionNotice(
        keys.tenant_pk(item.tenant_id),
        keys.subscription_notice_sk(item.subscription_id, kind, ref),
        subscription_id=item.subscription_id,
        kind=kind,
        sent_at=clock.now(),
        expires_at=clock.now() + dt.timedelta(days=NOTICE_DAYS),
    )
    try:
        notice.save(condition=SubscriptionNotice.pk.does_not_exist())
    except PutError as exc:
        if exc.cause_response_code == "ConditionalCheckFailedException":
            return None
        raise
    return notice


def _send_once(item: Subscription, kind: str, ref: str, subject: str, text: str) -> bool:
    marker = _once(item, kind, ref)
    if marker is None:
        return False
    try:
        email.send(str(item.donor_email), subject, text)
    except Exception:
        marker.delete()
        raise
    return True


# ------------------------------------------------------------------ the emails
def failing_run(item: Subscription) -> str:
    """The failing run a failure belongs to: since when it fails and how often it recovered."""
    recovered = sum(1 for h in item.history or [] if h.get("kind") == "recovered")
    return f"{item.failing_since or 'unknown'}#{recovered}"


def payment_failed(item: Subscription, card_url: str | None, reason: str | None) -> bool:
    """The failure email of this failing run, if the charity allows it; True if sent now."""
    if not item.donor_email or item.status != "failing" or not card_url:
        return False
    if not settings_of(item.tenant_id).failure_emails:
        return False
    with in_locale(locale_of(item)):
        facts = _facts(item)
        subject = t("subscriptions.email_failed_subject", **facts)
        text = t(
            "subscriptions.email_failed_body",
            **facts,
            reason=reason or "-",
            url=card_url,
        )
    return _send_once(item, "failed", failing_run(item), subject, text)


def signed_up(item: Subscription) -> bool:
    """The thank-you of a new regular gift with its self-service link, once; True if sent now."""
    if not item.donor_email or item.status != "active":
        return False
    from functions.subscriptions import selfservice

    with in_locale(locale_of(item)):
        facts = _facts(item)
        subject = t("subscriptions.email_welcome_subject", **facts)
        marker = _once(item, "welcome", "1")
        if marker is None:
            return False
        try:
            url, _ = selfservice.new_link(item, "manage")
            text = t("subscriptions.email_welcome_body", **facts, url=url)
            email.send(str(item.donor_email), subject, text)
        except Exception:
            marker.delete()
            raise
    return True


def link(item: Subscription, url: str) -> None:
    """A self-service link staff asked to send."""
    with in_locale(locale_of(item)):
        facts = _facts(item)
        email.send(
            str(item.donor_email),
            t("subscriptions.email_link_subject", **facts),
            t("subscriptions.email_link_body", **facts, url=url),
        )


def done(item: Subscription, action: str) -> None:
    """The confirmation of a change the donor made."""
    if not item.donor_email:
        return
    with in_locale(locale_of(item)):
        facts = _facts(item)
        what = t(f"subscriptions.done_{action}", amount=facts["amount"], until=item.paused_until or "-")
        if item.status in ("cancelled", "expired"):
            state = t("subscriptions.state_ended")
        else:
            state = t("subscriptions.state_next", amount=facts["amount"], next=item.next_charge_date or "-")
        email.send(
            str(item.donor_email),
            t("subscriptions.email_done_subject", **facts, done=what),
            t("subscriptions.email_done_body", **facts, done=what, state=state),
        )
