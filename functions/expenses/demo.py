"""The demo charity's expense types and expenses (`make run`'s seed): a few of each status on
its funds, approved ones never taking a restricted or endowment fund below zero (at most half
of what such a fund holds). Idempotent: skipped when the charity already has expense types."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

from functions.core import clock, counters
from functions.core.access import Principal
from functions.core.identity import User
from functions.domain.funds import is_guarded
from functions.expenses import repository, service
from functions.expenses.schemas import ExpenseBody, ExpenseTypeBody, VersionBody
from functions.funds import service as funds_service

TYPES = (
    ("Staff costs", "Salaries and sessional workers"),
    ("Equipment", "Things the charity buys and keeps"),
    ("Venue hire", "Halls and rooms for events"),
    ("Travel", "Mileage, trains and buses"),
    ("Printing", "Leaflets, posters and letters"),
)
# (type, payee, description, pounds, days ago, status) spent from the default fund
GENERAL = (
    ("Venue hire", "St Mary's church hall", "Spring coffee morning", "45.00", 80, "paid"),
    ("Printing", "Print Shop Ltd", "Appeal leaflets", "62.40", 60, "paid"),
    ("Travel", "Volunteer mileage", "Collection runs", "18.90", 35, "approved"),
    ("Equipment", "Hardware Direct", "Folding tables", "120.00", 20, "approved"),
    ("Staff costs", "Sessional coordinator", "Summer fair coordination", "150.00", 5, "draft"),
)


def seed_expenses(owner: User) -> bool:
    tenant_id = owner.tenant_id
    if repository.all_types(tenant_id):
        return False
    who = Principal(user=owner, session=None, counters=counters.read(tenant_id))
    type_ids = {
        name: service.type_create(who, ExpenseTypeBody(name=name, description=description))["id"]
        for name, description in TYPES
    }
    today = clock.now().date()
    pairs = funds_service.funds_with_default(tenant_id)
    default = next(fund for fund, _ in pairs if fund.is_default)
    plan: list[tuple[str, str, str, str, Decimal, dt.date, str]] = [
        (default.fund_id, kind, payee, text, Decimal(amount), today - dt.timedelta(days=ago), status)
        for kind, payee, text, amount, ago, status in GENERAL
    ]
    for fund, balance in pairs:  # half of what a guarded fund holds, at most £200
        held = Decimal(int(balance.balance or 0)) / 100
        if is_guarded(fund.fund_class) and not fund.archived and held >= 2:
            amount = min(held / 2, Decimal(200)).quantize(Decimal("0.01"))
            plan.append(
                (
                    fund.fund_id,
                    "Equipment",
                    "Supplier",
                    fund.name,
                    amount,
                    today - dt.timedelta(days=10),
                    "approved",
                )
            )
    for fund_id, kind, payee, text, amount, day, status in plan:
        body = ExpenseBody.model_validate(
            {
                "date": day.isoformat(),
                "amount": str(amount),
                "expense_type_id": type_ids[kind],
                "fund_id": fund_id,
                "payee": payee,
                "description": text,
            }
        )
        expense = service.create(who, body)
        if status in ("approved", "paid"):
            expense = service.approve(who, expense["id"], VersionBody(version=expense["version"]))
        if status == "paid":
            service.pay(who, expense["id"], VersionBody(version=expense["version"]))
    return True
