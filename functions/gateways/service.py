"""Connecting a charity's own Stripe and PayPal accounts (ADR 0022): keys checked by a real API
call before they are saved, secrets sealed and write-only (hints only), Stripe signing-secret
rotation (two accepted while it lasts), a default fund, disconnecting. Every change is audited,
never a secret."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from functions.core import audit, clock, config, secret_box
from functions.core.access import Principal
from functions.core.errors import Conflict, Invalid, NotFound
from functions.core.messages import t
from functions.gateways import messages as _messages  # noqa: F401  (registers the messages)
from functions.gateways import paypal_api, repository, stripe_api
from functions.gateways.models import PROVIDERS, GatewayAccount
from functions.webhooks import paypal_events, stripe_events

if TYPE_CHECKING:
    from functions.gateways.schemas import PayPalBody, StripeBody

# The events to enable on the provider's webhook: exactly what the webhooks area processes.
EVENTS: dict[str, list[str]] = {
    "stripe": list(stripe_events.HANDLED),
    "paypal": list(paypal_events.HANDLED),
}
NAMES = {"stripe": "Stripe", "paypal": "PayPal"}
_SECRET_PREFIXES = ("sk_test_", "rk_test_", "sk_live_", "rk_live_")
_PUBLISHABLE_PREFIXES = ("pk_test_", "pk_live_")


def public_url() -> str:
    return (config.env("ALMONER_PUBLIC_URL") or config.app_url()).rstrip("/")


def webhook_url(tenant_id: str, provider: str) -> str:
    return f"{public_url()}/api/webhooks/{provider}/{tenant_id}"


def hint(secret: str) -> str:
    """`rk_live_51Hx…a1b2`: the key's kind and mode, and its last four characters."""
    parts = secret.split("_")
    prefix = "_".join(parts[:2]) + "_" if len(parts) > 2 else (parts[0] + "_" if len(parts) > 1 else "")
    return f"{prefix}…{secret[-4:]}"


def _user_name(tenant_id: str, user_id: str | None) -> str | None:
    if not user_id:
        return None
    from functions.funds import repository as funds

    return funds.user_names(tenant_id, {user_id}).get(user_id)


def view(tenant_id: str, provider: str, account: GatewayAccount | None) -> dict[str, Any]:
    connected = account is not None and account.status == "connected" and bool(account.secret)
    return {
        "provider": provider,
        "connected": connected,
        "mode": account.mode if connected and account else None,
        "status": account.status if account is not None else "disconnected",
        "public_key": account.public_key if connected and account else None,
        "secret_hint": account.secret_hint if connected and account else None,
        "signing_hints": list(account.signing_hints or []) if connected and account else [],
        "webhook_id": account.webhook_id if account is not None and provider == "paypal" else None,
        "account_name": account.account_name if account is not None else None,
        "default_fund_id": account.default_fund_id if account is not None else None,
        "connected_at": clock.iso(account.connected_at) if account is not None else None,
        "connected_by_name": _user_name(tenant_id, account.connected_by) if account is not None else None,
        "last_event_at": clock.iso(account.last_event_at) if account is not None else None,
        "webhook_url": webhook_url(tenant_id, provider),
        "events": list(EVENTS[provider]),
    }


def listing(who: Principal) -> dict[str, Any]:
    accounts = repository.all_of(who.tenant_id)
    return {"data": [view(who.tenant_id, provider, accounts.get(provider)) for provider in PROVIDERS]}


def _provider(provider: str) -> str:
    if provider not in PROVIDERS:
        raise NotFound()
    return provider


def _check_fund(tenant_id: str, fund_id: str | None) -> None:
    if fund_id is None:
        return
    from functions.funds import repository as funds

    try:
        fund, _ = funds.get_with_balance(tenant_id, fund_id)
    except NotFound as exc:
        raise Invalid.field("default_fund_id", "gateways.fund") from exc
    if not fund.active or fund.archived:
        raise Invalid.field("default_fund_id", "gateways.fund")


