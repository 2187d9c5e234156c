"""The first-run checklist of the dashboard (issue 14 §2): the steps a new charity takes before
its first Gift Aid claim, each ticked from the charity's own data, and whether the signed-in user
may act on it (the permission its screen requires). The charity item and the Gift Aid settings
item come from the dashboard (one BatchGetItem for both), the donors count with the request
(`TenantCounters`); the checklist reads one-item Queries for a declaration and a claim.

Read as plain attributes (`functions.core.plain_items`), not through the settings', declarations'
and claims' models: importing those modules cost the dashboard's cold first request more than its
reads (ADR 0011, addendum "the dashboard's first request"). `official_named` is the one fact of
`functions.charities.facts.of` the checklist asks; tests/functional/test_dashboard_plain_reads.py
holds both to the model-based answers."""

from __future__ import annotations

from typing import Any

from pynamodb.attributes import MapAttribute, UTCDateTimeAttribute

from functions.core import keys, plain_items
from functions.core.access import Principal
from functions.core.identity import Tenant

# the discriminators of the items the checklist reads (their models' `discriminator=`)
DECLARATION_ENTITY = "Declaration"
CLAIM_ENTITY = "GiftAidClaim"

# step -> the permissions any of which lets the user act on it (its screen's)
STEPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("charity", ("manage-users",)),
    ("official", ("manage-unclaimed",)),
    ("donors", ("manage-donors", "import-donations")),
    ("declaration", ("manage-donors",)),
    ("claim", ("manage-unclaimed",)),
)
_OFFICIAL: MapAttribute[Any, Any] = MapAttribute(null=True)  # GiftAidSettings.official's reading
_CREATED_AT = UTCDateTimeAttribute()  # Entity.created_at's reading


def _last_name(value: Any) -> Any:
    return value.get("last_name") if value else None


def official_named(tenant: Tenant, settings: plain_items.Item | None) -> bool:
    """Whether the charity's authorised official has a last name (`facts.of(...).official`): the
    charity item's official, or the old Gift Aid settings copy's when that copy still counts (set
    after the charity item's facts were last saved) and names one."""
    own = tenant.official.as_dict() if tenant.official is not None else {}
    if settings is None:
        return bool(_last_name(own))
    stored_official = settings.get("official")
    old = _OFFICIAL.deserialize(stored_official["M"]) if stored_official and "M" in stored_official else None
    created = plain_items.text(settings, "created_at")
    saved_at = tenant.facts_at
    old_counts = saved_at is None or created is None or _CREATED_AT.deserialize(created) > saved_at
    if old_counts and _last_name(old):
        return True
    return bool(_last_name(own))


def done_steps(who: Principal, tenant: Tenant, settings: plain_items.Item | None) -> dict[str, bool]:
    """`settings`: the Gift Aid settings item's attributes (None if the charity has none)."""
    address = tenant.address.as_dict() if tenant.address is not None else {}
    pk = keys.tenant_pk(who.tenant_id)
    return {
        "charity": bool(address.get("address_line1") and address.get("postcode")),
        "official": bool(
            official_named(tenant, settings)
            and settings is not None
            and plain_items.text(settings, "hmrc_reference")
        ),
        "donors": int(who.counters.donors or 0) > 0,
        "declaration": plain_items.exists(pk, DECLARATION_ENTITY, keys.declaration_prefix()),
        "claim": plain_items.exists(pk, CLAIM_ENTITY, keys.claim_prefix()),
    }


def checklist(who: Principal, tenant: Tenant, settings: plain_items.Item | None) -> dict[str, Any] | None:
    """None for the platform's own users (they set up no charity). `tenant` and `settings`: the
    charity item and the Gift Aid settings item, read once by the dashboard."""
    if who.is_admin:
        return None
    done = done_steps(who, tenant, settings)
    held = set(who.user.permissions or [])
    steps = [
        {"key": key, "done": done[key], "allowed": any(name in held for name in needs)}
        for key, needs in STEPS
    ]
    return {"complete": all(step["done"] for step in steps), "steps": steps}
