"""Support Centre: charities' users file tickets (bug reports, feature requests); platform
administrators read them, change their status and delete them."""

from __future__ import annotations

from typing import Any

from functions.core import audit, clock, ids, keys
from functions.core.access import Principal
from functions.core.deferred import deferred_imports
from functions.core.errors import NotFound
from functions.core.messages import t
from functions.core.pagination import ListQuery, decode_cursor, encode_cursor, page_body
from functions.feedbacks import repository
from functions.feedbacks.repository import Feedback

with deferred_imports():  # pydantic: only a filtered list needs it (ADR 0011)
    from functions.feedbacks.schemas import FeedbackFilters


def view(item: Feedback) -> dict[str, Any]:
    return {
        "id": item.feedback_id,
        "title": item.title,
        "type": item.ticket_type,
        "description": item.description,
        "status": item.status,
        "charity": {"id": item.tenant_id, "name": item.tenant_name},
        "user": {"id": item.user_id, "name": item.user_name, "email": item.user_email},
        "created_at": clock.iso(item.created_at),
    }


def store(
    who: Principal,
    *,
    title: str,
    ticket_type: str,
    description: str,
    tenant_name: str,
    feedback_id: str | None,
) -> tuple[dict[str, Any], bool]:
    """Create a ticket, or edit one of your own (Edit Ticket). Returns (ticket, created)."""
    if feedback_id:
        item = repository.get(feedback_id)
        if item.user_id != who.user_id or item.tenant_id != who.tenant_id:
            raise NotFound()
        old_type = item.ticket_type
        item.title, item.ticket_type, item.description = title, ticket_type, description
        repository.save_edit(item, old_type)
        return view(item), False
    new_id = ids.new_id()
    item = Feedback(
        keys.feedbacks_pk(),
        keys.feedback_sk(new_id),
        feedback_id=new_id,
        tenant_id=who.tenant_id,
        tenant_name=tenant_name,
        user_id=who.user_id,
        user_name=who.user.name,
        user_email=who.user.email,
        title=title,
        ticket_type=ticket_type,
        description=description,
        gsi1pk=keys.feedbacks_of_tenant_pk(who.tenant_id),
        gsi1sk=keys.feedback_sk(new_id),
    )
    repository.create(item)
    return view(item), True


def listing(query: ListQuery) -> dict[str, Any]:
    filters = query.filters_as(FeedbackFilters)
    status = filters.status if filters else None
    items, last_key = repository.page(status=status, limit=query.length, start=decode_cursor(query.cursor))
    counts = repository.counts()
    total = counts.get(status, 0) if status else counts["total"]
    return page_body(
        [view(item) for item in items], total=total, query=query, next_cursor=encode_cursor(last_key)
    )


def set_status(who: Principal, feedback_id: str, status: str) -> dict[str, Any]:
    item = repository.get(feedback_id)
    repository.change_status(item, status)
    audit.record(
        item.tenant_id, "feedback.status", actor_id=who.user_id, feedback_id=feedback_id, status=status
    )
    return {"message": t("feedbacks.status_changed"), "data": view(item)}


def remove(who: Principal, feedback_id: str) -> dict[str, Any]:
    item = repository.get(feedback_id)
    repository.delete(item)
    audit.record(item.tenant_id, "feedback.deleted", actor_id=who.user_id, feedback_id=feedback_id)
    return {"message": t("feedbacks.deleted")}
