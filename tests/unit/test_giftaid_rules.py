"""Gift Aid rules (GIFT_AID.md §1-§5), table-driven, no mocks: rates, benefit bands on both
sides of 6 April 2019, tax-year edges, declaration cover (scopes, oral 30 days, cancellation),
the time limit and the explainable eligibility of `assess`."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal

import pytest

from functions.domain.giftaid import reasons
from functions.domain.giftaid.declarations import Cover, cover
from functions.domain.giftaid.eligibility import Charity, assess
from functions.domain.giftaid.model import (
    Declaration,
    DeclarationMethod,
    DeclarationScope,
    Donation,
    Donor,
    EntityType,
    GiftAidState,
)
from functions.domain.giftaid.rates import (
    aggregation_limit,
    basic_rate,
    benefit_limit,
    can_aggregate,
    claim_deadline,
    gasds_donation_limit,
    gasds_year_limit,
    gift_aid_value,
)

D = dt.date
TODAY = D(2026, 6, 1)
FUTURE = frozenset({DeclarationScope.FUTURE})
PAST = frozenset({DeclarationScope.PAST_4_YEARS})


def declaration(**fields) -> Declaration:
    values = {
        "declaration_id": "dec1",
        "method": DeclarationMethod.WRITTEN,
        "scopes": FUTURE,
        "date_given": D(2025, 1, 10),
    }
    values.update(fields)
    return Declaration(**values)


def donor(**fields) -> Donor:
    values = {
        "donor_id": "donor1",
        "is_individual": True,
        "title": "Mrs",
        "first_name": "Jane",
        "last_name": "Smith",
        "house": "12",
        "postcode": "BA1 1AA",
    }
    values.update(fields)
    return Donor(**values)


def donation(**fields) -> Donation:
    values = {
        "donation_id": "gift1",
        "donor_id": "donor1",
        "amount": Decimal("10.00"),
        "date": D(2026, 3, 12),
        "payment_method": "cash",
    }
    values.update(fields)
    return Donation(**values)


# ------------------------------------------------------------------ rates
@pytest.mark.parametrize(
    ("amount", "day", "expected"),
    [
        ("10.00", D(2026, 4, 5), "2.50"),
        ("10.00", D(2026, 4, 6), "2.50"),
        ("0.01", D(2026, 4, 6), "0.00"),  # 0.0025 rounds half-up to 0.00
        ("0.02", D(2026, 4, 6), "0.01"),  # 0.005 rounds half-up to 0.01
        ("0.03", D(2026, 4, 6), "0.01"),  # 0.0075 → 0.01
        ("1.01", D(2020, 1, 1), "0.25"),  # 0.2525 → 0.25
        ("1.02", D(2020, 1, 1), "0.26"),  # 0.255 → 0.26 (half-up, not banker's)
        ("100.00", D(2008, 4, 6), "25.00"),  # 20% from 6 April 2008
        ("78.00", D(2008, 4, 5), "22.00"),  # 22% before: 78 × 22/78
    ],
)
def test_gift_aid_value_is_a_quarter_of_the_gift_rounded_half_up(amount, day, expected):
    assert gift_aid_value(Decimal(amount), day) == Decimal(expected)


def test_basic_rate_is_a_dated_table():
    assert basic_rate(D(2008, 4, 5)) == Decimal("0.22")
    assert basic_rate(D(2008, 4, 6)) == Decimal("0.20")


@pytest.mark.parametrize(
    ("amount", "day", "limit"),
    [
        # from 6 April 2019: 25% of the first £100 + 5% above, capped at £2,500
        ("100.00", D(2019, 4, 6), "25.00"),
        ("40.00", D(2019, 4, 6), "10.00"),
        ("200.00", D(2019, 4, 6), "30.00"),
        ("1000.00", D(2019, 4, 6), "70.00"),
        ("100000.00", D(2019, 4, 6), "2500.00"),
        ("60000.00", D(2019, 4, 6), "2500.00"),
        # before: £0-100 → 25%; £100.01-1,000 → £25; over £1,000 → 5%, capped at £2,500
        ("100.00", D(2019, 4, 5), "25.00"),
        ("40.00", D(2019, 4, 5), "10.00"),
        ("200.00", D(2019, 4, 5), "25.00"),
        ("1000.00", D(2019, 4, 5), "25.00"),
        ("2000.00", D(2019, 4, 5), "100.00"),
        ("100000.00", D(2019, 4, 5), "2500.00"),
    ],
)
def test_benefit_limit_bands_change_on_6_april_2019(amount, day, limit):
    assert benefit_limit(Decimal(amount), day) == Decimal(limit)


def test_aggregation_limit_defaults_to_20_pounds_and_can_be_set():
    assert aggregation_limit(D(2026, 1, 1)) == Decimal(20)
    assert can_aggregate(Decimal("20.00"), D(2026, 1, 1))
    assert not can_aggregate(Decimal("20.01"), D(2026, 1, 1))
    assert can_aggregate(Decimal("30.00"), D(2026, 1, 1), override=Decimal(30))


def test_gasds_limits_are_dated():
    assert gasds_donation_limit(D(2019, 4, 5)) == Decimal(20)
    assert gasds_donation_limit(D(2019, 4, 6)) == Decimal(30)
    assert gasds_year_limit(D(2016, 4, 5)) == Decimal(5000)
    assert gasds_year_limit(D(2016, 4, 6)) == Decimal(8000)


@pytest.mark.parametrize(
    ("day", "entity", "year_end", "deadline"),
    [
        (D(2022, 4, 5), EntityType.TRUST, (3, 31), D(2026, 4, 5)),  # tax year 2021-22 ends 5/4/22
        (D(2022, 4, 6), EntityType.TRUST, (3, 31), D(2027, 4, 5)),  # tax year 2022-23
        (D(2022, 3, 31), EntityType.COMPANY, (3, 31), D(2026, 3, 31)),
        (D(2022, 4, 1), EntityType.COMPANY, (3, 31), D(2027, 3, 31)),
        (D(2022, 10, 1), EntityType.CIO, (12, 31), D(2026, 12, 31)),
    ],
)
def test_time_limit_is_4_years_after_the_financial_period(day, entity, year_end, deadline):
    assert claim_deadline(day, entity, year_end) == deadline


# ------------------------------------------------------------------ declarations
SCOPE_CASES = [
    # (scopes, date given, donation date, covered)
    (FUTURE, D(2025, 1, 10), D(2025, 1, 10), True),  # whole days: the day given counts
    (FUTURE, D(2025, 1, 10), D(2025, 1, 9), False),
    (PAST, D(2025, 1, 10), D(2021, 1, 10), True),  # exactly 4 years back
    (PAST, D(2025, 1, 10), D(2021, 1, 9), False),  # one day more
    (PAST, D(2025, 1, 10), D(2025, 1, 9), True),
    (PAST, D(2025, 1, 10), D(2025, 1, 10), False),  # the day given is "future", not "past"
    (PAST | FUTURE, D(2025, 1, 10), D(2025, 1, 10), True),
    (PAST, D(2024, 2, 29), D(2020, 2, 29), True),  # leap day: 4 years back is a real day
]


@pytest.mark.parametrize(("scopes", "given", "day", "covered"), SCOPE_CASES)
def test_scopes_cover_whole_days(scopes, given, day, covered):
    found = cover([declaration(scopes=scopes, date_given=given)], "gift1", day, today=TODAY)
    assert (found.cover == Cover.COVERED) is covered


def test_this_donation_scope_covers_only_its_donation():
    single = declaration(scopes=frozenset({DeclarationScope.THIS_DONATION}), donation_id="gift1")
    assert cover([single], "gift1", D(2020, 1, 1), today=TODAY).cover == Cover.COVERED
    assert cover([single], "gift2", D(2026, 1, 1), today=TODAY).cover == Cover.NOT_COVERED


@pytest.mark.parametrize(
    ("cancelled_on", "day", "covered"),
    [
        (D(2025, 6, 1), D(2025, 5, 31), True),  # not retrospective
        (D(2025, 6, 1), D(2025, 6, 1), False),  # ends cover from its date
        (D(2025, 6, 1), D(2025, 7, 1), False),
    ],
)
def test_cancellation_ends_cover_from_its_date(cancelled_on, day, covered):
    found = cover([declaration(cancelled_on=cancelled_on)], "gift1", day, today=TODAY)
    assert (found.cover == Cover.COVERED) is covered


ORAL_CASES = [
    # (confirmation sent, cancelled on, today, expected cover for a donation on 2025-02-01)
    (None, None, TODAY, Cover.ORAL_UNCONFIRMED),
    (D(2025, 3, 1), None, D(2025, 3, 31), Cover.ORAL_WINDOW),  # day 30: may still cancel
    (D(2025, 3, 1), None, D(2025, 4, 1), Cover.COVERED),  # day 31
    (D(2025, 3, 1), D(2025, 3, 31), TODAY, Cover.NOT_COVERED),  # cancelled on day 30: never made
    (D(2025, 3, 1), D(2025, 4, 1), TODAY, Cover.COVERED),  # cancelled later: not retrospective
    (None, D(2025, 3, 1), TODAY, Cover.NOT_COVERED),  # cancelled before any confirmation
]


@pytest.mark.parametrize(("sent", "cancelled", "today", "expected"), ORAL_CASES)
def test_oral_declarations_need_confirmation_and_a_30_day_window(sent, cancelled, today, expected):
    oral = declaration(method=DeclarationMethod.ORAL, confirmation_sent_on=sent, cancelled_on=cancelled)
    assert cover([oral], "gift1", D(2025, 2, 1), today=today).cover == expected


def test_a_later_cancellation_does_not_undo_donations_before_it_but_a_new_declaration_covers_after():
    old = declaration(declaration_id="a", cancelled_on=D(2025, 6, 1))
    new = declaration(declaration_id="b", date_given=D(2025, 9, 1))
    assert cover([old, new], "g", D(2025, 7, 1), today=TODAY).cover == Cover.NOT_COVERED
    assert cover([old, new], "g", D(2025, 9, 1), today=TODAY).cover == Cover.COVERED


# ------------------------------------------------------------------ eligibility
COVERED = [declaration()]

ASSESS_CASES = [
    # id, donation fields, donor fields (None: anonymous), declarations, state, reason, params
    ("claimable", {}, {}, COVERED, GiftAidState.CLAIMABLE, None, {}),
    ("company", {}, {"is_individual": False}, COVERED, GiftAidState.NOT_ELIGIBLE, reasons.COMPANY_DONOR, {}),
    ("anonymous", {"donor_id": None}, None, [], GiftAidState.NOT_ELIGIBLE, reasons.ANONYMOUS, {}),
    (
        "no declaration",
        {"date": D(2025, 1, 9)},
        {},
        COVERED,
        GiftAidState.NOT_ELIGIBLE,
        reasons.NO_DECLARATION,
        {"date": "09/01/2025"},
    ),
    (
        "justgiving",
        {"payment_method": "justgiving"},
        {},
        COVERED,
        GiftAidState.HANDLED_ELSEWHERE,
        reasons.HANDLED_ELSEWHERE,
        {"platform": "JustGiving"},
    ),
    (
        "caf",
        {"payment_method": "caf"},
        {},
        COVERED,
        GiftAidState.HANDLED_ELSEWHERE,
        reasons.HANDLED_ELSEWHERE,
        {"platform": "CAF"},
    ),
    (
        "goods",
        {"is_payment_for_goods": True},
        {},
        COVERED,
        GiftAidState.NOT_ELIGIBLE,
        reasons.PAYMENT_FOR_GOODS,
        {},
    ),
    ("not money", {"payment_method": "goods"}, {}, COVERED, GiftAidState.NOT_ELIGIBLE, reasons.NOT_MONEY, {}),
    (
        "benefit",
        {"amount": Decimal("100.00"), "benefit_value": Decimal("30.00")},
        {},
        COVERED,
        GiftAidState.NOT_ELIGIBLE,
        reasons.BENEFIT_OVER_LIMIT,
        {"benefit": "£30.00", "limit": "£25.00"},
    ),
    ("refunded", {"status": "refunded"}, {}, COVERED, GiftAidState.NOT_ELIGIBLE, reasons.REFUNDED, {}),
    ("cancelled", {"status": "cancelled"}, {}, COVERED, GiftAidState.NOT_ELIGIBLE, reasons.CANCELLED, {}),
    (
        "excluded",
        {"excluded_reason": "donor asked"},
        {},
        COVERED,
        GiftAidState.EXCLUDED,
        reasons.EXCLUDED,
        {"reason": "donor asked"},
    ),
    ("future", {"date": D(2026, 6, 2)}, {}, COVERED, GiftAidState.NOT_ELIGIBLE, reasons.FUTURE_DATE, {}),
    (
        "too old",
        {"date": D(2022, 4, 5)},
        {},
        [declaration(scopes=PAST | FUTURE)],
        GiftAidState.NOT_ELIGIBLE,
        reasons.TOO_OLD,
        {"date": "05/04/2026"},
    ),
    (
        "in claim",
        {"claim_id": "c1", "status": "refunded"},
        {},
        [],
        GiftAidState.IN_CLAIM,
        reasons.IN_CLAIM,
        {},
    ),
    (
        "postcode",
        {},
        {"postcode": "E16"},
        COVERED,
        GiftAidState.NEEDS_ATTENTION,
        reasons.POSTCODE_INCOMPLETE,
        {"postcode": "E16"},
    ),
    (
        "postcode junk",
        {},
        {"postcode": "HELLO"},
        COVERED,
        GiftAidState.NEEDS_ATTENTION,
        reasons.POSTCODE_INVALID,
        {"postcode": "HELLO"},
    ),
    (
        "title",
        {},
        {"title": "Reverend"},
        COVERED,
        GiftAidState.NEEDS_ATTENTION,
        reasons.TITLE_INVALID,
        {"title": "Reverend"},
    ),
    (
        "long name",
        {},
        {"last_name": "X" * 36},
        COVERED,
        GiftAidState.NEEDS_ATTENTION,
        reasons.NAME_TOO_LONG,
        {"field": "last_name", "max": "35"},
    ),
    ("no house", {}, {"house": ""}, COVERED, GiftAidState.NEEDS_ATTENTION, reasons.HOUSE_MISSING, {}),
    (
        "long house",
        {},
        {"house": "H" * 41},
        COVERED,
        GiftAidState.NEEDS_ATTENTION,
        reasons.HOUSE_TOO_LONG,
        {"max": "40"},
    ),
    ("overseas", {}, {"postcode": None, "overseas": True}, COVERED, GiftAidState.CLAIMABLE, None, {}),
]


@pytest.mark.parametrize(
    ("donation_fields", "donor_fields", "declarations", "state", "reason", "params"),
    [case[1:] for case in ASSESS_CASES],
    ids=[case[0] for case in ASSESS_CASES],
)
def test_assess_explains_each_failure(donation_fields, donor_fields, declarations, state, reason, params):
    who = None if donor_fields is None else donor(**donor_fields)
    found = assess(donation(**donation_fields), who, declarations, today=TODAY)
    assert (found.state, found.reason, found.params) == (state, reason, params)


def test_claimable_carries_the_gift_aid_value_and_others_none():
    assert assess(donation(), donor(), COVERED, today=TODAY).gift_aid == Decimal("2.50")
    assert assess(donation(status="refunded"), donor(), COVERED, today=TODAY).gift_aid == Decimal("0.00")


def test_claimed_keeps_precedence():
    found = assess(donation(claim_id="c1"), donor(), COVERED, today=TODAY, claimed=True)
    assert found.state == GiftAidState.CLAIMED


def test_the_time_limit_follows_the_charity_year_end():
    old = donation(date=D(2022, 4, 5))
    decl = [declaration(scopes=PAST | FUTURE)]
    company = Charity(EntityType.COMPANY, (12, 31))  # period ends 31/12/2022 → claim until 31/12/2026
    assert assess(old, donor(), decl, today=TODAY, charity=company).state == GiftAidState.CLAIMABLE
    assert assess(old, donor(), decl, today=TODAY).state == GiftAidState.NOT_ELIGIBLE  # trust


def test_oral_declaration_waits_for_its_window_then_needs_confirmation():
    unconfirmed = [declaration(method=DeclarationMethod.ORAL)]
    found = assess(donation(), donor(), unconfirmed, today=TODAY)
    assert (found.state, found.reason) == (GiftAidState.NEEDS_ATTENTION, reasons.ORAL_UNCONFIRMED)
    sent = [declaration(method=DeclarationMethod.ORAL, confirmation_sent_on=D(2026, 5, 20))]
    waiting = assess(donation(), donor(), sent, today=TODAY)
    assert (waiting.state, waiting.params) == (GiftAidState.NOT_ELIGIBLE, {"date": "19/06/2026"})
    assert assess(donation(), donor(), sent, today=D(2026, 6, 20)).state == GiftAidState.CLAIMABLE


def test_every_reason_has_english_and_spanish_text():
    keys = [value for name, value in vars(reasons).items() if name.isupper() and isinstance(value, str)]
    assert keys and all(set(reasons.CATALOG[key]) == {"en", "es"} for key in keys)
