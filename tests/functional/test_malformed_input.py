"""Issue 13 §2: input that used to answer 500. Deeply nested JSON (bodies and `filters=`), amounts
out of range or in another notation, filters of the wrong shape: each is a 400 or a 422 naming the
field, in the documented `{message, errors}` shape, and nothing is stored."""

from __future__ import annotations

import json
import urllib.parse
from typing import Any

import pytest

from tests.functional.browser import Browser
from tests.functional.donations_helpers import make_donation
from tests.functional.helpers import SignedIn, platform_admin

INVALID_JSON = "The request body is not valid JSON."
INVALID_DATA = "The given data was invalid."
TOO_DEEP = "This JSON is nested too deeply (at most 32 levels)."
NOT_AN_OBJECT = "This must be a JSON object, between { and }."
AMOUNT = "Enter an amount in pounds with at most 2 decimal places, such as 12.50."
AMOUNT_MAX = "The amount can be at most £1,000,000.00."

DEEP_BODIES = {
    "100,000 [": "[" * 100_000,
    "100,000 [ closed": "[" * 100_000 + "]" * 100_000,
    "40,000 objects": '{"a":' * 40_000 + "1" + "}" * 40_000,  # 240 KB: under the 256 KB limit
}
NESTED_40 = json.dumps(json.loads('{"a":' * 40 + "1" + "}" * 40))  # valid JSON, too deep for us


def assert_shape(reply: Any, status: int, message: str, errors: dict[str, list[str]]) -> None:
    assert reply.status == status, (reply.status, reply.text[:300])
    assert reply.json == {"message": message, "errors": errors}


# ------------------------------------------------------------------ JSON bodies
@pytest.mark.parametrize("body", DEEP_BODIES.values(), ids=DEEP_BODIES.keys())
@pytest.mark.parametrize(
    "path", ["/api/login", "/api/register", "/api/password/email", "/api/password/reset"]
)
def test_a_deeply_nested_body_on_the_public_routes_is_a_400(client, path: str, body: str) -> None:
    reply = Browser(client).post(path, body)

    assert_shape(reply, 400, INVALID_JSON, {"body": [INVALID_JSON]})


@pytest.mark.parametrize(
    "path", ["/api/donors", "/api/donations", "/api/feedbacks/store", "/api/donations/quick"]
)
def test_a_deeply_nested_body_on_a_signed_in_route_is_a_400_and_stores_nothing(owner: SignedIn, path) -> None:
    for body in DEEP_BODIES.values():
        assert_shape(owner.post(path, body), 400, INVALID_JSON, {"body": [INVALID_JSON]})
    assert_shape(owner.post(path, NESTED_40), 400, INVALID_JSON, {"body": [TOO_DEEP]})

    assert owner.get("/api/donors").json["meta"]["total"] == 0
    assert owner.get("/api/donations").json["meta"]["total"] == 0


def test_json_that_python_reads_but_json_does_not_have_is_a_400(owner: SignedIn) -> None:
    for body in ('{"amount": NaN, "date": "2026-01-01"}', '{"amount": Infinity}', '{"amount": -Infinity}'):
        assert_shape(owner.post("/api/donations", body), 400, INVALID_JSON, {"body": [INVALID_JSON]})
    for body in ("[]", '"text"', "12"):
        assert_shape(owner.post("/api/donations", body), 400, INVALID_JSON, {"body": [NOT_AN_OBJECT]})


def test_a_body_nested_within_the_limit_is_validated_as_usual(owner: SignedIn) -> None:
    nested_30 = json.loads('{"a":' * 30 + "1" + "}" * 30)

    reply = owner.post("/api/donations", {"amount": "1.00", "date": "2026-01-01", "notes": nested_30})

    assert reply.status == 422
    assert reply.json["message"] == INVALID_DATA and list(reply.json["errors"]) == ["notes"]


# ------------------------------------------------------------------ filters=
def _get(who: SignedIn, path: str, filters: str) -> Any:
    return who.get(f"{path}?filters={urllib.parse.quote(filters)}")


def test_deeply_nested_or_malformed_filters_are_a_422_on_filters(client, owner: SignedIn) -> None:
    admin = platform_admin(client)
    lists = [
        (owner, "/api/donors"),
        (owner, "/api/donations"),
        (owner, "/api/donations/totals"),
        (owner, "/api/settings/users"),
        (admin, "/api/charities"),
        (admin, "/api/feedbacks"),
    ]
    cases = [
        ("[" * 100_000, INVALID_JSON),
        ('{"status":' * 100_000, INVALID_JSON),
        (NESTED_40, TOO_DEEP),
        ("{not json", INVALID_JSON),
        ('{"status": NaN}', INVALID_JSON),
        ('["open"]', NOT_AN_OBJECT),
    ]
    for who, path in lists:
        for filters, message in cases:
            reply = _get(who, path, filters)
            assert reply.status == 422, (path, filters[:20], reply)
            assert reply.json == {"message": INVALID_DATA, "errors": {"filters": [message]}}, (
                path,
                filters[:20],
            )


