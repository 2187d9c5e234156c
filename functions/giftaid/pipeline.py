"""The claims queue: building a claim in chunks, sealing it, writing its files, handing
donations back. Every step is safe to deliver twice, concurrently, or after a crash half-way:

- plan: the chunk items are fixed once (put if absent), then `chunks_total` (set if absent);
- chunk: attach through the conditional transaction of `repository.attach`; the chunk is marked
  done and counted in one transaction, so the counter counts each chunk once;
- finalize: one finisher only (the message that first sets the claim's `finisher` to its business
  key; its redelivery resumes): it takes the open reversals (the adjustment) and the GASDS small
  donations the caps allow (`reversals`, `small_donations`, both through conditional membership
  transactions), then `building → ready` with totals recomputed from the attached items;
- seal: `draft → sealed` is conditional and recomputes the totals again; files are written under
  fixed keys (a repeat overwrites them with the same bytes);
- release / settle: each donation or reversal moves only while it still carries this claim's id;
  the GASDS ledger gives back a released claim's amounts once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from functions.core import clock, collector, jobs, keys
from functions.domain.giftaid import reasons
from functions.domain.giftaid.adjustments import ReversalCause
from functions.domain.giftaid.rates import gasds_deadline
from functions.domain.giftaid.states import ClaimState, GiftAidState
from functions.domain.hmrc import preflight
from functions.domain.tax_year import tax_year_bounds
from functions.donations.models import Donation
from functions.giftaid import claimdata, files, membership, repository, reversals, small_donations
from functions.giftaid.models import BUILDING, READY, ClaimItem
from functions.giftaid.repository import Candidate, ClaimClosed

# Donations per build message: ten full attach transactions. Each message also reads the claim
# and its chunk, counts the chunk done and reports progress (about ten calls): 490 rather than 100
# makes that a fifth per donation. The chunk item (ids, the plan's snapshot and, once done, what
# it attached) stays near 110 kB of DynamoDB's 400 kB. The worker takes one message at a time
# (template.yaml: BatchSize 1): the plan sends every chunk's message at once, and batches of ten
# left one worker finishing its last batch alone while the others had nothing left.
CHUNK_SIZE = 10 * repository.TRANSACTION_DONATIONS
BUILD, SEAL, RELEASE, SUBMIT = "claim-build", "claim-seal", "claim-release", "claim-submit"
DRAFT, SEALED = ClaimState.DRAFT.value, ClaimState.SEALED.value
CLAIMABLE = GiftAidState.CLAIMABLE.value

# Tests inject crashes here: called after a chunk's donations are attached, before the chunk is
# marked done (the worst moment for a crash).
after_chunk: Callable[[str, int], None] | None = None


# ------------------------------------------------------------------ build
def plan(message: dict[str, Any]) -> None:
    tenant_id, payload = message["tenant_id"], message["payload"]
    claim = repository.get_claim(tenant_id, payload["claim_id"])
    job = jobs.get(tenant_id, message["job_id"])
    if claim.state != DRAFT or claim.build_status != BUILDING or not jobs.start(job):
        return
    if claim.chunks_total is None:
        # Every claimable donation: the GSI4 read is the build's one read of each donation (the
        # chunks attach them on the version read). Chosen ones: each chunk reads its own.
        read: dict[str, Candidate] | None = None
        if payload.get("donation_ids"):
            wanted = list(dict.fromkeys(payload["donation_ids"]))
        else:
            with collector.paused():  # a candidate per claimable donation (as in `finalize`)
                read = {c.donation_id: c for c in repository.claimable_candidates(tenant_id)}
            wanted = list(read)
        parts = [wanted[n : n + CHUNK_SIZE] for n in range(0, len(wanted), CHUNK_SIZE)]
        for number, part in enumerate(parts, start=1):
            snapshot = [read[d] for d in part] if read is not None else None
            repository.put_chunk_if_absent(tenant_id, claim.claim_id, number, part, snapshot)
        repository.update_claim(
            claim,
            [ClaimItem.chunks_total.set(len(parts)), ClaimItem.requested.set(len(wanted))],
            condition=ClaimItem.chunks_total.does_not_exist(),
        )
        claim = repository.get_claim(tenant_id, claim.claim_id)
    total = int(claim.chunks_total or 0)
    jobs.progress(job, int(claim.chunks_done), total)
    if total == 0:
        finalize(claim, job, "plan")
        return
    chunks = [{"claim_id": claim.claim_id, "step": "chunk", "chunk": n} for n in range(1, total + 1)]
    jobs.enqueue_many("claims", tenant_id, job.job_id, BUILD, chunks)


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


def _sort_out(
    tenant_id: str, claim_id: str, wanted: list[str]
) -> tuple[list[dict[str, str]], list[Candidate]]:
    """Read the donations (consistent): those that may join, and the others with their reason."""
    found = {d.donation_id: d for d in repository.donations(tenant_id, wanted)}
    skipped: list[dict[str, str]] = []
    candidates: list[Candidate] = []
    for donation_id in wanted:
        donation = found.get(donation_id)
        reason = _skip_reason(donation, claim_id)
        if reason or donation is None:
            skipped.append({"donation_id": donation_id, "reason": reason or "not_found"})
            continue
        candidates.append(Candidate.of(donation))
    return skipped, candidates


def _without(candidates: list[Candidate], refused: list[str]) -> list[Candidate]:
    """The candidates that joined: all but the refused."""
    out = set(refused)
    return [c for c in candidates if c.donation_id not in out]


def chunk(message: dict[str, Any]) -> None:
    tenant_id, payload = message["tenant_id"], message["payload"]
    number = int(payload["chunk"])
    claim = repository.get_claim(tenant_id, payload["claim_id"])
    if claim.state != DRAFT or claim.build_status != BUILDING:
        return
    part = repository.get_chunk(tenant_id, claim.claim_id, number)
    if not part.done:
        skipped: list[dict[str, str]] = []
        candidates = repository.chunk_candidates(part)
        if candidates is None:
            skipped, candidates = _sort_out(tenant_id, claim.claim_id, [str(d) for d in part.donation_ids])
        try:
            refused = repository.attach(claim, candidates)
            joined = _without(candidates, refused)
            if refused:  # changed since it was read, or taken: read again, decide as above
                more_skipped, again = _sort_out(tenant_id, claim.claim_id, refused)
                skipped += more_skipped
                refused = repository.attach(claim, again)
                joined += _without(again, refused)
        except ClaimClosed:
            return
        skipped.extend({"donation_id": d, "reason": "in_another_claim"} for d in refused)
        if after_chunk is not None:
            after_chunk(claim.claim_id, number)
        repository.mark_chunk_done(claim, number, skipped, joined)
    claim = repository.get_claim(tenant_id, claim.claim_id)
    job = jobs.get(tenant_id, message["job_id"])
    jobs.progress(job, int(claim.chunks_done), int(claim.chunks_total or 0))
    if claim.chunks_total is not None and int(claim.chunks_done) >= int(claim.chunks_total):
        finalize(claim, job, f"chunk-{number}")


def _totals_actions(totals: claimdata.Totals, line_count: int) -> list[Any]:
    return [
        ClaimItem.donations_count.set(totals.donations),
        ClaimItem.lines_count.set(line_count),
        ClaimItem.donation_total.set(totals.donation_total),
        ClaimItem.tax_total.set(totals.tax_total),
        ClaimItem.earliest_date.set(totals.earliest or ""),
        ClaimItem.latest_date.set(totals.latest or ""),
    ]


def _adjustment_actions(tenant_id: str, claim_id: str) -> list[Any]:
    taken = reversals.taken(tenant_id, claim_id)
    adjustment, other_info = reversals.adjustment_of(taken)
    other = ClaimItem.other_info.set(other_info) if other_info else ClaimItem.other_info.remove()
    return [ClaimItem.adjustment.set(adjustment), other, ClaimItem.reversals_count.set(len(taken))]


def _own_finish(claim: ClaimItem, token: str) -> bool:
    """The first finisher to get here owns the claim's last step; its redelivery still does."""
    free = ClaimItem.finisher.does_not_exist() | (ClaimItem.finisher == token)
    return repository.update_claim(
        claim,
        [ClaimItem.finisher.set(token)],
        condition=(ClaimItem.state == DRAFT) & (ClaimItem.build_status == BUILDING) & free,
    )


