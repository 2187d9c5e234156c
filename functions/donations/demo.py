"""Demo donors and donations for the local stack's demo charity (wired into `chalicelocal/seed.py`).

About 40 donors — a few with details HMRC would reject (a long name, a title it refuses, a
partial postcode, no house number) so the Gift Aid screens have something to explain — most with
a Gift Aid declaration (written, online, oral; some reaching back 4 years), and about 300
donations over three tax years, all written through the services (totals, counters, aggregates
and Gift Aid states are therefore exact). Deterministic, and does nothing when the charity has
donors."""

from __future__ import annotations

import datetime as dt
import random
from decimal import Decimal

from functions.core import clock, counters
from functions.core.access import Principal
from functions.core.identity import User
from functions.declarations import service as declarations
from functions.declarations.schemas import DeclarationBody
from functions.donations import catalog, quick
from functions.donations.models import PAYMENT_METHODS
from functions.donations.schemas import CatalogBody
from functions.donors import service as donors
from functions.donors.schemas import DonorBody

FIRST = [
    "Olivia",
    "Amelia",
    "Isla",
    "Ava",
    "Mia",
    "Grace",
    "Sophia",
    "Lily",
    "Noah",
    "Oliver",
    "George",
    "Arthur",
    "Leo",
    "Harry",
    "Oscar",
    "Jack",
    "Charlie",
    "Freya",
    "Alfie",
    "Evie",
]
LAST = [
    "Smith",
    "Jones",
    "Taylor",
    "Brown",
    "Williams",
    "Wilson",
    "Johnson",
    "Davies",
    "Patel",
    "Robinson",
    "Wright",
    "Thompson",
    "Evans",
    "Walker",
    "White",
    "Roberts",
    "Green",
    "Hall",
    "Wood",
    "Jackson",
]
TOWNS = [
    ("Bath", "BA1 1AA"),
    ("Bristol", "BS1 4DJ"),
    ("York", "YO1 7HH"),
    ("Leeds", "LS1 4AP"),
    ("Norwich", "NR2 1NH"),
    ("Exeter", "EX1 1HB"),
    ("Cardiff", "CF10 1EP"),
    ("Oxford", "OX1 2JD"),
]
TITLES = ["Mr", "Mrs", "Ms", "Miss", "Dr"]
ODD_DONORS: list[dict[str, str | None]] = [  # details HMRC would reject: the Gift Aid screens explain each
    {"first_name": "Bartholomew-Maximilian Alexander", "last_name": "Featherstonehaugh-Cholmondeley-Smythe"},
    {"title": "Reverend", "first_name": "Paul", "last_name": "Aldridge"},
    {"first_name": "Nina", "last_name": "Okafor", "postcode": "BS1"},
    {"first_name": "Tom", "last_name": "Hughes", "house": None},
    {"first_name": "Ines", "last_name": "Garcia", "country": "ES", "postcode": "28001", "town": "Madrid"},
]
TYPES = ["General donation", "Spring appeal", "Sponsored walk", "In memory"]
LOCATIONS = ["Charity shop", "St Mary's church", "Online", "Summer fair"]


def _principal(tenant_id: str) -> Principal:
    user = User(
        tenant_id=tenant_id,
        user_id="demo-seed",
        name="Demo",
        email="demo@almoner.local",
        role_id="owner",
        role_name="owner",
    )
    return Principal(user=user, session=None, counters=counters.read(tenant_id))


