"""Use cases of the charity-wide settings: options (currency), charity information, authorised
official. They edit the signed-in user's own charity (tenant from the session)."""

from __future__ import annotations

from typing import Any

from functions.charities import repository as tenants
from functions.core import audit
from functions.core.access import Principal
from functions.core.errors import Conflict, Forbidden, Invalid
from functions.core.identity import Tenant
from functions.search.repository import tokens_of
from functions.settings import repository
from functions.settings.schemas import CharityBody, OfficialBody, OptionBody

CURRENCIES = {"GBP": "£"}  # spec §9: £ / GBP is the only currency
ADDRESS_FIELDS = ("house", "address_line1", "address_line2", "town", "county", "postcode", "country")
OFFICIAL_FIELDS = ("title", "first_name", "last_name", "postcode", "overseas", "phone")


def get_option(who: Principal, key: str) -> dict[str, str]:
    stored = repository.get_option(who.tenant_id, key)
    value = stored.value if stored is not None and stored.value in CURRENCIES else "GBP"
    return {"key": key, "value": value, "symbol": CURRENCIES[value]}


def save_option(who: Principal, body: OptionBody) -> dict[str, str]:
    value = body.value.upper()
    if value not in CURRENCIES:
        raise Invalid.field("value", "options.currency")
    repository.save_option(who.tenant_id, body.key, value)
    audit.record(who.tenant_id, "option.changed", actor_id=who.user_id, key=body.key, value=value)
    return {"key": body.key, "value": value, "symbol": CURRENCIES[value]}


def _own_charity(who: Principal, version: int | None = None) -> Tenant:
    if who.is_admin:
        raise Forbidden("settings.not_a_charity")
    tenant = tenants.get_tenant(who.tenant_id)
    if version is not None and version != tenant.version:
        raise Conflict()
    return tenant


def charity_view(tenant: Tenant) -> dict[str, Any]:
    address = tenant.address.as_dict() if tenant.address is not None else {}
    return {
        "name": tenant.name,
        "registration_number": tenant.registration_number,
        "regulator": tenant.regulator,
        "entity_type": tenant.entity_type,
        "year_end": tenant.year_end,
        "address": {
            field: address.get(field, "GB" if field == "country" else None) for field in ADDRESS_FIELDS
        },
        "phone": tenant.phone,
        "email": tenant.email,
        "website": tenant.website,
        "version": tenant.version,
    }


def get_charity(who: Principal) -> dict[str, Any]:
    return charity_view(_own_charity(who))


def update_charity(who: Principal, body: CharityBody) -> dict[str, Any]:
    tenant = _own_charity(who, body.version)
    previous_tokens = tokens_of(tenant)
    tenant.name = body.name
    tenant.registration_number = body.registration_number or None
    tenant.regulator = body.regulator
    tenant.entity_type = body.entity_type
    tenant.year_end = body.year_end
    tenant.address = body.address.model_dump(exclude_none=True)
    tenant.phone = body.phone or None
    tenant.email = body.email or None
    tenant.website = body.website or None
    tenants.save_tenant(tenant, previous_tokens)
    audit.record(
        who.tenant_id,
        "charity.settings_changed",
        actor_id=who.user_id,
        fields=sorted(body.model_fields_set - {"version"}),
    )
    return charity_view(tenant)


def official_view(tenant: Tenant) -> dict[str, Any]:
    official = tenant.official.as_dict() if tenant.official is not None else {}
    view: dict[str, Any] = {field: official.get(field) for field in OFFICIAL_FIELDS}
    view["overseas"] = bool(view["overseas"])
    view["version"] = tenant.version
    return view


def get_official(who: Principal) -> dict[str, Any]:
    return official_view(_own_charity(who))


def update_official(who: Principal, body: OfficialBody) -> dict[str, Any]:
    tenant = _own_charity(who, body.version)
    previous_tokens = tokens_of(tenant)
    tenant.official = body.model_dump(include=set(OFFICIAL_FIELDS), exclude_none=True)
    tenants.save_tenant(tenant, previous_tokens)
    audit.record(who.tenant_id, "charity.official_changed", actor_id=who.user_id)
    return official_view(tenant)