def finish_build(claim: ClaimItem, token: str) -> list[Candidate] | None:
    """No more Gift Aid donations may join: take the GASDS the caps allow and, when the claim
    claims anything, the open reversals; then `building → ready` with totals recomputed from what
    is attached. Answers the attached donations (fixed from here on: a ready claim takes no more),
    or None when another finisher owns this step or the claim was cancelled meanwhile."""
    if not _own_finish(claim, token):
        return None
    tenant_id, claim_id = claim.tenant_id, claim.claim_id
    attached = repository.attached_as_joined(tenant_id, claim_id, int(claim.chunks_total or 0))
    own = small_donations.gift_aided_by_year(attached)
    try:
        small_donations.take(claim, token, clock.today(), own)
        # HMRC rule 7035: an adjustment needs Gift Aid donations (or other income, which we never
        # send) in the same claim. A claim without Gift Aid lines (nothing, or GASDS only) leaves
        # the reversals to a later claim that has some, instead of holding them in an invalid one.
        if attached:
            reversals.take(claim, token)
    except ClaimClosed:
        return None
    totals = claimdata.totals(attached)
    ready = repository.update_claim(
        claim,
        [
            ClaimItem.build_status.set(READY),
            *_totals_actions(totals, 0),
            *_adjustment_actions(tenant_id, claim_id),
            ClaimItem.gift_aided_by_year.set({str(year): f"{amount:.2f}" for year, amount in own.items()}),
        ],
        condition=membership.finishing(token),
    )
    return attached if ready else None


