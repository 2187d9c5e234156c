"""The demo data the local stack seeds: donors, donations and totals written through the services."""

from __future__ import annotations

from decimal import Decimal

from functions.core.counters import read as read_counters
from functions.donations.demo import seed_demo
from functions.donors.search import search_donors


def test_the_demo_seeds_once_with_consistent_totals(aws):
    assert seed_demo("demo-tenant", donations=120) is True
    counters = read_counters("demo-tenant")
    assert counters.donors == 42 and counters.donations == 120
    assert Decimal(0) < counters.donations_total
    assert search_donors("demo-tenant", "featherstonehaugh")
    assert seed_demo("demo-tenant") is False
    assert read_counters("demo-tenant").donations == 120


def test_the_demo_shows_claimable_not_eligible_and_needs_attention_donations(aws):
    from functions.core import keys
    from functions.donations.models import Donation

    seed_demo("demo-tenant", donations=120)
    counts = {
        state: Donation.gsi4.count(keys.gift_aid_state_pk("demo-tenant", state))
        for state in ("claimable", "not_eligible", "needs_attention", "handled_elsewhere")
    }
    assert all(counts.values()), counts
    sample = next(iter(Donation.gsi4.query(keys.gift_aid_state_pk("demo-tenant", "needs_attention"))))
    assert sample.gift_aid_reason and sample.gift_aid_reason.startswith("giftaid.")
