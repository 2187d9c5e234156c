"""Is a donation claimable under Gift Aid, and if not, why (GIFT_AID.md §3).

`assess` checks the rules in a fixed order and answers with the first that fails, as a state and
a reason key (`reasons.py`) with its parameters:
0. a GASDS small donation is never Gift Aid: state GASDS (unless refunded, cancelled, excluded,
   dated in the future, or past the GASDS time limit), whether or not a claim holds it;
1. in a claim / claimed (the claims pipeline owns these states);
2. JustGiving or CAF → handled elsewhere (the platform or CAF already claims or carries the relief);
3. excluded by a user (parked, with the user's reason);
4. refunded or cancelled; dated in the future;
5. not made by an individual; not money; payment for goods or services;
6. benefit over the limit in force on the donation date, or taking the donor's benefits in that
   tax year over the annual cap (`benefits.py`; the caller passes the earlier benefits);
7. older than 4 years after the end of the charity's financial period;
8. no declaration effective on the donation date (oral: confirmation and 30-day window);
9. donor details HMRC would reject → NEEDS_ATTENTION (fixable on the donor page);
otherwise CLAIMABLE with the Gift Aid value (amount × 20/80 at the rate in force).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from functions.domain.giftaid import reasons
from functions.domain.giftaid.benefits import over_cap
from functions.domain.giftaid.declarations import Cover, cover
from functions.domain.giftaid.model import Assessment, Declaration, Donation, Donor, EntityType, GiftAidState
from functions.domain.giftaid.rates import (
    benefit_annual_cap,
    benefit_limit,
    claim_deadline,
    gasds_deadline,
    gift_aid_value,
)
from functions.domain.postcodes import normalise_uk_postcode
from functions.domain.tax_year import tax_year_label, tax_year_of

TITLE_PATTERN = re.compile(r"^[A-Za-z][A-Za-z'-]{1,3}$")
NAME_LIMIT = 35
HOUSE_LIMIT = 40
HANDLED_ELSEWHERE = {"justgiving": "JustGiving", "caf": "CAF"}
NOT_MONEY_METHODS = frozenset({"goods", "in_kind", "shares", "property"})
_OUTWARD_CODE = re.compile(r"^[A-Z]{1,2}[0-9][A-Z0-9]?$")


@dataclass(frozen=True)
class Charity:
    """What the time limit depends on: the entity type and the accounting year end (month, day)."""

    entity_type: EntityType = EntityType.TRUST
    year_end: tuple[int, int] = (3, 31)


@dataclass(frozen=True)
class Settings:
    """Switches a charity may set; the defaults follow HMRC."""

    handled_elsewhere: tuple[str, ...] = tuple(HANDLED_ELSEWHERE)


def day_text(day: dt.date) -> str:
    return day.strftime("%d/%m/%Y")


def pounds(amount: Decimal) -> str:
    return f"£{amount:,.2f}"


def _fail(state: GiftAidState, reason_key: str, /, **params: str) -> Assessment:
    return Assessment(state=state, reason=reason_key, params=dict(params))


def donor_problem(donor: Donor) -> Assessment | None:
    """The first detail HMRC would reject on this donor's claim line (GIFT_AID.md §7), if any."""
    attention = GiftAidState.NEEDS_ATTENTION
    if donor.title and not TITLE_PATTERN.match(donor.title):
        return _fail(attention, reasons.TITLE_INVALID, title=donor.title)
    if not donor.first_name.strip():
        return _fail(attention, reasons.FIRST_NAME_MISSING)
    if not donor.last_name.strip():
        return _fail(attention, reasons.LAST_NAME_MISSING)
    for field, value in (("first_name", donor.first_name), ("last_name", donor.last_name)):
        if len(value) > NAME_LIMIT:
            return _fail(attention, reasons.NAME_TOO_LONG, field=field, max=str(NAME_LIMIT))
    if not donor.house.strip():
        return _fail(attention, reasons.HOUSE_MISSING)
    if len(donor.house) > HOUSE_LIMIT:
        return _fail(attention, reasons.HOUSE_TOO_LONG, max=str(HOUSE_LIMIT))
    if donor.overseas:
        return None
    postcode = (donor.postcode or "").strip()
    if not postcode:
        return _fail(attention, reasons.POSTCODE_MISSING)
    if normalise_uk_postcode(postcode) != postcode:
        compact = "".join(postcode.split()).upper()
        reason = reasons.POSTCODE_INCOMPLETE if _OUTWARD_CODE.match(compact) else reasons.POSTCODE_INVALID
        return _fail(attention, reason, postcode=postcode)
    return None


def _declared(donation: Donation, declarations: Iterable[Declaration], today: dt.date) -> Assessment | None:
    found = cover(declarations, donation.donation_id, donation.date, today=today)
    not_eligible = GiftAidState.NOT_ELIGIBLE
    if found.cover == Cover.COVERED:
        return None
    if found.cover == Cover.ORAL_WINDOW and found.until is not None:
        return _fail(not_eligible, reasons.ORAL_WINDOW, date=day_text(found.until))
    if found.cover == Cover.ORAL_UNCONFIRMED:
        return _fail(GiftAidState.NEEDS_ATTENTION, reasons.ORAL_UNCONFIRMED)
    return _fail(not_eligible, reasons.NO_DECLARATION, date=day_text(donation.date))


