"""Expenses and expense types through the API: types (unique names, a used type only archived,
stale edits), expenses (validation naming the field, fund or project, draft → approved → paid
with who and when, approval moving the fund's and the project's money in one transaction, an
overdraw of a restricted fund refused with its available balance, also concurrently, void
giving the money back), the list's filters, cursor and totals, receipts, another charity's ids
(404) and permissions (403)."""

from __future__ import annotations

import json
import threading
from typing import Any
from urllib.parse import urlencode

from functions.core import ids, keys
from functions.domain.funds import DEFAULT_FUND_ID
from functions.funds import repository as fund_repository
from functions.funds.models import FundBalance, ProjectTotals, ProjectTypeTotal
from functions.projects.models import Project
from tests.functional.donations_helpers import make_donation
from tests.functional.giftaid_helpers import serialise_moto_writes
from tests.functional.helpers import add_user, sign_up_charity


def make_fund(who: Any, name: str = "Roof Appeal", **fields: Any) -> dict[str, Any]:
    reply = who.post("/api/funds", {"name": name, **fields})
    assert reply.status == 201, reply
    return reply.json


def funded(who: Any, name: str, amount: str, fund_class: str = "restricted") -> dict[str, Any]:
    fund = make_fund(who, name, fund_class=fund_class)
    make_donation(who, amount=amount, allocations=[{"fund_id": fund["id"], "amount": amount}])
    return fund


def make_type(who: Any, name: str = "Equipment", **fields: Any) -> dict[str, Any]:
    reply = who.post("/api/expense-types", {"name": name, **fields})
    assert reply.status == 201, reply
    return reply.json


def make_project(tenant_id: str, fund_id: str, name: str = "New Roof", archived: bool = False) -> str:
    """A project as the projects area stores it (the project and its totals item)."""
    project_id = ids.new_id()
    Project(
        *Project.key(tenant_id, project_id),
        project_id=project_id,
        tenant_id=tenant_id,
        name=name,
        fund_id=fund_id,
        status="archived" if archived else "active",
    ).save()
    ProjectTotals(
        *ProjectTotals.key(tenant_id, project_id), project_id=project_id, fund_id=fund_id, archived=archived
    ).save()
    return project_id


def expense_body(type_id: str, fund_id: str | None = None, **fields: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "date": "2026-05-03",
        "amount": "12.50",
        "expense_type_id": type_id,
        "payee": "Hire Co",
        "description": "Scaffolding",
        **fields,
    }
    if fund_id is not None:
        body["fund_id"] = fund_id
    return body


def record(who: Any, type_id: str, fund_id: str | None = None, **fields: Any) -> dict[str, Any]:
    reply = who.post("/api/expenses", expense_body(type_id, fund_id, **fields))
    assert reply.status == 201, reply
    return reply.json


def approve(who: Any, expense: dict[str, Any]) -> Any:
    return who.post(f"/api/expenses/{expense['id']}/approve", {"version": expense["version"]})


def balance_of(who: Any, fund_id: str) -> str:
    return who.get(f"/api/funds/{fund_id}").json["balance"]


def stored_balance(tenant_id: str, fund_id: str) -> int:
    return int(FundBalance.get(*FundBalance.key(tenant_id, fund_id), consistent_read=True).balance)


def lines_sum(tenant_id: str, fund_id: str) -> int:
    return sum(int(line.amount) for line in fund_repository.lines_of(tenant_id, fund_id))


# ------------------------------------------------------------------ expense types
def test_expense_types_validate_each_field_and_names_are_unique_ignoring_case(owner):
    made = make_type(owner, "Venue hire", description="Halls and rooms")
    assert (made["name"], made["description"], made["archived"], made["in_use"]) == (
        "Venue hire",
        "Halls and rooms",
        False,
        0,
    )
    taken = owner.post("/api/expense-types", {"name": "  VENUE   hire "})
    assert taken.status == 422 and list(taken.json["errors"]) == ["name"]
    for body, field in (
        ({"name": ""}, "name"),
        ({"name": "x" * 61}, "name"),
        ({"name": "A", "description": "x" * 501}, "description"),
        ({"name": "A", "colour": "red"}, "colour"),
    ):
        reply = owner.post("/api/expense-types", body)
        assert reply.status == 422 and field in reply.json["errors"], (body, reply)
    listed = owner.get("/api/expense-types").json["data"]
    assert [row["name"] for row in listed] == ["Venue hire"]


