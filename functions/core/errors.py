"""Domain errors and their one mapping to HTTP (spec §8 shape: {message, errors})."""

from __future__ import annotations

import json
from typing import Any

from chalice import Response

from functions.core.messages import CATALOG, t

CATALOG.update(
    {
        "method_not_allowed": {
            "en": "This address does not accept {method} requests.",
            "es": "Esta dirección no admite solicitudes {method}.",
        },
        "unsupported_media_type": {
            "en": "Send the request body as JSON (Content-Type: application/json).",
            "es": "Envíe el cuerpo de la solicitud como JSON (Content-Type: application/json).",
        },
    }
)


class AlmonerError(Exception):
    status = 500
    message_key = "server_error"

    def __init__(
        self,
        message_key: str | None = None,
        *,
        errors: dict[str, list[str]] | None = None,
        headers: dict[str, str] | None = None,
        **params: Any,
    ) -> None:
        self.message_key = message_key or self.message_key
        self.params = params
        self.errors = errors
        self.headers = headers or {}
        super().__init__(self.message_key)

    @property
    def message(self) -> str:
        return t(self.message_key, **self.params)


class BadRequest(AlmonerError):
    status = 400
    message_key = "invalid_json"


class Unauthenticated(AlmonerError):
    status = 401
    message_key = "unauthenticated"


class Forbidden(AlmonerError):
    status = 403
    message_key = "forbidden"


class NotFound(AlmonerError):
    status = 404
    message_key = "not_found"


class MethodNotAllowed(AlmonerError):
    status = 405
    message_key = "method_not_allowed"


class UnsupportedMediaType(AlmonerError):
    status = 415
    message_key = "unsupported_media_type"


class Conflict(AlmonerError):
    status = 409
    message_key = "conflict"


class CsrfMismatch(AlmonerError):
    """The XSRF header does not match the session (an old tab, or a forged request)."""

    status = 419
    message_key = "csrf_mismatch"


class PayloadTooLarge(AlmonerError):
    status = 413
    message_key = "body_too_large"


class Invalid(AlmonerError):
    """422 with per-field messages."""

    status = 422
    message_key = "invalid_data"

    @classmethod
    def field(cls, field: str, message_key: str, *, as_message: bool = False, **params: Any) -> Invalid:
        """One field's error; `as_message` also makes it the top-level message (e.g. sign-in)."""
        return cls(message_key if as_message else None, errors={field: [t(message_key, **params)]}, **params)


class TwoFactorRequired(AlmonerError):
    status = 423
    message_key = "two_factor_required"


class Throttled(AlmonerError):
    status = 429
    message_key = "throttled"

    def __init__(self, retry_after: int) -> None:
        super().__init__(headers={"Retry-After": str(retry_after)}, seconds=retry_after)


def json_response(body: Any, status: int = 200, headers: dict[str, Any] | None = None) -> Response:
    all_headers: dict[str, Any] = {"Content-Type": "application/json", "Cache-Control": "no-store"}
    all_headers.update(headers or {})
    payload = "" if body is None else json.dumps(body, default=str, ensure_ascii=False)
    return Response(body=payload, status_code=status, headers=all_headers)


def to_response(error: AlmonerError) -> Response:
    body: dict[str, Any] = {"message": error.message}
    if error.errors:
        body["errors"] = error.errors
    return json_response(body, error.status, error.headers)


# Chalice answers some requests itself, before any view runs, with a body of its own
# (`{"Code": ..., "Message": ...}`): a method the path does not serve, a Content-Type the route
# does not accept. They get the one shape here (application.py's middleware calls this).
_CHALICE_CODES: dict[str, type[AlmonerError]] = {
    "MethodNotAllowedError": MethodNotAllowed,
    "UnsupportedMediaType": UnsupportedMediaType,
    "BadRequestError": BadRequest,
    "BadRequest": BadRequest,
    "UnauthorizedError": Unauthenticated,
    "ForbiddenError": Forbidden,
    "NotFoundError": NotFound,
    "ConflictError": Conflict,
}


def from_chalice(response: Response, method: str) -> Response:
    """`response` itself, or, when it is one of Chalice's own error answers, the same status in
    the `{message, errors}` shape (keeping its headers, e.g. `Allow` on a 405)."""
    body = response.body
    if not (isinstance(body, dict) and set(body) == {"Code", "Message"}):
        return response
    headers = {k: v for k, v in (response.headers or {}).items() if k.lower() != "content-type"}
    kind = _CHALICE_CODES.get(str(body["Code"]))
    if kind is None:
        key = "server_error" if response.status_code >= 500 else "invalid_data"
        return json_response({"message": t(key)}, response.status_code, headers)
    error = kind(method=method)
    return json_response({"message": error.message}, response.status_code, headers)
