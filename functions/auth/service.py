"""Accounts: sign-up, sign-in, sessions, password reset, email verification, user creation."""

from __future__ import annotations

import datetime as dt
from typing import Any
from urllib.parse import quote

from pynamodb.expressions.update import Action

from functions.auth import passwords, repository
from functions.core import audit, clock, config, email, ids, keys, platform_stats, sessions, throttle
from functions.core.access import Principal
from functions.core.errors import Invalid, NotFound
from functions.core.identity import Role, Tenant, User
from functions.core.messages import t
from functions.core.observability import metrics
from functions.core.permissions import CHARITY_ROLES, PLATFORM_ROLES

LOGIN_LIMIT_PER_EMAIL_AND_IP = (5, 60)  # attempts, window seconds
LOGIN_LIMIT_PER_EMAIL = (20, 900)
RESET_LIMIT_PER_EMAIL = (5, 900)
TOKEN_LIFETIMES = {
    "reset": dt.timedelta(hours=1),
    "invite": dt.timedelta(days=7),
    "verify": dt.timedelta(days=2),
}


# ------------------------------------------------------------------ creating identities
def _built_in_roles(
    tenant_id: str, definitions: tuple[tuple[str, str, tuple[str, ...], bool], ...]
) -> list[Role]:
    return [
        Role(
            *Role.key(tenant_id, role_id),
            role_id=role_id,
            tenant_id=tenant_id,
            name=name,
            permissions=list(permissions),
            system=system,
        )
        for role_id, name, permissions, system in definitions
    ]


def _new_user(
    tenant_id: str,
    role: Role,
    *,
    name: str,
    email_address: str,
    password: str | None,
    verified: bool,
    is_admin: bool = False,
) -> User:
    user_id = ids.new_id()
    return User(
        *User.key(tenant_id, user_id),
        user_id=user_id,
        tenant_id=tenant_id,
        name=name,
        email=email_address,
        password_hash=passwords.hash_password(password) if password else None,
        role_id=role.role_id,
        role_name=role.name,
        permissions=list(role.permissions),
        is_admin=is_admin,
        email_verified_at=clock.now() if verified else None,
    )


def register_charity(
    charity_name: str, name: str, email: str, password: str, *, verified: bool = False
) -> User:
    """A new charity (tenant) with its built-in roles and its first user, the owner."""
    tenant_id = ids.new_id()
    tenant = Tenant(
        *Tenant.key(tenant_id),
        tenant_id=tenant_id,
        name=charity_name,
        gsi1pk=keys.tenants_index_pk(),
        gsi1sk=keys.tenants_index_sk(charity_name, tenant_id),
    )
    roles = _built_in_roles(tenant_id, CHARITY_ROLES)
    owner = _new_user(
        tenant_id, roles[0], name=name, email_address=email, password=password, verified=verified
    )
    repository.create_identities(user=owner, tenant=tenant, roles=roles)
    # its default General fund (put if absent; a charity missing it gets it on first read);
    # imported here: sign-in, the auth function's hot path, never needs the funds area
    from functions.funds.repository import ensure_default_fund

    ensure_default_fund(tenant_id)
    audit.record(tenant_id, "charity.registered", actor_id=owner.user_id)
    if not verified:
        send_email_link(owner, "verify")
    return owner


def create_platform_admin(name: str, email: str, password: str) -> User:
    tenant_id = keys.PLATFORM_TENANT
    roles = _built_in_roles(tenant_id, PLATFORM_ROLES)
    new_tenant = repository.get_tenant(tenant_id) is None
    tenant = Tenant(*Tenant.key(tenant_id), tenant_id=tenant_id, name="Almoner") if new_tenant else None
    admin = _new_user(
        tenant_id, roles[0], name=name, email_address=email, password=password, verified=True, is_admin=True
    )
    repository.create_identities(user=admin, tenant=tenant, roles=roles if new_tenant else [])
    return admin


