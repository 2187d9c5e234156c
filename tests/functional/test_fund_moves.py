"""Moving all or part of a donation to another fund or project (issue 15 §4): the donation's
split and both ledger lines change together, with the same rules as a transfer (a listed reason
and a note or file out of a restricted fund, never below zero), and the balances still equal
their lines afterwards."""

from __future__ import annotations

from typing import Any

from functions.domain.funds import DEFAULT_FUND_ID
from tests.functional.donations_helpers import make_donation
from tests.functional.helpers import add_user, sign_up_charity
from tests.functional.test_funds import balance_of, lines_sum, make_fund, stored_balance
from tests.functional.test_projects import assert_totals_match_lines, make_project


def move(who: Any, **fields: Any) -> Any:
    body = {
        "amount": "30.00",
        "date": "2026-06-01",
        "reason": "donor_consent",
        "note": "Donor asked",
        **fields,
    }
    return who.post("/api/funds/moves", body)


def test_part_of_a_donation_moves_out_of_a_restricted_fund_with_its_history(owner):
    # GIVEN a £100 donation given wholly to a restricted fund
    roof = make_fund(owner, "Roof Appeal", fund_class="restricted")
    donation = make_donation(
        owner, amount="100.00", allocations=[{"fund_id": roof["id"], "amount": "100.00"}]
    )
    # WHEN £30 of it is moved to General with the donor's consent
    reply = move(owner, donation_id=donation["id"], from_fund_id=roof["id"], to_fund_id=DEFAULT_FUND_ID)
    # THEN the donation's split, both balances and both ledgers say so
    assert reply.status == 201, reply
    assert (reply.json["from"]["balance"], reply.json["to"]["balance"]) == ("70.00", "30.00")
    shown = owner.get(f"/api/donations/{donation['id']}").json
    assert shown["fund_names"] == {roof["id"]: "Roof Appeal", DEFAULT_FUND_ID: "General"}
    assert sorted((line["fund_id"], line["amount"]) for line in shown["allocations"]) == sorted(
        [(roof["id"], "70.00"), (DEFAULT_FUND_ID, "30.00")]
    )
    out = owner.get(f"/api/funds/{roof['id']}/ledger").json["data"][0]
    assert (out["kind"], out["amount"], out["source_type"], out["source_id"], out["reason"]) == (
        "transfer_out",
        "-30.00",
        "donation",
        donation["id"],
        "donor_consent",
    )
    into = owner.get(f"/api/funds/{DEFAULT_FUND_ID}/ledger").json["data"][0]
    assert (into["kind"], into["amount"], into["other_fund_id"]) == ("transfer_in", "30.00", roof["id"])
    # AND a later edit of the donation takes back what each fund now holds: nothing goes astray
    edited = owner.put(
        f"/api/donations/{donation['id']}",
        {**_editable(shown), "amount": "50.00", "rebalance": True},
    )
    assert edited.status == 200, edited
    for fund_id in (roof["id"], DEFAULT_FUND_ID):
        assert stored_balance(owner.tenant_id, fund_id) == lines_sum(owner.tenant_id, fund_id)
    assert (
        stored_balance(owner.tenant_id, roof["id"]) + stored_balance(owner.tenant_id, DEFAULT_FUND_ID) == 5000
    )


def _editable(donation: dict[str, Any]) -> dict[str, Any]:
    fields = ("amount", "date", "payment_method", "version")
    body = {name: donation[name] for name in fields if name in donation}
    body["allocations"] = [
        {"fund_id": line["fund_id"], "amount": line["amount"]} for line in donation["allocations"]
    ]
    return body


