"""Global search of the header (spec §2): admins find charities, charity users find donors."""

from __future__ import annotations

from typing import Any

from functions.core.access import Principal
from functions.core.observability import logger
from functions.domain.search_tokens import query_token
from functions.donors import search as donor_search
from functions.search import repository

MAX_RESULTS = 20  # spec §9 "Search max"


def search(who: Principal, query: str) -> list[dict[str, Any]]:
    if who.is_admin:
        return search_charities(query)
    return search_donors(who.tenant_id, query)


def search_charities(query: str) -> list[dict[str, Any]]:
    """Charities whose name, registration number, phone or country has a word starting with the
    query's first word; each charity once, at most 20. Cross-tenant by definition (admins only)."""
    token = query_token(query)
    if not token:
        return []
    logger.info("admin charity search", extra={"query_length": len(token)})
    results: dict[str, dict[str, Any]] = {}
    for item in repository.charities_with_token_prefix(token):
        if item.tenant_id not in results:
            results[item.tenant_id] = {
                "type": "charity",
                "title": item.name,
                "url": f"/charities/{item.tenant_id}",
            }
            if len(results) == MAX_RESULTS:
                break
    return list(results.values())


def search_donors(tenant_id: str, query: str) -> list[dict[str, Any]]:
    """Donors of the caller's charity by first name, last name, company, email, phone or postcode
    (prefix tokens kept beside each donor under the tenant's partition)."""
    return donor_search.search_donors(tenant_id, query, limit=MAX_RESULTS)
