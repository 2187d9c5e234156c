"""Money that follows a donation's split (functions/domain/funds.py): shares that add up to the
penny in either sign, Gift Aid spread over a split with its projects, and a partial refund's
lines as refunds."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from functions.domain.funds import (
    DEFAULT_FUND_ID,
    DonationSide,
    FundShare,
    Movement,
    follow_split,
    partial_refund_movements,
    shares,
)


@given(st.integers(-(10**9), 10**9), st.lists(st.integers(1, 10**7), min_size=1, max_size=8))
def test_shares_add_up_exactly_and_keep_the_sign(total: int, weights: list[int]) -> None:
    parts = shares(total, weights)
    assert sum(parts) == total and len(parts) == len(weights)
    assert all(part * total >= 0 for part in parts)


def test_shares_give_the_remainder_pence_to_the_first_line() -> None:
    assert shares(1000, [1, 1, 1]) == [334, 333, 333]
    assert shares(-1000, [1, 1, 1]) == [-334, -333, -333]


def test_gift_aid_follows_the_split_with_its_projects_and_a_donation_without_one_goes_to_general() -> None:
    totals: dict = {}
    follow_split(totals, 1000, [FundShare("roof", 3000), FundShare("youth", 1000, "p1")])
    follow_split(totals, 250, [])
    follow_split(totals, -100, [FundShare("roof", 3000), FundShare("youth", 1000, "p1")])
    assert totals == {("roof", None): 750 - 75, ("youth", "p1"): 250 - 25, (DEFAULT_FUND_ID, None): 250}


def test_a_partial_refund_gives_back_each_lines_loss_as_a_refund() -> None:
    before = DonationSide("2026-05-01", True, (("roof", 2000), ("general", 1000)))
    after = DonationSide("2026-05-01", True, (("roof", 1334), ("general", 666)))
    assert partial_refund_movements(before, after) == [
        Movement("roof", "2026-05-01", "refund_reversal", -666),
        Movement("general", "2026-05-01", "refund_reversal", -334),
    ]
    # a changed date is not a refund of part: the lines move as an ordinary edit
    moved = DonationSide("2026-05-02", True, (("roof", 1334), ("general", 666)))
    assert {m.kind for m in partial_refund_movements(before, moved)} == {"allocation"}
