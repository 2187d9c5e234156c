"""The search boxes of the Donations, New Claim, Claimed, Past Claims and Import history lists
(docs/api.md: `search` per list): a search finds the matching rows on the server, pages with the
list's cursors, finds nothing when nothing matches, and odd input is a 422 or an empty page,
never a 500."""

from __future__ import annotations

from collections.abc import Iterator
from decimal import Decimal
from typing import Any
from urllib.parse import urlencode

import pytest
from chalice.test import Client

from app import app
from functions.donations.models import Donation
from functions.giftaid.models import ClaimItem
from tests.functional.donations_helpers import make_donation, make_donor
from tests.functional.giftaid_helpers import put_donations
from tests.functional.helpers import SignedIn, sign_up_charity
from tests.functional.imports_helpers import create, csv_bytes

ODD = ['"', "'; DROP TABLE x; --", "😀", "%", "\\", "  ", "£", "Zoë"]


@pytest.fixture
def client(aws: dict) -> Iterator[Client]:
    with Client(app) as test_client:
        yield test_client


@pytest.fixture
def owner(client: Client) -> SignedIn:
    return sign_up_charity(client, "Search Trust")


def listed(who: SignedIn, path: str, **query: Any) -> dict[str, Any]:
    reply = who.get(f"{path}?{urlencode(query)}")
    assert reply.status == 200, reply
    return dict(reply.json)


def assert_odd_input_is_safe(who: SignedIn, path: str) -> None:
    for text in ODD:
        reply = who.get(f"{path}?{urlencode({'search': text})}")
        assert reply.status == 200, (text, reply)
        if text.strip() and text not in ("£",):
            assert reply.json["data"] == [], text
    too_long = who.get(f"{path}?{urlencode({'search': 'a' * 101})}")
    assert too_long.status == 422, too_long
    assert "search" in too_long.json["errors"]


# ------------------------------------------------------------------ donations
def test_donations_search_by_donor_name_reference_amount_and_email(owner: SignedIn) -> None:
    alma = make_donor(owner, first_name="Alma", last_name="Quirke", email="alma.q@mail.example")
    other = make_donor(owner, first_name="Bert", last_name="Other", email="bert@mail.example")
    mine = make_donation(owner, donor_id=alma["id"], amount="37.50", external_ref="RCPT-9981")
    make_donation(owner, donor_id=other["id"], amount="12.00", external_ref="RCPT-1200")

    def ids(search: str) -> list[str]:
        return [row["id"] for row in listed(owner, "/api/donations", search=search)["data"]]

    assert ids("quirke") == [mine["id"]]
    assert ids("ALMA quirke") == [mine["id"]]
    assert ids("rcpt-9981") == [mine["id"]]
    assert ids("37.5") == [mine["id"]]
    assert ids("£37.50") == [mine["id"]]
    assert ids("alma.q@") == [mine["id"]]
    assert ids("nobody-at-all") == []
    assert sorted(ids("rcpt")) == sorted([mine["id"], ids("bert")[0]])
    body = listed(owner, "/api/donations", search="quirke")
    assert body["meta"]["total"] is None  # unknown under a search: the list pages by its cursors


def test_donations_search_pages_with_cursors(owner: SignedIn) -> None:
    wanted = make_donor(owner, first_name="Pagey", last_name="Match")
    other = make_donor(owner, first_name="Nope", last_name="Else")
    made = [make_donation(owner, donor_id=wanted["id"], amount=f"{n + 1}.00")["id"] for n in range(23)]
    for n in range(5):
        make_donation(owner, donor_id=other["id"], amount=f"{n + 1}.00")
    first = listed(owner, "/api/donations", search="pagey", length=20)
    assert len(first["data"]) == 20 and first["meta"]["next_cursor"]
    second = listed(owner, "/api/donations", search="pagey", length=20, cursor=first["meta"]["next_cursor"])
    seen = [row["id"] for row in first["data"] + second["data"]]
    assert sorted(seen) == sorted(made)
    assert second["meta"]["next_cursor"] is None
    # a cursor of the searched list is refused on another search (it names another list)
    wrong = owner.get(
        f"/api/donations?{urlencode({'search': 'nope', 'cursor': first['meta']['next_cursor']})}"
    )
    assert wrong.status == 422


