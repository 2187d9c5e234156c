"""A refund reaches the fund ledger as `refund_reversal` (ADR 0019 "Partial refunds"): an import's
partial refund of a split donation gives back the refunded part from each line of its split in
proportion, and a refund in full through the donation form gives back every line; an ordinary
edit lowering the amount stays an `allocation` correction."""

from __future__ import annotations

from typing import Any

from functions.domain.funds import DEFAULT_FUND_ID
from functions.funds import repository as fund_repository
from tests.functional import imports_helpers as ih
from tests.functional.donations_helpers import make_donation

COLUMNS = {"Reference": "external_ref", "Name": "full_name", "Amount": "amount", "Date": "date"}
HEADER = list(COLUMNS)
GIFTS = [HEADER, ["A-1", "Ann Lee", "30.00", "06/04/2025"], ["A-2", "Bob Jones", "25.00", "07/04/2025"]]
REFUNDS = [
    HEADER,
    ["A-1", "", "-5.00", "11/05/2025"],  # A-1 refunded in two parts
    ["A-1", "", "-10.00", "10/05/2025"],
    ["A-2", "", "-25.00", "01/05/2025"],  # A-2 in full
]


def _make_fund(who: Any, name: str) -> str:
    reply = who.post("/api/funds", {"name": name, "fund_class": "restricted"})
    assert reply.status == 201, reply
    return str(reply.json["id"])


def _lines(who: Any, fund_id: str, donation_id: str) -> list[tuple[str, int]]:
    return sorted(
        (line.kind, int(line.amount))
        for line in fund_repository.lines_of(who.tenant_id, fund_id)
        if line.source_id == donation_id
    )


def _balance(who: Any, fund_id: str) -> str:
    return str(who.get(f"/api/funds/{fund_id}").json["balance"])


def _edit(who: Any, donation: dict[str, Any], **changes: Any) -> dict[str, Any]:
    fields = ("donor_id", "amount", "date", "payment_method", "sponsored", "source", "external_ref")
    body = {k: donation[k] for k in fields}
    body["allocations"] = [
        {"fund_id": line["fund_id"], "amount": line["amount"]} for line in donation["allocations"]
    ]
    reply = who.put(f"/api/donations/{donation['id']}", {**body, **changes, "version": donation["version"]})
    assert reply.status == 200, reply
    return dict(reply.json)


def test_an_imports_partial_refund_gives_back_each_lines_share_as_refund_reversal(owner, aws, still_clock):
    # GIVEN an imported £30 donation split Roof £20 / General £10
    ih.imported(owner, aws, "gifts.csv", ih.csv_bytes(GIFTS), COLUMNS)
    roof = _make_fund(owner, "Roof")
    found = {d["external_ref"]: d for d in ih.donations(owner)}
    donation = owner.get(f"/api/donations/{found['A-1']['id']}").json
    split = [{"fund_id": roof, "amount": "20.00"}, {"fund_id": DEFAULT_FUND_ID, "amount": "10.00"}]
    _edit(owner, {**donation, "allocations": split})
    assert _balance(owner, roof) == "20.00"
    # WHEN a later file refunds £15 of it in two parts, and the other donation in full
    second = ih.imported(owner, aws, "refunds.csv", ih.csv_bytes(REFUNDS), COLUMNS)
    assert second["counts"]["refunds"] == 3, (
        second["counts"],
        owner.get(f"/api/imports/{second['id']}/errors").json,
    )
    # THEN the donation is £15, still split 2:1, and each fund gave back its share as a refund
    now = owner.get(f"/api/donations/{donation['id']}").json
    assert (now["amount"], now["status"]) == ("15.00", "received")
    kept = {line["fund_id"]: round(float(line["amount"]) * 100) for line in now["allocations"]}
    assert set(kept) == {roof, DEFAULT_FUND_ID} and sum(kept.values()) == 1500
    assert abs(kept[roof] - 1000) <= 1  # 2:1, the two re-balances rounding to the penny
    roof_lines = _lines(owner, roof, donation["id"])
    general_lines = _lines(owner, DEFAULT_FUND_ID, donation["id"])
    assert [kind for kind, amount in roof_lines if amount < 0] == ["refund_reversal", "refund_reversal"]
    # (General's one negative allocation is the split edit moving £20 of it to Roof)
    assert [(kind, amount) for kind, amount in general_lines if kind == "allocation"] == [
        ("allocation", -2000),
        ("allocation", 3000),
    ]
    assert sum(amount for kind, amount in roof_lines if kind == "refund_reversal") == kept[roof] - 2000
    assert (
        sum(amount for kind, amount in general_lines if kind == "refund_reversal")
        == kept[DEFAULT_FUND_ID] - 1000
    )
    assert round(float(_balance(owner, roof)) * 100) == kept[roof] == sum(amount for _, amount in roof_lines)
    # AND the donation refunded in full gave back its whole line as a refund too
    assert _lines(owner, DEFAULT_FUND_ID, found["A-2"]["id"]) == [
        ("allocation", 2500),
        ("refund_reversal", -2500),
    ]


def test_a_full_refund_through_the_form_is_a_refund_and_a_lower_amount_is_a_correction(owner):
    roof = _make_fund(owner, "Roof")
    made = make_donation(owner, amount="12.00", allocations=[{"fund_id": roof, "amount": "12.00"}])
    # WHEN the amount is corrected down THEN the allocation is corrected (not a refund)
    corrected = _edit(owner, made, amount="10.00", allocations=[{"fund_id": roof, "amount": "10.00"}])
    assert _lines(owner, roof, made["id"]) == [("allocation", -200), ("allocation", 1200)]
    # WHEN it is refunded in full THEN the rest comes back as a refund
    _edit(owner, corrected, status="refunded", refunded_at="2026-05-03")
    assert _lines(owner, roof, made["id"]) == [
        ("allocation", -200),
        ("allocation", 1200),
        ("refund_reversal", -1000),
    ]
    assert _balance(owner, roof) == "0.00"