def test_a_list_valued_feedback_status_filter_is_a_422_naming_it(client, owner: SignedIn) -> None:
    # GIVEN one open ticket and a platform admin
    assert (
        owner.post("/api/feedbacks/store", {"title": "Bug", "type": "bug", "description": "x"}).status == 201
    )
    admin = platform_admin(client)
    # WHEN the status filter is a list, an object, a number or an unknown status
    for status in (["open", "closed"], {"a": 1}, 3, "reopened"):
        reply = _get(admin, "/api/feedbacks", json.dumps({"status": status}))
        # THEN 422 on filters.status
        assert reply.status == 422, (status, reply)
        assert reply.json["message"] == INVALID_DATA
        assert list(reply.json["errors"]) == ["filters.status"], status
    # an unknown filter is named too; a good one still filters
    unknown = _get(admin, "/api/feedbacks", '{"colour": "red"}')
    assert unknown.status == 422 and unknown.json["errors"] == {
        "filters.colour": ["This field is not allowed."]
    }
    assert _get(admin, "/api/feedbacks", '{"status": "open"}').json["meta"]["total"] == 1
    assert _get(admin, "/api/feedbacks", '{"status": "closed"}').json["meta"]["total"] == 0


def test_a_charities_status_filter_of_the_wrong_shape_is_a_422_naming_it(client) -> None:
    admin = platform_admin(client)

    for status in (["active"], True, "gone"):
        reply = _get(admin, "/api/charities", json.dumps({"status": status}))
        assert reply.status == 422, (status, reply)
        assert list(reply.json["errors"]) == ["filters.status"]
    assert _get(admin, "/api/charities", '{"status": "active"}').status == 200


# ------------------------------------------------------------------ amounts
REFUSED_AMOUNTS = {
    "1e400": AMOUNT,
    "1e-400": AMOUNT,
    "1e2": AMOUNT,
    "NaN": AMOUNT,
    "Infinity": AMOUNT,
    "-Infinity": AMOUNT,
    "1" * 30: AMOUNT_MAX,
    "1000000.01": AMOUNT_MAX,
    "12.505": AMOUNT,
    "12.5,0": AMOUNT,
    "-0": "The amount cannot be negative.",
    "-5.00": "The amount cannot be negative.",
    "0.00": "The amount must be more than zero.",
}


def test_an_amount_out_of_range_or_in_another_notation_is_a_422_on_amount(owner: SignedIn) -> None:
    for amount, message in [*REFUSED_AMOUNTS.items(), (10**30, AMOUNT_MAX), (12.5, AMOUNT), (True, AMOUNT)]:
        reply = owner.post("/api/donations", {"amount": amount, "date": "2026-01-01"})
        assert_shape(reply, 422, INVALID_DATA, {"amount": [message]})
    # a 30-digit JSON number, written out as such
    raw = owner.post("/api/donations", '{"amount": 123456789012345678901234567890, "date": "2026-01-01"}')
    assert_shape(raw, 422, INVALID_DATA, {"amount": [AMOUNT_MAX]})

    assert owner.get("/api/donations").json["meta"]["total"] == 0


def test_a_refused_amount_leaves_an_edited_donation_as_it_was(owner: SignedIn) -> None:
    donation = make_donation(owner, amount="10.00", date="2026-01-01")

    for amount in ("1e400", "1" * 30, "-0"):
        reply = owner.put(f"/api/donations/{donation['id']}", {**_editable(donation), "amount": amount})
        assert reply.status == 422 and list(reply.json["errors"]) == ["amount"]
    for benefit in ("1e400", "-0", "NaN"):
        reply = owner.put(
            f"/api/donations/{donation['id']}", {**_editable(donation), "benefit_value": benefit}
        )
        assert reply.status == 422 and list(reply.json["errors"]) == ["benefit_value"]

    assert owner.get(f"/api/donations/{donation['id']}").json["amount"] == "10.00"


def test_amounts_in_quick_entry_and_in_list_filters_are_checked_the_same_way(owner: SignedIn) -> None:
    quick = owner.post("/api/donations/quick", {"rows": [{"amount": "1e400", "date": "2026-01-01"}]})
    assert quick.status == 422, quick
    assert any("amount" in field for field in quick.json["errors"]), quick.json

    for amount in ("1e400", "1" * 30, "NaN", "-0"):
        reply = _get(owner, "/api/donations", json.dumps({"amount_min": amount}))
        assert reply.status == 422, (amount, reply)
        assert reply.json["message"] == INVALID_DATA and len(reply.json["errors"]) == 1


def test_plain_amounts_are_stored_to_the_penny(owner: SignedIn) -> None:
    for sent, stored in (
        ("12.5", "12.50"),
        ("12.500", "12.50"),
        (7, "7.00"),
        (" 3.20 ", "3.20"),
        ("1000000", "1000000.00"),
    ):
        reply = owner.post("/api/donations", {"amount": sent, "date": "2026-01-01"})
        assert reply.status == 201, (sent, reply)
        assert owner.get(f"/api/donations/{reply.json['id']}").json["amount"] == stored


def test_amount_messages_are_translated(owner: SignedIn) -> None:
    owner.browser.locale = "es"

    reply = owner.post("/api/donations", {"amount": "1" * 30, "date": "2026-01-01"})

    assert reply.json["errors"] == {"amount": ["El importe puede ser como máximo de £1,000,000.00."]}


def _editable(donation: dict[str, Any]) -> dict[str, Any]:
    fields = ("amount", "date", "payment_method", "version")
    return {name: donation[name] for name in fields}
