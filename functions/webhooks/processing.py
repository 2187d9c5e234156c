"""Applies one verified, stored webhook event to the charity's data (ADR 0022): the `Payment` of
its business key, and through it the donor, declaration and donation. Called by the webhooks
queue's job and by a replay; idempotent on the business key, so running it twice changes nothing
the second time.

The contract with ingestion (functions/webhooks/ingest.py and jobs): `apply` returns an `Outcome`;
raising means "failed, retry" (the job reports the message failed; after the queue's
maxReceiveCount it is in the DLQ and the event shows as failed with its error).

How an event lands, in two idempotent steps:
1. `_merge` folds the event's fact into the payment, under the payment's version. The payment's
   own state (pending, failed, succeeded) changes only for an event newer than `applied_at` (a
   tie goes to succeeded over failed over pending); an older one changes nothing. Refunds and
   disputes are facts that only grow (Stripe's cumulative `amount_refunded`, PayPal's refund ids,
   a dispute open → won/lost), so they are kept whatever order they come in: a refund delivered
   before the payment's success is stored on the payment and applied once the donation exists.
2. `_reconcile` moves the donation to what the payment now says, one write at a time through the
   donations write path (totals, fund ledger, Gift Aid assessment): created (received, or pending
   while a Bacs/PayPal payment clears: not counted, not claimable), received, refunded (in full;
   a claimed donation gets its Gift Aid reversal) or reduced (partly refunded), cancelled (a
   pending payment that failed). The donation's id is derived from the business key and its
   external reference is put only if absent, so two events racing make one donation.

The donation's amount is what the donor paid, fee cover included: the donor gave it all to the
charity (and it is all Gift Aid-able); the fee the gateway kept is on the payment (fee, net).
"""

from __future__ import annotations

import copy
import datetime as dt
import hashlib
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Literal

from pynamodb.exceptions import PutError

from functions.core import audit, clock, keys, secret_box
from functions.core.errors import AlmonerError, Conflict
from functions.core.money import money_text
from functions.core.observability import logger
from functions.declarations import repository as declarations
from functions.declarations.models import DeclarationRecord
from functions.domain import matching, names
from functions.domain.imports import donor_match
from functions.domain.imports.transforms import uk_date_of_utc
from functions.donations import repository as donations
from functions.donations import service as donation_service
from functions.donations.models import Donation
from functions.donors import repository as donors
from functions.donors.models import Donor, DonorMatchKey
from functions.donors.transaction import Transaction, TransactionFailed
from functions.gateways import repository as gateways
from functions.gateways.models import GatewayAccount
from functions.giftaid import reversals
from functions.giving.models import GivingIntent
from functions.webhooks import facts as f
from functions.webhooks import (
    payments,
    paypal_events,
    paypal_subscription_events,
    stripe_events,
    subscription_events,
)
from functions.webhooks.facts import Fact
from functions.webhooks.models import Payment, WebhookEvent

OutcomeStatus = Literal["processed", "ignored", "rejected"]
ATTEMPTS = 8
EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.UTC)
SOURCE = {"stripe": "Stripe", "paypal": "PayPal"}
TEST_RESULT = "test event received and verified"
OLDER = "no change (older than what was applied)"
NO_CHANGE = "no change"
NO_DONOR = "no donor details: the payment did not come from the donation page and names no payer"
ALL_SCOPES = ["this_donation", "past_4_years", "future"]


@dataclass(frozen=True)
class Instalment:
    """An instalment of a recurring gift (issue 17): what its donation takes from its subscription."""

    subscription_id: str
    gateway_subscription_id: str
    paid_on: str  # ISO date: the invoice's paid date
    donor_id: str | None = None
    declaration_id: str | None = None
    fund_id: str | None = None
    project_id: str | None = None
    source_page_id: str | None = None
    interval: str = "month"


@dataclass(frozen=True)
class Outcome:
    status: OutcomeStatus
    result: str  # in words, shown on the webhook-calls screen ("donation created", "no change")
    donation_id: str | None = None
    business_key: str | None = None


