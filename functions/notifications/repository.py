"""Notifications: one item per (user, notification) in the charity's partition.

Unread ones also carry GSI1 keys (`keys.unread_notifications_pk`), removed when read: a sparse
index, so the bell's poll every 10 s reads only what is unread.
"""

from __future__ import annotations

from collections.abc import Iterator

from pynamodb.attributes import UnicodeAttribute, UTCDateTimeAttribute
from pynamodb.exceptions import PutError, UpdateError

from functions.core import clock, keys
from functions.core.errors import NotFound
from functions.core.identity import Tenant, User
from functions.core.table import Entity

UNREAD_LIMIT = 50
MAX_USERS = 1000


class Notification(Entity, discriminator="Notification"):
    notification_id = UnicodeAttribute()
    tenant_id = UnicodeAttribute()
    user_id = UnicodeAttribute()
    title = UnicodeAttribute()
    body = UnicodeAttribute()
    read_at = UTCDateTimeAttribute(null=True)
    # What a notification is about when its text follows live figures (e.g. "giftaid-reminder"):
    # its area rewrites or retires the unread ones when those figures change.
    kind = UnicodeAttribute(null=True)


def new_notification(
    tenant_id: str, user_id: str, notification_id: str, title: str, body: str, *, kind: str | None = None
) -> Notification:
    return Notification(
        keys.tenant_pk(tenant_id),
        keys.notification_sk(user_id, notification_id),
        notification_id=notification_id,
        tenant_id=tenant_id,
        user_id=user_id,
        title=title,
        body=body,
        kind=kind,
        gsi1pk=keys.unread_notifications_pk(tenant_id, user_id),
        gsi1sk=notification_id,
    )


def put_once(notification: Notification) -> bool:
    """Write the notification unless it exists; False when it was already delivered."""
    try:
        notification.save(condition=Notification.pk.does_not_exist())
    except PutError as exc:
        if exc.cause_response_code == "ConditionalCheckFailedException":
            return False
        raise
    return True


def unread(tenant_id: str, user_id: str, limit: int = UNREAD_LIMIT) -> list[Notification]:
    """GSI1: GSI1PK = TENANT#<tid>#USER#<uid>#UNREAD, newest first (GSI1SK = sortable id)."""
    results = Notification.gsi1.query(
        keys.unread_notifications_pk(tenant_id, user_id), scan_index_forward=False, limit=limit
    )
    return [item for item in results if isinstance(item, Notification)]


def unread_of_kind(tenant_id: str, user_id: str, kind: str) -> list[Notification]:
    """The user's unread notifications of one kind (the sparse unread index, then the kind)."""
    return [item for item in unread(tenant_id, user_id) if item.kind == kind]


def rewrite(notification: Notification, title: str, body: str) -> None:
    """New text for a still unread notification (its figures changed); a read one is left as read."""
    try:
        notification.update(
            actions=[Notification.title.set(title), Notification.body.set(body)],
            condition=Notification.gsi1pk.exists(),
        )
    except UpdateError as exc:
        if exc.cause_response_code != "ConditionalCheckFailedException":
            raise


def mark_read(tenant_id: str, user_id: str, notification_id: str) -> None:
    """The key holds the user's id, so nobody can mark another user's notification."""
    item = Notification(keys.tenant_pk(tenant_id), keys.notification_sk(user_id, notification_id))
    try:
        item.update(
            actions=[
                Notification.read_at.set(clock.now()),
                Notification.gsi1pk.remove(),
                Notification.gsi1sk.remove(),
            ],
            condition=Notification.pk.exists(),
        )
    except UpdateError as exc:
        if exc.cause_response_code == "ConditionalCheckFailedException":
            raise NotFound() from exc
        raise


def mark_all_read(tenant_id: str, user_id: str) -> int:
    now = clock.now()
    count = 0
    all_unread = Notification.gsi1.query(keys.unread_notifications_pk(tenant_id, user_id))
    with Notification.batch_write() as batch:
        for item in all_unread:
            if not isinstance(item, Notification):
                continue
            item.read_at, item.gsi1pk, item.gsi1sk = now, None, None
            batch.save(item)
            count += 1
    return count


def users_of(tenant_id: str) -> list[User]:
    """PK = TENANT#<tid>, begins_with(SK, USER#) (bounded: a charity has a handful of users)."""
    return list(
        User.query(keys.tenant_pk(tenant_id), User.sk.startswith(keys.user_prefix()), limit=MAX_USERS)
    )


def existing_charity_ids(tenant_ids: list[str]) -> set[str]:
    found = Tenant.batch_get([Tenant.key(tenant_id) for tenant_id in tenant_ids])
    return {t.tenant_id for t in found if isinstance(t, Tenant) and t.gsi1pk == keys.tenants_index_pk()}


def all_charity_ids() -> Iterator[str]:
    """GSI1: GSI1PK = TENANTS (every charity; used by the fan-out job, never by a request)."""
    for tenant in Tenant.gsi1.query(keys.tenants_index_pk()):
        if isinstance(tenant, Tenant):
            yield tenant.tenant_id