def finalize(claim: ClaimItem, job: jobs.Job, token: str) -> None:
    """All chunks done: finish the build (one finisher), then try to seal (it stays a draft with
    its problems listed when preflight finds any). The collector is paused meanwhile
    (`collector.paused`: the claim's donations, lines and files are millions of objects)."""
    with collector.paused():
        _finalize(claim, job, token)


def _finalize(claim: ClaimItem, job: jobs.Job, token: str) -> None:
    attached = finish_build(claim, token) if claim.build_status == BUILDING else None
    if claim.build_status == BUILDING and attached is None:
        now = repository.get_claim(claim.tenant_id, claim.claim_id)
        if now.state == DRAFT and now.build_status == BUILDING:
            return  # another finisher owns the last step; it finishes the job
    seal(claim.tenant_id, claim.claim_id, attached)
    final = repository.get_claim(claim.tenant_id, claim.claim_id)
    if job.status != jobs.DONE:
        jobs.finish(job, {"claim_id": final.claim_id, "state": final.state})
    _refresh_reminders(claim.tenant_id)


def _refresh_reminders(tenant_id: str) -> None:
    """The donations waiting changed (a claim took or gave back some): the unread Gift Aid
    reminders in the bell show the new figures, or leave it when nothing waits."""
    from functions.giftaid import schedules  # the bell's reminders, on these paths only

    schedules.refresh(tenant_id, clock.today())


