"""DynamoDB requests answered by moto's handler without its Flask app (ADR 0006, ninth addendum).

moto's server hands every request to a Flask app per service: a request context and an app
context pushed and popped, the URL matched against the app's one rule, flask_cors's wrappers and
its after-request hook (option merging, origin matching), signals, session handling. For a
DynamoDB request all of that ends in one call, `DynamoHandler.dispatch(request, raw_url,
headers)`, whose answer `convert_to_flask_response` turns into a Flask `Response`, to which
flask_cors adds `Access-Control-Allow-Origin: *` (moto enables CORS for every origin; a request
without an `Origin` header gets just that header). In the moto child of an import that wrapping
was about 30 % of moto's CPU.

Here `DomainDispatcherApplication.__call__` still picks the app exactly as moto does
(`get_application`: the signed service, the target's API version, /moto-api); when that is the
DynamoDB app and the request is an ordinary SDK call (POST to `/`, no `Origin` or CORS preflight
headers, moto's global CORS not disabled), it makes moto's own request object from the WSGI
environ, records it as moto's recorder would, calls the same `dispatch`, and builds the same
`Response` with the same CORS header: errors (`ClientError` → 400 with its message, a werkzeug
`HTTPException` → its own response, anything else → raised to the server as Flask's debug mode
raises it), the CRC32 header and the status header of moto's error answers included. Everything
else, including every other service, goes to moto's app. The one-request-at-a-time lock is in
`DynamoHandler.call_action` (`moto_speedups`), which `dispatch` calls, so it still holds, for
`make run` (moto in a thread of the app's process) and for the benches' moto child alike.
Every answer of moto's (every service) carries a request id of 52 letters and digits drawn by
`random.choice` one at a time from moto's seedable generator: ~8 % of a PutItem's time in moto.
It is drawn by one `choices` call from the same generator, the same alphabet and length (a
seeded moto still repeats its ids, though not the same ones as moto's own draw).
tests/unit/test_moto_direct.py sends the same requests (every item operation, table operations,
moto's error answers, malformed bodies, unknown operations) through moto's app and through this
path and requires identical statuses, headers and bodies.
"""

from __future__ import annotations

import functools
import string
from typing import Any

from botocore.exceptions import ClientError
from flask import Response
from moto.core import responses as moto_responses
from moto.core.request import Request
from moto.dynamodb.responses import DynamoHandler
from moto.moto_api import recorder
from moto.moto_api._internal import mock_random
from moto.moto_server import werkzeug_app
from moto.moto_server.werkzeug_app import DomainDispatcherApplication
from werkzeug.exceptions import HTTPException

_applied = False
_enabled = True
REQUEST_ID_LENGTH = 52  # moto's `gen_amzn_requestid_long`
REQUEST_ID_LETTERS = string.ascii_letters + string.digits  # moto's `get_random_string` pool
_CORS_REQUEST_HEADERS = (
    "HTTP_ORIGIN",
    "HTTP_ACCESS_CONTROL_REQUEST_METHOD",
    "HTTP_ACCESS_CONTROL_REQUEST_HEADERS",
)


class DirectRequest(Request):
    """moto's request, as its server's `BackendRequest` is, without Flask's request class (which
    only adds properties reading Flask's app context)."""

    from_wsgi_server = True


def _direct(environ: dict[str, Any]) -> bool:
    """An ordinary SDK call: what Flask's one DynamoDB route and flask_cors treat plainly."""
    if environ.get("REQUEST_METHOD") != "POST" or environ.get("PATH_INFO") != "/":
        return False
    if werkzeug_app.DISABLE_GLOBAL_CORS:
        return False
    return not any(name in environ for name in _CORS_REQUEST_HEADERS)


def answer(environ: dict[str, Any], start_response: Any) -> Any:
    """What moto's DynamoDB app answers to this request, without Flask."""
    request = DirectRequest(environ)
    result: Any
    try:
        recorder._record_request(request)  # noqa: SLF001 (moto's own view does this first)
        result = DynamoHandler.dispatch(request, request.raw_url, dict(request.headers))
    except ClientError as error:
        result = 400, {}, error.response["Error"]["Message"]
    except HTTPException as error:
        result = error
    if isinstance(result, HTTPException):  # Flask answers a werkzeug HTTP error with its own response
        response = Response.force_type(result, environ)
    else:
        status, headers, content = result if len(result) == 3 else (200, {}, result)
        response = Response(response=content, status=status, headers=headers)
    if "Access-Control-Allow-Origin" not in response.headers:  # flask_cors leaves a set one alone
        response.headers["Access-Control-Allow-Origin"] = "*"
    return response(environ, start_response)


def request_id(headers: dict[str, Any] | None = None) -> str:
    """moto's `gen_amzn_requestid_long`: a request id, set as `x-amzn-requestid` in `headers`."""
    if not _enabled:
        return str(_originals["request_id"](headers))
    drawn = "".join(mock_random.choices(REQUEST_ID_LETTERS, k=REQUEST_ID_LENGTH))
    if headers is not None and isinstance(headers, dict):
        headers["x-amzn-requestid"] = drawn
    return drawn


_originals: dict[str, Any] = {}


def enabled(on: bool) -> None:
    """Switch the direct path on or off (the equivalence tests compare both)."""
    global _enabled
    _enabled = on


def install() -> None:
    """Wrap moto's server application (once, from `moto_speedups.apply`)."""
    global _applied
    if _applied:
        return
    original = DomainDispatcherApplication.__call__

    @functools.wraps(original)
    def dispatch(self: DomainDispatcherApplication, environ: dict[str, Any], start_response: Any) -> Any:
        app = self.get_application(environ)
        if _enabled and getattr(app, "service", None) == "dynamodb" and _direct(environ):
            return answer(environ, start_response)
        return app(environ, start_response)

    DomainDispatcherApplication.__call__ = dispatch  # type: ignore[method-assign]
    _originals["request_id"] = moto_responses.gen_amzn_requestid_long
    moto_responses.gen_amzn_requestid_long = request_id  # type: ignore[assignment]  # _enrich_response's
    _applied = True
