"""Support Centre (spec §7 feedback calls): tickets from any signed-in user; the rest for
platform administrators with manage-feedbacks."""

from __future__ import annotations

from chalice import Blueprint, Response

from functions.core.access import current_request, principal, requires, signed_in
from functions.core.deferred import deferred_imports
from functions.core.errors import json_response
from functions.core.messages import t
from functions.core.validation import parse_body, parse_query

with deferred_imports():
    from functions.auth import repository as identities
    from functions.core.pagination import ListQuery
    from functions.feedbacks import repository, service
with deferred_imports():  # pydantic: only a request with a body needs it (ADR 0011)
    from functions.feedbacks import schemas

bp = Blueprint(__name__)
MANAGE = "manage-feedbacks"


@bp.route("/feedbacks/store", methods=["POST"])
@signed_in
def store() -> Response:
    body = parse_body(schemas.TicketBody, current_request())
    who = principal()
    tenant = identities.get_tenant(who.tenant_id)
    ticket, created = service.store(
        who,
        title=body.title,
        ticket_type=body.type,
        description=body.description,
        tenant_name=tenant.name if tenant else "",
        feedback_id=body.id,
    )
    return json_response({"message": t("feedbacks.saved"), "data": ticket}, 201 if created else 200)


@bp.route("/feedbacks", methods=["GET"])
@requires(MANAGE)
def listing() -> Response:
    return json_response(service.listing(parse_query(ListQuery, current_request())))


@bp.route("/feedbacks/stats", methods=["GET"])
@requires(MANAGE)
def stats() -> Response:
    return json_response(repository.counts())


@bp.route("/feedbacks/count", methods=["GET"])
@requires(MANAGE)
def count() -> Response:
    return json_response(repository.counts()["open"])


@bp.route("/feedbacks/status", methods=["POST"])
@requires(MANAGE)
def status() -> Response:
    body = parse_body(schemas.StatusBody, current_request())
    return json_response(service.set_status(principal(), body.id, body.status))


@bp.route("/feedbacks/{feedback_id}", methods=["GET"])
@requires(MANAGE)
def show(feedback_id: str) -> Response:
    return json_response({"data": service.view(repository.get(feedback_id))})


@bp.route("/feedbacks/{feedback_id}/delete", methods=["DELETE"])
@requires(MANAGE)
def delete(feedback_id: str) -> Response:
    return json_response(service.remove(principal(), feedback_id))
