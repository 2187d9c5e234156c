"""Entities of the landing pages area (issue 17): a page's facts, its draft, its immutable
published versions, the charity's page slugs (held or redirecting) and the page's counters.
Key shapes: `functions.core.keys` (docs/access-patterns.md "Landing pages")."""

from __future__ import annotations

from pynamodb.attributes import (
    BooleanAttribute,
    ListAttribute,
    NumberAttribute,
    UnicodeAttribute,
    UTCDateTimeAttribute,
    VersionAttribute,
)

from functions.core import keys
from functions.core.table import Entity

PAGE_TYPES = ("landing", "donation")
PAGE_STATUSES = ("draft", "published", "unpublished")


class Page(Entity, discriminator="Page"):
    page_id = UnicodeAttribute()
    tenant_id = UnicodeAttribute()
    title = UnicodeAttribute()
    slug = UnicodeAttribute()
    page_type = UnicodeAttribute()  # landing | donation
    status = UnicodeAttribute(default="draft")
    locale = UnicodeAttribute(default="en")
    updated_at = UTCDateTimeAttribute()
    updated_by_name = UnicodeAttribute(null=True)
    published_at = UTCDateTimeAttribute(null=True)
    published_version = NumberAttribute(null=True)
    has_unpublished_changes = BooleanAttribute(default=False)
    # old published slugs that redirect here (freed with the page)
    redirect_slugs = ListAttribute(of=UnicodeAttribute, default=list)  # type: ignore[arg-type]
    deleted_at = UTCDateTimeAttribute(null=True)  # soft delete: gone from the list and the public
    version = VersionAttribute()

    @classmethod
    def key(cls, tenant_id: str, page_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.page_sk(page_id)


class PageDraft(Entity, discriminator="PageDraft"):
    """The draft's page JSON (validated on every save), written with the page's version check."""

    page_id = UnicodeAttribute()
    data = UnicodeAttribute()  # JSON text of PageData

    @classmethod
    def key(cls, tenant_id: str, page_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.page_draft_sk(page_id)


class PageVersion(Entity, discriminator="PageVersion"):
    """One published version: put only if absent, never updated (restore copies it to the draft)."""

    page_id = UnicodeAttribute()
    number = NumberAttribute()
    title = UnicodeAttribute()
    locale = UnicodeAttribute(default="en")
    data = UnicodeAttribute()  # JSON text of PageData
    published_at = UTCDateTimeAttribute()
    published_by_name = UnicodeAttribute(null=True)

    @classmethod
    def key(cls, tenant_id: str, page_id: str, number: int) -> tuple[str, str]:
        return keys.page_versions_pk(tenant_id, page_id), keys.page_version_sk(number)


class PageSlug(Entity, discriminator="PageSlug"):
    """A slug of the charity's pages: held by `page_id`, or (`redirect`) an old published slug
    that sends visitors to the page's current one. A redirect may be taken by any page."""

    page_id = UnicodeAttribute()
    redirect = BooleanAttribute(default=False)

    @classmethod
    def key(cls, tenant_id: str, slug: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.page_slug_sk(slug)


class PageStats(Entity, discriminator="PageStats"):
    """A page's counters, created by the first ADD (public views here; donations from the
    webhooks' processing, docs/api.md "Landing pages")."""

    visits = NumberAttribute(default=0)
    donations = NumberAttribute(default=0)
    raised_pence = NumberAttribute(default=0)
    gift_aid_donations = NumberAttribute(default=0)

    @classmethod
    def key(cls, tenant_id: str, page_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.page_stats_sk(page_id)


class PageEmbedSettings(Entity, discriminator="PageEmbedSettings"):
    """The websites (origins) allowed to show the charity's published pages in the donation widget's
    frame (`Content-Security-Policy: frame-ancestors`); none until the charity adds one."""

    origins = ListAttribute(of=UnicodeAttribute, default=list)  # type: ignore[arg-type]
    updated_at = UTCDateTimeAttribute(null=True)

    @classmethod
    def key(cls, tenant_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.page_embed_sk()
