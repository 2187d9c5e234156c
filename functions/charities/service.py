"""Use cases of the charities screens (platform administrators only).

Cross-tenant by definition: every read is logged and every change is audited in the charity's
own audit log with the administrator as actor (SECURITY.md: explicit, logged paths).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from functions.charities import repository
from functions.charities.list_queries import CharityListQuery
from functions.core import audit, clock, sessions
from functions.core.access import Principal
from functions.core.deferred import deferred_imports
from functions.core.errors import Conflict
from functions.core.identity import Tenant
from functions.core.observability import logger
from functions.core.pagination import decode_cursor, encode_cursor, page_body
from functions.search.repository import tokens_of

with deferred_imports():  # pydantic: only a filtered list needs it (ADR 0011)
    from functions.charities.schemas import CharityFilters

if TYPE_CHECKING:
    from functions.charities.schemas import CharityUpdate


def charity_view(tenant: Tenant, users_count: int) -> dict[str, Any]:
    return {
        "id": tenant.tenant_id,
        "name": tenant.name,
        "registration_number": tenant.registration_number,
        "phone": tenant.phone,
        "country": tenant.country,
        "disabled": bool(tenant.disabled),
        "users_count": users_count,
        "created_at": clock.iso(tenant.created_at),
        "version": tenant.version,
    }


def list_charities(query: CharityListQuery) -> dict[str, Any]:
    filters = query.filters_as(CharityFilters)
    status = filters.status if filters else None
    disabled = {"active": False, "disabled": True}.get(status) if status else None
    prefix = query.search.strip()
    page, last_key = repository.charities_page(
        name_prefix=prefix,
        descending=query.sortDesc,
        limit=query.length,
        cursor=decode_cursor(query.cursor),
        disabled=disabled,
    )
    total = repository.count_charities(name_prefix=prefix, disabled=disabled)
    data = [charity_view(tenant, repository.count_users(tenant.tenant_id)) for tenant in page]
    return page_body(data, total=total, query=query, next_cursor=encode_cursor(last_key))


def get_charity(who: Principal, tenant_id: str) -> dict[str, Any]:
    tenant = repository.get_charity(tenant_id)
    logger.info("admin read charity", extra={"charity_id": tenant_id, "admin_id": who.user_id})
    return charity_view(tenant, repository.count_users(tenant_id))


def update_charity(who: Principal, tenant_id: str, changes: CharityUpdate) -> dict[str, Any]:
    """Edit a charity. Disabling it blocks its users: sign-in refuses a disabled tenant, and every
    session of its users ends now, so nobody stays signed in to a disabled charity."""
    tenant = repository.get_charity(tenant_id)
    if changes.version is not None and changes.version != tenant.version:
        raise Conflict()
    previous_tokens = tokens_of(tenant)
    was_disabled = bool(tenant.disabled)
    tenant.name = changes.name
    tenant.registration_number = changes.registration_number or None
    tenant.phone = changes.phone or None
    tenant.country = changes.country
    tenant.disabled = changes.disabled
    repository.save_tenant(tenant, previous_tokens)
    if changes.disabled and not was_disabled:
        for user in repository.users_of(tenant_id):
            sessions.revoke_all(user)
    audit.record(
        tenant_id,
        "charity.updated",
        actor_id=who.user_id,
        actor_tenant_id=who.tenant_id,
        fields=sorted(changes.model_fields_set - {"version"}),
        disabled=changes.disabled,
    )
    return charity_view(tenant, repository.count_users(tenant_id))