def test_a_stale_type_edit_is_409_and_a_rename_frees_the_old_name(owner):
    made = make_type(owner, "Travel")
    renamed = owner.put(f"/api/expense-types/{made['id']}", {"name": "Journeys", "version": made["version"]})
    assert renamed.status == 200 and renamed.json["name"] == "Journeys"
    stale = owner.put(f"/api/expense-types/{made['id']}", {"name": "Other", "version": made["version"]})
    assert stale.status == 409
    assert make_type(owner, "travel")["name"] == "travel"
    clash = owner.put(
        f"/api/expense-types/{made['id']}", {"name": "TRAVEL", "version": renamed.json["version"]}
    )
    assert clash.status == 422 and "name" in clash.json["errors"]


def test_a_used_type_can_only_be_archived_and_an_archived_type_leaves_the_pickers(owner):
    used, unused = make_type(owner, "Printing"), make_type(owner, "Spare")
    record(owner, used["id"], DEFAULT_FUND_ID)
    assert owner.get("/api/expense-types").json["data"][0]["in_use"] == 1
    refused = owner.delete(f"/api/expense-types/{used['id']}")
    assert refused.status == 409 and "archive" in refused.json["message"]
    assert owner.post(f"/api/expense-types/{used['id']}/archive").json["archived"] is True
    options = owner.get("/api/expense-types/options").json["data"]
    assert [row["name"] for row in options] == ["Spare"]
    not_offered = owner.post("/api/expenses", expense_body(used["id"], DEFAULT_FUND_ID))
    assert not_offered.status == 422 and list(not_offered.json["errors"]) == ["expense_type_id"]
    assert owner.post(f"/api/expense-types/{used['id']}/restore").json["archived"] is False
    deleted = owner.delete(f"/api/expense-types/{unused['id']}")
    assert deleted.status == 200
    assert [row["name"] for row in owner.get("/api/expense-types").json["data"]] == ["Printing"]
    assert make_type(owner, "spare")["name"] == "spare"  # its name is free again


def test_deleting_a_type_that_an_expense_took_meanwhile_is_refused(owner, monkeypatch):
    from functions.expenses import repository, service

    made = make_type(owner, "Printing")
    stale_read = repository.get_type(owner.tenant_id, made["id"])  # read before the expense
    record(owner, made["id"], DEFAULT_FUND_ID)
    monkeypatch.setattr(service.repository, "get_type", lambda *_: stale_read)
    refused = owner.delete(f"/api/expense-types/{made['id']}")
    assert refused.status == 409
    monkeypatch.undo()
    assert owner.get("/api/expense-types").json["data"][0]["in_use"] == 1