def apply(event: WebhookEvent, payload: dict[str, Any]) -> Outcome:
    """`payload` is the parsed raw body the event was stored with."""
    if event.test_event or (event.provider == "stripe" and stripe_events.is_test(payload)):
        claimed = stripe_events.tenant_of(payload) if event.provider == "stripe" else None
        if claimed and claimed != event.tenant_id:
            return Outcome("rejected", "rejected: mismatch")
        return Outcome("processed", TEST_RESULT)
    if paypal_subscription_events.handles(event.provider, event.type or str(payload.get("event_type") or "")):
        return paypal_subscription_events.apply(event, payload, _account(event.tenant_id, event.provider))  # type: ignore[no-any-return]
    if subscription_events.handles(event.provider, event.type or str(payload.get("type") or "")):
        return subscription_events.apply(event, payload, _account(event.tenant_id, event.provider))  # type: ignore[no-any-return]
    fact = read(event.provider, payload)
    if fact is None:
        return Outcome("ignored", f"ignored: {event.type}")
    account = _account(event.tenant_id, event.provider)
    if _mismatch(event, fact, account):
        return Outcome("rejected", "rejected: mismatch", business_key=fact.business_key or None)
    if fact.kind == f.PAYOUT:
        return _payout(event, fact, account)
    if fact.kind == f.REFUND and event.provider == "stripe":
        instalment = subscription_events.refund_of_instalment(event, payload, fact, account)
        if instalment is not None:
            return instalment  # type: ignore[no-any-return]
    return _payment(event, fact, account)


def read(provider: str, payload: dict[str, Any]) -> Fact | None:
    if provider == "stripe":
        return stripe_events.read(payload)
    if provider == "paypal":
        return paypal_events.read(payload)
    return None


def _account(tenant_id: str, provider: str) -> GatewayAccount | None:
    """The charity's account of `provider` whatever its status (mode, default fund, API base), as
    read in the last few seconds: a burst of events reads it once."""
    return gateways.recent(tenant_id, provider)


def _mismatch(event: WebhookEvent, fact: Fact, account: GatewayAccount | None) -> bool:
    """Signed by this charity's secret, yet about another charity's gift or the other mode."""
    if fact.tenant_id and fact.tenant_id != event.tenant_id:
        return True
    mode = account.mode if account is not None else None
    if mode and fact.mode and fact.mode != mode:
        return True
    return bool(mode and fact.livemode is not None and ("live" if fact.livemode else "test") != mode)


# ------------------------------------------------------------------ the payment


def _payment(
    event: WebhookEvent, fact: Fact, account: GatewayAccount | None, instalment: Instalment | None = None
) -> Outcome:
    tenant_id, provider = event.tenant_id, event.provider
    words: list[str] = []
    payment: Payment | None = None
    for _ in range(ATTEMPTS):
        before = payments.get(tenant_id, provider, fact.business_key)
        payment, what = _merge(before, fact, tenant_id, provider, account)
        if what in (OLDER, NO_CHANGE):
            words.append(what)
            break
        try:
            payments.save(payment)
        except payments.Stale:
            continue
        words.append(what)
        break
    else:
        raise RuntimeError("the payment kept moving under concurrent events")
    assert payment is not None  # noqa: S101
    if provider == "stripe" and payment.fee is None and payment.charge_id and account is not None:
        payment = _with_stripe_fee(payment, account)
    donation_id, done = _reconcile(payment, fact, account, instalment)
    if done:
        words = [word for word in words if word not in (OLDER, NO_CHANGE)] + done
    return Outcome(
        "processed", "; ".join(dict.fromkeys(words)), donation_id=donation_id, business_key=fact.business_key
    )


def _new_payment(tenant_id: str, provider: str, fact: Fact, account: GatewayAccount | None) -> Payment:
    mode = (account.mode if account is not None else None) or fact.mode
    if mode is None and fact.livemode is not None:
        mode = "live" if fact.livemode else "test"
    return Payment(
        *Payment.key(tenant_id, provider, fact.business_key),
        tenant_id=tenant_id,
        provider=provider,
        business_key=fact.business_key,
        mode=mode or "test",
        status="pending",
        currency=fact.currency,
        gross=fact.gross or 0,
        created_at=fact.created_at or fact.at,
        applied_at=EPOCH,
        payment_state="unknown",
    )


