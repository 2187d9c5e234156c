"""The pass over a whole file that the dry run and the run share (streamed, in blocks of rows):

1. each row is read with the mapping (`functions.domain.imports.rows.read_row`); a row with
   problems becomes error rows (at most `MAX_ERROR_ROWS` stored, all counted);
2. its reference (source + external reference, else the Almoner id, else the row's
   fingerprint) makes a second occurrence in the file a duplicate; both passes also look up the
   references already taken (consistent BatchGetItem, skipped when the source has none) and
   the Almoner donation ids that already exist here;
3. its donor is decided once per donor of the file (`donor_match.decide` over the charity's
   match keys, loaded once): linked, new (a stable id, added to the index so the person's
   later rows link to it) or held for review.

The dry run stops there with its counts. The run writes the importable rows into chunk files
(all rows of one donor in the same chunk, so a chunk knows its donors' totals without reading
them again) and the rows to review as review items; the chunks are then written by
`functions/imports/writer.py`.
"""

from __future__ import annotations

import hashlib
import json
import math
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import timedelta
from typing import IO, Any

import orjson

from functions.core import clock, keys
from functions.domain import matching, names
from functions.domain.imports import donor_match, fields, refunds
from functions.domain.imports.digests import DigestSet
from functions.domain.imports.rows import (
    REFUND,
    SKIP,
    Catalog,
    ImportRow,
    donor_key,
    fingerprint,
    read_row,
    reference_of,
    stable_id,
)
from functions.donations.models import Donation, DonationType, ExternalRef, Location
from functions.donors.models import Donor, DonorMatchKey
from functions.imports import files, repository
from functions.imports.models import ImportErrorRow, ImportItem, ReviewRow

BLOCK_ROWS = 500
CHUNK_ROWS = 500
MAX_ERROR_ROWS = 10_000
KEEP_DAYS = 90


@dataclass
class Tally:
    rows: int = 0
    duplicates: int = 0
    review: int = 0
    errors: int = 0
    donations_new: int = 0
    declarations_new: int = 0
    refunds: int = 0
    skipped: int = 0
    warnings: int = 0
    donors_new: set[str] = field(default_factory=set)
    donors_linked: set[str] = field(default_factory=set)

    def counts(self) -> dict[str, int]:
        return {
            "rows": self.rows,
            "donors_new": len(self.donors_new),
            "donors_linked": len(self.donors_linked),
            "donations_new": self.donations_new,
            "duplicates": self.duplicates,
            "declarations_new": self.declarations_new,
            "review": self.review,
            "errors": self.errors,
            "refunds": self.refunds,
            "skipped": self.skipped,
            "warnings": self.warnings,
        }


def _digest(*parts: str) -> int:
    """A 64-bit digest of `parts` (two of 100,000 rows collide with odds of about 1 in 3 billion)."""
    raw = hashlib.blake2b("\x1f".join(parts).encode(), digest_size=8).digest()
    return int.from_bytes(raw, "big")


def millis_of(item: ImportItem) -> int:
    return int(item.created_at.timestamp() * 1000)


def load_catalog(tenant_id: str) -> Catalog:
    types: dict[str, str] = {}
    locations: dict[str, str] = {}
    pk = keys.tenant_pk(tenant_id)
    for kind in DonationType.query(pk, DonationType.sk.startswith(keys.donation_type_prefix()), limit=500):
        if isinstance(kind, DonationType):
            types[kind.type_id] = kind.type_id
            types.setdefault(names.fold(kind.name), kind.type_id)
    for place in Location.query(pk, Location.sk.startswith(keys.location_prefix()), limit=500):
        if isinstance(place, Location):
            locations[place.location_id] = place.location_id
            locations.setdefault(names.fold(place.name), place.location_id)
    return Catalog(types, locations, fund_names(tenant_id))


def fund_names(tenant_id: str) -> dict[str, str]:
    """The charity's open funds by id, folded name and folded finance code (a name wins over a
    code that reads the same). Reading them creates the default fund of a charity older than
    funds, so the run's rows can be allocated to it."""
    from functions.funds.service import funds_with_default

    found: dict[str, str] = {}
    open_funds = [fund for fund, _ in funds_with_default(tenant_id) if not fund.archived]
    for fund in open_funds:
        found[fund.fund_id] = fund.fund_id
        found.setdefault(names.fold(fund.name), fund.fund_id)
    for fund in open_funds:
        if fund.finance_code:
            found.setdefault(names.fold(fund.finance_code), fund.fund_id)
    return found


