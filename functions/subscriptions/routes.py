"""API routes of the subscriptions area (docs/api.md "Subscriptions"): recurring gifts made on
the donation page, their month's summary, one subscription, and the staff actions (gateway
first)."""

from __future__ import annotations

from chalice import Blueprint, Response

from functions.core.access import client_ip, current_request, principal, public, requires
from functions.core.deferred import deferred_imports
from functions.core.errors import json_response
from functions.core.validation import parse_body, parse_query

with deferred_imports():
    from functions.core.pagination import ListQuery
    from functions.subscriptions import list_queries, service
with deferred_imports():  # pydantic: the request bodies, and the donors' self-service that reads them
    from functions.subscriptions import emails, reconcile, schemas, selfservice

bp = Blueprint(__name__)
MANAGE = "manage-subscriptions"


@bp.route("/subscriptions", methods=["GET"])
@requires(MANAGE)
def listing() -> Response:
    query = parse_query(list_queries.SubscriptionListQuery, current_request())
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


# ------------------------------------------------------------------ self-service, failure emails (issue 17)
@bp.route("/subscriptions/settings", methods=["GET"])
@requires(MANAGE)
def settings() -> Response:
    return json_response(emails.settings_view(emails.settings_of(principal().tenant_id)))


@bp.route("/subscriptions/settings", methods=["PUT"])
@requires(MANAGE)
def update_settings() -> Response:
    body = parse_body(schemas.SubscriptionSettingsBody, current_request())
    return json_response(emails.save_settings(principal().tenant_id, body.failure_emails, body.version))


@bp.route("/subscriptions/{subscription_id}/manage-link", methods=["POST"])
@requires(MANAGE)
def manage_link(subscription_id: str) -> Response:
    body = parse_body(schemas.ManageLinkBody, current_request())
    return json_response(selfservice.staff_link(principal(), subscription_id, body), 201)


@bp.route("/give/manage", methods=["GET"])
@public
def donor_view() -> Response:
    selfservice.throttle_request(client_ip())
    query = parse_query(schemas.ManageTokenQuery, current_request())
    return json_response(selfservice.show(query.token))


@bp.route("/give/manage/{action}", methods=["POST"])
@public
def donor_action(action: str) -> Response:
    selfservice.throttle_request(client_ip())
    query = parse_query(schemas.ManageTokenQuery, current_request())
    body = parse_body(schemas.DonorActionBody, current_request())
    return json_response(selfservice.act(query.token, action, body))


# ------------------------------------------------------------------ reconciliation (issue 17)
@bp.route("/subscriptions/reconcile", methods=["POST"])
@requires(MANAGE)
def reconcile_now() -> Response:
    return json_response(reconcile.request(principal()), 202)


@bp.route("/subscriptions/attention", methods=["GET"])
@requires(MANAGE)
def attention() -> Response:
    query = parse_query(ListQuery, current_request())
    return json_response(reconcile.listing(principal(), query))


@bp.route("/subscriptions/attention/{item_id}/apply", methods=["POST"])
@requires(MANAGE)
def attention_apply(item_id: str) -> Response:
    return json_response(reconcile.apply(principal(), item_id))


@bp.route("/subscriptions/attention/{item_id}/dismiss", methods=["POST"])
@requires(MANAGE)
def attention_dismiss(item_id: str) -> Response:
    return json_response(reconcile.dismiss(principal(), item_id))
