"""Does a set of Gift Aid declarations cover a donation? (GIFT_AID.md §2)

Rules, compared as whole days (dates, never timestamps):
- scope `this_donation` covers the one donation it names; `future` covers donations dated on or
  after the date given; `past_4_years` covers donations from the same day 4 years before the date
  given up to the day before it.
- an oral declaration is effective only once a written confirmation has been sent
  (`confirmation_sent_on`); if the donor cancels within 30 days of that, it is as if it had never
  been made. Until the 30 days have passed the donation waits (`oral_window`), so a claim never
  has to be adjusted for a cancellation the donor was entitled to make.
- any other cancellation ends cover from its date (donations on or after it); earlier donations
  stay covered (not retrospective).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from functions.domain.giftaid.model import Declaration, DeclarationMethod, DeclarationScope
from functions.domain.giftaid.rates import ORAL_CANCELLATION_DAYS, PAST_DECLARATION_YEARS, add_years


class Cover(StrEnum):
    COVERED = "covered"
    NOT_COVERED = "not_covered"
    ORAL_UNCONFIRMED = "oral_unconfirmed"  # an oral declaration would cover it: send the confirmation
    ORAL_WINDOW = "oral_window"  # covered once the donor's 30-day cancellation window ends


@dataclass(frozen=True)
class CoverResult:
    cover: Cover
    declaration_id: str | None = None
    until: dt.date | None = None  # ORAL_WINDOW: last day the donor may still cancel


def oral_window_end(declaration: Declaration) -> dt.date | None:
    """Last day an oral declaration may be cancelled as if never made."""
    if declaration.confirmation_sent_on is None:
        return None
    return declaration.confirmation_sent_on + dt.timedelta(days=ORAL_CANCELLATION_DAYS)


def voided(declaration: Declaration) -> bool:
    """An oral declaration cancelled within 30 days of its written confirmation never existed
    (so is one cancelled before any confirmation was sent)."""
    if declaration.method != DeclarationMethod.ORAL or declaration.cancelled_on is None:
        return False
    window_end = oral_window_end(declaration)
    return window_end is None or declaration.cancelled_on <= window_end


def in_scope(declaration: Declaration, donation_id: str, day: dt.date) -> bool:
    """Whether the declaration's scope reaches the donation (ignoring method and cancellation)."""
    scopes = declaration.scopes
    if DeclarationScope.THIS_DONATION in scopes and declaration.donation_id == donation_id:
        return True
    if DeclarationScope.FUTURE in scopes and day >= declaration.date_given:
        return True
    earliest = add_years(declaration.date_given, -PAST_DECLARATION_YEARS)
    return DeclarationScope.PAST_4_YEARS in scopes and earliest <= day < declaration.date_given


def _one(declaration: Declaration, donation_id: str, day: dt.date, today: dt.date) -> CoverResult:
    not_covered = CoverResult(Cover.NOT_COVERED)
    if voided(declaration) or not in_scope(declaration, donation_id, day):
        return not_covered
    if declaration.cancelled_on is not None and day >= declaration.cancelled_on:
        return not_covered
    if declaration.method != DeclarationMethod.ORAL:
        return CoverResult(Cover.COVERED, declaration.declaration_id)
    window_end = oral_window_end(declaration)
    if window_end is None or declaration.confirmation_sent_on > today:  # type: ignore[operator]
        return CoverResult(Cover.ORAL_UNCONFIRMED, declaration.declaration_id)
    if today <= window_end and declaration.cancelled_on is None:
        return CoverResult(Cover.ORAL_WINDOW, declaration.declaration_id, until=window_end)
    return CoverResult(Cover.COVERED, declaration.declaration_id)


_RANK = {Cover.COVERED: 0, Cover.ORAL_WINDOW: 1, Cover.ORAL_UNCONFIRMED: 2, Cover.NOT_COVERED: 3}


def cover(
    declarations: Iterable[Declaration], donation_id: str, day: dt.date, *, today: dt.date
) -> CoverResult:
    """The best cover any of `declarations` (one donor's whole history) gives the donation made
    on `day`, as things stand on `today`."""
    best = CoverResult(Cover.NOT_COVERED)
    for declaration in declarations:
        result = _one(declaration, donation_id, day, today)
        if _RANK[result.cover] < _RANK[best.cover]:
            best = result
    return best
