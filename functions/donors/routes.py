"""API routes of the donors area (docs/api.md "Donors and donations"): parse, authorise, call the
service, shape the response."""

from __future__ import annotations

from chalice import Blueprint, Response

from functions.core.access import current_request, principal, requires
from functions.core.deferred import deferred_imports
from functions.core.errors import json_response
from functions.core.validation import parse_body, parse_query

with deferred_imports():  # the list (the area's first request) needs only these
    from functions.donors import list_queries, service
with deferred_imports():
    from functions.donors import address_lookup, merge
with deferred_imports():  # pydantic: a request with a body or a query of its own (ADR 0011)
    from functions.donors import schemas

bp = Blueprint(__name__)
MANAGE = "manage-donors"


@bp.route("/donors", methods=["GET"])
@requires(MANAGE)
def listing() -> Response:
    query = parse_query(list_queries.DonorListQuery, current_request())
    return json_response(service.listing(principal(), query))


@bp.route("/donors", methods=["POST"])
@requires(MANAGE)
def create() -> Response:
    body = parse_body(schemas.DonorBody, current_request())
    return json_response(service.create(principal(), body), 201)


@bp.route("/address-lookup", methods=["GET"])
@requires(MANAGE)
def lookup_address() -> Response:
    query = parse_query(schemas.AddressLookupQuery, current_request())
    return json_response(address_lookup.lookup(principal(), query.postcode))


@bp.route("/donors/duplicates", methods=["GET"])
@requires(MANAGE)
def duplicates() -> Response:
    return json_response(merge.duplicates(principal()))


@bp.route("/donors/merge", methods=["POST"])
@requires(MANAGE)
def merge_donors() -> Response:
    body = parse_body(schemas.MergeBody, current_request())
    return json_response(merge.merge(principal(), body), 201)


@bp.route("/donors/merges", methods=["GET"])
@requires(MANAGE)
def merges() -> Response:
    return json_response(merge.listing(principal()))


@bp.route("/donors/merges/{merge_id}/undo", methods=["POST"])
@requires(MANAGE)
def undo_merge(merge_id: str) -> Response:
    return json_response(merge.undo(principal(), merge_id))


@bp.route("/donors/{donor_id}", methods=["GET"])
@requires(MANAGE)
def show(donor_id: str) -> Response:
    return json_response(service.show(principal(), donor_id))


@bp.route("/donors/{donor_id}", methods=["PUT"])
@requires(MANAGE)
def update(donor_id: str) -> Response:
    body = parse_body(schemas.DonorUpdateBody, current_request())
    return json_response(service.update(principal(), donor_id, body))


@bp.route("/donors/{donor_id}", methods=["DELETE"])
@requires(MANAGE)
def delete(donor_id: str) -> Response:
    return json_response(service.remove(principal(), donor_id))
