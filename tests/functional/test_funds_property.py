"""Property test of the fund ledger (issue 15 §2): random sequences of donations split across an
unrestricted, a designated and a restricted fund (by amounts or by percentages), amount edits
re-balanced, refunds, deletions, transfers between the funds, part of a donation moved to another
fund, and expenses approved.

After every step: the answer is the one a simple model predicts (a write that would take the
restricted fund below zero is refused with 409, anything else succeeds), every fund's balance as
the API shows it equals the model's, and every stored balance equals the sum of its ledger lines
and the sum of its monthly totals; the restricted fund is never below zero.

Each example signs up its own charity; hypothesis runs derandomized and without a database."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from chalicelocal import moto_speedups
from functions.core import clock, keys
from functions.core.table import Entity
from functions.domain import funds
from functions.domain.funds import DEFAULT_FUND_ID
from functions.funds import repository as fund_repository
from functions.funds.models import FundBalance, FundMonth
from tests.functional.helpers import SignedIn, sign_up_charity

NOW = dt.datetime(2026, 6, 1, 12, 0, tzinfo=dt.UTC)
DATES = ("2026-03-31", "2026-04-01", "2026-05-15")
AMOUNTS = (1, 999, 1000, 2550, 10000)  # pence
KINDS = ("allocation", "transfer_in", "transfer_out", "expense", "gift_aid", "refund_reversal")


def text(pence: int) -> str:
    return f"{Decimal(pence) / 100:.2f}"


class Ledger(RuleBasedStateMachine):
    client: Any = None

    def __init__(self) -> None:
        super().__init__()
        self.owner: SignedIn = sign_up_charity(self.client, "Ledger Trust")
        made = [
            self.owner.post("/api/funds", {"name": name, "fund_class": kind}).json
            for name, kind in (("Designated", "designated"), ("Restricted", "restricted"))
        ]
        self.funds = [DEFAULT_FUND_ID, made[0]["id"], made[1]["id"]]
        self.restricted = made[1]["id"]
        self.balances = dict.fromkeys(self.funds, 0)
        self.donations: list[dict[str, Any]] = []  # id, version, amount, lines, received
        self.expense_type = self.owner.post("/api/expense-types", {"name": "Costs"}).json["id"]

    # ------------------------------------------------------------------ helpers
    def _after(self, changes: dict[str, int]) -> bool:
        """Apply `changes` to the model if the restricted fund stays at or above zero."""
        if self.balances[self.restricted] + changes.get(self.restricted, 0) < 0:
            return False
        for fund_id, change in changes.items():
            self.balances[fund_id] += change
        return True

    @staticmethod
    def _effect(lines: list[tuple[str, int]], received: bool, sign: int) -> dict[str, int]:
        return {fund_id: sign * amount for fund_id, amount in lines} if received else {}

    @staticmethod
    def _merge(*parts: dict[str, int]) -> dict[str, int]:
        total: dict[str, int] = {}
        for part in parts:
            for fund_id, change in part.items():
                total[fund_id] = total.get(fund_id, 0) + change
        return total

    # ------------------------------------------------------------------ rules
    @rule(
        amount=st.sampled_from(AMOUNTS),
        day=st.sampled_from(DATES),
        chosen=st.lists(st.sampled_from((0, 1, 2)), min_size=0, max_size=3, unique=True),
        by_percent=st.booleans(),
    )
    def give(self, amount: int, day: str, chosen: list[int], by_percent: bool) -> None:
        fund_ids = [self.funds[i] for i in chosen]
        if not fund_ids:
            allocations, lines = None, [(DEFAULT_FUND_ID, amount)]
        elif by_percent:
            share = Decimal(100) / len(fund_ids)
            percents = [share.quantize(Decimal("0.0001"))] * len(fund_ids)
            percents[0] += Decimal(100) - sum(percents)
            allocations = [{"fund_id": f, "percent": str(p)} for f, p in zip(fund_ids, percents, strict=True)]
            lines = funds.split(
                amount, [funds.SplitLine(f, None, p) for f, p in zip(fund_ids, percents, strict=True)]
            )
        else:
            shares = [amount // len(fund_ids)] * len(fund_ids)
            shares[0] += amount - sum(shares)
            allocations = [{"fund_id": f, "amount": text(a)} for f, a in zip(fund_ids, shares, strict=True)]
            lines = list(zip(fund_ids, shares, strict=True))
        if any(a <= 0 for _, a in lines):
            return  # 1p cannot be split three ways (a 422 the unit tests cover)
        body: dict[str, Any] = {"amount": text(amount), "date": day, "payment_method": "cash"}
        if allocations is not None:
            body["allocations"] = allocations
        reply = self.owner.post("/api/donations", body)
        assert reply.status == 201, reply
        assert [(line["fund_id"], line["amount"]) for line in reply.json["allocations"]] == [
            (f, text(a)) for f, a in lines
        ]
        self._after(self._effect(lines, True, 1))
        self.donations.append(
            {
                "id": reply.json["id"],
                "version": reply.json["version"],
                "amount": amount,
                "lines": lines,
                "received": True,
                "date": day,
            }
        )

    @precondition(lambda self: self.donations)
    @rule(pick=st.integers(min_value=0, max_value=50))
    def delete(self, pick: int) -> None:
        donation = self.donations[pick % len(self.donations)]
        allowed = self._after(self._effect(donation["lines"], donation["received"], -1))
        reply = self.owner.delete(f"/api/donations/{donation['id']}")
        assert reply.status == (200 if allowed else 409), reply
        if allowed:
            self.donations.remove(donation)

    @precondition(lambda self: any(d["received"] for d in self.donations))
    @rule(pick=st.integers(min_value=0, max_value=50))
    def refund(self, pick: int) -> None:
        received = [d for d in self.donations if d["received"]]
        donation = received[pick % len(received)]
        allowed = self._after(self._effect(donation["lines"], True, -1))
        reply = self.owner.put(
            f"/api/donations/{donation['id']}",
            {
                "amount": text(donation["amount"]),
                "date": donation["date"],
                "payment_method": "cash",
                "status": "refunded",
                "refunded_at": "2026-05-31",
                "version": donation["version"],
            },
        )
        assert reply.status == (200 if allowed else 409), reply
        if allowed:
            donation["received"], donation["version"] = False, reply.json["version"]

    @precondition(lambda self: any(d["received"] for d in self.donations))
    @rule(pick=st.integers(min_value=0, max_value=50), amount=st.sampled_from(AMOUNTS))
    def edit_amount(self, pick: int, amount: int) -> None:
        received = [d for d in self.donations if d["received"]]
        donation = received[pick % len(received)]
        lines = funds.rebalance(amount, donation["lines"])
        if any(a <= 0 for _, a in lines):
            return
        changes = self._merge(self._effect(donation["lines"], True, -1), self._effect(lines, True, 1))
        allowed = self._after(changes)
        reply = self.owner.put(
            f"/api/donations/{donation['id']}",
            {
                "amount": text(amount),
                "date": donation["date"],
                "payment_method": "cash",
                "version": donation["version"],
                "rebalance": True,
            },
        )
        assert reply.status == (200 if allowed else 409), reply
        if allowed:
            donation.update(amount=amount, lines=lines, version=reply.json["version"])

    @rule(source=st.sampled_from((0, 1, 2)), into=st.sampled_from((0, 1, 2)), amount=st.sampled_from(AMOUNTS))
    def transfer(self, source: int, into: int, amount: int) -> None:
        if source == into:
            return
        from_id, to_id = self.funds[source], self.funds[into]
        allowed = self._after({from_id: -amount, to_id: amount})
        reply = self.owner.post(
            "/api/funds/transfers",
            {
                "from_fund_id": from_id,
                "to_fund_id": to_id,
                "amount": text(amount),
                "date": "2026-05-20",
                "reason": "correction",
                "note": "property test",
            },
        )
        assert reply.status == (201 if allowed else 409), reply

    @precondition(lambda self: any(d["received"] for d in self.donations))
    @rule(
        pick=st.integers(min_value=0, max_value=50),
        into=st.sampled_from((0, 1, 2)),
        amount=st.sampled_from(AMOUNTS),
    )
    def move(self, pick: int, into: int, amount: int) -> None:
        received = [d for d in self.donations if d["received"]]
        donation = received[pick % len(received)]
        from_id, held = donation["lines"][pick % len(donation["lines"])]
        to_id, amount = self.funds[into], min(amount, held)
        if to_id == from_id:
            return
        allowed = self._after({from_id: -amount, to_id: amount})
        reply = self.owner.post(
            "/api/funds/moves",
            {
                "donation_id": donation["id"],
                "from_fund_id": from_id,
                "to_fund_id": to_id,
                "amount": text(amount),
                "date": "2026-05-21",
                "reason": "correction",
                "note": "property test",
            },
        )
        assert reply.status == (201 if allowed else 409), reply
        if allowed:
            lines = [(f, a - amount if f == from_id else a) for f, a in donation["lines"]]
            if any(f == to_id for f, _ in lines):
                lines = [(f, a + amount if f == to_id else a) for f, a in lines]
            else:
                lines.append((to_id, amount))
            donation.update(lines=[(f, a) for f, a in lines if a], version=reply.json["version"])
            shown = self.owner.get(f"/api/donations/{donation['id']}").json
            assert shown["version"] == donation["version"]
            assert [(line["fund_id"], line["amount"]) for line in shown["allocations"]] == [
                (f, text(a)) for f, a in donation["lines"]
            ]

    @rule(fund=st.sampled_from((0, 1, 2)), amount=st.sampled_from(AMOUNTS))
    def expense(self, fund: int, amount: int) -> None:
        fund_id = self.funds[fund]
        draft = self.owner.post(
            "/api/expenses",
            {
                "date": "2026-05-22",
                "amount": text(amount),
                "expense_type_id": self.expense_type,
                "fund_id": fund_id,
            },
        )
        assert draft.status == 201, draft
        allowed = self._after({fund_id: -amount})
        reply = self.owner.post(
            f"/api/expenses/{draft.json['id']}/approve", {"version": draft.json["version"]}
        )
        assert reply.status == (200 if allowed else 409), reply

    # ------------------------------------------------------------------ invariants
    @invariant()
    def balances_equal_the_ledger(self) -> None:
        listed = {row["id"]: row["balance"] for row in self.owner.get("/api/funds").json["data"]}
        tid = self.owner.tenant_id
        months = [
            item
            for item in Entity.query(keys.tenant_pk(tid), Entity.sk.startswith(keys.fund_month_prefix()))
            if isinstance(item, FundMonth)
        ]
        for fund_id in self.funds:
            assert Decimal(listed[fund_id]) == Decimal(self.balances[fund_id]) / 100
            stored = int(FundBalance.get(*FundBalance.key(tid, fund_id), consistent_read=True).balance)
            lines = fund_repository.lines_of(tid, fund_id)
            assert stored == sum(int(line.amount) for line in lines) == self.balances[fund_id]
            by_month = sum(
                int(getattr(month, kind) or 0)
                for month in months
                if month.sk.endswith(f"#{fund_id}")
                for kind in KINDS
            )
            assert by_month == stored
        assert self.balances[self.restricted] >= 0


@pytest.fixture
def frozen_clock():
    clock.set_clock(lambda: NOW)
    yield
    clock.set_clock(None)


def test_random_ledger_operations_keep_balances_equal_to_their_lines(aws, client, frozen_clock):
    moto_speedups.apply()
    Ledger.client = client
    run_state_machine_as_test(
        Ledger,
        settings=settings(
            max_examples=4,
            stateful_step_count=10,
            deadline=None,
            derandomize=True,
            database=None,
            phases=(Phase.explicit, Phase.generate),
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )
