"""API routes of the charities area (platform administrators only)."""

from chalice import Blueprint

from functions.core.access import admin_only, current_request, principal
from functions.core.deferred import deferred_imports
from functions.core.errors import json_response
from functions.core.validation import parse_body, parse_query

with deferred_imports():
    from functions.charities import overview, service
    from functions.charities.list_queries import CharityListQuery
with deferred_imports():  # pydantic: only a request with a body needs it (ADR 0011)
    from functions.charities.schemas import CharityUpdate

bp = Blueprint(__name__)


@bp.route("/charities", methods=["GET"])
@admin_only
def list_charities():  # type: ignore[no-untyped-def]
    query = parse_query(CharityListQuery, current_request())
    return json_response(service.list_charities(query))


@bp.route("/charities/overview", methods=["GET"])
@admin_only
def charities_overview():  # type: ignore[no-untyped-def]
    return json_response(overview.overview())


@bp.route("/charities/{charity_id}", methods=["GET"])
@admin_only
def get_charity(charity_id: str):  # type: ignore[no-untyped-def]
    return json_response(service.get_charity(principal(), charity_id))


@bp.route("/charities/{charity_id}", methods=["PUT"])
@admin_only
def update_charity(charity_id: str):  # type: ignore[no-untyped-def]
    changes = parse_body(CharityUpdate, current_request())
    return json_response(service.update_charity(principal(), charity_id, changes))