def test_donations_search_odd_input(owner: SignedIn) -> None:
    make_donation(owner, amount="5.00")
    assert_odd_input_is_safe(owner, "/api/donations")


# ------------------------------------------------------------------ new claim, claimed
def put_named(tenant_id: str, donor_id: str, count: int, *, state: str, start: int, name: str) -> None:
    """Donations already in a Gift Aid state (`put_donations`), shown under another donor name."""
    for donation_id in put_donations(tenant_id, donor_id, count, state=state, start=start):
        item = Donation.get(*Donation.key(tenant_id, donation_id))
        item.donor_name = name
        item.save()


@pytest.mark.parametrize(
    ("path", "state"), [("/api/gift-aid/claimable", "claimable"), ("/api/gift-aid/claimed", "claimed")]
)
def test_claim_lists_search_donor_name_amount_and_date(owner: SignedIn, path: str, state: str) -> None:
    donor = make_donor(owner)
    put_donations(owner.tenant_id, donor["id"], 24, state=state)  # "Jane Smith", amounts n.25
    put_named(owner.tenant_id, donor["id"], 22, state=state, start=100, name="Orla Finnegan")
    found = listed(owner, path, search="finnegan", length=20)
    assert len(found["data"]) == 20 and found["meta"]["next_cursor"]
    assert {row["donor_name"] for row in found["data"]} == {"Orla Finnegan"}
    assert found["meta"]["total"] is None
    rest = listed(owner, path, search="finnegan", length=20, cursor=found["meta"]["next_cursor"])
    assert len(rest["data"]) == 2 and rest["meta"]["next_cursor"] is None
    ids = {row["id"] for row in found["data"] + rest["data"]}
    assert ids == {f"d{n:06d}" for n in range(100, 122)}
    # amount as written in the list (d000002 is 3.25), date as YYYY-MM-DD
    by_amount = listed(owner, path, search="jane 3.25")["data"]
    assert [row["id"] for row in by_amount] == ["d000002"]
    by_date = listed(owner, path, search="2026-02-02 smith")["data"]
    assert [row["id"] for row in by_date] == ["d000001"]
    assert listed(owner, path, search="zzz-nothing")["data"] == []
    assert_odd_input_is_safe(owner, path)


def test_new_claim_totals_stay_those_of_every_claimable_donation(owner: SignedIn) -> None:
    donor = make_donor(owner)
    put_donations(owner.tenant_id, donor["id"], 3)
    put_named(owner.tenant_id, donor["id"], 2, state="claimable", start=10, name="Orla Finnegan")
    body = listed(owner, "/api/gift-aid/claimable", search="finnegan")
    assert len(body["data"]) == 2
    assert body["totals"]["count"] == 5  # "Claim all" still claims every claimable donation


# ------------------------------------------------------------------ past claims
def put_claim(tenant_id: str, claim_id: str, **fields: Any) -> None:
    ClaimItem(
        *ClaimItem.key(tenant_id, claim_id),
        claim_id=claim_id,
        tenant_id=tenant_id,
        state=fields.pop("state", "accepted"),
        build_status="ready",
        donation_total=Decimal(fields.pop("total", "100.00")),
        tax_total=Decimal("25.00"),
        **fields,
    ).save()