# ------------------------------------------------------------------ recording
def test_an_expense_validates_each_field_naming_it(owner):
    kind = make_type(owner)
    fund = funded(owner, "Roof Appeal", "50.00")
    archived_fund = make_fund(owner, "Old Appeal")
    owner.post(f"/api/funds/{archived_fund['id']}/archive")
    other = make_fund(owner, "Bells")
    project = make_project(owner.tenant_id, fund["id"])
    closed = make_project(owner.tenant_id, fund["id"], "Old Project", archived=True)
    for body, field in (
        (expense_body(kind["id"], fund["id"], amount="0"), "amount"),
        (expense_body(kind["id"], fund["id"], amount="-3"), "amount"),
        (expense_body(kind["id"], fund["id"], amount="1.234"), "amount"),
        (expense_body(kind["id"], fund["id"], date="2999-01-01"), "date"),
        (expense_body(kind["id"], fund["id"], date="2026-02-30"), "date"),
        (expense_body(kind["id"], fund["id"], payee="x" * 101), "payee"),
        (expense_body(kind["id"], fund["id"], description="x" * 501), "description"),
        (expense_body("nope", fund["id"]), "expense_type_id"),
        (expense_body(kind["id"]), "fund_id"),
        (expense_body(kind["id"], "nope"), "fund_id"),
        (expense_body(kind["id"], archived_fund["id"]), "fund_id"),
        (expense_body(kind["id"], other["id"], project_id=project), "fund_id"),
        (expense_body(kind["id"], project_id="nope"), "project_id"),
        (expense_body(kind["id"], project_id=closed), "project_id"),
        (expense_body(kind["id"], fund["id"], receipt_key="declarations/x/y.pdf"), "receipt_key"),
        (expense_body(kind["id"], fund["id"], status="paid"), "status"),
    ):
        reply = owner.post("/api/expenses", body)
        assert reply.status == 422 and list(reply.json["errors"]) == [field], (body, reply)
    # a project alone gives its fund; the project's own fund given too is fine
    via_project = record(owner, kind["id"], project_id=project)
    assert (via_project["fund_id"], via_project["project_id"], via_project["status"]) == (
        fund["id"],
        project,
        "draft",
    )
    assert record(owner, kind["id"], fund["id"], project_id=project)["fund_id"] == fund["id"]
    assert balance_of(owner, fund["id"]) == "50.00"  # a draft moves no money


def test_a_draft_is_edited_with_its_version_and_deleted_an_approved_one_is_not(owner):
    kind, other_kind = make_type(owner, "Travel"), make_type(owner, "Venue hire")
    draft = record(owner, kind["id"], DEFAULT_FUND_ID)
    edited = owner.put(
        f"/api/expenses/{draft['id']}",
        {**expense_body(other_kind["id"], DEFAULT_FUND_ID, amount="20.00"), "version": draft["version"]},
    )
    assert edited.status == 200 and (edited.json["amount"], edited.json["expense_type_id"]) == (
        "20.00",
        other_kind["id"],
    )
    types = {row["name"]: row["in_use"] for row in owner.get("/api/expense-types").json["data"]}
    assert types == {"Travel": 0, "Venue hire": 1}
    stale = owner.put(
        f"/api/expenses/{draft['id']}",
        {**expense_body(kind["id"], DEFAULT_FUND_ID), "version": draft["version"]},
    )
    assert stale.status == 409
    assert approve(owner, edited.json).status == 200
    again = owner.put(
        f"/api/expenses/{draft['id']}",
        {**expense_body(kind["id"], DEFAULT_FUND_ID), "version": edited.json["version"] + 1},
    )
    assert again.status == 409 and "approved" in again.json["message"]
    assert owner.delete(f"/api/expenses/{draft['id']}").status == 409
    gone = record(owner, kind["id"], DEFAULT_FUND_ID)
    assert owner.delete(f"/api/expenses/{gone['id']}").status == 200
    assert owner.get(f"/api/expenses/{gone['id']}").status == 404
    types = {row["name"]: row["in_use"] for row in owner.get("/api/expense-types").json["data"]}
    assert types == {"Travel": 0, "Venue hire": 1}


# ------------------------------------------------------------------ approval moves the money
def test_approval_moves_the_fund_balance_and_payment_records_who_and_when(owner):
    kind = make_type(owner)
    fund = funded(owner, "Roof Appeal", "50.00")
    draft = record(owner, kind["id"], fund["id"], amount="12.50")
    stale = owner.post(f"/api/expenses/{draft['id']}/approve", {"version": draft["version"] + 1})
    assert stale.status == 409 and balance_of(owner, fund["id"]) == "50.00"
    early = owner.post(f"/api/expenses/{draft['id']}/pay", {"version": draft["version"]})
    assert early.status == 409
    approved = approve(owner, draft)
    assert approved.status == 200
    assert (approved.json["status"], approved.json["approved_by_name"]) == ("approved", "Olive Owner")
    assert approved.json["approved_at"]
    assert balance_of(owner, fund["id"]) == "37.50"
    lines = fund_repository.lines_of(owner.tenant_id, fund["id"])
    line = next(line for line in lines if line.kind == "expense")
    assert (int(line.amount), line.line_date, line.source_type, line.source_id, line.expense_type_id) == (
        -1250,
        "2026-05-03",
        "expense",
        draft["id"],
        kind["id"],
    )
    twice = approve(owner, approved.json)
    assert twice.status == 409 and balance_of(owner, fund["id"]) == "37.50"
    paid = owner.post(f"/api/expenses/{draft['id']}/pay", {"version": approved.json["version"]})
    assert paid.status == 200
    assert (paid.json["status"], paid.json["paid_by_name"]) == ("paid", "Olive Owner") and paid.json[
        "paid_at"
    ]
    assert balance_of(owner, fund["id"]) == "37.50"  # paying moves no money


