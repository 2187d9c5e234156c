"""Audit log: sign-ins, two-factor changes, permission changes, claim transitions, merges and
deletions, with tenant, user and request id. Never secrets or tokens. Kept (no expiry)."""

from __future__ import annotations

from typing import Any

from pynamodb.attributes import MapAttribute, UnicodeAttribute

from functions.core import ids, keys
from functions.core.observability import logger
from functions.core.table import Entity


class AuditEvent(Entity, discriminator="AuditEvent"):
    tenant_id = UnicodeAttribute()
    action = UnicodeAttribute()
    actor_id = UnicodeAttribute(null=True)
    request_id = UnicodeAttribute(null=True)
    details = MapAttribute(default=dict)  # type: ignore[var-annotated]


def record(tenant_id: str, action: str, *, actor_id: str | None = None, **details: Any) -> None:
    request_id = logger.get_current_keys().get("request_id")
    AuditEvent(
        keys.tenant_pk(tenant_id),
        keys.audit_sk(ids.new_id()),
        tenant_id=tenant_id,
        action=action,
        actor_id=actor_id,
        request_id=request_id,
        details={k: v for k, v in details.items() if v is not None},
    ).save()
    logger.info("audit", extra={"action": action, "tenant_id": tenant_id, "actor_id": actor_id})


def recent(tenant_id: str, limit: int = 50) -> list[AuditEvent]:
    return list(
        AuditEvent.query(
            keys.tenant_pk(tenant_id),
            AuditEvent.sk.startswith(keys.audit_sk("")),
            scan_index_forward=False,
            limit=limit,
        )
    )
