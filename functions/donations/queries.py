"""The donations list and its totals: each page is ONE Query (docs/access-patterns.md).

Which index serves a request:
- a Gift Aid state filter → GSI4 (the donations in that state), date range in the key, sorted by date;
- a donor filter, sorted by date → GSI3 (the donor's owned records), date range in the key;
- sorted by amount → GSI2 (by amount), amount range in the key;
- otherwise → GSI1 (by date, the default, newest first), date range in the key.
Every other filter (type, method, location, status, donor, the range not in the key) is a
filter expression over a bounded read (`functions/donors/paging.py`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from functions.core import keys
from functions.donations.models import RECEIVED, Donation
from functions.donors.paging import bounded_page, check_cursor

MAX_TOTALS_READ = 200_000  # donations one totals request reads at most


@dataclass(frozen=True)
class DonationFilters:
    date_from: dt.date | None = None
    date_to: dt.date | None = None
    amount_min: Decimal | None = None
    amount_max: Decimal | None = None
    type_id: str | None = None
    payment_method: str | None = None
    location_id: str | None = None
    status: str | None = None
    donor_id: str | None = None
    gift_aid_state: str | None = None
    allocation: str | None = None

    @property
    def empty(self) -> bool:
        return all(getattr(self, name) is None for name in self.__dataclass_fields__)


def _pennies(amount: Decimal) -> int:
    return int(amount * 100)


def _plan(tenant_id: str, filters: DonationFilters, sort: str) -> tuple[Any, str, str, Any, list[Any]]:
    """(query function, hash attribute, hash value, key condition, filter conditions)."""
    conditions: list[Any] = []
    low = filters.date_from.isoformat() if filters.date_from else None
    high = filters.date_to.isoformat() if filters.date_to else None
    if sort == "amount":
        low_amount = (
            keys.sortable_amount(_pennies(filters.amount_min)) if filters.amount_min is not None else ""
        )
        high_amount = (
            keys.sortable_amount(_pennies(filters.amount_max)) if filters.amount_max is not None else "9" * 15
        )
        key_condition = Donation.gsi2sk.between(
            keys.sortable_name(low_amount, ""), keys.sortable_name(high_amount, "~")
        )
        if low:
            conditions.append(Donation.donation_date >= low)
        if high:
            conditions.append(Donation.donation_date <= high)
        if filters.donor_id:
            conditions.append(Donation.donor_id == filters.donor_id)
        return Donation.gsi2.query, "GSI2", keys.donations_by_amount_pk(tenant_id), key_condition, conditions
    if filters.amount_min is not None:
        conditions.append(Donation.amount >= filters.amount_min)
    if filters.amount_max is not None:
        conditions.append(Donation.amount <= filters.amount_max)
    if filters.gift_aid_state:
        if filters.donor_id:
            conditions.append(Donation.donor_id == filters.donor_id)
        key_condition = Donation.gsi4sk.between(
            keys.gift_aid_state_sk(low or "", ""), keys.gift_aid_state_sk(high or "9999-12-31", "~")
        )
        pk = keys.gift_aid_state_pk(tenant_id, filters.gift_aid_state)
        return Donation.gsi4.query, "GSI4", pk, key_condition, conditions
    if filters.donor_id:
        key_condition = Donation.gsi3sk.between(
            keys.owned_donation_sk(low or "", ""), keys.owned_donation_sk(high or "9999-12-31", "~")
        )
        return (
            Donation.gsi3.query,
            "GSI3",
            keys.donor_owned_pk(tenant_id, filters.donor_id),
            key_condition,
            conditions,
        )
    key_condition = Donation.gsi1sk.between(
        keys.dated_sk(low or "", ""), keys.dated_sk(high or "9999-12-31", "~")
    )
    return Donation.gsi1.query, "GSI1", keys.donations_by_date_pk(tenant_id), key_condition, conditions


def _filter(filters: DonationFilters, conditions: list[Any]) -> Any:
    if filters.type_id:
        conditions.append(Donation.type_id == filters.type_id)
    if filters.payment_method:
        conditions.append(Donation.payment_method == filters.payment_method)
    if filters.location_id:
        conditions.append(Donation.location_id == filters.location_id)
    if filters.status:
        conditions.append(Donation.status == filters.status)
    if filters.allocation == "defaulted":
        conditions.append(Donation.allocation_defaulted == True)  # noqa: E712
    combined = None
    for condition in conditions:
        combined = condition if combined is None else combined & condition
    return combined


def page(
    tenant_id: str,
    filters: DonationFilters,
    *,
    sort: str,
    descending: bool,
    length: int,
    start: dict[str, Any] | None,
    keep: Callable[[Donation], bool] | None = None,
) -> tuple[list[Donation], dict[str, Any] | None]:
    run, index, pk, key_condition, conditions = _plan(tenant_id, filters, sort)
    condition = _filter(filters, conditions)
    check_cursor(start, f"{index}PK", pk)

    def query(**paging: Any) -> Any:
        return run(pk, key_condition, filter_condition=condition, scan_index_forward=not descending, **paging)

    return bounded_page(
        Donation, query, length=length, start=start, filtered=condition is not None, index=index, keep=keep
    )


def stream_fields(
    tenant_id: str,
    filters: DonationFilters,
    fields: Sequence[str],
    *,
    sort: str,
    descending: bool,
    page_size: int,
) -> Iterator[dict[str, Any]]:
    """Every matching donation in list order as {field: value} of `fields` (exports): the list's
    Query, paginated to the end, reading only those attributes and turning each into its Python
    value as the model does (its default when absent) without building a model per row."""
    run, _, pk, key_condition, conditions = _plan(tenant_id, filters, sort)
    declared = Donation.get_attributes()
    wanted = [(name, declared[name]) for name in fields]
    results = run(
        pk,
        key_condition,
        filter_condition=_filter(filters, conditions),
        scan_index_forward=not descending,
        page_size=page_size,
        attributes_to_get=[attribute.attr_name for _, attribute in wanted],
    )
    for page in results.page_iter:
        for raw in page.get("Items", []):
            row: dict[str, Any] = {}
            for name, attribute in wanted:
                stored = raw.get(attribute.attr_name)
                if stored and "NULL" not in stored:
                    row[name] = attribute.deserialize(attribute.get_value(stored))
                else:
                    default = attribute.default
                    row[name] = default() if callable(default) else default
            yield row


def totals(
    tenant_id: str, filters: DonationFilters, keep: Callable[[Donation], bool] | None = None
) -> tuple[int, Decimal, bool]:
    """(count, received sum, complete) of the filtered set: one paginated Query on the same index
    as the list, reading only the amount and status (and what the search box searches, under a
    search: `keep`), bounded by `MAX_TOTALS_READ`."""
    run, _, pk, key_condition, conditions = _plan(tenant_id, filters, "date")
    searched = ["entity", "donor_id", "donor_name", "external_ref"] if keep is not None else []
    results = run(
        pk,
        key_condition,
        filter_condition=_filter(filters, conditions),
        page_size=1000,
        attributes_to_get=["amount", "status", *searched],
    )
    count, total = 0, Decimal(0)
    for page in results.page_iter:
        for raw in page.get("Items", []):
            if keep is not None and not keep(Donation.from_raw_data(raw)):
                continue
            count += 1
            if raw.get("status", {}).get("S") == RECEIVED:
                total += Decimal(raw["amount"]["N"])
        if results.page_iter.total_scanned_count >= MAX_TOTALS_READ and results.page_iter.last_evaluated_key:
            return count, total, False
    return count, total, True


def owned_by_donor(tenant_id: str, donor_id: str) -> list[Donation]:
    return list(
        Donation.gsi3.query(
            keys.donor_owned_pk(tenant_id, donor_id), Donation.gsi3sk.startswith(keys.donation_prefix())
        )
    )
