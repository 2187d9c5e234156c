"""Claims in the table: the claim item, its build chunks, its membership lines, and the
conditional writes that attach donations to a claim and hand them back.

The invariant "a donation is in at most one claim" lives in one condition on the donation:
`claim_id` absent and state `claimable`, or `claim_id` already this claim. The donation update,
the membership line and a check that the claim is still being built are one transaction, so the
line and the donation never disagree and nothing joins a cancelled claim.
"""

from __future__ import annotations

import datetime as dt
import functools
import json
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from pynamodb.connection import Connection
from pynamodb.connection.base import BOTOCORE_EXCEPTIONS
from pynamodb.exceptions import PutError, TransactWriteError, UpdateError
from pynamodb.expressions.condition import Condition
from pynamodb.transactions import TransactWrite

from functions.charities import facts
from functions.charities.repository import conditions_failed, get_tenant
from functions.core import clock, counters, keys, platform_stats
from functions.core.errors import Conflict, NotFound
from functions.core.identity import Tenant
from functions.core.item_connection import shared
from functions.core.together import read_ahead, together
from functions.domain.giftaid import reasons
from functions.domain.giftaid.states import GiftAidState
from functions.donations.models import Donation, DonationGiftAid
from functions.donors.models import Donor
from functions.donors.paging import bounded_page
from functions.giftaid import messages
from functions.giftaid.models import (
    BUILDING,
    ClaimChunk,
    ClaimItem,
    ClaimLine,
    ClaimSubmission,
    GiftAidSettings,
    ReminderSent,
)
from functions.giftaid.summary import stored_settings

TRANSACTION_DONATIONS = 49  # 1 claim check + 2 items per donation: 99, under DynamoDB's 100
CONFLICT_RETRIES = 6
BATCH_GET = 100
CLAIMABLE = GiftAidState.CLAIMABLE.value
IN_CLAIM = GiftAidState.IN_CLAIM.value
CLAIMED = GiftAidState.CLAIMED.value


def transaction_connection() -> Connection:
    """The process's connection for this area's transactions (`item_connection.shared`)."""
    return shared()


class ClaimClosed(Exception):
    """The claim stopped accepting donations (cancelled, or its build already ended)."""


def condition_failed(exc: Exception) -> bool:
    return getattr(exc, "cause_response_code", None) == "ConditionalCheckFailedException"


# ------------------------------------------------------------------ settings
def get_settings(tenant_id: str) -> GiftAidSettings | None:
    """The Gift Aid settings with the charity's facts (regulator, registration number, official,
    entity type, year end) from their one copy on the charity item: what claims are built from."""
    settings = stored_settings(tenant_id)
    if settings is None:
        return None
    return facts.overlay(settings, facts.of(get_tenant(tenant_id), settings))


def save_settings(item: GiftAidSettings, read_version: int | None, charity: Tenant) -> None:
    """Put the settings under the version read (None: the item must not exist yet) and the
    charity item with its facts (under its own version) in one transaction; stale → 409."""
    condition = (
        GiftAidSettings.pk.does_not_exist()
        if read_version is None
        else GiftAidSettings.version == read_version
    )
    item.version = (read_version or 0) + 1
    try:
        with TransactWrite(connection=transaction_connection()) as transaction:
            transaction.save(item, condition=condition)
            transaction.save(charity)
    except TransactWriteError as exc:
        if conditions_failed(exc):
            raise Conflict() from exc
        raise


# ------------------------------------------------------------------ claims
def create_claim(item: ClaimItem) -> None:
    item.save(condition=ClaimItem.pk.does_not_exist())
    platform_stats.record_claim_created()  # the platform admin's "claims this month"


def get_claim(tenant_id: str, claim_id: str) -> ClaimItem:
    try:
        return ClaimItem.get(*ClaimItem.key(tenant_id, claim_id), consistent_read=True)
    except ClaimItem.DoesNotExist as exc:
        raise NotFound() from exc


