"""Funds at charity scale (issue 15 §11), in-process on moto's `mock_aws` with the local stack's
speed-ups (ADR 0006).

One charity with 50 funds (ten restricted), 100,000 donations split over one to three funds and
5,000 approved expenses. The donations, their ledger lines, the funds' monthly totals and
balances are batch-written in the shapes the ledger writes (`functions/funds/ledger.py`: the
movements come from `functions.domain.funds.donation_movements`, the same function a donation
write uses), and the seed is checked: a sample of funds' balances equal the sum of their lines.
Then, through the real routes and services:

- the statement of funds for the last financial year (`GET /api/funds/statement`): time (p50,
  p95 of `--requests`) and DynamoDB calls — budget ≤ 0.5 s and ≤ 60 calls;
- a donation split three ways (`POST /api/donations`): its DynamoDB calls by operation —
  budget: ONE TransactWriteItems;
- 20 transfers at once out of one restricted fund holding less than they ask together: the
  balance never goes below zero and still equals its lines.

    .venv/bin/python bench/funds.py [--donations 100000] [--expenses 5000] [--requests 20]
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import statistics
import sys
import threading
import time
from collections import Counter
from decimal import Decimal
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import tests.conftest  # noqa: E402,F401  (the test environment: fake credentials, local stage)

FUNDS, RESTRICTED = 50, 10
BUDGET_STATEMENT_S, BUDGET_STATEMENT_CALLS, BUDGET_DONATION_TRANSACTIONS = 0.5, 60, 1
SEED_TODAY = dt.date.today()  # donations and expenses over the two years before it
CALLS: Counter[str] = Counter()
CALLS_LOCK = threading.Lock()


def count_calls() -> None:
    """Wrap PynamoDB's connection: every DynamoDB operation of the app passes through it."""
    from pynamodb.connection.base import Connection

    original = Connection._make_api_call

    def counted(self, operation_name, operation_kwargs):  # type: ignore[no-untyped-def]
        with CALLS_LOCK:
            CALLS[operation_name] += 1
        return original(self, operation_name, operation_kwargs)

    Connection._make_api_call = counted  # type: ignore[method-assign]


def make_funds(owner: Any) -> tuple[list[str], list[str]]:
    """50 funds through the API (ten of them restricted): (all ids, restricted ids)."""
    ids, restricted = ["general"], []
    for n in range(1, FUNDS):
        fund_class = (
            "restricted" if n <= RESTRICTED else ("designated" if n % 3 == 0 else "unrestricted_general")
        )
        reply = owner.post(
            "/api/funds", {"name": f"Fund {n:02d}", "fund_class": fund_class, "finance_code": f"F{n:02d}"}
        )
        assert reply.status == 201, reply  # noqa: S101
        ids.append(reply.json["id"])
        if fund_class == "restricted":
            restricted.append(reply.json["id"])
    return ids, restricted


