"""Joining a claim while it is being finished: GASDS small donations and reversals join through
the same kind of conditional transaction as Gift Aid donations (`repository.attach`): a check
that the claim is still a draft being built *by this finisher*, the item's own conditional
update (free, or already this claim's), and the claim's membership item. Safe to repeat."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from pynamodb.exceptions import TransactWriteError
from pynamodb.expressions.condition import Condition
from pynamodb.transactions import TransactWrite

from functions.core.item_connection import shared
from functions.giftaid.models import BUILDING, ClaimItem
from functions.giftaid.repository import ClaimClosed

T = TypeVar("T")
GROUP = 30  # 1 claim check + 2 items each stays under DynamoDB's 100 per transaction
RETRIES = 6
Writer = Callable[[TransactWrite, T], None]


def finishing(token: str) -> Condition:
    """The claim is still a draft being built, and this finisher owns its last step."""
    return (ClaimItem.state == "draft") & (ClaimItem.build_status == BUILDING) & (ClaimItem.finisher == token)


def _codes(exc: TransactWriteError) -> list[str | None]:
    return [reason.code if reason is not None else None for reason in (exc.cancellation_reasons or [])]


def _commit(claim: ClaimItem, token: str, items: Sequence[T], write: Writer[T]) -> None:
    with TransactWrite(connection=shared()) as transaction:
        transaction.condition_check(ClaimItem, claim.pk, claim.sk, condition=finishing(token))
        for item in items:
            write(transaction, item)


def join(
    claim: ClaimItem, token: str, items: Sequence[T], write: Writer[T], name: Callable[[T], str]
) -> list[str]:
    """Write each item's membership; returns the names of those refused (their own condition
    failed: taken by another claim, no longer free). Raises `ClaimClosed` when the claim is no
    longer open to this finisher (cancelled meanwhile)."""
    refused: list[str] = []
    for start in range(0, len(items), GROUP):
        group = items[start : start + GROUP]
        try:
            _commit(claim, token, group, write)
            continue
        except TransactWriteError as exc:
            codes = _codes(exc)
            if codes and codes[0] == "ConditionalCheckFailed":
                raise ClaimClosed() from exc
        for item in group:
            if not _join_one(claim, token, item, write):
                refused.append(name(item))
    return refused


def _join_one(claim: ClaimItem, token: str, item: Any, write: Writer[Any]) -> bool:
    for attempt in range(RETRIES):
        try:
            _commit(claim, token, [item], write)
            return True
        except TransactWriteError as exc:
            codes = _codes(exc)
            if codes and codes[0] == "ConditionalCheckFailed":
                raise ClaimClosed() from exc
            if "ConditionalCheckFailed" in codes[1:]:
                return False
            time.sleep(0.02 * (attempt + 1))  # TransactionConflict: another writer, try again
    raise RuntimeError("a claim membership stayed contended")
