"""The subscription item kept to the gateway's word (issue 17 §1-3): created or changed from the
gateway's subscription object (a webhook, a fetch, a staff action's answer), failures and paid
instalments recorded once each. Every write is under the item's version and read again when
another writer moved it; the history gets an entry only for a real change."""

from __future__ import annotations

import copy
import datetime as dt
from collections.abc import Callable
from typing import Any

from functions.core import clock
from functions.giving.models import GivingIntent
from functions.subscriptions import repository
from functions.subscriptions.gateway import State
from functions.subscriptions.models import HISTORY_KEPT, Subscription

ATTEMPTS = 8


def _now() -> str:
    return clock.now().strftime("%Y-%m-%dT%H:%M:%SZ")


def add_history(
    subscription: Subscription,
    kind: str,
    *,
    before: Any = None,
    after: Any = None,
    by: str = "gateway",
    reason: str | None = None,
    amount: int | None = None,
    at: str | None = None,
    key: str | None = None,
) -> None:
    entry: dict[str, Any] = {
        "at": at or _now(),
        "kind": kind,
        "from": None if before is None else str(before),
        "to": None if after is None else str(after),
        "by": by,
        "reason": reason,
    }
    if amount is not None:
        entry["amount"] = int(amount)
    if key is not None:
        entry["key"] = key  # what makes the entry once (a failed attempt)
    subscription.history = [*(subscription.history or []), entry][-HISTORY_KEPT:]


def _intent(tenant_id: str, intent_id: str | None) -> GivingIntent | None:
    if not intent_id or len(intent_id) > 40:
        return None
    try:
        return GivingIntent.get(*GivingIntent.key(tenant_id, intent_id))
    except GivingIntent.DoesNotExist:
        return None


def _new(tenant_id: str, provider: str, mode: str, state: State) -> Subscription:
    now = clock.now()
    sid = repository.subscription_id_of(tenant_id, provider, state.gateway_subscription_id)
    intent = _intent(tenant_id, state.metadata.get("almoner_intent"))
    raw: Any = intent.donor if intent is not None else None
    donor: dict[str, Any] = dict(raw.as_dict() if hasattr(raw, "as_dict") else (raw or {}))
    name = " ".join(str(donor.get(k) or "") for k in ("first_name", "last_name")).strip()
    subscription = Subscription(
        *Subscription.key(tenant_id, sid),
        subscription_id=sid,
        tenant_id=tenant_id,
        provider=provider,
        mode=mode,
        gateway_subscription_id=state.gateway_subscription_id,
        donor_name=name or state.metadata.get("subscriber_name") or None,
        donor_email=str(donor.get("email") or "") or state.metadata.get("subscriber_email") or None,
        started_on=state.started_on,
        fund_id=intent.fund_id if intent is not None else None,
        source_page_id=intent.source_page_id if intent is not None else None,
        intent_id=intent.intent_id if intent is not None else None,
        created_at=now,
        updated_at=now,
        status=state.status,
        amount=state.amount,
        interval=state.interval,
    )
    add_history(subscription, "created", after=state.status)
    return subscription