def create_user(
    tenant_id: str, name: str, email: str, role_id: str, password: str | None = None, verified: bool = False
) -> User:
    """A user of an existing charity with one of its roles (permissions copied from the role)."""
    role = repository.get_role(tenant_id, role_id)
    user = _new_user(
        tenant_id,
        role,
        name=name,
        email_address=email,
        password=password,
        verified=verified,
        is_admin=tenant_id == keys.PLATFORM_TENANT,
    )
    repository.create_identities(user=user)
    return user


# ------------------------------------------------------------------ views
_READ_TENANT: Any = object()


def user_view(user: User, session: Any = None, tenant: Any = _READ_TENANT) -> dict[str, Any]:
    """The signed-in user as the SPA sees it; `tenant`: the charity already read (None: none)."""
    if tenant is _READ_TENANT:
        tenant = repository.get_tenant(user.tenant_id)
    passed = not user.two_factor_enabled or bool(session is not None and session.two_factor_passed)
    preferences = user.preferences.as_dict() if user.preferences is not None else {}
    notifications = preferences.get("notifications") or {}
    return {
        "id": user.user_id,
        "name": user.name,
        "email": user.email,
        "profile_img": user.profile_img,
        "role": user.role_name,
        "is_admin": user.is_admin,
        "tenant": {"id": user.tenant_id, "name": tenant.name if tenant else ""},
        "two_factor_enabled": user.two_factor_enabled,
        "two_factor_confirmed_at": clock.iso(user.two_factor_confirmed_at),
        "two_factor_passed": passed,
        "email_verified_at": clock.iso(user.email_verified_at),
        "permissions": list(user.permissions),
        "roles": [user.role_name],
        "locale": user.locale,
        "preferences": {
            "notifications": {
                "email_reminders": bool(notifications.get("email_reminders", True)),
                "email_product_updates": bool(notifications.get("email_product_updates", False)),
            }
        },
    }


# ------------------------------------------------------------------ sign-in
def login(
    email_address: str, password: str, *, remember: bool, client_ip: str
) -> tuple[User, sessions.Issued, Tenant | None]:
    """Same answer and the same work for an unknown email and a wrong password. Returns the user,
    the new session and the user's charity (None for a platform user)."""
    buckets = (
        (f"login:{email_address}:{client_ip}", LOGIN_LIMIT_PER_EMAIL_AND_IP),
        (f"login:{email_address}", LOGIN_LIMIT_PER_EMAIL),
    )
    for bucket, (limit, window) in buckets:
        throttle.check(bucket, limit, window)
    user = repository.find_user_by_email(email_address)
    valid = passwords.verify_password(user.password_hash if user else None, password)
    tenant = repository.get_tenant(user.tenant_id) if user and valid else None
    if user is None or not valid or user.disabled or (tenant is not None and tenant.disabled):
        for bucket, (_, window) in buckets:
            throttle.record_failure(bucket, window)
        metrics.add_metric(name="SignInFailed", unit="Count", value=1)
        if user is not None:
            audit.record(user.tenant_id, "auth.login_failed", actor_id=user.user_id)
        raise Invalid.field("email", "auth.failed", as_message=True)
    actions: list[Action] = [User.last_login_at.set(clock.now())]
    if user.password_hash and passwords.needs_rehash(user.password_hash):
        actions.append(User.password_hash.set(passwords.hash_password(password)))
    user.update(actions=actions)
    platform_stats.record_sign_in(user.user_id)
    issued = sessions.issue(user, remember=remember, two_factor_passed=not user.two_factor_enabled)
    metrics.add_metric(name="SignIn", unit="Count", value=1)
    audit.record(
        user.tenant_id, "auth.login", actor_id=user.user_id, two_factor_pending=user.two_factor_enabled
    )
    return user, issued, tenant


def sign_in_new_user(user: User) -> sessions.Issued:
    return sessions.issue(user, remember=False, two_factor_passed=True)


def logout(who: Principal) -> None:
    if who.session is not None:
        sessions.revoke(who.session)
    audit.record(who.tenant_id, "auth.logout", actor_id=who.user_id)


