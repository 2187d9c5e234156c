"""Who may call a route. Every view is wrapped by exactly one of these decorators:

    @bp.route("/donors", methods=["GET"])
    @requires("manage-donors")
    def list_donors(): ...

`public`, `signed_in`, `requires(...)` (all of), `requires_any(...)` (any of), `admin_only`. The
wrapper also translates domain errors to HTTP (the one mapping of `errors.to_response`) and
answers JSON 500 for anything unexpected. A contract test fails on any route whose view carries
no access declaration.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from http.cookies import CookieError, SimpleCookie
from typing import Any

from chalice.app import Request

from functions.core import sessions
from functions.core.counters import TenantCounters
from functions.core.errors import (
    AlmonerError,
    CsrfMismatch,
    Forbidden,
    TwoFactorRequired,
    Unauthenticated,
    json_response,
    to_response,
)
from functions.core.identity import Session, User
from functions.core.messages import set_locale, t
from functions.core.observability import logger

ACCESS_ATTRIBUTE = "almoner_access"
ANY_OF_ATTRIBUTE = "almoner_access_any_of"  # True when `requires_any` declared the permissions
PENDING_TWO_FACTOR_ATTRIBUTE = "almoner_allows_pending_two_factor"
UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})

_request: ContextVar[Request | None] = ContextVar("request", default=None)
_principal: ContextVar[Principal | None] = ContextVar("principal", default=None)


@dataclass(frozen=True)
class Principal:
    user: User
    session: Session | None  # None for integration bearer tokens (future)
    counters: TenantCounters  # the charity's totals, read with the session (no extra call)

    @property
    def tenant_id(self) -> str:
        return self.user.tenant_id

    @property
    def user_id(self) -> str:
        return self.user.user_id

    @property
    def is_admin(self) -> bool:
        return self.user.is_admin

    @property
    def two_factor_passed(self) -> bool:
        return not self.user.two_factor_enabled or bool(self.session and self.session.two_factor_passed)

    def can(self, *permissions: str) -> bool:
        return all(p in self.user.permissions for p in permissions)

    def can_any(self, *permissions: str) -> bool:
        return any(p in self.user.permissions for p in permissions)


def bind_request(request: Request) -> Any:
    return _request.set(request)


def unbind_request(token: Any) -> None:
    _request.reset(token)


def current_request() -> Request:
    request = _request.get()
    if request is None:
        raise RuntimeError("no request is bound (is the middleware registered?)")
    return request


def client_ip() -> str:
    """The viewer's address: behind CloudFront the API's source IP is CloudFront's, so the
    `CloudFront-Viewer-Address` header (`ip:port`) comes first."""
    request = current_request()
    headers: Any = request.headers or {}
    viewer = headers.get("cloudfront-viewer-address")
    if viewer:
        return str(viewer.rsplit(":", 1)[0])
    context = request.context or {}
    return str((context.get("identity") or {}).get("sourceIp") or "unknown")


def principal() -> Principal:
    who = _principal.get()
    if who is None:
        raise Unauthenticated()
    return who


def session_token(request: Request) -> tuple[str | None, bool]:
    """(token, from_cookie). Bearer tokens are for integrations and need no XSRF header."""
    headers: Any = request.headers or {}
    authorization = headers.get("authorization", "")
    if authorization.lower().startswith("bearer "):
        return authorization[7:].strip(), False
    raw_cookie = headers.get("cookie", "")
    if not raw_cookie:
        return None, True
    jar: SimpleCookie = SimpleCookie()
    try:
        jar.load(raw_cookie)
    except CookieError:
        return None, True
    morsel = jar.get(sessions.SESSION_COOKIE)
    return (morsel.value if morsel and morsel.value else None), True


def authenticate(request: Request, *, allow_pending_two_factor: bool) -> Principal:
    token, from_cookie = session_token(request)
    if not token:
        raise Unauthenticated()
    resolved = sessions.resolve(token)
    if resolved is None:
        raise Unauthenticated()
    session, user = resolved.session, resolved.user
    if from_cookie and request.method in UNSAFE_METHODS:
        headers: Any = request.headers or {}
        if not sessions.xsrf_matches(session, headers.get("x-xsrf-token")):
            raise CsrfMismatch()
    who = Principal(user=user, session=session, counters=resolved.counters)
    if not who.two_factor_passed and not allow_pending_two_factor:
        raise TwoFactorRequired()
    return who


def _guard(
    kind: str,
    detail: tuple[str, ...],
    *,
    allow_pending_two_factor: bool = False,
    check: Callable[[Principal], bool] | None = None,
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    def decorate(view: Callable[..., Any]) -> Callable[..., Any]:
        @functools.wraps(view)
        def guarded(*args: Any, **kwargs: Any) -> Any:
            request = current_request()
            headers: Any = request.headers or {}
            set_locale(headers.get("accept-language"))
            token = None
            try:
                if kind != "public":
                    who = authenticate(request, allow_pending_two_factor=allow_pending_two_factor)
                    if check is not None and not check(who):
                        raise Forbidden()
                    token = _principal.set(who)
                    logger.append_keys(tenant_id=who.tenant_id, user_id=who.user_id)
                return view(*args, **kwargs)
            except AlmonerError as error:
                return to_response(error)
            except Exception:  # the one place an unexpected failure becomes a clean 500
                logger.exception("unhandled error")
                return json_response({"message": t("server_error")}, 500)
            finally:
                if token is not None:
                    _principal.reset(token)

        setattr(guarded, ACCESS_ATTRIBUTE, (kind, detail))
        setattr(guarded, PENDING_TWO_FACTOR_ATTRIBUTE, allow_pending_two_factor)
        return guarded

    return decorate


def public(view: Callable[..., Any]) -> Callable[..., Any]:
    """Anyone, signed in or not (sign-in, register, webhooks)."""
    return _guard("public", ())(view)


def signed_in(view: Callable[..., Any] | None = None, *, allow_pending_two_factor: bool = False) -> Any:
    """Any signed-in user. `allow_pending_two_factor` only for verify, logout and current user."""
    decorator = _guard("signed_in", (), allow_pending_two_factor=allow_pending_two_factor)
    return decorator(view) if view is not None else decorator


def requires(*permissions: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A signed-in user holding every one of `permissions` (spec §6: an array requires all)."""
    return _guard("permission", permissions, check=lambda who: who.can(*permissions))


def requires_any(*permissions: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """A signed-in user holding at least one of `permissions` (spec §6: a comma string requires
    any), e.g. a page that two roles read. Declared like `requires`, plus `ANY_OF_ATTRIBUTE`."""
    if not permissions:
        raise ValueError("requires_any needs at least one permission")
    guard = _guard("permission", permissions, check=lambda who: who.can_any(*permissions))

    def decorate(view: Callable[..., Any]) -> Callable[..., Any]:
        guarded = guard(view)
        setattr(guarded, ANY_OF_ATTRIBUTE, True)
        return guarded

    return decorate


def admin_only(view: Callable[..., Any]) -> Callable[..., Any]:
    """Platform administrators; their cross-tenant access is logged by the services they call."""
    return _guard("admin", (), check=lambda who: who.is_admin)(view)
