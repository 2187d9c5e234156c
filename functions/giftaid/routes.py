"""Gift Aid claims (docs/api.md "Gift Aid: claims"): settings, New Claim, claims and their files
and submissions, past claims. Creating and changing claims needs manage-unclaimed; past claims
manage-passed-claim; one claim, its files and its submissions are read with either (the Past
Claims detail page is a manage-passed-claim page, the New Claim flow a manage-unclaimed one)."""

from __future__ import annotations

from chalice import Blueprint, Response

from functions.core.access import current_request, principal, requires, requires_any
from functions.core.deferred import deferred_imports
from functions.core.errors import json_response
from functions.core.validation import parse_body, parse_query
from functions.giftaid import messages as _messages  # noqa: F401 (registers the messages)

with deferred_imports():  # Past Claims (the area's first request) needs only these
    from functions.core.pagination import ListQuery
    from functions.giftaid import list_queries, listing
with deferred_imports():
    from functions.giftaid import service
with deferred_imports():  # pydantic: only a request with a body needs it (ADR 0011)
    from functions.giftaid import schemas

bp = Blueprint(__name__)
UNCLAIMED = "manage-unclaimed"
PASSED = "manage-passed-claim"


@bp.route("/gift-aid/settings", methods=["GET"])
@requires(UNCLAIMED)
def settings_show() -> Response:
    return json_response(service.get_settings(principal()))


@bp.route("/gift-aid/settings", methods=["PUT"])
@requires(UNCLAIMED)
def settings_save() -> Response:
    body = parse_body(schemas.SettingsBody, current_request())
    return json_response(service.save_settings(principal(), body))


@bp.route("/gift-aid/claimable", methods=["GET"])
@requires(UNCLAIMED)
def claimable() -> Response:
    return json_response(service.claimable(principal(), parse_query(ListQuery, current_request())))


@bp.route("/gift-aid/claims", methods=["POST"])
@requires(UNCLAIMED)
def create_claim() -> Response:
    body = parse_body(schemas.NewClaimBody, current_request())
    return json_response(service.create_claim(principal(), body), 202)


@bp.route("/gift-aid/claims", methods=["GET"])
@requires(PASSED)
def claims() -> Response:
    query = parse_query(list_queries.ClaimsQuery, current_request())
    return json_response(listing.claims(principal(), query))


@bp.route("/gift-aid/claims/{claim_id}", methods=["GET"])
@requires_any(UNCLAIMED, PASSED)
def claim(claim_id: str) -> Response:
    query = parse_query(ListQuery, current_request())
    return json_response(service.claim_detail(principal(), claim_id, query))


@bp.route("/gift-aid/claims/{claim_id}/cancel", methods=["POST"])
@requires(UNCLAIMED)
def cancel(claim_id: str) -> Response:
    return json_response(service.cancel(principal(), claim_id))


@bp.route("/gift-aid/claims/{claim_id}/seal", methods=["POST"])
@requires(UNCLAIMED)
def seal(claim_id: str) -> Response:
    return json_response(service.seal(principal(), claim_id), 202)


@bp.route("/gift-aid/claims/{claim_id}/paid", methods=["POST"])
@requires(UNCLAIMED)
def mark_paid(claim_id: str) -> Response:
    body = parse_body(schemas.PaidBody, current_request())
    return json_response(service.mark_paid(principal(), claim_id, body), 202)


@bp.route("/gift-aid/claims/{claim_id}/files", methods=["GET"])
@requires_any(UNCLAIMED, PASSED)
def claim_files(claim_id: str) -> Response:
    return json_response(service.claim_files(principal(), claim_id))


@bp.route("/gift-aid/claims/{claim_id}/submit", methods=["POST"])
@requires(UNCLAIMED)
def submit(claim_id: str) -> Response:
    return json_response(service.submit(principal(), claim_id), 202)


@bp.route("/gift-aid/claims/{claim_id}/submissions", methods=["GET"])
@requires_any(UNCLAIMED, PASSED)
def submissions(claim_id: str) -> Response:
    return json_response(service.submissions(principal(), claim_id))


@bp.route("/gift-aid/reports/tax-years", methods=["GET"])
@requires(PASSED)
def tax_years() -> Response:
    return json_response(service.tax_years(principal()))


@bp.route("/gift-aid/claimed", methods=["GET"])
@requires(PASSED)
def claimed() -> Response:
    return json_response(service.claimed(principal(), parse_query(ListQuery, current_request())))
