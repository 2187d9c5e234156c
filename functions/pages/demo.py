"""The demo charity's landing pages (`make run`'s seed): a published donation page for monthly
giving (its form offers once, monthly and annual gifts through the demo's fake Stripe), a draft
appeal page to try the builder on, and the widget's allowed websites for /fake-host/.
Idempotent: skipped when the charity has any page."""

from __future__ import annotations

from functions.core import counters
from functions.core.access import Principal
from functions.core.identity import User
from functions.pages import embed, repository, service
from functions.pages.schemas import CreateBody, EmbedSettingsBody, VersionBody

PUBLISHED = ("Become a monthly friend", "monthly-friends", "donation", "monthly")
DRAFT = ("Spring appeal", "spring-appeal", "landing", "appeal")
# The local stack's /fake-host/ (chalicelocal/fake_host.py) frames the published page from the
# app's other loopback name: the demo allows both (never a real website).
DEMO_ORIGINS = ["http://localhost:*", "http://127.0.0.1:*"]


def seed_pages(owner: User) -> bool:
    if repository.all_pages(owner.tenant_id):
        return False
    who = Principal(user=owner, session=None, counters=counters.read(owner.tenant_id))
    title, slug, page_type, template = PUBLISHED
    page = service.create(who, CreateBody(title=title, slug=slug, type=page_type, template=template))
    service.publish(who, page["id"], VersionBody(version=page["version"]))
    title, slug, page_type, template = DRAFT
    service.create(who, CreateBody(title=title, slug=slug, type=page_type, template=template))
    embed.save_settings(who, EmbedSettingsBody(origins=DEMO_ORIGINS))
    return True