def update_claim(claim: ClaimItem, actions: list[Any], condition: Condition | None = None) -> bool:
    """False when the condition does not hold (another worker moved the claim first)."""
    try:
        claim.update(actions=actions, condition=condition)
    except UpdateError as exc:
        if condition_failed(exc):
            return False
        raise
    return True


def transition(
    claim: ClaimItem, from_states: Iterable[str], to_state: str, actions: list[Any], conflict_key: str
) -> None:
    """A claim state change: conditional on the state read; any other state → 409 with
    `conflict_key`, naming the state the claim is really in."""
    allowed = tuple(from_states)
    if claim.state not in allowed:
        raise messages.claim_conflict(conflict_key, claim.state)
    done = update_claim(
        claim, [ClaimItem.state.set(to_state), *actions], condition=ClaimItem.state.is_in(*allowed)
    )
    if not done:
        now = get_claim(claim.tenant_id, claim.claim_id)
        raise messages.claim_conflict(conflict_key, now.state)


# ------------------------------------------------------------------ build chunks
def put_chunk_if_absent(
    tenant_id: str, claim_id: str, number: int, donation_ids: list[str], read: list[Candidate] | None = None
) -> None:
    """The chunk's donations, fixed once; `read`: the donations as the plan read them (the chunk
    then attaches them on that version instead of reading them again)."""
    chunk = ClaimChunk(
        keys.claim_pk(tenant_id, claim_id),
        keys.claim_chunk_sk(number),
        chunk_number=number,
        donation_ids=donation_ids,
        snapshot=json.dumps([c.as_row() for c in read]) if read is not None else None,
    )
    try:
        chunk.save(condition=ClaimChunk.pk.does_not_exist())
    except PutError as exc:
        if not condition_failed(exc):
            raise


def chunk_candidates(chunk: ClaimChunk) -> list[Candidate] | None:
    """The donations of a chunk as the plan read them, or None when it did not."""
    if chunk.snapshot is None:
        return None
    return [Candidate.of_row(row) for row in json.loads(chunk.snapshot)]


def get_chunk(tenant_id: str, claim_id: str, number: int) -> ClaimChunk:
    try:
        return ClaimChunk.get(
            keys.claim_pk(tenant_id, claim_id), keys.claim_chunk_sk(number), consistent_read=True
        )
    except ClaimChunk.DoesNotExist as exc:
        raise NotFound() from exc


def mark_chunk_done(
    claim: ClaimItem, number: int, skipped: list[dict[str, str]], joined: list[Candidate]
) -> bool:
    """Chunk done, with the donations it attached (`joined`: as their lines hold them), and the
    claim's counter in one transaction: counted once however often a message is delivered. False
    when it was already done."""
    chunk = ClaimChunk(keys.claim_pk(claim.tenant_id, claim.claim_id), keys.claim_chunk_sk(number))
    rows = json.dumps([c.as_row() for c in joined])
    try:
        with TransactWrite(connection=transaction_connection()) as transaction:
            transaction.update(
                chunk,
                actions=[ClaimChunk.done.set(True), ClaimChunk.joined.set(rows)],
                condition=ClaimChunk.done == False,  # noqa: E712
            )
            actions: list[Any] = [ClaimItem.chunks_done.add(1)]
            if skipped:
                actions.append(ClaimItem.skipped.set(ClaimItem.skipped.append(skipped)))
            transaction.update(claim, actions=actions)
    except TransactWriteError as exc:
        reasons = exc.cancellation_reasons or []
        if reasons and reasons[0] is not None and reasons[0].code == "ConditionalCheckFailed":
            return False
        raise
    return True


# ------------------------------------------------------------------ attaching donations
@dataclass(frozen=True)
class Candidate:
    """A donation about to join, as it was read: what its membership line keeps, and the version
    the join is conditional on (a donation changed since it was read is refused, read again)."""

    donation_id: str
    donation_date: str
    amount: Any
    donor_id: str | None = None
    sponsored: bool = False
    status: str | None = None
    version: int | None = None

    @classmethod
    def of(cls, donation: Donation) -> Candidate:
        return cls(
            donation.donation_id,
            donation.donation_date,
            donation.amount,
            donation.donor_id,
            bool(donation.sponsored),
            donation.status,
            donation.version,
        )

    def as_row(self) -> list[Any]:
        return [
            self.donation_id,
            self.donation_date,
            str(self.amount),
            self.donor_id,
            self.sponsored,
            self.status,
            self.version,
        ]

    @classmethod
    def of_row(cls, row: list[Any]) -> Candidate:
        donation_id, date, amount, donor_id, sponsored, status, version = row
        return cls(donation_id, date, Decimal(amount), donor_id, bool(sponsored), status, version)


