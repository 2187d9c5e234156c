"""Fund amounts as the screens show them and the charity's year end: apart from the fund
figures' reads (`figures.py`, which re-exports both) so that the dashboard's fund tiles, which read
their items as plain attributes, import no fund model (ADR 0011, cold start)."""

from __future__ import annotations

from decimal import Decimal

from functions.core.identity import Tenant
from functions.core.money import money_text


def pounds(amount_pence: int | None) -> str | None:
    return None if amount_pence is None else money_text(Decimal(int(amount_pence)) / 100)


def year_end(tenant: Tenant) -> str:
    """The charity's financial year end, "MM-DD" (charity settings; 31 March unless set). Its one
    copy is on the charity item (ADR 0018: the old Gift Aid settings copy never held it)."""
    return tenant.year_end or "03-31"
