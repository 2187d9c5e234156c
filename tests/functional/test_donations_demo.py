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
