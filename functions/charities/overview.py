"""The platform administrator's dashboard (issue 14): platform figures, not a charity's tiles,
and the charities that look like the same one registered twice.

Reads: one Query of the charities index (GSI1 `TENANTS`, projected to name, registration number
and id: the count and the duplicate groups), one Query of the platform figures
(`functions.core.platform_stats`) and one GetItem of the support tickets' counts."""

from __future__ import annotations

import re
from typing import Any

from functions.core import keys, platform_stats
from functions.core.identity import Tenant
from functions.feedbacks import repository as feedbacks

UNRESOLVED = ("open", "in_progress")


def _same_key(name: str, registration_number: str | None) -> tuple[str, str] | None:
    number = re.sub(r"\s+", "", registration_number or "").upper()
    if not number:
        return None  # no number yet: nothing to compare
    return re.sub(r"\s+", " ", name or "").strip().lower(), number


def duplicates_of(charities: list[Tenant]) -> list[dict[str, Any]]:
    groups: dict[tuple[str, str], list[Tenant]] = {}
    for tenant in charities:
        key = _same_key(tenant.name, tenant.registration_number)
        if key is not None:
            groups.setdefault(key, []).append(tenant)
    return [
        {
            "name": found[0].name,
            "registration_number": found[0].registration_number,
            "charities": [{"id": t.tenant_id, "name": t.name} for t in found],
        }
        for _key, found in sorted(groups.items())
        if len(found) > 1
    ]


def _charities() -> list[Tenant]:
    return [
        item
        for item in Tenant.gsi1.query(
            keys.tenants_index_pk(),
            attributes_to_get=[
                "PK",
                "SK",
                "GSI1PK",
                "GSI1SK",
                "entity",
                "tenant_id",
                "name",
                "registration_number",
            ],
        )
        if isinstance(item, Tenant)
    ]


def overview() -> dict[str, Any]:
    charities = _charities()
    figures = platform_stats.read()
    tickets = feedbacks.counts()
    return {
        "tiles": {
            "charities": len(charities),
            "active_users": figures.active_users,
            "claims_this_month": figures.claims_this_month,
            "open_tickets": sum(int(tickets.get(status, 0)) for status in UNRESOLVED),
        },
        "duplicates": duplicates_of(charities),
    }
