"""API routes of the dev area (local stage only)."""

from chalice import Blueprint

from functions.core.access import public
from functions.core.deferred import deferred_imports
from functions.core.errors import json_response

with deferred_imports():
    from functions.dev import service

bp = Blueprint(__name__)


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
