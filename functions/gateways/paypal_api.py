"""The PayPal REST API as Almoner uses it: an OAuth token per call (client credentials), then
JSON requests, at the public API for the account's mode or the local fake
(`ALMONER_PAYPAL_API_BASE`), with a 10 s ceiling. Other areas (giving, webhooks) reuse
`paypal_token` and `paypal_request`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from functions.core import config, secret_box

if TYPE_CHECKING:
    from functions.gateways.models import GatewayAccount

TIMEOUT_SECONDS = 10
PUBLIC_BASES = {"live": "https://api-m.paypal.com", "test": "https://api-m.sandbox.paypal.com"}


class PayPalProblem(Exception):
    """PayPal refused or could not be reached; `reason` is shown to the user."""

    def __init__(self, reason: str, *, rejected: bool, status: int | None = None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.rejected = rejected
        self.status = status


def configured_base() -> str | None:
    return config.env("ALMONER_PAYPAL_API_BASE") or None


def base_for(mode: str, recorded: str | None = None) -> str:
    return (recorded or configured_base() or PUBLIC_BASES[mode]).rstrip("/")


def _reason(answer: Any) -> str:
    try:
        body = answer.json()
    except ValueError:
        body = {}
    if not isinstance(body, dict):
        body = {}
    text = (
        body.get("error_description")
        or body.get("message")
        or body.get("error")
        or f"HTTP {answer.status_code}"
    )
    return " ".join(str(text).split())[:300]


def fetch_token(client_id: str, client_secret: str, base: str) -> dict[str, Any]:
    """POST /v1/oauth2/token (client credentials): the token answer ({access_token, app_id, ...})."""
    import requests

    try:
        answer = requests.post(
            f"{base}/v1/oauth2/token",
            data={"grant_type": "client_credentials"},
            auth=(client_id, client_secret),
            headers={"Accept": "application/json"},
            timeout=TIMEOUT_SECONDS,
        )
    except requests.RequestException as error:
        raise PayPalProblem("PayPal could not be reached", rejected=False) from error
    if answer.status_code in (400, 401, 403):
        raise PayPalProblem(_reason(answer), rejected=True, status=answer.status_code)
    if answer.status_code >= 300:
        raise PayPalProblem(_reason(answer), rejected=False, status=answer.status_code)
    try:
        body = answer.json()
    except ValueError as error:
        raise PayPalProblem("PayPal answered something unexpected", rejected=False) from error
    if not isinstance(body, dict) or not body.get("access_token"):
        raise PayPalProblem("PayPal answered something unexpected", rejected=False)
    return body


def _secret(account: GatewayAccount) -> str:
    return secret_box.unseal(account.secret, account.tenant_id)


def paypal_token(account: GatewayAccount) -> str:
    base = base_for(account.mode, account.api_base)
    return str(fetch_token(account.public_key, _secret(account), base)["access_token"])


def paypal_request(
    account: GatewayAccount, method: str, path: str, json: dict[str, Any] | None = None
) -> dict[str, Any]:
    """One authenticated JSON call (`path` like "/v2/checkout/orders"); PayPalProblem on any
    failure, with PayPal's own message."""
    import requests

    base = base_for(account.mode, account.api_base)
    token = paypal_token(account)
    try:
        answer = requests.request(
            method,
            f"{base}{path}",
            json=json,
            headers={
                "Authorization": f"Bearer {token}",
                "Content-Type": "application/json",
                "Prefer": "return=representation",
            },
            timeout=TIMEOUT_SECONDS,
        )
    except requests.RequestException as error:
        raise PayPalProblem("PayPal could not be reached", rejected=False) from error
    if answer.status_code >= 300:
        raise PayPalProblem(_reason(answer), rejected=answer.status_code < 500, status=answer.status_code)
    if not answer.content:
        return {}
    try:
        body = answer.json()
    except ValueError as error:
        raise PayPalProblem("PayPal answered something unexpected", rejected=False) from error
    return body if isinstance(body, dict) else {}
