"""Website Integration (`/billings/accounts`) and Payments (`/billings/payments`, its CSV).

Accounts: each connected gateway with its webhook health (the last verified delivery, the
events that failed processing in the last 24 hours, read from the charity's webhook-calls
partition, GSI1 `webhook_calls_pk`), the public donation page's URL and a snippet to put it on
the charity's website. Payments: the charity's gateway payments newest first (GSI1
`payments_pk`), or one payout's (GSI2 `payout_pk`), filtered, with the totals of each payout
shown (what reaches the bank: gross - fee = net) for reconciliation."""

from __future__ import annotations

import datetime as dt
import functools
import html
import io
from collections.abc import Iterable
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from functions.billing import messages  # noqa: F401  (registers the area's messages)
from functions.core import clock, config, keys
from functions.core.access import Principal
from functions.core.errors import Invalid
from functions.core.messages import t
from functions.core.money import money_text
from functions.core.together import together
from functions.core.validation import NotJson, load_json, validate
from functions.domain.csv_safety import SafeCsvWriter
from functions.funds.models import Fund
from functions.gateways.models import GatewayAccount
from functions.giving.models import GivingPage
from functions.webhooks import payments as repository
from functions.webhooks.models import Payment, WebhookEvent

if TYPE_CHECKING:
    from functions.billing.list_queries import PaymentListQuery
    from functions.billing.schemas import PaymentExportQuery, PaymentFilters

MAX_READ = 5_000  # payments read for one list or export (newest first)
CSV_COLUMNS = (
    "provider",
    "business_key",
    "mode",
    "status",
    "created_at",
    "gross",
    "fee",
    "net",
    "refunded",
    "currency",
    "payout_id",
    "payout_date",
    "donation_id",
    "donor_name",
    "unmatched_reason",
)


def public_url() -> str:
    return config.env("ALMONER_PUBLIC_URL", config.app_url()).rstrip("/")


def page_url(tenant_id: str) -> str | None:
    try:
        page = GivingPage.get(*GivingPage.key(tenant_id))
    except GivingPage.DoesNotExist:
        return None
    return f"{public_url()}/give/{page.slug}" if page.slug else None


def embed_code(url: str | None) -> str | None:
    """A plain link styled as a button (the script widget is issue 17)."""
    if not url:
        return None
    style = (
        "display:inline-block;padding:12px 24px;border-radius:6px;background:#1d4ed8;"
        "color:#ffffff;font:600 16px sans-serif;text-decoration:none"
    )
    label = html.escape(t("billing.embed_label"))
    return f'<a href="{html.escape(url, quote=True)}" style="{style}">{label}</a>'


def _failures(tenant_id: str, since: dt.datetime) -> dict[str, int]:
    counted: dict[str, int] = {}
    start = clock.iso(since) or ""
    for item in WebhookEvent.gsi1.query(
        keys.webhook_calls_pk(tenant_id), WebhookEvent.gsi1sk >= f"WHAT#{start}", page_size=500
    ):
        if not isinstance(item, WebhookEvent) or item.status != "failed":
            continue
        if item.first_received_at < since and item.last_received_at < since:
            continue
        counted[item.provider] = counted.get(item.provider, 0) + 1
    return counted


def accounts(who: Principal) -> dict[str, Any]:
    tid = who.tenant_id
    found = [
        item
        for item in GatewayAccount.query(
            keys.tenant_pk(tid), GatewayAccount.sk.startswith(keys.gateway_prefix())
        )
        if isinstance(item, GatewayAccount) and item.status == "connected"
    ]
    fund_ids = [a.default_fund_id for a in found if a.default_fund_id]
    funds = {
        item.fund_id: item.name
        for item in Fund.batch_get([Fund.key(tid, fund_id) for fund_id in dict.fromkeys(fund_ids)])
        if isinstance(item, Fund)
    }
    failures = _failures(tid, clock.now() - dt.timedelta(hours=24)) if found else {}
    url = page_url(tid) if found else None
    data = [
        {
            "provider": account.provider,
            "mode": account.mode,
            "status": account.status,
            "account_name": account.account_name,
            "default_fund_id": account.default_fund_id,
            "default_fund_name": funds.get(account.default_fund_id or ""),
            "last_event_at": clock.iso(account.last_event_at),
            "failures_24h": failures.get(account.provider, 0),
            "page_url": url,
            "embed_code": embed_code(url),
        }
        for account in sorted(
            found,
            key=lambda a: ("stripe", "paypal").index(a.provider) if a.provider in ("stripe", "paypal") else 9,
        )
    ]
    return {"data": data, "meta": {"total": len(data), "page": 1, "length": len(data), "next_cursor": None}}


