"""Persistence of subscriptions (docs/access-patterns.md "Subscriptions"): one item per gateway
subscription, written under its version (a webhook reads, decides, writes; a concurrent event or
staff action makes it read again)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from typing import Any

from pynamodb.exceptions import PutError

from functions.core import keys
from functions.core.errors import NotFound
from functions.subscriptions.models import Subscription

MAX_LISTED = 5000


class Stale(Exception):
    """Another writer moved the subscription since it was read."""


def subscription_id_of(tenant_id: str, provider: str, gateway_subscription_id: str) -> str:
    """The same id for every event about one gateway subscription (racing creations converge)."""
    digest = hashlib.sha256(f"{tenant_id}|{provider}|{gateway_subscription_id}".encode()).hexdigest()
    return f"sub{digest[:21]}"


def get(tenant_id: str, subscription_id: str) -> Subscription | None:
    if not subscription_id or len(subscription_id) > 40:
        return None
    try:
        return Subscription.get(*Subscription.key(tenant_id, subscription_id), consistent_read=True)
    except Subscription.DoesNotExist:
        return None


def get_or_404(tenant_id: str, subscription_id: str) -> Subscription:
    found = get(tenant_id, subscription_id)
    if found is None:
        raise NotFound()
    return found


def of_gateway(tenant_id: str, provider: str, gateway_subscription_id: str) -> Subscription | None:
    """By the gateway's id: the derived key (consistent), else the GSI2 lookup."""
    found = get(tenant_id, subscription_id_of(tenant_id, provider, gateway_subscription_id))
    if found is not None:
        return found
    for item in Subscription.gsi2.query(
        keys.subscription_gateway_pk(tenant_id, provider, gateway_subscription_id), limit=1
    ):
        if isinstance(item, Subscription):
            return get(tenant_id, item.subscription_id)
    return None


def index_keys(subscription: Subscription) -> None:
    created = subscription.created_at.strftime("%Y-%m-%dT%H:%M:%S.%fZ")
    subscription.gsi1pk = keys.subscriptions_pk(subscription.tenant_id)
    subscription.gsi1sk = keys.subscription_created_sk(created, subscription.subscription_id)
    subscription.gsi2pk = keys.subscription_gateway_pk(
        subscription.tenant_id, subscription.provider, subscription.gateway_subscription_id
    )
    subscription.gsi2sk = keys.subscription_gateway_sk()
    subscription.search_name = (subscription.donor_name or "").lower() or None
    subscription.search_email = (subscription.donor_email or "").lower() or None


def save(subscription: Subscription) -> None:
    """Put under the version read (a new one: only if absent); `Stale` when it moved."""
    index_keys(subscription)
    try:
        subscription.save()
    except PutError as exc:
        if exc.cause_response_code == "ConditionalCheckFailedException":
            raise Stale() from exc
        raise


def newest_first(tenant_id: str, condition: Any = None) -> Iterator[Subscription]:
    """The charity's subscriptions, newest first (GSI1), `condition` a filter expression."""
    count = 0
    for item in Subscription.gsi1.query(
        keys.subscriptions_pk(tenant_id), filter_condition=condition, scan_index_forward=False, page_size=200
    ):
        if isinstance(item, Subscription):
            yield item
            count += 1
            if count >= MAX_LISTED:
                return
