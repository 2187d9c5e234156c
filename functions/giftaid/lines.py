"""From attached donations to the GAD lines of a claim (GIFT_AID.md §4). No AWS here.

- one line per donation, with the donor's title, names, house and postcode (`X`/Overseas when
  the donor lives abroad: the address goes in the house field, at most 40 characters);
- with "sum a donor's donations", a donor's non-sponsored donations become one line dated with
  the last donation;
- with aggregation on, donations at most the aggregation limit become aggregated lines (no donor
  details, description ≤ 35, at most £1,000 per line, dated with the last donation, per tax year);
- sponsored donations are never aggregated nor summed: each keeps its own line, "Yes" sponsored.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from functions.domain.giftaid.model import GadLine
from functions.domain.tax_year import tax_year_of

AGGREGATED_LINE_LIMIT = Decimal("1000.00")
HOUSE_LIMIT = 40


@dataclass(frozen=True)
class LineDonor:
    title: str | None
    first_name: str
    last_name: str
    house: str
    postcode: str | None
    overseas: bool


@dataclass(frozen=True)
class LineDonation:
    donation_id: str
    donor_id: str
    amount: Decimal
    date: dt.date
    sponsored: bool


@dataclass(frozen=True)
class LineRules:
    sum_per_donor: bool = False
    aggregate_small: bool = False
    aggregation_limit: Decimal = Decimal("20.00")


def _donor_line(donor: LineDonor, donations: Sequence[LineDonation], sponsored: bool) -> GadLine:
    return GadLine(
        date=max(d.date for d in donations),
        amount=sum((d.amount for d in donations), Decimal("0.00")),
        title=donor.title or None,
        first_name=donor.first_name,
        last_name=donor.last_name,
        house=donor.house[:HOUSE_LIMIT],
        postcode=None if donor.overseas else donor.postcode,
        overseas=donor.overseas,
        sponsored=sponsored,
        donation_ids=tuple(d.donation_id for d in donations),
    )


def _aggregated(donations: list[LineDonation]) -> list[GadLine]:
    out: list[GadLine] = []
    by_year: dict[int, list[LineDonation]] = defaultdict(list)
    for donation in donations:
        by_year[tax_year_of(donation.date)].append(donation)
    for year in sorted(by_year):
        group: list[LineDonation] = []
        for donation in sorted(by_year[year], key=lambda d: (d.date, d.donation_id)):
            if group and sum((d.amount for d in group), donation.amount) > AGGREGATED_LINE_LIMIT:
                out.append(_aggregate_line(group))
                group = []
            group.append(donation)
        if group:
            out.append(_aggregate_line(group))
    return out


def _aggregate_line(group: list[LineDonation]) -> GadLine:
    last = max(d.date for d in group)
    return GadLine(
        date=last,
        amount=sum((d.amount for d in group), Decimal("0.00")),
        aggregated=f"{len(group)} small donations to {last:%d/%m/%y}",
        donation_ids=tuple(d.donation_id for d in group),
    )


def build_lines(
    donations: Sequence[LineDonation], donors: dict[str, LineDonor], rules: LineRules
) -> list[GadLine]:
    """The claim's lines, in date order; every donation appears in exactly one line."""
    small: list[LineDonation] = []
    per_donor: dict[str, list[LineDonation]] = defaultdict(list)
    lines: list[GadLine] = []
    for donation in donations:
        donor = donors.get(donation.donor_id)
        if donor is None:
            continue
        if donation.sponsored:
            lines.append(_donor_line(donor, [donation], sponsored=True))
        elif rules.aggregate_small and donation.amount <= rules.aggregation_limit:
            small.append(donation)
        elif rules.sum_per_donor:
            per_donor[donation.donor_id].append(donation)
        else:
            lines.append(_donor_line(donor, [donation], sponsored=False))
    for donor_id, group in per_donor.items():
        lines.append(_donor_line(donors[donor_id], group, sponsored=False))
    lines.extend(_aggregated(small))
    return sorted(lines, key=lambda line: (line.date, line.donation_ids))
