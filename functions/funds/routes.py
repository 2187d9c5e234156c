"""API routes of the funds area (docs/api.md "Funds"): funds with their balances, a fund's
ledger, transfers between funds, and the fund picker of the donation forms."""

from __future__ import annotations

from chalice import Blueprint, Response

from functions.core.access import current_request, principal, requires
from functions.core.deferred import deferred_imports
from functions.core.errors import json_response
from functions.core.validation import parse_body, parse_query

with deferred_imports():  # the list of funds (the area's first request) and a fund's ledger
    from functions.funds import list_queries, service
with deferred_imports():
    from functions.funds import moves, statement
with deferred_imports():  # pydantic: only a request with a body or a statement query needs it (ADR 0011)
    from functions.funds import schemas

bp = Blueprint(__name__)
MANAGE = "manage-fund-distributions"
PICK = "manage-donations"  # the donation forms' fund picker


@bp.route("/funds", methods=["GET"])
@requires(MANAGE)
def listing() -> Response:
    query = parse_query(list_queries.FundListQuery, current_request())
    return json_response(service.listing(principal(), query))


@bp.route("/funds", methods=["POST"])
@requires(MANAGE)
def create() -> Response:
    return json_response(service.create(principal(), parse_body(schemas.FundBody, current_request())), 201)


@bp.route("/funds/options", methods=["GET"])
@requires(PICK)
def options() -> Response:
    return json_response(service.options(principal()))


@bp.route("/funds/transfers", methods=["POST"])
@requires(MANAGE)
def transfer() -> Response:
    body = parse_body(schemas.TransferBody, current_request())
    return json_response(service.transfer(principal(), body), 201)


@bp.route("/funds/moves", methods=["POST"])
@requires(MANAGE)
def move_donation() -> Response:
    body = parse_body(schemas.MoveBody, current_request())
    return json_response(moves.move(principal(), body), 201)


@bp.route("/funds/evidence", methods=["POST"])
@requires(MANAGE)
def evidence_upload() -> Response:
    body = parse_body(schemas.EvidenceBody, current_request())
    return json_response(service.evidence_upload(principal(), body), 201)


@bp.route("/funds/{fund_id}", methods=["GET"])
@requires(MANAGE)
def show(fund_id: str) -> Response:
    return json_response(service.show(principal(), fund_id))


@bp.route("/funds/{fund_id}", methods=["PUT"])
@requires(MANAGE)
def update(fund_id: str) -> Response:
    body = parse_body(schemas.FundUpdateBody, current_request())
    return json_response(service.update(principal(), fund_id, body))


@bp.route("/funds/{fund_id}", methods=["DELETE"])
@requires(MANAGE)
def delete(fund_id: str) -> Response:
    return json_response(service.remove(principal(), fund_id))


@bp.route("/funds/{fund_id}/archive", methods=["POST"])
@requires(MANAGE)
def archive(fund_id: str) -> Response:
    return json_response(service.archive(principal(), fund_id))


@bp.route("/funds/{fund_id}/restore", methods=["POST"])
@requires(MANAGE)
def restore(fund_id: str) -> Response:
    return json_response(service.restore(principal(), fund_id))


@bp.route("/funds/{fund_id}/ledger", methods=["GET"])
@requires(MANAGE)
def ledger(fund_id: str) -> Response:
    query = parse_query(list_queries.LedgerQuery, current_request())
    return json_response(service.ledger_listing(principal(), fund_id, query))


@bp.route("/funds/statement", methods=["GET"])
@requires(MANAGE)
def statement_of_funds() -> Response:
    query = parse_query(schemas.StatementQuery, current_request())
    return json_response(statement.show(principal(), query))


@bp.route("/funds/statement.csv", methods=["GET"])
@requires(MANAGE)
def statement_csv() -> Response:
    query = parse_query(schemas.StatementQuery, current_request())
    return _csv(query)


def _csv(query: schemas.StatementQuery) -> Response:
    """The CSV as text (text/csv; the screen saves it as a Blob; a direct link downloads it)."""
    name, text = statement.csv_text(principal(), query)
    return Response(
        body=text,
        status_code=200,
        headers={
            "Content-Type": "text/csv; charset=utf-8",
            "Content-Disposition": f'attachment; filename="{name}"',
            "Cache-Control": "no-store",
        },
    )
