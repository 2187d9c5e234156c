"""Entities of identity and access: charities (tenants), users, roles, sessions and their tokens.

They live in core because every request authenticates through them; the auth and settings areas
own the use cases.
"""

from __future__ import annotations

from pynamodb.attributes import (
    BooleanAttribute,
    ListAttribute,
    MapAttribute,
    NumberAttribute,
    UnicodeAttribute,
    UTCDateTimeAttribute,
    VersionAttribute,
)

from functions.core import keys
from functions.core.table import Entity


class Tenant(Entity, discriminator="Tenant"):
    tenant_id = UnicodeAttribute()
    name = UnicodeAttribute()
    registration_number = UnicodeAttribute(null=True)
    regulator = UnicodeAttribute(default="none")
    entity_type = UnicodeAttribute(default="trust")
    year_end = UnicodeAttribute(default="03-31")
    address = MapAttribute(default=dict)  # type: ignore[var-annotated]
    phone = UnicodeAttribute(null=True)
    email = UnicodeAttribute(null=True)
    website = UnicodeAttribute(null=True)
    country = UnicodeAttribute(default="GB")
    official = MapAttribute(default=dict)  # type: ignore[var-annotated]
    # When the facts above (regulator to official) were last saved: the one copy of them
    # (functions.charities.facts, ADR 0018).
    facts_at = UTCDateTimeAttribute(null=True)
    disabled = BooleanAttribute(default=False)
    version = VersionAttribute()

    @classmethod
    def key(cls, tenant_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.tenant_sk()


class User(Entity, discriminator="User"):
    user_id = UnicodeAttribute()
    tenant_id = UnicodeAttribute()
    name = UnicodeAttribute()
    email = UnicodeAttribute()
    password_hash = UnicodeAttribute(null=True)
    role_id = UnicodeAttribute()
    role_name = UnicodeAttribute()
    # Effective permissions, copied from the role whenever the role or the assignment changes,
    # so that authenticating a request costs one BatchGetItem (session + user).
    permissions = ListAttribute(of=UnicodeAttribute, default=list)  # type: ignore[arg-type]
    is_admin = BooleanAttribute(default=False)
    disabled = BooleanAttribute(default=False)
    totp_secret = UnicodeAttribute(null=True)
    totp_pending_secret = UnicodeAttribute(null=True)
    two_factor_confirmed_at = UTCDateTimeAttribute(null=True)
    last_totp_step = NumberAttribute(default=0)
    email_verified_at = UTCDateTimeAttribute(null=True)
    locale = UnicodeAttribute(default="en")
    preferences = MapAttribute(default=dict)  # type: ignore[var-annotated]
    profile_img = UnicodeAttribute(null=True)
    last_login_at = UTCDateTimeAttribute(null=True)
    version = VersionAttribute()

    @classmethod
    def key(cls, tenant_id: str, user_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.user_sk(user_id)

    @property
    def two_factor_enabled(self) -> bool:
        return self.totp_secret is not None


class Role(Entity, discriminator="Role"):
    role_id = UnicodeAttribute()
    tenant_id = UnicodeAttribute()
    name = UnicodeAttribute()
    permissions = ListAttribute(of=UnicodeAttribute, default=list)  # type: ignore[arg-type]
    system = BooleanAttribute(default=False)
    version = VersionAttribute()

    @classmethod
    def key(cls, tenant_id: str, role_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.role_sk(role_id)


class Session(Entity, discriminator="Session"):
    tenant_id = UnicodeAttribute()
    user_id = UnicodeAttribute()
    remember = BooleanAttribute(default=False)
    two_factor_passed = BooleanAttribute(default=False)
    xsrf_hash = UnicodeAttribute()
    last_seen_at = UTCDateTimeAttribute()
    two_factor_attempts = NumberAttribute(default=0)


class RecoveryCode(Entity, discriminator="RecoveryCode"):
    user_id = UnicodeAttribute()


class EmailLookup(Entity, discriminator="EmailLookup"):
    tenant_id = UnicodeAttribute()
    user_id = UnicodeAttribute()


class EmailToken(Entity, discriminator="EmailToken"):
    purpose = UnicodeAttribute()
    tenant_id = UnicodeAttribute()
    user_id = UnicodeAttribute()
    email = UnicodeAttribute()
