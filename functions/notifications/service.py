"""Notifications of the header bell, and sending them (`notify` for other areas; the admin's
Send Notification screen through the notifications job)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from functions.core import audit, clock, config, email, ids, jobs
from functions.core.access import Principal
from functions.core.errors import Invalid
from functions.core.identity import User
from functions.notifications import repository
from functions.notifications.repository import Notification

if TYPE_CHECKING:
    from functions.notifications.schemas import AdminNotificationBody

JOB_TYPE = "admin-notification"


def view(notification: Notification) -> dict[str, Any]:
    return {
        "id": notification.notification_id,
        "data": {"title": notification.title, "body": notification.body},
        "created_at": clock.iso(notification.created_at),
    }


def unread(who: Principal) -> list[dict[str, Any]]:
    return [view(n) for n in repository.unread(who.tenant_id, who.user_id)]


def mark_read(who: Principal, notification_id: str) -> None:
    repository.mark_read(who.tenant_id, who.user_id, notification_id)


def mark_all_read(who: Principal) -> None:
    repository.mark_all_read(who.tenant_id, who.user_id)


def wants_product_updates(user: User) -> bool:
    preferences = user.preferences.as_dict() if user.preferences is not None else {}
    return bool((preferences.get("notifications") or {}).get("email_product_updates", False))


def notify(
    tenant_id: str,
    user_ids: list[str] | None,
    title: str,
    body: str,
    *,
    notification_id: str | None = None,
    email_opted_in: bool = False,
) -> int:
    """Notify the active users of a charity (all of them, or those in `user_ids`).

    With `notification_id` (a business key such as a job id) a repeated call adds nothing: each
    user's item is a conditional put. With `email_opted_in`, users who chose product-update emails
    also get one — only when their item was new, so a redelivery sends no second email.
    Returns how many notifications were created.
    """
    sortable_id = notification_id or ids.new_id()
    wanted = set(user_ids) if user_ids is not None else None
    created = 0
    for user in repository.users_of(tenant_id):
        if user.disabled or (wanted is not None and user.user_id not in wanted):
            continue
        if not repository.put_once(
            repository.new_notification(tenant_id, user.user_id, sortable_id, title, body)
        ):
            continue
        created += 1
        if email_opted_in and wants_product_updates(user):
            email.send(user.email, title, f"{body}\n\n{config.app_url()}/")
    return created


def send_to_charities(who: Principal, body: AdminNotificationBody) -> str:
    """Queue a notification for every user of the chosen charities (all when `tenant_ids` is null)."""
    if body.tenant_ids is not None:
        wanted = list(dict.fromkeys(body.tenant_ids))
        if repository.existing_charity_ids(wanted) != set(wanted):
            raise Invalid.field("tenant_ids", "charities.unknown")
    payload = {"title": body.title, "body": body.body, "tenant_ids": body.tenant_ids}
    job = jobs.submit(
        "notifications", tenant_id=who.tenant_id, user_id=who.user_id, job_type=JOB_TYPE, payload=payload
    )
    audit.record(
        who.tenant_id,
        "notification.sent",
        actor_id=who.user_id,
        job_id=job.job_id,
        charities=len(body.tenant_ids) if body.tenant_ids is not None else "all",
    )
    return job.job_id
