"""The public donation page (ADR 0022): its settings (address, amounts, funds, wording), what the
public page shows, and the start of a gift — validated, its Gift Aid declaration evidence stored
on a GivingIntent, then a Stripe Checkout Session or PayPal order created on the charity's own
account. The webhook, never the browser, turns a paid intent into a donation; the thank-you page
polls the intent with its token."""

from __future__ import annotations

import hmac
import re
from decimal import ROUND_HALF_UP, Decimal
from typing import TYPE_CHECKING, Any

from functions.core import audit, clock, ids, throttle
from functions.core.access import Principal
from functions.core.errors import AlmonerError, Conflict, Invalid, NotFound
from functions.core.identity import Tenant
from functions.core.messages import current_locale, t
from functions.core.money import money_text
from functions.domain.postcodes import normalise_uk_postcode
from functions.donors.transaction import Transaction, TransactionFailed
from functions.gateways import paypal_api, stripe_api
from functions.gateways import repository as gateways
from functions.gateways.models import GatewayAccount
from functions.gateways.service import NAMES, public_url
from functions.giving import messages as _messages  # noqa: F401  (registers the messages)
from functions.giving import repository, wording
from functions.giving.models import RESERVED_SLUGS, GivingIntent, GivingPage, GivingSlug

if TYPE_CHECKING:
    from functions.giving.schemas import CheckoutBody, PageBody

DEFAULT_PRESETS = [500, 1000, 2500]
FEE_PERCENT = Decimal("1.5")  # the estimate of "cover the fees": Stripe's UK card price
FEE_FIXED = 20  # pence
# Checkout attempts: per visitor address, and per page (a card-testing burst on one page).
IP_LIMIT, IP_WINDOW = 10, 600
SLUG_LIMIT, SLUG_WINDOW = 120, 600


class ProviderUnavailable(AlmonerError):
    status = 503
    message_key = "giving.provider_failed"


def pounds(pence: int) -> str:
    return money_text(Decimal(int(pence)) / 100)


def pence(amount: Decimal) -> int:
    return int((amount * 100).to_integral_value(rounding=ROUND_HALF_UP))


def fee_estimate(amount_pence: int) -> int:
    return pence(Decimal(amount_pence) * FEE_PERCENT / 10000) + FEE_FIXED


def page_url(slug: str) -> str:
    return f"{public_url()}/give/{slug}"


# ------------------------------------------------------------------ page settings
def _tenant(tenant_id: str) -> Tenant:
    try:
        return Tenant.get(*Tenant.key(tenant_id))
    except Tenant.DoesNotExist as exc:
        raise NotFound() from exc


def _slug_from(name: str) -> str:
    slug = re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:50].strip("-")
    return slug if len(slug) >= 3 else f"give-{slug}".strip("-")


def _create_default(tenant_id: str) -> GivingPage:
    tenant = _tenant(tenant_id)
    base = _slug_from(tenant.name)
    for attempt in range(1, 30):
        slug = base if attempt == 1 else f"{base}-{attempt}"
        if slug in RESERVED_SLUGS:
            continue
        page = GivingPage(
            *GivingPage.key(tenant_id),
            tenant_id=tenant_id,
            slug=slug,
            title=f"Donate to {tenant.name}"[:100],
            presets=list(DEFAULT_PRESETS),
        )
        transaction = Transaction()
        transaction.put(page, condition=GivingPage.pk.does_not_exist(), tag="page")
        transaction.put(
            GivingSlug(*GivingSlug.key(slug), tenant_id=tenant_id),
            condition=GivingSlug.pk.does_not_exist(),
            tag="slug",
        )
        try:
            transaction.commit()
        except TransactionFailed as failed:
            if "page" in failed.tags:  # created meanwhile by another request
                found = repository.page(tenant_id)
                if found is not None:
                    return found
            continue
        audit.record(tenant_id, "giving_page.created", slug=slug)
        return repository.page(tenant_id) or page
    raise Conflict("giving.slug_taken")


def page_of(tenant_id: str) -> GivingPage:
    return repository.page(tenant_id) or _create_default(tenant_id)


def page_view(page: GivingPage) -> dict[str, Any]:
    return {
        "slug": page.slug,
        "enabled": bool(page.enabled),
        "title": page.title,
        "intro": page.intro,
        "presets": [pounds(int(str(p))) for p in page.presets or []],
        "min_amount": pounds(int(page.min_amount)),
        "max_amount": pounds(int(page.max_amount)),
        "fund_ids": list(page.fund_ids or []),
        "cover_fees": bool(page.cover_fees),
        "thank_you": page.thank_you,
        "page_url": page_url(page.slug),
        "version": page.version,
    }