def _fold(
    subscription: Subscription, state: State, by: str, reason: str | None, action: str | None = None
) -> bool:
    """The gateway's state onto the item, with a history entry per change; True if anything moved."""
    changed = False
    if subscription.status != state.status:
        before = subscription.status
        if state.status == "paused":
            add_history(subscription, "paused", before=before, after=state.paused_until, by=by, reason=reason)
        elif before == "paused" and state.status == "active":
            add_history(subscription, "resumed", before=before, after=state.status, by=by, reason=reason)
        elif state.status in ("cancelled", "expired"):
            add_history(
                subscription,
                "cancelled",
                before=before,
                after=state.status,
                by=by,
                reason=reason or state.cancel_reason,
            )
        elif before == "failing" and state.status == "active":
            add_history(
                subscription, "recovered", before=before, after=state.status, by=by, amount=state.amount
            )
        else:
            add_history(subscription, "status", before=before, after=state.status, by=by, reason=reason)
        if before == "failing" and state.status != "failing":
            subscription.failing_since = None
            subscription.last_failure_reason = None
        subscription.status = state.status
        changed = True
    if int(subscription.amount or 0) != state.amount and state.amount:
        add_history(
            subscription,
            "amount",
            before=_pounds(int(subscription.amount or 0)),
            after=_pounds(state.amount),
            by=by,
            reason=reason if by != "gateway" else None,
        )
        subscription.amount = state.amount
        changed = True
    if subscription.interval != state.interval:
        add_history(subscription, "interval", before=subscription.interval, after=state.interval, by=by)
        subscription.interval = state.interval
        changed = True
    if action == "charge_date" and subscription.next_charge_date != state.next_charge_date:
        add_history(
            subscription,
            "charge_date",
            before=subscription.next_charge_date,
            after=state.next_charge_date,
            by=by,
        )
    ended = state.status in ("cancelled", "expired")
    kept_reason = subscription.cancel_reason if ended else None
    wanted_reason = kept_reason or (
        (reason if by != "gateway" else None) or state.cancel_reason if ended else None
    )
    for name, value in (
        ("next_charge_date", state.next_charge_date),
        ("paused_until", state.paused_until),
        ("cancelled_at", state.cancelled_at),
        ("cancel_reason", wanted_reason),
        ("method", state.method),
        ("gateway_customer_id", state.gateway_customer_id),
    ):
        if getattr(subscription, name) != value:
            setattr(subscription, name, value)
            changed = True
    return changed


def _pounds(pence: int) -> str:
    return f"{pence // 100}.{pence % 100:02d}"


def _write(
    tenant_id: str, subscription_id: str, make: Callable[[Subscription | None], Subscription | None]
) -> Subscription | None:
    """Read, change (`make` answers the item to save, or None for nothing to do), save under the
    version read; again when another writer moved it."""
    for _ in range(ATTEMPTS):
        before = repository.get(tenant_id, subscription_id)
        after = make(copy.deepcopy(before) if before is not None else None)
        if after is None:
            return before
        after.updated_at = clock.now()
        try:
            repository.save(after)
        except repository.Stale:
            continue
        return after
    raise RuntimeError("the subscription kept moving under concurrent writers")


def apply_state(
    tenant_id: str,
    provider: str,
    mode: str,
    state: State,
    *,
    at: int,
    by: str = "gateway",
    reason: str | None = None,
    action: str | None = None,
) -> tuple[Subscription, bool]:
    """Create or update the subscription to `state` as the gateway said it at `at` (unix): an
    older word than the one applied changes nothing. (item, changed)."""
    sid = repository.subscription_id_of(tenant_id, provider, state.gateway_subscription_id)
    moved = {"changed": False}

    def make(current: Subscription | None) -> Subscription | None:
        if current is None:
            created = _new(tenant_id, provider, mode, state)
            _fold(created, state, by, reason, action)
            created.gateway_at = at
            moved["changed"] = True
            return created
        if at < int(current.gateway_at or 0):
            return None
        if not _fold(current, state, by, reason, action):
            if at > int(current.gateway_at or 0):
                current.gateway_at = at
                return current
            return None
        current.gateway_at = at
        moved["changed"] = True
        return current

    saved = _write(tenant_id, sid, make)
    assert saved is not None  # noqa: S101
    return saved, moved["changed"]


def record_failure(
    subscription: Subscription, invoice_id: str, attempt: int, reason: str, at: int
) -> tuple[Subscription, bool]:
    """A failed charge of `invoice_id` (its attempt `attempt`): failing, count + 1, reason, since
    when; once per attempt, and not for an invoice already paid."""
    key = f"{invoice_id}#{attempt}"
    moved = {"changed": False}

    def make(current: Subscription | None) -> Subscription | None:
        if current is None:
            return None
        refs = current.instalment_refs or []
        if any(str(r.get("invoice_id")) == invoice_id for r in refs):
            return None  # paid since: the failure is history
        if any(h.get("kind") == "failed" and h.get("key") == key for h in current.history or []):
            return None
        current_status = current.status
        current.failure_count = int(current.failure_count or 0) + 1
        current.last_failure_reason = reason[:300]
        if current.status not in ("cancelled", "expired") and at >= int(current.gateway_at or 0):
            if current.status != "failing":
                current.failing_since = dt.datetime.fromtimestamp(at, tz=dt.UTC).date().isoformat()
            current.status = "failing"
            current.gateway_at = at
        add_history(current, "failed", before=current_status, after="failing", reason=reason[:300], key=key)
        moved["changed"] = True
        return current

    saved = _write(subscription.tenant_id, subscription.subscription_id, make)
    return saved or subscription, moved["changed"]


