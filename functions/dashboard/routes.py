"""API routes of the dashboard area."""

from __future__ import annotations

from chalice import Blueprint, Response

from functions.core.access import principal, requires
from functions.core.deferred import deferred_imports
from functions.core.errors import json_response

with deferred_imports():
    from functions.dashboard import service

bp = Blueprint(__name__)


@bp.route("/dashboard", methods=["GET"])
@requires("view-dashboard")
def dashboard() -> Response:
    return json_response(service.dashboard(principal()))
