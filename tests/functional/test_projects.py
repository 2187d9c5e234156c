"""Projects through the API: create/edit/delete with each field validated, unique names, stale
edits, archive; their money from the fund ledger (a donation's split naming a project moves the
project's totals with its fund's balance in the donation's one transaction, also on edit, refund
and delete); budget against actual per expense type; the image upload; the project picker; the
same from another charity (404) or without the permission (403)."""

from __future__ import annotations

from typing import Any

from functions.core import keys
from functions.domain.funds import Movement
from functions.donors.transaction import Transaction
from functions.expenses.models import ExpenseType
from functions.funds import ledger
from functions.funds.models import ProjectTotals
from tests.functional.donations_helpers import make_donation
from tests.functional.helpers import add_user, sign_up_charity
from tests.functional.test_funds import balance_of, make_fund


def make_project(who: Any, fund_id: str, name: str = "New Roof", **fields: Any) -> dict[str, Any]:
    reply = who.post("/api/projects", {"name": name, "fund_id": fund_id, **fields})
    assert reply.status == 201, reply
    return reply.json


def make_expense_type(tenant_id: str, type_id: str, name: str) -> None:
    ExpenseType(
        *ExpenseType.key(tenant_id, type_id), expense_type_id=type_id, tenant_id=tenant_id, name=name
    ).save()


def project_lines(who: Any, project_id: str) -> list[dict[str, Any]]:
    reply = who.get(f"/api/projects/{project_id}/lines?length=100")
    assert reply.status == 200, reply
    return reply.json["data"]


def stored_totals(tenant_id: str, project_id: str) -> ProjectTotals:
    return ProjectTotals.get(*ProjectTotals.key(tenant_id, project_id), consistent_read=True)


def assert_totals_match_lines(who: Any, project_id: str) -> None:
    """The project's totals item equals the sum of its ledger lines, kind by kind."""
    totals = stored_totals(who.tenant_id, project_id)
    lines = project_lines(who, project_id)
    assert int(totals.lines) == len(lines)
    for kind in ("allocation", "refund_reversal", "expense", "gift_aid"):
        summed = sum(round(float(line["amount"]) * 100) for line in lines if line["kind"] == kind)
        assert int(getattr(totals, kind)) == summed, kind


# ------------------------------------------------------------------ create, read, edit
def test_project_create_validates_each_field_by_name(owner):
    fund = make_fund(owner)
    archived = make_fund(owner, "Old Appeal")
    assert owner.post(f"/api/funds/{archived['id']}/archive").status == 200
    make_expense_type(owner.tenant_id, "travel", "Travel")
    good = {"name": "New Roof", "fund_id": fund["id"]}
    for changes, field in (
        ({"name": ""}, "name"),
        ({"name": "x" * 101}, "name"),
        ({"description": "x" * 2001}, "description"),
        ({"fund_id": "nope"}, "fund_id"),
        ({"fund_id": archived["id"]}, "fund_id"),
        ({"budget": "0"}, "budget"),
        ({"budget": "abc"}, "budget"),
        ({"type_budgets": [{"expense_type_id": "nope", "amount": "5"}]}, "type_budgets.0.expense_type_id"),
        ({"type_budgets": [{"expense_type_id": "travel", "amount": "0"}]}, "type_budgets.0.amount"),
        (
            {"type_budgets": [{"expense_type_id": "travel", "amount": "5"}] * 2},
            "type_budgets",
        ),
        ({"start_date": "2026-05-02", "end_date": "2026-05-01"}, "end_date"),
        ({"status": "done"}, "status"),
        ({"image_key": "declarations/x.png"}, "image_key"),
        ({"colour": "red"}, "colour"),
    ):
        reply = owner.post("/api/projects", {**good, **changes})
        assert reply.status == 422, (changes, reply)
        assert field in reply.json["errors"], (changes, reply.json)
    assert "fund_id" in owner.post("/api/projects", {"name": "No Fund"}).json["errors"]