def _merge(
    before: Payment | None, fact: Fact, tenant_id: str, provider: str, account: GatewayAccount | None
) -> tuple[Payment, str]:
    """The payment with this fact folded in, and what changed in words (OLDER / NO_CHANGE when
    nothing did)."""
    payment = _new_payment(tenant_id, provider, fact, account) if before is None else copy.deepcopy(before)
    what = NO_CHANGE if before is not None else "payment recorded"
    if fact.kind in f.STATE_OF:
        state = f.STATE_OF[fact.kind]
        newer = (fact.at, f.STATE_RANK[state]) > (
            payment.applied_at,
            f.STATE_RANK.get(payment.payment_state, -1),
        )
        if before is None or payment.payment_state == "unknown" or newer:
            if payment.payment_state != state or before is None:
                what = f"payment {state}"
            payment.payment_state, payment.applied_at = state, fact.at
            if fact.gross is not None:
                payment.gross = fact.gross
        elif (fact.at, state) != (payment.applied_at, payment.payment_state):
            what = OLDER  # the same event again is only "no change"
    elif fact.kind == f.REFUND:
        if fact.gross and not payment.gross:
            payment.gross = fact.gross
        grew = False
        if fact.refunded_total is not None and fact.refunded_total > int(payment.refunded or 0):
            payment.refunded, grew = fact.refunded_total, True
        if fact.refund_id and fact.refund_id not in (payment.refund_ids or []):
            payment.refund_ids = [*(payment.refund_ids or []), fact.refund_id]  # type: ignore[list-item]
            payment.refunded = int(payment.refunded or 0) + int(fact.refund_amount or 0)
            grew = True
        if grew:
            what = f"refund of £{money_text(Decimal(int(payment.refunded)) / 100)} recorded"
        elif before is not None:
            what = OLDER
    elif fact.kind == f.DISPUTE:
        if f.DISPUTE_RANK[fact.dispute_status] > f.DISPUTE_RANK.get(payment.dispute_status, -1):
            payment.dispute_status, payment.disputed = fact.dispute_status, True
            what = f"dispute {fact.dispute_status}"
        elif before is not None:
            what = OLDER
    filled = _fill(payment, fact)
    if filled and what in (OLDER, NO_CHANGE):
        what = "payment details recorded"
    payment.status = shown_status(payment)
    if before is not None and payment.status != before.status and what in (OLDER, NO_CHANGE):
        what = f"payment {payment.status}"
    return payment, what


def _fill(payment: Payment, fact: Fact) -> bool:
    """Details any event may bring that the payment lacks (fee, charge, gift); True if any."""
    changed = False
    for name, value in (
        ("fee", fact.fee),
        ("net", fact.net),
        ("charge_id", fact.charge_id),
        ("intent_id", fact.intent_id),
    ):
        if value is not None and getattr(payment, name) is None:
            setattr(payment, name, value)
            changed = True
    return changed


def shown_status(payment: Payment) -> str:
    """The status on the Payments screen (models.PAYMENT_STATUSES)."""
    refunded, gross = int(payment.refunded or 0), int(payment.gross or 0)
    if payment.payment_state == "failed":
        return "failed"
    if payment.dispute_status == "open":
        return "disputed"
    if payment.dispute_status == "lost" or (gross and refunded >= gross):
        return "refunded"
    if refunded > 0:
        return "partially_refunded"
    if payment.payment_state == "succeeded":
        return "succeeded"
    return "pending"


def _save_details(payment: Payment, change: Callable[[Payment], bool]) -> Payment:
    """Apply `change` to the payment and save it under the version it was read or saved with;
    when another event moved it meanwhile, to the newest one (read again) until it lands."""
    for attempt in range(ATTEMPTS):
        fresh = (
            copy.deepcopy(payment)
            if attempt == 0
            else payments.get(payment.tenant_id, payment.provider, payment.business_key) or payment
        )
        if not change(fresh):
            return fresh
        fresh.status = shown_status(fresh)
        try:
            payments.save(fresh)
            return fresh
        except payments.Stale:
            continue
    return payment


# ------------------------------------------------------------------ Stripe API (fees, payouts)


def stripe_client(account: GatewayAccount) -> Any:
    """The charity's own Stripe account, at the API base it was connected with (the local fake)."""
    import stripe

    secret = secret_box.unseal_cached(account.secret, account.tenant_id)
    if account.api_base:
        return stripe.StripeClient(secret, base_addresses={"api": account.api_base})
    return stripe.StripeClient(secret)


def _with_stripe_fee(payment: Payment, account: GatewayAccount) -> Payment:
    """Fee and net from the charge's balance transaction; a failure leaves them unknown."""
    try:
        charge = stripe_client(account).v1.charges.retrieve(
            payment.charge_id or "", params={"expand": ["balance_transaction"]}
        )
        balance = charge["balance_transaction"]
        fee, net = int(balance["fee"]), int(balance["net"])
    except Exception:  # noqa: BLE001  (the donation must not wait for the fee)
        logger.warning("stripe fee not fetched", extra={"business_key": payment.business_key})
        return payment

    def set_fee(fresh: Payment) -> bool:
        if fresh.fee is not None:
            return False
        fresh.fee, fresh.net = fee, net
        return True

    return _save_details(payment, set_fee)


