"""Persistence of the settings area: roles, users as a charity manages them, options.

Conditional failures are translated here (never by message text): a stale version → `Conflict`,
a taken email address → 422 on `email`.
"""

from __future__ import annotations

from typing import Any

from pynamodb.attributes import UnicodeAttribute
from pynamodb.exceptions import DeleteError, PutError, TransactWriteError, UpdateError
from pynamodb.expressions.update import Action
from pynamodb.transactions import TransactWrite

from functions.charities.repository import conditions_failed
from functions.core import keys
from functions.core.errors import Conflict, Invalid, NotFound
from functions.core.identity import EmailLookup, RecoveryCode, Role, User
from functions.core.item_connection import shared
from functions.core.table import Entity

MAX_USERS = 1000  # a charity has a handful of staff; the bound keeps the in-memory list honest
MAX_ROLES = 100
TRANSACTION_LIMIT = 100  # DynamoDB TransactWriteItems


def _condition_failed(exc: UpdateError | PutError | DeleteError) -> bool:
    return exc.cause_response_code == "ConditionalCheckFailedException"


class Option(Entity, discriminator="Option"):
    tenant_id = UnicodeAttribute()
    key = UnicodeAttribute()
    value = UnicodeAttribute()


# ------------------------------------------------------------------ roles
def list_roles(tenant_id: str) -> list[Role]:
    """PK = TENANT#<tid>, begins_with(SK, ROLE#)."""
    return list(
        Role.query(keys.tenant_pk(tenant_id), Role.sk.startswith(keys.role_prefix()), limit=MAX_ROLES)
    )


def get_role(tenant_id: str, role_id: str) -> Role:
    try:
        return Role.get(*Role.key(tenant_id, role_id), consistent_read=True)
    except Role.DoesNotExist as exc:
        raise NotFound() from exc


def find_role(tenant_id: str, role_id: str) -> Role | None:
    try:
        return get_role(tenant_id, role_id)
    except NotFound:
        return None


def create_role(role: Role) -> None:
    try:
        role.save(condition=Role.pk.does_not_exist())
    except PutError as exc:
        if _condition_failed(exc):
            raise Conflict() from exc
        raise


def users_with_role(tenant_id: str, role_id: str) -> list[User]:
    """GSI2: GSI2PK = TENANT#<tid>#ROLE#<role id> (every user item carries it)."""
    return [
        user
        for user in User.gsi2.query(keys.users_by_role_pk(tenant_id, role_id), limit=MAX_USERS)
        if isinstance(user, User)
    ]


def save_role(role: Role, *, name: str, permissions: list[str], holders: list[User]) -> None:
    """Change a role and copy its name and permissions onto every user holding it.

    The role (version-checked) and the first 99 holders change in one transaction; a charity
    rarely has more, and any further ones follow in transactions of 100. A holder whose role
    changed meanwhile is left alone (its condition fails → 409, and the manager retries).
    """
    # ListAttribute(of=UnicodeAttribute) is typed as a list of attributes; the values are strings.
    role_actions: list[Action] = [Role.name.set(name), Role.permissions.set(permissions)]  # type: ignore[arg-type]
    user_actions: list[Action] = [User.permissions.set(permissions), User.role_name.set(name)]  # type: ignore[arg-type]
    first, rest = holders[: TRANSACTION_LIMIT - 1], holders[TRANSACTION_LIMIT - 1 :]
    batches = [first] + [rest[i : i + TRANSACTION_LIMIT] for i in range(0, len(rest), TRANSACTION_LIMIT)]
    try:
        for number, batch in enumerate(batches):
            with TransactWrite(connection=shared()) as transaction:
                if number == 0:
                    transaction.update(role, actions=role_actions)
                for user in batch:
                    transaction.update(
                        user,
                        actions=list(user_actions),
                        condition=User.role_id == role.role_id,
                        add_version_condition=False,
                    )
    except TransactWriteError as exc:
        if conditions_failed(exc):
            raise Conflict() from exc
        raise
    role.refresh(consistent_read=True)


def delete_role(role: Role) -> None:
    try:
        role.delete()
    except DeleteError as exc:
        if _condition_failed(exc):
            raise Conflict() from exc
        raise


# ------------------------------------------------------------------ users
def list_users(tenant_id: str) -> list[User]:
    """PK = TENANT#<tid>, begins_with(SK, USER#): every user of a charity (bounded, see MAX_USERS).
    Recovery codes share the prefix; the User discriminator filter leaves them out."""
    return list(
        User.query(keys.tenant_pk(tenant_id), User.sk.startswith(keys.user_prefix()), limit=MAX_USERS)
    )


