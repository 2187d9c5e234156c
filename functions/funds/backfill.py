"""Old donations get their default split (ADR 0019 "Backfill"): donations recorded before funds
existed have no `allocations` and no ledger lines, so a charity older than funds would start with
a General fund of £0. When its default fund is created for it (`repository.ensure_default_fund`
answering True: on the first read of its funds, or the first donation write needing the fund), or
by hand (`python -m functions.funds.backfill <tenant id>`), a job on the claims queue walks its
donations by date (GSI1) and gives each one without a split the default split, with its ledger
line, in transactions of `GROUP` donations.

Each donation's update is conditional on the version read and on its split still absent, and
bumps the version: a concurrent edit (which gives the donation its own split and lines) or a
second run makes the update fail and the donation is left as it is, so nothing is counted twice.
A message handles `PAGES` pages and enqueues the next with its cursor; a redelivered message
repeats harmlessly."""

from __future__ import annotations

import json
import sys
from typing import Any

from pynamodb.attributes import BooleanAttribute, ListAttribute, NumberAttribute
from pynamodb.expressions.condition import size

from functions.core import aws, config, jobs, keys
from functions.core.table import Entity
from functions.domain import funds
from functions.donations.models import RECEIVED, Donation
from functions.donors.transaction import Transaction, TransactionFailed
from functions.funds import ledger

BACKFILL = "funds-backfill"
QUEUE = "claims"  # the queue whose handler (functions/giftaid/jobs.py) runs this step
PAGE = 100  # donations read per Query
PAGES = 20  # Query pages per message, then the next message carries on
GROUP = 20  # donations per transaction: ≤ 20 updates + 20 lines + their months + 1 balance
REASON = "donation_backfilled"


class DonationSplit(Entity):
    """A donation as the backfill writes it: its split only (no discriminator: an update)."""

    allocations = ListAttribute(null=True)  # type: ignore[var-annotated]
    allocation_defaulted = BooleanAttribute(null=True)
    version = NumberAttribute(null=True)


def enqueue(tenant_id: str, user_id: str | None = None) -> str:
    """Start a backfill of the charity's donations; the job's id."""
    return jobs.submit(QUEUE, tenant_id=tenant_id, user_id=user_id, job_type=BACKFILL, payload={}).job_id


def _unsplit(donation: Donation) -> bool:
    return not donation.allocations


def _add(transaction: Transaction, donation: Donation) -> None:
    amount = funds.pence(donation.amount)
    item = DonationSplit(*Donation.key(donation.tenant_id, donation.donation_id))
    transaction.update(
        item,
        actions=[
            DonationSplit.allocations.set([{"fund_id": funds.DEFAULT_FUND_ID, "amount": amount}]),
            DonationSplit.allocation_defaulted.set(True),
            DonationSplit.version.add(1),
        ],
        condition=(DonationSplit.version == int(donation.version or 0))
        & (DonationSplit.allocations.does_not_exist() | (size(DonationSplit.allocations) == 0)),
        tag=f"donation:{donation.donation_id}",
    )
    if donation.status == RECEIVED and amount:
        move = funds.Movement(funds.DEFAULT_FUND_ID, donation.donation_date, "allocation", amount)
        ledger.add_movements(
            transaction,
            donation.tenant_id,
            [move],
            source_type="donation",
            source_id=donation.donation_id,
            user_id=None,
            reason=REASON,
        )


def _write(group: list[Donation]) -> int:
    """Split the group in one transaction; when one of them moved meanwhile, one at a time (a
    donation whose condition fails is skipped: an edit or another run gave it its split)."""
    transaction = Transaction()
    for donation in group:
        _add(transaction, donation)
    try:
        transaction.commit()
        return len(group)
    except TransactionFailed as failed:
        if len(group) == 1:
            if any(tag.startswith("donation:") for tag in failed.tags):
                return 0
            raise
    return sum(_write([donation]) for donation in group)


def run_pages(tenant_id: str, start: dict[str, Any] | None) -> tuple[int, dict[str, Any] | None]:
    """Up to `PAGES` pages of the charity's donations from `start`: (donations split, the cursor
    to carry on from or None at the end)."""
    split = 0
    cursor = start
    for _ in range(PAGES):
        results = Donation.gsi1.query(
            keys.donations_by_date_pk(tenant_id), limit=PAGE, last_evaluated_key=cursor
        )
        page = [d for d in results if isinstance(d, Donation) and _unsplit(d)]
        for begin in range(0, len(page), GROUP):
            split += _write(page[begin : begin + GROUP])
        cursor = results.last_evaluated_key
        if not cursor:
            return split, None
    return split, cursor


def run(message: dict[str, Any]) -> None:
    """The queue step: a page run, then the next message or the job's end."""
    tenant_id, payload = message["tenant_id"], message["payload"]
    job = jobs.get(tenant_id, message["job_id"])
    if not jobs.start(job):
        return
    split, cursor = run_pages(tenant_id, payload.get("cursor"))
    done = int(job.done or 0) + split
    if cursor is None:
        jobs.finish(job, {"split": done})
        return
    jobs.progress(job, done)
    body = {"job_id": job.job_id, "tenant_id": tenant_id, "job_type": BACKFILL, "payload": {"cursor": cursor}}
    aws.client("sqs").send_message(QueueUrl=config.queue_url(QUEUE), MessageBody=json.dumps(body))


def main(argv: list[str]) -> int:
    """`python -m functions.funds.backfill <tenant id>`: enqueue a backfill of one charity."""
    if len(argv) != 1:
        print("usage: python -m functions.funds.backfill <tenant id>", file=sys.stderr)
        return 2
    print(enqueue(argv[0]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