def donations(tenant_id: str, donation_ids: Iterable[str]) -> list[Donation]:
    """Consistent BatchGetItem of the donations of this charity (ids of others find nothing)."""
    wanted = list(dict.fromkeys(donation_ids))
    found: list[Donation] = []
    for start in range(0, len(wanted), BATCH_GET):
        part = [Donation.key(tenant_id, donation_id) for donation_id in wanted[start : start + BATCH_GET]]
        found.extend(d for d in Donation.batch_get(part, consistent_read=True) if isinstance(d, Donation))
    order = {donation_id: n for n, donation_id in enumerate(wanted)}
    return sorted(found, key=lambda d: order[d.donation_id])


def donors(tenant_id: str, donor_ids: Iterable[str], fields: Iterable[str] | None = None) -> dict[str, Donor]:
    """Consistent BatchGetItem of the donors, the batches side by side (`together`: a claim's
    20,000 donors are 200 of them); `fields`: only these attributes of each (and what says which
    donor it is), the others as a donor read without them (None or their default)."""
    wanted = list(dict.fromkeys(donor_ids))
    names = None
    if fields is not None:
        names = list(dict.fromkeys([Donor.entity.attr_name, Donor.donor_id.attr_name, *fields]))

    def batch(ids: list[str]) -> list[Donor]:
        part = [Donor.key(tenant_id, donor_id) for donor_id in ids]
        found = Donor.batch_get(part, consistent_read=True, attributes_to_get=names)
        return [donor for donor in found if isinstance(donor, Donor)]

    parts = [wanted[start : start + BATCH_GET] for start in range(0, len(wanted), BATCH_GET)]
    batches = together(*(functools.partial(batch, ids) for ids in parts))
    return {donor.donor_id: donor for found in batches for donor in found}


def _joinable(claim_id: str, version: int | None) -> Condition:
    """Free and unchanged since it was read (the version read), or already this claim's."""
    free = DonationGiftAid.claim_id.does_not_exist() & (DonationGiftAid.gift_aid_state == CLAIMABLE)
    same = DonationGiftAid.version.does_not_exist() if version is None else DonationGiftAid.version == version
    return DonationGiftAid.pk.exists() & ((free & same) | (DonationGiftAid.claim_id == claim_id))


