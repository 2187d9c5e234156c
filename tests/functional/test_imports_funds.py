"""Imports allocate to funds (issue 15 §3): a column mapped to Fund names a fund by its name or
finance code, ignoring case; a row naming no fund goes to the default fund, flagged; an unknown
or archived fund is that row's error, with its row number and reason."""

from __future__ import annotations

from functions.domain.funds import DEFAULT_FUND_ID
from tests.functional import imports_helpers as ih


def test_an_import_allocates_each_row_to_its_fund_by_name_or_finance_code(owner, aws):
    # GIVEN a restricted fund with a finance code, an archived fund, and a file naming them
    roof = owner.post(
        "/api/funds", {"name": "Roof Appeal", "finance_code": "R-100", "fund_class": "restricted"}
    ).json
    old = owner.post("/api/funds", {"name": "Old Appeal"}).json
    owner.post(f"/api/funds/{old['id']}/archive")
    rows = [
        ["Ref", "Amount", "Date", "Fund"],
        ["F1", "10.00", "06/04/2025", "roof appeal"],
        ["F2", "5.00", "07/04/2025", "r-100"],
        ["F3", "2.00", "08/04/2025", ""],
        ["F4", "3.00", "09/04/2025", "Bell Tower"],
        ["F5", "4.00", "10/04/2025", "OLD APPEAL"],
    ]
    item = ih.create(owner, "funds.csv", ih.csv_bytes(rows))
    columns = {"Ref": "external_ref", "Amount": "amount", "Date": "date", "Fund": "fund"}
    ih.set_mapping(owner, item["id"], ih.mapping(columns))
    # WHEN it is dry-run and run
    assert ih.dry_run(owner, aws, item["id"])["counts"]["errors"] == 2
    done = ih.run(owner, aws, item["id"])
    # THEN the rows naming an open fund went to it, the row naming none to the default fund
    assert done["counts"]["donations_new"] == 3
    by_ref = {d["external_ref"]: d for d in ih.donations(owner)}
    assert by_ref["F1"]["allocations"] == [{"fund_id": roof["id"], "amount": "10.00"}]
    assert by_ref["F2"]["allocations"] == [{"fund_id": roof["id"], "amount": "5.00"}]
    assert by_ref["F3"]["allocations"] == [{"fund_id": DEFAULT_FUND_ID, "amount": "2.00"}]
    assert by_ref["F3"]["allocation_defaulted"] is True
    assert owner.get(f"/api/funds/{roof['id']}").json["balance"] == "15.00"
    assert owner.get(f"/api/funds/{DEFAULT_FUND_ID}").json["balance"] == "2.00"
    # AND the unknown and the archived fund are reported with the row number and the reason
    errors = owner.get(f"/api/imports/{item['id']}/errors").json["data"]
    assert [(e["row"], e["column"], e["value"]) for e in errors] == [
        (5, "Fund", "Bell Tower"),
        (6, "Fund", "OLD APPEAL"),
    ]
    assert all("fund" in e["reason"] for e in errors)
