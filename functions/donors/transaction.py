"""One TransactWriteItems built from tagged operations, so a cancelled transaction says *which*
invariant failed (a stale version, a taken external reference, a missing donation type) without
matching message text; counter deltas on the same item are merged (DynamoDB refuses two
operations on one item in a transaction)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from pynamodb.connection import Connection
from pynamodb.exceptions import TransactWriteError
from pynamodb.models import Model
from pynamodb.transactions import TransactWrite

from functions.core import item_requests
from functions.core.table import Entity

MAX_ITEMS = 100  # DynamoDB's limit of items in one transaction
Operation = tuple[str | None, Model, dict[str, Any]]  # (tag, item, its write's arguments)


class _ItemConnection(Connection):
    """PynamoDB's connection whose client writes plain item requests directly
    (`functions.core.item_requests`): transactions are most of an import's work."""

    @property
    def client(self) -> Any:
        return item_requests.use_for(super().client)


_connection: Connection | None = None


def _conn() -> Connection:
    global _connection
    if _connection is None:
        _connection = _ItemConnection()
    return _connection


class TransactionFailed(Exception):
    """Raised with the tags of the operations whose condition failed."""

    def __init__(self, tags: set[str]) -> None:
        super().__init__(", ".join(sorted(tags)) or "transaction cancelled")
        self.tags = tags


class Transaction:
    def __init__(self) -> None:
        self._ops: dict[str, list[Operation]] = {
            "delete": [],
            "put": [],
            "update": [],
        }
        self._adds: dict[tuple[str, str], tuple[type[Model], dict[str, Any], Any, str | None]] = {}
        self._fresh: set[tuple[str, str]] = set()

    def put(self, item: Model, condition: Any = None, tag: str | None = None) -> None:
        self._ops["put"].append((tag, item, {"condition": condition}))

    def delete(self, item: Model, condition: Any = None, tag: str | None = None) -> None:
        self._ops["delete"].append((tag, item, {"condition": condition}))

    def update(self, item: Model, actions: list[Any], condition: Any = None, tag: str | None = None) -> None:
        self._ops["update"].append((tag, item, {"actions": actions, "condition": condition}))

    def add(
        self,
        model: type[Model],
        key: tuple[str, str],
        *,
        condition: Any = None,
        tag: str | None = None,
        fresh: bool = False,
        **deltas: int | Decimal,
    ) -> None:
        """ADD `deltas` to the item at `key`; several calls for one key merge into one update.
        A `model` with a discriminator creates the item if absent (a counter); a view model
        without one (e.g. `DonorTotals`) only touches attributes of an existing item. `fresh`
        says the item cannot exist yet (its owner is created by this same transaction): it is
        written whole, its deltas as its values, which is cheaper than an update."""
        _, merged, old_condition, old_tag = self._adds.get(key, (model, {}, None, None))
        for name, delta in deltas.items():
            merged[name] = merged.get(name, 0) + delta
        self._adds[key] = (
            model,
            merged,
            condition if condition is not None else old_condition,
            tag or old_tag,
        )
        if fresh:
            self._fresh.add(key)
        else:
            self._fresh.discard(key)

    def __len__(self) -> int:
        puts, updates = self._pending_adds()
        return sum(len(ops) for ops in self._ops.values()) + len(puts) + len(updates)

    def _pending_adds(self) -> tuple[list[Operation], list[Operation]]:
        """The merged adds: (puts of fresh items, updates)."""
        puts: list[Operation] = []
        updates: list[Operation] = []
        for (pk, sk), (model, deltas, condition, tag) in self._adds.items():
            changes = {name: delta for name, delta in deltas.items() if delta != 0}
            if (pk, sk) in self._fresh and condition is None:
                puts.append((tag, model(pk, sk, **changes), {"condition": None}))
                continue
            if not changes and condition is None:
                continue
            actions = [getattr(model, n).add(d) for n, d in changes.items()]
            if Entity.entity.get_discriminator(model) is not None:
                actions.insert(0, model.entity.set(model))  # type: ignore[attr-defined]
            updates.append((tag, model(pk, sk), {"actions": actions, "condition": condition}))
        return puts, updates

    def commit(self) -> None:
        fresh, adds = self._pending_adds()
        updates = self._ops["update"] + adds
        ordered = [("delete", op) for op in self._ops["delete"]]
        ordered += [("put", op) for op in self._ops["put"] + fresh] + [("update", op) for op in updates]
        if not ordered:
            return
        if len(ordered) > MAX_ITEMS:
            raise ValueError(f"{len(ordered)} items exceed one transaction")
        try:
            with TransactWrite(connection=_conn()) as transaction:
                for kind, (_, item, kwargs) in ordered:
                    if kind == "delete":
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
