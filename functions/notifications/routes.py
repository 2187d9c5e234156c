"""API routes of the notifications area."""

from chalice import Blueprint

from functions.core.access import admin_only, current_request, principal, signed_in
from functions.core.deferred import deferred_imports
from functions.core.errors import json_response
from functions.core.validation import parse_body

with deferred_imports():
    from functions.notifications import service
with deferred_imports():  # pydantic: only a request with a body needs it (ADR 0011)
    from functions.notifications.schemas import AdminNotificationBody

bp = Blueprint(__name__)


@bp.route("/notifications", methods=["GET"])
@signed_in
def unread():  # type: ignore[no-untyped-def]
    return json_response({"data": service.unread(principal())})


@bp.route("/notifications/read-all", methods=["POST"])
@signed_in
def read_all():  # type: ignore[no-untyped-def]
    service.mark_all_read(principal())
    return json_response(None, 204)


@bp.route("/notifications/{notification_id}/read", methods=["POST"])
@signed_in
def mark_read(notification_id: str):  # type: ignore[no-untyped-def]
    service.mark_read(principal(), notification_id)
    return json_response(None, 204)


@bp.route("/admin/notifications", methods=["POST"])
@admin_only
def send():  # type: ignore[no-untyped-def]
    body = parse_body(AdminNotificationBody, current_request())
    return json_response({"job_id": service.send_to_charities(principal(), body)}, 202)
