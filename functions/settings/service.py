"""Use cases of the settings screens: roles and permissions, and the users of a charity.

Every change of a role, a permission or a user is audited. Managers cannot grant permissions they
do not hold themselves, so `manage-users` alone cannot be turned into every permission.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import TYPE_CHECKING, Any

from functions.auth import service as auth_service
from functions.core import audit, clock, ids, sessions
from functions.core.access import Principal
from functions.core.errors import Conflict, Invalid
from functions.core.identity import Role, User
from functions.core.messages import current_locale
from functions.core.pagination import decode_cursor, encode_cursor, page_body
from functions.core.permissions import ALL_PERMISSIONS, CHARITY_PERMISSIONS, LABELS
from functions.settings import repository
from functions.settings.list_queries import UserListQuery

if TYPE_CHECKING:
    from functions.settings.schemas import InviteBody, RoleBody, UserUpdateBody

OWNER_ROLE_ID = "owner"


# ------------------------------------------------------------------ permissions
def names(values: Any) -> list[str]:
    """A ListAttribute of strings as a plain list (PynamoDB types it as a list of attributes)."""
    return [str(value) for value in values or []]


def role_permissions(who: Principal) -> dict[str, list[str]]:
    return {"permissions": names(who.user.permissions), "roles": [who.user.role_name]}


def available_permissions(who: Principal) -> tuple[str, ...]:
    """The spec's list; charity users see only the charity-level permissions."""
    return ALL_PERMISSIONS if who.is_admin else CHARITY_PERMISSIONS


def permission_list(who: Principal) -> list[dict[str, str]]:
    locale = current_locale()
    return [
        {"name": name, "label": LABELS[name].get(locale, LABELS[name]["en"])}
        for name in available_permissions(who)
    ]


def _checked_permissions(who: Principal, wanted: list[str], already: list[str]) -> list[str]:
    """Known permissions only, in the spec's order; any newly granted one must be the manager's own."""
    available = available_permissions(who)
    unknown = [name for name in wanted if name not in available]
    if unknown:
        raise Invalid.field("permissions", "field.choice")
    added = set(wanted) - set(already)
    if not added <= set(who.user.permissions):
        raise Invalid.field("permissions", "roles.grant_exceeds_own")
    return [name for name in available if name in set(wanted)]


# ------------------------------------------------------------------ roles
def role_view(role: Role, users_count: int) -> dict[str, Any]:
    return {
        "id": role.role_id,
        "name": role.name,
        "permissions": names(role.permissions),
        "users_count": users_count,
        "system": bool(role.system),
        "version": role.version,
    }


def list_roles(who: Principal) -> list[dict[str, Any]]:
    holders = Counter(user.role_id for user in repository.list_users(who.tenant_id))
    roles = repository.list_roles(who.tenant_id)
    roles.sort(key=lambda role: (not role.system, role.name.casefold()))  # built-in roles first
    return [role_view(role, holders[role.role_id]) for role in roles]


def _editable_role(who: Principal, role_id: str, version: int | None) -> Role:
    role = repository.get_role(who.tenant_id, role_id)
    if role.system:
        raise Invalid("roles.system")
    if version is not None and version != role.version:
        raise Conflict()
    return role


def _ensure_unique_name(who: Principal, name: str, role_id: str | None = None) -> None:
    for role in repository.list_roles(who.tenant_id):
        if role.name.casefold() == name.casefold() and role.role_id != role_id:
            raise Invalid.field("name", "roles.name_taken")


def create_role(who: Principal, body: RoleBody) -> dict[str, Any]:
    _ensure_unique_name(who, body.name)
    permissions = _checked_permissions(who, body.permissions, [])
    role_id = ids.new_id()
    role = Role(
        *Role.key(who.tenant_id, role_id),
        role_id=role_id,
        tenant_id=who.tenant_id,
        name=body.name,
        permissions=permissions,
        system=False,
    )
    repository.create_role(role)
    audit.record(
        who.tenant_id, "role.created", actor_id=who.user_id, role_id=role_id, permissions=permissions
    )
    return role_view(role, 0)


def _change_role(who: Principal, role: Role, *, name: str, permissions: list[str]) -> dict[str, Any]:
    """Save the role and copy it onto its holders: a removed permission stops working on their next
    request, since a request reads the permissions stored on the user item."""
    before = names(role.permissions)
    holders = repository.users_with_role(who.tenant_id, role.role_id)
    repository.save_role(role, name=name, permissions=permissions, holders=holders)
    audit.record(
        who.tenant_id,
        "role.changed",
        actor_id=who.user_id,
        role_id=role.role_id,
        name=name,
        added=sorted(set(permissions) - set(before)),
        removed=sorted(set(before) - set(permissions)),
    )
    return role_view(role, len(holders))


def update_role(who: Principal, role_id: str, body: RoleBody) -> dict[str, Any]:
    role = _editable_role(who, role_id, body.version)
    _ensure_unique_name(who, body.name, role_id)
    permissions = _checked_permissions(who, body.permissions, names(role.permissions))
    return _change_role(who, role, name=body.name, permissions=permissions)


def assign_permissions(
    who: Principal, role_id: str, permissions: list[str], version: int | None
) -> dict[str, Any]:
    role = _editable_role(who, role_id, version)
    checked = _checked_permissions(who, permissions, names(role.permissions))
    return _change_role(who, role, name=role.name, permissions=checked)


def delete_role(who: Principal, role_id: str) -> None:
    role = _editable_role(who, role_id, None)
    holders = repository.users_with_role(who.tenant_id, role_id)
    if holders:
        raise Conflict("roles.in_use", count=len(holders))
    repository.delete_role(role)
    audit.record(who.tenant_id, "role.deleted", actor_id=who.user_id, role_id=role_id, name=role.name)


