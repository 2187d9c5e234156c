"""Donor search by prefix tokens (spec §2 global search: first name, last name, company, email,
phone, postcode; a single keyword; at most 20 results). One Query on the tenant's token
partition; never a Scan. `GET /api/search` calls `search_donors` for charity users."""

from __future__ import annotations

from typing import Any

from functions.domain.search_tokens import query_token
from functions.donors import repository

MAX_RESULTS = 20
LIST_LIMIT = 100  # donors the list's search box shows at most


def matching_donor_ids(tenant_id: str, keyword: str, limit: int = MAX_RESULTS) -> list[str]:
    """Ids of donors with a token starting with the keyword, each once, in token order."""
    token = query_token(keyword)
    if not token:
        return []
    found: dict[str, None] = {}
    for item in repository.search_tokens(tenant_id, token):
        found.setdefault(item.donor_id)
        if len(found) == limit:
            break
    return list(found)


def search_donors(tenant_id: str, keyword: str, limit: int = MAX_RESULTS) -> list[dict[str, Any]]:
    """`[{type: "donor", title, url: "/donors/<id>"}]` for the header's global search."""
    token = query_token(keyword)
    if not token:
        return []
    results: dict[str, dict[str, Any]] = {}
    for item in repository.search_tokens(tenant_id, token):
        if item.donor_id not in results:
            results[item.donor_id] = {"type": "donor", "title": item.name, "url": f"/donors/{item.donor_id}"}
            if len(results) == min(limit, MAX_RESULTS):
                break
    return list(results.values())