def show_page(who: Principal) -> dict[str, Any]:
    return page_view(page_of(who.tenant_id))


def active_funds(tenant_id: str) -> dict[str, Any]:
    from functions.funds.figures import all_funds

    return {fund.fund_id: fund for fund, _ in all_funds(tenant_id) if fund.active and not fund.archived}


def update_page(who: Principal, body: PageBody) -> dict[str, Any]:
    page = page_of(who.tenant_id)
    if body.version != page.version:
        raise Conflict("giving.stale")
    low, high = pence(body.min_amount), pence(body.max_amount)
    errors: dict[str, list[str]] = {}
    if high < low:
        errors["max_amount"] = [t("giving.max_below_min")]
    elif any(not low <= pence(p) <= high for p in body.presets):
        errors["presets"] = [t("giving.preset_range", min=pounds(low), max=pounds(high))]
    if body.fund_ids:
        active = active_funds(who.tenant_id)
        if any(fund_id not in active for fund_id in body.fund_ids) or len(set(body.fund_ids)) != len(
            body.fund_ids
        ):
            errors["fund_ids"] = [t("giving.fund")]
    if errors:
        raise Invalid(errors=errors)
    old_slug = page.slug
    page.slug = body.slug
    page.enabled = body.enabled
    page.title = body.title
    page.intro = body.intro
    page.presets = [pence(p) for p in body.presets]  # type: ignore[misc]
    page.min_amount, page.max_amount = low, high
    page.fund_ids = list(body.fund_ids)  # type: ignore[arg-type]
    page.cover_fees = body.cover_fees
    page.thank_you = body.thank_you
    transaction = Transaction()
    transaction.put(page, tag="page")
    if body.slug != old_slug:
        transaction.put(
            GivingSlug(*GivingSlug.key(body.slug), tenant_id=who.tenant_id),
            condition=GivingSlug.pk.does_not_exist(),
            tag="slug",
        )
        transaction.delete(GivingSlug(*GivingSlug.key(old_slug)))
    try:
        transaction.commit()
    except TransactionFailed as failed:
        if "slug" in failed.tags:
            raise Invalid.field("slug", "giving.slug_taken") from failed
        raise Conflict("giving.stale") from failed
    audit.record(
        who.tenant_id,
        "giving_page.updated",
        actor_id=who.user_id,
        slug=body.slug,
        old_slug=old_slug if old_slug != body.slug else None,
        enabled=body.enabled,
    )
    return page_view(repository.page(who.tenant_id) or page)


# ------------------------------------------------------------------ the public page
def _live_page(slug: str) -> tuple[GivingPage, dict[str, GatewayAccount]]:
    tenant_id = repository.slug_owner(slug.lower()) if len(slug) <= 60 else None
    page = repository.page(tenant_id) if tenant_id else None
    if tenant_id is None or page is None or not page.enabled or page.slug != slug:
        raise NotFound("giving.page_unavailable")
    accounts = gateways.connected(tenant_id)
    if not accounts:
        raise NotFound("giving.page_unavailable")
    return page, accounts


def public_page(slug: str) -> dict[str, Any]:
    page, accounts = _live_page(slug)
    tenant = _tenant(page.tenant_id)
    active = active_funds(page.tenant_id) if page.fund_ids else {}
    funds = [
        {"id": fund_id, "name": active[fund_id].name, "description": active[fund_id].description}
        for fund_id in (str(f) for f in page.fund_ids or [])
        if fund_id in active
    ]
    return {
        "charity": {"name": tenant.name, "registration_number": tenant.registration_number},
        "title": page.title or tenant.name,
        "intro": page.intro,
        "presets": [pounds(int(str(p))) for p in page.presets or []],
        "min_amount": pounds(int(page.min_amount)),
        "max_amount": pounds(int(page.max_amount)),
        "funds": funds,
        "cover_fees": bool(page.cover_fees),
        "fee": {"percent": str(FEE_PERCENT), "fixed": pounds(FEE_FIXED)},
        "providers": [{"provider": p, "mode": a.mode} for p, a in accounts.items()],
        "frequencies": frequencies(accounts),
        "gift_aid": {
            "version": wording.VERSION,
            "declaration": wording.declaration(tenant.name),
            "statement": wording.STATEMENT,
        },
    }


