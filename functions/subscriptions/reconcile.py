"""Nightly reconciliation of subscriptions with the gateways (issue 17 item 5).

For each charity with Stripe connected: every subscription not ended here is compared with
Stripe's (`GET /v1/subscriptions?status=all`, a missing one fetched by id) on status, amount,
interval and next charge date, and every invoice paid at Stripe in the last 7 days
(`GET /v1/invoices?status=paid&created[gte]=`) must have its donation here. With PayPal connected,
`reconcile_paypal` does the same for each PayPal subscription (read back one by one, its last 7
days of transactions). Each mismatch is a "needs attention" item (`keys.subscription_attention_sk`,
with its gateway), its id derived from what differs, so a repeated run finds the same item (a
dismissed one stays dismissed); an open item whose mismatch is gone by the next run is closed as
"resolved" (not when its gateway could not be asked this time).

Staff "apply the gateway's state": a subscription mismatch takes Stripe's current subscription
through `sync.apply_state` (as a webhook would); a missing donation stores the invoice as an
`invoice.paid` event (`evt_reconcile_<invoice id>`) and applies it at once through the webhooks'
own processing, which makes one donation per invoice id, so nothing is ever doubled (PayPal's
items: `reconcile_paypal.apply`, the same way with PAYMENT.SALE.COMPLETED).

Runs: the schedule (template `SubscriptionsReconciler`, daily) for every charity with a gateway,
and `POST /api/subscriptions/reconcile` (a job on the subscriptions queue) for one."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from typing import Any

from pynamodb.attributes import UnicodeAttribute, UTCDateTimeAttribute

from functions.core import audit, clock, jobs, keys
from functions.core.access import Principal
from functions.core.errors import Conflict, NotFound
from functions.core.pagination import ListQuery, page_body
from functions.core.table import Entity
from functions.subscriptions import gateway, repository, sync
from functions.subscriptions import messages as _messages  # noqa: F401 (registers the messages)
from functions.subscriptions.models import Subscription

INVOICE_DAYS = 7
KINDS = ("status", "amount", "interval", "next_charge_date", "missing_donation")
ENDED = ("cancelled", "expired")
JOB_TYPE = "subscriptions.reconcile"
MAX_PAGES = 50


class AttentionItem(Entity, discriminator="SubscriptionAttention"):
    tenant_id = UnicodeAttribute()
    item_id = UnicodeAttribute()
    kind = UnicodeAttribute()
    provider = UnicodeAttribute(null=True)  # stripe | paypal (None: found before PayPal was checked)
    subscription_id = UnicodeAttribute(null=True)
    gateway_subscription_id = UnicodeAttribute()
    invoice_id = UnicodeAttribute(null=True)
    donor_name = UnicodeAttribute(null=True)
    held = UnicodeAttribute(null=True)  # what Almoner has
    said = UnicodeAttribute(null=True)  # what the gateway has
    state = UnicodeAttribute(default="open")  # open | applied | dismissed | resolved
    found_at = UTCDateTimeAttribute()
    closed_at = UTCDateTimeAttribute(null=True)
    closed_by = UnicodeAttribute(null=True)

    @classmethod
    def key(cls, tenant_id: str, item_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.subscription_attention_sk(item_id)


def _pounds(pence: int) -> str:
    return f"{pence // 100}.{pence % 100:02d}"


def _item_id(kind: str, ref: str, said: str | None) -> str:
    return "att" + hashlib.sha256(f"{kind}|{ref}|{said}".encode()).hexdigest()[:21]


def all_items(tenant_id: str) -> list[AttentionItem]:
    return [
        i
        for i in AttentionItem.query(
            keys.tenant_pk(tenant_id),
            AttentionItem.sk.startswith(keys.subscription_attention_prefix()),
        )
        if isinstance(i, AttentionItem)
    ]


def open_count(tenant_id: str) -> int:
    return sum(1 for i in all_items(tenant_id) if i.state == "open")


# ------------------------------------------------------------------ the run
def _client(tenant_id: str) -> Any | None:
    from functions.gateways import repository as gateways
    from functions.webhooks.processing import stripe_client

    account = gateways.connected(tenant_id).get("stripe")
    return stripe_client(account) if account is not None else None


def _listed(endpoint: Any, params: dict[str, Any]) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    params = {**params, "limit": 100}
    for _ in range(MAX_PAGES):
        page = endpoint.list(params=params)
        items = [i.to_dict() for i in page.data]
        rows.extend(items)
        if not page.has_more or not items:
            break
        params = {**params, "starting_after": items[-1]["id"]}
    return rows


def _differences(item: Subscription, state: gateway.State) -> list[tuple[str, str | None, str | None]]:
    found: list[tuple[str, str | None, str | None]] = []
    if item.status != state.status:
        found.append(("status", item.status, state.status))
    if int(item.amount or 0) != state.amount:
        found.append(("amount", _pounds(int(item.amount or 0)), _pounds(state.amount)))
    if item.interval != state.interval:
        found.append(("interval", item.interval, state.interval))
    if item.next_charge_date != state.next_charge_date and state.status not in ENDED:
        found.append(("next_charge_date", item.next_charge_date, state.next_charge_date))
    return found


class Findings:
    """What one run found: each mismatch noted once as an attention item (a repeat run finds the
    same item, a dismissed one stays dismissed); what was seen, and the subscriptions that could
    not be asked this time (their open items are kept, not taken as resolved)."""

    def __init__(self, tenant_id: str, now: dt.datetime) -> None:
        self.tenant_id, self.now = tenant_id, now
        self.seen: set[str] = set()
        self.unasked: set[str] = set()
        self.found = 0

    def note(
        self, provider: str, kind: str, ref: str, sub: Subscription | None, gateway_id: str, **facts: Any
    ) -> None:
        item_id = _item_id(kind, ref, facts.get("said"))
        self.seen.add(item_id)
        item = AttentionItem(
            *AttentionItem.key(self.tenant_id, item_id),
            tenant_id=self.tenant_id,
            item_id=item_id,
            kind=kind,
            provider=provider,
            subscription_id=sub.subscription_id if sub is not None else None,
            gateway_subscription_id=gateway_id,
            donor_name=sub.donor_name if sub is not None else None,
            found_at=self.now,
            **facts,
        )
        try:
            item.save(condition=AttentionItem.pk.does_not_exist())
            self.found += 1
        except Exception as exc:  # noqa: BLE001
            if getattr(exc, "cause_response_code", None) != "ConditionalCheckFailedException":
                raise

    def close_resolved(self, providers: set[str]) -> None:
        """Open items of the gateways asked whose mismatch is gone since (a late webhook): closed."""
        for item in all_items(self.tenant_id):
            if (
                item.state == "open"
                and provider_of(item) in providers
                and item.item_id not in self.seen
                and item.gateway_subscription_id not in self.unasked
            ):
                item.update(
                    actions=[AttentionItem.state.set("resolved"), AttentionItem.closed_at.set(self.now)]
                )


def provider_of(item: AttentionItem) -> str:
    return item.provider or "stripe"  # items found before PayPal was reconciled were Stripe's


def _stripe_checks(tenant_id: str, client: Any, findings: Findings) -> tuple[int, int]:
    """Stripe's side of the run: (subscriptions checked, invoices read)."""
    import stripe

    def note(kind: str, ref: str, sub: Subscription | None, gateway_id: str, **facts: Any) -> None:
        findings.note("stripe", kind, ref, sub, gateway_id, **facts)

    listed = {s["id"]: s for s in _listed(client.v1.subscriptions, {"status": "all"})}
    checked = 0
    for sub in repository.newest_first(tenant_id):
        if sub.provider != "stripe" or sub.status in ENDED:
            continue
        checked += 1
        raw = listed.get(sub.gateway_subscription_id)
        if raw is None:
            try:
                raw = client.v1.subscriptions.retrieve(sub.gateway_subscription_id).to_dict()
            except stripe.StripeError:
                continue  # unknown at the gateway: nothing to apply
        state = gateway.stripe_state(raw)
        if state is None:
            continue
        for kind, held, said in _differences(sub, state):
            note(kind, sub.subscription_id, sub, sub.gateway_subscription_id, held=held, said=said)
    since = int((findings.now - dt.timedelta(days=INVOICE_DAYS)).timestamp())
    invoices = _listed(client.v1.invoices, {"status": "paid", "created": {"gte": since}})
    for invoice in invoices:
        gateway_id = gateway.invoice_subscription(invoice)
        if not gateway_id or int(invoice.get("amount_paid") or 0) <= 0:
            continue
        known = repository.of_gateway(tenant_id, "stripe", gateway_id)
        if has_donation(known, str(invoice["id"])):
            continue
        note(
            "missing_donation",
            str(invoice["id"]),
            known,
            gateway_id,
            invoice_id=str(invoice["id"]),
            held=None,
            said=_pounds(int(invoice.get("amount_paid") or 0)),
        )
    return checked, len(invoices)


