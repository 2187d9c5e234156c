"""API routes of the landing pages area (docs/api.md "Landing pages"): the charity's pages, their
drafts, published versions and images, the builder's preview data, and the public page."""

from __future__ import annotations

from chalice import Blueprint, Response

from functions.core.access import current_request, principal, public, requires
from functions.core.deferred import deferred_imports
from functions.core.errors import NotFound, json_response
from functions.core.validation import parse_body, parse_query

with deferred_imports():
    from functions.pages import list_queries, service
with deferred_imports():
    from functions.pages import embed
with deferred_imports():  # pydantic: only a request with a body needs it (ADR 0011)
    from functions.pages import schemas

bp = Blueprint(__name__)
MANAGE = "manage-integrations"


@bp.route("/pages", methods=["GET"])
@requires(MANAGE)
def listing() -> Response:
    query = parse_query(list_queries.PageListQuery, current_request())
    return json_response(service.listing(principal(), query))


@bp.route("/pages", methods=["POST"])
@requires(MANAGE)
def create() -> Response:
    return json_response(service.create(principal(), parse_body(schemas.CreateBody, current_request())), 201)


@bp.route("/pages/templates", methods=["GET"])
@requires(MANAGE)
def templates() -> Response:
    return json_response(service.template_list(principal()))


@bp.route("/pages/embed-settings", methods=["GET"])
@requires(MANAGE)
def embed_settings() -> Response:
    return json_response(embed.settings(principal()))


@bp.route("/pages/embed-settings", methods=["PUT"])
@requires(MANAGE)
def save_embed_settings() -> Response:
    body = parse_body(schemas.EmbedSettingsBody, current_request())
    return json_response(embed.save_settings(principal(), body))


@bp.route("/pages/{page_id}", methods=["GET"])
@requires(MANAGE)
def show(page_id: str) -> Response:
    return json_response(service.show(principal(), page_id))


@bp.route("/pages/{page_id}", methods=["PUT"])
@requires(MANAGE)
def update(page_id: str) -> Response:
    body = parse_body(schemas.UpdateBody, current_request())
    return json_response(service.update(principal(), page_id, body))


@bp.route("/pages/{page_id}", methods=["DELETE"])
@requires(MANAGE)
def delete(page_id: str) -> Response:
    service.remove(principal(), page_id)
    return json_response(None, 204)


@bp.route("/pages/{page_id}/draft", methods=["PUT"])
@requires(MANAGE)
def draft(page_id: str) -> Response:
    body = parse_body(schemas.DraftBody, current_request())
    return json_response(service.save_draft(principal(), page_id, body))


@bp.route("/pages/{page_id}/publish", methods=["POST"])
@requires(MANAGE)
def publish(page_id: str) -> Response:
    body = parse_body(schemas.VersionBody, current_request())
    return json_response(service.publish(principal(), page_id, body))


@bp.route("/pages/{page_id}/unpublish", methods=["POST"])
@requires(MANAGE)
def unpublish(page_id: str) -> Response:
    body = parse_body(schemas.VersionBody, current_request())
    return json_response(service.unpublish(principal(), page_id, body))


@bp.route("/pages/{page_id}/versions", methods=["GET"])
@requires(MANAGE)
def versions(page_id: str) -> Response:
    return json_response(service.version_list(principal(), page_id))


@bp.route("/pages/{page_id}/versions/{number}/restore", methods=["POST"])
@requires(MANAGE)
def restore(page_id: str, number: str) -> Response:
    body = parse_body(schemas.VersionBody, current_request())
    if not number.isdigit() or len(number) > 6:
        raise NotFound("pages.no_version")
    return json_response(service.restore(principal(), page_id, int(number), body))


@bp.route("/pages/{page_id}/duplicate", methods=["POST"])
@requires(MANAGE)
def duplicate(page_id: str) -> Response:
    return json_response(service.duplicate(principal(), page_id), 201)


@bp.route("/pages/{page_id}/images", methods=["POST"])
@requires(MANAGE)
def images(page_id: str) -> Response:
    body = parse_body(schemas.ImageBody, current_request())
    return json_response(service.image_upload(principal(), page_id, body), 201)


@bp.route("/pages/{page_id}/preview-data", methods=["GET"])
@requires(MANAGE)
def preview_data(page_id: str) -> Response:
    return json_response(service.preview_data(principal(), page_id))


@bp.route("/public/pages/{charity_slug}/{page_slug}", methods=["GET"])
@public
def public_page(charity_slug: str, page_slug: str) -> Response:
    return json_response(service.public_page(charity_slug, page_slug))


@bp.route("/public/pages/{charity_slug}/{page_slug}/frame", methods=["GET"])
@public
def public_frame(charity_slug: str, page_slug: str) -> Response:
    """The donation widget's frame document (HTML, with the charity's frame-ancestors)."""
    status, html, headers = embed.frame(charity_slug, page_slug)
    return Response(body=html, status_code=status, headers=headers)
