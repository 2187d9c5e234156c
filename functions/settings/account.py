"""Use cases of a user's own settings: profile, password, notification preferences, deleting the
account. Each acts on the signed-in user only (the principal), never on an id from the request."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from functions.auth import passwords
from functions.auth import service as auth_service
from functions.core import audit, sessions
from functions.core.access import Principal
from functions.core.errors import Invalid
from functions.core.messages import t
from functions.settings import repository
from functions.settings.service import other_active_owner

if TYPE_CHECKING:
    from functions.settings.schemas import (
        DeleteAccountBody,
        NotificationPreferencesBody,
        PasswordBody,
        ProfileBody,
    )


def _require_password(who: Principal, password: str | None, field: str) -> None:
    if not password:
        raise Invalid.field(field, "field.required")
    if not passwords.verify_password(who.user.password_hash, password):
        raise Invalid.field(field, "auth.password_wrong")


def update_profile(who: Principal, body: ProfileBody) -> dict[str, Any]:
    """Name and language; a new email address needs the current password, and must be verified
    again (a verification link goes to the new address)."""
    user = who.user
    new_email = body.email if body.email != user.email else None
    if new_email is not None:
        _require_password(who, body.current_password, "current_password")
    repository.change_profile(user, name=body.name, locale=body.locale, new_email=new_email)
    if new_email is not None:
        auth_service.send_email_link(user, "verify")
        audit.record(user.tenant_id, "user.email_changed", actor_id=user.user_id)
    return auth_service.user_view(user, who.session)


def change_password(who: Principal, body: PasswordBody) -> dict[str, str]:
    _require_password(who, body.current_password, "current_password")
    repository.set_password_hash(who.user, passwords.hash_password(body.password))
    ended = sessions.revoke_all(who.user, keep=who.session) if body.logout_other_sessions else 0
    audit.record(who.tenant_id, "auth.password_changed", actor_id=who.user_id, other_sessions_ended=ended)
    return {"message": t("auth.password_changed")}


def update_notification_preferences(who: Principal, body: NotificationPreferencesBody) -> dict[str, Any]:
    preferences = who.user.preferences.as_dict() if who.user.preferences is not None else {}
    preferences["notifications"] = {
        "email_reminders": body.email_reminders,
        "email_product_updates": body.email_product_updates,
    }
    repository.set_preferences(who.user, preferences)
    return auth_service.user_view(who.user, who.session)


def delete_account(who: Principal, body: DeleteAccountBody) -> None:
    """Delete the signed-in user (password required). The last active owner of a charity cannot:
    the charity would be left with nobody able to manage it."""
    _require_password(who, body.password, "password")
    active_owner = other_active_owner(who.user, "password")
    repository.delete_account(who.user, active_owner=active_owner)
    sessions.revoke_all(who.user)
    audit.record(who.tenant_id, "user.deleted", actor_id=who.user_id, user_id=who.user_id)
