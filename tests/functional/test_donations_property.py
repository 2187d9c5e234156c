"""Property test of donation writes (issue 13 §1): random sequences of create, edit (each field
kept or changed, sent back whole as the edit form does), refund, delete, donor merge, merge undo
and Gift Aid claim, on donations with and without a type, a location, a donor (declared or not)
and claim membership.

After every step: no 5xx, and the answer is the one a simple model of the charity predicts.
After every sequence: what the user sees (the donation list, each donor's totals and donations,
the donor list, the merge history, which donations are claimable) matches the model, and every
stored total equals what the stored donations add up to: the charity's counters, each donor's
totals (all time and per tax year), the usage of each type and location, the dashboard's monthly
(overall, per type, per payment method) and tax-year aggregates, and the external references.

Each example signs up its own charity, so examples share moto's tables but no data; hypothesis
runs derandomized and without a database, so CI replays the same sequences every time (the model
picks donors and donations by creation order, never by their random ids)."""

from __future__ import annotations

import datetime as dt
from collections import Counter, defaultdict
from decimal import Decimal
from typing import Any
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, precondition, rule, run_state_machine_as_test

from chalicelocal import moto_speedups
from functions.core import clock, keys
from functions.core.counters import TenantCounters
from functions.core.table import Entity
from functions.donations.models import Donation, DonationStats, DonationType, ExternalRef, Location
from functions.donors.models import Donor, DonorYear
from tests.functional.donations_helpers import EDIT_FORM_FIELDS, make_donor, make_location, make_type
from tests.functional.giftaid_helpers import configure, drain
from tests.functional.helpers import SignedIn, sign_up_charity

NOW = dt.datetime(2026, 6, 1, 12, 0, tzinfo=dt.UTC)
DATES = ("2025-04-05", "2025-04-06", "2025-12-24", "2026-04-05", "2026-04-06", "2026-05-15")
AMOUNTS = ("0.01", "5.00", "12.50", "100.00")
METHODS = ("cash", "card", "bank_transfer")
# weighted towards what is common (a received gift, no reference), so claims have gifts to take
STATUSES = ("received", "received", "received", "refunded", "cancelled")
REFUND_DAY = "2026-05-31"  # after every date above, before "today"
REFERENCES = (None, None, None, "R1", "R2")  # from "stripe": a reference is unique within its source
DECLARATION = {
    "method": "written",
    "scope": ["future"],
    "date_given": "2024-01-10",
    "statement_version": "v1",
}
BENEFITS = (None, None, "0.50")  # within the limit of a gift of £5 or more, over it for 1p
OTHERS = ("benefit_value", "sponsored", "payment_for_goods")
CLAIMED_FACTS = ("amount", "date", "donor_id")  # fixed while a claim holds the donation


def tax_year(day: str) -> int:
    """UK tax year (starting 6 April) of an ISO date, by its start year."""
    date = dt.date.fromisoformat(day)
    return date.year if (date.month, date.day) >= (4, 6) else date.year - 1


def money(value: Any) -> Decimal:
    return Decimal(str(value or 0)).quantize(Decimal("0.01"))