def test_a_project_expense_moves_the_projects_totals_and_its_type_total(owner):
    kind = make_type(owner, "Equipment")
    fund = funded(owner, "Roof Appeal", "80.00")
    project = make_project(owner.tenant_id, fund["id"])
    draft = record(owner, kind["id"], project_id=project, amount="30.00")
    assert approve(owner, draft).status == 200
    totals = ProjectTotals.get(*ProjectTotals.key(owner.tenant_id, project), consistent_read=True)
    by_type = ProjectTypeTotal.get(*ProjectTypeTotal.key(owner.tenant_id, project, kind["id"]))
    assert (int(totals.expense), int(totals.lines), int(by_type.expense)) == (-3000, 1, -3000)
    assert balance_of(owner, fund["id"]) == "50.00"


def test_an_approval_that_would_overdraw_a_restricted_fund_is_refused_with_its_balance(owner):
    kind = make_type(owner)
    fund = funded(owner, "Roof Appeal", "20.00")
    project = make_project(owner.tenant_id, fund["id"])
    too_much = record(owner, kind["id"], project_id=project, amount="20.01")
    refused = approve(owner, too_much)
    assert refused.status == 409
    assert "Roof Appeal" in refused.json["message"] and "£20.00" in refused.json["message"]
    assert "£20.00" in refused.json["errors"]["amount"][0]
    # nothing changed: the expense is still a draft, the fund and the project untouched
    assert owner.get(f"/api/expenses/{too_much['id']}").json["status"] == "draft"
    assert balance_of(owner, fund["id"]) == "20.00"
    totals = ProjectTotals.get(*ProjectTotals.key(owner.tenant_id, project), consistent_read=True)
    assert int(totals.expense or 0) == 0 and int(totals.lines or 0) == 0
    # an unrestricted fund may go below zero (the charity's own money)
    general = record(owner, kind["id"], DEFAULT_FUND_ID, amount="5.00")
    assert approve(owner, general).status == 200
    assert balance_of(owner, DEFAULT_FUND_ID) == "-5.00"


def test_concurrent_approvals_never_overdraw_a_restricted_fund(owner):
    from functions.core.access import Principal
    from functions.core.counters import TenantCounters
    from functions.core.errors import AlmonerError
    from functions.core.identity import User
    from functions.donors.transaction import TransactionFailed
    from functions.expenses import service
    from functions.expenses.schemas import VersionBody

    kind = make_type(owner)
    fund = funded(owner, "Roof Appeal", "50.00")
    drafts = [record(owner, kind["id"], fund["id"], amount="10.00") for _ in range(8)]
    user = User.get(keys.tenant_pk(owner.tenant_id), keys.user_sk(owner.user_id))
    who = Principal(user=user, session=None, counters=TenantCounters.empty(owner.tenant_id))
    outcomes: list[str] = []
    serialise_moto_writes()

    def approve_one(expense: dict[str, Any]) -> None:
        for _ in range(3):
            try:
                service.approve(who, expense["id"], VersionBody(version=expense["version"]))
                outcomes.append("done")
                return
            except AlmonerError as error:
                if error.message_key == "funds.overdrawn":
                    outcomes.append("refused")
                    return
            except TransactionFailed:
                continue
        outcomes.append("gave up")

    threads = [threading.Thread(target=approve_one, args=(draft,)) for draft in drafts]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    balance = stored_balance(owner.tenant_id, fund["id"])
    assert balance >= 0
    assert balance == lines_sum(owner.tenant_id, fund["id"])
    assert balance == 5000 - 1000 * outcomes.count("done")
    assert outcomes.count("done") == 5 and outcomes.count("refused") == 3
    statuses = [owner.get(f"/api/expenses/{d['id']}").json["status"] for d in drafts]
    assert statuses.count("approved") == 5 and statuses.count("draft") == 3


