"""API routes of the settings area (docs/api.md, Settings)."""

from chalice import Blueprint

from functions.core import sessions
from functions.core.access import current_request, principal, requires, signed_in
from functions.core.deferred import deferred_imports
from functions.core.errors import json_response
from functions.core.validation import parse_body, parse_query

with deferred_imports():
    from functions.settings import service
    from functions.settings.list_queries import UserListQuery
with deferred_imports():  # the account and charity screens' code (the charity's reaches Gift Aid's)
    from functions.settings import account, charity
with deferred_imports():  # pydantic: only a request with a body needs it (ADR 0011)
    from functions.settings.schemas import (
        CharityBody,
        DeleteAccountBody,
        InviteBody,
        NotificationPreferencesBody,
        OfficialBody,
        OptionBody,
        OptionQuery,
        PasswordBody,
        ProfileBody,
        RoleBody,
        RolePermissionsBody,
        UserUpdateBody,
    )

bp = Blueprint(__name__)


# ------------------------------------------------------------------ roles and permissions
@bp.route("/settings/role_permissions", methods=["GET"])
@signed_in
def role_permissions():  # type: ignore[no-untyped-def]
    return json_response(service.role_permissions(principal()))


@bp.route("/settings/permissions", methods=["GET"])
@requires("manage-users")
def permissions():  # type: ignore[no-untyped-def]
    return json_response({"data": service.permission_list(principal())})


@bp.route("/settings/roles", methods=["GET"])
@requires("manage-users")
def list_roles():  # type: ignore[no-untyped-def]
    return json_response({"data": service.list_roles(principal())})


@bp.route("/settings/roles", methods=["POST"])
@requires("manage-users")
def create_role():  # type: ignore[no-untyped-def]
    body = parse_body(RoleBody, current_request())
    return json_response(service.create_role(principal(), body), 201)


@bp.route("/settings/roles/{role_id}", methods=["PUT"])
@requires("manage-users")
def update_role(role_id: str):  # type: ignore[no-untyped-def]
    body = parse_body(RoleBody, current_request())
    return json_response(service.update_role(principal(), role_id, body))


@bp.route("/settings/roles/{role_id}/permissions", methods=["PUT"])
@requires("manage-users")
def assign_permissions(role_id: str):  # type: ignore[no-untyped-def]
    body = parse_body(RolePermissionsBody, current_request())
    return json_response(service.assign_permissions(principal(), role_id, body.permissions, body.version))


@bp.route("/settings/roles/{role_id}", methods=["DELETE"])
@requires("manage-users")
def delete_role(role_id: str):  # type: ignore[no-untyped-def]
    service.delete_role(principal(), role_id)
    return json_response(None, 204)


# ------------------------------------------------------------------ users
@bp.route("/settings/users", methods=["GET"])
@requires("manage-users")
def list_users():  # type: ignore[no-untyped-def]
    query = parse_query(UserListQuery, current_request())
    return json_response(service.list_users(principal(), query))


@bp.route("/settings/users", methods=["POST"])
@requires("manage-users")
def invite_user():  # type: ignore[no-untyped-def]
    body = parse_body(InviteBody, current_request())
    return json_response(service.invite_user(principal(), body), 201)


@bp.route("/settings/users/{user_id}", methods=["PUT"])
@requires("manage-users")
def update_user(user_id: str):  # type: ignore[no-untyped-def]
    body = parse_body(UserUpdateBody, current_request())
    return json_response(service.update_user(principal(), user_id, body))


# ------------------------------------------------------------------ the signed-in user's own settings
@bp.route("/settings/profile", methods=["PUT"])
@signed_in
def update_profile():  # type: ignore[no-untyped-def]
    body = parse_body(ProfileBody, current_request())
    return json_response(account.update_profile(principal(), body))


@bp.route("/settings/password", methods=["PUT"])
@signed_in
def change_password():  # type: ignore[no-untyped-def]
    body = parse_body(PasswordBody, current_request())
    return json_response(account.change_password(principal(), body))


@bp.route("/settings/notifications", methods=["PUT"])
@signed_in
def notification_preferences():  # type: ignore[no-untyped-def]
    body = parse_body(NotificationPreferencesBody, current_request())
    return json_response(account.update_notification_preferences(principal(), body))


@bp.route("/settings/account", methods=["DELETE"])
@signed_in
def delete_account():  # type: ignore[no-untyped-def]
    body = parse_body(DeleteAccountBody, current_request())
    account.delete_account(principal(), body)
    return json_response(None, 204, {"Set-Cookie": sessions.clear_cookie_headers()})


# ------------------------------------------------------------------ charity-wide settings
@bp.route("/settings/options/all", methods=["GET"])
@signed_in
def get_option():  # type: ignore[no-untyped-def]
    query = parse_query(OptionQuery, current_request())
    return json_response(charity.get_option(principal(), query.key))


@bp.route("/settings/options", methods=["PUT"])
@requires("manage-users")
def save_option():  # type: ignore[no-untyped-def]
    body = parse_body(OptionBody, current_request())
    return json_response(charity.save_option(principal(), body))


@bp.route("/settings/charity", methods=["GET"])
@signed_in
def get_charity():  # type: ignore[no-untyped-def]
    return json_response(charity.get_charity(principal()))


@bp.route("/settings/charity", methods=["PUT"])
@requires("manage-users")
def update_charity():  # type: ignore[no-untyped-def]
    body = parse_body(CharityBody, current_request())
    return json_response(charity.update_charity(principal(), body))


@bp.route("/settings/authorized-official", methods=["GET"])
@signed_in
def get_official():  # type: ignore[no-untyped-def]
    return json_response(charity.get_official(principal()))


@bp.route("/settings/authorized-official", methods=["PUT"])
@requires("manage-users")
def update_official():  # type: ignore[no-untyped-def]
    body = parse_body(OfficialBody, current_request())
    return json_response(charity.update_official(principal(), body))
