"""The shared vocabulary of Gift Aid: what the rules read and what the HMRC formats write.

Plain frozen dataclasses, no AWS: the service layer builds them from table items; the rules
(`eligibility.py`) and the formats (`functions.domain.hmrc`) take and return them.
Money is Decimal (2 places); dates are `datetime.date`.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal
from enum import StrEnum


class DeclarationMethod(StrEnum):
    WRITTEN = "written"
    ONLINE = "online"
    ORAL = "oral"


class DeclarationScope(StrEnum):
    THIS_DONATION = "this_donation"
    FUTURE = "future"
    PAST_4_YEARS = "past_4_years"


class GiftAidState(StrEnum):
    """A donation's Gift Aid state, stored on the donation with its reason."""

    CLAIMABLE = "claimable"
    NOT_ELIGIBLE = "not_eligible"
    NEEDS_ATTENTION = "needs_attention"  # fixable: bad postcode, missing house number...
    EXCLUDED = "excluded"  # parked by a user, with a reason; reversible
    IN_CLAIM = "in_claim"  # attached to a claim that is not yet accepted
    CLAIMED = "claimed"  # in an accepted claim
    HANDLED_ELSEWHERE = "handled_elsewhere"  # JustGiving/CAF: the platform claims it
    GASDS = "gasds"  # a small cash/contactless donation claimed under GASDS, never under Gift Aid


class ClaimState(StrEnum):
    DRAFT = "draft"
    SEALED = "sealed"
    SUBMITTED = "submitted"
    ACCEPTED = "accepted"
    REJECTED = "rejected"
    CANCELLED = "cancelled"


class EntityType(StrEnum):
    """Decides the claim time limit: trusts by tax year, others by accounting period."""

    TRUST = "trust"
    COMPANY = "company"
    CIO = "cio"
    CASC = "casc"
    OTHER = "other"


@dataclass(frozen=True)
class Declaration:
    declaration_id: str
    method: DeclarationMethod
    scopes: frozenset[DeclarationScope]
    date_given: dt.date
    donation_id: str | None = None  # for THIS_DONATION
    confirmation_sent_on: dt.date | None = None  # oral: written confirmation sent
    cancelled_on: dt.date | None = None
    cancellation_reason: str | None = None


@dataclass(frozen=True)
class Donor:
    donor_id: str
    is_individual: bool
    title: str | None
    first_name: str
    last_name: str
    house: str  # house name or number; for an overseas donor the address line HMRC wants
    postcode: str | None  # normalised UK postcode, or None when overseas
    overseas: bool = False


@dataclass(frozen=True)
class Donation:
    donation_id: str
    donor_id: str | None
    amount: Decimal
    date: dt.date
    payment_method: str  # cash, cheque, card, ..., justgiving, caf
    benefit_value: Decimal = Decimal("0.00")
    sponsored: bool = False
    status: str = "received"  # received | refunded | cancelled | pending
    is_payment_for_goods: bool = False  # tickets, raffles, membership with rights...
    excluded_reason: str | None = None  # set when a user parked it
    claim_id: str | None = None
    small_cash: bool = False  # GASDS candidate (cash/contactless ≤ £30, no declaration)


@dataclass(frozen=True)
class Assessment:
    """The eligibility of one donation: a state and, when not claimable, why (a message key
    with its parameters, so the reason reads in English or Spanish and links to the fix)."""

    state: GiftAidState
    reason: str | None = None
    params: dict[str, str] = field(default_factory=dict)
    gift_aid: Decimal = Decimal("0.00")  # tax reclaimable when claimable


@dataclass(frozen=True)
class GadLine:
    """One row of the schedule / one GAD element of the R68 claim."""

    date: dt.date
    amount: Decimal
    title: str | None = None
    first_name: str | None = None
    last_name: str | None = None
    house: str | None = None
    postcode: str | None = None  # None with overseas=True
    overseas: bool = False
    aggregated: str | None = None  # description (≤ 35) of an aggregated line: no donor details
    sponsored: bool = False
    donation_ids: tuple[str, ...] = ()  # the donations behind the line (to map errors back)


@dataclass(frozen=True)
class AuthorisedOfficial:
    title: str | None
    first_name: str
    last_name: str
    postcode: str | None
    overseas: bool
    phone: str


@dataclass(frozen=True)
class GasdsYear:
    tax_year_end: int  # e.g. 2026 = the tax year ending 5 April 2026
    amount: Decimal


@dataclass(frozen=True)
class Claim:
    """Everything one R68 claim carries."""

    charity_name: str
    hmrc_reference: str  # the charity's HMRC reference (CHARID)
    regulator: str | None  # CCEW | CCNI | OSCR | None
    registration_number: str | None
    official: AuthorisedOfficial
    lines: tuple[GadLine, ...]
    earliest_date: dt.date
    adjustment: Decimal = Decimal("0.00")  # previously over-claimed TAX to deduct
    other_info: str | None = None  # ≤ 350 chars: explains the adjustment
    gasds: tuple[GasdsYear, ...] = ()
    connected_charities: bool = False
    community_buildings: bool = False
    sender_id: str = ""  # gateway user id
    vendor_id: str = ""
    product: str = "Almoner"
    product_version: str = "1.0"
    test_in_live: bool = False