# The gifts each provider can take: recurring ones through Stripe Checkout's subscription mode
# and PayPal Subscriptions (functions/subscriptions/paypal.py).
FREQUENCIES = {"stripe": ("once", "monthly", "annual"), "paypal": ("once", "monthly", "annual")}
INTERVAL_OF = {"monthly": "month", "annual": "year"}


def frequencies(accounts: dict[str, GatewayAccount]) -> list[str]:
    offered = {f for provider in accounts for f in FREQUENCIES.get(provider, ("once",))}
    return [f for f in ("once", "monthly", "annual") if f in offered]


def throttle_attempt(slug: str, ip: str) -> None:
    """Count a checkout attempt, valid or not; 429 once the visitor or the page has had too many."""
    buckets = ((f"give-ip#{ip}", IP_LIMIT, IP_WINDOW), (f"give-slug#{slug}", SLUG_LIMIT, SLUG_WINDOW))
    for bucket, limit, window in buckets:
        throttle.check(bucket, limit, window)
    for bucket, _, window in buckets:
        throttle.record_failure(bucket, window)


def honeypot_filled(website: Any) -> bool:
    return bool(website.strip()) if isinstance(website, str) else bool(website)


def honeypot_rejected() -> Invalid:
    return Invalid("giving.rejected")


def _checkout_problems(
    page: GivingPage, accounts: dict[str, GatewayAccount], body: CheckoutBody
) -> dict[str, list[str]]:
    errors: dict[str, list[str]] = {}
    amount = pence(body.amount)
    if not int(page.min_amount) <= amount <= int(page.max_amount):
        errors["amount"] = [
            t("giving.amount_range", min=pounds(int(page.min_amount)), max=pounds(int(page.max_amount)))
        ]
    form: dict[str, Any] | None = None
    if body.page_id is not None:
        from functions.pages.service import published_form

        form = published_form(page.tenant_id, body.page_id)
        if form is None:
            errors["page_id"] = [t("giving.page_closed")]
        elif body.frequency == "monthly" and not form.get("allow_monthly"):
            errors["frequency"] = [t("giving.frequency_not_offered")]
        elif body.frequency == "annual" and not form.get("allow_annual"):
            errors["frequency"] = [t("giving.frequency_not_offered")]
    if body.fund_id is not None:
        # the giving page's funds, or the one fund a landing page's donation form names
        offered = set(page.fund_ids or []) | ({form["fund_id"]} if form and form.get("fund_id") else set())
        if body.fund_id not in offered or body.fund_id not in active_funds(page.tenant_id):
            errors["fund_id"] = [t("giving.fund_not_offered")]
    if body.cover_fees and not page.cover_fees:
        errors["cover_fees"] = [t("giving.cover_not_offered")]
    if body.provider not in accounts:
        errors["provider"] = [t("giving.provider")]
    elif "frequency" not in errors and body.frequency not in FREQUENCIES.get(body.provider, ("once",)):
        errors["frequency"] = [t("giving.frequency", provider=NAMES[body.provider])]
    if body.gift_aid:
        if not body.tax_statement:
            errors["tax_statement"] = [t("giving.tax_statement")]
        for field in ("house", "address_line1", "town"):
            if getattr(body, field) is None:
                errors[field] = [t("giving.address_required")]
        if body.overseas:
            if body.country is None:
                errors["country"] = [t("giving.country")]
        elif body.postcode is None or normalise_uk_postcode(body.postcode) is None:
            errors["postcode"] = [t("giving.postcode")]
    elif body.postcode is not None and not body.overseas and normalise_uk_postcode(body.postcode) is None:
        errors["postcode"] = [t("giving.postcode")]
    return errors


