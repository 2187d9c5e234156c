"""Per-charity totals, kept by the writes that change them (in the same transaction), and read
for free: the item is fetched in the same BatchGetItem that authenticates the request."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from pynamodb.attributes import NumberAttribute

from functions.core import keys
from functions.core.money import DecimalAttribute
from functions.core.table import Entity


class TenantCounters(Entity, discriminator="TenantCounters"):
    donors = NumberAttribute(default=0)
    donations = NumberAttribute(default=0)
    donations_total = DecimalAttribute(default=Decimal)
    gift_aid_claimed = NumberAttribute(default=0)  # donations in accepted claims (giftaid.repository)

    @classmethod
    def key(cls, tenant_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.tenant_counters_sk()

    @classmethod
    def empty(cls, tenant_id: str) -> TenantCounters:
        return cls(*cls.key(tenant_id))


def increments(tenant_id: str, **deltas: int | Decimal) -> tuple[TenantCounters, list[Any]]:
    """(item, actions) for `transaction.update(item, actions=actions)` next to the write that
    changes the totals, e.g. `increments(tid, donations=1, donations_total=Decimal("12.50"))`."""
    item = TenantCounters.empty(tenant_id)
    actions: list[Any] = [TenantCounters.entity.set(TenantCounters)]  # type: ignore[arg-type]
    for name, delta in deltas.items():
        actions.append(getattr(TenantCounters, name).add(delta))
    return item, actions


def read(tenant_id: str) -> TenantCounters:
    try:
        return TenantCounters.get(*TenantCounters.key(tenant_id), consistent_read=True)
    except TenantCounters.DoesNotExist:
        return TenantCounters.empty(tenant_id)
