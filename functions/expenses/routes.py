"""API routes of the expenses area (docs/api.md "Expenses"): expense types (managed under
`manage-expense-types`, offered to the expense form under `manage-fund-distributions`) and
expenses with their approval, payment and receipts."""

from __future__ import annotations

from chalice import Blueprint, Response

from functions.core.access import current_request, principal, requires
from functions.core.deferred import deferred_imports
from functions.core.errors import json_response
from functions.core.validation import parse_body, parse_query

with deferred_imports():
    from functions.expenses import list_queries, service
with deferred_imports():  # pydantic: only a request with a body needs it (ADR 0011)
    from functions.expenses import schemas

bp = Blueprint(__name__)
TYPES = "manage-expense-types"
MANAGE = "manage-fund-distributions"


# ------------------------------------------------------------------ expense types
@bp.route("/expense-types", methods=["GET"])
@requires(TYPES)
def type_listing() -> Response:
    query = parse_query(list_queries.ExpenseTypeListQuery, current_request())
    return json_response(service.type_listing(principal(), query))


@bp.route("/expense-types", methods=["POST"])
@requires(TYPES)
def type_create() -> Response:
    body = parse_body(schemas.ExpenseTypeBody, current_request())
    return json_response(service.type_create(principal(), body), 201)


@bp.route("/expense-types/options", methods=["GET"])
@requires(MANAGE)
def type_options() -> Response:
    return json_response(service.type_options(principal()))


@bp.route("/expense-types/{expense_type_id}", methods=["PUT"])
@requires(TYPES)
def type_update(expense_type_id: str) -> Response:
    body = parse_body(schemas.ExpenseTypeUpdateBody, current_request())
    return json_response(service.type_update(principal(), expense_type_id, body))


@bp.route("/expense-types/{expense_type_id}", methods=["DELETE"])
@requires(TYPES)
def type_delete(expense_type_id: str) -> Response:
    return json_response(service.type_remove(principal(), expense_type_id))


@bp.route("/expense-types/{expense_type_id}/archive", methods=["POST"])
@requires(TYPES)
def type_archive(expense_type_id: str) -> Response:
    return json_response(service.type_archive(principal(), expense_type_id))


@bp.route("/expense-types/{expense_type_id}/restore", methods=["POST"])
@requires(TYPES)
def type_restore(expense_type_id: str) -> Response:
    return json_response(service.type_restore(principal(), expense_type_id))


# ------------------------------------------------------------------ expenses
@bp.route("/expenses", methods=["GET"])
@requires(MANAGE)
def listing() -> Response:
    query = parse_query(list_queries.ExpenseListQuery, current_request())
    return json_response(service.listing(principal(), query))


@bp.route("/expenses", methods=["POST"])
@requires(MANAGE)
def create() -> Response:
    body = parse_body(schemas.ExpenseBody, current_request())
    return json_response(service.create(principal(), body), 201)


@bp.route("/expenses/options", methods=["GET"])
@requires(MANAGE)
def options() -> Response:
    return json_response(service.options(principal()))


@bp.route("/expenses/receipts", methods=["POST"])
@requires(MANAGE)
def receipt_upload() -> Response:
    body = parse_body(schemas.ReceiptBody, current_request())
    return json_response(service.receipt_upload(principal(), body), 201)


@bp.route("/expenses/{expense_id}", methods=["GET"])
@requires(MANAGE)
def show(expense_id: str) -> Response:
    return json_response(service.show(principal(), expense_id))


@bp.route("/expenses/{expense_id}", methods=["PUT"])
@requires(MANAGE)
def update(expense_id: str) -> Response:
    body = parse_body(schemas.ExpenseUpdateBody, current_request())
    return json_response(service.update(principal(), expense_id, body))


@bp.route("/expenses/{expense_id}", methods=["DELETE"])
@requires(MANAGE)
def delete(expense_id: str) -> Response:
    return json_response(service.remove(principal(), expense_id))


@bp.route("/expenses/{expense_id}/approve", methods=["POST"])
@requires(MANAGE)
def approve(expense_id: str) -> Response:
    body = parse_body(schemas.VersionBody, current_request())
    return json_response(service.approve(principal(), expense_id, body))


@bp.route("/expenses/{expense_id}/pay", methods=["POST"])
@requires(MANAGE)
def pay(expense_id: str) -> Response:
    body = parse_body(schemas.VersionBody, current_request())
    return json_response(service.pay(principal(), expense_id, body))


@bp.route("/expenses/{expense_id}/void", methods=["POST"])
@requires(MANAGE)
def void(expense_id: str) -> Response:
    body = parse_body(schemas.VersionBody, current_request())
    return json_response(service.void(principal(), expense_id, body))


@bp.route("/expenses/{expense_id}/receipt", methods=["GET"])
@requires(MANAGE)
def receipt(expense_id: str) -> Response:
    return json_response(service.receipt_download(principal(), expense_id))
