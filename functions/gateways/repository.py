"""Storage of the gateways area: a charity's GatewayAccount per provider (one item each)."""

from __future__ import annotations

from functions.core import keys
from functions.core.table import Entity
from functions.gateways.models import PROVIDERS, GatewayAccount


def get(tenant_id: str, provider: str) -> GatewayAccount | None:
    try:
        return GatewayAccount.get(*GatewayAccount.key(tenant_id, provider), consistent_read=True)
    except GatewayAccount.DoesNotExist:
        return None


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