def _stripe_mode(key: str) -> str:
    return "live" if "_live_" in key else "test"


def _rejected(
    field: str, provider: str, problem: stripe_api.StripeProblem | paypal_api.PayPalProblem
) -> Invalid:
    key = "gateways.rejected" if problem.rejected else "gateways.unreachable"
    return Invalid.field(field, key, provider=NAMES[provider], reason=problem.reason)


def _live(account: GatewayAccount | None) -> GatewayAccount | None:
    return account if account is not None and account.status == "connected" and account.secret else None


def _start(tenant_id: str, provider: str, existing: GatewayAccount | None) -> GatewayAccount:
    if existing is not None:
        return existing
    return GatewayAccount(
        *GatewayAccount.key(tenant_id, provider),
        tenant_id=tenant_id,
        provider=provider,
        mode="test",
        public_key="",
        secret="",
        secret_hint="",
    )


def connect_stripe(who: Principal, body: StripeBody) -> dict[str, Any]:
    tenant_id = who.tenant_id
    existing = repository.get(tenant_id, "stripe")
    current = _live(existing)
    errors: dict[str, list[str]] = {}
    if not body.publishable_key.startswith(_PUBLISHABLE_PREFIXES):
        errors["publishable_key"] = [t("gateways.publishable_key")]
    if body.secret_key is not None and not body.secret_key.startswith(_SECRET_PREFIXES):
        errors["secret_key"] = [t("gateways.secret_key")]
    if body.signing_secret is not None and not body.signing_secret.startswith("whsec_"):
        errors["signing_secret"] = [t("gateways.signing_secret")]
    if current is None:
        for field in ("secret_key", "signing_secret"):
            if getattr(body, field) is None:
                errors.setdefault(field, [t("gateways.required_first")])
    if errors:
        raise Invalid(errors=errors)
    mode = _stripe_mode(body.publishable_key)
    secret_mode = _stripe_mode(body.secret_key) if body.secret_key else (current.mode if current else mode)
    if mode != secret_mode:
        raise Invalid.field("publishable_key", "gateways.mixed_modes")
    fund_given = "default_fund_id" in body.model_fields_set
    if fund_given:
        _check_fund(tenant_id, body.default_fund_id)
    base = stripe_api.configured_base()
    found: dict[str, str | None] = {}
    if body.secret_key is not None:
        try:
            found = stripe_api.check_key(body.secret_key, base)
        except stripe_api.StripeProblem as problem:
            raise _rejected("secret_key", "stripe", problem) from problem
    account = _start(tenant_id, "stripe", existing)
    rotated = False
    if current is None:
        account.signing_secrets, account.signing_hints = [], []
    if body.signing_secret is not None:
        secrets: list[Any] = [str(s) for s in account.signing_secrets or []]
        hints: list[Any] = [str(h) for h in account.signing_hints or []]
        same = bool(secrets) and secret_box.unseal(secrets[0], tenant_id) == body.signing_secret
        if not same:
            rotated = bool(secrets)
            account.signing_secrets = [secret_box.seal(body.signing_secret, tenant_id), *secrets[:1]]  # type: ignore[list-item]
            account.signing_hints = [hint(body.signing_secret), *hints[:1]]  # type: ignore[list-item]
    if body.secret_key is not None:
        account.secret = secret_box.seal(body.secret_key, tenant_id)
        account.secret_hint = hint(body.secret_key)
        account.account_id = found.get("account_id")
        account.account_name = found.get("account_name")
        account.api_base = base
    account.public_key = body.publishable_key
    account.mode = mode
    if fund_given:
        account.default_fund_id = body.default_fund_id
    return _save(who, account, first=current is None, rotated=rotated)


