"""Persistence of donors: the donor item, its index items (search tokens, match keys) kept in the
same transaction as every donor write, and the donor list queries (docs/access-patterns.md)."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Any

from pynamodb.expressions.condition import Condition

from functions.core import keys
from functions.core.counters import TenantCounters
from functions.core.errors import Conflict, NotFound
from functions.core.table import Entity
from functions.domain import matching, names
from functions.domain.donor_tokens import donor_tokens
from functions.donors import messages  # noqa: F401  (registers the area's messages)
from functions.donors.models import Donor, DonorMatchKey, DonorSearchToken, DonorYear
from functions.donors.paging import bounded_page, check_cursor
from functions.donors.transaction import Transaction, TransactionFailed

SEARCH_READ = 200  # token items read for one keyword (at most 20 results are shown)


def get(tenant_id: str, donor_id: str) -> Donor:
    try:
        return Donor.get(*Donor.key(tenant_id, donor_id), consistent_read=True)
    except Donor.DoesNotExist as exc:
        raise NotFound() from exc


def get_with_year(tenant_id: str, donor_id: str, tax_year: int) -> tuple[Donor, DonorYear | None]:
    """The donor and its total for one tax year: one BatchGetItem."""
    donor_key, year_key = Donor.key(tenant_id, donor_id), DonorYear.key(tenant_id, donor_id, tax_year)
    found = {(item.pk, item.sk): item for item in Entity.batch_get([donor_key, year_key])}
    donor = found.get(donor_key)
    if not isinstance(donor, Donor):
        raise NotFound()
    year = found.get(year_key)
    return donor, year if isinstance(year, DonorYear) else None


def get_many(tenant_id: str, donor_ids: list[str]) -> dict[str, Donor]:
    wanted = [Donor.key(tenant_id, donor_id) for donor_id in dict.fromkeys(donor_ids)]
    return {item.donor_id: item for item in Entity.batch_get(wanted) if isinstance(item, Donor)}


def clone(donor: Donor) -> Donor:
    return Donor.from_raw_data(donor.serialize())


def index_keys(donor: Donor) -> None:
    """Set the GSI keys of the donor lists: by name (GSI1) and by total given (GSI2)."""
    donor.postcode_compact = "".join((donor.postcode or "").split()).upper() or None
    donor.gsi1pk = keys.donors_by_name_pk(donor.tenant_id)
    donor.gsi1sk = keys.sortable_name(names.sort_name(facts_of(donor)), donor.donor_id)
    donor.gsi2pk = keys.donors_by_total_pk(donor.tenant_id)
    donor.gsi2sk = total_sort_key(donor.donor_id, donor.total_given or Decimal(0))


def total_sort_key(donor_id: str, total: Decimal) -> str:
    return keys.sortable_name(keys.sortable_amount(int(total * 100)), donor_id)


def facts_of(donor: Donor) -> dict[str, Any]:
    return {
        "type": donor.donor_type,
        "title": donor.title,
        "first_name": donor.first_name,
        "last_name": donor.last_name,
        "company_name": donor.company_name,
        "house": donor.house,
        "postcode": donor.postcode,
        "country": donor.country,
    }


def index_items(donor: Donor | None) -> dict[tuple[str, str], Entity]:
    """The search-token and match-key items a donor should have (none for no donor)."""
    if donor is None:
        return {}
    name = names.display_name(facts_of(donor))
    items: dict[tuple[str, str], Entity] = {}
    tokens = donor_tokens(
        first_name=donor.first_name,
        last_name=donor.last_name,
        company_name=donor.company_name,
        email=donor.email,
        phone=donor.phone,
        postcode=donor.postcode,
    )
    search_pk = keys.donor_search_pk(donor.tenant_id)
    for token in tokens:
        sk = keys.donor_search_sk(token, donor.donor_id)
        items[(search_pk, sk)] = DonorSearchToken(search_pk, sk, donor_id=donor.donor_id, name=name)
    facts = match_facts(donor)
    match_pk = keys.donor_match_pk(donor.tenant_id)
    for kind, value in matching.match_keys(facts):
        sk = keys.donor_match_sk(kind, value, donor.donor_id)
        items[(match_pk, sk)] = DonorMatchKey(
            match_pk,
            sk,
            donor_id=donor.donor_id,
            name=facts.name,
            email=facts.email,
            phone=facts.phone,
            postcode=facts.postcode,
        )
    return items


def match_facts(donor: Donor) -> matching.DonorFacts:
    name = (
        donor.company_name
        if donor.donor_type == "organisation"
        else f"{donor.first_name or ''} {donor.last_name or ''}"
    )
    return matching.facts(
        donor.donor_id, name=name, email=donor.email, phone=donor.phone, postcode=donor.postcode
    )


def add_index_changes(transaction: Transaction, before: Donor | None, after: Donor | None) -> None:
    """Puts of `after`'s index items (rewritten, so a new name shows) and deletes of the stale ones."""
    old, new = index_items(before), index_items(after)
    for item in new.values():
        transaction.put(item)
    for key, item in old.items():
        if key not in new:
            transaction.delete(item)


