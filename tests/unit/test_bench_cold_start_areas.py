"""The cold-start bench (bench/cold_start_request.py) times every API area's first request: an
area added without its request there stopped the whole bench at a KeyError (session 22)."""

from __future__ import annotations

from bench.cold_start_request import REQUESTS
from functions.areas import AREAS


def test_every_area_has_its_first_request_in_the_cold_start_bench() -> None:
    missing = [area for area in AREAS if area not in REQUESTS]
    assert missing == [], f"bench/cold_start_request.py REQUESTS lacks {missing}"
    assert all(path.startswith("/api/") for _, path, _ in REQUESTS.values())
