"""The claims queue: building a claim in chunks, sealing it, writing its files, handing
donations back. Every step is safe to deliver twice, concurrently, or after a crash half-way:

- plan: the chunk items are fixed once (put if absent), then `chunks_total` (set if absent);
- chunk: attach through the conditional transaction of `repository.attach`; the chunk is marked
  done and counted in one transaction, so the counter counts each chunk once;
- finalize: totals recomputed from the attached donations; `building → ready` is conditional;
- seal: `draft → sealed` is conditional and recomputes the totals again; files are written under
  fixed keys (a repeat overwrites them with the same bytes);
- release / settle: each donation moves only while it still carries this claim's id.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from functions.core import aws, clock, config, jobs, keys
from functions.domain.giftaid.model import ClaimState, GiftAidState
from functions.domain.hmrc import preflight
from functions.donations.models import Donation
from functions.giftaid import claimdata, files, repository
from functions.giftaid.models import BUILDING, READY, ClaimItem
from functions.giftaid.repository import Candidate, ClaimClosed

CHUNK_SIZE = 100
BUILD, SEAL, RELEASE, SUBMIT = "claim-build", "claim-seal", "claim-release", "claim-submit"
DRAFT, SEALED = ClaimState.DRAFT.value, ClaimState.SEALED.value
CLAIMABLE = GiftAidState.CLAIMABLE.value

# Tests inject crashes here: called after a chunk's donations are attached, before the chunk is
# marked done (the worst moment for a crash).
after_chunk: Callable[[str, int], None] | None = None


def enqueue(tenant_id: str, job_id: str, job_type: str, payload: dict[str, Any]) -> None:
    body = {"job_id": job_id, "tenant_id": tenant_id, "job_type": job_type, "payload": payload}
    aws.client("sqs").send_message(QueueUrl=config.queue_url("claims"), MessageBody=json.dumps(body))


# ------------------------------------------------------------------ build
def plan(message: dict[str, Any]) -> None:
    tenant_id, payload = message["tenant_id"], message["payload"]
    claim = repository.get_claim(tenant_id, payload["claim_id"])
    job = jobs.get(tenant_id, message["job_id"])
    if claim.state != DRAFT or claim.build_status != BUILDING or not jobs.start(job):
        return
    if claim.chunks_total is None:
        wanted = payload.get("donation_ids") or [
            d.donation_id for d in repository.in_state(tenant_id, CLAIMABLE)
        ]
        wanted = list(dict.fromkeys(wanted))
        parts = [wanted[n : n + CHUNK_SIZE] for n in range(0, len(wanted), CHUNK_SIZE)]
        for number, part in enumerate(parts, start=1):
            repository.put_chunk_if_absent(tenant_id, claim.claim_id, number, part)
        repository.update_claim(
            claim,
            [ClaimItem.chunks_total.set(len(parts)), ClaimItem.requested.set(len(wanted))],
            condition=ClaimItem.chunks_total.does_not_exist(),
        )
        claim = repository.get_claim(tenant_id, claim.claim_id)
    total = int(claim.chunks_total or 0)
    jobs.progress(job, int(claim.chunks_done), total)
    if total == 0:
        finalize(claim, job)
        return
    for number in range(1, total + 1):
        enqueue(tenant_id, job.job_id, BUILD, {"claim_id": claim.claim_id, "step": "chunk", "chunk": number})


def _skip_reason(donation: Donation | None, claim_id: str) -> str | None:
    if donation is None:
        return "not_found"
    if donation.claim_id == claim_id:
        return None
    if donation.claim_id:
        return "in_another_claim"
    if donation.gift_aid_state != CLAIMABLE:
        return "not_claimable"
    return None


def chunk(message: dict[str, Any]) -> None:
    tenant_id, payload = message["tenant_id"], message["payload"]
    number = int(payload["chunk"])
    claim = repository.get_claim(tenant_id, payload["claim_id"])
    if claim.state != DRAFT or claim.build_status != BUILDING:
        return
    part = repository.get_chunk(tenant_id, claim.claim_id, number)
    if not part.done:
        wanted = [str(donation_id) for donation_id in part.donation_ids]
        found = {d.donation_id: d for d in repository.donations(tenant_id, wanted)}
        skipped: list[dict[str, str]] = []
        candidates: list[Candidate] = []
        for donation_id in wanted:
            donation = found.get(donation_id)
            reason = _skip_reason(donation, claim.claim_id)
            if reason or donation is None:
                skipped.append({"donation_id": donation_id, "reason": reason or "not_found"})
                continue
            candidates.append(Candidate(donation_id, donation.donation_date, donation.amount))
        try:
            refused = repository.attach(claim, candidates)
        except ClaimClosed:
            return
        skipped.extend({"donation_id": d, "reason": "in_another_claim"} for d in refused)
        if after_chunk is not None:
            after_chunk(claim.claim_id, number)
        repository.mark_chunk_done(claim, number, skipped)
    claim = repository.get_claim(tenant_id, claim.claim_id)
    job = jobs.get(tenant_id, message["job_id"])
    jobs.progress(job, int(claim.chunks_done), int(claim.chunks_total or 0))
    if claim.chunks_total is not None and int(claim.chunks_done) >= int(claim.chunks_total):
        finalize(claim, job)


def _totals_actions(totals: claimdata.Totals, line_count: int) -> list[Any]:
    return [
        ClaimItem.donations_count.set(totals.donations),
        ClaimItem.lines_count.set(line_count),
        ClaimItem.donation_total.set(totals.donation_total),
        ClaimItem.tax_total.set(totals.tax_total),
        ClaimItem.earliest_date.set(totals.earliest or ""),
        ClaimItem.latest_date.set(totals.latest or ""),
    ]


def finalize(claim: ClaimItem, job: jobs.Job) -> None:
    """All chunks done: no more donations may join; totals from the attached donations; then
    try to seal (it stays a draft with its problems listed when preflight finds any)."""
    if claim.build_status == BUILDING:
        attached = repository.attached(claim.tenant_id, claim.claim_id)
        totals = claimdata.totals(attached)
        repository.update_claim(
            claim,
            [ClaimItem.build_status.set(READY), *_totals_actions(totals, 0)],
            condition=(ClaimItem.build_status == BUILDING) & (ClaimItem.state == DRAFT),
        )
    seal(claim.tenant_id, claim.claim_id)
    final = repository.get_claim(claim.tenant_id, claim.claim_id)
    if job.status != jobs.DONE:
        jobs.finish(job, {"claim_id": final.claim_id, "state": final.state})


# ------------------------------------------------------------------ seal and files
def _problems(claim: ClaimItem, attached: list[Donation]) -> tuple[list[dict[str, Any]], list[Any], Any]:
    settings = repository.get_settings(claim.tenant_id)
    donors = repository.donors(claim.tenant_id, [d.donor_id for d in attached if d.donor_id])
    lines = claimdata.claim_lines(attached, donors, settings)
    problems: list[dict[str, Any]] = []
    if not claimdata.settings_complete(settings):
        problems.append({"line": None, "field": "settings", "key": "giftaid.settings_incomplete"})
    for problem in preflight.check_lines(lines, clock.today()):
        line = lines[problem.line]
        problems.append(
            {
                "line": problem.line + 1,
                "field": problem.field,
                "key": problem.key,
                "params": dict(problem.params),
                "donation_ids": list(line.donation_ids),
            }
        )
    return problems, lines, settings


def seal(tenant_id: str, claim_id: str) -> None:
    """`draft (ready) → sealed` when preflight finds nothing, then the files. Repeatable."""
    claim = repository.get_claim(tenant_id, claim_id)
    if claim.state == DRAFT and claim.build_status == READY:
        attached = repository.attached(tenant_id, claim_id)
        problems, lines, _settings = _problems(claim, attached)
        totals = claimdata.totals(attached)
        actions = [*_totals_actions(totals, len(lines)), ClaimItem.problems.set(problems)]
        if problems or not attached:
            repository.update_claim(claim, actions, condition=ClaimItem.state == DRAFT)
            return
        sealed = repository.update_claim(
            claim,
            [ClaimItem.state.set(SEALED), ClaimItem.sealed_at.set(clock.now()), *actions],
            condition=(ClaimItem.state == DRAFT) & (ClaimItem.build_status == READY),
        )
        if not sealed:
            return
        claim = repository.get_claim(tenant_id, claim_id)
    if claim.state == SEALED and not claim.stored_files():
        files.write(claim)


# ------------------------------------------------------------------ release / settle
def release_all(tenant_id: str, claim_id: str) -> int:
    """Every donation still in this (cancelled or rejected) claim goes back to the pool."""
    released = 0
    for line in repository.lines(tenant_id, claim_id):
        if repository.release(tenant_id, claim_id, line.donation_id):
            released += 1
    claim = repository.get_claim(tenant_id, claim_id)
    repository.update_claim(claim, [ClaimItem.released.set(True)])
    return released


def settle_all(tenant_id: str, claim_id: str) -> int:
    """An accepted claim: its donations become `claimed` (they keep the claim id)."""
    settled = 0
    for line in repository.lines(tenant_id, claim_id):
        if repository.mark_claimed(tenant_id, claim_id, line.donation_id):
            settled += 1
    claim = repository.get_claim(tenant_id, claim_id)
    repository.update_claim(claim, [ClaimItem.settled.set(True)])
    return settled


def release(message: dict[str, Any]) -> None:
    tenant_id, payload = message["tenant_id"], message["payload"]
    job = jobs.get(tenant_id, message["job_id"])
    if not jobs.start(job):
        return
    released = release_all(tenant_id, payload["claim_id"])
    jobs.finish(job, {"claim_id": payload["claim_id"], "released": released})


def claim_key(tenant_id: str, claim_id: str, filename: str) -> str:
    return keys.claim_object_key(tenant_id, claim_id, filename)