# ------------------------------------------------------------------ links by email
def _link(user: User, purpose: str, token: str) -> str:
    base = config.app_url()
    if purpose == "verify":
        return f"{base}/email/verify/{user.user_id}?token={quote(token)}"
    return f"{base}/password/reset/{quote(token)}?email={quote(user.email)}"


_EMAILS = {
    "reset": {
        "en": (
            "Reset your Almoner password",
            "Someone asked to reset the password of your Almoner account.\n"
            "Open this link within an hour to choose a new one:\n{link}\n\n"
            "If it was not you, ignore this email.",
        ),
        "es": (
            "Restablezca su contraseña de Almoner",
            "Alguien pidió restablecer la contraseña de su cuenta de Almoner.\n"
            "Abra este enlace antes de una hora para elegir una nueva:\n{link}\n\n"
            "Si no fue usted, ignore este correo.",
        ),
    },
    "invite": {
        "en": (
            "You have been invited to Almoner",
            "You have been invited to {charity} on Almoner.\n"
            "Open this link within 7 days to set your password:\n{link}",
        ),
        "es": (
            "Le han invitado a Almoner",
            "Le han invitado a {charity} en Almoner.\n"
            "Abra este enlace antes de 7 días para establecer su contraseña:\n{link}",
        ),
    },
    "verify": {
        "en": (
            "Verify your email address",
            "Welcome to Almoner. Confirm your email address with this link:\n{link}",
        ),
        "es": (
            "Verifique su correo electrónico",
            "Bienvenido a Almoner. Confirme su correo electrónico con este enlace:\n{link}",
        ),
    },
}


def send_email_link(user: User, purpose: str) -> None:
    """Email a one-time link: password reset, invitation (set a password) or email verification."""
    token = ids.new_token()
    repository.put_email_token(purpose, ids.sha256_hex(token), user, TOKEN_LIFETIMES[purpose])
    tenant = repository.get_tenant(user.tenant_id)
    subject, text = _EMAILS[purpose].get(user.locale, _EMAILS[purpose]["en"])
    email.send(
        user.email,
        subject,
        text.format(link=_link(user, purpose, token), charity=tenant.name if tenant else ""),
    )


def send_password_link(user: User, purpose: str = "reset") -> None:
    send_email_link(user, purpose)


def request_password_reset(email_address: str) -> str:
    limit, window = RESET_LIMIT_PER_EMAIL
    throttle.check(f"reset:{email_address}", limit, window)
    throttle.record_failure(f"reset:{email_address}", window)
    user = repository.find_user_by_email(email_address)
    if user is not None and not user.disabled:
        send_email_link(user, "reset")
    return t("auth.reset_sent")


def reset_password(token: str, email_address: str, password: str, confirmation: str) -> str:
    if password != confirmation:
        raise Invalid.field("password", "field.confirmation")
    found = repository.take_email_token(("reset", "invite"), ids.sha256_hex(token))
    if found is None or found.email != email_address:
        raise Invalid.field("email", "auth.token_invalid", as_message=True)
    user = repository.get_user(found.tenant_id, found.user_id)
    actions: list[Action] = [User.password_hash.set(passwords.hash_password(password))]
    if user.email_verified_at is None:
        actions.append(User.email_verified_at.set(clock.now()))
    user.update(actions=actions)
    sessions.revoke_all(user)
    audit.record(user.tenant_id, "auth.password_reset", actor_id=user.user_id)
    return t("auth.reset_done")


def verify_email(user_id: str, token: str) -> str:
    found = repository.take_email_token(("verify",), ids.sha256_hex(token))
    if found is None or found.user_id != user_id:
        raise Invalid.field("token", "auth.token_invalid", as_message=True)
    try:
        user = repository.get_user(found.tenant_id, found.user_id)
    except NotFound as exc:
        raise Invalid.field("token", "auth.token_invalid", as_message=True) from exc
    if user.email == found.email:
        user.update(actions=[User.email_verified_at.set(clock.now())])
    return t("auth.email_verified")


def resend_verification(user: User) -> str:
    if user.email_verified_at is None:
        send_email_link(user, "verify")
    return t("auth.verification_sent")
