"""Donor self-service (issue 17 item 4): a link `/give/{charity slug}/manage?token=…` that lets the
donor of one subscription pause, resume, change the amount or cancel it, without an account.

The token is an opaque random value (256 bits, as SECURITY.md wants for every bearer token); only
its SHA-256 is stored, in a global item (`keys.subscription_link_key`) that names the charity, the
subscription, the purpose and the expiry (7 days, also the item's TTL). Purpose: one of
pause|resume|amount|cancel (a single-purpose link) or "manage" (all four). A link works again and
again until it expires, except that a subscription that has ended (cancelled, expired) makes it
answer 410. Unknown or altered tokens → 404, expired → 410, an action outside the purpose → 403.

Each action goes through the staff actions' own code (`service.pause` …: the gateway first,
nothing changed on its error, 502 with its message; `by: donor` in the history), then the donor
gets a confirmation email. Requests are counted per IP like the checkout (429 beyond)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any, cast

from pynamodb.attributes import UnicodeAttribute, UTCDateTimeAttribute

from functions.core import audit, clock, ids, keys, throttle
from functions.core.access import Principal
from functions.core.errors import AlmonerError, Forbidden, NotFound
from functions.core.table import Entity
from functions.subscriptions import emails, repository, service
from functions.subscriptions import messages as _messages  # noqa: F401 (registers the messages)
from functions.subscriptions.models import Subscription
from functions.subscriptions.schemas import (
    DonorActionBody,
    ManageLinkBody,
    SubscriptionAmountBody,
    SubscriptionCancelBody,
    SubscriptionPauseBody,
    SubscriptionVersionBody,
)

LIFETIME = dt.timedelta(days=7)
ACTIONS = ("pause", "resume", "amount", "cancel")
PURPOSES = ("manage", *ACTIONS)
ENDED = ("cancelled", "expired")
IP_LIMIT, IP_WINDOW = 30, 600


class Gone(AlmonerError):
    status = 410
    message_key = "subscriptions.link_expired"


class SubscriptionLink(Entity, discriminator="SubscriptionLink"):
    tenant_id = UnicodeAttribute()
    subscription_id = UnicodeAttribute()
    purpose = UnicodeAttribute()
    created_at = UTCDateTimeAttribute()
    created_by = UnicodeAttribute(null=True)  # a staff user, or None for the sign-up email


@dataclass(frozen=True)
class Donor:
    """The donor holding a link, acting through the staff actions' code (duck-typed Principal:
    the actions read `tenant_id`, `user_id` and `by`)."""

    tenant_id: str
    user_id: str = "donor-link"
    by: str = "donor"


# ------------------------------------------------------------------ links
def public_base(tenant_id: str) -> str:
    from functions.gateways.service import public_url
    from functions.giving.service import page_of

    return f"{public_url()}/give/{page_of(tenant_id).slug}/manage"


def new_link(item: Subscription, purpose: str, created_by: str | None = None) -> tuple[str, dt.datetime]:
    """A new link for `purpose` (url, expiry)."""
    token = ids.new_token()
    expires = clock.now() + LIFETIME
    SubscriptionLink(
        *keys.subscription_link_key(ids.sha256_hex(token)),
        tenant_id=item.tenant_id,
        subscription_id=item.subscription_id,
        purpose=purpose,
        created_at=clock.now(),
        created_by=created_by,
        expires_at=expires,
    ).save()
    return f"{public_base(item.tenant_id)}?token={token}", expires


def staff_link(who: Principal, subscription_id: str, body: ManageLinkBody) -> dict[str, Any]:
    """`POST /api/subscriptions/{id}/manage-link`: a link for the donor, emailed if asked."""
    from functions.core.errors import Conflict

    item = repository.get_or_404(who.tenant_id, subscription_id)
    if item.status in ENDED:
        raise Conflict("subscriptions.link_ended")
    if body.send and not item.donor_email:
        raise Conflict("subscriptions.no_email")
    url, expires = new_link(item, body.purpose, created_by=who.user_id)
    if body.send:
        emails.link(item, url)
    audit.record(
        who.tenant_id,
        "subscription.link_made",
        actor_id=who.user_id,
        subscription_id=subscription_id,
        purpose=body.purpose,
        sent=body.send,
    )
    return {"url": url, "purpose": body.purpose, "expires_at": clock.iso(expires), "sent": body.send}


def _held(token: str) -> tuple[SubscriptionLink, Subscription]:
    if not token or len(token) > 200:
        raise NotFound("subscriptions.link_unknown")
    try:
        link = SubscriptionLink.get(*keys.subscription_link_key(ids.sha256_hex(token)), consistent_read=True)
    except SubscriptionLink.DoesNotExist as exc:
        raise NotFound("subscriptions.link_unknown") from exc
    if link.expires_at is None or link.expires_at <= clock.now():
        raise Gone("subscriptions.link_expired")
    item = repository.get(link.tenant_id, link.subscription_id)
    if item is None:
        raise NotFound("subscriptions.link_unknown")
    if item.status in ENDED:
        raise Gone("subscriptions.link_ended")
    return link, item


def throttle_request(ip: str) -> None:
    bucket = f"subs-manage-ip#{ip}"
    throttle.check(bucket, IP_LIMIT, IP_WINDOW)
    throttle.record_failure(bucket, IP_WINDOW)


def _actions(link: SubscriptionLink, item: Subscription) -> list[str]:
    offered = ACTIONS if link.purpose == "manage" else (link.purpose,)
    if item.provider not in ("stripe", "paypal"):
        return []
    return [a for a in offered if item.status in service.ALLOWED[a]]


def _view(link: SubscriptionLink, item: Subscription) -> dict[str, Any]:
    return {
        "charity_name": emails.charity_name(item.tenant_id),
        "amount": service.pounds(int(item.amount or 0)),
        "currency": item.currency or "GBP",
        "interval": item.interval,
        "status": item.status,
        "next_charge_date": item.next_charge_date,
        "paused_until": item.paused_until,
        "purpose": link.purpose,
        "actions": _actions(link, item),
        "expires_at": clock.iso(link.expires_at) if link.expires_at else None,
    }


def show(token: str) -> dict[str, Any]:
    link, item = _held(token)
    return _view(link, item)


def act(token: str, action: str, body: DonorActionBody) -> dict[str, Any]:
    """`POST /api/give/manage/{action}`: the action through the staff actions' code."""
    from functions.core.errors import Invalid
    from functions.core.messages import t

    if action not in ACTIONS:
        raise NotFound()
    link, item = _held(token)
    if link.purpose not in ("manage", action):
        raise Forbidden("subscriptions.link_not_for")
    donor = cast(Principal, Donor(item.tenant_id))
    sid, version = item.subscription_id, int(item.version or 0)
    if action == "pause":
        if body.months is None:
            raise Invalid.field("months", "field.required")
        service.pause(donor, sid, SubscriptionPauseBody.model_construct(months=body.months, version=version))
    elif action == "resume":
        service.resume(donor, sid, SubscriptionVersionBody.model_construct(version=version))
    elif action == "amount":
        if body.amount is None:
            raise Invalid.field("amount", "field.required")
        service.change_amount(
            donor, sid, SubscriptionAmountBody.model_construct(amount=body.amount, version=version)
        )
    else:
        reason = body.reason or t("subscriptions.donor_cancel_reason")
        service.cancel(donor, sid, SubscriptionCancelBody.model_construct(reason=reason, version=version))
    after = repository.get_or_404(item.tenant_id, sid)
    emails.done(after, action)
    return _view(link, after)
