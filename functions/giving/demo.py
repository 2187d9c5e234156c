"""Demo data of online giving for the local stack's demo charity (chalicelocal/seed.py): its
donation page offering its appeal funds and, when the local fake Stripe is configured
(`ALMONER_STRIPE_API_BASE`), a Stripe test account connected to it, so the public page takes
gifts end to end. Idempotent: nothing is done once the charity has a page."""

from __future__ import annotations

from functions.core import clock, secret_box
from functions.domain.funds import DEFAULT_FUND_ID
from functions.gateways import repository as gateways
from functions.gateways import stripe_api
from functions.gateways.models import GatewayAccount
from functions.gateways.service import hint
from functions.giving import repository, service

DEMO_SECRET = "sk_test_51AlmonerDemoSecretKey0000"  # noqa: S105  (the local fake only)
DEMO_SIGNING = "whsec_almonerDemoSigningSecret0000"  # noqa: S105


def seed_giving(tenant_id: str, user_id: str) -> bool:
    if repository.page(tenant_id) is not None:
        return False
    page = service.page_of(tenant_id)  # the default page, as on first read
    funds = [
        fund.fund_id for fund in service.active_funds(tenant_id).values() if fund.fund_id != DEFAULT_FUND_ID
    ]
    page.intro = "Your gift keeps our doors open. Thank you for giving."
    page.fund_ids = sorted(funds)[:3]  # type: ignore[assignment]
    page.thank_you = "Thank you! Your donation makes a real difference."
    page.save()
    base = stripe_api.configured_base()
    if base and gateways.get(tenant_id, "stripe") is None:
        GatewayAccount(
            *GatewayAccount.key(tenant_id, "stripe"),
            tenant_id=tenant_id,
            provider="stripe",
            mode="test",
            public_key="pk_test_51AlmonerDemoPublishable",
            secret=secret_box.seal(DEMO_SECRET, tenant_id),
            secret_hint=hint(DEMO_SECRET),
            signing_secrets=[secret_box.seal(DEMO_SIGNING, tenant_id)],
            signing_hints=[hint(DEMO_SIGNING)],
            api_base=base,
            account_name="Demo Stripe account (local fake)",
            connected_at=clock.now(),
            connected_by=user_id,
        ).save()
    return True
