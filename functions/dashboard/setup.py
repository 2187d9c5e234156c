"""The first-run checklist of the dashboard (issue 14 §2): the steps a new charity takes before
its first Gift Aid claim, each ticked from the charity's own data, and whether the signed-in user
may act on it (the permission its screen requires). Reads: the Gift Aid settings item (GetItem),
one-item Queries for a declaration and a claim; the charity item comes from the dashboard (read
once for this and the fund tiles), the donors count with the request (`TenantCounters`)."""

from __future__ import annotations

from typing import Any

from functions.charities import facts
from functions.core import keys
from functions.core.access import Principal
from functions.core.identity import Tenant
from functions.declarations.models import DeclarationRecord
from functions.giftaid import summary as claims
from functions.giftaid.models import ClaimItem

# step -> the permissions any of which lets the user act on it (its screen's)
STEPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("charity", ("manage-users",)),
    ("official", ("manage-unclaimed",)),
    ("donors", ("manage-donors", "import-donations")),
    ("declaration", ("manage-donors",)),
    ("claim", ("manage-unclaimed",)),
)


def _any(pk: str, prefix: str, model: Any) -> bool:
    return any(True for _ in model.query(pk, model.sk.startswith(prefix), limit=1))


def done_steps(who: Principal, tenant: Tenant) -> dict[str, bool]:
    settings = claims.stored_settings(who.tenant_id)
    charity = facts.of(tenant, settings)
    address = tenant.address.as_dict() if tenant.address is not None else {}
    pk = keys.tenant_pk(who.tenant_id)
    return {
        "charity": bool(address.get("address_line1") and address.get("postcode")),
        "official": bool(
            charity.official.get("last_name") and settings is not None and settings.hmrc_reference
        ),
        "donors": int(who.counters.donors or 0) > 0,
        "declaration": _any(pk, keys.declaration_prefix(), DeclarationRecord),
        "claim": _any(pk, keys.claim_sk(""), ClaimItem),
    }


def checklist(who: Principal, tenant: Tenant) -> dict[str, Any] | None:
    """None for the platform's own users (they set up no charity). `tenant`: the charity item,
    read once by the dashboard for this and the fund tiles."""
    if who.is_admin:
        return None
    done = done_steps(who, tenant)
    held = set(who.user.permissions or [])
    steps = [
        {"key": key, "done": done[key], "allowed": any(name in held for name in needs)}
        for key, needs in STEPS
    ]
    return {"complete": all(step["done"] for step in steps), "steps": steps}
