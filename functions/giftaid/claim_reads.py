"""A charity's claims read for Past Claims (the area's first request on a cold Lambda): a page of
them, or all of them (a few a year). Kept apart from `functions.giftaid.repository`, whose writes
import the donation, donor and charity models, so that the list loads only the claim's model."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from functions.core import keys
from functions.giftaid.models import ClaimItem


def claims_page(
    tenant_id: str, *, state: str | None, limit: int, start: dict[str, Any] | None
) -> tuple[list[ClaimItem], dict[str, Any] | None]:
    results = ClaimItem.query(
        keys.tenant_pk(tenant_id),
        ClaimItem.sk.startswith(keys.claim_prefix()),
        filter_condition=(ClaimItem.state == state) if state else None,
        scan_index_forward=False,
        limit=limit,
        last_evaluated_key=start,
    )
    return list(results), results.last_evaluated_key


def all_claims(tenant_id: str) -> Iterator[ClaimItem]:
    """Every claim of a charity (a few per year), for the per-tax-year report."""
    yield from ClaimItem.query(keys.tenant_pk(tenant_id), ClaimItem.sk.startswith(keys.claim_prefix()))