def test_project_names_are_unique_per_charity_ignoring_case_and_free_again_after_rename(client):
    owner = sign_up_charity(client, "Alpha Trust")
    fund = make_fund(owner)
    first = make_project(owner, fund["id"], "New Roof")
    taken = owner.post("/api/projects", {"name": "  new   ROOF ", "fund_id": fund["id"]})
    assert taken.status == 422 and "another project" in taken.json["errors"]["name"][0].lower()
    renamed = owner.put(
        f"/api/projects/{first['id']}", {"name": "Roof Repairs", "fund_id": fund["id"], "version": 1}
    )
    assert renamed.status == 200 and renamed.json["name"] == "Roof Repairs"
    assert owner.post("/api/projects", {"name": "New roof", "fund_id": fund["id"]}).status == 201
    # another charity may use the same name
    other = sign_up_charity(client, "Beta Trust")
    assert make_project(other, "general", "Roof Repairs")["name"] == "Roof Repairs"


def test_a_project_reads_back_every_field_and_a_stale_edit_is_409(owner):
    fund = make_fund(owner)
    make_expense_type(owner.tenant_id, "travel", "Travel")
    project = make_project(
        owner,
        fund["id"],
        description="Replace the church roof",
        budget="5000",
        type_budgets=[{"expense_type_id": "travel", "amount": "250.50"}],
        start_date="2026-01-01",
        end_date="2026-12-31",
        status="active",
    )
    shown = owner.get(f"/api/projects/{project['id']}").json
    assert shown["fund_id"] == fund["id"] and shown["fund_name"] == "Roof Appeal"
    assert (shown["budget"], shown["status"], shown["start_date"], shown["end_date"]) == (
        "5000.00",
        "active",
        "2026-01-01",
        "2026-12-31",
    )
    assert shown["type_budgets"] == [{"expense_type_id": "travel", "amount": "250.50"}]
    assert shown["budget_by_type"] == [
        {"expense_type_id": "travel", "name": "Travel", "budget": "250.50", "spent": "0.00", "percent": 0}
    ]
    assert (shown["raised"], shown["gift_aid"], shown["spent"], shown["balance"]) == ("0.00",) * 4
    body = {"name": "New Roof", "fund_id": fund["id"], "description": "Tiles", "version": shown["version"]}
    assert owner.put(f"/api/projects/{project['id']}", body).status == 200
    stale = owner.put(f"/api/projects/{project['id']}", {**body, "description": "Slates"})
    assert stale.status == 409
    assert owner.get(f"/api/projects/{project['id']}").json["description"] == "Tiles"


def test_list_filters_by_status_and_options_offer_planned_and_active_projects_with_their_fund(owner):
    fund = make_fund(owner)
    planned = make_project(owner, fund["id"], "Bells")
    active = make_project(owner, fund["id"], "Alms House", status="active")
    done = make_project(owner, "general", "Choir", status="completed")
    rows = owner.get("/api/projects").json["data"]
    assert [row["name"] for row in rows] == ["Alms House", "Bells", "Choir"]
    assert rows[0]["fund_name"] == "Roof Appeal" and rows[2]["fund_name"] == "General"
    assert [row["id"] for row in owner.get("/api/projects?status=completed").json["data"]] == [done["id"]]
    assert owner.get("/api/projects?status=nope").status == 422
    options = owner.get("/api/projects/options").json["data"]
    assert options == [
        {"id": active["id"], "name": "Alms House", "fund_id": fund["id"]},
        {"id": planned["id"], "name": "Bells", "fund_id": fund["id"]},
    ]


