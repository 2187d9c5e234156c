"""Issue 13 §2: list cursors are signed. Every list route answers 422 on `cursor` (never a 500) for
a hand-made, edited or truncated cursor, and for a genuine cursor of another list, another charity
or another filter; a genuine cursor still continues its own list."""

from __future__ import annotations

import base64
import json
from typing import Any

from tests.functional import imports_helpers as ih
from tests.functional.donations_helpers import make_donor
from tests.functional.giftaid_helpers import configure, donor_and_donations, put_donations
from tests.functional.helpers import SignedIn, platform_admin, sign_up_charity

CURSOR_MESSAGE = "This page link does not belong to this list (or has expired): go back to the first page."


def _unsigned(key: dict[str, Any]) -> str:
    """A cursor as the old, unsigned scheme made it: base64url of the key's JSON."""
    return base64.urlsafe_b64encode(json.dumps(key).encode()).decode().rstrip("=")


HAND_MADE = [
    _unsigned({"PK": {"S": "TENANT#x"}, "SK": {"S": "y"}}),
    _unsigned({"PK": {"N": "1e400"}}),
    _unsigned({"nonsense": True}),
    "%%%not-base64",
    "a.b",
    "x" * 5000,
]


def assert_cursor_refused(reply: Any, where: str) -> None:
    assert reply.status == 422, (where, reply.status, reply.text)
    assert reply.json["message"] == "The given data was invalid.", where
    assert reply.json["errors"] == {"cursor": [CURSOR_MESSAGE]}, where


def test_every_list_route_refuses_a_hand_made_cursor_with_a_422(client, owner: SignedIn) -> None:
    # GIVEN a charity with a donor, a donation, a claim and an import, and a platform admin
    configure(owner)
    donor = make_donor(owner)
    donation_ids = put_donations(owner.tenant_id, donor["id"], 1)
    claim = owner.post("/api/gift-aid/claims", {"donation_ids": donation_ids})
    assert claim.status == 202, claim
    claim_id = claim.json["claim_id"]
    import_id = ih.create(owner, "gifts.csv", ih.csv_bytes([["Amount"], ["1.00"]]))["id"]
    admin = platform_admin(client)
    owner_lists = [
        "/api/donors",
        "/api/donations",
        f"/api/donors/{donor['id']}/donations",
        "/api/gift-aid/claimable",
        "/api/gift-aid/claims",
        f"/api/gift-aid/claims/{claim_id}",
        "/api/gift-aid/claimed",
        "/api/imports",
        f"/api/imports/{import_id}/errors",
        f"/api/imports/{import_id}/review",
        "/api/settings/users",
    ]
    admin_lists = ["/api/charities", "/api/feedbacks"]
    # WHEN each list is asked for a page after a cursor the server never issued
    for who, paths in ((owner, owner_lists), (admin, admin_lists)):
        for path in paths:
            for cursor in HAND_MADE:
                # THEN 422 naming the cursor, in the documented error shape
                assert_cursor_refused(who.get(f"{path}?cursor={cursor}"), f"{path} {cursor[:40]}")


def test_a_genuine_cursor_continues_only_its_own_list(client, owner: SignedIn) -> None:
    # GIVEN 21 claimable donations: the first page of 20 hands out a cursor
    donor_and_donations(owner, 21)
    first = owner.get("/api/gift-aid/claimable?length=20&sortDesc=false")
    assert first.status == 200, first
    cursor = first.json["meta"]["next_cursor"]
    assert cursor and len(first.json["data"]) == 20

    # WHEN it is followed on its own list THEN the 21st donation comes
    second = owner.get(f"/api/gift-aid/claimable?length=20&sortDesc=false&page=2&cursor={cursor}")
    assert second.status == 200, second
    assert len(second.json["data"]) == 1
    assert second.json["data"][0]["id"] not in {row["id"] for row in first.json["data"]}

    # WHEN it is used on another list, under another query, or edited THEN 422 on `cursor`
    payload, tag = cursor.split(".")
    edited = base64.urlsafe_b64encode(
        json.dumps(json.loads(base64.urlsafe_b64decode(payload + "==")) | {"extra": {"S": "x"}}).encode()
    ).decode()
    for path in (
        f"/api/gift-aid/claimed?length=20&sortDesc=false&cursor={cursor}",
        f"/api/donations?length=20&sortDesc=false&cursor={cursor}",
        f"/api/gift-aid/claimable?length=40&sortDesc=false&cursor={cursor}",
        f'/api/gift-aid/claimable?length=20&sortDesc=false&filters={{"a":"b"}}&cursor={cursor}',
        f"/api/gift-aid/claimable?length=20&sortDesc=false&cursor={cursor[:-3]}",
        f"/api/gift-aid/claimable?length=20&sortDesc=false&cursor={edited.rstrip('=')}.{tag}",
    ):
        assert_cursor_refused(owner.get(path), path)

    # WHEN another charity replays it on the same list THEN 422 too (never the first charity's rows)
    other = sign_up_charity(client, "Second Trust")
    assert_cursor_refused(
        other.get(f"/api/gift-aid/claimable?length=20&sortDesc=false&cursor={cursor}"), "other charity"
    )


def test_a_cursor_is_refused_in_spanish_too(owner: SignedIn) -> None:
    owner.browser.locale = "es"

    reply = owner.get(f"/api/donors?cursor={HAND_MADE[0]}")

    assert reply.status == 422
    assert reply.json["errors"]["cursor"] == [
        "Este enlace de página no pertenece a esta lista (o ha caducado): vuelva a la primera página."
    ]