# ------------------------------------------------------------------ seal and files
def _problems(claim: ClaimItem, content: files.Content) -> list[dict[str, Any]]:
    """Every HMRC rule the claim would break (preflight over the whole R68 claim: settings,
    adjustment, GASDS and each line), plus the GASDS years past their time limit."""
    settings, lines = content.settings, content.lines
    problems: list[dict[str, Any]] = []
    if settings is None:
        problems.append({"line": None, "field": "settings", "key": "giftaid.settings_incomplete"})
    for entry in claim.gasds or []:
        year = int(entry["tax_year_end"]) - 1
        deadline = gasds_deadline(tax_year_bounds(year)[0])
        if clock.today() > deadline:
            problems.append(
                {
                    "line": None,
                    "field": "gasds",
                    "key": reasons.GASDS_YEAR_EXPIRED,
                    "params": {"tax_year_end": str(year + 1), "date": deadline.strftime("%d/%m/%Y")},
                }
            )
    found = (
        preflight.check_claim(files.r68_claim_of(claim, settings, lines), clock.today())
        if settings is not None
        else preflight.check_lines(lines, clock.today())
    )
    for problem in found:
        if problem.line is None:
            problems.append(
                {"line": None, "field": problem.field, "key": problem.key, "params": dict(problem.params)}
            )
            continue
        problems.append(
            {
                "line": problem.line + 1,
                "field": problem.field,
                "key": problem.key,
                "params": dict(problem.params),
                "donation_ids": list(lines[problem.line].donation_ids),
            }
        )
    return problems


def seal(tenant_id: str, claim_id: str, attached: list[Candidate] | None = None) -> None:
    """`draft (ready) → sealed` when preflight finds nothing, then the files. Repeatable.
    `attached`: the donations the build has just read as attached (a ready claim takes no more),
    so that checking the claim and writing its files read them, their donors and the settings
    once (else read here)."""
    claim = repository.get_claim(tenant_id, claim_id)
    content: files.Content | None = None
    if claim.state == DRAFT and claim.build_status == READY:
        content = files.content_of(claim, attached)
        attached = content.attached
        problems = _problems(claim, content)
        totals = claimdata.totals(attached)
        actions = [
            *_totals_actions(totals, len(content.lines)),
            *_adjustment_actions(tenant_id, claim_id),
            ClaimItem.problems.set(problems),
        ]
        if problems or not (attached or claim.gasds):
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
        files.write(claim, content)


# ------------------------------------------------------------------ release / settle
def release_all(tenant_id: str, claim_id: str) -> int:
    """Every donation still in this (cancelled or rejected) claim goes back to the pool and is
    assessed again (a refund meanwhile makes it not eligible); so do its GASDS small donations
    (their amounts leave the year's ledger) and the reversals its adjustment had taken."""
    from functions.declarations import eligibility  # re-assessment, on this path only

    released_ids = [
        line.donation_id
        for line in repository.lines(tenant_id, claim_id)
        if repository.release(tenant_id, claim_id, line.donation_id)
    ]
    if released_ids:
        eligibility.recompute_donations(tenant_id, released_ids)
    small_donations.release(tenant_id, claim_id)
    reversals.release(tenant_id, claim_id)
    claim = repository.get_claim(tenant_id, claim_id)
    repository.update_claim(claim, [ClaimItem.released.set(True)])
    _refresh_reminders(tenant_id)
    return len(released_ids)


def settle_all(tenant_id: str, claim_id: str) -> int:
    """An accepted claim: its donations become `claimed` (they keep the claim id). One refunded or
    cancelled while the claim was with HMRC is reversed at once: the next claim deducts its tax."""
    settled = 0
    for line in repository.lines(tenant_id, claim_id):
        if repository.mark_claimed(tenant_id, claim_id, line.donation_id):
            settled += 1
    ids = [line.donation_id for line in repository.lines(tenant_id, claim_id)]
    for donation in repository.donations(tenant_id, ids):
        if donation.claim_id == claim_id and donation.status in ("refunded", "cancelled"):
            cause = ReversalCause.REFUNDED if donation.status == "refunded" else ReversalCause.CANCELLED
            reversals.record(tenant_id, donation, cause)
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
