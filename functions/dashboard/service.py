"""The dashboard (spec §2 `/`): tiles and charts from aggregate items kept by the donation
transactions — one Query for every month, type, method and tax-year figure — and the unclaimed
Gift Aid tile from the claimable donations' GSI4 partition, at most two Query pages (about 2,000
donations; beyond that the tile is a lower bound marked `complete: false` and the New Claim screen
has the full figure). After the charity item, its four parts read side by side (`core.together`)."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from functions.charities.repository import get_tenant
from functions.core import clock, keys
from functions.core.access import Principal
from functions.core.money import money_text
from functions.core.together import together
from functions.dashboard import fund_tiles, setup
from functions.domain.giftaid.states import GiftAidState
from functions.domain.tax_year import last_months, month_of, tax_year_label, tax_year_of
from functions.donations.catalog import TYPES
from functions.donations.models import DonationStats, DonationType
from functions.giftaid import summary as claims

MONTHS = 12
UNCLAIMED_PAGES = 2  # Query calls the unclaimed Gift Aid tile may make


def _unclaimed(tenant_id: str) -> dict[str, Any]:
    found = claims.state_summary(tenant_id, GiftAidState.CLAIMABLE, max_pages=UNCLAIMED_PAGES)
    return {
        "count": found.count,
        "donation_total": money_text(found.donation_total),
        "gift_aid": money_text(found.gift_aid_total),
        "complete": found.complete,
    }


def _figures(stats: DonationStats | None) -> dict[str, Any]:
    count = int(stats.gifts or 0) if stats else 0
    total = stats.total if stats and stats.total else Decimal(0)
    return {"count": count, "total": money_text(total)}


def _donation_figures(who: Principal, today: date, months: list[str], tax_year: int) -> dict[str, Any]:
    """The tiles and series kept by the donation transactions: one Query (and one of the donation
    types' names when a month has typed gifts)."""
    pk = keys.tenant_pk(who.tenant_id)
    items = DonationStats.query(
        pk,
        DonationStats.sk.between(keys.donation_month_sk(months[0], ""), keys.donation_tax_year_sk(tax_year)),
    )
    by_sk = {item.sk: item for item in items}
    year = by_sk.get(keys.donation_tax_year_sk(tax_year))
    year_figures = _figures(year)
    average = (year.total / Decimal(int(year.gifts))) if year and year.gifts else Decimal(0)
    by_type: dict[str, dict[str, Any]] = {}
    by_method: dict[str, dict[str, Any]] = {}
    for sk, item in by_sk.items():
        parts = sk.split("#")  # DONATIONSTATS#<month>#<dimension>[#<value>]
        if len(parts) != 4 or parts[1] not in months:
            continue
        target = by_type if parts[2] == "TYPE" else by_method
        entry = target.setdefault(parts[3], {"count": 0, "total": Decimal(0)})
        entry["count"] += int(item.gifts or 0)
        entry["total"] += item.total or Decimal(0)
    return {
        "tiles": {
            "donations_this_month": _figures(by_sk.get(keys.donation_month_sk(month_of(today)))),
            "donations_this_tax_year": {**year_figures, "tax_year": tax_year_label(tax_year)},
            "donors": int(who.counters.donors or 0),
            "average_gift": money_text(average),
        },
        "series": {
            "per_month": [
                {"month": month, **_figures(by_sk.get(keys.donation_month_sk(month)))} for month in months
            ],
            "by_type": _named(by_type, _type_names(who.tenant_id) if by_type else {}),
            "by_method": [
                {"method": method, "count": v["count"], "total": money_text(v["total"])}
                for method, v in sorted(by_method.items(), key=lambda kv: -kv[1]["total"])
            ],
        },
    }


def dashboard(who: Principal) -> dict[str, Any]:
    today = clock.today()
    months = last_months(today, MONTHS)
    tax_year = tax_year_of(today)
    # the charity item, read once for the checklist and the fund tiles (neither for the platform's
    # own users, who set up no charity; the tiles only for a user who manages fund distributions)
    show_funds = who.can(fund_tiles.PERMISSION)
    tenant = get_tenant(who.tenant_id) if show_funds or not who.is_admin else None
    # then the four parts side by side: four chains of one to three reads instead of nine in a row
    figures, unclaimed, checklist, funds = together(
        lambda: _donation_figures(who, today, months, tax_year),
        lambda: _unclaimed(who.tenant_id),
        lambda: setup.checklist(who, tenant) if tenant is not None else None,
        lambda: fund_tiles.tiles(tenant, today) if show_funds and tenant is not None else None,
    )
    return {
        "tiles": {**figures["tiles"], "unclaimed_gift_aid": unclaimed},
        "series": figures["series"],
        "setup": checklist,
        **({"funds": funds} if funds is not None else {}),
    }


def _type_names(tenant_id: str) -> dict[str, str]:
    found = DonationType.query(keys.tenant_pk(tenant_id), DonationType.sk.startswith(TYPES.prefix), limit=500)
    return {item.type_id: item.name for item in found}


def _named(values: dict[str, dict[str, Any]], type_names: dict[str, str]) -> list[dict[str, Any]]:
    return [
        {
            "type_id": type_id,
            "name": type_names.get(type_id, ""),
            "count": v["count"],
            "total": money_text(v["total"]),
        }
        for type_id, v in sorted(values.items(), key=lambda kv: -kv[1]["total"])
    ]
