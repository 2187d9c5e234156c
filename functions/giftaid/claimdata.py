"""Turning table items into what the HMRC formats take: lines, the R68 claim, totals."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from functions.domain.giftaid.model import AuthorisedOfficial, Claim, GadLine, GasdsYear
from functions.domain.giftaid.rates import gift_aid_value
from functions.donors.models import Donor
from functions.giftaid.lines import LineDonation, LineDonor, LineRules, build_lines
from functions.giftaid.models import ClaimItem, GiftAidSettings

if TYPE_CHECKING:
    from functions.giftaid.repository import Candidate

UK_COUNTRIES = frozenset({"GB", "UK", ""})


@dataclass(frozen=True)
class Totals:
    donations: int
    donation_total: Decimal
    tax_total: Decimal
    earliest: str | None
    latest: str | None


def totals(donations: list[Candidate]) -> Totals:
    """Recomputed from the attached donations themselves (never from running sums)."""
    amount = sum((d.amount for d in donations), Decimal("0.00"))
    tax = sum(
        (gift_aid_value(d.amount, dt.date.fromisoformat(d.donation_date)) for d in donations),
        Decimal("0.00"),
    )
    dates = sorted(d.donation_date for d in donations)
    return Totals(len(donations), amount, tax, dates[0] if dates else None, dates[-1] if dates else None)


# What a schedule line takes from a donor (`line_donor`): a claim reads only these.
LINE_DONOR_FIELDS = (
    "title",
    "first_name",
    "last_name",
    "house",
    "address_line1",
    "town",
    "country",
    "postcode",
)


def line_donor(donor: Donor) -> LineDonor:
    overseas = (donor.country or "GB").upper() not in UK_COUNTRIES
    house = donor.house or ""
    if overseas:
        parts = [donor.house, donor.address_line1, donor.town, donor.country]
        house = ", ".join(p.strip() for p in parts if p and p.strip())
    return LineDonor(
        title=donor.title,
        first_name=donor.first_name or "",
        last_name=donor.last_name or "",
        house=house,
        postcode=None if overseas else (donor.postcode or "").upper() or None,
        overseas=overseas,
    )


def rules_of(settings: GiftAidSettings | None) -> LineRules:
    if settings is None:
        return LineRules()
    return LineRules(
        sum_per_donor=bool(settings.sum_donor_lines),
        aggregate_small=bool(settings.aggregate_small_donations),
        aggregation_limit=settings.aggregation_limit,
    )


def claim_lines(
    donations: list[Candidate], donors: dict[str, Donor], settings: GiftAidSettings | None
) -> list[GadLine]:
    items = [
        LineDonation(
            donation_id=d.donation_id,
            donor_id=d.donor_id or "",
            amount=d.amount,
            date=dt.date.fromisoformat(d.donation_date),
            sponsored=bool(d.sponsored),
        )
        for d in donations
    ]
    return build_lines(items, {k: line_donor(v) for k, v in donors.items()}, rules_of(settings))


def settings_complete(settings: GiftAidSettings | None) -> bool:
    official = settings.official.as_dict() if settings is not None and settings.official else {}
    return bool(settings and settings.hmrc_reference and official.get("last_name") and official.get("phone"))


def gasds_years(claim: ClaimItem) -> tuple[GasdsYear, ...]:
    """The claim's GASDS per tax year (as stored when its build ended), oldest first."""
    years = [
        GasdsYear(tax_year_end=int(entry["tax_year_end"]), amount=Decimal(str(entry["amount"])))
        for entry in claim.gasds or []
    ]
    return tuple(sorted((y for y in years if y.amount > 0), key=lambda y: y.tax_year_end))


def r68_claim(
    charity_name: str,
    settings: GiftAidSettings,
    lines: list[GadLine],
    *,
    adjustment: Decimal = Decimal("0.00"),
    other_info: str | None = None,
    gasds: tuple[GasdsYear, ...] = (),
) -> Claim:
    official: dict[str, Any] = settings.official.as_dict() if settings.official else {}
    regulator = settings.regulator if settings.regulator in ("CCEW", "CCNI", "OSCR") else None
    return Claim(
        charity_name=charity_name,
        hmrc_reference=settings.hmrc_reference or "",
        regulator=regulator,
        registration_number=settings.regulator_number if regulator else None,
        official=AuthorisedOfficial(
            title=official.get("title") or None,
            first_name=official.get("first_name") or "",
            last_name=official.get("last_name") or "",
            postcode=None if official.get("overseas") else official.get("postcode"),
            overseas=bool(official.get("overseas")),
            phone=official.get("phone") or "",
        ),
        lines=tuple(lines),
        earliest_date=min((line.date for line in lines), default=dt.date.today()),
        adjustment=adjustment,
        other_info=other_info,
        gasds=gasds,
        sender_id=settings.gateway_user_id or "",
        vendor_id=settings.vendor_id or "",
    )
