"""Gift Aid received follows the money (ADR 0019 "Gift Aid received"): when an accepted claim is
marked paid, the claims queue allocates the tax HMRC paid to funds by the charity's policy.

- plan (once, put if absent): each claimed donation's tax (`gift_aid_value`, as the claim
  computed it) split in the donation's split proportions; GASDS top-ups per tax year spread over
  that year's small donations by amount, then by their splits; the adjustment (tax of reversed
  donations) taken back from the funds those donations were in. Aggregated per (fund, project):
  a claim of 100,000 donations writes a handful of lines. Each donation is read once (BatchGet).
  Money that cannot land where it follows goes to the default fund: a fund gone, archived or
  inactive (money in), a guarded fund that cannot cover its share of the adjustment; a project
  gone or archived keeps the money in its fund without the project.
- write: the movements in fixed chunks; each chunk's ledger transaction also puts its marker item
  (if absent), so a redelivered message never allocates twice and a crash resumes.
- finish: the claim records `allocated` and the funds the money went to.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from decimal import Decimal
from typing import Any

from pynamodb.exceptions import PutError

from functions.core import audit, jobs
from functions.domain import funds
from functions.domain.funds import DEFAULT_FUND_ID, FundKey, FundShare, Movement
from functions.domain.giftaid import gasds
from functions.domain.giftaid.rates import gift_aid_value
from functions.domain.tax_year import tax_year_of
from functions.donations.models import Donation
from functions.donors.transaction import Transaction, TransactionFailed
from functions.funds import ledger
from functions.funds.figures import all_funds
from functions.funds.models import ProjectTotals
from functions.giftaid import repository, reversals, small_donations
from functions.giftaid.models import (
    GENERAL_POLICY,
    OWN_FUNDS_POLICY,
    ClaimAllocationDone,
    ClaimAllocationPlan,
    ClaimItem,
)

ALLOCATE = "claim-gift-aid"
POLICIES = (OWN_FUNDS_POLICY, GENERAL_POLICY)
CHUNK = 20  # movements per transaction: ≤ 20 lines + 20 months + 20 projects + 20 balances + marker
REASON = "gift_aid_received"


def _split_of(donation: Donation | None) -> list[FundShare]:
    if donation is None:
        return []
    return [
        FundShare(str(line["fund_id"]), int(line["amount"]), line.get("project_id") or None)
        for line in donation.allocations or []
    ]


def _gasds_top_ups(claim: ClaimItem, small: list[Donation]) -> list[tuple[str, int]]:
    """(donation id, pence of HMRC's top-up) per GASDS small donation of the claim: each tax
    year's top-up spread over that year's donations by amount (remainder pence to the first)."""
    by_year: dict[int, list[Donation]] = defaultdict(list)
    for donation in sorted(small, key=lambda d: (d.donation_date, d.donation_id)):
        by_year[tax_year_of(dt.date.fromisoformat(donation.donation_date))].append(donation)
    found: list[tuple[str, int]] = []
    for entry in claim.gasds or []:
        year = int(entry["tax_year_end"]) - 1
        held = by_year.get(year, [])
        top_up = funds.pence(gasds.top_up(Decimal(str(entry["amount"])), year))
        if not held or not top_up:
            continue
        parts = funds.shares(top_up, [funds.pence(d.amount) for d in held])
        found.extend((d.donation_id, part) for d, part in zip(held, parts, strict=True))
    return found


def gross(claim: ClaimItem) -> dict[FundKey, int]:
    """The claim's Gift Aid per (fund, project) following each donation's split (before the
    policy and the funds' states): tax of its lines, GASDS top-ups, minus its adjustment."""
    tenant_id, claim_id = claim.tenant_id, claim.claim_id
    lines = list(repository.lines(tenant_id, claim_id))
    small = small_donations.attached(tenant_id, claim_id)  # GASDS donations (one BatchGet)
    taken = reversals.taken(tenant_id, claim_id)
    wanted = [line.donation_id for line in lines] + [r.donation_id for r in taken]
    found = {d.donation_id: d for d in repository.donations(tenant_id, wanted)}
    found.update({d.donation_id: d for d in small})
    totals: dict[FundKey, int] = {}
    for line in lines:
        tax = gift_aid_value(line.amount, dt.date.fromisoformat(line.donation_date))
        funds.follow_split(totals, funds.pence(tax), _split_of(found.get(line.donation_id)))
    for donation_id, top_up in _gasds_top_ups(claim, small):
        funds.follow_split(totals, top_up, _split_of(found.get(donation_id)))
    adjustment = funds.pence(claim.adjustment or Decimal(0))
    reversal_taxes = [funds.pence(r.tax) for r in taken]
    if adjustment and taken:
        for reversal, part in zip(taken, funds.shares(-adjustment, reversal_taxes), strict=True):
            funds.follow_split(totals, part, _split_of(found.get(reversal.donation_id)))
    elif adjustment:
        funds.follow_split(totals, -adjustment, [])
    return {key: amount for key, amount in totals.items() if amount}


def _projects(tenant_id: str, project_ids: set[str]) -> dict[str, ProjectTotals]:
    if not project_ids:
        return {}
    by_key = {ProjectTotals.key(tenant_id, project_id): project_id for project_id in sorted(project_ids)}
    got = ProjectTotals.batch_get(list(by_key), consistent_read=True)
    return {by_key[(item.pk, item.sk)]: item for item in got if isinstance(item, ProjectTotals)}


def landing(tenant_id: str, totals: dict[FundKey, int], policy: str) -> dict[FundKey, int]:
    """Where each amount can land: the policy, then the funds' and projects' states (module doc)."""
    if policy == GENERAL_POLICY:
        whole = sum(totals.values())
        return {(DEFAULT_FUND_ID, None): whole} if whole else {}
    states = {fund.fund_id: (fund, balance) for fund, balance in all_funds(tenant_id)}
    projects = _projects(tenant_id, {p for _, p in totals if p})
    by_fund: dict[str, int] = defaultdict(int)
    for (fund_id, _), amount in totals.items():
        by_fund[fund_id] += amount
    landed: dict[FundKey, int] = defaultdict(int)
    for (fund_id, project_id), amount in sorted(totals.items(), key=lambda kv: (kv[0][0], kv[0][1] or "")):
        state = states.get(fund_id)
        fund, balance = state if state is not None else (None, None)
        net = by_fund[fund_id]
        if fund is None or balance is None:
            fund_id, project_id = DEFAULT_FUND_ID, None
        elif net > 0 and (fund.archived or not fund.active):
            fund_id, project_id = DEFAULT_FUND_ID, None
        elif net < 0 and funds.overdraws(fund.fund_class, int(balance.balance or 0), net):
            fund_id, project_id = DEFAULT_FUND_ID, None
        if project_id:
            project = projects.get(project_id)
            if project is None or (amount > 0 and project.archived):
                project_id = None
        landed[(fund_id, project_id)] += amount
    return {key: amount for key, amount in landed.items() if amount}


def plan(claim: ClaimItem) -> ClaimAllocationPlan:
    """The claim's allocation, fixed the first time (put if absent) and read back."""
    key = ClaimAllocationPlan.key(claim.tenant_id, claim.claim_id)
    try:
        return ClaimAllocationPlan.get(*key, consistent_read=True)
    except ClaimAllocationPlan.DoesNotExist:
        pass
    landed = landing(claim.tenant_id, gross(claim), claim.paid_policy or OWN_FUNDS_POLICY)
    movements = [
        {"fund_id": fund_id, "project_id": project_id, "amount": amount}
        for (fund_id, project_id), amount in sorted(landed.items(), key=lambda kv: (kv[0][0], kv[0][1] or ""))
    ]
    item = ClaimAllocationPlan(*key, movements=movements, chunks=(len(movements) + CHUNK - 1) // CHUNK)
    try:
        item.save(condition=ClaimAllocationPlan.pk.does_not_exist())
    except PutError as exc:  # a concurrent delivery planned first: read its plan
        if not repository.condition_failed(exc):
            raise
    return ClaimAllocationPlan.get(*key, consistent_read=True)


def _write_chunk(claim: ClaimItem, number: int, part: list[dict[str, Any]]) -> None:
    transaction = Transaction()
    moves = [
        Movement(
            str(m["fund_id"]), str(claim.paid_on), "gift_aid", int(m["amount"]), m.get("project_id") or None
        )
        for m in part
    ]
    ledger.add_movements(
        transaction,
        claim.tenant_id,
        moves,
        source_type="claim",
        source_id=claim.claim_id,
        user_id=claim.paid_by,
        reason=REASON,
    )
    done = ClaimAllocationDone(
        *ClaimAllocationDone.key(claim.tenant_id, claim.claim_id, number), chunk_number=number
    )
    transaction.put(done, condition=ClaimAllocationDone.pk.does_not_exist(), tag="done")
    try:
        transaction.commit()
    except TransactionFailed as failed:
        if "done" in failed.tags:
            return  # an earlier delivery wrote this chunk
        raise


def allocate(tenant_id: str, claim_id: str) -> ClaimItem:
    """Plan, write every chunk not yet written, then record the claim as allocated. Repeatable."""
    claim = repository.get_claim(tenant_id, claim_id)
    if claim.allocated or not claim.paid_on:
        return claim
    planned = plan(claim)
    movements = [dict(m) for m in planned.movements or []]
    for number, start in enumerate(range(0, len(movements), CHUNK), start=1):
        _write_chunk(claim, number, movements[start : start + CHUNK])
    names = {fund.fund_id: fund.name for fund, _ in all_funds(tenant_id)}
    by_fund: dict[str, int] = defaultdict(int)
    for move in movements:
        by_fund[str(move["fund_id"])] += int(move["amount"])
    summary = [
        {"fund_id": fund_id, "name": names.get(fund_id, fund_id), "amount": amount}
        for fund_id, amount in sorted(
            by_fund.items(), key=lambda kv: (kv[0] != DEFAULT_FUND_ID, names.get(kv[0], ""))
        )
    ]
    repository.update_claim(claim, [ClaimItem.allocated.set(True), ClaimItem.allocated_funds.set(summary)])
    audit.record(
        tenant_id, "giftaid.claim_allocated", actor_id=claim.paid_by, claim_id=claim_id, funds=len(summary)
    )
    return repository.get_claim(tenant_id, claim_id)


def run(message: dict[str, Any]) -> None:
    """The claims queue's allocation step (job type `claim-gift-aid`)."""
    tenant_id, claim_id = message["tenant_id"], message["payload"]["claim_id"]
    job = jobs.get(tenant_id, message["job_id"])
    if not jobs.start(job):
        return
    claim = allocate(tenant_id, claim_id)
    jobs.finish(job, {"claim_id": claim_id, "funds": len(claim.allocated_funds or [])})
