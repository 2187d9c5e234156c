"""API routes of the imports area (docs/api.md "Imports"), all under the permission
`import-donations`."""

from __future__ import annotations

from chalice import Blueprint, Response

from functions.core.access import current_request, principal, requires
from functions.core.deferred import deferred_imports
from functions.core.errors import Invalid, json_response
from functions.core.validation import parse_body, parse_query

with deferred_imports():  # the history (the area's first request) needs only these
    from functions.core.pagination import ListQuery
    from functions.imports import listing
with deferred_imports():
    from functions.imports import service
with deferred_imports():
    from functions.imports import review
with deferred_imports():  # pydantic: only a request with a body needs it (ADR 0011)
    from functions.imports.schemas import CreateBody, MappingBody, PresetBody, ReviewBody, UploadBody

bp = Blueprint(__name__)
IMPORT = "import-donations"


@bp.route("/imports/uploads", methods=["POST"])
@requires(IMPORT)
def start_upload() -> Response:
    body = parse_body(UploadBody, current_request())
    return json_response(service.start_upload(principal(), body), 201)


@bp.route("/imports", methods=["POST"])
@requires(IMPORT)
def create() -> Response:
    body = parse_body(CreateBody, current_request())
    return json_response(service.create(principal(), body), 201)


@bp.route("/imports", methods=["GET"])
@requires(IMPORT)
def history() -> Response:
    return json_response(listing.history(principal(), parse_query(ListQuery, current_request())))


@bp.route("/imports/fields", methods=["GET"])
@requires(IMPORT)
def field_list() -> Response:
    return json_response(service.field_list())


@bp.route("/imports/presets", methods=["GET"])
@requires(IMPORT)
def presets() -> Response:
    return json_response(service.presets(principal()))


@bp.route("/imports/presets", methods=["POST"])
@requires(IMPORT)
def save_preset() -> Response:
    body = parse_body(PresetBody, current_request())
    return json_response(service.save_preset(principal(), body), 201)


@bp.route("/imports/presets/{preset_id}", methods=["DELETE"])
@requires(IMPORT)
def delete_preset(preset_id: str) -> Response:
    service.delete_preset(principal(), preset_id)
    return json_response(None, 204)


@bp.route("/imports/{import_id}", methods=["GET"])
@requires(IMPORT)
def show(import_id: str) -> Response:
    return json_response(service.view(service.get(principal(), import_id)))


@bp.route("/imports/{import_id}/mapping", methods=["PUT"])
@requires(IMPORT)
def set_mapping(import_id: str) -> Response:
    body = parse_body(MappingBody, current_request())
    return json_response(service.set_mapping(principal(), import_id, body.mapping))


@bp.route("/imports/{import_id}/preview", methods=["GET"])
@requires(IMPORT)
def preview(import_id: str) -> Response:
    return json_response(service.preview(principal(), import_id))


@bp.route("/imports/{import_id}/dry-run", methods=["POST"])
@requires(IMPORT)
def dry_run(import_id: str) -> Response:
    return json_response({"job_id": service.dry_run(principal(), import_id)}, 202)


@bp.route("/imports/{import_id}/run", methods=["POST"])
@requires(IMPORT)
def run(import_id: str) -> Response:
    return json_response({"job_id": service.run(principal(), import_id)}, 202)


@bp.route("/imports/{import_id}/errors", methods=["GET"])
@requires(IMPORT)
def errors(import_id: str) -> Response:
    return json_response(service.errors(principal(), import_id, parse_query(ListQuery, current_request())))


@bp.route("/imports/{import_id}/errors.csv", methods=["GET"])
@requires(IMPORT)
def errors_csv(import_id: str) -> Response:
    return json_response(service.errors_csv(principal(), import_id))


@bp.route("/imports/{import_id}/review", methods=["GET"])
@requires(IMPORT)
def review_list(import_id: str) -> Response:
    return json_response(review.listing(principal(), import_id, parse_query(ListQuery, current_request())))


@bp.route("/imports/{import_id}/review/{row}", methods=["POST"])
@requires(IMPORT)
def review_resolve(import_id: str, row: str) -> Response:
    if not row.isdigit() or len(row) > 9:
        raise Invalid.field("row", "field.int")
    body = parse_body(ReviewBody, current_request())
    return json_response(review.resolve(principal(), import_id, int(row), body))


@bp.route("/imports/{import_id}/undo", methods=["GET"])
@requires(IMPORT)
def undo_preview(import_id: str) -> Response:
    return json_response(service.undo_preview(principal(), import_id))


@bp.route("/imports/{import_id}/undo", methods=["POST"])
@requires(IMPORT)
def undo(import_id: str) -> Response:
    return json_response({"job_id": service.start_undo(principal(), import_id)}, 202)
