"""API routes of the giving area (docs/api.md "Online giving"): the charity's donation page
settings, and the public page itself — what it offers, starting a gift, the thank-you poll."""

from __future__ import annotations

from chalice import Blueprint, Response

from functions.core.access import client_ip, current_request, principal, public, requires
from functions.core.deferred import deferred_imports
from functions.core.errors import json_response
from functions.core.validation import parse_body, parse_query

with deferred_imports():
    from functions.giving import service
with deferred_imports():  # pydantic: only a request with a body or a token needs it (ADR 0011)
    from functions.giving import schemas

bp = Blueprint(__name__)
MANAGE = "manage-integrations"


@bp.route("/giving-page", methods=["GET"])
@requires(MANAGE)
def show_page() -> Response:
    return json_response(service.show_page(principal()))


@bp.route("/giving-page", methods=["PUT"])
@requires(MANAGE)
def update_page() -> Response:
    return json_response(service.update_page(principal(), parse_body(schemas.PageBody, current_request())))


@bp.route("/give/{slug}", methods=["GET"])
@public
def public_page(slug: str) -> Response:
    return json_response(service.public_page(slug))


@bp.route("/give/{slug}/checkout", methods=["POST"])
@public
def checkout(slug: str) -> Response:
    ip = client_ip()
    service.throttle_attempt(slug[:60], ip)
    # A bot filled the hidden `website` field: answered generically before any validation.
    honeypot = parse_body(schemas.Honeypot, current_request())
    if service.honeypot_filled(honeypot.website):
        raise service.honeypot_rejected()
    body = parse_body(schemas.CheckoutBody, current_request())
    return json_response(service.checkout(slug, body, ip), 201)


@bp.route("/give/{slug}/intents/{intent_id}", methods=["GET"])
@public
def poll(slug: str, intent_id: str) -> Response:
    query = parse_query(schemas.TokenQuery, current_request())
    return json_response(service.poll(slug, intent_id, query.token))


@bp.route("/give/{slug}/intents/{intent_id}/capture", methods=["POST"])
@public
def capture(slug: str, intent_id: str) -> Response:
    query = parse_query(schemas.TokenQuery, current_request())
    return json_response(service.capture(slug, intent_id, query.token))
