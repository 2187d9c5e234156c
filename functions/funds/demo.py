"""Demo funds for the local stack's demo charity (chalicelocal/seed.py): a restricted appeal with
a goal and a designated fund, each given money from General by transfers in this financial year
and the one before, so the statement of funds and the dashboard's fund tiles have figures.
Idempotent: nothing is done once the charity has a fund besides General."""

from __future__ import annotations

import datetime as dt

from functions.core import clock
from functions.domain.funds import DEFAULT_FUND_ID
from functions.donations.demo import _principal
from functions.funds import service
from functions.funds.figures import all_funds
from functions.funds.schemas import FundBody, TransferBody

# (name, class, finance code, goal, [(days ago, £ from General)])
FUNDS = (
    ("Roof appeal", "restricted", "ROOF-1", "5000.00", [(400, "1200.00"), (60, "850.00")]),
    ("Minibus replacement", "designated", "MB-2", None, [(420, "600.00"), (30, "300.00")]),
)


def seed_funds(tenant_id: str) -> bool:
    """Create the demo funds and their transfers; False when already there."""
    who = _principal(tenant_id)
    if any(fund.fund_id != DEFAULT_FUND_ID for fund, _ in all_funds(tenant_id)):
        return False
    today = clock.today()
    for name, fund_class, code, goal, transfers in FUNDS:
        fund = service.create(
            who,
            FundBody(name=name, fund_class=fund_class, finance_code=code, goal=goal),  # type: ignore[arg-type]
        )
        for days, amount in transfers:
            service.transfer(
                who,
                TransferBody.model_validate(
                    {
                        "from_fund_id": DEFAULT_FUND_ID,
                        "to_fund_id": fund["id"],
                        "amount": amount,
                        "date": (today - dt.timedelta(days=days)).isoformat(),
                        "reason": "reallocation",
                        "note": "Set aside by the trustees (demo data).",
                    }
                ),
            )
    return True