def seed(tenant_id: str, fund_ids: list[str], donations: int, expenses: int) -> int:
    """Donations with their splits and ledger lines, expenses as ledger lines, and the monthly
    totals and balances those lines add up to. Answers the number of items written."""
    from functions.core import clock
    from functions.core.table import Entity
    from functions.domain import funds
    from functions.donations import repository as donation_repository
    from functions.donations.models import PAYMENT_METHODS, Donation
    from functions.expenses import repository as expense_repository
    from functions.expenses.models import Expense
    from functions.funds.models import FundBalance, FundMonth, LedgerLine

    rng = random.Random(15)  # noqa: S311
    months: dict[tuple[str, str], Counter[str]] = {}
    balances: Counter[str] = Counter()
    line_counts: Counter[str] = Counter()
    written = 0
    now = clock.now()

    def line(move: funds.Movement, number: int, source_type: str, source_id: str) -> LedgerLine:
        line_id = f"{number:026d}"
        months.setdefault((move.date[:7], move.fund_id), Counter())[move.kind] += move.amount
        balances[move.fund_id] += move.amount
        line_counts[move.fund_id] += 1
        return LedgerLine(
            *LedgerLine.key(tenant_id, move.fund_id, move.date, line_id),
            line_id=line_id,
            fund_id=move.fund_id,
            kind=move.kind,
            amount=move.amount,
            line_date=move.date,
            source_type=source_type,
            source_id=source_id,
            reason=f"{source_type}_created",
            created_at=now,
        )

    number = 0
    with Entity.batch_write() as batch:
        for n in range(donations):
            day = (SEED_TODAY - dt.timedelta(days=rng.randint(0, 2 * 365))).isoformat()
            total = rng.randint(100, 50_000)
            chosen = rng.sample(fund_ids, rng.choice((1, 1, 2, 3)))
            part = total // len(chosen)
            shares = funds.split(
                total,
                [
                    funds.SplitLine(f, amount=part + (total - part * len(chosen) if i == 0 else 0))
                    for i, f in enumerate(chosen)
                ],
            )
            donation_id = f"{n:026d}"
            donation = Donation(
                *Donation.key(tenant_id, donation_id),
                donation_id=donation_id,
                tenant_id=tenant_id,
                donor_name="Bench donor",
                amount=Decimal(total) / 100,
                donation_date=day,
                payment_method=rng.choice(PAYMENT_METHODS),
                allocations=[{"fund_id": f, "amount": a} for f, a in shares],
                allocation_defaulted=False,
                version=1,
            )
            donation_repository.index_keys(donation)
            batch.save(donation)
            written += 1
            for move in funds.donation_movements(None, funds.DonationSide(day, True, tuple(shares))):
                number += 1
                batch.save(line(move, number, "donation", donation_id))
                written += 1
        for n in range(expenses):
            day = (SEED_TODAY - dt.timedelta(days=rng.randint(0, 2 * 365))).isoformat()
            fund_id = rng.choice(fund_ids[RESTRICTED + 1 :])  # unrestricted: never below zero to check
            expense_id = f"E{n:025d}"
            amount = rng.randint(500, 20_000)
            expense = Expense(
                *Expense.key(tenant_id, expense_id),
                expense_id=expense_id,
                tenant_id=tenant_id,
                expense_date=day,
                amount=amount,
                expense_type_id="bench-type",
                fund_id=fund_id,
                payee="Bench supplier",
                status="approved",
                approved_at=now,
                version=1,
            )
            expense_repository.index_keys(expense)
            batch.save(expense)
            number += 1
            move = funds.Movement(fund_id, day, "expense", -amount)
            batch.save(line(move, number, "expense", expense_id))
            written += 2
        for (month, fund_id), kinds in months.items():
            batch.save(FundMonth(*FundMonth.key(tenant_id, month, fund_id), **dict(kinds)))
            written += 1
    for fund_id in fund_ids:
        FundBalance(*FundBalance.key(tenant_id, fund_id)).update(
            actions=[
                FundBalance.balance.set(balances[fund_id]),
                FundBalance.lines.set(line_counts[fund_id]),
            ]
        )
    return written


def check_seed(tenant_id: str, fund_ids: list[str]) -> None:
    from functions.funds import repository
    from functions.funds.models import FundBalance

    for fund_id in fund_ids[:3]:
        balance = int(FundBalance.get(*FundBalance.key(tenant_id, fund_id), consistent_read=True).balance)
        lines = sum(int(line.amount) for line in repository.lines_of(tenant_id, fund_id))
        assert balance == lines, (fund_id, balance, lines)  # noqa: S101


def financial_year_end(today: dt.date, year_end: str = "03-31") -> int:
    """The calendar year in which the last completed financial year ended."""
    month, day = (int(part) for part in year_end.split("-"))
    this_year_end = dt.date(today.year, month, day)
    return today.year if this_year_end < today else today.year - 1


def statement(owner: Any, requests: int) -> tuple[float, float, int, tuple[str, str, str]]:
    year = financial_year_end(SEED_TODAY)
    path = f"/api/funds/statement?year={year}"
    timings, calls = [], []
    for _ in range(requests):
        CALLS.clear()
        start = time.perf_counter()
        reply = owner.get(path)
        timings.append(time.perf_counter() - start)
        assert reply.status == 200, (path, reply)  # noqa: S101
        calls.append(sum(CALLS.values()))
    timings.sort()
    p95 = timings[max(0, int(len(timings) * 0.95) - 1)]
    body = reply.json
    funds = sum(len(group["funds"]) for group in body["classes"])
    income = body["total"]["income"] if "total" in body else "?"
    return statistics.median(timings), p95, max(calls), (str(year), str(funds), str(income))


def split_donation(owner: Any, fund_ids: list[str]) -> Counter[str]:
    CALLS.clear()
    reply = owner.post(
        "/api/donations",
        {
            "amount": "90.00",
            "date": SEED_TODAY.isoformat(),
            "payment_method": "cash",
            "allocations": [
                {"fund_id": fund_id, "percent": "33.34" if i == 0 else "33.33"}
                for i, fund_id in enumerate(fund_ids[:3])
            ],
        },
    )
    assert reply.status == 201, reply  # noqa: S101
    return Counter(CALLS)


