"""Request bodies and queries of the landing pages area (unknown fields are rejected). The page
JSON itself is checked by `functions.pages.blocks` (it needs the charity's funds and the page's
images)."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field

from functions.core.pagination import ListQuery
from functions.core.validation import Schema

PageType = Literal["landing", "donation"]
Template = Literal["blank", "appeal", "monthly", "event"]
MAX_IMAGE_BYTES = 5 * 1024 * 1024
IMAGE_TYPES = {"image/jpeg": "jpg", "image/png": "png", "image/webp": "webp"}


def _trimmed(value: Any) -> Any:
    return value.strip() if isinstance(value, str) else value


Title = Annotated[str, BeforeValidator(_trimmed), Field(min_length=1, max_length=120)]
Slug = Annotated[str, BeforeValidator(_trimmed), Field(max_length=200)]


class PageListQuery(ListQuery):
    sortBy: Literal["updated_at"] = "updated_at"  # noqa: N815


class PageFilters(Schema):
    status: Literal["draft", "published", "unpublished"] | None = None
    type: PageType | None = None


class CreateBody(Schema):
    title: Title
    slug: Slug | None = None
    type: PageType
    template: Template = "blank"


class UpdateBody(Schema):
    title: Title
    slug: Slug
    locale: Literal["en", "es"]
    version: int = Field(ge=1)


class DraftBody(Schema):
    data: Any
    version: int = Field(ge=1)


class VersionBody(Schema):
    version: int = Field(ge=1)


class ImageBody(Schema):
    content_type: Literal["image/jpeg", "image/png", "image/webp"]
    size: int = Field(ge=1, le=MAX_IMAGE_BYTES)
