"""API routes of Gift Aid declarations (docs/api.md "Gift Aid: declarations and eligibility"):
parse, authorise, call the service, shape the response."""

from __future__ import annotations

from chalice import Blueprint, Response

from functions.core.access import current_request, principal, requires
from functions.core.deferred import deferred_imports
from functions.core.errors import json_response
from functions.core.validation import parse_body

with deferred_imports():
    from functions.declarations import service
with deferred_imports():  # pydantic: only a request with a body needs it (ADR 0011)
    from functions.declarations import schemas

bp = Blueprint(__name__)
MANAGE = "manage-donors"


@bp.route("/donors/{donor_id}/declarations", methods=["GET"])
@requires(MANAGE)
def listing(donor_id: str) -> Response:
    return json_response(service.listing(principal(), donor_id))


@bp.route("/donors/{donor_id}/declarations", methods=["POST"])
@requires(MANAGE)
def create(donor_id: str) -> Response:
    body = parse_body(schemas.DeclarationBody, current_request())
    return json_response(service.create(principal(), donor_id, body), 201)


@bp.route("/donors/{donor_id}/declarations/evidence", methods=["POST"])
@requires(MANAGE)
def evidence(donor_id: str) -> Response:
    body = parse_body(schemas.EvidenceBody, current_request())
    return json_response(service.evidence_upload(principal(), donor_id, body), 201)


@bp.route("/donors/{donor_id}/declarations/{declaration_id}/cancel", methods=["POST"])
@requires(MANAGE)
def cancel(donor_id: str, declaration_id: str) -> Response:
    body = parse_body(schemas.CancelBody, current_request())
    return json_response(service.cancel(principal(), donor_id, declaration_id, body))


@bp.route("/donors/{donor_id}/declarations/{declaration_id}/confirmation", methods=["POST"])
@requires(MANAGE)
def confirmation(donor_id: str, declaration_id: str) -> Response:
    body = parse_body(schemas.ConfirmationBody, current_request())
    return json_response(service.confirm(principal(), donor_id, declaration_id, body))


@bp.route("/donors/{donor_id}/declarations/{declaration_id}/evidence", methods=["GET"])
@requires(MANAGE)
def evidence_download(donor_id: str, declaration_id: str) -> Response:
    return json_response(service.evidence_download(principal(), donor_id, declaration_id))