def has_donation(sub: Subscription | None, business_key: str) -> bool:
    """Whether the instalment paid by this invoice (Stripe) or sale (PayPal) has its donation here."""
    refs = (sub.instalment_refs or []) if sub is not None else []
    return any(str(r.get("invoice_id")) == business_key and r.get("donation_id") for r in refs)


def _paypal_account(tenant_id: str) -> Any | None:
    from functions.gateways import repository as gateways

    return gateways.connected(tenant_id).get("paypal")


def run(tenant_id: str) -> dict[str, int]:
    """One charity's reconciliation with each gateway connected (Stripe, PayPal): {checked,
    invoices (Stripe invoices and PayPal sales read), found (new), open}."""
    from functions.subscriptions import reconcile_paypal

    findings = Findings(tenant_id, clock.now())
    checked = payments = 0
    asked: set[str] = set()
    client = _client(tenant_id)
    if client is not None:
        checked, payments = _stripe_checks(tenant_id, client, findings)
        asked.add("stripe")
    account = _paypal_account(tenant_id)
    if account is not None:
        more, sales = reconcile_paypal.check(tenant_id, account, findings)
        checked, payments = checked + more, payments + sales
        asked.add("paypal")
    findings.close_resolved(asked)
    return {"checked": checked, "invoices": payments, "found": findings.found, "open": open_count(tenant_id)}