def checkout(slug: str, body: CheckoutBody, ip: str) -> dict[str, Any]:
    """Start a gift (the route has counted the attempt against the rate limits)."""
    if body.website:
        raise honeypot_rejected()
    page, accounts = _live_page(slug)
    errors = _checkout_problems(page, accounts, body)
    if errors:
        raise Invalid(errors=errors)
    tenant = _tenant(page.tenant_id)
    account = accounts[body.provider]
    amount = pence(body.amount)
    fee_cover = fee_estimate(amount) if body.cover_fees else 0
    token = ids.new_token()
    now = clock.now()
    postcode = normalise_uk_postcode(body.postcode or "") if not body.overseas else body.postcode
    intent_id = ids.new_id()
    intent = GivingIntent(
        *GivingIntent.key(page.tenant_id, intent_id),
        tenant_id=page.tenant_id,
        intent_id=intent_id,
        token_hash=ids.sha256_hex(token),
        provider=body.provider,
        mode=account.mode,
        status="open",
        amount=amount,
        fee_cover=fee_cover,
        fund_id=body.fund_id,
        donor={
            "first_name": body.first_name,
            "last_name": body.last_name,
            "email": body.email,
            "house": body.house,
            "address_line1": body.address_line1,
            "town": body.town,
            "postcode": postcode or body.postcode,
            "country": body.country if body.overseas else "GB",
            "overseas": body.overseas,
        },
        consents=body.consents.model_dump(),
        gift_aid=(
            {
                "text": wording.full_text(tenant.name),
                "version": wording.VERSION,
                "scope": list(wording.SCOPE),
                "declared_at": clock.iso(now),
                "page_url": page_url(slug),
                "ip": ip,
            }
            if body.gift_aid
            else {}
        ),
        created_at=now,
        ip=ip,
        frequency=None if body.frequency == "once" else body.frequency,
        source_page_id=body.page_id,
        locale=current_locale(),
    )
    intent.save()
    # `key`, not `token`: PayPal appends its own `token` (the order id) to the return URL
    thanks = f"{page_url(slug)}/thanks?intent={intent.intent_id}&key={token}"
    try:
        if body.provider == "stripe":
            ref, redirect = _stripe_session(account, intent, tenant.name, slug, thanks, body.email)
        elif intent.frequency in INTERVAL_OF:
            ref, redirect = _paypal_subscription(account, intent, tenant.name, slug, thanks)
        else:
            ref, redirect = _paypal_order(account, intent, tenant.name, slug, thanks)
    except (stripe_api.StripeProblem, paypal_api.PayPalProblem) as problem:
        intent.status = "failed"
        intent.save()
        raise ProviderUnavailable(provider=NAMES[body.provider]) from problem
    intent.provider_ref = ref
    intent.save()
    return {"intent_id": intent.intent_id, "token": token, "redirect_url": redirect}


def _metadata(intent: GivingIntent) -> dict[str, str]:
    return {
        "almoner_tenant": intent.tenant_id,
        "almoner_intent": intent.intent_id,
        "almoner_mode": intent.mode,
    }


def _stripe_session(
    account: GatewayAccount, intent: GivingIntent, charity: str, slug: str, thanks: str, email: str
) -> tuple[str, str]:
    import stripe

    price: dict[str, Any] = {
        "currency": "gbp",
        "unit_amount": int(intent.amount) + int(intent.fee_cover),
        "product_data": {"name": f"Donation to {charity}"[:250]},
    }
    params: Any = {
        "mode": "payment",
        "line_items": [{"quantity": 1, "price_data": price}],
        "client_reference_id": intent.intent_id,
        "metadata": _metadata(intent),
        "payment_intent_data": {"metadata": _metadata(intent)},
        "customer_email": email,
        "success_url": thanks,
        "cancel_url": f"{page_url(slug)}?cancelled=1",
    }
    if intent.frequency in INTERVAL_OF:  # a recurring gift: Checkout makes the subscription
        price["recurring"] = {"interval": INTERVAL_OF[str(intent.frequency)]}
        price["product_data"]["name"] = f"Regular donation to {charity}"[:250]
        params["mode"] = "subscription"
        params["payment_method_types"] = ["card", "bacs_debit"]
        params["subscription_data"] = {"metadata": _metadata(intent)}
        del params["payment_intent_data"]
    try:
        session = stripe_api.stripe_client(account).v1.checkout.sessions.create(
            params=params, options={"idempotency_key": f"almoner-intent-{intent.intent_id}"}
        )
    except stripe.StripeError as error:
        raise stripe_api.problem(error) from error
    data: Any = session.to_dict()
    if not data.get("id") or not data.get("url"):
        raise stripe_api.StripeProblem("no checkout address", rejected=False)
    return str(data["id"]), str(data["url"])


