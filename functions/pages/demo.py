"""The demo charity's landing pages (`make run`'s seed): a published donation page for monthly
giving (its form offers once, monthly and annual gifts through the demo's fake Stripe) and a draft
appeal page to try the builder on. Idempotent: skipped when the charity has any page."""

from __future__ import annotations

from functions.core import counters
from functions.core.access import Principal
from functions.core.identity import User
from functions.pages import repository, service
from functions.pages.schemas import CreateBody, VersionBody

PUBLISHED = ("Become a monthly friend", "monthly-friends", "donation", "monthly")
DRAFT = ("Spring appeal", "spring-appeal", "landing", "appeal")


def seed_pages(owner: User) -> bool:
    if repository.all_pages(owner.tenant_id):
        return False
    who = Principal(user=owner, session=None, counters=counters.read(owner.tenant_id))
    title, slug, page_type, template = PUBLISHED
    page = service.create(who, CreateBody(title=title, slug=slug, type=page_type, template=template))
    service.publish(who, page["id"], VersionBody(version=page["version"]))
    title, slug, page_type, template = DRAFT
    service.create(who, CreateBody(title=title, slug=slug, type=page_type, template=template))
    return True