def connect_paypal(who: Principal, body: PayPalBody) -> dict[str, Any]:
    tenant_id = who.tenant_id
    existing = repository.get(tenant_id, "paypal")
    current = _live(existing)
    if current is None and body.client_secret is None:
        raise Invalid.field("client_secret", "gateways.required_first")
    if not body.webhook_id.replace("-", "").isalnum():
        raise Invalid.field("webhook_id", "gateways.webhook_id")
    fund_given = "default_fund_id" in body.model_fields_set
    if fund_given:
        _check_fund(tenant_id, body.default_fund_id)
    base = paypal_api.configured_base()
    secret = body.client_secret
    if secret is None and current is not None:
        secret = secret_box.unseal(current.secret, tenant_id)
    assert secret is not None  # noqa: S101  (required above when there is none stored)
    changed = current is None or body.client_secret is not None or body.client_id != current.public_key
    changed = changed or body.mode != (current.mode if current else None)
    found: dict[str, Any] = {}
    if changed:
        try:
            found = paypal_api.fetch_token(body.client_id, secret, paypal_api.base_for(body.mode))
        except paypal_api.PayPalProblem as problem:
            raise _rejected("client_secret", "paypal", problem) from problem
    account = _start(tenant_id, "paypal", existing)
    if body.client_secret is not None:
        account.secret = secret_box.seal(body.client_secret, tenant_id)
        account.secret_hint = hint(body.client_secret)
    if changed:
        account.api_base = base
        account.account_name = found.get("app_id") or account.account_name
    account.public_key = body.client_id
    account.mode = body.mode
    account.webhook_id = body.webhook_id
    account.signing_secrets, account.signing_hints = [], []
    if fund_given:
        account.default_fund_id = body.default_fund_id
    return _save(who, account, first=current is None, rotated=False)


def _save(who: Principal, account: GatewayAccount, *, first: bool, rotated: bool) -> dict[str, Any]:
    if first:
        account.status = "connected"
        account.connected_at = clock.now()
        account.connected_by = who.user_id
    try:
        repository.save(account)
    except Exception as exc:  # a concurrent edit: the version moved on
        from pynamodb.exceptions import PutError

        if isinstance(exc, PutError):
            raise Conflict() from exc
        raise
    action = "gateway.connected" if first else ("gateway.secret_rotated" if rotated else "gateway.updated")
    audit.record(
        who.tenant_id,
        action,
        actor_id=who.user_id,
        provider=account.provider,
        mode=account.mode,
        secret_hint=account.secret_hint,
        signing_hints=list(account.signing_hints or []) or None,
        default_fund_id=account.default_fund_id,
    )
    return view(who.tenant_id, account.provider, account)


def end_rotation(who: Principal) -> dict[str, Any]:
    account = _live(repository.get(who.tenant_id, "stripe"))
    if account is None:
        raise NotFound("gateways.not_connected")
    if len(account.signing_secrets or []) < 2:
        raise Conflict("gateways.no_previous")
    removed = list(account.signing_hints or [])[1:2]
    account.signing_secrets = list(account.signing_secrets)[:1]
    account.signing_hints = list(account.signing_hints or [])[:1]
    repository.save(account)
    audit.record(
        who.tenant_id,
        "gateway.previous_secret_removed",
        actor_id=who.user_id,
        provider="stripe",
        removed_hint=removed[0] if removed else None,
    )
    return view(who.tenant_id, "stripe", account)


def disconnect(who: Principal, provider: str) -> dict[str, Any]:
    _provider(provider)
    account = _live(repository.get(who.tenant_id, provider))
    if account is None:
        raise NotFound("gateways.not_connected")
    hint_before = account.secret_hint
    account.status = "disconnected"
    account.secret = ""
    account.secret_hint = ""
    account.signing_secrets = []
    account.signing_hints = []
    repository.save(account)
    audit.record(
        who.tenant_id,
        "gateway.disconnected",
        actor_id=who.user_id,
        provider=provider,
        secret_hint=hint_before,
    )
    return {"message": t("gateways.disconnected", provider=NAMES[provider])}