class _Attach:
    """The TransactWriteItems of attaching donations to one claim, written directly as PynamoDB
    writes them (`TransactWrite` with `DonationGiftAid` updates and `ClaimLine` puts: the same
    expressions, names, values and order: the claim check, the lines, then the donations), built
    once per claim and filled per donation instead of through a model, its expression objects and
    their serialization per donation (most of the app's share of a claim build).
    `tests/unit/test_claim_attach_request.py` compares it with PynamoDB's on varied donations."""

    def __init__(self, claim: ClaimItem) -> None:
        tenant_id, claim_id = claim.tenant_id, claim.claim_id
        self.table = ClaimLine.Meta.table_name
        self.tenant_pk = {"S": keys.tenant_pk(tenant_id)}
        self.claim_pk = {"S": keys.claim_pk(tenant_id, claim_id)}
        self.lines_pk = {"S": keys.claim_lines_by_date_pk(tenant_id, claim_id)}
        self.claim_id = {"S": claim_id}
        self.entity = {"S": ClaimLine.entity.serialize(ClaimLine)}
        self.check = {
            "TableName": self.table,
            "Key": {ClaimItem.pk.attr_name: {"S": claim.pk}, ClaimItem.sk.attr_name: {"S": claim.sk}},
            "ConditionExpression": "(#0 = :0 AND #1 = :1)",
            "ExpressionAttributeNames": {
                "#0": ClaimItem.state.attr_name,
                "#1": ClaimItem.build_status.attr_name,
            },
            "ExpressionAttributeValues": {":0": {"S": "draft"}, ":1": {"S": BUILDING}},
        }
        self.names = {
            "#0": DonationGiftAid.pk.attr_name,
            "#1": DonationGiftAid.claim_id.attr_name,
            "#2": DonationGiftAid.gift_aid_state.attr_name,
            "#3": DonationGiftAid.version.attr_name,
            "#4": DonationGiftAid.gift_aid_reason.attr_name,
            "#5": DonationGiftAid.gsi4pk.attr_name,
        }
        self.in_claim = {"S": IN_CLAIM}
        self.reason = {"S": reasons.IN_CLAIM}
        self.gsi4pk = {"S": keys.gift_aid_state_pk(tenant_id, IN_CLAIM)}

    def request(self, candidates: list[Candidate]) -> dict[str, Any]:
        created = {"S": ClaimLine.created_at.serialize(clock.now())}
        puts = [{"Put": self._line(candidate, created)} for candidate in candidates]
        updates = [{"Update": self._update(candidate)} for candidate in candidates]
        return {"TransactItems": [{"ConditionCheck": self.check}, *puts, *updates]}

    def _line(self, candidate: Candidate, created: dict[str, str]) -> dict[str, Any]:
        item: dict[str, Any] = {
            ClaimLine.pk.attr_name: self.claim_pk,
            ClaimLine.sk.attr_name: {"S": keys.claim_line_sk(candidate.donation_id)},
            ClaimLine.amount.attr_name: {"N": ClaimLine.amount.serialize(candidate.amount)},
            ClaimLine.created_at.attr_name: created,
            ClaimLine.donation_date.attr_name: {"S": candidate.donation_date},
            ClaimLine.donation_id.attr_name: {"S": candidate.donation_id},
        }
        if candidate.donor_id is not None:
            item[ClaimLine.donor_id.attr_name] = {"S": candidate.donor_id}
        item[ClaimLine.entity.attr_name] = self.entity
        item[ClaimLine.gsi1pk.attr_name] = self.lines_pk
        item[ClaimLine.gsi1sk.attr_name] = {
            "S": keys.claim_line_by_date_sk(candidate.donation_date, candidate.donation_id)
        }
        item[ClaimLine.sponsored.attr_name] = {"BOOL": bool(candidate.sponsored)}
        if candidate.status is not None:
            item[ClaimLine.status.attr_name] = {"S": candidate.status}
        return {"TableName": self.table, "Item": item}

    def _update(self, candidate: Candidate) -> dict[str, Any]:
        """`_joinable` (free, claimable and at the version read; or already this claim's) and
        the join's actions, as PynamoDB numbers them."""
        key = {
            DonationGiftAid.pk.attr_name: self.tenant_pk,
            DonationGiftAid.sk.attr_name: {"S": keys.donation_sk(candidate.donation_id)},
        }
        values: dict[str, Any] = {":0": {"S": CLAIMABLE}}
        if candidate.version is None:
            condition = (
                "(attribute_exists (#0) AND (((attribute_not_exists (#1) AND #2 = :0) "
                "AND attribute_not_exists (#3)) OR #1 = :1))"
            )
            update = "SET #1 = :2, #2 = :3, #4 = :4, #5 = :5 ADD #3 :6"
            first = 1
        else:
            condition = (
                "(attribute_exists (#0) AND (((attribute_not_exists (#1) AND #2 = :0) "
                "AND #3 = :1) OR #1 = :2))"
            )
            update = "SET #1 = :3, #2 = :4, #4 = :5, #5 = :6 ADD #3 :7"
            values[":1"] = {"N": DonationGiftAid.version.serialize(candidate.version)}
            first = 2
        for n, value in enumerate(
            (self.claim_id, self.claim_id, self.in_claim, self.reason, self.gsi4pk, {"N": "1"}), start=first
        ):
            values[f":{n}"] = value
        return {
            "TableName": self.table,
            "Key": key,
            "ConditionExpression": condition,
            "UpdateExpression": update,
            "ExpressionAttributeNames": self.names,
            "ExpressionAttributeValues": values,
        }