# ------------------------------------------------------------------ staff
def view(item: AttentionItem) -> dict[str, Any]:
    return {
        "id": item.item_id,
        "kind": item.kind,
        "provider": provider_of(item),
        "subscription_id": item.subscription_id,
        "gateway_subscription_id": item.gateway_subscription_id,
        "invoice_id": item.invoice_id,
        "donor_name": item.donor_name,
        "held": item.held,
        "gateway": item.said,
        "state": item.state,
        "found_at": clock.iso(item.found_at),
        "closed_at": clock.iso(item.closed_at) if item.closed_at else None,
    }


def listing(who: Principal, query: ListQuery) -> dict[str, Any]:
    rows = sorted(
        (i for i in all_items(who.tenant_id) if i.state == "open"),
        key=lambda i: (i.found_at, i.item_id),
        reverse=True,
    )
    start = (query.page - 1) * query.length
    page = rows[start : start + query.length]
    return page_body([view(i) for i in page], total=len(rows), query=query, next_cursor=None)


def _open(who: Principal, item_id: str) -> AttentionItem:
    if not item_id or len(item_id) > 40:
        raise NotFound()
    try:
        item = AttentionItem.get(*AttentionItem.key(who.tenant_id, item_id), consistent_read=True)
    except AttentionItem.DoesNotExist as exc:
        raise NotFound() from exc
    if item.state != "open":
        raise Conflict("subscriptions.attention_closed")
    return item


def _close(who: Principal, item: AttentionItem, state: str) -> dict[str, Any]:
    item.update(
        actions=[
            AttentionItem.state.set(state),
            AttentionItem.closed_at.set(clock.now()),
            AttentionItem.closed_by.set(who.user_id),
        ]
    )
    audit.record(who.tenant_id, f"subscription.attention_{state}", actor_id=who.user_id, item_id=item.item_id)
    return view(item)


def dismiss(who: Principal, item_id: str) -> dict[str, Any]:
    return _close(who, _open(who, item_id), "dismissed")


def apply(who: Principal, item_id: str) -> dict[str, Any]:
    """Apply the gateway's state (see the module's docstring); idempotent."""
    import stripe

    from functions.subscriptions.service import GatewayFailed

    item = _open(who, item_id)
    if provider_of(item) == "paypal":
        from functions.subscriptions import reconcile_paypal

        reconcile_paypal.apply(who.tenant_id, item)
        return _close(who, item, "applied")
    client = _client(who.tenant_id)
    if client is None:
        raise Conflict("subscriptions.no_gateway", provider="Stripe")
    try:
        if item.kind == "missing_donation":
            invoice = client.v1.invoices.retrieve(str(item.invoice_id)).to_dict()
            _record_invoice(who.tenant_id, invoice)
        else:
            raw = client.v1.subscriptions.retrieve(item.gateway_subscription_id).to_dict()
            state = gateway.stripe_state(raw)
            if state is None:
                raise Conflict("subscriptions.attention_gone")
            account_mode = _mode(who.tenant_id)
            sync.apply_state(
                who.tenant_id,
                "stripe",
                account_mode,
                state,
                at=read_now(who.tenant_id, "stripe", item.gateway_subscription_id),
                reason="reconciliation",
            )
    except stripe.StripeError as error:
        from functions.gateways import stripe_api

        raise GatewayFailed(reason=stripe_api.problem(error).reason) from error
    return _close(who, item, "applied")


