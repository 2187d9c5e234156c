"""Storage of the gateways area: a charity's GatewayAccount per provider (one item each)."""

from __future__ import annotations

import threading
import time

from functions.core import keys
from functions.core.table import Entity
from functions.gateways.models import PROVIDERS, GatewayAccount


def get(tenant_id: str, provider: str) -> GatewayAccount | None:
    try:
        return GatewayAccount.get(*GatewayAccount.key(tenant_id, provider), consistent_read=True)
    except GatewayAccount.DoesNotExist:
        return None


CACHE_SECONDS = 10.0
_recent: dict[tuple[str, str], tuple[float, GatewayAccount | None]] = {}
_recent_lock = threading.Lock()


def recent(tenant_id: str, provider: str) -> GatewayAccount | None:
    """The account as this process read it in the last `CACHE_SECONDS` (any status), else read
    now: a burst of webhook deliveries, or of events being processed, reads it once. A change
    made elsewhere (new signing secret, default fund, disconnection) counts within seconds; one
    made through this process's `save` at once (`forget`)."""
    now = time.monotonic()
    with _recent_lock:
        hit = _recent.get((tenant_id, provider))
    if hit is not None and now - hit[0] < CACHE_SECONDS:
        return hit[1]
    found = get(tenant_id, provider)
    with _recent_lock:
        if len(_recent) > 1000:
            _recent.clear()
        _recent[(tenant_id, provider)] = (now, found)
    return found


def forget() -> None:
    with _recent_lock:
        _recent.clear()


def save(account: GatewayAccount) -> None:
    """Put the account under its version (PutError when it moved) and forget the cached copies."""
    try:
        account.save()
    finally:
        forget()


def all_of(tenant_id: str) -> dict[str, GatewayAccount]:
    """The charity's accounts by provider (one Query)."""
    found: dict[str, GatewayAccount] = {}
    for item in Entity.query(
        keys.tenant_pk(tenant_id), Entity.sk.startswith(keys.gateway_prefix()), consistent_read=True
    ):
        if isinstance(item, GatewayAccount) and item.provider in PROVIDERS:
            found[item.provider] = item
    return found


def connected(tenant_id: str) -> dict[str, GatewayAccount]:
    return {p: a for p, a in all_of(tenant_id).items() if a.status == "connected" and a.secret}