# ------------------------------------------------------------------ money
def test_a_split_line_naming_a_project_moves_its_totals_and_its_funds_balance_in_one_write(owner):
    # GIVEN a fund with a project
    fund = make_fund(owner)
    project = make_project(owner, fund["id"], status="active")
    # WHEN a donation is split: £30 to the project (no fund given: the project's), £20 to General
    donation = make_donation(
        owner,
        amount="50.00",
        allocations=[
            {"project_id": project["id"], "amount": "30.00"},
            {"fund_id": "general", "amount": "20.00"},
        ],
    )
    # THEN the donation stores the project's fund on that line, the fund's balance and the
    # project's figures moved, and the project's line is its donation
    assert donation["allocations"] == [
        {"fund_id": fund["id"], "project_id": project["id"], "amount": "30.00"},
        {"fund_id": "general", "amount": "20.00"},
    ]
    assert balance_of(owner, fund["id"]) == "30.00"
    shown = owner.get(f"/api/projects/{project['id']}").json
    assert (shown["raised"], shown["spent"], shown["balance"], shown["lines"]) == (
        "30.00",
        "0.00",
        "30.00",
        1,
    )
    [line] = project_lines(owner, project["id"])
    assert (line["kind"], line["amount"], line["source_type"], line["source_id"]) == (
        "allocation",
        "30.00",
        "donation",
        donation["id"],
    )
    assert line["user_name"]
    listed = owner.get("/api/projects").json["data"][0]
    assert (listed["raised"], listed["balance"]) == ("30.00", "30.00")
    assert_totals_match_lines(owner, project["id"])


def test_project_totals_equal_the_sum_of_its_lines_after_edit_refund_and_delete(owner):
    fund = make_fund(owner)
    project = make_project(owner, fund["id"])
    other = make_project(owner, fund["id"], "Bells")
    donation = make_donation(
        owner,
        amount="40.00",
        allocations=[{"fund_id": fund["id"], "project_id": project["id"], "percent": "100"}],
    )
    # an edit moving half to another project of the fund
    body = {
        "amount": "40.00",
        "date": "2026-05-01",
        "payment_method": "cash",
        "version": donation["version"],
        "allocations": [
            {"fund_id": fund["id"], "project_id": project["id"], "amount": "20.00"},
            {"fund_id": fund["id"], "project_id": other["id"], "amount": "20.00"},
        ],
    }
    edited = owner.put(f"/api/donations/{donation['id']}", body)
    assert edited.status == 200, edited
    assert owner.get(f"/api/projects/{project['id']}").json["raised"] == "20.00"
    assert owner.get(f"/api/projects/{other['id']}").json["raised"] == "20.00"
    assert balance_of(owner, fund["id"]) == "40.00"
    for each in (project, other):
        assert_totals_match_lines(owner, each["id"])
    # a refund takes the money back from both projects
    refund = {
        **body,
        "version": edited.json["version"],
        "status": "refunded",
        "refunded_at": "2026-05-02",
        "allocations": edited.json["allocations"],
    }
    refunded = owner.put(f"/api/donations/{donation['id']}", refund)
    assert refunded.status == 200, refunded
    assert owner.get(f"/api/projects/{project['id']}").json["raised"] == "0.00"
    assert balance_of(owner, fund["id"]) == "0.00"
    for each in (project, other):
        assert_totals_match_lines(owner, each["id"])
    # a received donation deleted takes its allocation back
    second = make_donation(
        owner, amount="15.00", allocations=[{"project_id": other["id"], "amount": "15.00"}]
    )
    assert owner.get(f"/api/projects/{other['id']}").json["raised"] == "15.00"
    assert owner.delete(f"/api/donations/{second['id']}").status == 200
    shown = owner.get(f"/api/projects/{other['id']}").json
    assert shown["raised"] == "0.00"
    assert_totals_match_lines(owner, other["id"])
    # its lines newest first
    page = owner.get(f"/api/projects/{other['id']}/lines?length=20").json
    assert page["meta"]["total"] == len(project_lines(owner, other["id"])) >= 3
    dates = [line["date"] for line in page["data"]]
    assert dates == sorted(dates, reverse=True)


