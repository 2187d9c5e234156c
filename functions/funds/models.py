"""Entities of the funds area: funds, the uniqueness item of a fund's name, each fund's balance
item, its monthly totals by kind and its append-only ledger lines. Amounts are integer pence.
Key shapes: `functions.core.keys` (docs/access-patterns.md "Funds")."""

from __future__ import annotations

from pynamodb.attributes import BooleanAttribute, NumberAttribute, UnicodeAttribute, VersionAttribute

from functions.core import keys
from functions.core.table import Entity


class Fund(Entity, discriminator="Fund"):
    fund_id = UnicodeAttribute()
    tenant_id = UnicodeAttribute()
    name = UnicodeAttribute()
    finance_code = UnicodeAttribute(null=True)
    fund_class = UnicodeAttribute()
    description = UnicodeAttribute(null=True)
    active = BooleanAttribute(default=True)
    archived = BooleanAttribute(default=False)
    is_default = BooleanAttribute(default=False)
    goal = NumberAttribute(null=True)  # pence
    start_date = UnicodeAttribute(null=True)  # ISO date
    end_date = UnicodeAttribute(null=True)
    version = VersionAttribute()

    @classmethod
    def key(cls, tenant_id: str, fund_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.fund_sk(fund_id)


class FundName(Entity, discriminator="FundName"):
    """Holds a (case-folded) name for one fund: put only if absent, in the fund's transaction."""

    fund_id = UnicodeAttribute()


class FundBalance(Entity, discriminator="FundBalance"):
    """A fund's balance and line count, moved by ADD in the same transaction as each ledger line.
    `guarded` (restricted or endowment) and `archived` are copies of the fund's facts that the
    ledger's conditions read: a guarded balance never goes below zero, an archived fund takes
    no money in."""

    fund_id = UnicodeAttribute(null=True)
    balance = NumberAttribute(default=0)
    lines = NumberAttribute(default=0)
    guarded = BooleanAttribute(default=False)
    archived = BooleanAttribute(default=False)

    @classmethod
    def key(cls, tenant_id: str, fund_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.fund_balance_sk(fund_id)


class FundMonth(Entity, discriminator="FundMonth"):
    """One fund's totals of one month by kind (signed pence, as they moved the balance): what the
    statement of funds reads, never the donations. Created by the first ADD, so the fund and the
    month are read from its key."""

    allocation = NumberAttribute(default=0)
    transfer_in = NumberAttribute(default=0)
    transfer_out = NumberAttribute(default=0)
    expense = NumberAttribute(default=0)
    gift_aid = NumberAttribute(default=0)
    refund_reversal = NumberAttribute(default=0)

    @classmethod
    def key(cls, tenant_id: str, month: str, fund_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.fund_month_sk(month, fund_id)


class LedgerLine(Entity, discriminator="LedgerLine"):
    """One append-only ledger line of a fund (never updated or deleted)."""

    line_id = UnicodeAttribute()
    fund_id = UnicodeAttribute()
    kind = UnicodeAttribute()
    amount = NumberAttribute()  # signed pence: + into the fund, − out of it
    line_date = UnicodeAttribute()  # ISO date
    source_type = UnicodeAttribute(null=True)  # donation, transfer, ...
    source_id = UnicodeAttribute(null=True)
    user_id = UnicodeAttribute(null=True)
    reason = UnicodeAttribute(null=True)
    note = UnicodeAttribute(null=True)
    other_fund_id = UnicodeAttribute(null=True)  # a transfer's other side
    evidence_key = UnicodeAttribute(null=True)  # a file attached to a transfer (S3 key)
    project_id = UnicodeAttribute(null=True)  # also indexed: GSI1 `project_lines_pk`
    expense_type_id = UnicodeAttribute(null=True)

    @classmethod
    def key(cls, tenant_id: str, fund_id: str, iso_date: str, line_id: str) -> tuple[str, str]:
        return keys.fund_ledger_pk(tenant_id, fund_id), keys.fund_line_sk(iso_date, line_id)


class ProjectTotals(Entity, discriminator="ProjectTotals"):
    """A project's money by ledger kind (signed pence, as in `FundMonth`), moved by ADD in the
    same transaction as each ledger line naming the project. Put when the project is created:
    a line naming a project whose totals item is missing (no such project) is refused, and an
    archived project (`archived`, a copy of the project's flag) takes no money in."""

    project_id = UnicodeAttribute(null=True)
    fund_id = UnicodeAttribute(null=True)
    archived = BooleanAttribute(default=False)
    lines = NumberAttribute(default=0)
    allocation = NumberAttribute(default=0)
    transfer_in = NumberAttribute(default=0)
    transfer_out = NumberAttribute(default=0)
    expense = NumberAttribute(default=0)
    gift_aid = NumberAttribute(default=0)
    refund_reversal = NumberAttribute(default=0)

    @classmethod
    def key(cls, tenant_id: str, project_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.project_totals_sk(project_id)


class ProjectTypeTotal(Entity, discriminator="ProjectTypeTotal"):
    """A project's approved expenses of one expense type (signed pence, negative): budget
    against actual. Created by the first ADD; the project and type are read from its key."""

    expense = NumberAttribute(default=0)

    @classmethod
    def key(cls, tenant_id: str, project_id: str, expense_type_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.project_type_total_sk(project_id, expense_type_id)
