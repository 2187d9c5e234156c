"""A claim's lines are listed oldest donation first (the order of the HMRC schedule), donations of
the same day in the order they were recorded, across pages (docs/api.md "Gift Aid: claims")."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from chalice.test import Client

from app import app
from tests.functional.donations_helpers import make_donor
from tests.functional.giftaid_helpers import configure, drain, put_donations
from tests.functional.helpers import SignedIn, sign_up_charity


def day(n: int) -> str:
    """The date `put_donations` gives its n-th donation."""
    return f"2026-0{1 + n % 3}-{1 + n % 28:02d}"


@pytest.fixture
def client(aws: dict) -> Iterator[Client]:
    with Client(app) as test_client:
        yield test_client


def test_claim_lines_are_in_date_order_then_recorded_order_across_pages(aws, client):
    # GIVEN a claim of donations recorded in another order than their dates, two on the same day
    owner: SignedIn = sign_up_charity(client, "Hope Trust")
    configure(owner)
    donor = make_donor(owner)
    ids = put_donations(owner.tenant_id, donor["id"], 24)  # dated Jan 1, Feb 2, Mar 3, Jan 4, ...
    ids += put_donations(owner.tenant_id, donor["id"], 1, start=84)  # Jan 1 too, recorded later
    reply = owner.post("/api/gift-aid/claims", {"donation_ids": ids})
    assert reply.status == 202, reply
    claim_id = reply.json["claim_id"]
    drain(aws)
    # WHEN its 25 lines are read 20 at a time (two pages)
    seen: list[tuple[str, str]] = []
    cursor = None
    for _ in range(5):
        query = f"length=20&cursor={cursor}" if cursor else "length=20"
        page = owner.get(f"/api/gift-aid/claims/{claim_id}?{query}")
        assert page.status == 200, page
        seen += [(row["date"], row["id"]) for row in page.json["lines"]["data"]]
        cursor = page.json["lines"]["meta"]["next_cursor"]
        if not cursor:
            break
    # THEN every donation appears once, oldest first, the same day in the order recorded
    order = [donation_id for _, donation_id in seen]
    assert order[:4] == ["d000000", "d000084", "d000003", "d000006"]  # Jan 1 (twice), Jan 4, Jan 7
    assert order[-2:] == ["d000020", "d000023"]  # Mar 21, Mar 24
    expected = sorted([(day(n), f"d{n:06d}") for n in [*range(24), 84]])
    assert seen == expected and sorted(ids) != order