def _state_of_claim(donation: Donation, claimed: bool) -> Assessment | None:
    if donation.claim_id is None:
        return None
    if claimed:
        return Assessment(state=GiftAidState.CLAIMED, reason=reasons.CLAIMED)
    return Assessment(state=GiftAidState.IN_CLAIM, reason=reasons.IN_CLAIM)


def _donation_problem(donation: Donation, today: dt.date, settings: Settings) -> Assessment | None:
    not_eligible = GiftAidState.NOT_ELIGIBLE
    if donation.payment_method in settings.handled_elsewhere:
        platform = HANDLED_ELSEWHERE.get(donation.payment_method, donation.payment_method)
        return _fail(GiftAidState.HANDLED_ELSEWHERE, reasons.HANDLED_ELSEWHERE, platform=platform)
    if donation.excluded_reason:
        return _fail(GiftAidState.EXCLUDED, reasons.EXCLUDED, reason=donation.excluded_reason)
    if donation.status == "refunded":
        return _fail(not_eligible, reasons.REFUNDED)
    if donation.status == "cancelled":
        return _fail(not_eligible, reasons.CANCELLED)
    if donation.status == "pending":  # an online payment still clearing (Bacs, PayPal pending)
        return _fail(not_eligible, reasons.PENDING)
    if donation.date > today:
        return _fail(not_eligible, reasons.FUTURE_DATE)
    return None


def _small_donation(donation: Donation, today: dt.date, settings: Settings) -> Assessment:
    """A GASDS donation: never Gift Aid; waits for a claim's GASDS part until the time limit."""
    problem = _donation_problem(donation, today, settings)
    if problem is not None:
        return problem
    if donation.claim_id is not None:
        return Assessment(state=GiftAidState.GASDS, reason=reasons.GASDS_IN_CLAIM)
    deadline = gasds_deadline(donation.date)
    if today > deadline:
        return _fail(GiftAidState.NOT_ELIGIBLE, reasons.GASDS_TOO_OLD, date=day_text(deadline))
    return Assessment(state=GiftAidState.GASDS, reason=reasons.GASDS)


def _benefit_problem(donation: Donation, earlier_benefits: Decimal) -> Assessment | None:
    not_eligible = GiftAidState.NOT_ELIGIBLE
    limit = benefit_limit(donation.amount, donation.date)
    if donation.benefit_value > limit:
        return _fail(
            not_eligible,
            reasons.BENEFIT_OVER_LIMIT,
            benefit=pounds(donation.benefit_value),
            limit=pounds(limit),
        )
    cap = benefit_annual_cap(donation.date)
    total = over_cap(donation.benefit_value, earlier_benefits, cap)
    if total is not None:
        return _fail(
            not_eligible,
            reasons.BENEFIT_ANNUAL_CAP,
            tax_year=tax_year_label(tax_year_of(donation.date)),
            total=pounds(total),
            limit=pounds(cap),
        )
    return None


def assess(
    donation: Donation,
    donor: Donor | None,
    declarations: Iterable[Declaration],
    *,
    today: dt.date,
    charity: Charity = Charity(),
    settings: Settings = Settings(),
    claimed: bool = False,
    earlier_benefits: Decimal = Decimal("0.00"),
) -> Assessment:
    """The Gift Aid state of `donation` on `today`; `claimed` says whether the claim holding it
    (`donation.claim_id`) was accepted by HMRC; `earlier_benefits` is what the donor received for
    their earlier donations of the same tax year (`benefits.earlier_benefits`)."""
    not_eligible = GiftAidState.NOT_ELIGIBLE
    if donation.small_cash:
        return _small_donation(donation, today, settings)
    early = _state_of_claim(donation, claimed) or _donation_problem(donation, today, settings)
    if early is not None:
        return early
    if donor is None:
        return _fail(not_eligible, reasons.ANONYMOUS)
    if not donor.is_individual:
        return _fail(not_eligible, reasons.COMPANY_DONOR)
    if donation.payment_method in NOT_MONEY_METHODS:
        return _fail(not_eligible, reasons.NOT_MONEY)
    if donation.is_payment_for_goods:
        return _fail(not_eligible, reasons.PAYMENT_FOR_GOODS)
    benefit = _benefit_problem(donation, earlier_benefits)
    if benefit is not None:
        return benefit
    deadline = claim_deadline(donation.date, charity.entity_type, charity.year_end)
    if today > deadline:
        return _fail(not_eligible, reasons.TOO_OLD, date=day_text(deadline))
    problem = _declared(donation, declarations, today) or donor_problem(donor)
    if problem is not None:
        return problem
    return Assessment(state=GiftAidState.CLAIMABLE, gift_aid=gift_aid_value(donation.amount, donation.date))