def _attach_transaction(claim: ClaimItem, candidates: list[Candidate]) -> None:
    """One transaction: the claim still being built, and each candidate's line and join."""
    connection = transaction_connection()
    try:
        connection.dispatch("TransactWriteItems", _Attach(claim).request(candidates))
    except BOTOCORE_EXCEPTIONS as exc:
        raise TransactWriteError("Failed to write transaction items", exc) from exc


def _codes(exc: TransactWriteError) -> list[str | None]:
    return [reason.code if reason is not None else None for reason in (exc.cancellation_reasons or [])]


def attach(claim: ClaimItem, candidates: list[Candidate]) -> list[str]:
    """Attach each candidate to the claim, or leave it where it is. Returns the ids that could
    not join (in another claim, no longer claimable). Safe to repeat and to run concurrently."""
    refused: list[str] = []
    for start in range(0, len(candidates), TRANSACTION_DONATIONS):
        group = candidates[start : start + TRANSACTION_DONATIONS]
        try:
            _attach_transaction(claim, group)
            continue
        except TransactWriteError as exc:
            codes = _codes(exc)
            if codes and codes[0] == "ConditionalCheckFailed":
                raise ClaimClosed() from exc
        # One donation refused (or a concurrent writer): settle them one at a time.
        for candidate in group:
            if not _attach_one(claim, candidate):
                refused.append(candidate.donation_id)
    return refused


def _attach_one(claim: ClaimItem, candidate: Candidate) -> bool:
    for attempt in range(CONFLICT_RETRIES):
        try:
            _attach_transaction(claim, [candidate])
            return True
        except TransactWriteError as exc:
            codes = _codes(exc)
            if codes and codes[0] == "ConditionalCheckFailed":
                raise ClaimClosed() from exc
            # PynamoDB sends the condition check, then the puts, then the updates: the
            # donation's update is not at index 1 (the line's put is)
            if "ConditionalCheckFailed" in codes[1:]:
                return False
            time.sleep(0.02 * (attempt + 1))  # TransactionConflict: another writer, try again
    raise RuntimeError(f"donation {candidate.donation_id} stayed contended")


# ------------------------------------------------------------------ lines of a claim
def lines(tenant_id: str, claim_id: str) -> Iterator[ClaimLine]:
    yield from ClaimLine.query(
        keys.claim_pk(tenant_id, claim_id),
        ClaimLine.sk.startswith(keys.claim_line_prefix()),
        consistent_read=True,
    )


def lines_page(
    tenant_id: str, claim_id: str, *, limit: int, start: dict[str, Any] | None
) -> tuple[list[ClaimLine], dict[str, Any] | None]:
    """One page of the claim's lines, oldest donation first (the order of the schedule HMRC
    receives), same-day donations in the order they were recorded: one Query on GSI1."""
    results = ClaimLine.gsi1.query(
        keys.claim_lines_by_date_pk(tenant_id, claim_id), limit=limit, last_evaluated_key=start
    )
    return list(results), results.last_evaluated_key


def attached(tenant_id: str, claim_id: str) -> list[Candidate]:
    """The donations that really carry this claim's id (the membership lines name them; the
    donation items are the truth), as they are now."""
    ids = [line.donation_id for line in lines(tenant_id, claim_id)]
    return [Candidate.of(d) for d in donations(tenant_id, ids) if d.claim_id == claim_id]


JOINED_FIELDS = ("donation_id", "donation_date", "amount", "donor_id", "sponsored", "status")


