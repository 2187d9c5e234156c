"""Request bodies and queries of the landing pages area (unknown fields are rejected). The page
JSON itself is checked by `functions.pages.blocks` (it needs the charity's funds and the page's
images)."""

from __future__ import annotations

import re
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BeforeValidator, Field, field_validator
from pydantic_core import PydanticCustomError

from functions.core.validation import Schema

PageType = Literal["landing", "donation"]
Template = Literal["blank", "appeal", "monthly", "event"]
MAX_IMAGE_BYTES = 5 * 1024 * 1024
IMAGE_TYPES = {"image/jpeg": "jpg", "image/png": "png", "image/webp": "webp"}


def _trimmed(value: Any) -> Any:
    return value.strip() if isinstance(value, str) else value


Title = Annotated[str, BeforeValidator(_trimmed), Field(min_length=1, max_length=120)]
Slug = Annotated[str, BeforeValidator(_trimmed), Field(max_length=200)]


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


MAX_EMBED_ORIGINS = 20
# https://host[:port] (a registrable name, no path); http only for a developer's own machine.
_HOST = r"(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}"
_HTTPS_ORIGIN = re.compile(rf"^https://{_HOST}(?::[0-9]{{1,5}})?$")
_LOCAL_ORIGIN = re.compile(r"^http://(?:localhost|127\.0\.0\.1)(?::(?:[0-9]{1,5}|\*))?$")


def _origin(value: str) -> str:
    """A website origin as CSP frame-ancestors takes it: lower case, no trailing slash."""
    text = value.strip().lower()
    if text.endswith("/"):
        text = text[:-1]
    if not (_HTTPS_ORIGIN.match(text) or _LOCAL_ORIGIN.match(text)):
        raise PydanticCustomError("pages.embed_origin", "origin")
    port = text.rsplit(":", 1)[1] if text.count(":") == 2 else ""
    if port.isdigit() and not 1 <= int(port) <= 65535:
        raise PydanticCustomError("pages.embed_origin", "origin")
    return text


Origin = Annotated[str, Field(max_length=300), AfterValidator(_origin)]


class EmbedSettingsBody(Schema):
    """The websites allowed to embed the charity's published pages (the whole list)."""

    origins: list[Origin]

    @field_validator("origins")
    @classmethod
    def _once(cls, value: list[str]) -> list[str]:
        if len(value) > MAX_EMBED_ORIGINS:
            raise PydanticCustomError("pages.embed_origin_limit", "too many", {"max": MAX_EMBED_ORIGINS})
        if len(set(value)) != len(value):
            raise PydanticCustomError("pages.embed_origin_repeated", "repeated")
        return value
