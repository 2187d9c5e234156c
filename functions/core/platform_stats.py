"""Platform figures for the platform administrator's dashboard (issue 14), kept on write in one
small partition `PK=PLATFORM#STATS` so the dashboard reads them with one Query:

- `SK=ACTIVE#<YYYY-MM-DD>`: the ids of the users who signed in that day (a string set, ADD on each
  sign-in; the item expires 40 days later). Active users = the union of the last 30 days' sets.
- `SK=MONTH#<YYYY-MM>`: `claims_created`, ADD 1 by every new Gift Aid claim, of any charity.

Written next to (not inside) the sign-in and the claim creation: a crash between the two leaves a
figure one short, never blocks a sign-in or a claim.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from pynamodb.attributes import NumberAttribute, UnicodeSetAttribute

from functions.core import clock, keys
from functions.core.table import Entity

ACTIVE_DAYS = 30
KEEP_DAYS = 40


class PlatformStat(Entity, discriminator="PlatformStat"):
    users = UnicodeSetAttribute(null=True)
    claims_created = NumberAttribute(default=0)


def active_sk(day: dt.date) -> str:
    return keys.platform_active_sk(day.isoformat())


def month_sk(month: str) -> str:
    return keys.platform_month_sk(month)


def record_sign_in(user_id: str) -> None:
    today = clock.today()
    item = PlatformStat(keys.platform_stats_pk(), active_sk(today))
    item.update(
        actions=[
            PlatformStat.users.add({user_id}),
            PlatformStat.entity.set(PlatformStat),  # type: ignore[arg-type]
            PlatformStat.expires_at.set(clock.now().replace(microsecond=0) + dt.timedelta(days=KEEP_DAYS)),
        ]
    )


def record_claim_created() -> None:
    item = PlatformStat(keys.platform_stats_pk(), month_sk(clock.today().strftime("%Y-%m")))
    item.update(
        actions=[
            PlatformStat.claims_created.add(1),
            PlatformStat.entity.set(PlatformStat),  # type: ignore[arg-type]
        ]
    )


@dataclass(frozen=True)
class Figures:
    active_users: int
    claims_this_month: int


def read() -> Figures:
    """One Query: the last 30 days' ACTIVE items and this month's MONTH item (ACTIVE# sorts before
    MONTH#; older MONTH items in between are skipped)."""
    today = clock.today()
    first_day = today - dt.timedelta(days=ACTIVE_DAYS - 1)
    this_month = month_sk(today.strftime("%Y-%m"))
    users: set[str] = set()
    claims = 0
    for item in PlatformStat.query(
        keys.platform_stats_pk(), PlatformStat.sk.between(active_sk(first_day), this_month)
    ):
        if item.sk.startswith(keys.platform_active_prefix()) and item.sk <= active_sk(today):
            users |= set(item.users or ())
        elif item.sk == this_month:
            claims = int(item.claims_created or 0)
    return Figures(active_users=len(users), claims_this_month=claims)
