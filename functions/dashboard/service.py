"""The dashboard (spec §2 `/`): tiles and charts from aggregate items kept by the donation
transactions — one Query for every month, type, method and tax-year figure — and the unclaimed
Gift Aid tile from the claimable donations' GSI4 partition, at most two Query pages (about 2,000
donations; beyond that the tile is a lower bound marked `complete: false` and the New Claim screen
has the full figure). The charity item and the Gift Aid settings item are read first, in one
BatchGetItem; then its four parts side by side (`core.together`). Its items are read as plain
attributes (`functions.core.plain_items`), not through the donations', Gift Aid's and
declarations' models, whose imports cost a cold first request more than its reads (ADR 0011,
addendum "the dashboard's first request"); tests/functional/test_dashboard_plain_reads.py holds
them to the models' answers."""

from __future__ import annotations

from datetime import date
from decimal import Decimal
from typing import Any

from functions.core import clock, keys, plain_items
from functions.core.access import Principal
from functions.core.errors import NotFound
from functions.core.identity import Tenant
from functions.core.money import money_text
from functions.core.together import together
from functions.dashboard import fund_tiles, setup
from functions.domain.tax_year import last_months, month_of, tax_year_label, tax_year_of
from functions.giftaid import summary as claims

MONTHS = 12
UNCLAIMED_PAGES = 2  # Query calls the unclaimed Gift Aid tile may make
CLAIMABLE = "claimable"  # GiftAidState.CLAIMABLE
# the discriminators of the items the figures read (their models' `discriminator=`)
STATS_ENTITY, TYPE_ENTITY = "DonationStats", "DonationType"
TYPE_NAMES_READ = 500  # donation types whose names are shown at most (the first by key)


class Stats:
    """A `DonationStats` item's two figures, as its model reads them (absent: the defaults)."""

    __slots__ = ("gifts", "total")

    def __init__(self, item: plain_items.Item) -> None:
        self.gifts = int(plain_items.number(item, "gifts") or 0)
        total = plain_items.number(item, "total")
        self.total = Decimal() if total is None else total


def _unclaimed(tenant_id: str) -> dict[str, Any]:
    found = claims.state_summary(tenant_id, CLAIMABLE, max_pages=UNCLAIMED_PAGES)
    return {
        "count": found.count,
        "donation_total": money_text(found.donation_total),
        "gift_aid": money_text(found.gift_aid_total),
        "complete": found.complete,
    }


def _figures(stats: Stats | None) -> dict[str, Any]:
    count = int(stats.gifts or 0) if stats else 0
    total = stats.total if stats and stats.total else Decimal(0)
    return {"count": count, "total": money_text(total)}


def _donation_figures(who: Principal, today: date, months: list[str], tax_year: int) -> dict[str, Any]:
    """The tiles and series kept by the donation transactions and the donation types' names: one
    Query (the types sort right after the figures)."""
    pk = keys.tenant_pk(who.tenant_id)
    by_sk: dict[str, Stats] = {}
    type_names: dict[str, str] = {}
    for item in plain_items.query(
        pk, (STATS_ENTITY, TYPE_ENTITY), sk_between=keys.donation_stats_and_types_range(months[0])
    ):
        if item["entity"]["S"] == STATS_ENTITY:  # later tax years' items too: never looked up
            by_sk[item["SK"]["S"]] = Stats(item)
        elif len(type_names) < TYPE_NAMES_READ:
            type_names[item["type_id"]["S"]] = item["name"]["S"]
    year = by_sk.get(keys.donation_tax_year_sk(tax_year))
    year_figures = _figures(year)
    average = (year.total / Decimal(int(year.gifts))) if year and year.gifts else Decimal(0)
    by_type: dict[str, dict[str, Any]] = {}
    by_method: dict[str, dict[str, Any]] = {}
    for sk, stats in by_sk.items():
        parts = sk.split("#")  # DONATIONSTATS#<month>#<dimension>[#<value>]
        if len(parts) != 4 or parts[1] not in months:
            continue
        target = by_type if parts[2] == "TYPE" else by_method
        entry = target.setdefault(parts[3], {"count": 0, "total": Decimal(0)})
        entry["count"] += int(stats.gifts or 0)
        entry["total"] += stats.total or Decimal(0)
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
            "by_type": _named(by_type, type_names),
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
    tenant: Tenant | None = None
    settings: plain_items.Item | None = None
    if show_funds or not who.is_admin:
        tenant, settings = _charity(who.tenant_id, settings=not who.is_admin)
    # then the four parts side by side: four chains of one to two reads instead of eight in a row
    figures, unclaimed, checklist, funds = together(
        lambda: _donation_figures(who, today, months, tax_year),
        lambda: _unclaimed(who.tenant_id),
        lambda: setup.checklist(who, tenant, settings) if tenant is not None else None,
        lambda: fund_tiles.tiles(tenant, today) if show_funds and tenant is not None else None,
    )
    return {
        "tiles": {**figures["tiles"], "unclaimed_gift_aid": unclaimed},
        "series": figures["series"],
        "setup": checklist,
        **({"funds": funds} if funds is not None else {}),
    }


def _charity(tenant_id: str, *, settings: bool) -> tuple[Tenant, plain_items.Item | None]:
    """The charity item (404 if none, as `charities.repository.get_tenant`) and, if `settings`, its
    Gift Aid settings item (None if it has none): one consistent BatchGetItem."""
    pk = keys.tenant_pk(tenant_id)
    wanted = [(pk, keys.tenant_sk())] + ([(pk, keys.gift_aid_settings_sk())] if settings else [])
    found = plain_items.get_items(wanted)
    charity = found.get(wanted[0])
    if charity is None:
        raise NotFound()
    return Tenant.from_raw_data(charity), found.get((pk, keys.gift_aid_settings_sk()))


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
