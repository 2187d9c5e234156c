"""API routes of the projects area (docs/api.md "Projects"): projects with their money, a
project's ledger lines, its image upload, and the project picker of the donation forms."""

from __future__ import annotations

from chalice import Blueprint, Response

from functions.core.access import current_request, principal, requires, requires_any
from functions.core.deferred import deferred_imports
from functions.core.errors import json_response
from functions.core.validation import parse_body, parse_query

with deferred_imports():
    from functions.projects import list_queries, service
with deferred_imports():  # pydantic: only a request with a body needs it (ADR 0011)
    from functions.projects import schemas

bp = Blueprint(__name__)
MANAGE = "manage-projects"
READ = ("manage-projects", "manage-fund-distributions")  # the fund area's project page reads too
PICK = "manage-donations"  # the donation forms' project picker


@bp.route("/projects", methods=["GET"])
@requires(MANAGE)
def listing() -> Response:
    query = parse_query(list_queries.ProjectListQuery, current_request())
    return json_response(service.listing(principal(), query.status))


@bp.route("/projects", methods=["POST"])
@requires(MANAGE)
def create() -> Response:
    return json_response(service.create(principal(), parse_body(schemas.ProjectBody, current_request())), 201)


@bp.route("/projects/options", methods=["GET"])
@requires(PICK)
def options() -> Response:
    return json_response(service.options(principal()))


@bp.route("/projects/form-options", methods=["GET"])
@requires(MANAGE)
def form_options() -> Response:
    return json_response(service.form_options(principal()))


@bp.route("/projects/{project_id}", methods=["GET"])
@requires_any(*READ)
def show(project_id: str) -> Response:
    return json_response(service.show(principal(), project_id))


@bp.route("/projects/{project_id}", methods=["PUT"])
@requires(MANAGE)
def update(project_id: str) -> Response:
    body = parse_body(schemas.ProjectUpdateBody, current_request())
    return json_response(service.update(principal(), project_id, body))


@bp.route("/projects/{project_id}", methods=["DELETE"])
@requires(MANAGE)
def delete(project_id: str) -> Response:
    return json_response(service.remove(principal(), project_id))


@bp.route("/projects/{project_id}/lines", methods=["GET"])
@requires_any(*READ)
def lines(project_id: str) -> Response:
    query = parse_query(list_queries.LinesQuery, current_request())
    return json_response(service.lines_listing(principal(), project_id, query))


@bp.route("/projects/{project_id}/image", methods=["POST"])
@requires(MANAGE)
def image(project_id: str) -> Response:
    body = parse_body(schemas.ImageBody, current_request())
    return json_response(service.image_upload(principal(), project_id, body), 201)