def get_user(tenant_id: str, user_id: str) -> User:
    try:
        return User.get(*User.key(tenant_id, user_id), consistent_read=True)
    except User.DoesNotExist as exc:
        raise NotFound() from exc


def update_user(
    user: User, *, new_role: Role | None, disabled: bool | None, active_owner: User | None
) -> None:
    """Give a user another role (its permissions copied, its GSI2 key moved) and/or (dis)able it,
    version-checked. The new role must still be as read (its version); `active_owner` is another
    owner who must still be an active owner, so two managers cannot each remove the other and
    leave the charity without one."""
    actions: list[Action] = []
    if new_role is not None:
        actions += [
            User.role_id.set(new_role.role_id),
            User.role_name.set(new_role.name),
            User.permissions.set(list(new_role.permissions)),
            User.gsi2pk.set(keys.users_by_role_pk(user.tenant_id, new_role.role_id)),
        ]
    if disabled is not None:
        actions.append(User.disabled.set(disabled))
    try:
        with TransactWrite(connection=shared()) as transaction:
            if new_role is not None:
                transaction.condition_check(
                    Role, new_role.pk, new_role.sk, condition=Role.version == new_role.version
                )
            if active_owner is not None:
                transaction.condition_check(
                    User, active_owner.pk, active_owner.sk, condition=_still_active_owner(active_owner)
                )
            transaction.update(user, actions=actions)
    except TransactWriteError as exc:
        if conditions_failed(exc):
            raise Conflict() from exc
        raise
    user.refresh(consistent_read=True)


def _still_active_owner(owner: User) -> Any:
    return (User.role_id == owner.role_id) & (User.disabled == False)  # noqa: E712 (a DynamoDB condition)


def change_profile(user: User, *, name: str, locale: str, new_email: str | None) -> None:
    """Name and language, and the email address with its unique lookup item, in one transaction."""
    actions: list[Action] = [User.name.set(name), User.locale.set(locale)]
    try:
        with TransactWrite(connection=shared()) as transaction:
            if new_email is not None:
                pk, sk = keys.email_lookup_key(new_email)
                transaction.save(
                    EmailLookup(pk, sk, tenant_id=user.tenant_id, user_id=user.user_id),
                    condition=EmailLookup.pk.does_not_exist(),
                )
                old_pk, old_sk = keys.email_lookup_key(user.email)
                transaction.delete(EmailLookup(old_pk, old_sk), condition=EmailLookup.user_id == user.user_id)
                actions += [User.email.set(new_email), User.email_verified_at.remove()]
            transaction.update(user, actions=actions)
    except TransactWriteError as exc:
        failed = conditions_failed(exc)
        # Item order in the request: deletes, then puts (the new lookup), then the user's update.
        if new_email is not None and 1 in failed:
            raise Invalid.field("email", "auth.email_taken") from exc
        if failed:
            raise Conflict() from exc
        raise
    user.refresh(consistent_read=True)


def delete_account(user: User, *, active_owner: User | None) -> None:
    """The user and its email lookup together; recovery codes after (they grant nothing alone)."""
    pk, sk = keys.email_lookup_key(user.email)
    try:
        with TransactWrite(connection=shared()) as transaction:
            if active_owner is not None:
                transaction.condition_check(
                    User, active_owner.pk, active_owner.sk, condition=_still_active_owner(active_owner)
                )
            transaction.delete(EmailLookup(pk, sk), condition=EmailLookup.user_id == user.user_id)
            transaction.delete(user)
    except TransactWriteError as exc:
        if conditions_failed(exc):
            raise Conflict() from exc
        raise
    codes = RecoveryCode.query(
        keys.tenant_pk(user.tenant_id), RecoveryCode.sk.startswith(keys.recovery_code_prefix(user.user_id))
    )
    with RecoveryCode.batch_write() as batch:
        for code in codes:
            batch.delete(code)


# ------------------------------------------------------------------ options
def get_option(tenant_id: str, key: str) -> Option | None:
    try:
        return Option.get(keys.tenant_pk(tenant_id), keys.option_sk(key))
    except Option.DoesNotExist:
        return None


def save_option(tenant_id: str, key: str, value: str) -> None:
    Option(keys.tenant_pk(tenant_id), keys.option_sk(key), tenant_id=tenant_id, key=key, value=value).save()


def set_password_hash(user: User, password_hash: str) -> None:
    _update(user, [User.password_hash.set(password_hash)])


def set_preferences(user: User, preferences: dict[str, Any]) -> None:
    _update(user, [User.preferences.set(preferences)])


def _update(user: User, actions: list[Action]) -> None:
    """A version-checked update of the user's own item (settings forms)."""
    try:
        user.update(actions=actions)
    except UpdateError as exc:
        if _condition_failed(exc):
            raise Conflict() from exc
        raise
