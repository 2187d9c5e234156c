"""The demo charity's funds and projects (chalicelocal/seed.py): two restricted appeals with
three projects, and a few new donations split to them, so the project screens have figures.
Only donations made here name a project; the other demo donations are left as they are."""

from __future__ import annotations

import datetime as dt

from functions.core import clock
from functions.donations import service as donations
from functions.donations.demo import _principal
from functions.donations.schemas import DonationBody
from functions.funds import service as funds
from functions.funds.schemas import FundBody
from functions.projects import repository
from functions.projects import service as projects
from functions.projects.schemas import ProjectBody

FUNDS = (
    ("Kennel Rebuild Appeal", "restricted", "Money given to rebuild the kennel block."),
    ("Veterinary Care Fund", "designated", "Set aside by the trustees for vet bills."),
)
PROJECTS = (
    # (name, fund index, status, budget, description)
    ("New Kennel Block", 0, "active", "25000", "Twelve heated kennels with an outdoor run."),
    ("Cattery Roof", 0, "planned", "6000", "Replace the cattery's leaking roof."),
    ("Emergency Vet Bills", 1, "active", "10000", "Operations and treatment of rescued animals."),
)
# (amount, days ago, [(project index or None, amount)]): None is the General fund
GIFTS = (
    ("250.00", 40, [(0, "250.00")]),
    ("100.00", 25, [(0, "60.00"), (None, "40.00")]),
    ("75.00", 12, [(2, "75.00")]),
    ("40.00", 5, [(1, "20.00"), (2, "20.00")]),
)


def seed_projects(tenant_id: str) -> bool:
    """Create the demo's funds, projects and their donations; False when the charity already
    has projects."""
    if repository.all_projects(tenant_id):
        return False
    who = _principal(tenant_id)
    fund_ids = [
        funds.create(
            who, FundBody.model_validate({"name": name, "fund_class": fund_class, "description": text})
        )["id"]
        for name, fund_class, text in FUNDS
    ]
    project_ids = [
        projects.create(
            who,
            ProjectBody.model_validate(
                {
                    "name": name,
                    "fund_id": fund_ids[fund],
                    "status": status,
                    "budget": budget,
                    "description": text,
                    "start_date": (clock.today() - dt.timedelta(days=60)).isoformat(),
                }
            ),
        )["id"]
        for name, fund, status, budget, text in PROJECTS
    ]
    for amount, days, lines in GIFTS:
        allocations = [
            {"project_id": project_ids[index], "amount": share}
            if index is not None
            else {"fund_id": "general", "amount": share}
            for index, share in lines
        ]
        body = DonationBody.model_validate(
            {
                "amount": amount,
                "date": (clock.today() - dt.timedelta(days=days)).isoformat(),
                "payment_method": "bank_transfer",
                "notes": "Demo: given to a project",
                "allocations": allocations,
            }
        )
        donations.create(who, body)
    return True