def _payout(event: WebhookEvent, fact: Fact, account: GatewayAccount | None) -> Outcome:
    """Tag each payment of the payout's balance transactions with the payout (reconciliation)."""
    if account is None or not fact.payout_id:
        return Outcome("ignored", "ignored: payout of an account not connected")
    tagged = 0
    listed = stripe_client(account).v1.balance_transactions.list(
        params={"payout": fact.payout_id, "limit": 100, "expand": ["data.source"]}
    )
    for balance in listed.auto_paging_iter():
        source = balance.get("source")
        intent: Any = source.get("payment_intent") if hasattr(source, "get") else None
        if hasattr(intent, "get"):
            intent = intent.get("id")
        if not isinstance(intent, str):
            continue
        payment = payments.get(event.tenant_id, "stripe", intent)
        if payment is None:
            continue

        def tag(fresh: Payment) -> bool:
            if fresh.payout_id == fact.payout_id and fresh.payout_date == fact.payout_date:
                return False
            fresh.payout_id, fresh.payout_date = fact.payout_id, fact.payout_date
            return True

        if payment.payout_id != fact.payout_id or payment.payout_date != fact.payout_date:
            _save_details(payment, tag)
            tagged += 1
    result = f"payout {fact.payout_id}: {tagged} payments tagged" if tagged else NO_CHANGE
    return Outcome("processed", result, business_key=fact.payout_id)


# ------------------------------------------------------------------ the donation


def stable_id(payment: Payment, what: str) -> str:
    """An id of the donation/donor/declaration this payment makes: the same for every event and
    every retry (so racing events put the same item, once), sortable by the payment's time."""
    millis = int(payment.created_at.timestamp() * 1000)
    digest = hashlib.sha256(
        f"{payment.tenant_id}|{payment.provider}|{payment.business_key}|{what}".encode()
    ).hexdigest()
    return f"{millis:012x}{digest[:14]}"


def _intent(tenant_id: str, intent_id: str | None) -> GivingIntent | None:
    if not intent_id:
        return None
    try:
        return GivingIntent.get(*GivingIntent.key(tenant_id, intent_id), consistent_read=True)
    except GivingIntent.DoesNotExist:
        return None


class _Known:
    """The giving intent as one apply read or wrote it (read at most once per apply)."""

    def __init__(self) -> None:
        self._intents: dict[str, GivingIntent | None] = {}

    def intent(self, tenant_id: str, intent_id: str | None) -> GivingIntent | None:
        if not intent_id:
            return None
        if intent_id not in self._intents:
            self._intents[intent_id] = _intent(tenant_id, intent_id)
        return self._intents[intent_id]


def _current(payment: Payment) -> Donation | None:
    donation_id = payment.donation_id or donations.ref_owner(
        payment.tenant_id, SOURCE[payment.provider], payment.business_key
    )
    if not donation_id:
        return None
    try:
        return donations.get(payment.tenant_id, donation_id)
    except AlmonerError:
        return None


def _reconcile(
    payment: Payment, fact: Fact, account: GatewayAccount | None, instalment: Instalment | None = None
) -> tuple[str | None, list[str]]:
    """Bring the donation to what the payment says; (its id, what was done in words)."""
    done: list[str] = []
    donation: Donation | None = None
    known = _Known()
    fresh = False  # `donation` is what this apply just wrote (no need to read it again)
    for _ in range(ATTEMPTS):
        if not fresh:
            donation = _current(payment)
        fresh = False
        if donation is None:
            if payment.payment_state == "failed":
                _intent_failed(payment, known)
            if payment.payment_state not in ("pending", "succeeded"):
                break
            made, donation = _create(payment, fact, account, known, instalment)
            if made == NO_DONOR:
                _mark_unmatched(payment, NO_DONOR)
                return None, ["payment unmatched: no donor details"]
            if made:
                done.append(made)
            fresh = donation is not None
            continue
        step = _next_step(payment, donation)
        if step is None:
            break
        after, words, partial = step
        if words.startswith("partial refund not applied"):
            done.append(words)
            break
        try:
            _write(donation, after, partial)
        except AlmonerError:
            continue  # moved meanwhile: read again
        reversals.after_donation_change(payment.tenant_id, donation, after)
        audit.record(
            payment.tenant_id,
            "donation.gateway_update",
            donation_id=donation.donation_id,
            provider=payment.provider,
            business_key=payment.business_key,
            result=words,
        )
        done.append(words)
        donation, fresh = after, True
    else:
        raise RuntimeError("the donation kept moving under concurrent events")
    if donation is not None:
        _link(payment, donation, known)
    return (donation.donation_id if donation is not None else None), done


