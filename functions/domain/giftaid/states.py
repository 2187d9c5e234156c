"""The states and kinds of Gift Aid's vocabulary (`model.py` re-exports them): apart from the
model's frozen dataclasses so that a screen needing only a state (the dashboard's unclaimed tile,
a list's filter) does not build them on a cold start (~1.5 ms each; ADR 0011)."""

from __future__ import annotations

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