def _paypal_order(
    account: GatewayAccount, intent: GivingIntent, charity: str, slug: str, thanks: str
) -> tuple[str, str]:
    urls = {"return_url": f"{thanks}&provider=paypal", "cancel_url": f"{page_url(slug)}?cancelled=1"}
    experience = {
        **urls,
        "brand_name": charity[:127],
        "user_action": "PAY_NOW",
        "shipping_preference": "NO_SHIPPING",
    }
    order = paypal_api.paypal_request(
        account,
        "POST",
        "/v2/checkout/orders",
        {
            "intent": "CAPTURE",
            "purchase_units": [
                {
                    "amount": {
                        "currency_code": "GBP",
                        "value": pounds(int(intent.amount) + int(intent.fee_cover)).replace(",", ""),
                    },
                    "custom_id": f"{intent.tenant_id}:{intent.intent_id}",
                    "description": f"Donation to {charity}"[:127],
                }
            ],
            "payment_source": {"paypal": {"experience_context": experience}},
            "application_context": experience,
        },
    )
    links = order.get("links") or []
    approve = next(
        (
            link.get("href")
            for link in links
            if isinstance(link, dict) and link.get("rel") in ("approve", "payer-action")
        ),
        None,
    )
    if not order.get("id") or not approve:
        raise paypal_api.PayPalProblem("no approval address", rejected=False)
    return str(order["id"]), str(approve)


def _paypal_subscription(
    account: GatewayAccount, intent: GivingIntent, charity: str, slug: str, thanks: str
) -> tuple[str, str]:
    from functions.subscriptions import paypal

    return paypal.start(
        account,
        tenant_id=intent.tenant_id,
        intent_id=intent.intent_id,
        charity=charity,
        pence=int(intent.amount) + int(intent.fee_cover),
        interval=INTERVAL_OF[str(intent.frequency)],
        donor={k: str(v or "") for k, v in _donor_of(intent).items()},
        return_url=f"{thanks}&provider=paypal",
        cancel_url=f"{page_url(slug)}?cancelled=1",
    )


def _donor_of(intent: GivingIntent) -> dict[str, Any]:
    raw: Any = intent.donor
    return dict(raw.as_dict() if hasattr(raw, "as_dict") else (raw or {}))


# ------------------------------------------------------------------ the thank-you page
def _intent_with_token(slug: str, intent_id: str, token: str) -> tuple[GivingIntent, Tenant]:
    tenant_id = repository.slug_owner(slug) if len(slug) <= 60 else None
    intent = repository.intent(tenant_id, intent_id) if tenant_id and len(intent_id) <= 40 else None
    if intent is None or not hmac.compare_digest(intent.token_hash, ids.sha256_hex(token)):
        raise NotFound()
    return intent, _tenant(intent.tenant_id)


def intent_view(intent: GivingIntent, tenant: Tenant) -> dict[str, Any]:
    status = intent.status if intent.status in ("open", "pending", "paid", "failed") else "failed"
    return {
        "status": status,
        "received": bool(intent.donation_id),
        "amount": pounds(int(intent.amount)),
        "gift_aid": bool(intent.gift_aid),
        "charity_name": tenant.name,
    }


def poll(slug: str, intent_id: str, token: str) -> dict[str, Any]:
    intent, tenant = _intent_with_token(slug, intent_id, token)
    return intent_view(intent, tenant)


def capture(slug: str, intent_id: str, token: str) -> dict[str, Any]:
    """Capture the donor's approved PayPal order (the donation itself comes from the webhook)."""
    intent, tenant = _intent_with_token(slug, intent_id, token)
    if intent.provider != "paypal" or not intent.provider_ref:
        raise Invalid.field("provider", "giving.not_paypal")
    if intent.status != "open" or intent.frequency:
        # a PayPal subscription has nothing to capture: PayPal charges it, the webhook tells
        return intent_view(intent, tenant)
    account = gateways.connected(intent.tenant_id).get("paypal")
    if account is None:
        raise NotFound("giving.page_unavailable")
    try:
        order = paypal_api.paypal_request(
            account, "POST", f"/v2/checkout/orders/{intent.provider_ref}/capture", {}
        )
    except paypal_api.PayPalProblem as problem:
        if "ORDER_ALREADY_CAPTURED" in problem.reason:
            intent.status = "paid"
            intent.save()
            return intent_view(intent, tenant)
        if problem.rejected:
            intent.status = "failed"
            intent.save()
            raise Invalid("giving.provider_refused", provider="PayPal", reason=problem.reason) from problem
        raise ProviderUnavailable(provider="PayPal") from problem
    captures = [
        c
        for unit in order.get("purchase_units") or []
        for c in ((unit.get("payments") or {}).get("captures") or [])
        if isinstance(c, dict)
    ]
    status = str((captures[0].get("status") if captures else order.get("status")) or "")
    intent.status = {"COMPLETED": "paid", "PENDING": "pending"}.get(status, "failed")
    intent.save()
    return intent_view(intent, tenant)
