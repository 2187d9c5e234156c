"""Persistence of identities: charities, users, roles, email lookups, one-time tokens and codes."""

from __future__ import annotations

import datetime as dt

from pynamodb.exceptions import DeleteError, TransactWriteError, UpdateError
from pynamodb.transactions import TransactWrite

from functions.core import clock, keys
from functions.core.errors import Invalid, NotFound
from functions.core.identity import EmailLookup, EmailToken, RecoveryCode, Role, Tenant, User
from functions.core.item_connection import shared
from functions.search import repository as charity_search


def get_user(tenant_id: str, user_id: str) -> User:
    try:
        return User.get(*User.key(tenant_id, user_id), consistent_read=True)
    except User.DoesNotExist as exc:
        raise NotFound() from exc


def get_tenant(tenant_id: str) -> Tenant | None:
    try:
        return Tenant.get(*Tenant.key(tenant_id))
    except Tenant.DoesNotExist:
        return None


def get_role(tenant_id: str, role_id: str) -> Role:
    try:
        return Role.get(*Role.key(tenant_id, role_id), consistent_read=True)
    except Role.DoesNotExist as exc:
        raise NotFound() from exc


def find_user_by_email(email: str) -> User | None:
    try:
        lookup = EmailLookup.get(*keys.email_lookup_key(email), consistent_read=True)
    except EmailLookup.DoesNotExist:
        return None
    try:
        return User.get(*User.key(lookup.tenant_id, lookup.user_id), consistent_read=True)
    except User.DoesNotExist:
        return None


def email_lookup(user: User) -> EmailLookup:
    pk, sk = keys.email_lookup_key(user.email)
    return EmailLookup(pk, sk, tenant_id=user.tenant_id, user_id=user.user_id)


def index_user(user: User) -> User:
    """Set the GSI keys every user item carries: users by role (GSI2)."""
    user.gsi2pk = keys.users_by_role_pk(user.tenant_id, user.role_id)
    user.gsi2sk = keys.user_sk(user.user_id)
    return user


def create_identities(*, user: User, tenant: Tenant | None = None, roles: list[Role] | None = None) -> None:
    """Write a user (and a new charity with its roles) in one transaction; the email lookup is
    put only if absent, so two sign-ups with one address cannot both succeed."""
    lookup = email_lookup(user)
    try:
        with TransactWrite(connection=shared()) as transaction:
            transaction.save(lookup, condition=EmailLookup.pk.does_not_exist())
            transaction.save(index_user(user), condition=User.pk.does_not_exist())
            if tenant is not None:
                transaction.save(tenant, condition=Tenant.pk.does_not_exist())
                if tenant.gsi1pk:  # a charity (not the platform): searchable by admins at once
                    charity_search.token_writes(transaction, tenant)
            for role in roles or []:
                transaction.save(role)
    except TransactWriteError as exc:
        if exc.cause_response_code == "TransactionCanceledException":
            raise Invalid.field("email", "auth.email_taken") from exc
        raise


def change_email(user: User, new_email: str) -> None:
    """Move the unique email lookup and the user's address together."""
    old_lookup = email_lookup(user)
    new_pk, new_sk = keys.email_lookup_key(new_email)
    new_lookup = EmailLookup(new_pk, new_sk, tenant_id=user.tenant_id, user_id=user.user_id)
    try:
        with TransactWrite(connection=shared()) as transaction:
            transaction.save(new_lookup, condition=EmailLookup.pk.does_not_exist())
            transaction.delete(old_lookup)
            transaction.update(
                user,
                actions=[User.email.set(new_email), User.email_verified_at.remove()],
                condition=User.version == user.version,
            )
    except TransactWriteError as exc:
        raise Invalid.field("email", "auth.email_taken") from exc
    user.refresh(consistent_read=True)


def put_email_token(purpose: str, token_hash: str, user: User, lifetime: dt.timedelta) -> None:
    pk, sk = keys.email_token_key(purpose, token_hash)
    EmailToken(
        pk,
        sk,
        purpose=purpose,
        tenant_id=user.tenant_id,
        user_id=user.user_id,
        email=user.email,
        expires_at=clock.now() + lifetime,
    ).save()


def take_email_token(purposes: tuple[str, ...], token_hash: str) -> EmailToken | None:
    """Consume a one-time token: a conditional delete, so a link works once."""
    for purpose in purposes:
        try:
            token = EmailToken.get(*keys.email_token_key(purpose, token_hash), consistent_read=True)
        except EmailToken.DoesNotExist:
            continue
        if token.expires_at is None or token.expires_at <= clock.now():
            token.delete()
            return None
        try:
            token.delete(condition=EmailToken.pk.exists())
        except DeleteError:
            return None
        return token
    return None


def replace_recovery_codes(user: User, code_hashes: list[str]) -> None:
    pk = keys.tenant_pk(user.tenant_id)
    existing = RecoveryCode.query(pk, RecoveryCode.sk.startswith(keys.recovery_code_prefix(user.user_id)))
    with RecoveryCode.batch_write() as batch:
        for code in existing:
            batch.delete(code)
    with RecoveryCode.batch_write() as batch:
        for code_hash in code_hashes:
            batch.save(RecoveryCode(pk, keys.recovery_code_sk(user.user_id, code_hash), user_id=user.user_id))


def use_recovery_code(user: User, code_hash: str) -> bool:
    """True once per code: the conditional delete fails for a used or unknown code."""
    code = RecoveryCode(keys.tenant_pk(user.tenant_id), keys.recovery_code_sk(user.user_id, code_hash))
    try:
        code.delete(condition=RecoveryCode.pk.exists())
    except DeleteError:
        return False
    return True


def accept_totp_step(user: User, step: int) -> bool:
    """Record the accepted time step; a code (step) at or before the last accepted one fails."""
    try:
        user.update(actions=[User.last_totp_step.set(step)], condition=User.last_totp_step < step)
    except UpdateError as exc:
        if exc.cause_response_code == "ConditionalCheckFailedException":
            return False
        raise
    return True