def load_match_index(tenant_id: str) -> donor_match.MatchIndex:
    """The charity's donor match keys (email, phone, postcode), read once per pass: memory grows
    with the charity's donors, not with the file."""
    index = donor_match.MatchIndex()
    for item in DonorMatchKey.query(keys.donor_match_pk(tenant_id)):
        if isinstance(item, DonorMatchKey):
            index.add(matching.DonorFacts(item.donor_id, item.name, item.email, item.phone, item.postcode))
    return index


def row_facts(row: ImportRow, donor_id: str = "") -> matching.DonorFacts:
    donor = row.donor or {}
    name = (
        donor.get("company_name")
        if donor.get("type") == "organisation"
        else f"{donor.get('first_name') or ''} {donor.get('last_name') or ''}"
    )
    return matching.facts(
        donor_id,
        name=name,
        email=donor.get("email"),
        phone=donor.get("phone"),
        postcode=donor.get("postcode"),
    )


class ErrorSink:
    """Error rows of one validation pass, written in batches, at most `MAX_ERROR_ROWS`."""

    def __init__(self, item: ImportItem, generation: int) -> None:
        self.pk = keys.import_pk(item.tenant_id, item.import_id)
        self.generation = generation
        self.stored = 0
        self.pending: list[ImportErrorRow] = []
        self.expires = clock.now() + timedelta(days=KEEP_DAYS)

    def add(self, row: ImportRow) -> None:
        for position, problem in enumerate(row.problems):
            self._keep(
                row.row,
                position,
                problem.column,
                problem.value[:500],
                problem.reason,
                json.dumps(problem.params),
            )

    def add_skipped(self, row: ImportRow) -> None:
        """A row left out because it is not a donation, with the reason (shown with the errors)."""
        problem = row.skipped
        if problem is not None:
            self._keep(
                row.row,
                0,
                problem.column,
                problem.value[:500],
                problem.reason,
                json.dumps(problem.params),
                True,
            )

    def add_warnings(self, row: ImportRow) -> None:
        """What the user should know of a row that is imported (shown with the errors)."""
        for position, problem in enumerate(row.warnings, start=200):
            self._keep(
                row.row,
                position,
                problem.column,
                problem.value[:500],
                problem.reason,
                json.dumps(problem.params),
                warning=True,
            )

    def add_problem(self, row: int, column: str, value: str, reason: str, params: dict[str, str]) -> None:
        self._keep(row, 0, column, value[:500], reason, json.dumps(params))

    def add_failures(self, failures: list[tuple[int, str, str]]) -> None:
        """Rows refused when written (a type deleted meanwhile, a donor gone)."""
        for position, (row, column, reason) in enumerate(failures, start=100):
            self._keep(row, position, column, "", reason, "{}")

    def _keep(
        self,
        row: int,
        position: int,
        column: str,
        value: str,
        reason: str,
        params_json: str,
        skipped: bool = False,
        *,
        warning: bool = False,
    ) -> None:
        if self.stored >= MAX_ERROR_ROWS:
            return
        self.stored += 1
        self.pending.append(
            ImportErrorRow(
                self.pk,
                keys.import_error_sk(self.generation, row, position),
                row=row,
                column=column,
                value=value,
                reason=reason,
                params_json=params_json,
                skipped=skipped,
                warning=warning,
                expires_at=self.expires,
            )
        )
        if len(self.pending) >= 500:
            self.flush()

    def flush(self) -> None:
        if self.pending:
            repository.put_all(self.pending)
            self.pending = []


