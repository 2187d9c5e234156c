"""The fund ledger lines of an import's donations, written after the chunk's rows and before the
transaction that closes the chunk (docs/decisions/0012-imports.md, ninth addendum).

A donation written by hand puts its ledger line, its fund's balance and the fund's monthly
totals in its own transaction (ADR 0019). An import's rows are packed into transactions by
donor, so each row moved a different month's totals and a line of its own: two of a row's five
items. Here the chunk's donations are taken by date, and each transaction holds up to
`LEDGER_ITEMS` of their lines with the few monthly totals and the one balance they move, so a
fund's balance still moves in the same transaction as the lines that make it (balances always
equal their lines; the statement of funds, read from the monthly totals, moves with them).

Every line's id is derived from its donation (`line_id`), so a chunk delivered again, or an undo
settling a chunk whose worker died (`functions/imports/undo.py`), repeats the same ids: a line
written before cancels its transaction (tag `LINE_TAG`), the lines already there are read and
left out, and the rest are written. Each line is written once, with its balance.

The lines are what the row would have written itself (kind `allocation`, reason
`donation_created`, source the donation), so the fund's ledger screen, moves, edits, refunds
and undo of the donation read them as before. While an import runs, a fund's figures lag its
donations by at most the rows of one chunk, as the dashboard's do (ADR 0012, addendum of
2026-11-24).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable

from functions.domain import funds
from functions.donations import repository as donations
from functions.donations.models import Donation
from functions.donors.transaction import MAX_ITEMS, Transaction, TransactionFailed
from functions.funds import ledger
from functions.funds.models import LedgerLine
from functions.imports import repository

LINE_TAG = "line"
LEDGER_ITEMS = MAX_ITEMS
ATTEMPTS = 8

Entry = tuple[Donation, list[funds.Movement], list[str]]  # a donation, its lines, their ids


def line_id(import_id: str, donation_id: str, move: funds.Movement) -> str:
    """The id of a new donation's line: its donation's time part (ids sort by when the import
    ran) and a digest of the import, the donation and the line (always the same for the same
    line; another import creating a donation of the same id, as an undone import's file imported
    again within the same millisecond can, gets lines of its own)."""
    parts = (import_id, donation_id, move.fund_id, move.project_id or "", move.kind)
    digest = hashlib.sha256("\x1f".join(parts).encode()).hexdigest()
    return f"{donation_id[:12]}{digest[:14]}"


def entries(import_id: str, created: Iterable[Donation]) -> list[Entry]:
    """The lines of these new donations (each as it was created), by date."""
    found: list[Entry] = []
    for donation in sorted(created, key=lambda d: (d.donation_date, d.donation_id)):
        if not donation.split_lines():
            donations.settle_split(None, donation)
        moves = funds.donation_movements(None, donations.ledger_side(donation))
        if moves:
            line_ids = [line_id(import_id, donation.donation_id, move) for move in moves]
            found.append((donation, moves, line_ids))
    return found


def _keys(tenant_id: str, entry: Entry) -> set[tuple[str, str]]:
    _, moves, line_ids = entry
    found = {
        LedgerLine.key(tenant_id, move.fund_id, move.date, line)
        for move, line in zip(moves, line_ids, strict=True)
    }
    found.update(ledger.movement_keys(tenant_id, moves))
    return found


def _groups(tenant_id: str, found: list[Entry]) -> list[list[Entry]]:
    """Entries packed into transactions of at most LEDGER_ITEMS items (in date order, so one
    transaction's lines share a few months' totals)."""
    packed: list[list[Entry]] = []
    current: list[Entry] = []
    touched: set[tuple[str, str]] = set()
    for entry in found:
        wanted = _keys(tenant_id, entry)
        if current and len(touched | wanted) > LEDGER_ITEMS:
            packed.append(current)
            current, touched = [], set()
        current.append(entry)
        touched |= wanted
    if current:
        packed.append(current)
    return packed


def write(tenant_id: str, import_id: str, created: Iterable[Donation]) -> int:
    """Write the ledger lines of these new donations of an import (with their balances and
    monthly totals), each line once however often this is called; answers how many lines were
    written now. The lines name no user, as the rows' own lines did."""
    written = 0
    for group in _groups(tenant_id, entries(import_id, created)):
        written += _write_group(tenant_id, group)
    return written


def _write_group(tenant_id: str, group: list[Entry]) -> int:
    for _ in range(ATTEMPTS):
        if not group:
            return 0
        transaction = Transaction()
        for donation, moves, line_ids in group:
            ledger.add_movements(
                transaction,
                tenant_id,
                moves,
                source_type="donation",
                source_id=donation.donation_id,
                user_id=None,
                reason="donation_created",
                line_ids=line_ids,
                line_tag=LINE_TAG,
            )
        try:
            transaction.commit()
        except TransactionFailed as failed:
            if not failed.tags:
                continue  # no condition failed: a conflict with a concurrent transaction (DynamoDB)
            if LINE_TAG not in failed.tags:
                raise  # a fund gone or archived since its rows were written: the job is retried
            group = _not_written(tenant_id, group)
            continue
        return sum(len(moves) for _, moves, _ in group)
    raise RuntimeError("import ledger lines could not be written after several attempts")


def _not_written(tenant_id: str, group: list[Entry]) -> list[Entry]:
    """The entries none of whose lines exist yet (an earlier delivery wrote the others, each
    with its balance: a donation's lines are always written together)."""
    wanted = [
        LedgerLine.key(tenant_id, move.fund_id, move.date, line)
        for _, moves, line_ids in group
        for move, line in zip(moves, line_ids, strict=True)
    ]
    found = repository.existing(wanted)
    return [
        entry
        for entry in group
        if not any(
            LedgerLine.key(tenant_id, move.fund_id, move.date, line) in found
            for move, line in zip(entry[1], entry[2], strict=True)
        )
    ]