def _write(before: Donation, after: Donation, partial: bool) -> None:
    """One donation write with its totals and ledger lines (`partial`: money returned to the
    donor, so each fund line loses a refund reversal); Conflict when the donation moved."""
    for _ in range(ATTEMPTS):
        involved = donation_service.donors_of(before.tenant_id, [before.donor_id])
        transaction = Transaction()
        donations.add_changes(transaction, [(before, after)], involved, partial_refund=partial)
        try:
            transaction.commit()
            return
        except TransactionFailed as failed:
            if "donation" in failed.tags:
                raise Conflict("donations.stale") from failed
            continue  # the donor's totals moved: read them again
    raise Conflict("donations.stale")


def _next_step(payment: Payment, donation: Donation) -> tuple[Donation, str, bool] | None:
    """The one write that moves the donation towards the payment: (after, words, partial)."""
    state = payment.payment_state
    after = copy.deepcopy(donation)
    if state == "failed":
        if donation.status == "pending":
            after.status = "cancelled"
            after.notes = _note(donation.notes, "the payment failed")
            return after, "donation cancelled (the payment failed)", False
        return None
    if state != "succeeded":
        return None
    if donation.status == "pending":
        after.status = "received"
        return after, "donation received", False
    if donation.status != "received":
        return None  # refunded or cancelled already: left as it is
    if payment.dispute_status in ("open", "won") and f"dispute {payment.dispute_status}" not in (
        donation.notes or ""
    ):
        after.notes = _note(donation.notes, f"dispute {payment.dispute_status}")
        return after, f"dispute {payment.dispute_status} noted on the donation", False
    refunded = int(payment.gross or 0) if payment.dispute_status == "lost" else int(payment.refunded or 0)
    if refunded <= 0:
        return None
    kept = Decimal(int(payment.gross or 0) - refunded) / 100
    if kept <= 0:
        after.status = "refunded"
        after.refunded_at = max(clock.today().isoformat(), donation.donation_date)
        why = "the dispute was lost" if payment.dispute_status == "lost" else "refunded in full"
        after.notes = _note(donation.notes, why)
        return after, "donation refunded", False
    if kept == donation.amount:
        return None
    if donation.claim_id:
        return donation, "partial refund not applied: a Gift Aid claim holds the donation", False
    after.amount = kept
    after.notes = _note(donation.notes, f"£{money_text(donation.amount - kept)} refunded")
    return after, f"donation partly refunded (£{money_text(kept)} kept)", True


def _as_dict(value: Any) -> dict[str, Any]:
    if value is None:
        return {}
    if hasattr(value, "as_dict"):
        return dict(value.as_dict())
    return dict(value)


def _note(notes: str | None, text: str) -> str:
    return f"{notes}; {text}" if notes else text


def _mark_unmatched(payment: Payment, reason: str) -> None:
    def mark(fresh: Payment) -> bool:
        if fresh.unmatched_reason == reason or fresh.donation_id:
            return False
        fresh.unmatched_reason = reason
        return True

    _save_details(payment, mark)


INTENT_STATUS = {"received": "paid", "refunded": "paid", "pending": "pending", "cancelled": "failed"}


def _link(payment: Payment, donation: Donation, known: _Known) -> None:
    """The payment names its donation, and the page's gift (the intent the thank-you page polls)
    says paid/pending/failed with the donation. The payment keeps what the intent was last set
    to (`intent_synced`), so an event that changes neither reads nothing more; the intent is
    written first, so a failure in between leaves the mark unset and the next event or retry
    sets the intent again."""
    wanted = INTENT_STATUS.get(str(donation.status), "paid")
    mark = f"{donation.donation_id}:{wanted}"
    if payment.intent_synced != mark:
        intent = known.intent(payment.tenant_id, payment.intent_id)
        if intent is not None and (
            intent.donation_id != donation.donation_id
            or intent.status != wanted
            or (donation.donor_id and intent.donor_id != donation.donor_id)
        ):
            actions: list[Any] = [
                GivingIntent.donation_id.set(donation.donation_id),
                GivingIntent.status.set(wanted),
            ]
            if donation.donor_id:
                actions.append(GivingIntent.donor_id.set(donation.donor_id))
            intent.update(actions=actions)

    def link(fresh: Payment) -> bool:
        if (
            fresh.donation_id == donation.donation_id
            and not fresh.unmatched_reason
            and fresh.intent_synced == mark
        ):
            return False
        fresh.donation_id, fresh.unmatched_reason = donation.donation_id, None
        fresh.donor_name = donation.donor_name
        fresh.intent_synced = mark
        return True

    _save_details(payment, link)


