"""Funds and the fund ledger through the API: fund CRUD (unique names, the default fund, archive
vs delete, stale edits), transfers (restricted reasons, never below zero, also concurrently),
donation allocations (splits by amount and percentage, the default fund, re-balancing, deletion
and refunds reversing), and the same from another charity (404)."""

from __future__ import annotations

import threading
from typing import Any

import requests

from functions.core import keys
from functions.domain.funds import DEFAULT_FUND_ID
from functions.funds import repository as fund_repository
from functions.funds.models import Fund, FundBalance, FundMonth
from tests.functional.donations_helpers import make_donation
from tests.functional.giftaid_helpers import serialise_moto_writes
from tests.functional.helpers import add_user, sign_up_charity


def make_fund(who: Any, name: str = "Roof Appeal", **fields: Any) -> dict[str, Any]:
    reply = who.post("/api/funds", {"name": name, **fields})
    assert reply.status == 201, reply
    return reply.json


def balance_of(who: Any, fund_id: str) -> str:
    return who.get(f"/api/funds/{fund_id}").json["balance"]


def lines_sum(tenant_id: str, fund_id: str) -> int:
    return sum(int(line.amount) for line in fund_repository.lines_of(tenant_id, fund_id))


def stored_balance(tenant_id: str, fund_id: str) -> int:
    return int(FundBalance.get(*FundBalance.key(tenant_id, fund_id), consistent_read=True).balance)


# ------------------------------------------------------------------ funds
def test_a_new_charity_has_one_default_general_fund_that_cannot_be_deleted_or_archived(owner):
    # GIVEN a newly registered charity
    # WHEN it lists its funds
    funds = owner.get("/api/funds").json["data"]
    # THEN there is exactly the default General fund, unrestricted, with a zero balance
    assert [(f["id"], f["name"], f["fund_class"], f["default"], f["balance"]) for f in funds] == [
        (DEFAULT_FUND_ID, "General", "unrestricted_general", True, "0.00")
    ]
    assert owner.delete(f"/api/funds/{DEFAULT_FUND_ID}").status == 409
    assert owner.post(f"/api/funds/{DEFAULT_FUND_ID}/archive").status == 409
    edit = owner.put(
        f"/api/funds/{DEFAULT_FUND_ID}", {"name": "General", "fund_class": "restricted", "version": 1}
    )
    assert edit.status == 422 and "fund_class" in edit.json["errors"]


