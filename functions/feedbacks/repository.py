"""Support tickets and their counters (kept in the same transaction as every ticket write)."""

from __future__ import annotations

from typing import Any

from pynamodb.attributes import NumberAttribute, UnicodeAttribute
from pynamodb.exceptions import TransactWriteError
from pynamodb.transactions import TransactWrite

from functions.core import keys
from functions.core.errors import Conflict, NotFound
from functions.core.item_connection import shared
from functions.core.table import Entity

STATUSES = ("open", "in_progress", "resolved", "closed")
TYPES = ("bug", "feature")


class Feedback(Entity, discriminator="Feedback"):
    feedback_id = UnicodeAttribute()
    tenant_id = UnicodeAttribute()
    tenant_name = UnicodeAttribute(default="")
    user_id = UnicodeAttribute()
    user_name = UnicodeAttribute(default="")
    user_email = UnicodeAttribute(default="")
    title = UnicodeAttribute()
    ticket_type = UnicodeAttribute()
    description = UnicodeAttribute()
    status = UnicodeAttribute(default="open")


class FeedbackCounts(Entity, discriminator="FeedbackCounts"):
    total = NumberAttribute(default=0)
    open = NumberAttribute(default=0)
    in_progress = NumberAttribute(default=0)
    resolved = NumberAttribute(default=0)
    closed = NumberAttribute(default=0)
    bug = NumberAttribute(default=0)
    feature = NumberAttribute(default=0)


def _counts() -> FeedbackCounts:
    return FeedbackCounts(keys.feedbacks_pk(), keys.feedback_counts_sk())


def _count_actions(changes: dict[str, int]) -> list[Any]:
    actions: list[Any] = [FeedbackCounts.entity.set(FeedbackCounts)]  # type: ignore[arg-type]
    for name, delta in changes.items():
        actions.append(getattr(FeedbackCounts, name).add(delta))
    return actions


def _write(item: Feedback, changes: dict[str, int], *, delete: bool = False, condition: Any = None) -> None:
    try:
        with TransactWrite(connection=shared()) as transaction:
            if delete:
                transaction.delete(item, condition=condition)
            else:
                transaction.save(item, condition=condition)
            transaction.update(_counts(), actions=_count_actions(changes))
    except TransactWriteError as exc:
        if exc.cause_response_code == "TransactionCanceledException":
            raise Conflict() from exc
        raise


def get(feedback_id: str) -> Feedback:
    try:
        return Feedback.get(keys.feedbacks_pk(), keys.feedback_sk(feedback_id), consistent_read=True)
    except Feedback.DoesNotExist as exc:
        raise NotFound() from exc


def create(item: Feedback) -> None:
    _write(item, {"total": 1, item.status: 1, item.ticket_type: 1}, condition=Feedback.pk.does_not_exist())


def save_edit(item: Feedback, old_type: str) -> None:
    changes = {} if old_type == item.ticket_type else {old_type: -1, item.ticket_type: 1}
    _write(item, changes, condition=Feedback.status == item.status)


def change_status(item: Feedback, status: str) -> None:
    old = item.status
    if old == status:
        return
    item.status = status
    _write(item, {old: -1, status: 1}, condition=Feedback.status == old)


def delete(item: Feedback) -> None:
    _write(
        item,
        {"total": -1, item.status: -1, item.ticket_type: -1},
        delete=True,
        condition=Feedback.status == item.status,
    )


def counts() -> dict[str, int]:
    try:
        found = FeedbackCounts.get(keys.feedbacks_pk(), keys.feedback_counts_sk(), consistent_read=True)
    except FeedbackCounts.DoesNotExist:
        found = _counts()
    return {name: int(getattr(found, name) or 0) for name in ("total", *STATUSES, *TYPES)}


def page(
    *, status: str | None, limit: int, start: dict[str, Any] | None
) -> tuple[list[Feedback], dict | None]:
    condition = Feedback.sk.startswith(keys.feedback_prefix())
    filter_condition = (Feedback.status == status) if status else None
    results = Feedback.query(
        keys.feedbacks_pk(),
        condition,
        filter_condition=filter_condition,
        scan_index_forward=False,
        limit=limit,
        last_evaluated_key=start,
    )
    items = list(results)
    return items, results.last_evaluated_key