def test_voiding_an_approved_expense_gives_its_money_back(owner):
    kind = make_type(owner)
    fund = funded(owner, "Roof Appeal", "50.00")
    project = make_project(owner.tenant_id, fund["id"])
    approved = approve(owner, record(owner, kind["id"], project_id=project, amount="15.00")).json
    assert balance_of(owner, fund["id"]) == "35.00"
    voided = owner.post(f"/api/expenses/{approved['id']}/void", {"version": approved["version"]})
    assert voided.status == 200 and voided.json["status"] == "void" and voided.json["voided_at"]
    assert balance_of(owner, fund["id"]) == "50.00"
    totals = ProjectTotals.get(*ProjectTotals.key(owner.tenant_id, project), consistent_read=True)
    assert int(totals.expense) == 0
    kinds = sorted(int(line.amount) for line in fund_repository.lines_of(owner.tenant_id, fund["id"]))
    assert kinds == [-1500, 1500, 5000]
    draft = record(owner, kind["id"], fund["id"])
    assert owner.post(f"/api/expenses/{draft['id']}/void", {"version": draft["version"]}).status == 409


# ------------------------------------------------------------------ the list
def test_the_list_is_newest_first_with_filters_a_cursor_and_totals(owner):
    travel, venue = make_type(owner, "Travel"), make_type(owner, "Venue hire")
    fund = funded(owner, "Roof Appeal", "100.00")
    project = make_project(owner.tenant_id, fund["id"])
    made = [
        record(owner, travel["id"], DEFAULT_FUND_ID, date="2026-03-01", amount="1.00"),
        record(owner, venue["id"], fund["id"], date="2026-04-01", amount="2.00"),
        record(owner, travel["id"], project_id=project, date="2026-05-01", amount="3.00"),
    ]
    approve(owner, made[1])
    every = owner.get("/api/expenses").json
    assert [row["date"] for row in every["data"]] == ["2026-05-01", "2026-04-01", "2026-03-01"]
    assert every["totals"]["draft"] == {"count": 2, "amount": "4.00"}
    assert every["totals"]["approved"] == {"count": 1, "amount": "2.00"}
    assert every["meta"]["total"] == 3

    def dates(**filters: Any) -> list[str]:
        reply = owner.get("/api/expenses?" + urlencode({"filters": json.dumps(filters)}))
        assert reply.status == 200, reply
        return [row["date"] for row in reply.json["data"]]

    assert dates(status="approved") == ["2026-04-01"]
    assert dates(fund_id=fund["id"]) == ["2026-05-01", "2026-04-01"]
    assert dates(project_id=project) == ["2026-05-01"]
    assert dates(expense_type_id=travel["id"]) == ["2026-05-01", "2026-03-01"]
    assert dates(date_from="2026-03-15", date_to="2026-04-30") == ["2026-04-01"]
    bad = owner.get("/api/expenses?" + urlencode({"filters": '{"status": "lost"}'}))
    assert bad.status == 422 and "filters.status" in bad.json["errors"]
    backwards = owner.get(
        "/api/expenses?" + urlencode({"filters": '{"date_from": "2026-05-01", "date_to": "2026-04-01"}'})
    )
    assert backwards.status == 422 and "filters.date_to" in backwards.json["errors"]
    # a cursor continues where the page stopped, and only for this list
    for _ in range(20):
        record(owner, travel["id"], DEFAULT_FUND_ID, date="2026-02-01", amount="1.00")
    first = owner.get("/api/expenses").json
    assert len(first["data"]) == 20 and first["meta"]["next_cursor"]
    second = owner.get("/api/expenses?" + urlencode({"cursor": first["meta"]["next_cursor"]})).json
    assert len(second["data"]) == 3
    assert {row["id"] for row in first["data"]}.isdisjoint({row["id"] for row in second["data"]})
    forged = owner.get("/api/expenses?cursor=abc")
    assert forged.status == 422 and "cursor" in forged.json["errors"]