def test_split_lines_naming_unknown_archived_or_other_funds_projects_are_422_on_that_line(owner):
    fund = make_fund(owner)
    other_fund = make_fund(owner, "Bells Appeal")
    project = make_project(owner, fund["id"])
    closed = make_project(owner, fund["id"], "Closed", status="archived")
    for line, field in (
        ({"project_id": "nope", "amount": "10.00"}, "allocations.0.project_id"),
        ({"project_id": closed["id"], "amount": "10.00"}, "allocations.0.project_id"),
        (
            {"fund_id": other_fund["id"], "project_id": project["id"], "amount": "10.00"},
            "allocations.0.project_id",
        ),
        ({"amount": "10.00"}, "allocations.0.fund_id"),
    ):
        reply = owner.post(
            "/api/donations",
            {"amount": "10.00", "date": "2026-05-01", "payment_method": "cash", "allocations": [line]},
        )
        assert reply.status == 422, (line, reply)
        assert field in reply.json["errors"], (line, reply.json)
    repeated = owner.post(
        "/api/donations",
        {
            "amount": "10.00",
            "date": "2026-05-01",
            "payment_method": "cash",
            "allocations": [
                {"project_id": project["id"], "amount": "5.00"},
                {"fund_id": fund["id"], "project_id": project["id"], "amount": "5.00"},
            ],
        },
    )
    assert repeated.status == 422 and "allocations" in repeated.json["errors"]
    assert balance_of(owner, fund["id"]) == "0.00"


def test_archiving_a_project_stops_new_allocations_but_its_donations_stay_editable(owner):
    fund = make_fund(owner)
    project = make_project(owner, fund["id"], status="active")
    donation = make_donation(
        owner, amount="10.00", allocations=[{"project_id": project["id"], "amount": "10.00"}]
    )
    shown = owner.get(f"/api/projects/{project['id']}").json
    archived = owner.put(
        f"/api/projects/{project['id']}",
        {"name": shown["name"], "fund_id": fund["id"], "status": "archived", "version": shown["version"]},
    )
    assert archived.status == 200 and archived.json["status"] == "archived"
    assert stored_totals(owner.tenant_id, project["id"]).archived is True
    assert owner.get("/api/projects/options").json["data"] == []
    refused = owner.post(
        "/api/donations",
        {
            "amount": "5.00",
            "date": "2026-05-01",
            "payment_method": "cash",
            "allocations": [{"project_id": project["id"], "amount": "5.00"}],
        },
    )
    assert refused.status == 422 and "archived" in refused.json["errors"]["allocations.0.project_id"][0]
    # the ledger's own condition refuses it too (an archive that landed after the form's check)
    transaction = Transaction()
    ledger.add_movements(
        transaction,
        owner.tenant_id,
        [Movement(fund["id"], "2026-05-01", "allocation", 500, project_id=project["id"])],
        source_type="donation",
        source_id="x",
        user_id=None,
    )
    try:
        transaction.commit()
        raise AssertionError("an archived project took money in")
    except Exception as failed:  # noqa: BLE001
        assert f"project:{project['id']}" in getattr(failed, "tags", set())
    # the donation already on it keeps working (notes edited, the split sent back as stored)
    edit = {
        "amount": "10.00",
        "date": "2026-05-01",
        "payment_method": "cash",
        "notes": "thanks",
        "version": donation["version"],
        "allocations": donation["allocations"],
    }
    assert owner.put(f"/api/donations/{donation['id']}", edit).status == 200
    assert owner.get(f"/api/projects/{project['id']}").json["raised"] == "10.00"


def test_a_project_with_lines_cannot_be_deleted_or_moved_to_another_fund(owner):
    fund = make_fund(owner)
    other_fund = make_fund(owner, "Bells Appeal")
    empty = make_project(owner, fund["id"], "Empty")
    # without lines: its fund may change, and it may be deleted (its name is free again)
    moved = owner.put(
        f"/api/projects/{empty['id']}", {"name": "Empty", "fund_id": other_fund["id"], "version": 1}
    )
    assert moved.status == 200 and moved.json["fund_id"] == other_fund["id"]
    assert stored_totals(owner.tenant_id, empty["id"]).fund_id == other_fund["id"]
    assert owner.delete(f"/api/projects/{empty['id']}").status == 200
    assert owner.get(f"/api/projects/{empty['id']}").status == 404
    make_project(owner, fund["id"], "Empty")
    # with lines: neither
    used = make_project(owner, fund["id"], "Used")
    make_donation(owner, amount="10.00", allocations=[{"project_id": used["id"], "amount": "10.00"}])
    refused = owner.delete(f"/api/projects/{used['id']}")
    assert refused.status == 409 and "archived" in refused.json["message"]
    locked = owner.put(
        f"/api/projects/{used['id']}", {"name": "Used", "fund_id": other_fund["id"], "version": 1}
    )
    assert locked.status == 422 and "fund_id" in locked.json["errors"]
    assert owner.get(f"/api/projects/{used['id']}").json["raised"] == "10.00"


