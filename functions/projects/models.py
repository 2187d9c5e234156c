"""Entities of the projects area: a project (within one fund) and its name's uniqueness item.
Its money is in `functions.funds.models.ProjectTotals` / `ProjectTypeTotal`, moved by the fund
ledger. Key shapes: `functions.core.keys` (docs/access-patterns.md "Projects")."""

from __future__ import annotations

from pynamodb.attributes import ListAttribute, NumberAttribute, UnicodeAttribute, VersionAttribute

from functions.core import keys
from functions.core.table import Entity

PROJECT_STATUSES = ("planned", "active", "completed", "archived")
PICKABLE_STATUSES = ("planned", "active")  # what the donation form's project picker offers


class Project(Entity, discriminator="Project"):
    project_id = UnicodeAttribute()
    tenant_id = UnicodeAttribute()
    name = UnicodeAttribute()
    fund_id = UnicodeAttribute()  # the fund whose money the project spends
    status = UnicodeAttribute(default="planned")
    description = UnicodeAttribute(null=True)
    budget = NumberAttribute(null=True)  # pence
    # budget per expense type: [{expense_type_id, amount (pence)}]
    type_budgets = ListAttribute(default=list)  # type: ignore[var-annotated]
    start_date = UnicodeAttribute(null=True)  # ISO date
    end_date = UnicodeAttribute(null=True)
    image_key = UnicodeAttribute(null=True)  # S3 key under `keys.project_image_prefix`
    version = VersionAttribute()

    @classmethod
    def key(cls, tenant_id: str, project_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.project_sk(project_id)


class ProjectName(Entity, discriminator="ProjectName"):
    """Holds a (case-folded) name for one project: put only if absent, in the project's
    create or rename transaction."""

    project_id = UnicodeAttribute()

    @classmethod
    def key(cls, tenant_id: str, name: str) -> tuple[str, str]:
        from functions.domain.funds import folded_name

        return keys.tenant_pk(tenant_id), keys.project_name_sk(folded_name(name))