def read_now(tenant_id: str, provider: str, gateway_id: str) -> int:
    """The moment of a state just read from the gateway: now, or just after the last event applied
    if that is later (the gateway's clock may run ahead of ours), so the present word is never
    taken for an older one."""
    held = repository.of_gateway(tenant_id, provider, gateway_id)
    return max(int(clock.now().timestamp()), int(held.gateway_at or 0) if held is not None else 0)


def _mode(tenant_id: str) -> str:
    from functions.gateways import repository as gateways

    account = gateways.connected(tenant_id).get("stripe")
    return str(account.mode) if account is not None and account.mode else "test"


def _record_invoice(tenant_id: str, invoice: dict[str, Any]) -> None:
    """The invoice as an `invoice.paid` event, stored once and applied now by the webhooks' own
    processing (one donation per invoice id)."""
    from functions.gateways import repository as gateways

    account = gateways.connected(tenant_id)["stripe"]
    event_id = f"evt_reconcile_{invoice['id']}"
    paid_at = int((invoice.get("status_transitions") or {}).get("paid_at") or invoice.get("created") or 0)
    payload = {
        "id": event_id,
        "object": "event",
        "created": paid_at,
        "livemode": bool(invoice.get("livemode")),
        "type": "invoice.paid",
        "data": {"object": invoice},
    }
    apply_fetched("stripe", tenant_id, account, event_id, payload)


def apply_fetched(
    provider: str, tenant_id: str, account: Any, event_id: str, payload: dict[str, Any]
) -> None:
    """An event built from what the gateway's API answered, stored once (as a delivery would be,
    marked as fetched) and applied now by the webhooks' own processing: idempotent on its payment."""
    from functions.webhooks import ingest
    from functions.webhooks import jobs as webhook_jobs

    name = {"stripe": "Stripe", "paypal": "PayPal"}[provider]
    raw = json.dumps(payload, separators=(",", ":")).encode("utf-8")
    ingest.store(
        provider,
        tenant_id,
        account,
        raw,
        {},
        {"method": f"reconciliation (fetched from {name}'s API)", "result": "verified"},
        delivered=False,
    )
    webhook_jobs.handle({"tenant_id": tenant_id, "provider": provider, "event_id": event_id})


# ------------------------------------------------------------------ jobs and schedule
def request(who: Principal) -> dict[str, Any]:
    """`POST /api/subscriptions/reconcile`: a job on the subscriptions queue."""
    job = jobs.submit(
        "subscriptions", tenant_id=who.tenant_id, user_id=who.user_id, job_type=JOB_TYPE, payload={}
    )
    audit.record(who.tenant_id, "subscription.reconcile_requested", actor_id=who.user_id, job_id=job.job_id)
    return {"job_id": job.job_id}


def handle(message: dict[str, Any]) -> None:
    job = jobs.get(message["tenant_id"], message["job_id"])
    if not jobs.start(job, total=1):
        return
    jobs.finish(job, run(message["tenant_id"]))


def _scheduled(event: dict[str, Any], context: Any) -> dict[str, int]:
    from functions.gateways import repository as gateways
    from functions.notifications import repository as charities
    from functions.subscriptions import paypal_actions

    total = {"charities": 0, "found": 0, "resumed": 0}
    for tenant_id in charities.all_charity_ids():
        connected = gateways.connected(tenant_id)
        if "paypal" in connected:  # PayPal has no timed pause: the due ones are resumed here
            total["resumed"] += paypal_actions.resume_due(tenant_id)
        if "stripe" not in connected and "paypal" not in connected:
            continue
        total["charities"] += 1
        total["found"] += run(tenant_id)["found"]
    return total


_queue_handler = None


def handler(event: dict[str, Any], context: Any) -> Any:
    """The schedule's run over every charity, or the queue's jobs (one charity each)."""
    global _queue_handler
    if isinstance(event, dict) and "Records" in event:
        if _queue_handler is None:
            _queue_handler = jobs.sqs_handler(handle)
        return _queue_handler(event, context)
    return _scheduled(event, context)