def _commit(transaction: Transaction) -> None:
    try:
        transaction.commit()
    except TransactionFailed as exc:
        raise Conflict("donors.stale") from exc


def create(donor: Donor) -> None:
    transaction = Transaction()
    transaction.put(donor, condition=Donor.pk.does_not_exist(), tag="donor")
    transaction.add(TenantCounters, TenantCounters.key(donor.tenant_id), donors=1)
    add_index_changes(transaction, None, donor)
    _commit(transaction)


def update(before: Donor, after: Donor, actions: list[Any]) -> None:
    """Apply `actions` to the donor under its version (set on `before` by the caller)."""
    transaction = Transaction()
    transaction.update(before, actions=actions, tag="donor")
    add_index_changes(transaction, before, after)
    _commit(transaction)


def delete(donor: Donor) -> None:
    transaction = Transaction()
    transaction.delete(donor, condition=Donor.donations_count == 0, tag="donor")
    transaction.add(TenantCounters, TenantCounters.key(donor.tenant_id), donors=-1)
    for year in year_items(donor.tenant_id, donor.donor_id):
        transaction.delete(year)
    add_index_changes(transaction, donor, None)
    try:
        transaction.commit()
    except TransactionFailed as exc:
        current = get(donor.tenant_id, donor.donor_id)
        if current.donations_count:
            raise Conflict("donors.has_donations", count=int(current.donations_count)) from exc
        raise Conflict("donors.stale") from exc


def year_items(tenant_id: str, donor_id: str) -> list[DonorYear]:
    return list(
        DonorYear.query(
            keys.tenant_pk(tenant_id),
            DonorYear.sk.startswith(keys.donor_year_prefix(donor_id)),
            consistent_read=True,
        )
    )


# ------------------------------------------------------------------ lists
SORTS = {"name": "GSI1", "total_given": "GSI2", "created_at": None}


def list_page(
    tenant_id: str,
    *,
    sort: str,
    descending: bool,
    length: int,
    start: dict[str, Any] | None,
    condition: Condition | None,
) -> tuple[list[Donor], dict[str, Any] | None]:
    """One page of donors in `sort` order: one Query (GSI1 by name, GSI2 by total, the table by
    creation — donor ids sort by creation time), `condition` as a bounded filter."""
    index = SORTS[sort]
    run: Any
    if index == "GSI1":
        pk = keys.donors_by_name_pk(tenant_id)
        run = Donor.gsi1.query
        hash_attribute, range_condition = "GSI1PK", None
    elif index == "GSI2":
        pk = keys.donors_by_total_pk(tenant_id)
        run = Donor.gsi2.query
        hash_attribute, range_condition = "GSI2PK", None
    else:
        pk = keys.tenant_pk(tenant_id)
        run = Donor.query
        hash_attribute, range_condition = "PK", Donor.sk.startswith(keys.donor_prefix())
    check_cursor(start, hash_attribute, pk)

    def query(**paging: Any) -> Any:
        return run(
            pk, range_condition, filter_condition=condition, scan_index_forward=not descending, **paging
        )

    return bounded_page(Donor, query, length=length, start=start, filtered=condition is not None, index=index)


def search_tokens(tenant_id: str, token: str, limit: int = SEARCH_READ) -> Iterator[DonorSearchToken]:
    """Token items whose token starts with `token` (one Query on the tenant's token partition)."""
    return DonorSearchToken.query(
        keys.donor_search_pk(tenant_id), DonorSearchToken.sk.startswith(token), limit=limit, page_size=limit
    )


def match_groups(tenant_id: str, max_items: int = 20_000) -> list[list[matching.DonorFacts]]:
    """Donors grouped by shared email, phone or postcode: one paginated Query of the tenant's
    match-key partition (sorted by kind and value, so a group is a run of consecutive items)."""
    groups: list[list[matching.DonorFacts]] = []
    current_key: tuple[str, str] | None = None
    current: list[matching.DonorFacts] = []
    for item in DonorMatchKey.query(keys.donor_match_pk(tenant_id), limit=max_items):
        kind, value = item.sk.rsplit("#", 1)[0].split("#", 1)
        if (kind, value) != current_key:
            if len(current) > 1:
                groups.append(current)
            current_key, current = (kind, value), []
        current.append(matching.DonorFacts(item.donor_id, item.name, item.email, item.phone, item.postcode))
    if len(current) > 1:
        groups.append(current)
    return groups
