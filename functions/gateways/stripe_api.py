"""The Stripe API as Almoner uses it: a client per charity account, at the public API or the
local fake (`ALMONER_STRIPE_API_BASE`), with a 10 s ceiling and no retries (a request waits on
it). Other areas (giving, webhooks) reuse `stripe_client`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from functions.core import config, secret_box

if TYPE_CHECKING:
    from stripe import StripeClient

    from functions.gateways.models import GatewayAccount

TIMEOUT_SECONDS = 10


class StripeProblem(Exception):
    """Stripe refused or could not be reached; `reason` is shown to the user."""

    def __init__(self, reason: str, *, rejected: bool) -> None:
        super().__init__(reason)
        self.reason = reason
        self.rejected = rejected  # the key itself was refused (vs a network/provider failure)


def configured_base() -> str | None:
    """The API base in force now: the local fake's, or None for Stripe's public API."""
    return config.env("ALMONER_STRIPE_API_BASE") or None


def client_for(secret_key: str, base: str | None) -> StripeClient:
    import stripe

    addresses: Any = {"api": base} if base else None
    return stripe.StripeClient(
        secret_key,
        base_addresses=addresses,
        max_network_retries=0,
        http_client=stripe.RequestsClient(timeout=TIMEOUT_SECONDS),
    )


def stripe_client(account: GatewayAccount) -> StripeClient:
    """The client of a connected account (its sealed secret key unsealed, its recorded base)."""
    secret = secret_box.unseal(account.secret, account.tenant_id)
    return client_for(secret, account.api_base or configured_base())


def problem(error: Exception) -> StripeProblem:
    """A stripe error as a short reason for the user."""
    import stripe

    message = getattr(error, "user_message", None) or str(error) or type(error).__name__
    message = " ".join(str(message).split())[:300]
    if isinstance(error, stripe.AuthenticationError):
        return StripeProblem(message, rejected=True)
    if isinstance(error, stripe.APIConnectionError):
        return StripeProblem("Stripe could not be reached", rejected=False)
    return StripeProblem(message, rejected=False)


def check_key(secret_key: str, base: str | None) -> dict[str, str | None]:
    """Retrieve the key's own account (GET /v1/account): {account_id, account_name}. A restricted
    key without the account permission is valid (Stripe answered 403, not 401)."""
    import stripe

    try:
        account = client_for(secret_key, base).v1.accounts.retrieve_current()
    except stripe.PermissionError:
        return {"account_id": None, "account_name": None}
    except stripe.StripeError as error:
        raise problem(error) from error
    data: Any = account.to_dict()
    profile = data.get("business_profile") or {}
    settings = data.get("settings") or {}
    dashboard = settings.get("dashboard") or {}
    name = dashboard.get("display_name") or profile.get("name") or data.get("email")
    return {"account_id": data.get("id"), "account_name": name}
