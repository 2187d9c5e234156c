"""A charity's connection to its own payment gateway account (ADR 0022). One item per provider;
secrets are sealed by `functions.core.secret_box` (KMS) and never returned: reads show hints."""

from __future__ import annotations

from pynamodb.attributes import ListAttribute, UnicodeAttribute, UTCDateTimeAttribute, VersionAttribute

from functions.core import keys
from functions.core.table import Entity

PROVIDERS = ("stripe", "paypal")
MODES = ("test", "live")
STATUSES = ("connected", "disconnected")


class GatewayAccount(Entity, discriminator="GatewayAccount"):
    tenant_id = UnicodeAttribute()
    provider = UnicodeAttribute()  # stripe | paypal
    mode = UnicodeAttribute()  # test | live: from the keys (Stripe) or chosen (PayPal)
    status = UnicodeAttribute(default="connected")
    # Stripe: publishable key (pk_…); PayPal: client id. Public, shown whole.
    public_key = UnicodeAttribute()
    # Stripe: restricted secret key (rk_…/sk_…); PayPal: client secret. Sealed.
    secret = UnicodeAttribute()
    secret_hint = UnicodeAttribute()  # "rk_live_…a1b2"
    # Stripe: webhook signing secrets (whsec_…), sealed, newest first; two during a rotation.
    signing_secrets = ListAttribute(of=UnicodeAttribute, default=list)  # type: ignore[arg-type]
    signing_hints = ListAttribute(of=UnicodeAttribute, default=list)  # type: ignore[arg-type]
    webhook_id = UnicodeAttribute(null=True)  # PayPal: the webhook's id (part of what is signed)
    # The provider's API base URL when it is not the public one (the local fakes); null = public.
    api_base = UnicodeAttribute(null=True)
    account_id = UnicodeAttribute(null=True)  # Stripe acct_…, PayPal merchant/app name
    account_name = UnicodeAttribute(null=True)
    default_fund_id = UnicodeAttribute(null=True)  # gifts not naming a fund go here
    connected_at = UTCDateTimeAttribute()
    connected_by = UnicodeAttribute()
    last_event_at = UTCDateTimeAttribute(null=True)  # the newest verified delivery
    version = VersionAttribute()

    @classmethod
    def key(cls, tenant_id: str, provider: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.gateway_sk(provider)
