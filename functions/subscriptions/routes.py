"""API routes of the subscriptions area (docs/api.md "Subscriptions"): recurring gifts made on
the donation page, their month's summary, one subscription, and the staff actions (gateway
first)."""

from __future__ import annotations

from chalice import Blueprint, Response

from functions.core.access import current_request, principal, requires
from functions.core.deferred import deferred_imports
from functions.core.errors import json_response
from functions.core.validation import parse_body, parse_query

with deferred_imports():
    from functions.subscriptions import schemas, service

bp = Blueprint(__name__)
MANAGE = "manage-subscriptions"


@bp.route("/subscriptions", methods=["GET"])
@requires(MANAGE)
def listing() -> Response:
    query = parse_query(schemas.SubscriptionListQuery, current_request())
    return json_response(service.listing(principal(), query))


@bp.route("/subscriptions/summary", methods=["GET"])
@requires(MANAGE)
def summary() -> Response:
    return json_response(service.summary(principal()))


@bp.route("/subscriptions/{subscription_id}", methods=["GET"])
@requires(MANAGE)
def show(subscription_id: str) -> Response:
    return json_response(service.show(principal(), subscription_id))


@bp.route("/subscriptions/{subscription_id}/pause", methods=["POST"])
@requires(MANAGE)
def pause(subscription_id: str) -> Response:
    body = parse_body(schemas.SubscriptionPauseBody, current_request())
    return json_response(service.pause(principal(), subscription_id, body))


@bp.route("/subscriptions/{subscription_id}/resume", methods=["POST"])
@requires(MANAGE)
def resume(subscription_id: str) -> Response:
    body = parse_body(schemas.SubscriptionVersionBody, current_request())
    return json_response(service.resume(principal(), subscription_id, body))


@bp.route("/subscriptions/{subscription_id}/amount", methods=["POST"])
@requires(MANAGE)
def change_amount(subscription_id: str) -> Response:
    body = parse_body(schemas.SubscriptionAmountBody, current_request())
    return json_response(service.change_amount(principal(), subscription_id, body))


@bp.route("/subscriptions/{subscription_id}/charge-date", methods=["POST"])
@requires(MANAGE)
def change_charge_date(subscription_id: str) -> Response:
    body = parse_body(schemas.SubscriptionChargeDateBody, current_request())
    return json_response(service.change_charge_date(principal(), subscription_id, body))


@bp.route("/subscriptions/{subscription_id}/cancel", methods=["POST"])
@requires(MANAGE)
def cancel(subscription_id: str) -> Response:
    body = parse_body(schemas.SubscriptionCancelBody, current_request())
    return json_response(service.cancel(principal(), subscription_id, body))