def _lines_as_joined(tenant_id: str, claim_id: str) -> Iterator[tuple[Any, ...]]:
    """The claim's lines (consistent), each as the six values of `JOINED_FIELDS`: one Query per
    1 MB page projecting them and the entity (which says what was read: no keys, index keys nor
    timestamps), no model per line."""
    attributes = [getattr(ClaimLine, name) for name in JOINED_FIELDS]
    results = ClaimLine.query(
        keys.claim_pk(tenant_id, claim_id),
        ClaimLine.sk.startswith(keys.claim_line_prefix()),
        consistent_read=True,
        attributes_to_get=[ClaimLine.entity.attr_name, *(attribute.attr_name for attribute in attributes)],
    )
    for page in results.page_iter:
        for raw in page.get("Items", []):
            yield tuple(_plain(raw, attribute) for attribute in attributes)


def _chunks_joined(tenant_id: str, claim_id: str, chunks: int) -> list[Candidate] | None:
    """What the claim's done chunks attached (`ClaimChunk.joined`, one consistent BatchGetItem
    per 100 chunks), or None when a chunk does not say (done before chunks kept it)."""
    pk = keys.claim_pk(tenant_id, claim_id)
    wanted = [(pk, keys.claim_chunk_sk(number)) for number in range(1, chunks + 1)]
    names = [ClaimChunk.entity.attr_name, ClaimChunk.chunk_number.attr_name, ClaimChunk.joined.attr_name]
    rows: dict[int, str] = {}
    for start in range(0, len(wanted), BATCH_GET):
        part = wanted[start : start + BATCH_GET]
        for chunk in ClaimChunk.batch_get(part, consistent_read=True, attributes_to_get=names):
            if isinstance(chunk, ClaimChunk) and chunk.joined is not None:
                rows[int(chunk.chunk_number)] = chunk.joined
    if len(rows) != chunks:
        return None
    return [Candidate.of_row(row) for number in sorted(rows) for row in json.loads(rows[number])]


def attached_as_joined(tenant_id: str, claim_id: str, chunks: int = 0) -> list[Candidate]:
    """The donations attached to a claim being finished, as each was when it joined (ordered by
    id, as its lines are): from the claim's `chunks` done chunks, which keep what they attached
    (written in the transaction that marks each done, the same rows as its lines), so neither the
    lines nor the donations are read again; else from the membership lines (written in the
    donation's conditional transaction, so they agree with it); lines older than that read the
    donations (`attached`)."""
    joined = _chunks_joined(tenant_id, claim_id, chunks) if chunks else None
    if joined is not None:  # a donation in two chunks (its date changed as the plan read) is one line
        unique = {c.donation_id: c for c in joined}
        return [unique[donation_id] for donation_id in sorted(unique)]
    found = list(_lines_as_joined(tenant_id, claim_id))
    if any(status is None for *_, status in found):
        return attached(tenant_id, claim_id)
    return [
        Candidate(donation_id, donation_date, amount, donor_id, bool(sponsored), status)
        for donation_id, donation_date, amount, donor_id, sponsored, status in found
    ]


def remove_line(tenant_id: str, claim_id: str, donation_id: str) -> None:
    ClaimLine(keys.claim_pk(tenant_id, claim_id), keys.claim_line_sk(donation_id)).delete()


def release(tenant_id: str, claim_id: str, donation_id: str) -> bool:
    """Hand a donation back to the pool (cancelled or rejected claim); only if it is still in
    this claim and not claimed (an accepted claim's donations never come back)."""
    donation = DonationGiftAid(keys.tenant_pk(tenant_id), keys.donation_sk(donation_id))
    # A one-item transaction: Model.update would refuse the item's own discriminator (Donation).
    try:
        with TransactWrite(connection=shared()) as transaction:
            transaction.update(
                donation,
                actions=[
                    DonationGiftAid.gift_aid_state.set(CLAIMABLE),
                    DonationGiftAid.gift_aid_reason.remove(),
                    DonationGiftAid.gsi4pk.set(keys.gift_aid_state_pk(tenant_id, CLAIMABLE)),
                    DonationGiftAid.version.add(1),
                    DonationGiftAid.claim_id.remove(),
                ],
                condition=(DonationGiftAid.claim_id == claim_id)
                & (DonationGiftAid.gift_aid_state == IN_CLAIM),
            )
    except TransactWriteError as exc:
        if _codes(exc)[:1] == ["ConditionalCheckFailed"]:
            return False
        raise
    return True