def test_an_existing_charity_gets_its_default_fund_on_first_read_once_also_concurrently(owner):
    # GIVEN a charity whose default fund is missing (registered before funds existed)
    Fund(*Fund.key(owner.tenant_id, DEFAULT_FUND_ID)).delete(add_version_condition=False)
    FundBalance(*FundBalance.key(owner.tenant_id, DEFAULT_FUND_ID)).delete()
    fund_repository.FundName(*fund_repository.name_key(owner.tenant_id, "General")).delete()
    # WHEN several requests migrate it at once
    serialise_moto_writes()
    threads = [
        threading.Thread(target=fund_repository.ensure_default_fund, args=(owner.tenant_id,))
        for _ in range(4)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    # THEN there is exactly one default fund, and reading again changes nothing
    funds = owner.get("/api/funds").json["data"]
    assert [f["id"] for f in funds if f["default"]] == [DEFAULT_FUND_ID]
    assert len(owner.get("/api/funds").json["data"]) == 1


def test_fund_create_validates_each_field_and_names_are_unique_ignoring_case(owner):
    fund = make_fund(
        owner,
        "Roof Appeal",
        finance_code="R-100",
        fund_class="restricted",
        description="Mending the church roof",
        goal="5000.00",
        start_date="2026-01-01",
        end_date="2026-12-31",
    )
    assert (fund["fund_class"], fund["restricted"], fund["goal"], fund["finance_code"]) == (
        "restricted",
        True,
        "5000.00",
        "R-100",
    )
    taken = owner.post("/api/funds", {"name": "  roof   APPEAL "})
    assert taken.status == 422 and list(taken.json["errors"]) == ["name"]
    for body, field in (
        ({"name": ""}, "name"),
        ({"name": "x" * 101}, "name"),
        ({"name": "A", "finance_code": "x" * 21}, "finance_code"),
        ({"name": "A", "fund_class": "secret"}, "fund_class"),
        ({"name": "A", "goal": "-1"}, "goal"),
        ({"name": "A", "start_date": "2026-05-01", "end_date": "2026-04-30"}, "end_date"),
        ({"name": "A", "colour": "red"}, "colour"),
    ):
        reply = owner.post("/api/funds", body)
        assert reply.status == 422 and field in reply.json["errors"], (body, reply)


def test_a_stale_edit_is_409_and_a_rename_frees_the_old_name(owner):
    fund = make_fund(owner, "Roof Appeal")
    renamed = owner.put(f"/api/funds/{fund['id']}", {"name": "Roof Fund", "version": fund["version"]})
    assert renamed.status == 200 and renamed.json["name"] == "Roof Fund"
    stale = owner.put(f"/api/funds/{fund['id']}", {"name": "Other", "version": fund["version"]})
    assert stale.status == 409
    assert make_fund(owner, "roof appeal")["name"] == "roof appeal"  # the old name is free again
    clash = owner.put(f"/api/funds/{fund['id']}", {"name": "ROOF APPEAL", "version": renamed.json["version"]})
    assert clash.status == 422 and "name" in clash.json["errors"]


def test_a_fund_without_lines_is_deleted_one_with_lines_only_archived(owner):
    empty = make_fund(owner, "Empty")
    assert owner.delete(f"/api/funds/{empty['id']}").status == 200
    assert owner.get(f"/api/funds/{empty['id']}").status == 404
    used = make_fund(owner, "Used")
    make_donation(owner, allocations=[{"fund_id": used["id"], "amount": "10.00"}])
    refused = owner.delete(f"/api/funds/{used['id']}")
    assert refused.status == 409
    archived = owner.post(f"/api/funds/{used['id']}/archive")
    assert archived.status == 200 and archived.json["archived"] is True
    # archived: gone from the pickers, still listed (reports), and takes no money in
    assert used["id"] not in [f["id"] for f in owner.get("/api/funds/options").json["data"]]
    assert used["id"] in [f["id"] for f in owner.get("/api/funds?status=archived").json["data"]]
    refused_gift = owner.post(
        "/api/donations",
        {"amount": "5.00", "date": "2026-05-01", "allocations": [{"fund_id": used["id"], "amount": "5.00"}]},
    )
    assert refused_gift.status == 422 and "allocations" in refused_gift.json["errors"]
    assert owner.post(f"/api/funds/{used['id']}/restore").json["archived"] is False


def test_the_list_without_a_query_is_every_fund_and_a_status_narrows_it(owner):
    kept, closed = make_fund(owner, "Kept"), make_fund(owner, "Closed")
    assert owner.post(f"/api/funds/{closed['id']}/archive").status == 200

    def listed(query: str) -> set[str]:
        reply = owner.get(f"/api/funds{query}")
        assert reply.status == 200, reply
        return {fund["id"] for fund in reply.json["data"]}

    every = listed("")  # the SPA's list sends no query (a cold first request: issue 18)
    assert {kept["id"], closed["id"], DEFAULT_FUND_ID} <= every and every == listed("?status=all")
    assert kept["id"] in listed("?status=active") and closed["id"] not in listed("?status=active")
    assert listed("?status=archived") == {closed["id"]}
    for query, field in (("?status=closed", "status"), ("?length=20", "length")):
        refused = owner.get(f"/api/funds{query}")
        assert refused.status == 422 and field in refused.json["errors"], (query, refused)


def test_a_class_change_is_refused_once_the_fund_has_lines(owner):
    fund = make_fund(owner, "Designated", fund_class="designated")
    make_donation(owner, allocations=[{"fund_id": fund["id"], "amount": "10.00"}])
    reply = owner.put(
        f"/api/funds/{fund['id']}",
        {"name": "Designated", "fund_class": "restricted", "version": fund["version"]},
    )
    assert reply.status == 422 and list(reply.json["errors"]) == ["fund_class"]


# ------------------------------------------------------------------ transfers
def test_a_transfer_moves_money_in_one_step_with_its_history(owner):
    restricted = make_fund(owner, "Roof Appeal", fund_class="restricted")
    make_donation(owner, amount="100.00", allocations=[{"fund_id": restricted["id"], "amount": "100.00"}])
    body = {
        "from_fund_id": restricted["id"],
        "to_fund_id": DEFAULT_FUND_ID,
        "amount": "30.00",
        "date": "2026-05-02",
        "reason": "release_from_restriction",
        "note": "Trustees' minute 12: roof finished under budget",
    }
    reply = owner.post("/api/funds/transfers", body)
    assert reply.status == 201, reply
    assert (reply.json["from"]["balance"], reply.json["to"]["balance"]) == ("70.00", "30.00")
    ledger = owner.get(f"/api/funds/{restricted['id']}/ledger").json
    assert [(line["kind"], line["amount"], line["reason"]) for line in ledger["data"]] == [
        ("transfer_out", "-30.00", "release_from_restriction"),
        ("allocation", "100.00", "donation_created"),
    ]
    assert ledger["data"][0]["note"] == body["note"] and ledger["data"][0]["other_fund_id"] == DEFAULT_FUND_ID
    # Who moved the money, by name (the page reads the names of its lines' users at once).
    me = owner.get("/api/user").json
    assert ledger["data"][0]["user_id"] == owner.user_id
    assert ledger["data"][0]["user_name"] == me["name"]
    months = FundMonth.get(*FundMonth.key(owner.tenant_id, "2026-05", restricted["id"]), consistent_read=True)
    assert (int(months.allocation), int(months.transfer_out)) == (10000, -3000)


def test_out_of_a_restricted_fund_needs_a_listed_reason_and_a_note_and_never_goes_below_zero(owner):
    restricted = make_fund(owner, "Roof Appeal", fund_class="restricted")
    make_donation(owner, amount="20.00", allocations=[{"fund_id": restricted["id"], "amount": "20.00"}])
    base = {
        "from_fund_id": restricted["id"],
        "to_fund_id": DEFAULT_FUND_ID,
        "amount": "5.00",
        "date": "2026-05-02",
    }
    wrong_reason = owner.post("/api/funds/transfers", {**base, "reason": "reallocation", "note": "x"})
    assert wrong_reason.status == 422 and list(wrong_reason.json["errors"]) == ["reason"]
    no_note = owner.post("/api/funds/transfers", {**base, "reason": "donor_consent"})
    assert no_note.status == 422 and list(no_note.json["errors"]) == ["note"]
    too_much = owner.post(
        "/api/funds/transfers", {**base, "amount": "20.01", "reason": "correction", "note": "typo"}
    )
    assert too_much.status == 409 and "£20.00" in too_much.json["errors"]["amount"][0]
    same = owner.post(
        "/api/funds/transfers", {**base, "to_fund_id": restricted["id"], "reason": "correction"}
    )
    assert same.status == 422 and "to_fund_id" in same.json["errors"]
    # an unrestricted fund may go below zero (it is the charity's own money)
    general = owner.post(
        "/api/funds/transfers",
        {**base, "from_fund_id": DEFAULT_FUND_ID, "to_fund_id": restricted["id"], "reason": "other"},
    )
    assert general.status == 201 and general.json["from"]["balance"] == "-5.00"


def test_a_transfer_out_of_a_restricted_fund_may_carry_its_evidence_file_instead_of_a_note(owner, client):
    # GIVEN a restricted fund with money in it, and the donor's consent letter uploaded as the
    # SPA does (a presigned PUT for that content type and size)
    restricted = make_fund(owner, "Roof Appeal", fund_class="restricted")
    make_donation(owner, amount="50.00", allocations=[{"fund_id": restricted["id"], "amount": "50.00"}])
    assert owner.post("/api/funds/evidence", {"content_type": "text/html", "size": 10}).status == 422
    too_big = owner.post(
        "/api/funds/evidence", {"content_type": "application/pdf", "size": 10 * 1024 * 1024 + 1}
    )
    assert too_big.status == 422 and "size" in too_big.json["errors"]
    upload = owner.post("/api/funds/evidence", {"content_type": "application/pdf", "size": 9})
    assert upload.status == 201, upload
    assert upload.json["key"].startswith(f"fund-evidence/{owner.tenant_id}/")
    base = {
        "from_fund_id": restricted["id"],
        "to_fund_id": DEFAULT_FUND_ID,
        "amount": "10.00",
        "date": "2026-05-02",
        "reason": "donor_consent",
        "evidence_key": upload.json["key"],
    }
    # WHEN the transfer names the file before it has arrived, THEN it is refused on that field
    early = owner.post("/api/funds/transfers", base)
    assert early.status == 422 and list(early.json["errors"]) == ["evidence_key"], early
    sent = requests.put(
        upload.json["upload_url"], data=b"%PDF-1.4\n", headers=upload.json["headers"], timeout=10
    )
    assert sent.status_code == 200
    # WHEN it has arrived, the transfer needs no note
    reply = owner.post("/api/funds/transfers", base)
    assert reply.status == 201, reply
    assert reply.json["transfer"]["evidence"] is True
    # THEN the ledger line links to the file
    line = owner.get(f"/api/funds/{restricted['id']}/ledger").json["data"][0]
    assert line["kind"] == "transfer_out" and line["evidence_url"]
    assert requests.get(line["evidence_url"], timeout=10).content == b"%PDF-1.4\n"
    # AND a key of another charity, or outside the evidence folder, is refused
    other = sign_up_charity(client, "Other Trust")
    theirs = other.post("/api/funds/evidence", {"content_type": "application/pdf", "size": 9}).json["key"]
    for key in (theirs, f"declarations/{owner.tenant_id}/x.pdf"):
        refused = owner.post("/api/funds/transfers", {**base, "evidence_key": key})
        assert refused.status == 422 and list(refused.json["errors"]) == ["evidence_key"]


def test_concurrent_transfers_never_overdraw_a_restricted_fund(owner):
    from functions.core.access import Principal
    from functions.core.errors import AlmonerError
    from functions.donors.transaction import TransactionFailed
    from functions.funds import service
    from functions.funds.schemas import TransferBody

    restricted = make_fund(owner, "Roof Appeal", fund_class="restricted")
    make_donation(owner, amount="50.00", allocations=[{"fund_id": restricted["id"], "amount": "50.00"}])
    from functions.core.counters import TenantCounters
    from functions.core.identity import User

    user = User.get(keys.tenant_pk(owner.tenant_id), keys.user_sk(owner.user_id))
    who = Principal(user=user, session=None, counters=TenantCounters.empty(owner.tenant_id))
    body = TransferBody(
        from_fund_id=restricted["id"],
        to_fund_id=DEFAULT_FUND_ID,
        amount="10.00",
        date="2026-05-02",
        reason="correction",
        note="split wrongly",
    )
    outcomes: list[str] = []
    serialise_moto_writes()

    def move() -> None:
        for _ in range(3):
            try:
                service.transfer(who, body)
                outcomes.append("done")
                return
            except AlmonerError as error:  # a refusal, or a race lost to another transaction
                if error.message_key == "funds.overdrawn":
                    outcomes.append("refused")
                    return
            except TransactionFailed:
                continue
        outcomes.append("gave up")

    threads = [threading.Thread(target=move) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    balance = stored_balance(owner.tenant_id, restricted["id"])
    assert balance >= 0
    assert balance == lines_sum(owner.tenant_id, restricted["id"])
    assert balance == 5000 - 1000 * outcomes.count("done")
    assert outcomes.count("done") <= 5


# ------------------------------------------------------------------ allocations
def test_no_fund_given_goes_to_the_default_fund_flagged_defaulted(owner):
    donation = make_donation(owner, amount="12.34")
    assert donation["allocations"] == [{"fund_id": DEFAULT_FUND_ID, "amount": "12.34"}]
    assert donation["allocation_defaulted"] is True
    chosen = make_donation(owner, amount="5.00", allocations=[{"fund_id": DEFAULT_FUND_ID, "amount": "5.00"}])
    assert chosen["allocation_defaulted"] is False
    listed = owner.get('/api/donations?filters={"allocation":"defaulted"}').json["data"]
    assert [row["id"] for row in listed] == [donation["id"]]
    assert balance_of(owner, DEFAULT_FUND_ID) == "17.34"


def test_a_split_by_amounts_or_percentages_with_the_remainder_on_the_first_line(owner):
    roof, bells = make_fund(owner, "Roof"), make_fund(owner, "Bells")
    by_amount = make_donation(
        owner,
        amount="10.00",
        allocations=[{"fund_id": roof["id"], "amount": "7.50"}, {"fund_id": bells["id"], "amount": "2.50"}],
    )
    assert [line["amount"] for line in by_amount["allocations"]] == ["7.50", "2.50"]
    by_percent = make_donation(
        owner,
        amount="10.00",
        allocations=[
            {"fund_id": roof["id"], "percent": "33.3333"},
            {"fund_id": bells["id"], "percent": "33.3333"},
            {"fund_id": DEFAULT_FUND_ID, "percent": "33.3334"},
        ],
    )
    assert [line["amount"] for line in by_percent["allocations"]] == ["3.34", "3.33", "3.33"]
    assert (balance_of(owner, roof["id"]), balance_of(owner, bells["id"])) == ("10.84", "5.83")
    for allocations in (
        [{"fund_id": roof["id"], "amount": "7.00"}, {"fund_id": bells["id"], "amount": "2.50"}],
        [{"fund_id": roof["id"], "percent": "50"}, {"fund_id": bells["id"], "percent": "40"}],
        [{"fund_id": roof["id"], "percent": "50"}, {"fund_id": bells["id"], "amount": "5.00"}],
        [{"fund_id": roof["id"], "amount": "5.00"}, {"fund_id": roof["id"], "amount": "5.00"}],
    ):
        reply = owner.post(
            "/api/donations", {"amount": "10.00", "date": "2026-05-01", "allocations": allocations}
        )
        assert reply.status == 422 and list(reply.json["errors"]) == ["allocations"], reply
    unknown = owner.post(
        "/api/donations",
        {"amount": "1.00", "date": "2026-05-01", "allocations": [{"fund_id": "0" * 26, "amount": "1.00"}]},
    )
    assert unknown.status == 422 and list(unknown.json["errors"]) == ["allocations"]


def test_a_new_amount_rebalances_a_split_only_when_confirmed(owner):
    roof = make_fund(owner, "Roof")
    donation = make_donation(
        owner,
        amount="10.00",
        allocations=[
            {"fund_id": roof["id"], "amount": "6.00"},
            {"fund_id": DEFAULT_FUND_ID, "amount": "4.00"},
        ],
    )
    edit = {"amount": "20.00", "date": "2026-05-01", "payment_method": "cash", "version": donation["version"]}
    refused = owner.put(f"/api/donations/{donation['id']}", edit)
    assert refused.status == 422 and list(refused.json["errors"]) == ["rebalance"]
    done = owner.put(f"/api/donations/{donation['id']}", {**edit, "rebalance": True})
    assert done.status == 200, done
    assert [line["amount"] for line in done.json["allocations"]] == ["12.00", "8.00"]
    assert (balance_of(owner, roof["id"]), balance_of(owner, DEFAULT_FUND_ID)) == ("12.00", "8.00")
    # a new split sent with the edit needs no confirmation
    moved = owner.put(
        f"/api/donations/{donation['id']}",
        {
            **edit,
            "version": done.json["version"],
            "allocations": [{"fund_id": roof["id"], "amount": "20.00"}],
        },
    )
    assert moved.status == 200 and (balance_of(owner, roof["id"]), balance_of(owner, DEFAULT_FUND_ID)) == (
        "20.00",
        "0.00",
    )
    for fund_id in (roof["id"], DEFAULT_FUND_ID):
        assert stored_balance(owner.tenant_id, fund_id) == lines_sum(owner.tenant_id, fund_id)


def test_deleting_or_refunding_a_donation_reverses_its_lines(owner):
    roof = make_fund(owner, "Roof", fund_class="restricted")
    kept = make_donation(owner, amount="8.00", allocations=[{"fund_id": roof["id"], "amount": "8.00"}])
    gone = make_donation(owner, amount="2.00", allocations=[{"fund_id": roof["id"], "amount": "2.00"}])
    assert owner.delete(f"/api/donations/{gone['id']}").status == 200
    assert balance_of(owner, roof["id"]) == "8.00"
    refund = owner.put(
        f"/api/donations/{kept['id']}",
        {
            "amount": "8.00",
            "date": "2026-05-01",
            "payment_method": "cash",
            "status": "refunded",
            "refunded_at": "2026-05-03",
            "version": kept["version"],
        },
    )
    assert refund.status == 200, refund
    assert balance_of(owner, roof["id"]) == "0.00"
    kinds = [line["kind"] for line in owner.get(f"/api/funds/{roof['id']}/ledger").json["data"]]
    assert sorted(kinds) == ["allocation", "allocation", "allocation", "refund_reversal"]
    assert stored_balance(owner.tenant_id, roof["id"]) == lines_sum(owner.tenant_id, roof["id"]) == 0


def test_deleting_a_donation_whose_restricted_money_was_moved_on_is_refused(owner):
    roof = make_fund(owner, "Roof", fund_class="restricted")
    donation = make_donation(owner, amount="10.00", allocations=[{"fund_id": roof["id"], "amount": "10.00"}])
    owner.post(
        "/api/funds/transfers",
        {
            "from_fund_id": roof["id"],
            "to_fund_id": DEFAULT_FUND_ID,
            "amount": "10.00",
            "date": "2026-05-02",
            "reason": "release_from_restriction",
            "note": "done",
        },
    )
    reply = owner.delete(f"/api/donations/{donation['id']}")
    assert reply.status == 409 and "£0.00" in reply.json["errors"]["allocations"][0]
    assert owner.get(f"/api/donations/{donation['id']}").status == 200


def test_quick_donations_take_a_split_and_check_their_funds(owner):
    roof = make_fund(owner, "Roof")
    rows = [
        {"amount": "4.00", "date": "2026-05-01", "allocations": [{"fund_id": roof["id"], "amount": "4.00"}]},
        {"amount": "6.00", "date": "2026-05-01"},
    ]
    saved = owner.post("/api/donations/quick", {"rows": rows})
    assert saved.status == 201, saved
    assert (balance_of(owner, roof["id"]), balance_of(owner, DEFAULT_FUND_ID)) == ("4.00", "6.00")
    bad = owner.post(
        "/api/donations/quick",
        {
            "rows": [
                {
                    "amount": "1.00",
                    "date": "2026-05-01",
                    "allocations": [{"fund_id": "nope", "amount": "1.00"}],
                }
            ]
        },
    )
    assert bad.status == 422 and "rows.0.allocations" in bad.json["errors"]


# ------------------------------------------------------------------ tenancy, permissions, audit
def test_another_charitys_fund_is_404_everywhere(client):
    a = sign_up_charity(client, "Alpha Trust")
    b = sign_up_charity(client, "Beta Trust")
    theirs = make_fund(b, "Beta Roof", fund_class="restricted")
    make_donation(b, amount="10.00", allocations=[{"fund_id": theirs["id"], "amount": "10.00"}])
    for method, path, body in (
        ("GET", f"/api/funds/{theirs['id']}", None),
        ("PUT", f"/api/funds/{theirs['id']}", {"name": "x", "version": 1}),
        ("DELETE", f"/api/funds/{theirs['id']}", None),
        ("POST", f"/api/funds/{theirs['id']}/archive", None),
        ("POST", f"/api/funds/{theirs['id']}/restore", None),
        ("GET", f"/api/funds/{theirs['id']}/ledger", None),
        (
            "POST",
            "/api/funds/transfers",
            {
                "from_fund_id": theirs["id"],
                "to_fund_id": DEFAULT_FUND_ID,
                "amount": "1.00",
                "date": "2026-05-01",
                "reason": "correction",
                "note": "x",
            },
        ),
    ):
        reply = a.browser.request(method, path, body)
        assert reply.status == 404, (method, path, reply)
        assert "Beta" not in str(reply.json)
    into_theirs = a.post(
        "/api/funds/transfers",
        {
            "from_fund_id": DEFAULT_FUND_ID,
            "to_fund_id": theirs["id"],
            "amount": "1.00",
            "date": "2026-05-01",
            "reason": "other",
        },
    )
    assert into_theirs.status == 422 and "to_fund_id" in into_theirs.json["errors"]
    gift = a.post(
        "/api/donations",
        {
            "amount": "1.00",
            "date": "2026-05-01",
            "allocations": [{"fund_id": theirs["id"], "amount": "1.00"}],
        },
    )
    assert gift.status == 422 and "allocations" in gift.json["errors"]
    assert "Beta Roof" not in str(a.get("/api/funds").json)
    assert b.get(f"/api/funds/{theirs['id']}").json["balance"] == "10.00"


def test_fund_routes_need_their_permission_and_changes_are_audited(client, owner):
    staff = add_user(client, owner.tenant_id, "staff")
    assert staff.get("/api/funds").status == 403
    assert staff.post("/api/funds", {"name": "Sneaky"}).status == 403
    assert staff.get("/api/funds/options").status == 200  # the donation form's picker
    fund = make_fund(owner, "Roof")
    owner.post(f"/api/funds/{fund['id']}/archive")
    owner.delete(f"/api/funds/{make_fund(owner, 'Tmp')['id']}")
    from functions.core import audit

    actions = {event.action for event in audit.recent(owner.tenant_id)}
    assert {"fund.created", "fund.archived", "fund.deleted"} <= actions
    assert keys.fund_sk(fund["id"]).startswith("FUND#")


def test_a_donation_split_three_ways_is_still_one_transaction(owner, monkeypatch):
    from functions.donors.transaction import Transaction

    roof, bells = make_fund(owner, "Roof"), make_fund(owner, "Bells")
    commits: list[int] = []
    original = Transaction.commit

    def counting(self: Transaction) -> None:
        commits.append(len(self))
        original(self)

    monkeypatch.setattr(Transaction, "commit", counting)
    # WHEN a donation is recorded split across three funds
    make_donation(
        owner,
        amount="30.00",
        allocations=[
            {"fund_id": roof["id"], "percent": "50"},
            {"fund_id": bells["id"], "percent": "25"},
            {"fund_id": DEFAULT_FUND_ID, "percent": "25"},
        ],
    )
    # THEN the donation, its totals and its nine ledger items are one TransactWriteItems
    assert len(commits) == 1
    without_split = commits[0] - 9
    make_donation(owner, amount="30.00", date="2026-05-01")
    assert commits[1] == without_split + 3  # one fund: line, balance, month
    print(f"donation_write_3_way_split: {commits[0]} items in 1 transaction ({without_split} without funds)")


def test_the_edit_form_sending_the_stored_split_back_is_no_new_split(owner):
    roof = make_fund(owner, "Roof")
    single = make_donation(owner, amount="10.00", allocations=[{"fund_id": roof["id"], "amount": "10.00"}])
    split = make_donation(
        owner,
        amount="10.00",
        allocations=[
            {"fund_id": roof["id"], "amount": "6.00"},
            {"fund_id": DEFAULT_FUND_ID, "amount": "4.00"},
        ],
    )
    form = {"date": "2026-05-01", "payment_method": "cash", "amount": "15.00"}
    # one fund follows the new amount
    moved = owner.put(
        f"/api/donations/{single['id']}",
        {**form, "allocations": single["allocations"], "version": single["version"]},
    )
    assert moved.status == 200 and moved.json["allocations"] == [{"fund_id": roof["id"], "amount": "15.00"}]
    # several funds: the stored split sent back still needs the user's confirmation
    asked = owner.put(
        f"/api/donations/{split['id']}",
        {**form, "allocations": split["allocations"], "version": split["version"]},
    )
    assert asked.status == 422 and list(asked.json["errors"]) == ["rebalance"]
    # a new split that does not add up names `allocations`
    wrong = owner.put(
        f"/api/donations/{split['id']}",
        {**form, "allocations": [{"fund_id": roof["id"], "amount": "10.00"}], "version": split["version"]},
    )
    assert wrong.status == 422 and list(wrong.json["errors"]) == ["allocations"]