def test_the_form_options_name_types_funds_and_projects(owner):
    make_type(owner, "Travel")
    fund = funded(owner, "Roof Appeal", "10.00")
    project = make_project(owner.tenant_id, fund["id"], "New Roof")
    options = owner.get("/api/expenses/options").json
    assert [row["name"] for row in options["types"]] == ["Travel"]
    assert {(row["name"], row["balance"], row["restricted"]) for row in options["funds"]} >= {
        ("Roof Appeal", "10.00", True)
    }
    assert options["projects"] == [
        {"id": project, "name": "New Roof", "fund_id": fund["id"], "archived": False}
    ]


def test_a_receipt_is_uploaded_by_a_presigned_put_and_read_by_a_presigned_get(owner):
    kind = make_type(owner)
    for body, field in (
        ({"content_type": "text/html", "size": 10}, "content_type"),
        ({"content_type": "application/pdf", "size": 10 * 1024 * 1024 + 1}, "size"),
        ({"content_type": "application/pdf", "size": 0}, "size"),
    ):
        reply = owner.post("/api/expenses/receipts", body)
        assert reply.status == 422 and list(reply.json["errors"]) == [field], (body, reply)
    link = owner.post("/api/expenses/receipts", {"content_type": "application/pdf", "size": 4})
    assert link.status == 201 and link.json["upload_url"].startswith("http")
    with_receipt = record(owner, kind["id"], DEFAULT_FUND_ID, receipt_key=link.json["key"])
    assert with_receipt["receipt"] is True
    missing = owner.get(f"/api/expenses/{with_receipt['id']}/receipt")
    assert missing.status == 404 and "did not finish" in missing.json["message"]
    from functions.core import aws, config

    aws.client("s3").put_object(Bucket=config.files_bucket(), Key=link.json["key"], Body=b"%PDF")
    download = owner.get(f"/api/expenses/{with_receipt['id']}/receipt")
    assert download.status == 200 and download.json["filename"] == "expense-receipt-2026-05-03.pdf"
    none = record(owner, kind["id"], DEFAULT_FUND_ID)
    assert owner.get(f"/api/expenses/{none['id']}/receipt").status == 404


# ------------------------------------------------------------------ tenancy, permissions, audit
def test_another_charitys_expenses_and_types_are_404_everywhere(client):
    a = sign_up_charity(client, "Alpha Trust")
    b = sign_up_charity(client, "Beta Trust")
    their_type = make_type(b, "Beta Travel")
    theirs = record(b, their_type["id"], DEFAULT_FUND_ID)
    v = {"version": 1}
    for method, path, body in (
        ("PUT", f"/api/expense-types/{their_type['id']}", {"name": "x", "version": 1}),
        ("DELETE", f"/api/expense-types/{their_type['id']}", None),
        ("POST", f"/api/expense-types/{their_type['id']}/archive", None),
        ("POST", f"/api/expense-types/{their_type['id']}/restore", None),
        ("GET", f"/api/expenses/{theirs['id']}", None),
        ("PUT", f"/api/expenses/{theirs['id']}", {**expense_body(their_type["id"], DEFAULT_FUND_ID), **v}),
        ("DELETE", f"/api/expenses/{theirs['id']}", None),
        ("POST", f"/api/expenses/{theirs['id']}/approve", v),
        ("POST", f"/api/expenses/{theirs['id']}/pay", v),
        ("POST", f"/api/expenses/{theirs['id']}/void", v),
        ("GET", f"/api/expenses/{theirs['id']}/receipt", None),
    ):
        reply = a.browser.request(method, path, body)
        assert reply.status == 404, (method, path, reply)
        assert "Beta" not in str(reply.json)
    their_fund = make_fund(b, "Beta Roof")
    their_project = make_project(b.tenant_id, their_fund["id"], "Beta Project")
    mine = make_type(a, "Alpha Travel")
    for body, field in (
        (expense_body(their_type["id"], DEFAULT_FUND_ID), "expense_type_id"),
        (expense_body(mine["id"], their_fund["id"]), "fund_id"),
        (expense_body(mine["id"], project_id=their_project), "project_id"),
    ):
        reply = a.post("/api/expenses", body)
        assert reply.status == 422 and list(reply.json["errors"]) == [field], (body, reply)
    assert a.get("/api/expenses").json["data"] == []
    assert "Beta" not in str(a.get("/api/expenses/options").json)
    assert "Beta" not in str(a.get("/api/expense-types").json)
    assert b.get(f"/api/expenses/{theirs['id']}").json["status"] == "draft"