def mark_claimed(tenant_id: str, claim_id: str, donation_id: str) -> bool:
    """`in_claim → claimed` (the claim was accepted), and the charity's count of claimed
    donations, in one transaction: counted once however often the settle step runs. False when
    the donation is no longer in this claim or is already claimed."""
    donation = DonationGiftAid(keys.tenant_pk(tenant_id), keys.donation_sk(donation_id))
    counter, counter_actions = counters.increments(tenant_id, gift_aid_claimed=1)
    for attempt in range(CONFLICT_RETRIES):
        try:
            with TransactWrite(connection=transaction_connection()) as transaction:
                transaction.update(
                    donation,
                    actions=[
                        DonationGiftAid.gift_aid_state.set(CLAIMED),
                        DonationGiftAid.gift_aid_reason.set(reasons.CLAIMED),
                        DonationGiftAid.gsi4pk.set(keys.gift_aid_state_pk(tenant_id, CLAIMED)),
                        DonationGiftAid.version.add(1),
                    ],
                    condition=(DonationGiftAid.claim_id == claim_id)
                    & (DonationGiftAid.gift_aid_state == IN_CLAIM),
                )
                transaction.update(counter, actions=counter_actions)
            return True
        except TransactWriteError as exc:
            codes = _codes(exc)
            if codes and codes[0] == "ConditionalCheckFailed":
                return False
            time.sleep(0.02 * (attempt + 1))  # TransactionConflict: another writer, try again
    raise RuntimeError(f"donation {donation_id} stayed contended")


# ------------------------------------------------------------------ donations by Gift Aid state
def state_page(
    tenant_id: str,
    state: str,
    *,
    limit: int,
    start: dict[str, Any] | None,
    keep: Callable[[Donation], bool] | None = None,
) -> tuple[list[Donation], dict[str, Any] | None]:
    """A page of the donations in one Gift Aid state (GSI4), oldest first; `keep` (a list's
    search box) filters them within the bounded read of `functions/donors/paging.py`."""
    if keep is not None:
        pk = keys.gift_aid_state_pk(tenant_id, state)
        return bounded_page(
            Donation,
            lambda **paging: Donation.gsi4.query(pk, **paging),
            length=limit,
            start=start,
            filtered=True,
            index="GSI4",
            keep=lambda d: isinstance(d, Donation) and keep(d),
        )
    results = Donation.gsi4.query(
        keys.gift_aid_state_pk(tenant_id, state), limit=limit, last_evaluated_key=start
    )
    return [d for d in results if isinstance(d, Donation)], results.last_evaluated_key


CANDIDATE_FIELDS = ("donation_id", "donation_date", "amount", "donor_id", "sponsored", "status", "version")


def _plain(raw: dict[str, Any], attribute: Any) -> Any:
    found = raw.get(attribute.attr_name)
    if not found or "NULL" in found:
        return None
    return attribute.deserialize(next(iter(found.values())))


# The claimable donations are read in this many date ranges side by side: one Query stream waits
# for each page before it can ask for the next (its LastEvaluatedKey), so DynamoDB answering a
# page and this process reading the last one take turns; ranges keep both busy.
CLAIMABLE_RANGES = 4


def _claimable_edge(pk: str, *, first: bool) -> str | None:
    """The earliest (or latest) date in the claimable partition of GSI4: one item's key."""
    found = Donation.gsi4.query(pk, scan_index_forward=first, limit=1, attributes_to_get=["GSI4SK"])
    for page in found.page_iter:
        for raw in page.get("Items", []):
            return str(raw["GSI4SK"]["S"]).split("#", 1)[0]
    return None


