"""Entities of the expenses area: expense types (and their names' uniqueness items), expenses
and the charity's expense totals. An approved expense is a line of the fund ledger
(`functions.funds.ledger`). Amounts are integer pence. Key shapes: `functions.core.keys`
(docs/access-patterns.md "Expenses")."""

from __future__ import annotations

from pynamodb.attributes import (
    BooleanAttribute,
    NumberAttribute,
    UnicodeAttribute,
    UTCDateTimeAttribute,
    VersionAttribute,
)

from functions.core import keys
from functions.core.table import Entity

EXPENSE_STATUSES = ("draft", "approved", "paid", "void")


class ExpenseType(Entity, discriminator="ExpenseType"):
    expense_type_id = UnicodeAttribute()
    tenant_id = UnicodeAttribute()
    name = UnicodeAttribute()
    description = UnicodeAttribute(null=True)
    archived = BooleanAttribute(default=False)
    # expenses naming this type (any status), moved by ADD in each expense's transaction: a
    # type in use is archived, never deleted (its delete's condition reads this)
    usage = NumberAttribute(default=0)
    version = VersionAttribute()

    @classmethod
    def key(cls, tenant_id: str, expense_type_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.expense_type_sk(expense_type_id)


class ExpenseTypeUsage(Entity):
    """An expense type as the expense transactions see it: its usage counter and archived flag
    only (no version, so an ADD neither needs nor bumps it; the ADD must find the item)."""

    usage = NumberAttribute(null=True)
    archived = BooleanAttribute(null=True)


class ExpenseTypeName(Entity, discriminator="ExpenseTypeName"):
    """Holds a (case-folded) name for one expense type: put only if absent, in the type's
    transaction."""

    expense_type_id = UnicodeAttribute()


class Expense(Entity, discriminator="Expense"):
    """One expense; GSI1 `expenses_pk` / `expense_date_sk` lists a charity's expenses by date."""

    expense_id = UnicodeAttribute()
    tenant_id = UnicodeAttribute()
    expense_date = UnicodeAttribute()  # ISO date
    amount = NumberAttribute()  # pence, above zero
    expense_type_id = UnicodeAttribute()
    fund_id = UnicodeAttribute()
    project_id = UnicodeAttribute(null=True)
    payee = UnicodeAttribute(null=True)
    description = UnicodeAttribute(null=True)
    receipt_key = UnicodeAttribute(null=True)  # S3 key of the receipt file
    status = UnicodeAttribute(default="draft")
    created_by = UnicodeAttribute(null=True)
    approved_by = UnicodeAttribute(null=True)
    approved_at = UTCDateTimeAttribute(null=True)
    paid_by = UnicodeAttribute(null=True)
    paid_at = UTCDateTimeAttribute(null=True)
    voided_by = UnicodeAttribute(null=True)
    voided_at = UTCDateTimeAttribute(null=True)
    version = VersionAttribute()

    @classmethod
    def key(cls, tenant_id: str, expense_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.expense_sk(expense_id)


class ExpenseTotals(Entity, discriminator="ExpenseTotals"):
    """The charity's expenses by status: count and pence, moved by ADD with each expense write."""

    draft_count = NumberAttribute(default=0)
    draft_amount = NumberAttribute(default=0)
    approved_count = NumberAttribute(default=0)
    approved_amount = NumberAttribute(default=0)
    paid_count = NumberAttribute(default=0)
    paid_amount = NumberAttribute(default=0)
    void_count = NumberAttribute(default=0)
    void_amount = NumberAttribute(default=0)

    @classmethod
    def key(cls, tenant_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.expense_totals_sk()