def _intent_failed(payment: Payment, known: _Known) -> None:
    intent = known.intent(payment.tenant_id, payment.intent_id)
    if intent is not None and intent.status in ("open", "pending") and not intent.donation_id:
        intent.update(actions=[GivingIntent.status.set("failed")])


def _create(
    payment: Payment,
    fact: Fact,
    account: GatewayAccount | None,
    known: _Known,
    instalment: Instalment | None = None,
) -> tuple[str, Donation | None]:
    """Create the payment's donation (with its donor and declaration): (what was done in words,
    the donation as written); NO_DONOR when nothing names a donor, "" and None when a concurrent
    event created it first. An instalment's donation is its subscription's: its donor, the
    declaration made at sign-up (enduring), its fund, dated by the invoice."""
    tenant_id = payment.tenant_id
    intent = known.intent(tenant_id, payment.intent_id or fact.intent_id)
    who = _donor_details(intent, fact)
    known_donor = (
        donors.get_many(tenant_id, [instalment.donor_id]).get(instalment.donor_id)
        if instalment is not None and instalment.donor_id
        else None
    )
    if who is None and known_donor is None:
        return NO_DONOR, None
    donor = known_donor or _donor(payment, who, intent)  # type: ignore[arg-type]
    if instalment is not None and instalment.declaration_id:
        declaration_id: str | None = instalment.declaration_id
    elif intent is not None:
        declaration_id = _declaration(payment, donor, intent, instalment)
    else:
        declaration_id = None
    donation_id = stable_id(payment, "donation")
    gross = Decimal(int(payment.gross or 0)) / 100
    pending = payment.payment_state == "pending"
    note = f"Online gift via {SOURCE[payment.provider]}"
    if instalment is not None:
        every = "Monthly" if instalment.interval == "month" else "Annual"
        paid_by = "sale" if payment.provider == "paypal" else "invoice"
        note = f"{every} gift via {SOURCE[payment.provider]} ({paid_by} {payment.business_key})"
    if intent is not None and int(intent.fee_cover or 0):
        note += f" (includes £{money_text(Decimal(int(intent.fee_cover)) / 100)} to cover fees)"
    donation = Donation(
        *Donation.key(tenant_id, donation_id),
        donation_id=donation_id,
        tenant_id=tenant_id,
        donor_id=donor.donor_id,
        donor_name=names.display_name(donors.facts_of(donor)),
        amount=gross,
        donation_date=(
            instalment.paid_on
            if instalment is not None
            else uk_date_of_utc(payment.created_at.astimezone(dt.UTC).replace(tzinfo=None)).isoformat()
        ),
        payment_method=payment.provider,
        source=SOURCE[payment.provider],
        external_ref=payment.business_key,
        notes=note,
        status="pending" if pending else "received",
        subscription_id=instalment.subscription_id if instalment is not None else None,
        source_page_id=(
            instalment.source_page_id
            if instalment is not None
            else (intent.source_page_id if intent is not None else None)
        ),
    )
    fund_id = (
        (instalment.fund_id if instalment is not None else None)
        or (intent.fund_id if intent is not None else None)
        or (account.default_fund_id if account is not None else None)
    )
    project_id = instalment.project_id if instalment is not None else None
    lines: list[tuple[str, int, str | None]] | None = (
        [(fund_id, int(payment.gross or 0), project_id)] if fund_id else None
    )
    for split in [lines, None] if lines else [None]:
        attempt = copy.deepcopy(donation)
        donations.set_split(attempt, split)

        def changes(involved: dict[str, Donor], attempt: Donation = attempt) -> list[donations.Change]:
            return [(None, attempt)]

        try:
            donation_service.write_with_retry(
                tenant_id,
                changes,
                [donor.donor_id],
                ref=payment.business_key,
                source=SOURCE[payment.provider],
            )
        except AlmonerError:
            if _current(payment) is not None:
                return "", None  # a concurrent event made it
            if split is None:
                raise
            continue  # the fund is gone: the default fund takes it
        donation = attempt
        break
    audit.record(
        tenant_id,
        "donation.gateway_created",
        donation_id=donation_id,
        donor_id=donor.donor_id,
        declaration_id=declaration_id,
        provider=payment.provider,
        business_key=payment.business_key,
        subscription_id=donation.subscription_id,
    )
    if donation.source_page_id:
        count_on_page(tenant_id, donation.source_page_id, int(payment.gross or 0), bool(declaration_id))
    if intent is not None:  # with what `_link` sets, in one write
        wanted = INTENT_STATUS.get(str(donation.status), "paid")
        intent.update(
            actions=[
                GivingIntent.donor_id.set(donor.donor_id),
                *([GivingIntent.declaration_id.set(declaration_id)] if declaration_id else []),
                GivingIntent.donation_id.set(donation.donation_id),
                GivingIntent.status.set(wanted),
            ]
        )
    return ("pending donation created" if pending else "donation created"), donation


