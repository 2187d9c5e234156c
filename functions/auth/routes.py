"""Sign-up, sign-in, sessions, password reset, email verification and two-factor (docs/api.md)."""

from __future__ import annotations

from chalice import Blueprint, Response

from functions.core import sessions
from functions.core.access import client_ip, current_request, principal, public, requires, signed_in
from functions.core.deferred import deferred_imports
from functions.core.errors import Invalid, json_response
from functions.core.validation import parse_body

with deferred_imports():
    from functions.auth import service, two_factor
with deferred_imports():  # pydantic: only a request with a body needs it (ADR 0011)
    from functions.auth import schemas

bp = Blueprint(__name__)
TWO_FACTOR = "two-factor-authentication"


def _with_session(body: dict, issued: sessions.Issued, status: int = 200) -> Response:
    return json_response(body, status, {"Set-Cookie": sessions.set_cookie_headers(issued)})


@bp.route("/register", methods=["POST"])
@public
def register() -> Response:
    body = parse_body(schemas.RegisterBody, current_request())
    if body.password != body.password_confirmation:
        raise Invalid.field("password", "field.confirmation")
    user = service.register_charity(body.charity_name, body.name, body.email, body.password)
    issued = service.sign_in_new_user(user)
    return _with_session({"user": service.user_view(user, issued.session)}, issued, 201)


@bp.route("/login", methods=["POST"])
@public
def login() -> Response:
    body = parse_body(schemas.LoginBody, current_request())
    user, issued, tenant = service.login(
        body.email, body.password, remember=body.remember, client_ip=client_ip()
    )
    pending = not issued.session.two_factor_passed
    view = service.user_view(user, issued.session, tenant)
    return _with_session({"user": view, "two_factor": pending}, issued)


@bp.route("/logout", methods=["POST"])
@signed_in(allow_pending_two_factor=True)
def logout() -> Response:
    service.logout(principal())
    return json_response(None, 204, {"Set-Cookie": sessions.clear_cookie_headers()})


@bp.route("/user", methods=["GET"])
@signed_in(allow_pending_two_factor=True)
def current_user() -> Response:
    who = principal()
    return json_response(service.user_view(who.user, who.session))


@bp.route("/password/email", methods=["POST"])
@public
def password_email() -> Response:
    body = parse_body(schemas.EmailBody, current_request())
    return json_response({"message": service.request_password_reset(body.email)})


@bp.route("/password/reset", methods=["POST"])
@public
def password_reset() -> Response:
    body = parse_body(schemas.ResetBody, current_request())
    message = service.reset_password(body.token, body.email, body.password, body.password_confirmation)
    return json_response({"message": message})


@bp.route("/email/verify/{user_id}", methods=["POST"])
@public
def email_verify(user_id: str) -> Response:
    body = parse_body(schemas.TokenBody, current_request())
    return json_response({"message": service.verify_email(user_id, body.token)})


@bp.route("/email/resend", methods=["POST"])
@signed_in
def email_resend() -> Response:
    return json_response({"message": service.resend_verification(principal().user)})


@bp.route("/2fa", methods=["GET"])
@requires(TWO_FACTOR)
def two_factor_state() -> Response:
    return json_response(two_factor.state(principal().user))


@bp.route("/2fa/generate", methods=["POST"])
@requires(TWO_FACTOR)
def two_factor_generate() -> Response:
    return json_response(two_factor.generate(principal().user))


@bp.route("/2fa/reset", methods=["POST"])
@requires(TWO_FACTOR)
def two_factor_reset() -> Response:
    return json_response(two_factor.reset(principal().user))


@bp.route("/2fa/enable", methods=["POST"])
@requires(TWO_FACTOR)
def two_factor_enable() -> Response:
    body = parse_body(schemas.CodeBody, current_request())
    return json_response(two_factor.enable(principal().user, body.code))


@bp.route("/2fa/regenerate", methods=["POST"])
@requires(TWO_FACTOR)
def two_factor_regenerate() -> Response:
    return json_response(two_factor.regenerate(principal().user))


@bp.route("/2fa/disable", methods=["POST"])
@requires(TWO_FACTOR)
def two_factor_disable() -> Response:
    body = parse_body(schemas.PasswordBody, current_request())
    return json_response(two_factor.disable(principal().user, body.password))


@bp.route("/2fa/verify", methods=["POST"])
@signed_in(allow_pending_two_factor=True)
def two_factor_verify() -> Response:
    body = parse_body(schemas.VerifyBody, current_request())
    who = principal()
    two_factor.verify(who, code=body.code, recovery_code=body.recovery_code)
    return json_response({"user": service.user_view(who.user, who.session)})
