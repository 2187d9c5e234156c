"""A cold Lambda's first request imports no pydantic (issue 18, ADR 0011 addendum "no pydantic on
a first request"): pydantic and an area's request models cost a cold start more than the whole
budget over a bare boto3 client leaves. Each area's first screen (bench/cold_start_request.py
`REQUESTS`) is answered by its handler from the built artifact in a fresh interpreter against the
local stack, as the bench does once; no area may need pydantic for it, the dashboard's needs no
area's models module (`functions.giftaid.models`, `functions.funds.models`...), and Past Claims and
a donor's declarations need only the models of what they read."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from functions.areas import AREAS

ROOT = Path(__file__).resolve().parents[2]
WITHOUT_AREA_MODELS = ("dashboard",)
# areas whose first request loads only the models of what it reads: Past Claims only claims (not
# the donation and donor models of New Claim's estimates), a donor's declarations only
# declarations and the donor (not the donations their writes re-assess); ADR 0011 addendum of
# session 28
ONLY_MODELS = {
    "giftaid": ["functions.giftaid.models"],
    "declarations": ["functions.declarations.models", "functions.donors.models"],
}


def test_every_area_answers_its_first_request_without_pydantic() -> None:
    answer = subprocess.run(  # noqa: S603 (our own interpreter and bench)
        [sys.executable, "bench/cold_start_request.py", "--repeat", "1", "--json"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert answer.stdout.strip(), answer.stderr[-2000:]
    found = json.loads(answer.stdout.strip().splitlines()[-1])
    assert set(found) == set(AREAS)
    expected = {"exports": [404]}
    wrong = {area: f["statuses"] for area, f in found.items() if f["statuses"] != expected.get(area, [200])}
    assert wrong == {}
    with_pydantic = sorted(area for area, figures in found.items() if figures["pydantic"])
    assert with_pydantic == [], f"these areas' first request imported pydantic: {with_pydantic}"
    # areas whose first request reads plain attributes and imports no area's models (ADR 0011
    # addendum "the dashboard's first request": importing them cost more than the reads)
    with_models = {area: found[area]["models"] for area in WITHOUT_AREA_MODELS if found[area]["models"]}
    assert with_models == {}, f"these areas' first request imported models: {with_models}"
    beyond = {
        area: sorted(found[area]["models"])
        for area, models in ONLY_MODELS.items()
        if sorted(found[area]["models"]) != models
    }
    assert beyond == {}, f"these areas' first request imported other models: {beyond}"
