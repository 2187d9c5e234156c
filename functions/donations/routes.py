"""API routes of the donations area (docs/api.md "Donors and donations"): donations, quick
donations, a donor's donations, donation types and locations."""

from __future__ import annotations

from chalice import Blueprint, Response

from functions.core.access import current_request, principal, requires
from functions.core.deferred import deferred_imports
from functions.core.errors import json_response
from functions.core.validation import parse_body, parse_query
from functions.donations import catalog  # its catalogues name routes at import

with deferred_imports():  # the list (the area's first request) needs only these
    from functions.donations import list_queries
    from functions.donations import listing as the_list
with deferred_imports():  # the write path (Gift Aid, funds, declarations)
    from functions.donations import service
with deferred_imports():
    from functions.donations import bulk, quick
with deferred_imports():  # pydantic: only a request with a body needs it (ADR 0011)
    from functions.donations import schemas

bp = Blueprint(__name__)
MANAGE = "manage-donations"
MANAGE_TYPES = "manage-donation-types"


@bp.route("/donations", methods=["GET"])
@requires(MANAGE)
def listing() -> Response:
    return json_response(
        the_list.listing(principal(), parse_query(list_queries.DonationListQuery, current_request()))
    )


@bp.route("/donations", methods=["POST"])
@requires(MANAGE)
def create() -> Response:
    return json_response(
        service.create(principal(), parse_body(schemas.DonationBody, current_request())), 201
    )


@bp.route("/donations/totals", methods=["GET"])
@requires(MANAGE)
def totals() -> Response:
    query = parse_query(list_queries.DonationListQuery, current_request())
    return json_response(the_list.totals(principal(), query.filter_values(), query.search))


@bp.route("/donations/bulk-delete", methods=["POST"])
@requires(MANAGE)
def bulk_delete() -> Response:
    body = parse_body(schemas.BulkDeleteBody, current_request())
    return json_response(bulk.remove_many(principal(), body.ids))


@bp.route("/donations/gift-aid/bulk-exclude", methods=["POST"])
@requires(MANAGE)
def bulk_exclude_gift_aid() -> Response:
    body = parse_body(schemas.BulkExcludeBody, current_request())
    return json_response(bulk.exclude_many(principal(), body.ids, body.reason))


@bp.route("/donations/gift-aid/bulk-include", methods=["POST"])
@requires(MANAGE)
def bulk_include_gift_aid() -> Response:
    body = parse_body(schemas.BulkIncludeBody, current_request())
    return json_response(bulk.include_many(principal(), body.ids))


@bp.route("/donations/quick", methods=["POST"])
@requires(MANAGE)
def quick_donations() -> Response:
    body = parse_body(schemas.QuickBody, current_request())
    return json_response(quick.save(principal(), body.rows), 201)


@bp.route("/donations/{donation_id}", methods=["GET"])
@requires(MANAGE)
def show(donation_id: str) -> Response:
    return json_response(service.show(principal(), donation_id))


@bp.route("/donations/{donation_id}", methods=["PUT"])
@requires(MANAGE)
def update(donation_id: str) -> Response:
    body = parse_body(schemas.DonationUpdateBody, current_request())
    return json_response(service.update(principal(), donation_id, body))


@bp.route("/donations/{donation_id}", methods=["DELETE"])
@requires(MANAGE)
def delete(donation_id: str) -> Response:
    return json_response(service.remove(principal(), donation_id))


@bp.route("/donations/{donation_id}/gift-aid/exclude", methods=["POST"])
@requires(MANAGE)
def exclude_gift_aid(donation_id: str) -> Response:
    body = parse_body(schemas.ExcludeBody, current_request())
    return json_response(service.exclude(principal(), donation_id, body.reason.strip()))


@bp.route("/donations/{donation_id}/gift-aid/include", methods=["POST"])
@requires(MANAGE)
def include_gift_aid(donation_id: str) -> Response:
    return json_response(service.include(principal(), donation_id))


@bp.route("/donors/{donor_id}/donations", methods=["GET"])
@requires(MANAGE)
def donor_donations(donor_id: str) -> Response:
    query = parse_query(list_queries.DonationListQuery, current_request())
    return json_response(the_list.listing(principal(), query, donor_id=donor_id))


# ------------------------------------------------------------------ donation types and locations
def _catalog_routes(path: str, which: catalog.Catalog) -> None:
    """The same five routes for donation types and for locations."""

    @bp.route(path, methods=["GET"], name=f"{which.kind}_list")
    @requires(MANAGE_TYPES)
    def list_items() -> Response:
        return json_response(catalog.listing(which, principal()))

    @bp.route(path, methods=["POST"], name=f"{which.kind}_create")
    @requires(MANAGE_TYPES)
    def create_item() -> Response:
        body = parse_body(schemas.CatalogBody, current_request())
        return json_response(catalog.create(which, principal(), body), 201)

    @bp.route(path + "/{item_id}", methods=["GET"], name=f"{which.kind}_show")
    @requires(MANAGE_TYPES)
    def show_item(item_id: str) -> Response:
        return json_response(catalog.show(which, principal(), item_id))

    @bp.route(path + "/{item_id}", methods=["PUT"], name=f"{which.kind}_update")
    @requires(MANAGE_TYPES)
    def update_item(item_id: str) -> Response:
        body = parse_body(schemas.CatalogUpdateBody, current_request())
        return json_response(catalog.update(which, principal(), item_id, body))

    @bp.route(path + "/{item_id}", methods=["DELETE"], name=f"{which.kind}_delete")
    @requires(MANAGE_TYPES)
    def delete_item(item_id: str) -> Response:
        return json_response(catalog.remove(which, principal(), item_id))


_catalog_routes("/donation-types", catalog.TYPES)
_catalog_routes("/locations", catalog.LOCATIONS)
