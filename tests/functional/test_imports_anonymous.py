"""A Gift Aid "yes" on a row that names no donor (issue 13 §4: no donation is lost for lack of
donor details): the donation is imported without a donor and without a declaration, never
claimable, and the import's report tells the user why with the row number, as a warning (the
row is counted as imported, not as an error). The same holds for an organisation, which cannot
make a Gift Aid declaration either."""

from __future__ import annotations

from typing import Any

from functions.domain.imports import fields
from tests.functional import imports_helpers as ih

NO_DONOR = (
    "Imported without Gift Aid: the row names no donor, and only a named donor can make a Gift Aid "
    "declaration."
)
ORGANISATION = (
    "Imported without Gift Aid: the donor is an organisation, and only an individual can make a "
    "Gift Aid declaration."
)


def report(who, import_id: str) -> list[tuple[int, str, str, bool, bool]]:
    reply = who.get(f"/api/imports/{import_id}/errors?length=100")
    assert reply.status == 200, reply
    assert reply.json["meta"]["total"] == len(reply.json["data"])
    return [(e["row"], e["column"], e["reason"], e["warning"], e["skipped"]) for e in reply.json["data"]]


def counted(item: dict[str, Any], *names: str) -> dict[str, int]:
    return {name: item["counts"][name] for name in names}


def test_a_spreadsheets_anonymous_gift_aid_rows_are_kept_with_a_warning(owner, aws):
    # GIVEN a spreadsheet whose anonymous rows (blank, "Anonymous") say Gift Aid "Yes", with a
    # company's "Yes" and a named person's
    columns = {
        "Name": "full_name",
        "Postcode": "postcode",
        "Amount": "amount",
        "Date": "date",
        "Gift Aid": "gift_aid",
    }
    rows = [
        list(columns),
        ["Anonymous", "", "20.00", "06/04/2025", "Yes"],
        ["", "", "5.00", "07/04/2025", "Yes"],
        ["Acme Widgets Ltd", "BA1 1AA", "100.00", "08/04/2025", "Yes"],
        ["Ann Lee", "CF1 1AA", "10.00", "09/04/2025", "Yes"],
    ]
    item = ih.create(owner, "gifts.csv", ih.csv_bytes(rows))
    ih.set_mapping(owner, item["id"], ih.mapping(columns))
    # WHEN it is checked THEN every row will be imported, three with a warning, none refused
    names = ("donations_new", "errors", "warnings", "declarations_new")
    checked = ih.dry_run(owner, aws, item["id"])
    assert counted(checked, *names) == {"donations_new": 4, "errors": 0, "warnings": 3, "declarations_new": 1}
    assert report(owner, item["id"]) == [
        (2, "Gift Aid", NO_DONOR, True, False),
        (3, "Gift Aid", NO_DONOR, True, False),
        (4, "Gift Aid", ORGANISATION, True, False),
    ]
    # AND the preview shows the warning on the row
    preview = owner.get(f"/api/imports/{item['id']}/preview").json["rows"]
    assert preview[0]["errors"] == [] and preview[0]["warnings"] == [
        {"column": "Gift Aid", "reason": NO_DONOR}
    ]
    assert preview[3]["warnings"] == []
    # WHEN it runs THEN the gifts are kept: without a donor, never claimable, saying why
    done = ih.run(owner, aws, item["id"])
    assert counted(done, *names) == {"donations_new": 4, "errors": 0, "warnings": 3, "declarations_new": 1}
    assert len(report(owner, item["id"])) == 3
    found = {d["amount"]: d for d in ih.donations(owner)}
    for amount in ("20.00", "5.00"):
        gift = found[amount]
        assert gift["donor_id"] is None and gift["status"] == "received"
        assert gift["gift_aid"]["state"] == "not_eligible" and gift["gift_aid"]["amount"] == "0.00"
        assert gift["gift_aid"]["reason_text"] == "no donor recorded"
    assert found["100.00"]["gift_aid"]["reason_text"] == "company donor"
    assert found["10.00"]["gift_aid"]["reason"] != "giftaid.no_declaration"  # Ann's declaration


def test_a_justgiving_anonymous_gift_marked_for_gift_aid_is_kept_with_a_warning(owner, aws):
    # GIVEN a JustGiving report whose Gift Aid column the charity maps, with an anonymous donor
    # whose gift JustGiving marks eligible
    rows = [
        [
            "Donation Ref",
            "Donation Date",
            "Donation Amount",
            "Gift Aid Status",
            "Donor Display Name",
            "Donor First Name",
            "Donor Last Name",
            "Donor Email",
            "Donor Address Line 1",
            "Donor Postcode",
        ],
        [
            "JG-1",
            "06/04/2025 09:15",
            "10.00",
            "Eligible",
            "Jane",
            "Jane",
            "Smith",
            "jane@example.org",
            "1 Mill Lane",
            "BA1 1AA",
        ],
        ["JG-2", "07/04/2025 10:00", "20.00", "Eligible", "Anonymous", "Anonymous", "", "", "", ""],
    ]
    item = ih.create(owner, "DonationReport.csv", ih.csv_bytes(rows))
    assert item["detected"]["preset"] == "justgiving"
    preset = next(p for p in fields.BUILTIN_PRESETS if p.preset_id == "justgiving")
    columns = {**preset.for_columns(item["detected"]["columns"]), "Gift Aid Status": "gift_aid"}
    ih.set_mapping(owner, item["id"], {**preset.mapping(), "columns": columns})
    ih.dry_run(owner, aws, item["id"])
    # WHEN it is imported
    done = ih.run(owner, aws, item["id"])
    # THEN the anonymous gift is kept, without a donor, and the report says why it has no Gift Aid
    names = ("donations_new", "errors", "warnings", "declarations_new")
    assert counted(done, *names) == {"donations_new": 2, "errors": 0, "warnings": 1, "declarations_new": 1}
    assert report(owner, item["id"]) == [(3, "Gift Aid Status", NO_DONOR, True, False)]
    found = {d["external_ref"]: d for d in ih.donations(owner)}
    anonymous = found["JG-2"]
    assert anonymous["donor_id"] is None and anonymous["amount"] == "20.00"
    assert anonymous["gift_aid"]["state"] != "claimable" and anonymous["gift_aid"]["amount"] == "0.00"
    # AND JustGiving's own donations are never claimed by the charity
    assert found["JG-1"]["gift_aid"]["state"] == "handled_elsewhere"
