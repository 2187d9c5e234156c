"""API routes of the webhooks area (ADR 0022): the providers' deliveries (public, raw body, the
only unauthenticated write routes besides sign-in and the public giving page) and the
webhook-calls screen (manage-integrations)."""

from __future__ import annotations

from chalice import Blueprint, Response

from functions.core.access import current_request, principal, public, requires
from functions.core.deferred import deferred_imports
from functions.core.errors import json_response
from functions.core.messages import t
from functions.core.validation import parse_body, parse_query, parse_raw_body
from functions.webhooks import messages as _messages  # noqa: F401 (registers the messages)

with deferred_imports():
    from functions.webhooks import ingest, list_queries, service
with deferred_imports():  # pydantic: only a request with a body needs it (ADR 0011)
    from functions.webhooks import schemas

bp = Blueprint(__name__)
MANAGE = "manage-integrations"


def _deliver(provider: str, tenant_id: str, raw: bytes) -> Response:
    from functions.core.observability import logger

    try:
        ingest.receive(provider, tenant_id, raw, current_request().headers or {})
    except ingest.Rejected as exc:
        logger.warning("webhook refused", extra={"provider": provider, "reason": str(exc)})
        return json_response({"message": t("webhooks.unverified")}, 400)
    return json_response({"received": True})


@bp.route("/webhooks/stripe/{tenant_id}", methods=["POST"])
@public
def stripe_delivery(tenant_id: str) -> Response:
    """A Stripe event for the charity `tenant_id` (200 once verified and stored, 400 otherwise)."""
    return _deliver("stripe", tenant_id, parse_raw_body(schemas.StripeEvent, current_request()))


@bp.route("/webhooks/paypal/{tenant_id}", methods=["POST"])
@public
def paypal_delivery(tenant_id: str) -> Response:
    """A PayPal event for the charity `tenant_id` (200 once verified and stored, 400 otherwise)."""
    return _deliver("paypal", tenant_id, parse_raw_body(schemas.PayPalEvent, current_request()))


@bp.route("/webhook-calls", methods=["GET"])
@requires(MANAGE)
def listing() -> Response:
    query = parse_query(list_queries.CallListQuery, current_request())
    return json_response(service.listing(principal(), query))


@bp.route("/webhook-calls/fetch-missed", methods=["POST"])
@requires(MANAGE)
def fetch_missed() -> Response:
    body = parse_body(schemas.FetchMissedBody, current_request())
    return json_response(service.fetch_missed(principal(), body.provider))


@bp.route("/webhook-calls/test-event", methods=["POST"])
@requires(MANAGE)
def test_event() -> Response:
    body = parse_body(schemas.TestEventBody, current_request())
    return json_response(service.test_event(principal(), body.provider))


@bp.route("/webhook-calls/{provider}/{event_id}", methods=["GET"])
@requires(MANAGE)
def detail(provider: str, event_id: str) -> Response:
    return json_response(service.detail(principal(), provider, event_id))


@bp.route("/webhook-calls/{provider}/{event_id}/replay", methods=["POST"])
@requires(MANAGE)
def replay(provider: str, event_id: str) -> Response:
    return json_response(service.replay(principal(), provider, event_id))
