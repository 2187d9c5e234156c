"""The fund ledger's pure rules (functions/domain/funds.py): splits by amount and percentage,
re-balancing, the lines a donation write makes, restricted transfers and overdrawing."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from functions.domain import funds
from functions.domain.funds import DonationSide, Movement, SplitError, SplitLine


def test_a_split_by_amounts_must_add_up_exactly():
    assert funds.split(1000, [SplitLine("a", 750), SplitLine("b", 250)]) == [("a", 750), ("b", 250)]
    with pytest.raises(SplitError) as error:
        funds.split(1000, [SplitLine("a", 700), SplitLine("b", 250)])
    assert (error.value.key, error.value.params) == ("funds.split_sum", {"total": 1000, "given": 950})


def test_a_split_by_percentages_gives_the_remainder_pence_to_the_first_line():
    thirds = [SplitLine("a", percent=Decimal("33.3333")), SplitLine("b", percent=Decimal("33.3333"))]
    thirds.append(SplitLine("c", percent=Decimal("33.3334")))
    assert funds.split(1000, thirds) == [("a", 334), ("b", 333), ("c", 333)]
    assert funds.split(1, [SplitLine("a", percent=Decimal(100))]) == [("a", 1)]


@pytest.mark.parametrize(
    ("lines", "key"),
    [
        ([], "funds.split_empty"),
        ([SplitLine("a", 500), SplitLine("a", 500)], "funds.split_repeated"),
        ([SplitLine("a", 500), SplitLine("b", percent=Decimal(50))], "funds.split_mixed"),
        ([SplitLine("a", 500, Decimal(50))], "funds.split_mixed"),
        ([SplitLine("a")], "funds.split_mixed"),
        ([SplitLine("a", percent=Decimal(60)), SplitLine("b", percent=Decimal(30))], "funds.split_percent"),
        ([SplitLine("a", 1000), SplitLine("b", 0)], "funds.split_zero"),
    ],
)
def test_a_split_that_cannot_be_applied_names_its_problem(lines, key):
    with pytest.raises(SplitError) as error:
        funds.split(1000, lines)
    assert error.value.key == key


def test_one_pence_cannot_be_split_in_two():
    with pytest.raises(SplitError) as error:
        funds.split(1, [SplitLine("a", percent=Decimal(50)), SplitLine("b", percent=Decimal(50))])
    assert error.value.key == "funds.split_zero"


@given(
    total=st.integers(min_value=1, max_value=10**9),
    weights=st.lists(st.integers(min_value=1, max_value=10**6), min_size=1, max_size=6),
)
def test_rebalancing_keeps_the_total_and_the_order(total, weights):
    current = [(f"f{i}", weight) for i, weight in enumerate(weights)]
    lines = funds.rebalance(total, current)
    assert sum(amount for _, amount in lines) == total
    assert [fund for fund, _ in lines] == [fund for fund, _ in current]
    assert all(amount >= 0 for _, amount in lines[1:])


def test_the_lines_of_a_donation_write():
    before = DonationSide("2026-05-01", True, (("a", 600), ("b", 400)))
    # created: one allocation per fund
    assert funds.donation_movements(None, before) == [
        Movement("a", "2026-05-01", "allocation", 600),
        Movement("b", "2026-05-01", "allocation", 400),
    ]
    # edited without a change to the split or the date: no line at all
    assert funds.donation_movements(before, before) == []
    # re-split: the net change per fund only
    after = DonationSide("2026-05-01", True, (("a", 1000),))
    assert funds.donation_movements(before, after) == [
        Movement("a", "2026-05-01", "allocation", 400),
        Movement("b", "2026-05-01", "allocation", -400),
    ]
    # refunded: its allocations come back as refund reversals
    refunded = DonationSide("2026-05-01", False, before.lines)
    assert [(m.kind, m.amount) for m in funds.donation_movements(before, refunded)] == [
        ("refund_reversal", -600),
        ("refund_reversal", -400),
    ]
    # deleted: negative allocations; a refunded donation deleted moves nothing
    assert [m.amount for m in funds.donation_movements(before, None)] == [-600, -400]
    assert funds.donation_movements(refunded, None) == []
    # moved to another month: out of the old date, into the new one
    moved = DonationSide("2026-06-01", True, before.lines)
    assert funds.balance_changes(funds.donation_movements(before, moved)) == {"a": 0, "b": 0}


@given(
    old=st.lists(
        st.tuples(st.sampled_from("abcd"), st.integers(1, 10**6)), max_size=4, unique_by=lambda x: x[0]
    ),
    new=st.lists(
        st.tuples(st.sampled_from("abcd"), st.integers(1, 10**6)), max_size=4, unique_by=lambda x: x[0]
    ),
    old_received=st.booleans(),
    new_received=st.booleans(),
)
def test_a_write_moves_each_fund_by_exactly_new_minus_old(old, new, old_received, new_received):
    before = DonationSide("2026-05-01", old_received, tuple(old))
    after = DonationSide("2026-05-02", new_received, tuple(new))
    changes = funds.balance_changes(funds.donation_movements(before, after))
    for fund in "abcd":
        expected = (dict(new).get(fund, 0) if new_received else 0) - (
            dict(old).get(fund, 0) if old_received else 0
        )
        assert changes.get(fund, 0) == expected


def test_money_leaves_a_restricted_fund_only_for_a_listed_reason_with_a_note():
    assert funds.transfer_problem("unrestricted_general", "other", None) is None
    assert funds.transfer_problem("designated", "reallocation", None) is None
    assert funds.transfer_problem("restricted", "reallocation", "x") == "funds.transfer_reason_restricted"
    assert (
        funds.transfer_problem("endowment_permanent", "donor_consent", "  ") == "funds.transfer_note_required"
    )
    assert funds.transfer_problem("restricted", "release_from_restriction", "minute 12") is None


def test_only_restricted_and_endowment_funds_are_kept_at_or_above_zero():
    assert funds.overdraws("restricted", 500, -501)
    assert not funds.overdraws("restricted", 500, -500)
    assert funds.overdraws("endowment_expendable", 0, -1)
    assert not funds.overdraws("unrestricted_general", 0, -1000)
    assert not funds.overdraws("designated", 0, -1000)
    assert funds.folded_name("  Roof   APPEAL ") == funds.folded_name("roof appeal")


def test_a_split_may_name_one_fund_twice_for_different_projects_but_not_the_same_line_twice():
    lines = [
        funds.SplitLine("roof", 3000, project_id="p1"),
        funds.SplitLine("roof", 2000),
    ]
    assert funds.split_lines(5000, lines) == [("roof", 3000, "p1"), ("roof", 2000, None)]
    assert funds.split(5000, lines) == [("roof", 3000), ("roof", 2000)]
    with pytest.raises(funds.SplitError) as raised:
        funds.split_lines(5000, [funds.SplitLine("roof", 2500, project_id="p1")] * 2)
    assert raised.value.key == "funds.split_repeated"
    assert funds.rebalance_lines(1000, [("roof", 3000, "p1"), ("roof", 2000, None)]) == [
        ("roof", 600, "p1"),
        ("roof", 400, None),
    ]


def test_donation_movements_net_per_fund_and_project():
    before = funds.DonationSide("2026-05-01", True, (("roof", 4000, "p1"),))
    after = funds.DonationSide("2026-05-01", True, (("roof", 2000, "p1"), ("roof", 2000, "p2")))
    moves = funds.donation_movements(before, after)
    assert sorted((m.fund_id, m.project_id, m.kind, m.amount) for m in moves) == [
        ("roof", "p1", "allocation", -2000),
        ("roof", "p2", "allocation", 2000),
    ]
    refunded = funds.DonationSide("2026-05-01", False, after.lines)
    assert sorted((m.project_id, m.kind, m.amount) for m in funds.donation_movements(after, refunded)) == [
        ("p1", "refund_reversal", -2000),
        ("p2", "refund_reversal", -2000),
    ]
    # a line of the older (fund, pence) shape names no project
    old = funds.DonationSide("2026-05-01", True, (("roof", 1000),))
    assert [m.project_id for m in funds.donation_movements(None, old)] == [None]