@dataclass(frozen=True)
class _Who:
    first_name: str
    last_name: str
    email: str
    house: str = ""
    address_line1: str = ""
    town: str = ""
    postcode: str = ""
    country: str = "GB"


def _donor_details(intent: GivingIntent | None, fact: Fact) -> _Who | None:
    if intent is not None and intent.donor:
        given = {k: str(v or "") for k, v in _as_dict(intent.donor).items()}
        overseas = str(given.get("overseas") or "").lower() in ("true", "1")
        return _Who(
            first_name=given.get("first_name", ""),
            last_name=given.get("last_name", ""),
            email=given.get("email", ""),
            house=given.get("house", ""),
            address_line1=given.get("address_line1", ""),
            town=given.get("town", ""),
            postcode="" if overseas else given.get("postcode", ""),
            country=(given.get("country") or "GB") if overseas else "GB",
        )
    payer = fact.payer
    if not (payer.last_name or payer.first_name or payer.email):
        return None
    return _Who(payer.first_name, payer.last_name or payer.email, payer.email)


def _candidates(tenant_id: str, facts: matching.DonorFacts) -> list[matching.DonorFacts]:
    found: dict[str, matching.DonorFacts] = {}
    pk = keys.donor_match_pk(tenant_id)
    for kind, value in matching.match_keys(facts):
        for item in DonorMatchKey.query(pk, DonorMatchKey.sk.startswith(f"{kind}#{value}#"), limit=60):
            if isinstance(item, DonorMatchKey):
                found.setdefault(
                    item.donor_id,
                    matching.DonorFacts(item.donor_id, item.name, item.email, item.phone, item.postcode),
                )
    return list(found.values())


def _donor(payment: Payment, who: _Who, intent: GivingIntent | None) -> Donor:
    """The donor this gift is from: the one clear match of the scored matching (as an import
    links a row), else a new donor (an unclear match is left to the duplicates screen)."""
    tenant_id = payment.tenant_id
    facts = matching.facts(
        "", name=f"{who.first_name} {who.last_name}", email=who.email, phone=None, postcode=who.postcode
    )
    decision = donor_match.decide(facts, _candidates(tenant_id, facts))
    if decision.kind == donor_match.LINK and decision.donor_id:
        found = donors.get_many(tenant_id, [decision.donor_id]).get(decision.donor_id)
        if found is not None:
            return _fill_address(found, who)
    donor_id = stable_id(payment, "donor")  # a retry finds it made: the put below is refused
    today = clock.today().isoformat()
    given = _as_dict(intent.consents) if intent is not None else {}
    consents = {
        channel: {
            "granted": bool(given.get(channel)),
            "date": today if given.get(channel) else None,
            "source": "online donation page" if given.get(channel) else None,
        }
        for channel in ("email", "post", "phone", "sms")
    }
    donor = Donor(
        *Donor.key(tenant_id, donor_id),
        donor_id=donor_id,
        tenant_id=tenant_id,
        donor_type="individual",
        first_name=who.first_name or None,
        last_name=who.last_name or None,
        email=who.email or None,
        house=who.house or None,
        address_line1=who.address_line1 or None,
        town=who.town or None,
        postcode=names.tidy_postcode(who.postcode, who.country) if who.postcode else None,
        country=who.country or "GB",
        consents=consents,
    )
    donors.index_keys(donor)
    try:
        donors.create(donor)
    except AlmonerError:
        again = donors.get_many(tenant_id, [donor_id]).get(donor_id)
        if again is None:
            raise
        return again
    audit.record(tenant_id, "donor.gateway_created", donor_id=donor_id, business_key=payment.business_key)
    return donor