def test_budget_against_actual_per_expense_type_from_the_expense_lines(owner):
    fund = make_fund(owner)
    make_expense_type(owner.tenant_id, "travel", "Travel")
    make_expense_type(owner.tenant_id, "venue", "Venue hire")
    project = make_project(
        owner, fund["id"], budget="1000", type_budgets=[{"expense_type_id": "travel", "amount": "200"}]
    )
    make_donation(owner, amount="500.00", allocations=[{"project_id": project["id"], "amount": "500.00"}])
    # GIVEN two approved expenses of the project (as the expenses area writes them)
    transaction = Transaction()
    ledger.add_movements(
        transaction,
        owner.tenant_id,
        [
            Movement(
                fund["id"], "2026-05-03", "expense", -5000, project_id=project["id"], expense_type_id="travel"
            ),
            Movement(
                fund["id"], "2026-05-04", "expense", -2500, project_id=project["id"], expense_type_id="venue"
            ),
        ],
        source_type="expense",
        source_id="e1",
        user_id=owner.user_id,
    )
    transaction.commit()
    shown = owner.get(f"/api/projects/{project['id']}").json
    assert (shown["raised"], shown["spent"], shown["balance"]) == ("500.00", "75.00", "425.00")
    assert shown["budget_by_type"] == [
        {"expense_type_id": "travel", "name": "Travel", "budget": "200.00", "spent": "50.00", "percent": 25},
        {"expense_type_id": "venue", "name": "Venue hire", "budget": None, "spent": "25.00", "percent": None},
    ]
    assert [line["kind"] for line in project_lines(owner, project["id"])] == [
        "expense",
        "expense",
        "allocation",
    ]
    assert_totals_match_lines(owner, project["id"])


# ------------------------------------------------------------------ image
def test_the_image_upload_is_a_presigned_put_of_jpg_png_or_webp_up_to_5_mb(owner):
    fund = make_fund(owner)
    project = make_project(owner, fund["id"])
    path = f"/api/projects/{project['id']}/image"
    assert "content_type" in owner.post(path, {"content_type": "image/gif", "size": 10}).json["errors"]
    assert (
        "size" in owner.post(path, {"content_type": "image/png", "size": 5 * 1024 * 1024 + 1}).json["errors"]
    )
    reply = owner.post(path, {"content_type": "image/webp", "size": 2048})
    assert reply.status == 201, reply
    body = reply.json
    assert body["key"].startswith(keys.project_image_prefix(owner.tenant_id, project["id"]))
    assert body["key"].endswith(".webp") and body["headers"] == {"Content-Type": "image/webp"}
    assert "Signature" in body["upload_url"]
    saved = owner.put(
        f"/api/projects/{project['id']}",
        {"name": "New Roof", "fund_id": fund["id"], "image_key": body["key"], "version": 1},
    )
    assert saved.status == 200 and saved.json["image_key"] == body["key"]
    assert body["key"] in saved.json["image_url"] and "Signature" in saved.json["image_url"]
    # a key of another project is refused
    other = make_project(owner, fund["id"], "Bells")
    wrong = owner.put(
        f"/api/projects/{other['id']}",
        {"name": "Bells", "fund_id": fund["id"], "image_key": body["key"], "version": 1},
    )
    assert wrong.status == 422 and "image_key" in wrong.json["errors"]


