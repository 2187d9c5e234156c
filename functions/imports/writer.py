"""Writing planned rows: every row is written whole or not at all.

A row's donation, its reference item, its declaration, its donor when the import creates it
(with the donor's search tokens, match keys and the charity's donor count) and every total the
donation moves (`functions.donations.repository.add_changes`: the charity's counters, the donor's
totals and tax-year total, the dashboard's aggregates, type and location usage, the Gift Aid
state) go into ONE TransactWriteItems; rows are packed into transactions of at most 100 items,
all rows of one donor together where they fit, so a donor's totals move once per transaction.
The charity-wide totals the chunk moves most (its counters, the dashboard's monthly and tax-year
aggregates) are the exception: they are summed over the chunk and moved once, in the transaction
that closes it (`functions.imports.jobs.close_chunk`), which also marks the chunk done, so they
count each row exactly once however often the chunk is delivered; the dashboard catches up as
each chunk closes. The fund ledger lines of the chunk's donations (with their balances and monthly
totals) are written after its rows, by date, many to a transaction (`functions.imports.ledger`);
a row's transaction only checks that its fund exists and is not archived.

Ids are stable (`rows.stable_id`), so a retried chunk finds what an earlier attempt wrote: the
transaction is cancelled, and its rows are sorted out with one consistent read of their
references and donations (written by us earlier → done; reference held by another donation →
duplicate), the donors re-read, and the rest written again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from functions.core import keys
from functions.core.counters import TenantCounters
from functions.core.table import absent
from functions.declarations import eligibility, records
from functions.declarations.imported import imported_declaration
from functions.declarations.models import DeclarationRecord
from functions.domain import names
from functions.domain.funds import pence
from functions.donations import repository as donations
from functions.donations.models import RECEIVED, Donation, DonationStats, DonationType, ExternalRef, Location
from functions.donors import repository as donors
from functions.donors.models import PROFILE_FIELDS, Donor
from functions.donors.transaction import MAX_ITEMS, Transaction, TransactionFailed
from functions.funds.models import FundBalance
from functions.imports import ledger, repository
from functions.imports.models import ImportItem

ATTEMPTS = 8
# The closing transaction holds the manifest, the import's counts and these totals.
DEFERRED_TOTALS = 90
DEFERRABLE = (TenantCounters, DonationStats)


class ImportContext(eligibility.Context):
    """Gift Aid inputs for an import: donors the import creates have no stored declarations, so
    their (eventually consistent) GSI3 read is skipped; existing donors are read as usual."""

    def __init__(self, tenant_id: str, fresh: Iterable[DeclarationRecord], new_donors: Iterable[str]) -> None:
        super().__init__(tenant_id, fresh)
        self._new_donors = set(new_donors)

    def declarations(self, donor_id: str) -> list[Any]:
        if donor_id in self._new_donors and donor_id not in self._declarations:
            self._declarations[donor_id] = [
                records.domain_declaration(record) for record in self.fresh_of(donor_id)
            ]
        return super().declarations(donor_id)


@dataclass
class Outcome:
    donations: list[str] = field(default_factory=list)
    declarations: list[str] = field(default_factory=list)
    donors_created: list[str] = field(default_factory=list)
    donors_linked: set[str] = field(default_factory=set)
    donor_counts: dict[str, int] = field(default_factory=dict)
    duplicates: int = 0
    failed_rows: list[tuple[int, str, str]] = field(default_factory=list)  # (row, column, reason key)
    totals: list[tuple[type, tuple[str, str], dict[str, Any]]] = field(default_factory=list)

    def count_donation(self, donor_id: str | None) -> None:
        if donor_id:
            self.donor_counts[donor_id] = self.donor_counts.get(donor_id, 0) + 1


def new_donor(tenant_id: str, donor_id: str, details: dict[str, Any]) -> Donor:
    """A donor the import creates, from the details of the first row naming it."""
    donor = Donor(
        *Donor.key(tenant_id, donor_id),
        donor_id=donor_id,
        tenant_id=tenant_id,
        donor_type=details.get("type") or "individual",
        consents={},
        tags=[],
        country=details.get("country") or "GB",
    )
    for name in PROFILE_FIELDS:
        if name not in ("country", "notes"):
            setattr(donor, name, details.get(name))
    donors.index_keys(donor)
    return donor


def planned_donation(tenant_id: str, row: dict[str, Any], donor: Donor | None) -> Donation:
    """The donation a planned row creates (`donor`: its donor, None when anonymous or gone)."""
    details = row["donation"]
    benefit = details.get("benefit_value")
    made = Donation(
        *Donation.key(tenant_id, row["donation_id"]),
        donation_id=row["donation_id"],
        tenant_id=tenant_id,
        donor_id=row.get("donor_id") if donor else None,
        donor_name=names.display_name(donors.facts_of(donor)) if donor else None,
        amount=Decimal(details["amount"]),
        donation_date=details["date"],
        type_id=details.get("type_id"),
        payment_method=details.get("payment_method") or "other",
        location_id=details.get("location_id"),
        source=row["source"],
        external_ref=row["ref"],
        benefit_value=Decimal(benefit) if benefit else None,
        sponsored=bool(details.get("sponsored")),
        notes=details.get("notes"),
        status=details.get("status") or RECEIVED,
        refunded_at=details.get("refunded_at"),
        payment_for_goods=False,
    )
    fund_id = details.get("fund_id")
    donations.set_split(made, [(fund_id, pence(made.amount), None)] if fund_id else None)
    return made


def _closed(balance: Any) -> bool:
    """A fund deleted or archived since the plan (its balance item says which)."""
    return not isinstance(balance, FundBalance) or bool(balance.archived)


def _row(row: dict[str, Any]) -> int:
    return int(row["row"])


class ChunkWriter:
    def __init__(self, item: ImportItem, planned: list[dict[str, Any]], actor_id: str | None) -> None:
        self.item = item
        self.tenant_id = item.tenant_id
        self.outcome = Outcome()
        self.rows = sorted(planned, key=lambda r: (r.get("donor_id") or "~", _row(r)))
        new_ids = {str(r["donor_id"]) for r in self.rows if r.get("new_donor") and r.get("donor_id")}
        linked_ids = {
            str(r["donor_id"]) for r in self.rows if r.get("donor_id") and r["donor_id"] not in new_ids
        }
        self.donors: dict[str, Donor] = self._read_donors(linked_ids)
        self.pending: dict[str, Donor] = {}
        self.index_items: dict[str, dict[tuple[str, str], Any]] = {}
        for row in self.rows:
            donor_id = str(row.get("donor_id") or "")
            if donor_id in new_ids and donor_id not in self.pending:
                self.pending[donor_id] = new_donor(self.tenant_id, donor_id, row.get("donor") or {})
        self.built: dict[int, Donation] = {_row(row): self._donation(row) for row in self.rows}
        # what each donation adds to its totals (from its date, amount, status, method, type,
        # location and donor, which writing it does not change), for the deferred totals
        self.shares = {
            donation.donation_id: donations.contributions(donation) for donation in self.built.values()
        }
        self.deferred = self._deferred_keys()
        for row in list(self.rows):
            owner = row.get("donor_id")
            if owner and owner not in self.donors and owner not in self.pending:
                self._fail(row, "donor_id", "imports.donor_gone")
        self.records: dict[int, DeclarationRecord] = {}
        for row in self.rows:
            if row.get("declaration") and row.get("declaration_id") and row.get("donor_id"):
                declaration = row["declaration"]
                self.records[_row(row)] = imported_declaration(
                    self.tenant_id,
                    row["declaration_id"],
                    donor_id=row["donor_id"],
                    donation_id=row["donation_id"],
                    method=declaration["method"],
                    date_given=declaration["date_given"],
                    import_id=item.import_id,
                    actor_id=actor_id,
                )
        self.context = ImportContext(self.tenant_id, self.records.values(), new_ids)

    # ------------------------------------------------------------------ building
    def _deferred_keys(self) -> frozenset[tuple[str, str]]:
        """The charity-wide totals the chunk's rows move most often (its counters, the monthly
        and tax-year aggregates), at most DEFERRED_TOTALS of them: moved once, by the transaction
        that closes the chunk (`deferred_totals`), instead of in every row's transaction. Chosen
        from the planned rows alone (their dates, methods, types, statuses), never from what is
        stored, so every delivery of the chunk defers the same keys and no row's share is moved
        both ways."""
        uses: Counter[tuple[str, str]] = Counter()
        for donation in self.built.values():
            for model, key, _, tag in self.shares[donation.donation_id]:
                if tag is None and model in DEFERRABLE:
                    uses[key] += 1
        ranked = sorted(uses, key=lambda key: (-uses[key], key))
        return frozenset(ranked[:DEFERRED_TOTALS])

    def _read_donors(self, donor_ids: Iterable[str]) -> dict[str, Donor]:
        wanted = [Donor.key(self.tenant_id, donor_id) for donor_id in donor_ids]
        found = repository.existing(wanted) if wanted else {}
        return {item.donor_id: item for item in found.values() if isinstance(item, Donor)}

    def _donor_of(self, donor_id: str | None) -> Donor | None:
        if not donor_id:
            return None
        return self.donors.get(donor_id) or self.pending.get(donor_id)

    def _donation(self, row: dict[str, Any]) -> Donation:
        return planned_donation(self.tenant_id, row, self._donor_of(row.get("donor_id")))

    def _fail(self, row: dict[str, Any], column: str, reason: str) -> None:
        self.outcome.failed_rows.append((_row(row), column, reason))
        self.rows.remove(row)

    def _row_keys(self, row: dict[str, Any], planned_donors: set[str]) -> set[tuple[str, str]]:
        donation = self.built[_row(row)]
        found = {
            (donation.pk, donation.sk),
            (keys.tenant_pk(self.tenant_id), keys.donation_ref_sk(row["source"], row["ref"])),
        }
        found.update(donations.total_keys(donation, ledger_lines=False))
        record = self.records.get(_row(row))
        if record is not None:
            found.add((record.pk, record.sk))
        found -= self.deferred
        donor_id = row.get("donor_id")
        if donor_id:
            found.add(Donor.key(self.tenant_id, donor_id))
            if donor_id in self.pending and donor_id not in planned_donors:
                found.update(self._index_items(donor_id).keys())
                # the charity's donor count moves in the transaction creating the donor, even
                # when its donation counters are deferred to the chunk's close
                found.add(TenantCounters.key(self.tenant_id))
        return found

    def _index_items(self, donor_id: str) -> dict[tuple[str, str], Any]:
        """The search and match items of a donor the chunk creates, built once: packing the rows
        asks for their keys and each attempt to write the donor puts them (a new donor's name,
        email and postcode never change within the chunk)."""
        found = self.index_items.get(donor_id)
        if found is None:
            found = self.index_items[donor_id] = donors.index_items(self.pending[donor_id])
        return found

    def groups(self) -> list[list[dict[str, Any]]]:
        """Rows packed into transactions of at most MAX_ITEMS distinct items."""
        packed: list[list[dict[str, Any]]] = []
        current: list[dict[str, Any]] = []
        touched: set[tuple[str, str]] = set()
        planned: set[str] = set()
        for row in self.rows:
            wanted = self._row_keys(row, planned)
            if current and len(touched | wanted) > MAX_ITEMS:
                packed.append(current)
                current, touched, planned = [], set(), set()
                wanted = self._row_keys(row, planned)
            current.append(row)
            touched |= wanted
            if row.get("donor_id"):
                planned.add(row["donor_id"])
        if current:
            packed.append(current)
        return packed

    # ------------------------------------------------------------------ writing
    def write(self) -> Outcome:
        for group in self.groups():
            self._write_group(group)
        by_id = {donation.donation_id: donation for donation in self.built.values()}
        owned = {donation_id: by_id[donation_id] for donation_id in self.outcome.donations}
        ledger.write(self.tenant_id, self.item.import_id, owned.values())
        self.outcome.totals = self.deferred_totals()
        return self.outcome

    def deferred_totals(self) -> list[tuple[type, tuple[str, str], dict[str, Any]]]:
        """The deferred totals' deltas of every donation the chunk owns, whichever delivery wrote
        it (a row found written by an earlier attempt counts: its share was never moved)."""
        moved: dict[tuple[str, str], tuple[type, dict[str, Any]]] = {}
        for donation_id in self.outcome.donations:
            for model, key, deltas, _ in self.shares[donation_id]:
                if key in self.deferred:
                    _, merged = moved.setdefault(key, (model, {}))
                    for name, value in deltas.items():
                        merged[name] = merged.get(name, 0) + value
        return [(model, key, merged) for key, (model, merged) in sorted(moved.items())]

    def _write_group(self, rows: list[dict[str, Any]]) -> None:
        for _ in range(ATTEMPTS):
            if not rows:
                return
            transaction = Transaction()
            creating: list[str] = []
            for row in rows:
                donor_id = row.get("donor_id")
                if donor_id and donor_id in self.pending and donor_id not in creating:
                    donor = self.pending[donor_id]
                    transaction.put(donor, condition=absent(Donor), tag=f"newdonor:{donor_id}")
                    for index_item in self._index_items(donor_id).values():  # add_index_changes(None, donor)
                        transaction.put(index_item)
                    transaction.add(TenantCounters, TenantCounters.key(self.tenant_id), donors=1)
                    creating.append(donor_id)
            for row in rows:
                record = self.records.get(_row(row))
                if record is not None:
                    transaction.put(record, condition=absent(DeclarationRecord), tag="declaration")
            involved = {**self.donors, **{d: self.pending[d] for d in creating}}
            saved = {d: self._totals_of(self.pending[d]) for d in creating}
            changes: list[donations.Change] = [(None, self.built[_row(row)]) for row in rows]
            donations.add_changes(
                transaction,
                changes,
                involved,
                gift_aid=self.context,
                created_donors=set(creating),
                deferred=self.deferred,
                ledger_lines=False,  # written after the rows, by date (functions/imports/ledger.py)
            )
            if len(transaction) > MAX_ITEMS:
                self._restore(saved)
                middle = max(1, len(rows) // 2)
                self._write_group(rows[:middle])
                self._write_group(rows[middle:])
                return
            try:
                transaction.commit()
            except TransactionFailed:
                self._restore(saved)
                rows = self._sort_out(rows)
                continue
            self._written(rows, creating)
            return
        raise RuntimeError("import rows could not be written after several attempts")

    @staticmethod
    def _totals_of(donor: Donor) -> tuple[Any, Any, Any]:
        return donor.total_given, donor.donations_count, donor.gsi2sk

    def _restore(self, saved: dict[str, tuple[Any, Any, Any]]) -> None:
        for donor_id, (total, count, sort_key) in saved.items():
            donor = self.pending[donor_id]
            donor.total_given, donor.donations_count, donor.gsi2sk = total, count, sort_key

    def _written(self, rows: list[dict[str, Any]], creating: list[str]) -> None:
        for donor_id in creating:
            self.donors[donor_id] = self.pending.pop(donor_id)
            self.outcome.donors_created.append(donor_id)
        moved: dict[str, list[Decimal]] = {}
        for row in rows:
            donation = self.built[_row(row)]
            self.outcome.donations.append(donation.donation_id)
            record = self.records.get(_row(row))
            if record is not None:
                self.outcome.declarations.append(record.declaration_id)
            owner = row.get("donor_id")
            self.outcome.count_donation(owner)
            if owner and owner not in self.outcome.donors_created:
                self.outcome.donors_linked.add(owner)
            if owner and owner not in creating:
                total = moved.setdefault(owner, [Decimal(0), Decimal(0)])
                total[0] += donation.amount if donation.status == RECEIVED else Decimal(0)
                total[1] += 1
        for donor_id, (money, count) in moved.items():
            donor = self.donors[donor_id]
            donor.total_given = (donor.total_given or Decimal(0)) + money
            donor.donations_count = int(donor.donations_count or 0) + int(count)

    def _sort_out(self, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """After a cancelled transaction: which rows are already written (by an earlier attempt),
        which are duplicates of another donation, which refer to a type or location deleted
        meanwhile; the donors are read again (their totals, or their existence)."""
        tid = self.tenant_id
        wanted: list[tuple[str, str]] = []
        for row in rows:
            wanted.append(Donation.key(tid, row["donation_id"]))
            wanted.append((keys.tenant_pk(tid), keys.donation_ref_sk(row["source"], row["ref"])))
            details = row["donation"]
            if details.get("type_id"):
                wanted.append(DonationType.key(tid, details["type_id"]))
            if details.get("location_id"):
                wanted.append(Location.key(tid, details["location_id"]))
            if details.get("fund_id"):
                wanted.append(FundBalance.key(tid, details["fund_id"]))
        donor_ids = {str(row["donor_id"]) for row in rows if row.get("donor_id")}
        wanted += [Donor.key(tid, donor_id) for donor_id in donor_ids]
        found = repository.existing(wanted)
        for donor_id in donor_ids:
            current = found.get(Donor.key(tid, donor_id))
            if isinstance(current, Donor):
                if donor_id in self.pending:  # created by an earlier attempt of this chunk
                    self.pending.pop(donor_id)
                    if donor_id not in self.outcome.donors_created:
                        self.outcome.donors_created.append(donor_id)
                self.donors[donor_id] = current
        remaining = []
        for row in rows:
            ref = found.get((keys.tenant_pk(tid), keys.donation_ref_sk(row["source"], row["ref"])))
            details = row["donation"]
            if isinstance(found.get(Donation.key(tid, row["donation_id"])), Donation):
                self.outcome.donations.append(row["donation_id"])
                if row.get("declaration_id"):
                    self.outcome.declarations.append(row["declaration_id"])
                self.outcome.count_donation(row.get("donor_id"))
            elif isinstance(ref, ExternalRef):
                self.outcome.duplicates += 1
            elif details.get("type_id") and DonationType.key(tid, details["type_id"]) not in found:
                self.outcome.failed_rows.append((_row(row), "donation_type", "imports.type_unknown"))
            elif details.get("location_id") and Location.key(tid, details["location_id"]) not in found:
                self.outcome.failed_rows.append((_row(row), "location", "imports.location_unknown"))
            elif details.get("fund_id") and _closed(found.get(FundBalance.key(tid, details["fund_id"]))):
                self.outcome.failed_rows.append((_row(row), "fund", "imports.fund_unknown"))
            else:
                remaining.append(row)
        return remaining
