"""API routes of the gateways area (docs/api.md "Payment gateways"): a charity connects its own
Stripe and PayPal accounts; keys are checked, sealed and never shown again."""

from __future__ import annotations

from chalice import Blueprint, Response

from functions.core.access import current_request, principal, requires
from functions.core.deferred import deferred_imports
from functions.core.errors import json_response
from functions.core.validation import parse_body

with deferred_imports():
    from functions.gateways import service
with deferred_imports():  # pydantic: only a request with a body needs it (ADR 0011)
    from functions.gateways import schemas

bp = Blueprint(__name__)
MANAGE = "manage-integrations"


@bp.route("/payment-gateways", methods=["GET"])
@requires(MANAGE)
def listing() -> Response:
    return json_response(service.listing(principal()))


@bp.route("/payment-gateways/stripe", methods=["PUT"])
@requires(MANAGE)
def connect_stripe() -> Response:
    return json_response(
        service.connect_stripe(principal(), parse_body(schemas.StripeBody, current_request()))
    )


@bp.route("/payment-gateways/paypal", methods=["PUT"])
@requires(MANAGE)
def connect_paypal() -> Response:
    return json_response(
        service.connect_paypal(principal(), parse_body(schemas.PayPalBody, current_request()))
    )


@bp.route("/payment-gateways/stripe/previous-secret", methods=["DELETE"])
@requires(MANAGE)
def end_rotation() -> Response:
    return json_response(service.end_rotation(principal()))


@bp.route("/payment-gateways/stripe", methods=["DELETE"])
@requires(MANAGE)
def disconnect_stripe() -> Response:
    return json_response(service.disconnect(principal(), "stripe"))


@bp.route("/payment-gateways/paypal", methods=["DELETE"])
@requires(MANAGE)
def disconnect_paypal() -> Response:
    return json_response(service.disconnect(principal(), "paypal"))
