"""Persistence of donations. Every donation write is ONE TransactWriteItems that also moves the
totals it affects: the charity's counters, the donor's totals (all time, per tax year), the usage
counters of its type and location, the monthly and tax-year aggregates of the dashboard, and the
uniqueness item of its external reference (docs/access-patterns.md)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from functions.core import keys
from functions.core.counters import TenantCounters
from functions.core.errors import NotFound
from functions.core.table import absent
from functions.declarations import eligibility
from functions.domain import funds
from functions.domain.tax_year import month_of, tax_year_of
from functions.donations.models import RECEIVED, CatalogUsage, Donation, DonationStats, ExternalRef
from functions.donors.models import Donor, DonorTotals, DonorYear
from functions.donors.repository import total_sort_key
from functions.donors.transaction import Transaction
from functions.funds import ledger
from functions.funds.models import FundBalance

Change = tuple[Donation | None, Donation | None]  # (before, after): create, edit or delete


def get(tenant_id: str, donation_id: str) -> Donation:
    try:
        return Donation.get(*Donation.key(tenant_id, donation_id), consistent_read=True)
    except Donation.DoesNotExist as exc:
        raise NotFound() from exc


def index_keys(donation: Donation) -> None:
    """GSI1: by date; GSI2: by amount; GSI3: the donor's owned records (absent when anonymous);
    GSI4 (the Gift Aid state) is set by `eligibility.stamp`."""
    tid, did, day = donation.tenant_id, donation.donation_id, donation.donation_date
    donation.gsi1pk = keys.donations_by_date_pk(tid)
    donation.gsi1sk = keys.dated_sk(day, did)
    donation.gsi2pk = keys.donations_by_amount_pk(tid)
    donation.gsi2sk = keys.sortable_name(keys.sortable_amount(int(donation.amount * 100)), did)
    if donation.donor_id:
        donation.gsi3pk = keys.donor_owned_pk(tid, donation.donor_id)
        donation.gsi3sk = keys.owned_donation_sk(day, did)
    else:
        donation.gsi3pk = donation.gsi3sk = None


def _received(donation: Donation) -> Decimal:
    return donation.amount if donation.status == RECEIVED else Decimal(0)


Contribution = tuple[type, tuple[str, str], dict[str, Any], str | None]


def contributions(donation: Donation) -> list[Contribution]:
    """(model, key, deltas, tag) this donation adds to the totals it belongs to; a tag marks a
    total that must exist (a type's or location's usage: its write fails if it was deleted)."""
    tid = donation.tenant_id
    day = dt.date.fromisoformat(donation.donation_date)
    money, counted = _received(donation), 1 if donation.status == RECEIVED else 0
    pk = keys.tenant_pk(tid)
    found: list[Contribution] = [
        (TenantCounters, TenantCounters.key(tid), {"donations": 1, "donations_total": money}, None),
    ]
    stats = {"gifts": counted, "total": money}
    month = month_of(day)
    found.append((DonationStats, (pk, keys.donation_month_sk(month)), stats, None))
    found.append(
        (DonationStats, (pk, keys.donation_month_sk(month, f"METHOD#{donation.payment_method}")), stats, None)
    )
    found.append((DonationStats, (pk, keys.donation_tax_year_sk(tax_year_of(day))), stats, None))
    if donation.type_id:
        found.append(
            (DonationStats, (pk, keys.donation_month_sk(month, f"TYPE#{donation.type_id}")), stats, None)
        )
        found.append((CatalogUsage, (pk, keys.donation_type_sk(donation.type_id)), {"usage": 1}, "type"))
    if donation.location_id:
        found.append((CatalogUsage, (pk, keys.location_sk(donation.location_id)), {"usage": 1}, "location"))
    if donation.donor_id:
        found.append(
            (
                DonorYear,
                DonorYear.key(tid, donation.donor_id, tax_year_of(day)),
                {"total": money, "gifts": counted},
                None,
            )
        )
    return found


def total_keys(donation: Donation, *, ledger_lines: bool = True) -> list[tuple[str, str]]:
    """The keys of the totals a donation moves (counters, aggregates, usage, the donor's tax
    year, its funds' balances and monthly totals, one ledger line per fund): with the donation,
    its reference and its donor, what its transaction touches (an import sizes its transactions
    with this). `ledger_lines=False`: the lines are written later (`add_changes(ledger=False)`),
    the transaction only checks each fund's balance item."""
    if not ledger_lines:
        funds_of = {fund_id for fund_id, _, _ in donation.split_lines()} or {funds.DEFAULT_FUND_ID}
        return [key for _, key, _, _ in contributions(donation)] + [
            FundBalance.key(donation.tenant_id, fund_id) for fund_id in sorted(funds_of)
        ]
    side = ledger_side(donation)
    if side is not None and not side.lines:  # not yet split: it will go to the default fund
        side = funds.DonationSide(
            side.date, side.received, ((funds.DEFAULT_FUND_ID, funds.pence(donation.amount)),)
        )
    moves = funds.donation_movements(None, side)
    lines = [  # one item each
        (f"LEDGERLINE#{donation.donation_id}#{move.project_id or ''}", move.fund_id) for move in moves
    ]
    return (
        [key for _, key, _, _ in contributions(donation)]
        + ledger.movement_keys(donation.tenant_id, moves)
        + lines
    )


def ledger_side(donation: Donation | None) -> funds.DonationSide | None:
    """What the fund ledger sees of a donation: its split, counted while it is received."""
    if donation is None:
        return None
    return funds.DonationSide(donation.donation_date, donation.status == RECEIVED, donation.split_lines())


def _ledger_reason(before: Donation | None, after: Donation | None, partial_refund: bool = False) -> str:
    if after is None:
        return "donation_deleted"
    if before is None:
        return "donation_created"
    if before.status == RECEIVED and after.status != RECEIVED:
        return "donation_refunded"
    if partial_refund:
        return "donation_partly_refunded"
    return "donation_edited"


def allocation_items(lines: list[funds.Line]) -> list[dict[str, Any]]:
    """A split as stored on the donation: `project_id` only on a line naming a project."""
    return [
        {"fund_id": fund_id, "amount": amount, **({"project_id": project} if project else {})}
        for fund_id, amount, project in lines
    ]


def set_split(donation: Donation, lines: list[funds.Line] | None) -> None:
    """Store a split on the donation; none given → all to the default fund, flagged."""
    defaulted = not lines
    chosen = lines or [(funds.DEFAULT_FUND_ID, funds.pence(donation.amount), None)]
    donation.allocations = allocation_items(chosen)
    donation.allocation_defaulted = defaulted


def settle_split(before: Donation | None, after: Donation) -> None:
    """Every new donation has a split (the default fund when none was given); a split that no
    longer adds up to the amount (a partial refund, a confirmed re-balance) is re-balanced in the
    same proportions. A donation recorded before funds existed keeps having none until its first
    edit gives it one, so the ledger never takes back what it never had."""
    total = funds.pence(after.amount)
    lines = list(after.split_lines())
    if not lines:
        set_split(after, None)
        return
    if sum(amount for _, amount, _ in lines) != total:
        after.allocations = allocation_items(funds.rebalance_lines(total, lines))


def add_ledger(
    transaction: Transaction,
    before: Donation | None,
    after: Donation | None,
    actor_id: str | None,
    *,
    partial_refund: bool = False,
) -> None:
    """The fund ledger lines of one donation write, with their balances and monthly totals, in
    the donation's own transaction (docs/decisions/0019-fund-ledger.md). `partial_refund`: the
    write reduces the donation by money returned to the donor, so what each line loses is a
    `refund_reversal`, not a correction of its allocation."""
    old_side, new_side = ledger_side(before), ledger_side(after)
    if partial_refund and old_side is not None and new_side is not None:
        moves = funds.partial_refund_movements(old_side, new_side)
    else:
        moves = funds.donation_movements(old_side, new_side)
    if not moves:
        return
    donation = after if after is not None else before
    assert donation is not None  # noqa: S101
    ledger.add_movements(
        transaction,
        donation.tenant_id,
        moves,
        source_type="donation",
        source_id=donation.donation_id,
        user_id=actor_id,
        reason=_ledger_reason(before, after, partial_refund),
    )


def _ref_key(donation: Donation | None) -> tuple[str, str] | None:
    if donation is None or not donation.external_ref:
        return None
    return keys.tenant_pk(donation.tenant_id), keys.donation_ref_sk(
        donation.source or "", donation.external_ref
    )


def _carry_gift_aid(before: Donation | None, after: Donation) -> Any:
    """Keep what an edit form does not send (a user's exclusion, the claim holding the donation)
    and answer the write's condition: the claim is still the one read, so an edit never drops a
    donation from a claim that took it meanwhile (docs/api.md, contract for the claims pipeline)."""
    if before is None:
        return absent(Donation)
    if after is not before:
        after.claim_id = before.claim_id
        after.gift_aid_excluded_reason = before.gift_aid_excluded_reason
        after.gift_aid_state = before.gift_aid_state
        after.gift_aid_amount = before.gift_aid_amount
    if before.claim_id is None:
        return Donation.claim_id.does_not_exist()
    return Donation.claim_id == before.claim_id


def add_changes(
    transaction: Transaction,
    changes: Iterable[Change],
    donors: dict[str, Donor],
    *,
    gift_aid: eligibility.Context | None = None,
    assess: bool = True,
    created_donors: frozenset[str] | set[str] = frozenset(),
    deferred: frozenset[tuple[str, str]] | set[tuple[str, str]] = frozenset(),
    actor_id: str | None = None,
    partial_refund: bool = False,
    ledger_lines: bool = True,
) -> None:
    """Add to `transaction` the writes of `changes` and of every total they move. `donors` holds
    each donor involved as read before (its total guards the GSI2 sort key by total). Every
    donation written carries its Gift Aid assessment (`assess=False` only for sizing a batch).
    `created_donors` are donors this same transaction puts (an import creating them): their new
    totals are set on those donor objects instead of a second operation on the same item, which
    a transaction refuses. Totals whose key is in `deferred` are left out: the caller moves them
    once for many donations (an import adds a chunk's monthly aggregates in the transaction that
    closes the chunk, functions/imports/writer.py). The fund ledger lines of each change, with
    their funds' balances and monthly totals, are added too (`actor_id` signs them;
    `partial_refund`: the changes reduce donations by refunded money, `add_ledger`).
    `ledger_lines=False` (new donations only: an import's rows) leaves their lines, balances and
    monthly totals to the caller, who writes them right after in transactions of their own
    (functions/imports/ledger.py); the transaction still checks that each fund of their split
    exists and is not archived, as a credit to it would."""
    donor_deltas: dict[str, list[Decimal]] = {}
    for before, after in changes:
        if after is not None:
            settle_split(before, after)
        if ledger_lines:
            add_ledger(transaction, before, after, actor_id, partial_refund=partial_refund)
        elif before is None and after is not None:
            for fund_id, _, _ in after.split_lines():
                transaction.add(
                    FundBalance,
                    FundBalance.key(after.tenant_id, fund_id),
                    condition_of=ledger.money_in_condition,
                    tag=f"{ledger.FUND_TAG}{fund_id}",
                )
        else:
            raise ValueError("only new donations may leave their ledger lines to the caller")
        if after is not None:
            index_keys(after)
            condition = _carry_gift_aid(before, after)
            if assess:
                gift_aid = gift_aid or eligibility.Context(after.tenant_id)
                eligibility.stamp(after, donors.get(after.donor_id or ""), gift_aid)
            transaction.put(after, condition=condition, tag="donation")
        elif before is not None:
            transaction.delete(before, tag="donation")
        for sign, state in ((-1, before), (1, after)):
            if state is None:
                continue
            for model, key, deltas, tag in contributions(state):
                if key in deferred:
                    continue
                condition = model.pk.exists() if (tag and sign > 0) else None  # type: ignore[attr-defined]
                transaction.add(
                    model,
                    key,
                    condition=condition,
                    tag=tag,
                    # a donor created by this transaction has no tax-year totals yet
                    fresh=model is DonorYear and state.donor_id in created_donors,
                    **{name: sign * value for name, value in deltas.items()},
                )
            if state.donor_id:
                money_count = donor_deltas.setdefault(state.donor_id, [Decimal(0), Decimal(0)])
                money_count[0] += sign * _received(state)
                money_count[1] += sign
        old_ref, new_ref = _ref_key(before), _ref_key(after)
        if old_ref != new_ref:
            if new_ref is not None and after is not None:
                transaction.put(
                    ExternalRef(*new_ref, donation_id=after.donation_id),
                    condition=absent(ExternalRef),
                    tag="ref",
                )
            if old_ref is not None:
                transaction.delete(ExternalRef(*old_ref))
    for donor_id, (money, count) in donor_deltas.items():
        if not money and not count:
            continue
        donor = donors[donor_id]
        old_total = donor.total_given or Decimal(0)
        if donor_id in created_donors:
            donor.total_given = old_total + money
            donor.donations_count = int(donor.donations_count or 0) + int(count)
            donor.gsi2sk = total_sort_key(donor_id, donor.total_given)
            continue
        transaction.update(
            DonorTotals(donor.pk, donor.sk),
            actions=[
                DonorTotals.total_given.add(money),
                DonorTotals.donations_count.add(int(count)),
                DonorTotals.gsi2sk.set(total_sort_key(donor_id, old_total + money)),
            ],
            condition=DonorTotals.pk.exists() & (DonorTotals.total_given == old_total),
            tag=f"donor:{donor_id}",
        )


def write(changes: list[Change], donors: dict[str, Donor]) -> None:
    transaction = Transaction()
    add_changes(transaction, changes, donors)
    transaction.commit()


def ref_owner(tenant_id: str, source: str | None, external_ref: str) -> str | None:
    try:
        item = ExternalRef.get(
            keys.tenant_pk(tenant_id), keys.donation_ref_sk(source or "", external_ref), consistent_read=True
        )
    except ExternalRef.DoesNotExist:
        return None
    return item.donation_id
