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

PUBLISHED = CreateBody(
    title="Become a monthly friend", slug="monthly-friends", type="donation", template="monthly"
)
DRAFT = CreateBody(title="Spring appeal", slug="spring-appeal", type="landing", template="appeal")
# The local stack's /fake-host/ (chalicelocal/fake_host.py) frames the published page from the
# app's other loopback name: the demo allows both (never a real website).
DEMO_ORIGINS = ["http://localhost:*", "http://127.0.0.1:*"]


def seed_pages(owner: User) -> bool:
    if repository.all_pages(owner.tenant_id):
        return False
    who = Principal(user=owner, session=None, counters=counters.read(owner.tenant_id))
    page = service.create(who, PUBLISHED)
    service.publish(who, page["id"], VersionBody(version=page["version"]))
    service.create(who, DRAFT)
    embed.save_settings(who, EmbedSettingsBody(origins=DEMO_ORIGINS))
    return True
