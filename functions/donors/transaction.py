"""One TransactWriteItems built from tagged operations, so a cancelled transaction says *which*
invariant failed (a stale version, a taken external reference, a missing donation type) without
matching message text; counter deltas on the same item are merged (DynamoDB refuses two
operations on one item in a transaction). A write that would change nothing but must still find
its item (a type's usage counter that an edit takes and gives back) is sent as a ConditionCheck:
DynamoDB refuses an Update without an update expression."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from typing import Any

from pynamodb.connection import Connection
from pynamodb.exceptions import TransactWriteError
from pynamodb.models import Model
from pynamodb.transactions import TransactWrite

from functions.core.item_connection import shared
from functions.core.table import Entity

MAX_ITEMS = 100  # DynamoDB's limit of items in one transaction
Operation = tuple[str | None, Model, dict[str, Any]]  # (tag, item, its write's arguments)
# PynamoDB sends a transaction's items in this order; a cancellation's reasons follow it
KINDS = ("check", "delete", "put", "update")


def _conn() -> Connection:
    return shared()


class TransactionFailed(Exception):
    """Raised with the tags of the operations whose condition failed."""

    def __init__(self, tags: set[str]) -> None:
        super().__init__(", ".join(sorted(tags)) or "transaction cancelled")
        self.tags = tags


class Transaction:
    def __init__(self) -> None:
        self._ops: dict[str, list[Operation]] = {kind: [] for kind in KINDS}
        self._adds: dict[tuple[str, str], tuple[type[Model], dict[str, Any], Any, str | None]] = {}
        self._fresh: set[tuple[str, str]] = set()
        self._conditions_of: dict[tuple[str, str], Callable[[dict[str, Any]], Any]] = {}

    def put(self, item: Model, condition: Any = None, tag: str | None = None) -> None:
        self._ops["put"].append((tag, item, {"condition": condition}))

    def delete(self, item: Model, condition: Any = None, tag: str | None = None) -> None:
        self._ops["delete"].append((tag, item, {"condition": condition}))

    def update(self, item: Model, actions: list[Any], condition: Any = None, tag: str | None = None) -> None:
        """Update `item`; with no actions (and no version for PynamoDB to bump) only its
        condition is checked, and without a condition either nothing is written."""
        if not actions and _version_attribute(item) is None:
            if condition is not None:
                self.condition_check(type(item), (item.pk, item.sk), condition, tag=tag)  # type: ignore[attr-defined]
            return
        self._ops["update"].append((tag, item, {"actions": actions, "condition": condition}))

    def condition_check(
        self, model: type[Model], key: tuple[str, str], condition: Any, tag: str | None = None
    ) -> None:
        """Cancel the transaction unless the item at `key` meets `condition`; writes nothing."""
        self._ops["check"].append((tag, model(*key), {"condition": condition}))

    def add(
        self,
        model: type[Model],
        key: tuple[str, str],
        *,
        condition: Any = None,
        tag: str | None = None,
        fresh: bool = False,
        condition_of: Callable[[dict[str, Any]], Any] | None = None,
        **deltas: int | Decimal,
    ) -> None:
        """ADD `deltas` to the item at `key`; several calls for one key merge into one update.
        A `model` with a discriminator creates the item if absent (a counter); a view model
        without one (e.g. `DonorTotals`) only touches attributes of an existing item. `fresh`
        says the item cannot exist yet (its owner is created by this same transaction): it is
        written whole, its deltas as its values, which is cheaper than an update.
        `condition_of(merged deltas)` gives the update's condition from the deltas of every call
        for the key (a fund's balance: the debit it must cover is the merged one)."""
        _, merged, old_condition, old_tag = self._adds.get(key, (model, {}, None, None))
        for name, delta in deltas.items():
            merged[name] = merged.get(name, 0) + delta
        self._adds[key] = (
            model,
            merged,
            condition if condition is not None else old_condition,
            tag or old_tag,
        )
        if condition_of is not None:
            self._conditions_of[key] = condition_of
        if fresh:
            self._fresh.add(key)
        else:
            self._fresh.discard(key)

    def __len__(self) -> int:
        """How many items `commit` would send, counted without building them (an import sizes
        every transaction with this before committing it): an ADD is a Put when fresh and
        unconditional, an Update when a delta is not zero, else a ConditionCheck when it has a
        condition, else nothing (`_pending_adds`)."""
        count = sum(len(ops) for ops in self._ops.values())
        for key, (_, deltas, condition, _) in self._adds.items():
            if any(delta != 0 for delta in deltas.values()):
                count += 1
                continue
            condition_of = self._conditions_of.get(key)
            if condition_of is not None:
                condition = condition_of(deltas)
            if condition is not None or key in self._fresh:
                count += 1
        return count

    def _pending_adds(self) -> dict[str, list[Operation]]:
        """The merged adds by kind: puts of fresh items, updates, and condition checks of deltas
        that net to zero on an item that must exist (an edit keeping its donation type)."""
        pending: dict[str, list[Operation]] = {kind: [] for kind in KINDS}
        for (pk, sk), (model, deltas, condition, tag) in self._adds.items():
            changes = {name: delta for name, delta in deltas.items() if delta != 0}
            condition_of = self._conditions_of.get((pk, sk))
            if condition_of is not None:
                condition = condition_of(deltas)
            if (pk, sk) in self._fresh and condition is None:
                pending["put"].append((tag, model(pk, sk, **changes), {"condition": None}))
                continue
            if not changes:
                if condition is not None:
                    pending["check"].append((tag, model(pk, sk), {"condition": condition}))
                continue
            actions = [getattr(model, n).add(d) for n, d in changes.items()]
            if Entity.entity.get_discriminator(model) is not None:
                actions.insert(0, model.entity.set(model))  # type: ignore[attr-defined]
            pending["update"].append((tag, model(pk, sk), {"actions": actions, "condition": condition}))
        return pending

    def _ordered(self) -> list[tuple[str, Operation]]:
        """Every operation as (kind, operation), in the order PynamoDB sends them."""
        pending = self._pending_adds()
        return [(kind, op) for kind in KINDS for op in self._ops[kind] + pending[kind]]

    def commit(self) -> None:
        ordered = self._ordered()
        if not ordered:
            return
        if len(ordered) > MAX_ITEMS:
            raise ValueError(f"{len(ordered)} items exceed one transaction")
        try:
            with TransactWrite(connection=_conn()) as transaction:
                for kind, (_, item, kwargs) in ordered:
                    if kind == "check":
                        key = (item.pk, item.sk)  # type: ignore[attr-defined]
                        transaction.condition_check(type(item), *key, condition=kwargs["condition"])
                    elif kind == "delete":
                        transaction.delete(item, condition=kwargs["condition"])
                    elif kind == "put":
                        transaction.save(item, condition=kwargs["condition"])
                    else:
                        transaction.update(item, actions=kwargs["actions"], condition=kwargs["condition"])
        except TransactWriteError as exc:
            if exc.cause_response_code != "TransactionCanceledException":
                raise
            reasons = exc.cancellation_reasons
            failed = {
                ordered[i][1][0] or f"item{i}"
                for i, reason in enumerate(reasons)
                if reason is not None and reason.code == "ConditionalCheckFailed"
            }
            raise TransactionFailed(failed) from exc


def _version_attribute(item: Model) -> Any:
    """The name of the item's version attribute, which PynamoDB bumps on every update (None without one)."""
    return item._version_attribute_name  # noqa: SLF001
