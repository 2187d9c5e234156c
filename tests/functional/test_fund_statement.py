"""The statement of funds through the API (issue 15 §8): figures per fund and class after donations
in two financial years, a transfer, a refund, Gift Aid and an expense, an archived fund still
listed; the year's validation, the permission, tenancy; the CSV (formulas neutralised); and that
it reads only aggregate items (no donation, no ledger line) within its call budget."""

from __future__ import annotations

import csv
import io
from typing import Any

from functions.core import clock
from functions.domain.financial_year import year_containing
from functions.domain.funds import DEFAULT_FUND_ID, Movement
from functions.donors.transaction import Transaction
from functions.funds import ledger
from tests.functional.donations_helpers import make_donation
from tests.functional.helpers import add_user, sign_up_charity
from tests.functional.test_funds import make_fund


def statement(who: Any, year: int | None = None) -> dict[str, Any]:
    reply = who.get("/api/funds/statement" + (f"?year={year}" if year else ""))
    assert reply.status == 200, reply
    return reply.json


def rows(found: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {fund["name"]: fund for group in found["classes"] for fund in group["funds"]}


def figures(row: dict[str, Any]) -> tuple[str, ...]:
    names = ("opening", "income", "gift_aid", "expenditure", "transfers_in", "transfers_out", "closing")
    return tuple(row[name] for name in names)


def two_years(owner: Any) -> dict[str, dict[str, Any]]:
    """Funds with money in the years ending 31 March 2026 and 2027 (the default year end)."""
    roof = make_fund(owner, "Roof", fund_class="restricted", finance_code="R-1")
    bells = make_fund(owner, "Bells", fund_class="designated")
    hall = make_fund(owner, "Old Hall", fund_class="endowment_permanent")
    make_donation(
        owner,
        amount="100.00",
        date="2025-06-01",
        allocations=[
            {"fund_id": roof["id"], "amount": "60.00"},
            {"fund_id": DEFAULT_FUND_ID, "amount": "40.00"},
        ],
    )
    make_donation(
        owner, amount="5.00", date="2025-07-01", allocations=[{"fund_id": hall["id"], "amount": "5.00"}]
    )
    assert owner.post(f"/api/funds/{hall['id']}/archive").status == 200
    make_donation(
        owner, amount="50.00", date="2026-05-01", allocations=[{"fund_id": roof["id"], "amount": "50.00"}]
    )
    transfer = owner.post(
        "/api/funds/transfers",
        {
            "from_fund_id": DEFAULT_FUND_ID,
            "to_fund_id": bells["id"],
            "amount": "10.00",
            "date": "2026-06-01",
            "reason": "reallocation",
        },
    )
    assert transfer.status == 201, transfer
    refunded = make_donation(
        owner, amount="20.00", date="2026-05-02", allocations=[{"fund_id": bells["id"], "amount": "20.00"}]
    )
    refund = owner.put(
        f"/api/donations/{refunded['id']}",
        {
            "amount": "20.00",
            "date": "2026-05-02",
            "payment_method": "cash",
            "status": "refunded",
            "refunded_at": "2026-05-03",
            "version": refunded["version"],
        },
    )
    assert refund.status == 200, refund
    # Gift Aid received and an expense (other areas write these through the ledger)
    transaction = Transaction()
    ledger.add_movements(
        transaction,
        owner.tenant_id,
        [
            Movement(roof["id"], "2026-07-01", "gift_aid", 1250),
            Movement(roof["id"], "2026-08-01", "expense", -3000),
        ],
        source_type="test",
        source_id="t1",
        user_id=owner.user_id,
    )
    transaction.commit()
    return {"roof": roof, "bells": bells, "hall": hall}


def test_the_statement_gives_each_funds_year_grouped_by_class_with_subtotals_and_total(owner):
    two_years(owner)
    # WHEN the year ending 31 March 2026 is asked for
    first = statement(owner, 2026)
    # THEN its period is April 2025 to March 2026, and each fund's figures are that year's
    assert (first["start"], first["end"], first["whole_months"]) == ("2025-04-01", "2026-03-31", False)
    by_name = rows(first)
    assert figures(by_name["Roof"]) == ("0.00", "60.00", "0.00", "0.00", "0.00", "0.00", "60.00")
    assert figures(by_name["General"]) == ("0.00", "40.00", "0.00", "0.00", "0.00", "0.00", "40.00")
    assert figures(by_name["Old Hall"]) == ("0.00", "5.00", "0.00", "0.00", "0.00", "0.00", "5.00")
    assert figures(by_name["Bells"])[-1] == "0.00"
    assert first["total"]["closing"] == "105.00" and first["has_movements"] is True
    # AND the year after opens with those closing balances and carries its own movements
    second = statement(owner, 2027)
    by_name = rows(second)
    assert figures(by_name["Roof"]) == ("60.00", "50.00", "12.50", "30.00", "0.00", "0.00", "92.50")
    assert figures(by_name["General"]) == ("40.00", "0.00", "0.00", "0.00", "0.00", "10.00", "30.00")
    # the refunded donation's allocation and its reversal net to no income
    assert figures(by_name["Bells"]) == ("0.00", "0.00", "0.00", "0.00", "10.00", "0.00", "10.00")
    # the archived fund is still listed ("kept in reports")
    assert by_name["Old Hall"]["archived"] is True and by_name["Old Hall"]["closing"] == "5.00"
    assert [group["fund_class"] for group in second["classes"]] == [
        "unrestricted_general",
        "designated",
        "restricted",
        "endowment_permanent",
    ]
    restricted = next(group for group in second["classes"] if group["fund_class"] == "restricted")
    assert restricted["subtotal"]["closing"] == "92.50" and by_name["Roof"]["finance_code"] == "R-1"
    assert figures(second["total"]) == ("105.00", "50.00", "12.50", "30.00", "10.00", "10.00", "137.50")
    # the closing balances are today's balances (no later movements)
    funds = {fund["name"]: fund["balance"] for fund in owner.get("/api/funds").json["data"]}
    assert funds == {name: row["closing"] for name, row in by_name.items()}


def test_the_default_year_is_the_one_in_progress_and_a_year_without_movements_is_empty(owner):
    found = statement(owner)
    assert found["year"] == found["current_year"] == year_containing(clock.today(), "03-31")
    assert found["has_movements"] is False
    assert [fund["name"] for group in found["classes"] for fund in group["funds"]] == ["General"]
    assert statement(owner, 2001)["total"]["closing"] == "0.00"


def test_a_bad_year_is_422_naming_year_and_no_permission_is_403(client, owner):
    highest = clock.today().year + 1
    for bad in ("1999", str(highest + 1), "abc", "2026.5"):
        reply = owner.get(f"/api/funds/statement?year={bad}")
        assert reply.status == 422 and list(reply.json["errors"]) == ["year"], (bad, reply)
    assert owner.get(f"/api/funds/statement?year={highest}").status == 200
    assert owner.get("/api/funds/statement?colour=red").status == 422
    staff = add_user(client, owner.tenant_id, "staff")
    assert staff.get("/api/funds/statement").status == 403
    assert staff.get("/api/funds/statement.csv").status == 403


def test_another_charitys_funds_never_appear(client, owner):
    other = sign_up_charity(client, "Other Trust")
    secret = make_fund(other, "Secret Fund")
    make_donation(
        other, amount="9.00", date="2026-05-01", allocations=[{"fund_id": secret["id"], "amount": "9.00"}]
    )
    found = statement(owner, 2027)
    assert list(rows(found)) == ["General"] and found["total"]["income"] == "0.00"
    assert "Secret" not in owner.get("/api/funds/statement.csv?year=2027").text


def test_the_csv_has_a_row_per_fund_subtotals_and_total_and_neutralises_formulas(owner):
    two_years(owner)
    nasty = make_fund(owner, '=HYPERLINK("http://x.example","click")', finance_code="+SUM(A1)")
    make_donation(
        owner, amount="1.00", date="2026-05-01", allocations=[{"fund_id": nasty["id"], "amount": "1.00"}]
    )
    for path in ("/api/funds/statement.csv?year=2027",):
        reply = owner.get(path)
        assert reply.status == 200
        assert reply.headers["Content-Type"].startswith("text/csv")
        assert 'filename="statement-of-funds-2027.csv"' in reply.headers["Content-Disposition"]
        table = list(csv.reader(io.StringIO(reply.text)))
        assert table[0] == [
            "Class",
            "Fund",
            "Finance code",
            "Opening balance",
            "Income",
            "Gift Aid",
            "Expenditure",
            "Transfers in",
            "Transfers out",
            "Closing balance",
        ]
        by_fund = {row[1]: row for row in table[1:]}
        assert by_fund['\'=HYPERLINK("http://x.example","click")'][2] == "'+SUM(A1)"
        assert not any(cell.startswith(("=", "+", "@")) for row in table for cell in row)
        assert by_fund["Roof"] == [
            "Restricted", "Roof", "R-1", "60.00", "50.00", "12.50", "30.00", "0.00", "0.00", "92.50"
        ]  # fmt: skip
        assert by_fund["Old Hall (archived)"][-1] == "5.00"
        assert by_fund["Total Restricted funds"][-1] == "92.50"
        assert table[-1][1] == "Total funds" and table[-1][-1] == "138.50"


def test_the_statement_reads_only_fund_aggregates_within_its_call_budget(owner, monkeypatch):
    from moto.dynamodb.models import DynamoDBBackend

    two_years(owner)
    for name in ("Extra A", "Extra B"):
        make_fund(owner, name)
    calls: list[str] = []
    read_sks: list[str] = []
    for name in ("get_item", "batch_get_item", "query", "scan", "transact_get_items"):
        original = getattr(DynamoDBBackend, name)

        def counted(
            self: Any, *args: Any, _original: Any = original, _name: str = name, **kwargs: Any
        ) -> Any:
            calls.append(_name)
            result = _original(self, *args, **kwargs)
            if _name == "query":
                read_sks.extend(str(item.range_key.value) for item in result[0])
            return result

        monkeypatch.setattr(DynamoDBBackend, name, counted)
    found = statement(owner, 2027)
    assert found["total"]["closing"] == "137.50"
    statement_reads = [sk for sk in read_sks if sk.startswith(("FUND#", "FUNDMONTH#"))]
    assert statement_reads, read_sks
    assert not [sk for sk in read_sks if sk.startswith(("DONATION", "LINE#"))]
    assert len(calls) <= 60 and "scan" not in calls
    print(f"statement_of_funds: {len(calls)} DynamoDB calls")


def test_the_demo_funds_seed_once_and_give_the_statement_figures(aws):
    from functions.domain.financial_year import FinancialYear
    from functions.donations.demo import seed_demo
    from functions.funds import statement as fund_statement
    from functions.funds.demo import seed_funds

    seed_demo("demo-tenant", donations=40)
    assert seed_funds("demo-tenant") is True
    assert seed_funds("demo-tenant") is False
    year = FinancialYear(year_containing(clock.today(), "03-31"), "03-31")
    found = fund_statement.build("demo-tenant", year)
    by_name = {fund.name: figures for group in found.groups for fund, figures in group.funds}
    assert set(by_name) == {"General", "Roof appeal", "Minibus replacement"}
    roof = by_name["Roof appeal"]
    assert roof.opening + roof.transfers_in == roof.closing == 205_000
    assert found.total.transfers_in == found.total.transfers_out
