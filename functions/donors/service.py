"""Donors: create, read (with totals all time and this tax year), edit under optimistic locking,
delete (only without donations), and the donors list."""

from __future__ import annotations

from decimal import Decimal
from typing import TYPE_CHECKING, Any

from functions.core import audit, clock, ids
from functions.core.access import Principal
from functions.core.deferred import deferred_imports
from functions.core.errors import Conflict, Invalid
from functions.core.messages import t
from functions.core.money import money_text
from functions.core.pagination import decode_cursor, encode_cursor, page_body
from functions.core.validation import validate
from functions.domain import names
from functions.domain.tax_year import tax_year_label, tax_year_of
from functions.donors import repository, search
from functions.donors.models import PROFILE_FIELDS, Donor, DonorYear

with deferred_imports():  # an edit's eligibility check, not the list (the area's cold first request)
    from functions.declarations import eligibility

if TYPE_CHECKING:
    from functions.donors.list_queries import DonorListQuery
    from functions.donors.schemas import DonorBody, DonorFilters, DonorUpdateBody


def view(donor: Donor, year: DonorYear | None = None, *, with_year: bool = False) -> dict[str, Any]:
    facts = repository.facts_of(donor)
    body: dict[str, Any] = {"id": donor.donor_id, "type": donor.donor_type}
    body.update({field: getattr(donor, field) for field in PROFILE_FIELDS})
    body.update(
        consents=donor.consents.as_dict() if donor.consents else {},
        tags=list(donor.tags or []),
        name=names.display_name(facts),
        version=donor.version,
        created_at=clock.iso(donor.created_at),
        warnings={field: t(code) for field, code in names.hmrc_warnings(facts).items()},
        totals={
            "all_time": money_text(donor.total_given),
            "donations_count": int(donor.donations_count or 0),
        },
    )
    if with_year:
        current = tax_year_of(clock.today())
        body["totals"].update(
            tax_year=money_text(year.total if year else Decimal(0)), tax_year_label=tax_year_label(current)
        )
    return body


def _check_names(body: DonorBody) -> None:
    if body.type == "individual" and not (body.first_name or body.last_name):
        raise Invalid.field("last_name", "donors.name_required")
    if body.type == "organisation" and not body.company_name:
        raise Invalid.field("company_name", "donors.company_required")


def _profile(body: DonorBody) -> dict[str, Any]:
    values = body.model_dump(exclude={"type", "consents", "tags", "version"})
    values = {k: (v or None) for k, v in values.items()}
    values["country"] = body.country
    values["postcode"] = names.tidy_postcode(body.postcode, body.country)
    return values


def _consents(body: DonorBody) -> dict[str, Any]:
    return body.consents.model_dump(mode="json")


def create(who: Principal, body: DonorBody, *, donor_id: str | None = None) -> dict[str, Any]:
    _check_names(body)
    donor_id = donor_id or ids.new_id()
    pk, sk = Donor.key(who.tenant_id, donor_id)
    donor = Donor(
        pk,
        sk,
        donor_id=donor_id,
        tenant_id=who.tenant_id,
        donor_type=body.type,
        consents=_consents(body),
        tags=body.tags,
        **_profile(body),
    )
    repository.index_keys(donor)
    repository.create(donor)
    return view(donor, None, with_year=True)


def show(who: Principal, donor_id: str) -> dict[str, Any]:
    donor, year = repository.get_with_year(who.tenant_id, donor_id, tax_year_of(clock.today()))
    return view(donor, year, with_year=True)


def update(who: Principal, donor_id: str, body: DonorUpdateBody) -> dict[str, Any]:
    _check_names(body)
    before = repository.get(who.tenant_id, donor_id)
    if before.version != body.version:
        raise Conflict("donors.stale")
    after = repository.clone(before)
    after.donor_type, after.consents = body.type, _consents(body)
    after.tags = list(body.tags)  # type: ignore[assignment,arg-type]
    for field, value in _profile(body).items():
        setattr(after, field, value)
    repository.update(before, after, profile_actions(after))
    eligibility.recompute_donor(who.tenant_id, donor_id)  # details decide "needs attention"
    return show(who, donor_id)


