"""API routes of the exports area: job status, and CSV exports of the SPA's tables."""

from chalice import Blueprint

from functions.core.access import current_request, principal, signed_in
from functions.core.deferred import deferred_imports
from functions.core.errors import json_response
from functions.core.validation import parse_body

with deferred_imports():
    from functions.exports import service
with deferred_imports():  # pydantic: only a request with a body needs it (ADR 0011)
    from functions.exports.schemas import ExportBody

bp = Blueprint(__name__)


@bp.route("/jobs/{job_id}", methods=["GET"])
@signed_in
def job_status(job_id: str):  # type: ignore[no-untyped-def]
    return json_response(service.job_status(principal(), job_id))


@bp.route("/exports/{table}", methods=["POST"])
@signed_in
def request_export(table: str):  # type: ignore[no-untyped-def]
    """Signed in here; the table's own permission is checked by the service (it varies by table)."""
    body = parse_body(ExportBody, current_request())
    return json_response({"job_id": service.request_export(principal(), table, body)}, 202)
