"""The donations list's search box (docs/api.md "Donors and donations": `search`)."""

from __future__ import annotations

from collections.abc import Callable

from functions.core import list_search
from functions.donations.models import Donation
from functions.donors import search as donor_search


def _searched(donation: Donation) -> tuple[str | None, ...]:
    return (donation.donor_name, donation.external_ref, list_search.amount_text(donation.amount))


def search_matcher(tenant_id: str, search: str) -> Callable[[Donation], bool] | None:
    """Which donations a search finds: every word in the donor's name, the external reference
    or the amount; a search with `@` also finds the donations of the donors whose email starts
    with it (the donor search tokens: one Query of at most 200 items). None: no search."""
    by_text = list_search.matcher(search, _searched)
    if by_text is None or "@" not in search:
        return by_text
    donor_ids = set(donor_search.matching_donor_ids(tenant_id, search, donor_search.LIST_LIMIT))
    return lambda d: by_text(d) or d.donor_id in donor_ids
