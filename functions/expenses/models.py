"""Entities of the expenses area: expense types (and their names' uniqueness items) and
expenses. An approved expense is a line of the fund ledger (`functions.funds.ledger`). Key
shapes: `functions.core.keys` (docs/access-patterns.md "Expenses")."""

from __future__ import annotations

from pynamodb.attributes import BooleanAttribute, UnicodeAttribute, VersionAttribute

from functions.core import keys
from functions.core.table import Entity


class ExpenseType(Entity, discriminator="ExpenseType"):
    expense_type_id = UnicodeAttribute()
    tenant_id = UnicodeAttribute()
    name = UnicodeAttribute()
    archived = BooleanAttribute(default=False)
    version = VersionAttribute()

    @classmethod
    def key(cls, tenant_id: str, expense_type_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.expense_type_sk(expense_type_id)