class Pass:
    def __init__(self, item: ImportItem, *, dry: bool) -> None:
        self.item, self.dry = item, dry
        self.tenant_id = item.tenant_id
        self.detected = item.detected
        self.mapping = fields.mapping_from(item.mapping or {}, self.detected.get("columns", []))
        self.index = {name: position for position, name in enumerate(self.detected.get("columns", []))}
        self.today = clock.today()
        self.millis = millis_of(item)
        self.catalog = load_catalog(self.tenant_id)
        self.matches = load_match_index(self.tenant_id)
        self.decisions: dict[str, donor_match.Decision] = {}
        self.new_donors: set[str] = set()  # ids of the donors this import creates
        self.known_donors: set[str] = set()
        self.unknown_donors: set[str] = set()
        # 8-byte digests, not the strings, in compact sets: what a pass keeps per row stays small
        self.refs_in_file = DigestSet()
        self.accepted = DigestSet()  # references of the donations this import plans (refund targets)
        self.in_review = DigestSet()  # those of them that wait in the review list
        self.refund_file: IO[bytes] = tempfile.TemporaryFile(mode="w+b")  # refunds met, as JSON lines
        self.refunds_met = 0
        self.refunds_kept: list[dict[str, Any]] = []  # refunds to apply once the donations are written
        self.fingerprints = DigestSet()  # rows without a reference, by what they say
        self.repeats: dict[int, int] = {}  # how often such a row came, from its second time
        self.sources_with_refs: dict[str, bool] = {}
        self.tally = Tally()
        self.errors = ErrorSink(item, int(item.generation or 0))
        self.reviews: list[ReviewRow] = []
        self.chunk_files: list[IO[bytes]] = []
        self.chunk_sizes: list[int] = []
        if not dry:
            planned = int(item.donations_new or 0) + int(item.review or 0)
            count = max(1, math.ceil(planned / CHUNK_ROWS))
            self.chunk_files = [tempfile.TemporaryFile(mode="w+b") for _ in range(count)]
            self.chunk_sizes = [0] * count

    # ------------------------------------------------------------------ the pass
    def run(self) -> Tally:
        header = int(self.detected.get("header_row") or 1)
        block: list[tuple[int, list[str]]] = []
        for number, cells in files.rows(self.item.kind, self.item.object_key, self.detected):
            if number <= header or not any(str(cell).strip() for cell in cells):
                continue
            block.append((number, cells))
            if len(block) >= BLOCK_ROWS:
                self._block(block)
                block = []
        if block:
            self._block(block)
        self._resolve_refunds()
        self.errors.flush()
        self._flush_reviews()
        return self.tally

    def _block(self, block: list[tuple[int, list[str]]]) -> None:
        rows = [
            read_row(number, cells, self.index, self.mapping, today=self.today, catalog=self.catalog)
            for number, cells in block
        ]
        self.tally.rows += len(rows)
        keyed: list[tuple[ImportRow, str, str]] = []
        for row in rows:
            if row.kind == SKIP:
                self.tally.skipped += 1
                self.errors.add_skipped(row)
                continue
            if row.problems:
                self.tally.errors += 1
                self.errors.add(row)
                continue
            if row.kind == REFUND and row.refund is not None:
                self._refund_met(row.row, str(row.donation.get("source") or self.mapping.source), row.refund)
                continue
            source, ref = reference_of(row, self.mapping)
            if ref is None:
                mark = fingerprint(row)
                mark_key = _digest(mark)
                seen = 1
                if not self.fingerprints.add(mark_key):
                    seen = self.repeats[mark_key] = self.repeats.get(mark_key, 1) + 1
                ref = mark if seen == 1 else f"{mark}#{seen}"
            seen_key = _digest(source, ref)
            if not self.refs_in_file.add(seen_key):
                self.tally.duplicates += 1
                continue
            keyed.append((row, source, ref))
        keyed = self._without_existing(keyed)
        self._look_up_donors([row for row, _, _ in keyed])
        for row, source, ref in keyed:
            self._route(row, source, ref)

    def _without_existing(self, keyed: list[tuple[ImportRow, str, str]]) -> list[tuple[ImportRow, str, str]]:
        """Drop rows whose donation is already here: an Almoner donation id of this charity, or
        a reference already taken. Both passes look (so a row imported before never waits in
        the review list again); the look-up is skipped for a source no donation uses yet, as
        in a first import, and the run's conditional writes catch what arrives meanwhile."""
        wanted: list[tuple[str, str]] = []
        for row, source, ref in keyed:
            if row.donation.get("donation_id"):
                wanted.append(Donation.key(self.tenant_id, row.donation["donation_id"]))
            if self._source_has_refs(source):
                wanted.append((keys.tenant_pk(self.tenant_id), keys.donation_ref_sk(source, ref)))
        if not wanted:
            return keyed
        found = repository.existing(wanted)
        kept = []
        for row, source, ref in keyed:
            ref_key = (keys.tenant_pk(self.tenant_id), keys.donation_ref_sk(source, ref))
            own_id = row.donation.get("donation_id")
            if isinstance(found.get(ref_key), ExternalRef) or (
                own_id and isinstance(found.get(Donation.key(self.tenant_id, own_id)), Donation)
            ):
                if row.refund is not None and isinstance(found.get(ref_key), ExternalRef):
                    # imported before, and the platform now says part or all of it was refunded
                    self._refund_met(row.row, source, {**row.refund, "of": ref})
                else:
                    self.tally.duplicates += 1
                continue
            kept.append((row, source, ref))
        return kept

    def _source_has_refs(self, source: str) -> bool:
        if source not in self.sources_with_refs:
            self.sources_with_refs[source] = repository.source_has_references(self.tenant_id, source)
        return self.sources_with_refs[source]

    def _look_up_donors(self, rows: Iterable[ImportRow]) -> None:
        wanted = {row.donor_ref for row in rows if row.donor_ref} - self.known_donors - self.unknown_donors
        if not wanted:
            return
        found = repository.existing([Donor.key(self.tenant_id, donor_id) for donor_id in wanted])
        for donor_id in wanted:
            known = isinstance(found.get(Donor.key(self.tenant_id, donor_id)), Donor)
            (self.known_donors if known else self.unknown_donors).add(donor_id)

    def decide(self, row: ImportRow) -> tuple[str | None, donor_match.Decision]:
        key = donor_key(row)
        if key is None:
            return None, donor_match.Decision(donor_match.NEW)
        if row.donor_ref and row.donor_ref in self.known_donors:
            return key, donor_match.Decision(donor_match.LINK, row.donor_ref)
        decision = self.decisions.get(key)
        if decision is None:
            facts = row_facts(row)
            decision = donor_match.decide(facts, self.matches.candidates(facts))
            if decision.kind == donor_match.NEW:
                donor_id = stable_id(self.millis, "donor", key)
                decision = donor_match.Decision(donor_match.NEW, donor_id)
                self.matches.add(row_facts(row, donor_id))
                self.new_donors.add(donor_id)
            self.decisions[key] = decision
        return key, decision

    # ------------------------------------------------------------------ refunds
    def _refund_met(self, number: int, source: str, refund: dict[str, Any]) -> None:
        op = {**refund, "row": number, "source": source, "marker": refunds.marker(refund, number)}
        self.refund_file.write(orjson.dumps(op) + b"\n")
        self.refunds_met += 1

    def _resolve_refunds(self) -> None:
        """Every refund met finds its donation: one this file plans (applied once the chunks
        have written it) or one imported before (its reference item); one applied already (its
        marker) is a duplicate; one whose donation is nowhere is reported with its row."""
        if not self.refunds_met:
            return
        self.refund_file.seek(0)
        block: list[dict[str, Any]] = []
        for line in self.refund_file:
            block.append(orjson.loads(line))
            if len(block) >= 50:
                self._resolve_block(block)
                block = []
        if block:
            self._resolve_block(block)
        self.refund_file.close()

    def _resolve_block(self, ops: list[dict[str, Any]]) -> None:
        pk = keys.tenant_pk(self.tenant_id)
        wanted = []
        for op in ops:
            wanted += [
                (pk, keys.donation_ref_sk(op["source"], op["marker"])),
                (pk, keys.donation_ref_sk(op["source"], op["of"])),
            ]
        found = repository.existing(wanted)
        owners = {key: item.donation_id for key, item in found.items() if isinstance(item, ExternalRef)}
        stored = repository.existing([Donation.key(self.tenant_id, d) for d in set(owners.values())])
        for op in ops:
            ref_key = (pk, keys.donation_ref_sk(op["source"], op["of"]))
            if (pk, keys.donation_ref_sk(op["source"], op["marker"])) in owners:
                self.tally.duplicates += 1
                continue
            donation = stored.get(Donation.key(self.tenant_id, owners.get(ref_key, "")))
            if isinstance(donation, Donation):
                effect = refunds.effect(donation.amount, donation.status, bool(donation.claim_id), op)
                if effect.kind == refunds.NONE:
                    self.tally.duplicates += 1
                    continue
                if effect.kind == refunds.PROBLEM:
                    self._refund_problem(op, effect.reason or "imports.refund_unmatched")
                    continue
            elif _digest(op["source"], op["of"]) not in self.accepted:
                self._refund_problem(op, "imports.refund_unmatched")
                continue
            elif _digest(op["source"], op["of"]) in self.in_review:
                op["review"] = True  # applied when a person settles the row it refunds
            self.tally.refunds += 1
            if not self.dry:
                op["ordinal"] = len(self.refunds_kept) + 1  # the order they are applied in
                self.refunds_kept.append(op)

    def _refund_problem(self, op: dict[str, Any], reason: str) -> None:
        self.tally.errors += 1
        column = self.mapping.column_of("original_ref") or self.mapping.column_of("external_ref") or ""
        self.errors.add_problem(int(op["row"]), column, str(op["of"]), reason, {"ref": str(op["of"])})

    def upload_refunds(self) -> int:
        """The refunds to apply after the chunks, as the object of chunk 0; how many."""
        if self.refunds_kept:
            data = b"".join(orjson.dumps(op) + b"\n" for op in self.refunds_kept)
            key = keys.import_chunk_object_key(self.tenant_id, self.item.import_id, 0)
            repository.put_object(key, data, "application/x-ndjson")
        return len(self.refunds_kept)

    def _route(self, row: ImportRow, source: str, ref: str) -> None:
        self.accepted.add(_digest(source, ref))
        if row.warnings:  # the row is imported (now, or once reviewed): what to know of it
            self.tally.warnings += 1
            self.errors.add_warnings(row)
        key, decision = self.decide(row)
        planned = {
            **row.to_json(),
            "source": source,
            "ref": ref,
            "donation_id": stable_id(self.millis, "donation", source, ref),
            "declaration_id": stable_id(self.millis, "declaration", source, ref) if row.declaration else None,
            "donor_id": decision.donor_id if row.donor else None,
            "new_donor": bool(row.donor) and decision.kind == donor_match.NEW,
            "donor_key": key,
        }
        if decision.kind == donor_match.REVIEW:
            self.tally.review += 1
            self.in_review.add(_digest(source, ref))
            if not self.dry:
                self._review(row, planned, decision)
            return
        self.tally.donations_new += 1
        if row.declaration:
            self.tally.declarations_new += 1
        if planned["donor_id"]:
            # a row matched to a person met earlier in this file links to a donor that is new too
            new = planned["donor_id"] in self.new_donors
            (self.tally.donors_new if new else self.tally.donors_linked).add(planned["donor_id"])
        if not self.dry:
            self._to_chunk(planned)

    def _review(self, row: ImportRow, planned: dict[str, Any], decision: donor_match.Decision) -> None:
        candidates = [
            {"donor_id": c.facts.donor_id, "score": c.score, "reasons": list(c.reasons)}
            for c in decision.candidates
        ]
        self.reviews.append(
            ReviewRow(
                keys.import_pk(self.tenant_id, self.item.import_id),
                keys.import_review_sk(row.row),
                row=row.row,
                donor_key=planned["donor_key"] or "",
                data_json=json.dumps(planned),
                candidates_json=json.dumps(candidates),
                expires_at=clock.now() + timedelta(days=KEEP_DAYS),
            )
        )
        if len(self.reviews) >= 500:
            self._flush_reviews()

    def _flush_reviews(self) -> None:
        if self.reviews:
            repository.put_all(self.reviews)
            self.reviews = []

    def _to_chunk(self, planned: dict[str, Any]) -> None:
        owner = planned["donor_id"] or f"row:{planned['row']}"
        bucket = int(hashlib.sha256(owner.encode()).hexdigest()[:8], 16) % len(self.chunk_files)
        self.chunk_files[bucket].write(orjson.dumps(planned) + b"\n")  # one JSON document a line
        self.chunk_sizes[bucket] += 1

    def upload_chunks(self) -> list[int]:
        """Upload the non-empty chunk files as chunks 1..n; returns their row counts."""
        sizes = []
        for handle, size in zip(self.chunk_files, self.chunk_sizes, strict=True):
            if size:
                sizes.append(size)
                handle.seek(0)
                data = handle.read()
                key = keys.import_chunk_object_key(self.tenant_id, self.item.import_id, len(sizes))
                repository.put_object(key, data, "application/x-ndjson")
            handle.close()
        return sizes
