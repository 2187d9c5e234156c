"""Use cases of the charity-wide settings: options (currency), charity information, authorised
official. They edit the signed-in user's own charity (tenant from the session)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from functions.charities import facts
from functions.charities import repository as tenants
from functions.core import audit
from functions.core.access import Principal
from functions.core.errors import Conflict, Forbidden, Invalid
from functions.core.identity import Tenant
from functions.giftaid import repository as giftaid
from functions.search.repository import tokens_of
from functions.settings import repository

if TYPE_CHECKING:
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


def _facts(tenant: Tenant) -> facts.Facts:
    return facts.of(tenant, giftaid.stored_settings(tenant.tenant_id))


def charity_view(tenant: Tenant, known: facts.Facts | None = None) -> dict[str, Any]:
    address = tenant.address.as_dict() if tenant.address is not None else {}
    charity = known or _facts(tenant)
    return {
        "name": tenant.name,
        "registration_number": charity.registration_number,
        "regulator": charity.regulator,
        "entity_type": charity.entity_type,
        "year_end": charity.year_end,
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
    charity = _facts(tenant)
    charity.regulator = body.regulator
    charity.registration_number = body.registration_number or None
    charity.entity_type = body.entity_type
    charity.year_end = body.year_end
    facts.store(tenant, charity)
    tenant.name = body.name
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
    return charity_view(tenant, charity)


def official_view(tenant: Tenant, known: facts.Facts | None = None) -> dict[str, Any]:
    official = (known or _facts(tenant)).official
    view: dict[str, Any] = {field: official.get(field) for field in OFFICIAL_FIELDS}
    view["overseas"] = bool(view["overseas"])
    view["version"] = tenant.version
    return view


def get_official(who: Principal) -> dict[str, Any]:
    return official_view(_own_charity(who))


def update_official(who: Principal, body: OfficialBody) -> dict[str, Any]:
    tenant = _own_charity(who, body.version)
    previous_tokens = tokens_of(tenant)
    charity = _facts(tenant)
    charity.official = body.model_dump(include=set(OFFICIAL_FIELDS))
    facts.store(tenant, charity)
    tenants.save_tenant(tenant, previous_tokens)
    audit.record(who.tenant_id, "charity.official_changed", actor_id=who.user_id)
    return official_view(tenant, charity)