class Charity(RuleBasedStateMachine):
    """One charity's donations, driven through the API and mirrored in a plain model."""

    client: Any = None  # set by the test: the Chalice test client over moto
    aws: dict[str, Any] = {}

    def __init__(self) -> None:
        super().__init__()
        self.who: SignedIn = sign_up_charity(self.client, "Property Trust")
        configure(self.who)
        self.types = [make_type(self.who, name)["id"] for name in ("General", "Appeal")]
        self.locations = [make_location(self.who, name)["id"] for name in ("Shop", "Church")]
        # the model: donations as the user sees them, donors with their declarations, merges
        self.donations: dict[str, dict[str, Any]] = {}
        self.donors: dict[str, set[str]] = {}  # donor id → its declarations
        self.gone: set[str] = set()  # merged into another donor
        self.merges: list[dict[str, Any]] = []
        for number, declared in enumerate((True, True, False)):
            donor = make_donor(self.who, first_name=f"Donor{number}", email=f"d{number}@example.org")
            self.donors[donor["id"]] = set()
            if declared:
                reply = self.who.post(f"/api/donors/{donor['id']}/declarations", DECLARATION)
                assert reply.status == 201, reply
                self.donors[donor["id"]].add(reply.json["id"])

    # ------------------------------------------------------------------ helpers
    def answered(self, reply: Any, *expected: int) -> Any:
        assert reply.status < 500, reply
        assert reply.status in expected, reply
        return reply

    def claimable(self, gift: dict[str, Any]) -> bool:
        """Gift Aid can be claimed on a received gift of a declared donor, not a payment for goods,
        with a benefit within the limit (a quarter of a gift up to £100), not already in a claim
        (every generated date is covered by the declaration and within the 4-year limit)."""
        donor, benefit = gift["donor_id"], money(gift["benefit_value"])
        return (
            gift["status"] == "received"
            and donor is not None
            and bool(self.donors.get(donor))
            and not gift["payment_for_goods"]
            and benefit * 4 <= money(gift["amount"])
            and gift["claim_id"] is None
        )

    def ref_taken(self, source: str | None, ref: str | None, by: str | None) -> bool:
        return ref is not None and any(
            (gift["source"], gift["external_ref"]) == (source, ref)
            for donation_id, gift in self.donations.items()
            if donation_id != by
        )

    def draw_fields(self, data: st.DataObject) -> dict[str, Any]:
        donors = [None, *self.donors]
        ref = data.draw(st.sampled_from(REFERENCES), label="external_ref")
        status = data.draw(st.sampled_from(STATUSES), label="status")
        return {
            "donor_id": data.draw(st.sampled_from(donors), label="donor_id"),
            "amount": data.draw(st.sampled_from(AMOUNTS), label="amount"),
            "date": data.draw(st.sampled_from(DATES), label="date"),
            "type_id": data.draw(st.sampled_from([None, *self.types]), label="type_id"),
            "location_id": data.draw(st.sampled_from([None, *self.locations]), label="location_id"),
            "payment_method": data.draw(st.sampled_from(METHODS), label="payment_method"),
            "notes": data.draw(st.sampled_from([None, "thank-you sent", "Ünïcode note"]), label="notes"),
            "source": "stripe" if ref else None,
            "external_ref": ref,
            "status": status,
            "refunded_at": REFUND_DAY if status == "refunded" else None,
            "benefit_value": data.draw(st.sampled_from(BENEFITS), label="benefit_value"),
            "sponsored": data.draw(st.booleans(), label="sponsored"),
            "payment_for_goods": data.draw(st.sampled_from((False, False, True)), label="payment_for_goods"),
        }

    def remember(self, shown: dict[str, Any]) -> None:
        """Store the donation as the API answered it, after checking it against the model."""
        gift = self.donations[shown["id"]]
        for field in gift:
            if field not in ("claim_id", "version"):
                assert shown[field] == gift[field], (field, shown[field], gift[field])
        assert shown["version"] == gift["version"], shown
        assert shown["gift_aid"]["claim_id"] == gift["claim_id"], shown

    def form_body(self, donation_id: str, **changes: Any) -> dict[str, Any]:
        shown = self.answered(self.who.get(f"/api/donations/{donation_id}"), 200).json
        body = {field: shown[field] for field in EDIT_FORM_FIELDS}
        return {**body, **changes, "version": shown["version"]}

    # ------------------------------------------------------------------ rules
    @rule(data=st.data())
    def create(self, data: st.DataObject) -> None:
        fields = self.draw_fields(data)
        reply = self.who.post("/api/donations", fields)
        if self.ref_taken(fields["source"], fields["external_ref"], None):
            self.answered(reply, 409)
            return
        shown = self.answered(reply, 201).json
        self.donations[shown["id"]] = {**fields, "version": 1, "claim_id": None}
        self.remember(shown)

    @precondition(lambda self: self.donations)
    @rule(data=st.data())
    def edit(self, data: st.DataObject) -> None:
        donation_id = data.draw(st.sampled_from(list(self.donations)), label="edited")
        gift = self.donations[donation_id]
        drawn = self.draw_fields(data)
        # each field kept or changed (source and reference together, the refund date with the status)
        changes: dict[str, Any] = {}
        for field in (
            "donor_id",
            "amount",
            "date",
            "type_id",
            "location_id",
            "payment_method",
            "notes",
            *OTHERS,
        ):
            if data.draw(st.booleans(), label=f"change {field}"):
                changes[field] = drawn[field]
        if data.draw(st.booleans(), label="change external_ref"):
            changes.update(source=drawn["source"], external_ref=drawn["external_ref"])
        if data.draw(st.booleans(), label="change status"):
            changes.update(status=drawn["status"], refunded_at=drawn["refunded_at"])
        reply = self.who.put(f"/api/donations/{donation_id}", self.form_body(donation_id, **changes))
        after = {**gift, **changes}
        held = gift["claim_id"] is not None and any(after[f] != gift[f] for f in CLAIMED_FACTS)
        if held or self.ref_taken(after["source"], after["external_ref"], donation_id):
            self.answered(reply, 409)
            return
        shown = self.answered(reply, 200).json
        self.donations[donation_id] = {**after, "version": gift["version"] + 1}
        self.remember(shown)

    @precondition(lambda self: any(g["status"] == "received" for g in self.donations.values()))
    @rule(data=st.data())
    def refund(self, data: st.DataObject) -> None:
        received = [d for d, g in self.donations.items() if g["status"] == "received"]
        donation_id = data.draw(st.sampled_from(received), label="refunded")
        body = self.form_body(donation_id, status="refunded", refunded_at=REFUND_DAY)
        shown = self.answered(self.who.put(f"/api/donations/{donation_id}", body), 200).json
        gift = self.donations[donation_id]
        gift.update(status="refunded", refunded_at=REFUND_DAY, version=gift["version"] + 1)
        self.remember(shown)
        assert shown["gift_aid"]["state"] != "claimable", shown

    @precondition(lambda self: self.donations)
    @rule(data=st.data())
    def delete(self, data: st.DataObject) -> None:
        donation_id = data.draw(st.sampled_from(list(self.donations)), label="deleted")
        reply = self.who.delete(f"/api/donations/{donation_id}")
        if self.donations[donation_id]["claim_id"] is not None:
            self.answered(reply, 409)
            return
        self.answered(reply, 200)
        del self.donations[donation_id]
        self.answered(self.who.get(f"/api/donations/{donation_id}"), 404)

    @precondition(lambda self: len(self.donors) >= 2)
    @rule(data=st.data())
    def merge(self, data: st.DataObject) -> None:
        survivor, merged = data.draw(st.permutations(list(self.donors)), label="merge")[:2]
        body = {"survivor_id": survivor, "merged_id": merged}
        record = self.answered(self.who.post("/api/donors/merge", body), 201).json["merge"]
        assert record["status"] == "done", record
        moved = {d for d, g in self.donations.items() if g["donor_id"] == merged}
        for donation_id in moved:
            self.donations[donation_id]["donor_id"] = survivor
            self.donations[donation_id]["version"] += 1
        declarations = self.donors.pop(merged)
        self.donors[survivor] |= declarations
        self.gone.add(merged)
        self.merges.append(
            {
                "id": record["id"],
                "survivor": survivor,
                "merged": merged,
                "donations": moved,
                "declarations": declarations,
                "status": "done",
            }
        )

    @precondition(lambda self: any(m["status"] == "done" for m in self.merges))
    @rule(data=st.data())
    def undo(self, data: st.DataObject) -> None:
        done = [m for m in self.merges if m["status"] == "done"]
        merge = data.draw(st.sampled_from(done), label="undone")
        reply = self.who.post(f"/api/donors/merges/{merge['id']}/undo")
        survivor, merged = merge["survivor"], merge["merged"]
        if survivor not in self.donors:  # merged on since: that merge is undone first
            assert "Undo that merge first" in self.answered(reply, 409).json["message"]
            return
        self.answered(reply, 200)
        merge["status"] = "undone"
        self.gone.discard(merged)
        for donation_id in merge["donations"]:
            gift = self.donations.get(donation_id)
            if gift is not None and gift["donor_id"] == survivor:
                gift["donor_id"] = merged
                gift["version"] += 1
        back = self.donors[survivor] & merge["declarations"]
        self.donors[survivor] -= back
        self.donors[merged] = back

    @precondition(lambda self: any(self.claimable(g) for g in self.donations.values()))
    @rule()
    def claim(self) -> None:
        wanted = sorted(d for d, g in self.donations.items() if self.claimable(g))
        reply = self.answered(self.who.post("/api/gift-aid/claims", {"donation_ids": wanted}), 202)
        claim_id = reply.json["claim_id"]
        drain(self.aws)
        for donation_id in wanted:
            # joining a claim bumps the version: an edit form opened before cannot drop the claim
            gift = self.donations[donation_id]
            gift.update(claim_id=claim_id, version=gift["version"] + 1)
            shown = self.answered(self.who.get(f"/api/donations/{donation_id}"), 200).json
            assert shown["gift_aid"]["state"] == "in_claim", shown
            self.remember(shown)

    # ------------------------------------------------------------------ after the sequence
    def teardown(self) -> None:
        self.check_what_the_user_sees()
        self.check_stored_totals()

    def every(self, path: str) -> list[dict[str, Any]]:
        rows: list[dict[str, Any]] = []
        cursor = None
        while True:
            page = f"{path}{'&' if '?' in path else '?'}length=100" + (
                f"&cursor={quote(cursor)}" if cursor else ""
            )
            reply = self.answered(self.who.get(page), 200).json
            rows += reply["data"]
            cursor = reply["meta"]["next_cursor"]
            if not cursor:
                return rows

    def check_what_the_user_sees(self) -> None:
        listed = {row["id"]: row for row in self.every("/api/donations")}
        assert set(listed) == set(self.donations)
        for shown in listed.values():
            self.remember(shown)
            gift = self.donations[shown["id"]]
            state = shown["gift_aid"]["state"]
            assert (state == "claimable") == self.claimable(gift), (shown["id"], gift, shown["gift_aid"])
            if gift["claim_id"] is not None:
                assert state in ("in_claim", "claimed"), shown
        assert {row["id"] for row in self.every("/api/donors")} == set(self.donors)
        this_year = tax_year(NOW.date().isoformat())
        for donor_id in self.donors:
            theirs = [g for g in self.donations.values() if g["donor_id"] == donor_id]
            received = [g for g in theirs if g["status"] == "received"]
            totals = self.answered(self.who.get(f"/api/donors/{donor_id}"), 200).json["totals"]
            assert totals == {
                "all_time": str(sum((money(g["amount"]) for g in received), Decimal("0.00"))),
                "donations_count": len(theirs),
                "tax_year": str(
                    sum((money(g["amount"]) for g in received if tax_year(g["date"]) == this_year), money(0))
                ),
                "tax_year_label": f"{this_year}-{(this_year + 1) % 100:02d}",
            }, donor_id
            their_list = self.every(f"/api/donors/{donor_id}/donations")
            assert sorted(row["id"] for row in their_list) == sorted(
                d for d, g in self.donations.items() if g["donor_id"] == donor_id
            )
        for donor_id in self.gone:
            self.answered(self.who.get(f"/api/donors/{donor_id}"), 404)
        history = {
            m["id"]: m["status"] for m in self.answered(self.who.get("/api/donors/merges"), 200).json["data"]
        }
        assert history == {m["id"]: m["status"] for m in self.merges}

    def check_stored_totals(self) -> None:
        """Every total item equals what the stored donations add up to (zero when none left)."""
        tenant = self.who.tenant_id
        items = list(Entity.query(keys.tenant_pk(tenant), consistent_read=True))
        stored = [item for item in items if isinstance(item, Donation)]
        assert {d.donation_id for d in stored} == set(self.donations)
        received = [d for d in stored if d.status == "received"]

        def add_up(groups: dict[Any, list[Donation]]) -> dict[Any, tuple[int, Decimal]]:
            return {k: (len(v), sum((d.amount for d in v), Decimal(0))) for k, v in groups.items()}

        counters = next(item for item in items if isinstance(item, TenantCounters))
        assert (counters.donations, counters.donations_total, counters.donors) == (
            len(stored),
            sum((d.amount for d in received), Decimal(0)),
            len(self.donors),
        )
        # donors: all-time totals, the GSI2 sort key of the list by total, tax-year totals
        for donor in (item for item in items if isinstance(item, Donor)):
            theirs = [d for d in stored if d.donor_id == donor.donor_id]
            given = sum((d.amount for d in theirs if d.status == "received"), Decimal(0))
            assert (donor.total_given, donor.donations_count) == (given, len(theirs)), donor.donor_id
            assert donor.gsi2sk == keys.sortable_name(keys.sortable_amount(int(given * 100)), donor.donor_id)
        by_donor_year: dict[Any, list[Donation]] = defaultdict(list)
        for d in received:
            if d.donor_id:
                by_donor_year[DonorYear.key(tenant, d.donor_id, tax_year(d.donation_date))].append(d)
        expected = add_up(by_donor_year)
        for year in (item for item in items if isinstance(item, DonorYear)):
            assert (year.gifts, year.total) == expected.pop((year.pk, year.sk), (0, 0)), year.sk
        assert not expected, f"donor tax years missing: {sorted(expected)}"
        # usage of each type and location: every donation using it, whatever its status
        usage = Counter(key for d in stored for key in (d.type_id, d.location_id) if key)
        for item in items:
            if isinstance(item, (DonationType, Location)):
                item_id = item.type_id if isinstance(item, DonationType) else item.location_id
                assert int(item.usage or 0) == usage[item_id], (item.sk, item.usage, usage[item_id])
        # the dashboard: received gifts per month (overall, per method, per type) and tax year
        by_stat: dict[str, list[Donation]] = defaultdict(list)
        for d in received:
            month = d.donation_date[:7]
            by_stat[keys.donation_month_sk(month)].append(d)
            by_stat[keys.donation_month_sk(month, f"METHOD#{d.payment_method}")].append(d)
            if d.type_id:
                by_stat[keys.donation_month_sk(month, f"TYPE#{d.type_id}")].append(d)
            by_stat[keys.donation_tax_year_sk(tax_year(d.donation_date))].append(d)
        stats = add_up(by_stat)
        for stat in (item for item in items if isinstance(item, DonationStats)):
            assert (stat.gifts, stat.total) == stats.pop(stat.sk, (0, 0)), stat.sk
        assert not stats, f"aggregates missing: {sorted(stats)}"
        # external references: one item per (source, reference) in use, naming its donation
        refs = {(item.sk, item.donation_id) for item in items if isinstance(item, ExternalRef)}
        assert refs == {
            (keys.donation_ref_sk(d.source or "", d.external_ref), d.donation_id)
            for d in stored
            if d.external_ref
        }


@pytest.fixture
def frozen_clock():
    clock.set_clock(lambda: NOW)
    yield
    clock.set_clock(None)


def test_random_donation_writes_keep_every_view_and_total_right(aws, client, frozen_clock):
    # Every example adds a charity to the same tables; moto alone copies a whole table for each
    # transaction, the local stack's equivalent (tested in tests/unit/test_moto_speedups.py)
    # copies only the items a transaction touches.
    moto_speedups.apply()
    Charity.client, Charity.aws = client, aws
    run_state_machine_as_test(
        Charity,
        settings=settings(
            max_examples=8,
            stateful_step_count=15,
            deadline=None,
            derandomize=True,
            database=None,
            # a failure prints its whole sequence (a dozen steps); shrinking it through the API
            # could take many minutes of CI
            phases=(Phase.explicit, Phase.generate),
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )
