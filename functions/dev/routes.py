"""API routes of the dev area: the local stage's outbox, and the API's OpenAPI document."""

from pathlib import Path

from chalice import Blueprint, Response

from functions.core.access import public
from functions.core.deferred import deferred_imports
from functions.core.errors import json_response

with deferred_imports():
    from functions.dev import service

bp = Blueprint(__name__)
# Generated from the route table and the request models by `python infra/openapi.py` (a contract
# test fails when it is out of date); shipped in the artifact with the code it describes.
OPENAPI_DOCUMENT = Path(__file__).with_name("openapi.json")


@bp.route("/dev/outbox", methods=["GET"])
@public
def outbox():  # type: ignore[no-untyped-def]
    """The emails sent by the local stack, newest first.

    Public on purpose: it is the page a newcomer opens to follow the verification and password
    reset links of an account they cannot sign in to yet. It exists only where
    `config.dev_outbox_enabled()` (the `local` stage, on one machine, with no real mailboxes);
    every other stage answers 404, and no email is copied to the outbox there in the first place.
    """
    return json_response({"data": service.outbox()})


@bp.route("/openapi.json", methods=["GET"])
@public
def openapi_document() -> Response:
    """The OpenAPI 3.1 document of the whole API, on every stage.

    Public on purpose: it describes routes, fields and permissions, never data, and the SPA's
    bundle already names every route; integrations and API tools read it before they hold a token.
    """
    return Response(
        body=OPENAPI_DOCUMENT.read_text(encoding="utf-8"),
        status_code=200,
        headers={"Content-Type": "application/json", "Cache-Control": "public, max-age=300"},
    )
