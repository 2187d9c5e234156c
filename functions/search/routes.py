"""API routes of the search area."""

from chalice import Blueprint

from functions.core.access import current_request, principal, signed_in
from functions.core.deferred import deferred_imports
from functions.core.errors import json_response
from functions.core.validation import parse_query

with deferred_imports():
    from functions.search import service
    from functions.search.list_queries import SearchQuery

bp = Blueprint(__name__)


@bp.route("/search", methods=["GET"])
@signed_in
def search():  # type: ignore[no-untyped-def]
    query = parse_query(SearchQuery, current_request())
    return json_response({"data": service.search(principal(), query.q)})
