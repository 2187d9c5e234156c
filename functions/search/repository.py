"""Charity search tokens: one item per (token, charity) under one platform-level partition.

The partition is `keys.search_charities_pk()`, not a tenant's: the admin search spans every charity
by definition, and only platform administrators may query it (`functions/search/service.py`).
Items are written in the same transaction as the charity (`token_writes`), so the index never
drifts from the tenant item it describes.
"""

from __future__ import annotations

from collections.abc import Iterator

from pynamodb.attributes import UnicodeAttribute
from pynamodb.transactions import TransactWrite

from functions.core import keys
from functions.core.identity import Tenant
from functions.core.table import Entity
from functions.domain.search_tokens import charity_tokens

MAX_TOKEN_READ = 200  # bound on items read to collect 20 distinct charities


class CharitySearchToken(Entity, discriminator="CharitySearchToken"):
    tenant_id = UnicodeAttribute()
    name = UnicodeAttribute()
    registration_number = UnicodeAttribute(null=True)


def tokens_of(tenant: Tenant | None) -> set[str]:
    if tenant is None:
        return set()
    return charity_tokens(tenant.name, tenant.registration_number, tenant.phone, tenant.country)


def token_writes(transaction: TransactWrite, tenant: Tenant, previous_tokens: set[str] | None = None) -> None:
    """Add to `transaction` the token puts of `tenant` and the deletes of tokens it no longer has.

    `previous_tokens` are `tokens_of` the tenant as stored before this write (None for a new
    charity). Every current token is rewritten, so a renamed charity shows its new name under its
    unchanged tokens.
    """
    current = tokens_of(tenant)
    for token in sorted(current):
        transaction.save(
            CharitySearchToken(
                keys.search_charities_pk(),
                keys.charity_search_sk(token, tenant.tenant_id),
                tenant_id=tenant.tenant_id,
                name=tenant.name,
                registration_number=tenant.registration_number,
            )
        )
    for token in sorted((previous_tokens or set()) - current):
        transaction.delete(
            CharitySearchToken(keys.search_charities_pk(), keys.charity_search_sk(token, tenant.tenant_id))
        )


def index_charity(tenant: Tenant) -> None:
    """Write a new charity's tokens (for sign-up, which creates the tenant in its own transaction)."""
    with CharitySearchToken.batch_write() as batch:
        for token in sorted(tokens_of(tenant)):
            batch.save(
                CharitySearchToken(
                    keys.search_charities_pk(),
                    keys.charity_search_sk(token, tenant.tenant_id),
                    tenant_id=tenant.tenant_id,
                    name=tenant.name,
                    registration_number=tenant.registration_number,
                )
            )


def charities_with_token_prefix(token: str) -> Iterator[CharitySearchToken]:
    """Key condition: PK = SEARCH#CHARITIES and begins_with(SK, token); sorted by token."""
    return CharitySearchToken.query(
        keys.search_charities_pk(),
        CharitySearchToken.sk.startswith(token),
        limit=MAX_TOKEN_READ,
        page_size=100,
    )