def test_a_move_is_refused_naming_the_field_and_changes_nothing(owner, client):
    roof = make_fund(owner, "Roof Appeal", fund_class="restricted")
    other = make_fund(owner, "Minibus")
    donation = make_donation(owner, amount="40.00", allocations=[{"fund_id": roof["id"], "amount": "40.00"}])
    base = {"donation_id": donation["id"], "from_fund_id": roof["id"], "to_fund_id": other["id"]}
    cases = [
        ({"amount": "40.01"}, "amount", "£40.00"),
        ({"from_fund_id": other["id"], "to_fund_id": DEFAULT_FUND_ID}, "from_fund_id", None),
        ({"reason": "reallocation"}, "reason", None),
        ({"note": "  "}, "note", None),
        ({"to_fund_id": roof["id"]}, "to_fund_id", None),
        ({"to_fund_id": "no-such-fund"}, "to_fund_id", None),
        ({"donation_id": "no-such-donation"}, "donation_id", None),
        ({"amount": "0"}, "amount", None),
        ({"date": "2999-01-01"}, "date", None),
    ]
    for change, field, text in cases:
        reply = move(owner, **{**base, **change})
        assert reply.status == 422, (change, reply)
        assert list(reply.json["errors"]) == [field], (change, reply.json)
        if text:
            assert text in reply.json["errors"][field][0]
    assert (balance_of(owner, roof["id"]), balance_of(owner, other["id"])) == ("40.00", "0.00")
    # another charity's donation is not there for them, and staff may not move money
    stranger = sign_up_charity(client, "Other Trust")
    theirs = move(stranger, **base, amount="1.00")
    assert theirs.status == 422 and list(theirs.json["errors"]) == ["donation_id"]
    staff = add_user(client, owner.tenant_id, "staff")
    assert move(staff, **base).status == 403
    # a refunded donation's money has gone back already
    refunded = make_donation(
        owner,
        amount="10.00",
        status="refunded",
        refunded_at="2026-05-02",
        allocations=[{"fund_id": roof["id"], "amount": "10.00"}],
    )
    gone = move(owner, **{**base, "donation_id": refunded["id"], "amount": "1.00"})
    assert gone.status == 422 and list(gone.json["errors"]) == ["donation_id"]


def test_a_move_out_of_a_restricted_fund_never_takes_it_below_zero(owner):
    # GIVEN a restricted fund whose money was partly transferred out already
    roof = make_fund(owner, "Roof Appeal", fund_class="restricted")
    donation = make_donation(owner, amount="50.00", allocations=[{"fund_id": roof["id"], "amount": "50.00"}])
    spent = owner.post(
        "/api/funds/transfers",
        {
            "from_fund_id": roof["id"],
            "to_fund_id": DEFAULT_FUND_ID,
            "amount": "45.00",
            "date": "2026-05-02",
            "reason": "release_from_restriction",
            "note": "Roof paid",
        },
    )
    assert spent.status == 201
    # WHEN £30 of the donation is moved out of it
    reply = move(owner, donation_id=donation["id"], from_fund_id=roof["id"], to_fund_id=DEFAULT_FUND_ID)
    # THEN it is refused with what the fund has, and the donation keeps its split
    assert reply.status == 409 and "£5.00" in reply.json["errors"]["amount"][0]
    shown = owner.get(f"/api/donations/{donation['id']}").json
    assert [(line["fund_id"], line["amount"]) for line in shown["allocations"]] == [(roof["id"], "50.00")]


def test_money_moves_into_a_project_of_the_target_fund_only(owner):
    roof = make_fund(owner, "Roof Appeal", fund_class="restricted")
    other = make_fund(owner, "Minibus")
    project = make_project(owner, roof["id"], "New Roof")
    elsewhere = make_project(owner, other["id"], "Minibus Seats")
    donation = make_donation(owner, amount="60.00", allocations=[{"fund_id": roof["id"], "amount": "60.00"}])
    base = {"donation_id": donation["id"], "from_fund_id": roof["id"], "to_fund_id": roof["id"]}
    wrong = move(owner, **base, to_project_id=elsewhere["id"])
    assert wrong.status == 422 and list(wrong.json["errors"]) == ["to_project_id"]
    # within the same fund, into its project: no restriction is released, the project raises it
    reply = move(owner, **base, to_project_id=project["id"], amount="25.00", reason="correction")
    assert reply.status == 201, reply
    assert balance_of(owner, roof["id"]) == "60.00"
    assert owner.get(f"/api/projects/{project['id']}").json["raised"] == "25.00"
    assert_totals_match_lines(owner, project["id"])
    # and back out of it
    back = move(
        owner,
        donation_id=donation["id"],
        from_fund_id=roof["id"],
        from_project_id=project["id"],
        to_fund_id=roof["id"],
        amount="25.00",
        reason="correction",
    )
    assert back.status == 201, back
    assert owner.get(f"/api/projects/{project['id']}").json["raised"] == "0.00"
    assert_totals_match_lines(owner, project["id"])