def test_routes_need_their_permission_and_changes_are_audited(client, owner):
    staff = add_user(client, owner.tenant_id, "staff")
    kind = make_type(owner, "Travel")
    draft = record(owner, kind["id"], DEFAULT_FUND_ID)
    for method, path, body in (
        ("GET", "/api/expense-types", None),
        ("POST", "/api/expense-types", {"name": "Sneaky"}),
        ("GET", "/api/expense-types/options", None),
        ("PUT", f"/api/expense-types/{kind['id']}", {"name": "x", "version": 1}),
        ("DELETE", f"/api/expense-types/{kind['id']}", None),
        ("POST", f"/api/expense-types/{kind['id']}/archive", None),
        ("POST", f"/api/expense-types/{kind['id']}/restore", None),
        ("GET", "/api/expenses", None),
        ("POST", "/api/expenses", expense_body(kind["id"], DEFAULT_FUND_ID)),
        ("GET", "/api/expenses/options", None),
        ("POST", "/api/expenses/receipts", {"content_type": "application/pdf", "size": 4}),
        ("GET", f"/api/expenses/{draft['id']}", None),
        ("PUT", f"/api/expenses/{draft['id']}", {**expense_body(kind["id"], DEFAULT_FUND_ID), "version": 1}),
        ("DELETE", f"/api/expenses/{draft['id']}", None),
        ("POST", f"/api/expenses/{draft['id']}/approve", {"version": 1}),
        ("POST", f"/api/expenses/{draft['id']}/pay", {"version": 1}),
        ("POST", f"/api/expenses/{draft['id']}/void", {"version": 1}),
        ("GET", f"/api/expenses/{draft['id']}/receipt", None),
    ):
        reply = staff.browser.request(method, path, body)
        assert reply.status == 403, (method, path, reply)
    approved = approve(owner, draft).json
    owner.post(f"/api/expenses/{draft['id']}/pay", {"version": approved["version"]})
    owner.post(f"/api/expense-types/{kind['id']}/archive")
    from functions.core import audit

    actions = {event.action for event in audit.recent(owner.tenant_id)}
    assert {
        "expense_type.created",
        "expense_type.archived",
        "expense.created",
        "expense.approved",
        "expense.paid",
    } <= actions


# ------------------------------------------------------------------ demo data
def test_the_demo_seeds_types_and_expenses_without_overdrawing_a_restricted_fund(owner):
    from functions.core.identity import User
    from functions.expenses.demo import seed_expenses

    fund = funded(owner, "Roof Appeal", "30.00")
    make_donation(owner, amount="500.00")  # to the default fund
    user = User.get(keys.tenant_pk(owner.tenant_id), keys.user_sk(owner.user_id))
    assert seed_expenses(user) is True
    types = owner.get("/api/expense-types").json["data"]
    assert {row["name"] for row in types} == {"Staff costs", "Equipment", "Venue hire", "Travel", "Printing"}
    listed = owner.get("/api/expenses").json
    assert {status: listed["totals"][status]["count"] for status in ("draft", "approved", "paid")} == {
        "draft": 1,
        "approved": 3,
        "paid": 2,
    }
    assert balance_of(owner, fund["id"]) == "15.00"  # half of what it held
    assert balance_of(owner, DEFAULT_FUND_ID) == "253.70"  # 500 − the approved and paid ones
    assert seed_expenses(user) is False  # a second run adds nothing
    assert len(owner.get("/api/expenses").json["data"]) == 6