def record_paid(
    subscription: Subscription,
    invoice_id: str,
    donation_id: str | None,
    amount: int,
    at: int,
    *,
    donor_id: str | None = None,
    declaration_id: str | None = None,
    donor_name: str | None = None,
    donor_email: str | None = None,
    next_charge_date: str | None = None,
) -> tuple[Subscription, bool]:
    """A paid instalment counted once; a failing subscription recovered by it; the donor the
    first instalment found or made (and its name, when the gift was not started on our page); the
    next charge date the gateway gave with it, only ever forward (an older instalment delivered
    late never moves it back) and not while the subscription is paused or has ended."""
    moved = {"changed": False}

    def make(current: Subscription | None) -> Subscription | None:
        if current is None:
            return None
        refs = list(current.instalment_refs or [])
        changed = False
        if not any(str(r.get("invoice_id")) == invoice_id for r in refs):
            refs.append({"invoice_id": invoice_id, "donation_id": donation_id, "amount": int(amount)})
            current.instalment_refs = refs
            current.instalments = int(current.instalments or 0) + 1
            current.total_given = int(current.total_given or 0) + int(amount)
            changed = True
            if current.status == "failing" and at >= int(current.gateway_at or 0):
                add_history(current, "recovered", before="failing", after="active", amount=amount)
                current.status = "active"
                current.failing_since = None
                current.last_failure_reason = None
                current.gateway_at = at
        for name, value in (
            ("donor_id", donor_id),
            ("declaration_id", declaration_id),
            ("donor_name", donor_name),
            ("donor_email", donor_email),
        ):
            if value and not getattr(current, name):
                setattr(current, name, value)
                changed = True
        if (
            next_charge_date
            and current.status in ("active", "failing")
            and next_charge_date > (current.next_charge_date or "")
        ):
            current.next_charge_date = next_charge_date
            changed = True
        if donation_id and any(
            str(r.get("invoice_id")) == invoice_id and not r.get("donation_id") for r in refs
        ):
            current.instalment_refs = [
                {**r, "donation_id": donation_id} if str(r.get("invoice_id")) == invoice_id else r
                for r in refs
            ]
            changed = True
        if not changed:
            return None
        moved["changed"] = True
        return current

    saved = _write(subscription.tenant_id, subscription.subscription_id, make)
    return saved or subscription, moved["changed"]


def record_refund(subscription: Subscription, invoice_id: str, refunded: int) -> tuple[Subscription, bool]:
    """The instalment paid by `invoice_id` (a Stripe invoice, a PayPal sale) refunded up to
    `refunded` pence in all: its row keeps the figure, the total given loses the growth, the
    history says so once per growth (refunds only grow, so repeats and reordering change nothing)."""
    moved = {"changed": False}

    def make(current: Subscription | None) -> Subscription | None:
        if current is None:
            return None
        refs = list(current.instalment_refs or [])
        at = next((i for i, r in enumerate(refs) if str(r.get("invoice_id")) == invoice_id), None)
        if at is None:
            return None
        ref = dict(refs[at])
        before = int(ref.get("refunded") or 0)
        amount = int(ref.get("amount") or 0)
        total = min(int(refunded), amount) if amount else int(refunded)
        if total <= before:
            return None
        ref["refunded"] = total
        refs[at] = ref
        current.instalment_refs = refs
        current.total_given = max(0, int(current.total_given or 0) - (total - before))
        add_history(
            current,
            "refunded",
            before=_pounds(amount - before),
            after=_pounds(amount - total),
            amount=total - before,
            key=f"refund:{invoice_id}:{total}",
        )
        moved["changed"] = True
        return current

    saved = _write(subscription.tenant_id, subscription.subscription_id, make)
    return saved or subscription, moved["changed"]