def _date_ranges(first: str, last: str, count: int) -> list[tuple[str, str] | None]:
    """`count` (at most) consecutive ranges of whole days covering first..last, as GSI4 sort-key
    bounds (`<date>` to `<date>#` and every id after it); None: the whole partition (a key that
    does not start with a date)."""
    try:
        start, end = dt.date.fromisoformat(first), dt.date.fromisoformat(last)
    except ValueError:
        return [None]
    days = (end - start).days + 1
    step = max(1, -(-days // count))
    ranges: list[tuple[str, str] | None] = []
    for offset in range(0, days, step):
        low = start + dt.timedelta(days=offset)
        high = min(end, low + dt.timedelta(days=step - 1))
        ranges.append((low.isoformat(), f"{high.isoformat()}#\uffff"))
    return ranges


def _claimable_between(tenant_id: str, bounds: tuple[str, str] | None) -> list[Candidate]:
    """The claimable donations whose GSI4 sort key is within `bounds` (None: all), oldest first:
    one Query per 1 MB page projecting the seven attributes a candidate holds, no model per
    donation."""
    attributes = [getattr(Donation, name) for name in CANDIDATE_FIELDS]
    entity = Donation.entity.attr_name
    results = Donation.gsi4.query(
        keys.gift_aid_state_pk(tenant_id, CLAIMABLE),
        Donation.gsi4sk.between(*bounds) if bounds is not None else None,
        attributes_to_get=[entity, *(attribute.attr_name for attribute in attributes)],
    )
    found: list[Candidate] = []
    for page in read_ahead(results.page_iter):  # the next page comes while this one is read
        for raw in page.get("Items", []):
            if raw.get(entity, {}).get("S") != "Donation":
                continue
            donation_id, date, amount, donor_id, sponsored, status, version = (
                _plain(raw, attribute) for attribute in attributes
            )
            found.append(Candidate(donation_id, date, amount, donor_id, bool(sponsored), status, version))
    return found


def claimable_candidates(tenant_id: str) -> list[Candidate]:
    """Every claimable donation (GSI4, oldest first) as a claim's plan keeps it: the partition's
    first and last dates, then `CLAIMABLE_RANGES` date ranges read side by side (`together`)."""
    pk = keys.gift_aid_state_pk(tenant_id, CLAIMABLE)
    first = _claimable_edge(pk, first=True)
    last = _claimable_edge(pk, first=False)
    if first is None or last is None:
        return []
    ranges = _date_ranges(first, max(first, last), CLAIMABLE_RANGES)
    parts = together(*(functools.partial(_claimable_between, tenant_id, bounds) for bounds in ranges))
    return [candidate for part in parts for candidate in part]


def in_state(tenant_id: str, state: str, *, at_most: int | None = None) -> Iterator[Donation]:
    """Every donation in one Gift Aid state (GSI4), oldest first; jobs and bounded summaries."""
    for n, donation in enumerate(Donation.gsi4.query(keys.gift_aid_state_pk(tenant_id, state))):
        if at_most is not None and n >= at_most:
            return
        if isinstance(donation, Donation):
            yield donation


# ------------------------------------------------------------------ submissions, reminders
def add_submission(tenant_id: str, claim_id: str, record: ClaimSubmission) -> None:
    record.pk = keys.claim_pk(tenant_id, claim_id)
    record.sk = keys.claim_submission_sk(record.submission_id)
    record.save()


def submissions(tenant_id: str, claim_id: str) -> list[ClaimSubmission]:
    return list(
        ClaimSubmission.query(
            keys.claim_pk(tenant_id, claim_id),
            ClaimSubmission.sk.startswith(keys.claim_submission_prefix()),
            consistent_read=True,
        )
    )


def reminder_sent(tenant_id: str, period: str) -> bool:
    """Whether this period's reminder of the charity is done (one GetItem: later runs in the
    same period stop here)."""
    try:
        ReminderSent.get(keys.tenant_pk(tenant_id), keys.gift_aid_reminder_sk(period), consistent_read=True)
    except ReminderSent.DoesNotExist:
        return False
    return True


def mark_reminder_sent(tenant_id: str, period: str, delivered: int) -> None:
    item = ReminderSent(keys.tenant_pk(tenant_id), keys.gift_aid_reminder_sk(period), sent_to=delivered)
    item.expires_at = clock.now() + dt.timedelta(days=400)
    try:
        item.save(condition=ReminderSent.pk.does_not_exist())
    except PutError as exc:
        if not condition_failed(exc):  # an overlapping run marked it first
            raise