# ------------------------------------------------------------------ users
def user_row(user: User) -> dict[str, Any]:
    return {
        "id": user.user_id,
        "name": user.name,
        "email": user.email,
        "role": user.role_name,
        "role_id": user.role_id,
        "disabled": bool(user.disabled),
        "two_factor_enabled": user.two_factor_enabled,
        "last_login_at": clock.iso(user.last_login_at),
        "created_at": clock.iso(user.created_at),
        "version": user.version,
    }


def matching_users(tenant_id: str, query: UserListQuery) -> list[User]:
    """The charity's users after the table's search, filters and sort (in memory: a charity has a
    handful of users, read by one bounded Query). Shared by the list and its CSV export."""
    filters = query.filter_values()
    users = repository.list_users(tenant_id)
    search = query.search.strip().casefold()
    if search:
        users = [
            u
            for u in users
            if u.email.casefold().startswith(search)
            or any(word.startswith(search) for word in [u.name.casefold(), *u.name.casefold().split()])
        ]
    if isinstance(filters.get("role"), str):
        users = [u for u in users if u.role_id == filters["role"]]
    status = filters.get("status")
    if status in ("active", "disabled"):
        users = [u for u in users if bool(u.disabled) == (status == "disabled")]
    sort_keys = {
        "name": lambda u: (u.name.casefold(), u.user_id),
        "email": lambda u: (u.email, u.user_id),
        "created_at": lambda u: u.user_id,  # ids sort by creation time
        "id": lambda u: u.user_id,
    }
    return sorted(users, key=sort_keys[query.sortBy], reverse=query.sortDesc)


def list_users(who: Principal, query: UserListQuery) -> dict[str, Any]:
    users = matching_users(who.tenant_id, query)
    cursor = decode_cursor(query.cursor)
    offset = cursor.get("offset") if cursor else None
    if not isinstance(offset, int) or offset < 0:
        offset = (query.page - 1) * query.length
    window = users[offset : offset + query.length]
    more = offset + query.length < len(users)
    next_cursor = encode_cursor({"offset": offset + query.length}) if more else None
    return page_body([user_row(u) for u in window], total=len(users), query=query, next_cursor=next_cursor)


def _grantable_role(who: Principal, role_id: str) -> Role:
    role = repository.find_role(who.tenant_id, role_id)
    if role is None:
        raise Invalid.field("role", "roles.unknown")
    if not set(role.permissions) <= set(who.user.permissions):
        raise Invalid.field("role", "roles.grant_exceeds_own")
    return role


def invite_user(who: Principal, body: InviteBody) -> dict[str, Any]:
    """Create the account without a password and email a link to set one."""
    role = _grantable_role(who, body.role)
    user = auth_service.create_user(who.tenant_id, body.name, body.email, role.role_id)
    auth_service.send_password_link(user, "invite")
    audit.record(
        who.tenant_id, "user.invited", actor_id=who.user_id, user_id=user.user_id, role_id=role.role_id
    )
    return user_row(user)


def _is_active_owner(user: User) -> bool:
    return user.role_id == OWNER_ROLE_ID and not user.disabled


def other_active_owner(user: User, field: str) -> User | None:
    """Another active owner of the user's charity when `user` is an active owner about to stop
    being one (None when it is not one); 422 on `field` when there is no other."""
    if not _is_active_owner(user):
        return None
    for owner in repository.users_with_role(user.tenant_id, OWNER_ROLE_ID):
        if owner.user_id != user.user_id and not owner.disabled:
            return owner
    raise Invalid.field(field, "users.last_owner")


def update_user(who: Principal, user_id: str, body: UserUpdateBody) -> dict[str, Any]:
    user = repository.get_user(who.tenant_id, user_id)
    if body.version is not None and body.version != user.version:
        raise Conflict()
    disabling = body.disabled is True and not user.disabled
    if disabling and user.user_id == who.user_id:
        raise Invalid.field("disabled", "users.self_disable")
    role = _grantable_role(who, body.role) if body.role is not None and body.role != user.role_id else None
    disabled = body.disabled if body.disabled is not None and body.disabled != bool(user.disabled) else None
    if role is None and disabled is None:
        return user_row(user)
    losing_owner = disabling or (role is not None and role.role_id != OWNER_ROLE_ID)
    active_owner = other_active_owner(user, "disabled" if disabling else "role") if losing_owner else None
    before_role = user.role_id
    repository.update_user(user, new_role=role, disabled=disabled, active_owner=active_owner)
    if disabling:
        sessions.revoke_all(user)
    audit.record(
        who.tenant_id,
        "user.changed",
        actor_id=who.user_id,
        user_id=user.user_id,
        role_from=before_role if role else None,
        role_to=role.role_id if role else None,
        disabled=body.disabled if body.disabled is not None else None,
    )
    return user_row(user)


def users_for_export(tenant_id: str, meta: dict[str, Any]) -> list[dict[str, Any]]:
    """Rows of the users table for a CSV export, with the table meta the SPA stored (search,
    filters, sort). Meta values that do not validate fall back to the table's defaults."""
    fields: dict[str, Any] = {k: meta[k] for k in ("search", "sortBy", "sortDesc") if k in meta}
    if isinstance(meta.get("filters"), dict):
        fields["filters"] = json.dumps(meta["filters"])
    try:
        query = UserListQuery.parse({k: v for k, v in fields.items() if v is not None})
    except Invalid:  # meta the SPA stored that no longer validates
        query = UserListQuery()
    return [user_row(user) for user in matching_users(tenant_id, query)]
