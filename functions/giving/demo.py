"""Demo data of online giving for the local stack's demo charity (chalicelocal/seed.py): its
donation page offering its appeal funds (its gateways: functions/gateways/demo.py). Idempotent:
nothing is done once the charity has a page."""

from __future__ import annotations

from functions.domain.funds import DEFAULT_FUND_ID
from functions.giving import repository, service


def seed_giving(tenant_id: str, user_id: str) -> bool:
    if repository.page(tenant_id) is not None:
        return False
    page = service.page_of(tenant_id)  # the default page, as on first read
    funds = [
        fund.fund_id for fund in service.active_funds(tenant_id).values() if fund.fund_id != DEFAULT_FUND_ID
    ]
    page.intro = "Your gift keeps our doors open. Thank you for giving."
    page.fund_ids = sorted(funds)[:3]  # type: ignore[assignment]
    page.thank_you = "Thank you! Your donation makes a real difference."
    page.save()
    return True
