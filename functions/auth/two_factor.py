"""Two-factor authentication with TOTP (pyotp): set up, confirm, verify, recovery codes.

A secret becomes active only once a code from it is confirmed; each time step is accepted once
(the last accepted step is stored with a conditional write); recovery codes are stored hashed and
each works once (conditional delete); regenerating voids the old set.
"""

from __future__ import annotations

from typing import Any

from functions.auth import passwords, repository
from functions.core import audit, clock, ids, sessions, throttle
from functions.core.access import Principal
from functions.core.errors import Invalid
from functions.core.identity import User

ISSUER = "Almoner"
STEP_SECONDS = 30
RECOVERY_CODES = 8
VERIFY_LIMIT = (5, 300)  # attempts per pending sign-in, window seconds


def _totp(secret: str) -> Any:
    import pyotp  # imported on use: only sign-ins with 2FA and the 2FA settings need it

    return pyotp.TOTP(secret)


def _uri(user: User, secret: str) -> str:
    return str(_totp(secret).provisioning_uri(name=user.email, issuer_name=ISSUER))


def _qr_svg(uri: str) -> str:
    """A standalone SVG document: the SPA shows it as an <img> data URI, which renders only with
    the SVG namespace (segno's svg_inline leaves it out, for SVG embedded in HTML)."""
    import io

    import segno  # imported on use: only the 2FA settings page needs it

    out = io.BytesIO()
    segno.make(uri, error="m").save(
        out, kind="svg", xmldecl=False, svgns=True, nl=False, scale=4, dark="#111827", light="#ffffff"
    )
    return out.getvalue().decode("utf-8")


def state(user: User) -> dict[str, Any]:
    pending = user.totp_pending_secret
    active_secret = pending or user.totp_secret
    uri = _uri(user, active_secret) if active_secret else None
    return {
        "two_factor_enabled": user.two_factor_enabled,
        "two_factor_confirmed_at": clock.iso(user.two_factor_confirmed_at),
        "qrCode": _qr_svg(uri) if uri else None,
        "secret": pending,
        "otpauth_uri": _uri(user, pending) if pending else None,
        "recoveryCodes": [],
    }


def generate(user: User) -> dict[str, Any]:
    import pyotp

    user.update(actions=[User.totp_pending_secret.set(pyotp.random_base32())])
    return state(user)


def reset(user: User) -> dict[str, Any]:
    user.update(actions=[User.totp_pending_secret.remove()])
    return state(user)


def _matching_step(secret: str, code: str) -> int | None:
    """The time step (±1 step window) whose code equals `code`, or None."""
    code = code.strip().replace(" ", "")
    if not code.isdigit():
        return None
    totp = _totp(secret)
    current = int(clock.now().timestamp()) // STEP_SECONDS
    for step in (current - 1, current, current + 1):
        if totp.at(step * STEP_SECONDS) == code:
            return step
    return None


def _new_recovery_codes(user: User) -> list[str]:
    codes = [f"{ids.new_token(8)[:5]}-{ids.new_token(8)[:5]}".lower() for _ in range(RECOVERY_CODES)]
    repository.replace_recovery_codes(user, [ids.sha256_hex(code) for code in codes])
    return codes


def enable(user: User, code: str) -> dict[str, Any]:
    secret = user.totp_pending_secret
    if not secret:
        raise Invalid.field("code", "2fa.not_pending")
    step = _matching_step(secret, code)
    if step is None:
        raise Invalid.field("code", "2fa.code_invalid")
    user.update(
        actions=[
            User.totp_secret.set(secret),
            User.totp_pending_secret.remove(),
            User.two_factor_confirmed_at.set(clock.now()),
            User.last_totp_step.set(step),
        ]
    )
    audit.record(user.tenant_id, "2fa.enabled", actor_id=user.user_id)
    return {"two_factor_enabled": True, "recoveryCodes": _new_recovery_codes(user)}


def regenerate(user: User) -> dict[str, Any]:
    if not user.two_factor_enabled:
        raise Invalid.field("two_factor", "2fa.not_enabled")
    audit.record(user.tenant_id, "2fa.recovery_regenerated", actor_id=user.user_id)
    return {"recoveryCodes": _new_recovery_codes(user)}


def disable(user: User, password: str) -> dict[str, Any]:
    if not passwords.verify_password(user.password_hash, password):
        raise Invalid.field("password", "auth.password_wrong")
    user.update(
        actions=[
            User.totp_secret.remove(),
            User.totp_pending_secret.remove(),
            User.two_factor_confirmed_at.remove(),
        ]
    )
    repository.replace_recovery_codes(user, [])
    audit.record(user.tenant_id, "2fa.disabled", actor_id=user.user_id)
    return {"two_factor_enabled": False}


def verify(who: Principal, *, code: str | None, recovery_code: str | None) -> None:
    """Pass the second step of a sign-in with a TOTP code or a recovery code."""
    user, session = who.user, who.session
    if session is None or not user.two_factor_enabled or not user.totp_secret:
        raise Invalid.field("code", "2fa.not_enabled")
    if not code and not recovery_code:
        raise Invalid.field("code", "field.required")
    bucket = f"2fa:{session.sk}"
    limit, window = VERIFY_LIMIT
    throttle.check(bucket, limit, window)
    if recovery_code:
        accepted = repository.use_recovery_code(user, ids.sha256_hex(recovery_code.strip().lower()))
        field, message = "recovery_code", "2fa.recovery_invalid"
    else:
        step = _matching_step(user.totp_secret, code or "")
        accepted = step is not None and repository.accept_totp_step(user, step)
        field, message = "code", "2fa.code_invalid"
    if not accepted:
        throttle.record_failure(bucket, window)
        audit.record(user.tenant_id, "2fa.verify_failed", actor_id=user.user_id)
        raise Invalid.field(field, message)
    sessions.mark_two_factor_passed(session)
    audit.record(user.tenant_id, "2fa.verified", actor_id=user.user_id, recovery=bool(recovery_code))