def _donor_bodies(rng: random.Random) -> list[DonorBody]:
    bodies = []
    for number in range(35):
        town, postcode = rng.choice(TOWNS)
        first, last = FIRST[number % len(FIRST)], LAST[(number * 7) % len(LAST)]
        bodies.append(
            DonorBody(
                title=rng.choice(TITLES),
                first_name=first,
                last_name=last,
                house=str(rng.randint(1, 120)),
                address_line1=f"{rng.choice(['High', 'Church', 'Mill', 'Station'])} Street",
                town=town,
                postcode=postcode,
                email=f"{first}.{last}{number}@example.org".lower() if number % 4 else None,
                phone=f"01632 960{number:03d}" if number % 3 == 0 else None,
                tags=["regular"] if number % 5 == 0 else [],
            )
        )
    for odd in ODD_DONORS:
        base: dict[str, str | None] = {
            "title": "Mr",
            "house": "7",
            "town": "Bristol",
            "postcode": "BS1 4DJ",
            "country": "GB",
        }
        bodies.append(DonorBody.model_validate({**base, **odd}))
    bodies.append(
        DonorBody(
            type="organisation",
            company_name="Riverside Rotary Club",
            house="Unit 3",
            postcode="BA1 1AA",
            town="Bath",
        )
    )
    bodies.append(
        DonorBody(
            first_name="Olivia",
            last_name="Smith",
            email="olivia.smith0@example.org",
            house="12",
            postcode="BA1 1AA",
            town="Bath",
            title="Mrs",
        )
    )  # a likely duplicate
    return bodies


def _declaration(number: int, today: dt.date) -> DeclarationBody | None:
    """Most donors have a declaration: written or online for future gifts (some also the past
    4 years), a few oral ones (confirmed, or still waiting for the written confirmation); every
    sixth donor has none, so the Gift Aid screens show each state with its reason."""
    if number % 6 == 5:
        return None
    long_ago = today - dt.timedelta(days=3 * 365 + 30)
    if number % 3 == 0:
        return DeclarationBody(
            method="online",
            scope=["future", "past_4_years"],
            date_given=today - dt.timedelta(days=400),
            statement_version="online-2024",
        )
    if number % 4 == 1:
        sent = long_ago + dt.timedelta(days=3) if number % 8 != 1 else None
        return DeclarationBody(
            method="oral",
            scope=["future"],
            date_given=long_ago,
            statement_version="phone-2023",
            confirmation_sent_on=sent,
        )
    return DeclarationBody(
        method="written", scope=["future"], date_given=long_ago, statement_version="paper-2023"
    )


def seed_demo(tenant_id: str, *, donations: int = 300) -> bool:
    """Create the demo's donors, types, locations and donations; False when already there."""
    who = _principal(tenant_id)
    if who.counters.donors:
        return False
    rng = random.Random(4)  # noqa: S311 (demo data, not security)
    type_ids = [catalog.create(catalog.TYPES, who, CatalogBody(name=name))["id"] for name in TYPES]
    location_ids = [
        catalog.create(catalog.LOCATIONS, who, CatalogBody(name=name))["id"] for name in LOCATIONS
    ]
    bodies = _donor_bodies(rng)
    donor_ids = [donors.create(who, body)["id"] for body in bodies]
    today = clock.today()
    for number, (donor_id, body) in enumerate(zip(donor_ids, bodies, strict=True)):
        declaration = _declaration(number, today) if body.type == "individual" else None
        if declaration is not None:
            declarations.create(who, donor_id, declaration)
    rows = []
    for number in range(donations):
        day = today - dt.timedelta(days=rng.randint(0, 3 * 365))
        amount = (
            Decimal(rng.choice([5, 10, 10, 20, 25, 50, 100, 250])) + Decimal(rng.choice([0, 0, 50])) / 100
        )
        row = {
            "amount": str(amount),
            "date": day.isoformat(),
            "payment_method": rng.choice(PAYMENT_METHODS),
            "type_id": rng.choice(type_ids),
            "location_id": rng.choice(location_ids),
        }
        if number % 10:
            row["donor_id"] = rng.choice(donor_ids)
        if number % 7 == 0:
            row.update(source="JustGiving", external_ref=f"JG-{100000 + number}", payment_method="justgiving")
        if number % 29 == 0:
            row.update(status="refunded", refunded_at=day.isoformat())
        rows.append(row)
    for start in range(0, len(rows), 100):
        quick.save(who, rows[start : start + 100])
    return True
