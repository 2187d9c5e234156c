"""Storage of the giving area: the page settings, the global slug pointers, the gifts started."""

from __future__ import annotations

from functions.giving.models import GivingIntent, GivingPage, GivingSlug


def page(tenant_id: str) -> GivingPage | None:
    try:
        return GivingPage.get(*GivingPage.key(tenant_id), consistent_read=True)
    except GivingPage.DoesNotExist:
        return None


def slug_owner(slug: str) -> str | None:
    """The charity whose page has this address (None when no page has it)."""
    try:
        return GivingSlug.get(*GivingSlug.key(slug)).tenant_id
    except GivingSlug.DoesNotExist:
        return None


def intent(tenant_id: str, intent_id: str) -> GivingIntent | None:
    try:
        return GivingIntent.get(*GivingIntent.key(tenant_id, intent_id), consistent_read=True)
    except GivingIntent.DoesNotExist:
        return None
