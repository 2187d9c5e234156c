"""Entities of the projects area: a project (within one fund) and its name's uniqueness item.
Its money is in `functions.funds.models.ProjectTotals` / `ProjectTypeTotal`, moved by the fund
ledger. Key shapes: `functions.core.keys` (docs/access-patterns.md "Projects")."""

from __future__ import annotations

from pynamodb.attributes import UnicodeAttribute, VersionAttribute

from functions.core import keys
from functions.core.table import Entity

PROJECT_STATUSES = ("planned", "active", "completed", "archived")


class Project(Entity, discriminator="Project"):
    project_id = UnicodeAttribute()
    tenant_id = UnicodeAttribute()
    name = UnicodeAttribute()
    fund_id = UnicodeAttribute()  # the fund whose money the project spends
    status = UnicodeAttribute(default="planned")
    version = VersionAttribute()

    @classmethod
    def key(cls, tenant_id: str, project_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.project_sk(project_id)
