"""API routes of the billing area (docs/api.md "Website Integration and Payments", ADR 0022): the
charity's connected gateway accounts as its website sees them, and the gateway payments with
their fees and payouts for bank reconciliation (list and CSV)."""

from __future__ import annotations

from chalice import Blueprint, Response

from functions.core.access import current_request, principal, requires
from functions.core.deferred import deferred_imports
from functions.core.errors import json_response
from functions.core.validation import parse_query

with deferred_imports():
    from functions.billing import list_queries, service
with deferred_imports():  # pydantic: the CSV's query only (ADR 0011)
    from functions.billing import schemas

bp = Blueprint(__name__)
INTEGRATIONS = "manage-integrations"
PAYMENTS = "manage-subscriptions"


@bp.route("/billings/accounts", methods=["GET"])
@requires(INTEGRATIONS)
def accounts() -> Response:
    return json_response(service.accounts(principal()))


@bp.route("/billings/payments", methods=["GET"])
@requires(PAYMENTS)
def payments() -> Response:
    query = parse_query(list_queries.PaymentListQuery, current_request())
    return json_response(service.payments(principal(), query))


@bp.route("/billings/payments.csv", methods=["GET"])
@requires(PAYMENTS)
def payments_csv() -> Response:
    """The CSV as text (text/csv; the screen saves it as a Blob; a direct link downloads it)."""
    query = parse_query(schemas.PaymentExportQuery, current_request())
    name, text = service.payments_csv(principal(), query)
    return Response(
        body=text,
        status_code=200,
        headers={
            "Content-Type": "text/csv; charset=utf-8",
            "Content-Disposition": f'attachment; filename="{name}"',
            "Cache-Control": "no-store",
        },
    )