def _fill_address(donor: Donor, who: _Who) -> Donor:
    """A matched donor without a home address gets the one typed on the page (a Gift Aid
    declaration needs it); an address already held is never overwritten."""
    if donor.house or donor.postcode or not (who.house and (who.postcode or who.country != "GB")):
        return donor
    after = donors.clone(donor)
    values = {
        "house": who.house,
        "address_line1": who.address_line1 or None,
        "town": who.town or None,
        "postcode": names.tidy_postcode(who.postcode, who.country) if who.postcode else None,
        "country": who.country,
    }
    actions = []
    for name, value in values.items():
        if value and getattr(donor, name) in (None, "") or name == "country":
            setattr(after, name, value)
            actions.append(getattr(Donor, name).set(value))
    after.postcode_compact = "".join((after.postcode or "").split()).upper() or None
    actions.append(Donor.postcode_compact.set(after.postcode_compact))
    try:
        donors.update(donor, after, actions)
    except AlmonerError:
        return donors.get_many(donor.tenant_id, [donor.donor_id]).get(donor.donor_id) or donor
    return donors.get_many(donor.tenant_id, [donor.donor_id]).get(donor.donor_id) or after


def _scopes(value: Any) -> list[str]:
    raw = (
        value if isinstance(value, list) else str(value or "").replace("+", ",").replace(" ", ",").split(",")
    )
    chosen = [scope for scope in ALL_SCOPES if scope in {str(v) for v in raw}]
    return chosen or list(ALL_SCOPES)


def count_on_page(tenant_id: str, page_id: str, pence: int, gift_aid: bool) -> None:
    """A donation made on a landing page counted on the page's statistics item (one UpdateItem
    ADD; the pages area ADDs the visits on the same item)."""
    from functions.core import table
    from functions.core.table import Entity

    table.client().update_item(
        TableName=Entity.Meta.table_name,
        Key={"PK": {"S": keys.tenant_pk(tenant_id)}, "SK": {"S": keys.page_stats_sk(page_id)}},
        UpdateExpression=(
            "SET #entity = if_not_exists(#entity, :entity) "
            "ADD donations :one, raised_pence :pence, gift_aid_donations :ga"
        ),
        ExpressionAttributeNames={"#entity": "entity"},
        ExpressionAttributeValues={
            ":entity": {"S": "PageStats"},
            ":one": {"N": "1"},
            ":pence": {"N": str(int(pence))},
            ":ga": {"N": "1" if gift_aid else "0"},
        },
    )


def _declaration(
    payment: Payment, donor: Donor, intent: GivingIntent, instalment: Instalment | None = None
) -> str | None:
    """The Gift Aid declaration the donor ticked on the page, with its evidence (once; for a
    recurring gift once for the subscription, whichever instalment comes first)."""
    evidence = _as_dict(intent.gift_aid)
    if not evidence:
        return None
    if instalment is not None:
        digest = hashlib.sha256(
            f"{payment.tenant_id}|{payment.provider}|{instalment.gateway_subscription_id}|declaration".encode()
        ).hexdigest()
        declaration_id = f"{int(intent.created_at.timestamp() * 1000):012x}{digest[:14]}"
    else:
        declaration_id = stable_id(payment, "declaration")
    declared = f.from_iso(str(evidence.get("declared_at") or "")) or payment.created_at
    scopes = _scopes(evidence.get("scope"))
    record = DeclarationRecord(
        *DeclarationRecord.key(payment.tenant_id, declaration_id),
        declaration_id=declaration_id,
        tenant_id=payment.tenant_id,
        donor_id=donor.donor_id,
        method="online",
        scopes=scopes,
        date_given=declared.date().isoformat(),
        donation_id=stable_id(payment, "donation") if "this_donation" in scopes else None,
        statement_version=str(evidence.get("version") or "online"),
        source=f"giving:{intent.intent_id}",
        evidence={
            "text": str(evidence.get("text") or ""),
            "version": str(evidence.get("version") or ""),
            "scope": str(evidence.get("scope") or ""),
            "declared_at": str(evidence.get("declared_at") or ""),
            "page_url": str(evidence.get("page_url") or ""),
            "ip": str(evidence.get("ip") or intent.ip or ""),
        },
    )
    try:
        declarations.create(record)
    except PutError as exc:  # put only if absent: a retry or a racing event made it
        if exc.cause_response_code != "ConditionalCheckFailedException":
            raise
        return declaration_id
    audit.record(
        payment.tenant_id,
        "declaration.gateway_created",
        declaration_id=declaration_id,
        donor_id=donor.donor_id,
        intent_id=intent.intent_id,
    )
    return declaration_id