# ------------------------------------------------------------------ tenancy and permissions
def test_another_charitys_project_is_404_everywhere_and_cannot_take_its_donations(client):
    a = sign_up_charity(client, "Alpha Trust")
    b = sign_up_charity(client, "Beta Trust")
    project = make_project(a, "general")
    body = {"name": "Mine", "fund_id": "general", "version": 1}
    assert b.get(f"/api/projects/{project['id']}").status == 404
    assert b.put(f"/api/projects/{project['id']}", body).status == 404
    assert b.delete(f"/api/projects/{project['id']}").status == 404
    assert b.get(f"/api/projects/{project['id']}/lines").status == 404
    assert (
        b.post(f"/api/projects/{project['id']}/image", {"content_type": "image/png", "size": 10}).status
        == 404
    )
    assert b.get("/api/projects").json["data"] == []
    assert b.get("/api/projects/options").json["data"] == []
    taken = b.post(
        "/api/donations",
        {
            "amount": "5.00",
            "date": "2026-05-01",
            "payment_method": "cash",
            "allocations": [{"project_id": project["id"], "amount": "5.00"}],
        },
    )
    assert taken.status == 422 and "allocations.0.project_id" in taken.json["errors"]
    assert a.get(f"/api/projects/{project['id']}").json["raised"] == "0.00"


def test_staff_without_manage_projects_get_403_but_may_pick_projects_for_donations(client):
    owner = sign_up_charity(client, "Alpha Trust")
    project = make_project(owner, "general", status="active")
    staff = add_user(client, owner.tenant_id, "staff")
    body = {"name": "X", "fund_id": "general"}
    assert staff.get("/api/projects").status == 403
    assert staff.post("/api/projects", body).status == 403
    assert staff.get(f"/api/projects/{project['id']}").status == 403
    assert staff.put(f"/api/projects/{project['id']}", {**body, "version": 1}).status == 403
    assert staff.delete(f"/api/projects/{project['id']}").status == 403
    assert staff.get(f"/api/projects/{project['id']}/lines").status == 403
    assert (
        staff.post(f"/api/projects/{project['id']}/image", {"content_type": "image/png", "size": 1}).status
        == 403
    )
    assert [row["id"] for row in staff.get("/api/projects/options").json["data"]] == [project["id"]]
    made = make_donation(staff, allocations=[{"project_id": project["id"], "amount": "10.00"}])
    assert made["allocations"][0]["project_id"] == project["id"]


def test_the_donation_forms_fund_options_carry_the_project_picker_in_the_same_call(owner):
    fund = make_fund(owner)
    project = make_project(owner, fund["id"], status="active")
    make_project(owner, fund["id"], "Closed", status="archived")
    options = owner.get("/api/funds/options").json
    assert options["projects"] == [{"id": project["id"], "name": "New Roof", "fund_id": fund["id"]}]


def test_the_project_form_chooses_from_active_funds_and_expense_types(owner):
    fund = make_fund(owner)
    archived = make_fund(owner, "Old Appeal")
    owner.post(f"/api/funds/{archived['id']}/archive")
    make_expense_type(owner.tenant_id, "venue", "Venue hire")
    make_expense_type(owner.tenant_id, "travel", "Travel")
    choices = owner.get("/api/projects/form-options").json
    assert choices["funds"] == [
        {"id": "general", "name": "General"},
        {"id": fund["id"], "name": "Roof Appeal"},
    ]
    assert choices["expense_types"] == [
        {"id": "travel", "name": "Travel"},
        {"id": "venue", "name": "Venue hire"},
    ]


def test_the_demo_charitys_projects_have_donations_given_to_them_once(owner):
    from functions.projects.demo import seed_projects

    assert seed_projects(owner.tenant_id) is True
    rows = {row["name"]: row for row in owner.get("/api/projects").json["data"]}
    assert set(rows) == {"New Kennel Block", "Cattery Roof", "Emergency Vet Bills"}
    assert (rows["New Kennel Block"]["raised"], rows["New Kennel Block"]["fund_name"]) == (
        "310.00",
        "Kennel Rebuild Appeal",
    )
    assert rows["Emergency Vet Bills"]["raised"] == "95.00"
    for row in rows.values():
        assert_totals_match_lines(owner, row["id"])
    assert seed_projects(owner.tenant_id) is False
    assert len(owner.get("/api/projects").json["data"]) == 3