def _filters(raw: str) -> PaymentFilters | None:
    """The applied filters checked by `PaymentFilters`; None when none is (the list's first screen:
    nothing for pydantic to check)."""
    try:
        value = load_json(raw or "{}")
    except NotJson as exc:
        raise Invalid(errors={"filters": [t(exc.message_key, **exc.params)]}) from exc
    if not isinstance(value, dict):
        raise Invalid(errors={"filters": [t("field.json_object")]})
    given = {k: v for k, v in value.items() if k != "applied" and v not in (None, "", [])}
    if not given:
        return None
    from functions.billing.schemas import PaymentFilters

    return validate(PaymentFilters, given, prefix="filters")


def _matching(tenant_id: str, filters: PaymentFilters | None) -> list[Payment]:
    provider = filters.provider if filters else None
    status = filters.status if filters else None
    payout_id = filters.payout_id if filters else None
    date_from = filters.date_from if filters else None
    date_to = filters.date_to if filters else None
    unmatched = filters.unmatched if filters else None
    if payout_id:
        providers = [provider] if provider else ["stripe", "paypal"]
        source: Iterable[Payment] = [
            p for one in providers for p in repository.of_payout(tenant_id, one, payout_id)
        ]
    else:
        source = repository.newest_first(
            tenant_id,
            start=date_from.isoformat() if date_from else None,
            end=date_to.isoformat() if date_to else None,
        )
    found: list[Payment] = []
    for payment in source:
        day = payment.created_at.date()
        if provider and payment.provider != provider:
            continue
        if status and payment.status != status:
            continue
        if unmatched is not None and bool(payment.donation_id) == unmatched:
            continue
        if (date_from and day < date_from) or (date_to and day > date_to):
            continue
        if payment.test_event:
            continue
        found.append(payment)
        if len(found) >= MAX_READ:
            break
    found.sort(key=lambda p: (p.created_at, p.business_key), reverse=True)
    return found


def _money(pence: Any) -> str | None:
    return None if pence is None else money_text(Decimal(int(pence)) / 100)


def row(payment: Payment) -> dict[str, Any]:
    return {
        "provider": payment.provider,
        "business_key": payment.business_key,
        "mode": payment.mode,
        "status": payment.status,
        "created_at": clock.iso(payment.created_at),
        "gross": _money(payment.gross),
        "fee": _money(payment.fee),
        "net": _money(payment.net),
        "refunded": _money(payment.refunded or 0),
        "currency": payment.currency,
        "payout_id": payment.payout_id,
        "payout_date": payment.payout_date,
        "donation_id": payment.donation_id,
        "donor_name": payment.donor_name,
        "unmatched_reason": payment.unmatched_reason,
    }


def _payout_groups(tenant_id: str, shown: list[Payment]) -> list[dict[str, Any]]:
    """Each payout of the rows shown, with the totals of all its payments (what the bank got): one
    Query per payout, side by side."""
    firsts: dict[tuple[str, str], Payment] = {}
    for payment in shown:
        if payment.payout_id:
            firsts.setdefault((payment.provider, payment.payout_id), payment)

    def payout_payments(provider: str, payout_id: str) -> list[Payment]:
        return list(repository.of_payout(tenant_id, provider, payout_id))

    everyone = together(*(functools.partial(payout_payments, *key) for key in firsts))
    return [
        {
            "payout_id": payment.payout_id,
            "payout_date": payment.payout_date,
            "gross": _money(sum(int(p.gross or 0) for p in members)),
            "fee": _money(sum(int(p.fee or 0) for p in members)),
            "net": _money(sum(int(p.net if p.net is not None else p.gross or 0) for p in members)),
            "count": len(members),
        }
        for payment, members in zip(firsts.values(), everyone, strict=True)
    ]


def payments(who: Principal, query: PaymentListQuery) -> dict[str, Any]:
    found = _matching(who.tenant_id, _filters(query.filters))
    start = (query.page - 1) * query.length
    shown = found[start : start + query.length]
    return {
        "data": [row(p) for p in shown],
        "meta": {
            "total": len(found),
            "page": query.page,
            "length": query.length,
            "next_cursor": None,
            "payouts": _payout_groups(who.tenant_id, shown),
        },
    }


def payments_csv(who: Principal, query: PaymentExportQuery) -> tuple[str, str]:
    """(file name, CSV text): every matching payment, each cell through `SafeCsvWriter`."""
    found = _matching(who.tenant_id, _filters(query.filters))
    out = io.StringIO()
    writer = SafeCsvWriter(out, [(name, t(f"billing.csv.{name}")) for name in CSV_COLUMNS])
    writer.write_all(row(p) for p in found)
    return f"payments-{clock.today().isoformat()}.csv", out.getvalue()