def concurrent_transfers(owner: Any, fund_id: str, count: int = 20) -> tuple[int, int, int, int]:
    """`count` transfers of £10 at once out of a restricted fund holding £100 less than they ask
    together would need (after topping it up to exactly £100): (done, refused, final balance,
    sum of its lines) in pence."""
    from functions.core import keys
    from functions.core.access import Principal
    from functions.core.counters import TenantCounters
    from functions.core.errors import AlmonerError
    from functions.core.identity import User
    from functions.donors.transaction import TransactionFailed
    from functions.funds import repository, service
    from functions.funds.models import FundBalance
    from functions.funds.schemas import TransferBody

    user = User.get(keys.tenant_pk(owner.tenant_id), keys.user_sk(owner.user_id))
    who = Principal(user=user, session=None, counters=TenantCounters.empty(owner.tenant_id))
    balance = int(FundBalance.get(*FundBalance.key(owner.tenant_id, fund_id), consistent_read=True).balance)
    if balance != 10_000:  # bring the fund to exactly £100 with one transfer
        service.transfer(
            who,
            TransferBody(
                from_fund_id=fund_id if balance > 10_000 else "general",
                to_fund_id="general" if balance > 10_000 else fund_id,
                amount=f"{abs(balance - 10_000) / 100:.2f}",
                date=SEED_TODAY.isoformat(),
                reason="correction",
                note="bench: set to £100",
            ),
        )
    body = TransferBody(
        from_fund_id=fund_id,
        to_fund_id="general",
        amount="10.00",
        date=SEED_TODAY.isoformat(),
        reason="release_from_restriction",
        note="bench: concurrent releases",
    )
    outcomes: list[str] = []
    start = threading.Barrier(count)

    def move() -> None:
        start.wait()
        for _ in range(count):  # a lost race (transaction conflict) is tried again
            try:
                service.transfer(who, body)
                outcomes.append("done")
                return
            except AlmonerError as error:
                if error.message_key == "funds.overdrawn":
                    outcomes.append("refused")
                    return
            except TransactionFailed:
                continue
        outcomes.append("gave up")

    threads = [threading.Thread(target=move) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    final = int(FundBalance.get(*FundBalance.key(owner.tenant_id, fund_id), consistent_read=True).balance)
    lines = sum(int(line.amount) for line in repository.lines_of(owner.tenant_id, fund_id))
    return outcomes.count("done"), outcomes.count("refused"), final, lines


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--donations", type=int, default=100_000)
    parser.add_argument("--expenses", type=int, default=5_000)
    parser.add_argument("--requests", type=int, default=20)
    args = parser.parse_args()

    from moto import mock_aws

    from chalicelocal import moto_speedups

    moto_speedups.apply()  # the same embedded AWS as the local stack

    with mock_aws():
        from chalicelocal.resources import create_resources, function_environment

        created = create_resources(prefix="almoner-bench", region="eu-west-2")
        os.environ.update(function_environment(created, overrides={"ALMONER_STAGE": "local"}))
        from chalice.test import Client

        from app import app
        from tests.functional.helpers import sign_up_charity

        count_calls()
        with Client(app) as client:
            owner = sign_up_charity(client, "Bench Trust")
            fund_ids, restricted = make_funds(owner)
            started = time.perf_counter()
            written = seed(owner.tenant_id, fund_ids, args.donations, args.expenses)
            check_seed(owner.tenant_id, fund_ids)
            print(
                f"seed_items: {written} items ({args.donations} donations, "
                f"{args.expenses} expenses, {FUNDS} funds)"
            )
            print(f"seed_time: {time.perf_counter() - started:.1f} s")
            failures = []

            split = split_donation(owner, fund_ids)
            described = ", ".join(f"{name} {count}" for name, count in sorted(split.items()))
            print(f"donation_3way_calls: {sum(split.values())} calls ({described})")
            print(
                f"donation_3way_transactions: {split['TransactWriteItems']} "
                f"(budget {BUDGET_DONATION_TRANSACTIONS})"
            )
            if split["TransactWriteItems"] != BUDGET_DONATION_TRANSACTIONS:
                failures.append("donation transactions")

            done, refused, final, lines = concurrent_transfers(owner, restricted[0])
            print(f"concurrent_transfers: 20 at once of £10 from £100: {done} done, {refused} refused")
            print(f"concurrent_final_balance: £{final / 100:.2f} (lines sum £{lines / 100:.2f})")
            if final < 0 or final != lines or done > 10 or done + refused != 20:
                failures.append("concurrent transfers")

            p50, p95, calls, (year, rows, income) = statement(owner, args.requests)
            print(f"statement_year: year ended {year}, {rows} funds, income £{income}")
            print(f"statement_p50: {p50:.3f} s")
            print(f"statement_p95: {p95:.3f} s (budget {BUDGET_STATEMENT_S} s)")
            print(f"statement_calls: {calls} calls (budget {BUDGET_STATEMENT_CALLS})")
            if p95 > BUDGET_STATEMENT_S:
                failures.append("statement time")
            if calls > BUDGET_STATEMENT_CALLS:
                failures.append("statement calls")

            print("budget: pass" if not failures else f"budget: fail ({', '.join(failures)})")
            return 0 if not failures else 1


if __name__ == "__main__":
    sys.exit(main())
