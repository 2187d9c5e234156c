"""Sessions: opaque random tokens, stored only as SHA-256 hashes, carried in an HttpOnly cookie.

The token reads `<tenant>.<user>.<secret>` so one BatchGetItem fetches the session and its user;
the tenant in it is trusted only because the hashed session item exists under that tenant.
"""

from __future__ import annotations

import datetime as dt
import hmac
from dataclasses import dataclass

from functions.core import clock, config, ids, keys
from functions.core.counters import TenantCounters
from functions.core.identity import Session, User
from functions.core.table import Entity

SESSION_COOKIE = "almoner_session"
XSRF_COOKIE = "XSRF-TOKEN"
IDLE_LIMIT = dt.timedelta(milliseconds=72_000_000)  # the spec's idle timeout (20 h)
REMEMBER_LIFETIME = dt.timedelta(days=365)
DEFAULT_LIFETIME = dt.timedelta(days=7)
TOUCH_EVERY = dt.timedelta(minutes=5)


@dataclass
class Issued:
    token: str
    xsrf: str
    session: Session


def issue(user: User, *, remember: bool, two_factor_passed: bool) -> Issued:
    secret = ids.new_token()
    token = f"{user.tenant_id}.{user.user_id}.{secret}"
    xsrf = ids.new_token()
    now = clock.now()
    session = Session(
        keys.tenant_pk(user.tenant_id),
        keys.session_sk(ids.sha256_hex(token)),
        tenant_id=user.tenant_id,
        user_id=user.user_id,
        remember=remember,
        two_factor_passed=two_factor_passed,
        xsrf_hash=ids.sha256_hex(xsrf),
        last_seen_at=now,
        expires_at=now + (REMEMBER_LIFETIME if remember else DEFAULT_LIFETIME),
        gsi1pk=keys.sessions_of_user_pk(user.tenant_id, user.user_id),
        gsi1sk=clock.iso(now),
    )
    session.save()
    return Issued(token, xsrf, session)


@dataclass
class Resolved:
    session: Session
    user: User
    counters: TenantCounters


def resolve(token: str) -> Resolved | None:
    """The live session, its enabled user and the charity's counters for a cookie or bearer
    token, or None. One BatchGetItem."""
    parts = token.split(".")
    if len(parts) != 3 or not all(parts) or len(token) > 300:
        return None
    tenant_id, user_id, _ = parts
    session_key = (keys.tenant_pk(tenant_id), keys.session_sk(ids.sha256_hex(token)))
    user_key = User.key(tenant_id, user_id)
    counters_key = TenantCounters.key(tenant_id)
    found = {(item.pk, item.sk): item for item in Entity.batch_get([session_key, user_key, counters_key])}
    session, user = found.get(session_key), found.get(user_key)
    counters = found.get(counters_key)
    if not isinstance(session, Session) or not isinstance(user, User) or user.disabled:
        return None
    if session.user_id != user.user_id:
        return None
    now = clock.now()
    # moto and DynamoDB delete expired items lazily: the timestamps are checked here too.
    if (session.expires_at and session.expires_at <= now) or now - session.last_seen_at > IDLE_LIMIT:
        session.delete()
        return None
    if now - session.last_seen_at > TOUCH_EVERY:
        session.update(actions=[Session.last_seen_at.set(now)])
    if not isinstance(counters, TenantCounters):
        counters = TenantCounters.empty(tenant_id)
    return Resolved(session, user, counters)


def xsrf_matches(session: Session, header_value: str | None) -> bool:
    if not header_value:
        return False
    return hmac.compare_digest(session.xsrf_hash, ids.sha256_hex(header_value))


def revoke(session: Session) -> None:
    session.delete()


def revoke_all(user: User, *, keep: Session | None = None) -> int:
    """End every session of a user (password change or reset, disabling), except `keep`."""
    removed = 0
    with Session.batch_write() as batch:
        for session in Session.gsi1.query(keys.sessions_of_user_pk(user.tenant_id, user.user_id)):
            if keep is not None and session.sk == keep.sk:
                continue
            batch.delete(session)
            removed += 1
    return removed


def mark_two_factor_passed(session: Session) -> None:
    session.update(actions=[Session.two_factor_passed.set(True)])


def _cookie(name: str, value: str, *, http_only: bool, max_age: int | None) -> str:
    parts = [f"{name}={value}", "Path=/", "SameSite=Lax"]
    if max_age is not None:
        parts.append(f"Max-Age={max_age}")
    if http_only:
        parts.append("HttpOnly")
    if config.secure_cookies():
        parts.append("Secure")
    return "; ".join(parts)


def set_cookie_headers(issued: Issued) -> list[str]:
    max_age = int(REMEMBER_LIFETIME.total_seconds()) if issued.session.remember else None
    return [
        _cookie(SESSION_COOKIE, issued.token, http_only=True, max_age=max_age),
        _cookie(XSRF_COOKIE, issued.xsrf, http_only=False, max_age=max_age),
    ]


def clear_cookie_headers() -> list[str]:
    return [
        _cookie(SESSION_COOKIE, "", http_only=True, max_age=0),
        _cookie(XSRF_COOKIE, "", http_only=False, max_age=0),
    ]
