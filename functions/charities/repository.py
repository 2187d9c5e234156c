"""Charities (tenants) as the platform administrators see them, and the one way to save a tenant.

Every tenant write goes through `save_tenant`: the tenant (optimistic lock on its version) and
its search tokens change in one transaction.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from pynamodb.exceptions import TransactWriteError
from pynamodb.expressions.condition import Condition
from pynamodb.transactions import TransactWrite

from functions.core import keys
from functions.core.errors import Conflict, NotFound
from functions.core.identity import Tenant, User
from functions.core.item_connection import shared
from functions.search.repository import token_writes


def conditions_failed(exc: TransactWriteError) -> list[int]:
    """Positions (in DynamoDB's order: checks, deletes, puts, updates) of the items whose
    condition failed; empty when the transaction failed for another reason."""
    if exc.cause_response_code != "TransactionCanceledException":
        return []
    return [
        i
        for i, reason in enumerate(exc.cancellation_reasons)
        if reason and reason.code == "ConditionalCheckFailed"
    ]


def get_tenant(tenant_id: str) -> Tenant:
    try:
        return Tenant.get(*Tenant.key(tenant_id), consistent_read=True)
    except Tenant.DoesNotExist as exc:
        raise NotFound() from exc


def get_charity(tenant_id: str) -> Tenant:
    """A charity: a tenant listed in the charities index (the platform tenant is not one)."""
    tenant = get_tenant(tenant_id)
    if tenant.gsi1pk != keys.tenants_index_pk():
        raise NotFound()
    return tenant


def save_tenant(tenant: Tenant, previous_tokens: set[str]) -> None:
    """Put the edited tenant if nobody saved it since it was read (its version), with its tokens."""
    if tenant.gsi1pk == keys.tenants_index_pk():
        tenant.gsi1sk = keys.tenants_index_sk(tenant.name, tenant.tenant_id)
    try:
        with TransactWrite(connection=shared()) as transaction:
            transaction.save(tenant)
            token_writes(transaction, tenant, previous_tokens)
    except TransactWriteError as exc:
        if conditions_failed(exc):
            raise Conflict() from exc
        raise


def charities_page(
    *, name_prefix: str, descending: bool, limit: int, cursor: dict[str, Any] | None, disabled: bool | None
) -> tuple[list[Tenant], dict[str, Any] | None]:
    """GSI1: GSI1PK = TENANTS and begins_with(GSI1SK, lower(name prefix)); `disabled` a bounded filter."""
    condition = Tenant.gsi1sk.startswith(name_prefix.lower()) if name_prefix else None
    filter_condition: Condition | None = (Tenant.disabled == disabled) if disabled is not None else None
    results = Tenant.gsi1.query(
        keys.tenants_index_pk(),
        condition,
        filter_condition=filter_condition,
        scan_index_forward=not descending,
        limit=limit,
        last_evaluated_key=cursor,
    )
    page = [item for item in results if isinstance(item, Tenant)]
    return page, results.last_evaluated_key


def count_charities(*, name_prefix: str, disabled: bool | None) -> int:
    """The same key condition with Select=COUNT (reads index keys only; the admin list is small)."""
    condition = Tenant.gsi1sk.startswith(name_prefix.lower()) if name_prefix else None
    filter_condition: Condition | None = (Tenant.disabled == disabled) if disabled is not None else None
    return Tenant.gsi1.count(keys.tenants_index_pk(), condition, filter_condition=filter_condition)


def count_users(tenant_id: str) -> int:
    """PK = TENANT#<id>, begins_with(SK, USER#), only User items (recovery codes share the prefix)."""
    return User.count(keys.tenant_pk(tenant_id), User.sk.startswith(keys.user_prefix()))


def users_of(tenant_id: str) -> Iterator[User]:
    return User.query(keys.tenant_pk(tenant_id), User.sk.startswith(keys.user_prefix()))