def test_past_claims_search_receipt_correlation_period_and_state_filter(owner: SignedIn) -> None:
    put_claim(
        owner.tenant_id,
        "c001",
        receipt="HMRC-RCPT-7781",
        correlation_id="ABCDEF0123",
        earliest_date="2025-04-06",
        latest_date="2025-09-30",
    )
    put_claim(owner.tenant_id, "c002", earliest_date="2026-01-10", latest_date="2026-03-01", total="555.00")
    put_claim(owner.tenant_id, "c003", state="rejected", earliest_date="2026-01-11", latest_date="2026-02-01")

    def ids(**query: Any) -> list[str]:
        return [row["id"] for row in listed(owner, "/api/gift-aid/claims", **query)["data"]]

    assert ids(search="rcpt-7781") == ["c001"]
    assert ids(search="abcdef") == ["c001"]
    assert ids(search="2025-09") == ["c001"]
    assert ids(search="555") == ["c002"]
    assert ids(search="2026-01") == ["c003", "c002"]  # newest first, like the list
    assert ids(search="2026-01", state="rejected") == ["c003"]
    assert ids(search="no-such-claim") == []
    body = listed(owner, "/api/gift-aid/claims", search="2026-01", length=20)
    assert body["meta"]["total"] == 2
    assert_odd_input_is_safe(owner, "/api/gift-aid/claims")


def test_past_claims_search_pages_by_page_number(owner: SignedIn) -> None:
    for n in range(23):
        put_claim(owner.tenant_id, f"c{n:03d}", earliest_date="2024-05-01", latest_date="2024-06-01")
    put_claim(owner.tenant_id, "c900", earliest_date="2023-05-01", latest_date="2023-06-01")
    first = listed(owner, "/api/gift-aid/claims", search="2024-05", length=20)
    second = listed(owner, "/api/gift-aid/claims", search="2024-05", length=20, page=2)
    assert first["meta"]["total"] == 23
    assert len(first["data"]) == 20 and len(second["data"]) == 3
    assert {row["id"] for row in first["data"] + second["data"]} == {f"c{n:03d}" for n in range(23)}


# ------------------------------------------------------------------ import history
def test_import_history_search_by_file_name(owner: SignedIn) -> None:
    content = csv_bytes([["Name", "Amount"], ["Jane Smith", "10.00"]])
    wanted = create(owner, "Spring-Fair Takings.csv", content)
    create(owner, "bank-export.csv", content)

    def ids(search: str) -> list[str]:
        return [row["id"] for row in listed(owner, "/api/imports", search=search)["data"]]

    assert ids("spring fair") == [wanted["id"]]
    assert ids("TAKINGS") == [wanted["id"]]
    assert len(ids("csv")) == 2
    assert ids("nothing-like-it") == []
    assert_odd_input_is_safe(owner, "/api/imports")


def test_search_never_reaches_another_charity(client: Client, owner: SignedIn) -> None:
    other = sign_up_charity(client, "Other Trust")
    donor = make_donor(other, first_name="Secret", last_name="Person")
    make_donation(other, donor_id=donor["id"], external_ref="SECRET-1")
    put_claim(other.tenant_id, "c777", receipt="SECRET-RECEIPT")
    assert listed(owner, "/api/donations", search="secret")["data"] == []
    assert listed(owner, "/api/gift-aid/claims", search="secret")["data"] == []


def test_donations_totals_follow_the_search(owner: SignedIn) -> None:
    """The summary above the list counts what the search box shows, not every donation."""
    alma = make_donor(owner, first_name="Alma", last_name="Quirke", email="alma.q@mail.example")
    make_donation(owner, donor_id=alma["id"], amount="37.50")
    make_donation(owner, donor_id=alma["id"], amount="2.50")
    make_donation(owner, amount="100.00")
    assert listed(owner, "/api/donations/totals", search="quirke") == {
        "count": 2,
        "sum": "40.00",
        "complete": True,
    }
    assert listed(owner, "/api/donations/totals", search="alma.q@")["count"] == 2
    assert listed(owner, "/api/donations/totals")["count"] == 3
    assert listed(owner, "/api/donations/totals", search="nobody")["count"] == 0
