"""The shared vocabulary of Gift Aid: what the rules read and what the HMRC formats write.

Plain frozen dataclasses, no AWS: the service layer builds them from table items; the rules
(`eligibility.py`) and the formats (`functions.domain.hmrc`) take and return them.
Money is Decimal (2 places); dates are `datetime.date`.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from decimal import Decimal

# the states live in their own module (cold starts, ADR 0011); every name stays importable from here
from functions.domain.giftaid.states import (
    ClaimState,
    DeclarationMethod,
    DeclarationScope,
    EntityType,
    GiftAidState,
)

__all__ = [
    "Assessment",
    "AuthorisedOfficial",
    "Claim",
    "ClaimState",
    "Declaration",
    "DeclarationMethod",
    "DeclarationScope",
    "Donation",
    "Donor",
    "EntityType",
    "GadLine",
    "GasdsYear",
    "GiftAidState",
]


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