def profile_actions(after: Donor) -> list[Any]:
    """SET (or REMOVE) every field a person edits, and the keys derived from them; never the
    totals, which only donation transactions move."""
    repository.index_keys(after)
    actions = [
        Donor.donor_type.set(after.donor_type),
        Donor.consents.set(after.consents),
        Donor.tags.set(list(after.tags or [])),
    ]
    for field in (*PROFILE_FIELDS, "postcode_compact", "gsi1sk"):
        value = getattr(after, field)
        attribute = getattr(Donor, field)
        actions.append(attribute.set(value) if value is not None else attribute.remove())
    return actions


def remove(who: Principal, donor_id: str) -> dict[str, Any]:
    donor = repository.get(who.tenant_id, donor_id)
    if donor.donations_count:
        raise Conflict("donors.has_donations", count=int(donor.donations_count))
    repository.delete(donor)
    audit.record(who.tenant_id, "donor.deleted", actor_id=who.user_id, donor_id=donor_id)
    return {"message": t("donors.deleted")}


def filter_condition(filters: DonorFilters) -> Any:
    conditions: list[Any] = []
    if filters.type:
        conditions.append(Donor.donor_type == filters.type)
    if filters.postcode:
        conditions.append(Donor.postcode_compact.startswith("".join(filters.postcode.split()).upper()))
    if filters.tag:
        conditions.append(Donor.tags.contains(filters.tag))
    if filters.has_email is True:
        conditions.append(Donor.email.exists())
    elif filters.has_email is False:
        conditions.append(Donor.email.does_not_exist())
    condition = None
    for each in conditions:
        condition = each if condition is None else condition & each
    return condition


def _checked_filters(values: dict[str, Any]) -> DonorFilters | None:
    """The list's filters, checked; None when none is given (the list's first request: no
    pydantic, ADR 0011)."""
    if not values:
        return None
    from functions.donors.schemas import DonorFilters

    return validate(DonorFilters, values)


def listing(who: Principal, query: DonorListQuery) -> dict[str, Any]:
    filters = _checked_filters(query.filter_values())
    condition = filter_condition(filters) if filters is not None else None
    if query.search.strip():
        return _search_listing(who.tenant_id, query, filters)
    sort = "created_at" if query.sortBy == "id" else query.sortBy
    rows, last_key = repository.list_page(
        who.tenant_id,
        sort=sort,
        descending=query.sortDesc,
        length=query.length,
        start=decode_cursor(query.cursor),
        condition=condition,
    )
    total = int(who.counters.donors or 0) if condition is None else None
    return page_body(
        [view(row) for row in rows],
        total=total,  # type: ignore[arg-type]  # None: unknown under a filter (docs/api.md)
        query=query,
        next_cursor=encode_cursor(last_key),
    )


def _matches(donor: Donor, filters: DonorFilters | None) -> bool:
    if filters is None:
        return True
    postcode = "".join((filters.postcode or "").split()).upper()
    return (
        (not filters.type or donor.donor_type == filters.type)
        and (not postcode or (donor.postcode_compact or "").startswith(postcode))
        and (not filters.tag or filters.tag in (donor.tags or []))
        and (filters.has_email is None or bool(donor.email) == filters.has_email)
    )


def _sort_value(donor: Donor, sort: str) -> Any:
    if sort == "name":
        return donor.gsi1sk or ""
    if sort == "total_given":
        return donor.total_given or Decimal(0)
    return donor.donor_id


def _search_listing(tenant_id: str, query: DonorListQuery, filters: DonorFilters | None) -> dict[str, Any]:
    """The list's search box: donors found by their tokens (one Query, then one BatchGetItem of at
    most `search.LIST_LIMIT` donors), filtered, sorted and paged in memory by page number."""
    found = repository.get_many(
        tenant_id, search.matching_donor_ids(tenant_id, query.search, search.LIST_LIMIT)
    )
    rows = [donor for donor in found.values() if _matches(donor, filters)]
    sort = "created_at" if query.sortBy == "id" else query.sortBy
    rows.sort(key=lambda donor: _sort_value(donor, sort), reverse=query.sortDesc)
    first = (query.page - 1) * query.length
    return page_body(
        [view(row) for row in rows[first : first + query.length]],
        total=len(rows),
        query=query,
        next_cursor=None,
    )
