"""The compact digest set an import pass keeps per row answers as a Python set would."""

from __future__ import annotations

import random
import tracemalloc

from functions.domain.imports.digests import DigestSet


def test_it_answers_as_a_set_through_growth_and_collisions():
    rng = random.Random(11)  # noqa: S311
    ours, theirs = DigestSet(), set()
    # digests that share their low bits probe past each other; 0 is a digest like any other
    pool = [rng.getrandbits(64) for _ in range(3000)] + [n << 40 for n in range(200)] + [0, 1]
    for _ in range(12000):
        digest = rng.choice(pool)
        assert ours.add(digest) == ((digest or 1) not in theirs)
        theirs.add(digest or 1)
        assert len(ours) == len(theirs)
    for digest in pool:
        assert (digest in ours) == ((digest or 1) in theirs)


def test_a_hundred_thousand_digests_take_a_third_of_a_set():
    # as in an import pass, each digest is made for its row and only the set keeps it
    def fill(members):  # type: ignore[no-untyped-def]
        rng = random.Random(5)  # noqa: S311
        tracemalloc.start()
        for _ in range(100_000):
            members.add(rng.getrandbits(64))
        held, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert len(members) == 100_000
        return held, peak

    ours_held, ours_peak = fill(DigestSet())
    theirs_held, theirs_peak = fill(set())
    assert ours_held < 0.4 * theirs_held  # held while the pass runs
    assert ours_peak < 0.55 * theirs_peak  # at the peak, while the table doubles
