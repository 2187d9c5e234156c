"""The local stack's demo charity connected to the local fake Stripe and fake PayPal
(chalicelocal/seed.py registers the same credentials at the fakes), so a newcomer can give on the
demo donation page and watch the donation arrive. Idempotent: an existing connection is kept."""

from __future__ import annotations

from typing import Any

from functions.core import clock, secret_box
from functions.gateways import paypal_api, stripe_api
from functions.gateways import repository as gateways
from functions.gateways.models import GatewayAccount
from functions.gateways.service import hint


def connect_demo(tenant_id: str, user_id: str, stripe: dict[str, str], paypal: dict[str, str]) -> bool:
    created = False
    if gateways.get(tenant_id, "stripe") is None:
        _account(
            tenant_id,
            user_id,
            provider="stripe",
            public_key=stripe["publishable_key"],
            secret=stripe["secret_key"],
            signing_secrets=[stripe["signing_secret"]],
            api_base=stripe_api.configured_base(),
            account_name="Riverside (local fake Stripe)",
        ).save()
        created = True
    if gateways.get(tenant_id, "paypal") is None:
        _account(
            tenant_id,
            user_id,
            provider="paypal",
            public_key=paypal["client_id"],
            secret=paypal["client_secret"],
            webhook_id=paypal["webhook_id"],
            api_base=paypal_api.configured_base(),
            account_name="Riverside (local fake PayPal)",
        ).save()
        created = True
    return created


def _account(tenant_id: str, user_id: str, *, provider: str, secret: str, **fields: Any) -> GatewayAccount:
    signing = fields.pop("signing_secrets", [])
    return GatewayAccount(
        *GatewayAccount.key(tenant_id, provider),
        tenant_id=tenant_id,
        provider=provider,
        mode="test",
        secret=secret_box.seal(secret, tenant_id),
        secret_hint=hint(secret),
        signing_secrets=[secret_box.seal(value, tenant_id) for value in signing],
        signing_hints=[hint(value) for value in signing],
        connected_at=clock.now(),
        connected_by=user_id,
        **fields,
    )
