"""An import's fund ledger lines (ADR 0012, ninth addendum): written after the chunk's rows, by
date, in transactions holding many lines with the few monthly totals and the one balance they
move. What a user sees is what a donation written by hand gives: one line per donation, the
fund's balance equal to its lines and to the statement's monthly totals, all taken back by undo,
never doubled by a chunk delivered twice or delivered again after its worker died."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from aws_lambda_powertools.utilities.batch.exceptions import BatchProcessingError

from functions.core import keys
from functions.domain.funds import DEFAULT_FUND_ID
from functions.donors import transaction as transactions
from functions.funds.models import FundBalance, FundMonth, LedgerLine
from functions.imports import jobs as import_jobs
from functions.imports import ledger as import_ledger
from functions.imports import writer
from tests.functional import imports_helpers as ih
from tests.functional.helpers import lambda_event

COLUMNS = {
    "Ref": "external_ref",
    "Name": "full_name",
    "Email": "email",
    "Amount": "amount",
    "Date": "date",
    "Fund": "fund",
}


def gifts(count: int = 40) -> list[list[str]]:
    """`count` gifts from 5 people over 14 months, every third to the restricted Roof Appeal."""
    rows = [["Ref", "Name", "Email", "Amount", "Date", "Fund"]]
    for n in range(count):
        who = n % 5
        month = 4 + n % 14
        year, month = (2025, month) if month <= 12 else (2026, month - 12)
        rows.append(
            [
                f"L{n:03d}",
                f"Donor{who} Hale",
                f"donor{who}@example.org",
                f"{n + 1}.50",
                f"{n % 27 + 1:02d}/{month:02d}/{year}",
                "Roof Appeal" if n % 3 == 0 else "",
            ]
        )
    return rows


def lines_of(tenant_id: str, fund_id: str) -> list[LedgerLine]:
    return [
        line
        for line in LedgerLine.query(keys.fund_ledger_pk(tenant_id, fund_id), consistent_read=True)
        if isinstance(line, LedgerLine)
    ]


def pence(amount: str) -> int:
    return round(float(amount) * 100)


def money_in(who: Any, fund_id: str) -> dict[str, int]:
    """The fund as every screen reads it: the balance item, the ledger lines, the monthly totals
    (the statement of funds), the donations whose split names it."""
    tid = who.tenant_id
    months = FundMonth.query(
        keys.tenant_pk(tid), FundMonth.sk.startswith(keys.fund_month_prefix()), consistent_read=True
    )
    return {
        "balance": int(FundBalance.get(*FundBalance.key(tid, fund_id), consistent_read=True).balance),
        "lines": sum(int(line.amount) for line in lines_of(tid, fund_id)),
        "months": sum(
            int(m.allocation) + int(m.refund_reversal)
            for m in months
            if isinstance(m, FundMonth) and m.sk.endswith(f"#{fund_id}")
        ),
        "donations": sum(
            pence(a["amount"]) for d in ih.donations(who) for a in d["allocations"] if a["fund_id"] == fund_id
        ),
    }


def test_an_imports_lines_are_one_per_donation_equal_every_figure_and_undo_takes_them_back(
    owner, aws, monkeypatch
):
    # GIVEN a restricted fund and a file of 40 gifts over 14 months, some to it
    roof = owner.post("/api/funds", {"name": "Roof Appeal", "fund_class": "restricted"}).json["id"]
    committed: list[list[tuple[str, str, str]]] = []
    commit = transactions.Transaction.commit

    def counted(self):  # type: ignore[no-untyped-def]
        committed.append([(kind, op[1].pk, op[1].sk) for kind, op in self._ordered()])
        return commit(self)

    monkeypatch.setattr(transactions.Transaction, "commit", counted)
    # WHEN it is imported
    item = ih.imported(owner, aws, "ledger.csv", ih.csv_bytes(gifts()), COLUMNS)
    monkeypatch.setattr(transactions.Transaction, "commit", commit)
    assert item["counts"]["donations_new"] == 40
    # THEN each fund has one line per donation, naming it, and its balance, its lines, its
    # monthly totals and its donations all say the same money
    by_ref = {d["external_ref"]: d for d in ih.donations(owner)}
    for fund_id, refs in ((roof, range(0, 40, 3)), (DEFAULT_FUND_ID, [n for n in range(40) if n % 3])):
        lines = lines_of(owner.tenant_id, fund_id)
        assert sorted(line.source_id for line in lines) == sorted(by_ref[f"L{n:03d}"]["id"] for n in refs)
        assert {(line.kind, line.reason, line.source_type) for line in lines} == {
            ("allocation", "donation_created", "donation")
        }
        figures = money_in(owner, fund_id)
        assert len(set(figures.values())) == 1 and figures["balance"] == sum((n + 1) * 100 + 50 for n in refs)
    assert owner.get(f"/api/funds/{roof}").json["balance"] == f"{money_in(owner, roof)['balance'] / 100:.2f}"
    # AND no row's transaction holds a line or a monthly total: the lines' transactions move
    # each (fund, month) total once and each balance once (a transaction each, here)
    writes = Counter(sk.split("#")[0] for ops in committed for _, _, sk in ops)
    with_rows = [ops for ops in committed if any(sk.startswith("DONATION#") for _, _, sk in ops)]
    assert not any(sk.startswith(("LINE#", "FUNDMONTH#")) for ops in with_rows for _, _, sk in ops)
    months = {(d["date"][:7], a["fund_id"]) for d in by_ref.values() for a in d["allocations"]}
    assert writes["LINE"] == 40 and writes["FUNDMONTH"] == len(months)

    # WHEN the import is undone THEN every fund's figures are back at zero, still all equal
    ih.job_done(owner, aws, owner.post(f"/api/imports/{item['id']}/undo"))
    for fund_id in (roof, DEFAULT_FUND_ID):
        assert money_in(owner, fund_id) == {"balance": 0, "lines": 0, "months": 0, "donations": 0}


def test_a_chunk_delivered_twice_or_again_after_its_worker_died_writes_each_line_once(
    owner, aws, monkeypatch
):
    # GIVEN a file of 40 gifts planned into several chunks
    monkeypatch.setattr(writer.ledger, "LEDGER_ITEMS", 12)  # several line transactions a chunk
    from functions.imports import plan

    monkeypatch.setattr(plan, "CHUNK_ROWS", 16)
    owner.post("/api/funds", {"name": "Roof Appeal", "fund_class": "restricted"})
    item, chunks = ih.planned_chunks(owner, aws, "twice.csv", gifts(), COLUMNS)
    assert len(chunks) >= 2
    # WHEN every chunk's first delivery dies after its rows and its first line transaction
    write_group = import_ledger._write_group

    def dies_after_one(tenant_id, group):  # type: ignore[no-untyped-def]
        write_group(tenant_id, group)
        raise RuntimeError("worker lost")

    with monkeypatch.context() as dying:
        dying.setattr(import_ledger, "_write_group", dies_after_one)
        with pytest.raises(BatchProcessingError):
            import_jobs.handler(lambda_event(chunks), None)
    # AND each chunk is then delivered twice more
    for _ in range(2):
        assert import_jobs.handler(lambda_event(chunks), None) == {"batchItemFailures": []}
    ih.delete_messages(aws, chunks)
    ih.work(aws)
    # THEN each donation has its one line and every figure agrees
    done = owner.get(f"/api/imports/{item['id']}").json
    assert done["status"] == "imported" and done["counts"]["donations_new"] == 40
    ids = sorted(d["id"] for d in ih.donations(owner))
    funds = [f["id"] for f in owner.get("/api/funds").json["data"]]
    assert sorted(line.source_id for f in funds for line in lines_of(owner.tenant_id, f)) == ids
    for fund_id in funds:
        figures = money_in(owner, fund_id)
        assert len(set(figures.values())) == 1, figures
    assert sum(money_in(owner, f)["balance"] for f in funds) == sum((n + 1) * 100 + 50 for n in range(40))


def test_undo_of_an_import_whose_worker_died_before_its_lines_takes_back_only_what_funds_got(
    owner, aws, monkeypatch
):
    # GIVEN an import whose chunk wrote its rows and died before their ledger lines, for good
    # (its job failed: the import shows as failed)
    from functions.core import jobs

    roof = owner.post("/api/funds", {"name": "Roof Appeal", "fund_class": "restricted"}).json["id"]
    item, chunks = ih.planned_chunks(owner, aws, "died.csv", gifts(), COLUMNS)

    def dies(*_):  # type: ignore[no-untyped-def]
        raise RuntimeError("worker lost")

    with monkeypatch.context() as dying:
        dying.setattr(import_ledger, "write", dies)
        with pytest.raises(BatchProcessingError):
            import_jobs.handler(lambda_event(chunks), None)
    ih.delete_messages(aws, chunks)
    assert len(ih.donations(owner)) == 40
    assert money_in(owner, roof)["balance"] == 0  # the rows are there, their lines are not
    job_id = owner.get(f"/api/imports/{item['id']}").json["job_id"]
    jobs.fail(jobs.get(owner.tenant_id, job_id), "worker lost")
    assert owner.get(f"/api/imports/{item['id']}").json["status"] == "failed"
    # WHEN it is undone
    ih.job_done(owner, aws, owner.post(f"/api/imports/{item['id']}/undo"))
    # THEN the donations are gone and no fund is left owing what it never got: the lines the
    # chunk would have written were written first, then taken back with their donations
    assert ih.donations(owner) == []
    for fund_id in (roof, DEFAULT_FUND_ID):
        assert money_in(owner, fund_id) == {"balance": 0, "lines": 0, "months": 0, "donations": 0}
        assert len(lines_of(owner.tenant_id, fund_id)) == 2 * len(
            [n for n in range(40) if (n % 3 == 0) == (fund_id == roof)]
        )
