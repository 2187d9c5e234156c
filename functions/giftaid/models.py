"""Entities of the claims area: the charity's Gift Aid settings, claims, their build chunks, one
membership line per attached donation (Gift Aid lines, GASDS small donations, adjustments), the
reversals of over-claimed tax, the GASDS ledger per tax year, and the gateway submissions. Key
shapes: `core.keys`."""

from __future__ import annotations

from decimal import Decimal

from pynamodb.attributes import (
    BooleanAttribute,
    ListAttribute,
    MapAttribute,
    NumberAttribute,
    UnicodeAttribute,
    UTCDateTimeAttribute,
)

from functions.core import keys
from functions.core.money import DecimalAttribute
from functions.core.table import Entity

BUILDING, READY, BUILD_FAILED = "building", "ready", "failed"
# where HMRC's payment of a claim goes in the fund ledger (functions/giftaid/allocation.py)
GENERAL_POLICY, OWN_FUNDS_POLICY = "general", "donation_funds"


class GiftAidSettings(Entity, discriminator="GiftAidSettings"):
    hmrc_reference = UnicodeAttribute(null=True)
    # The charity's facts: kept on the charity item (functions.charities.facts, ADR 0018). These
    # are the old copy, read but never written; `repository.get_settings` puts the charity's in.
    regulator = UnicodeAttribute(null=True)
    regulator_number = UnicodeAttribute(null=True)
    official = MapAttribute(null=True)  # type: ignore[var-annotated]
    entity_type = UnicodeAttribute(null=True)
    year_end = UnicodeAttribute(null=True)  # MM-DD
    aggregation_limit = DecimalAttribute(default=lambda: Decimal("20.00"))
    aggregate_small_donations = BooleanAttribute(default=False)
    sum_donor_lines = BooleanAttribute(default=False)
    reminders = BooleanAttribute(default=True)
    gateway_user_id = UnicodeAttribute(null=True)
    gateway_password = UnicodeAttribute(null=True)  # ciphertext (functions.core.secret_box)
    vendor_id = UnicodeAttribute(null=True)
    endpoint = UnicodeAttribute(default="test")  # test | live | a custom URL (local fake)
    # Where the Gift Aid HMRC pays goes in the fund ledger: `donation_funds` (each donation's own
    # split) or `general` (the default fund). ADR 0019 "Gift Aid received".
    gift_aid_to = UnicodeAttribute(default="donation_funds")
    version = NumberAttribute(default=0)

    @classmethod
    def key(cls, tenant_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.gift_aid_settings_sk()


class ClaimItem(Entity, discriminator="GiftAidClaim"):
    claim_id = UnicodeAttribute()
    tenant_id = UnicodeAttribute()
    state = UnicodeAttribute(default="draft")
    build_status = UnicodeAttribute(default=BUILDING)
    job_id = UnicodeAttribute(null=True)
    created_by = UnicodeAttribute(null=True)
    chunks_total = NumberAttribute(null=True)
    chunks_done = NumberAttribute(default=0)
    requested = NumberAttribute(default=0)  # donations asked for
    donations_count = NumberAttribute(default=0)
    lines_count = NumberAttribute(default=0)
    donation_total = DecimalAttribute(default=lambda: Decimal("0.00"))
    tax_total = DecimalAttribute(default=lambda: Decimal("0.00"))
    adjustment = DecimalAttribute(default=lambda: Decimal("0.00"))
    other_info = UnicodeAttribute(null=True)
    gasds = ListAttribute(default=list)  # type: ignore[var-annotated]  # [{tax_year_end, amount}]
    earliest_date = UnicodeAttribute(null=True)
    latest_date = UnicodeAttribute(null=True)
    tax_year = NumberAttribute(null=True)  # tax year (start) of the earliest donation
    skipped = ListAttribute(default=list)  # type: ignore[var-annotated]  # [{donation_id, reason}]
    problems = ListAttribute(default=list)  # type: ignore[var-annotated]  # preflight, per line
    files = MapAttribute(default=dict)  # type: ignore[var-annotated]  # kind -> S3 key
    irmark = UnicodeAttribute(null=True)
    # The submit exchange's record id, set (if absent) just before the claim is POSTed: the lease
    # that stops a retried or duplicated message from sending the claim a second time.
    submit_record = UnicodeAttribute(null=True)
    correlation_id = UnicodeAttribute(null=True)
    receipt = UnicodeAttribute(null=True)
    errors = ListAttribute(default=list)  # type: ignore[var-annotated]  # gateway errors
    sealed_at = UTCDateTimeAttribute(null=True)
    submitted_at = UTCDateTimeAttribute(null=True)
    decided_at = UTCDateTimeAttribute(null=True)
    cancelled_at = UTCDateTimeAttribute(null=True)
    released = BooleanAttribute(default=False)  # donations handed back (cancelled / rejected)
    settled = BooleanAttribute(default=False)  # donations marked claimed (accepted)
    # The build's last step (GASDS, adjustment, totals) is run by one finisher only: the business
    # key of the message that won it (`chunk-<n>` or `plan`), so its redelivery can resume.
    finisher = UnicodeAttribute(null=True)
    gasds_reserved = BooleanAttribute(default=False)  # `gasds` counted in the GasdsYear ledger
    gift_aided_by_year = MapAttribute(default=dict)  # type: ignore[var-annotated]  # "2025" -> "120.00"
    reversals_count = NumberAttribute(default=0)
    # HMRC's payment of an accepted claim (ADR 0019 "Gift Aid received"): set once, conditional on
    # `paid_on` absent; the claims queue then allocates it to funds (`allocation.run`).
    paid_on = UnicodeAttribute(null=True)  # ISO date the money was received
    paid_amount = DecimalAttribute(null=True)
    paid_by = UnicodeAttribute(null=True)
    paid_policy = UnicodeAttribute(null=True)  # the settings' `gift_aid_to` when marked paid
    allocation_job_id = UnicodeAttribute(null=True)
    allocated = BooleanAttribute(default=False)  # every chunk of the allocation written
    allocated_funds = ListAttribute(default=list)  # type: ignore[var-annotated]  # [{fund_id, name, amount}]

    def stored_files(self) -> dict[str, str]:
        """File name -> S3 key. (An empty MapAttribute is truthy, so never test `files` itself.)"""
        return dict(self.files.as_dict()) if self.files is not None else {}

    @classmethod
    def key(cls, tenant_id: str, claim_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.claim_sk(claim_id)


class ClaimChunk(Entity, discriminator="GiftAidClaimChunk"):
    """The donations one build message attaches: fixed when first planned (put if absent)."""

    chunk_number = NumberAttribute()
    donation_ids = ListAttribute(of=UnicodeAttribute)  # type: ignore[var-annotated]
    done = BooleanAttribute(default=False)
    # The donations as the plan read them (a claim of every claimable donation: one GSI4 read),
    # JSON `[[id, date, amount, donor_id, sponsored, status, version], …]`: the chunk attaches them
    # on the version read instead of reading them again. None: the chunk reads them itself.
    snapshot = UnicodeAttribute(null=True)
    # The donations this chunk attached, as their membership lines hold them (the same JSON rows),
    # set in the transaction that marks the chunk done: the finisher reads the claim's chunks
    # instead of its lines. None: done before chunks kept it (the finisher reads the lines).
    joined = UnicodeAttribute(null=True)


class ClaimAllocationPlan(Entity, discriminator="GiftAidAllocationPlan"):
    """The Gift Aid received on a claim per (fund, project), fixed when first planned (put if
    absent): every delivery of the allocation message writes the same movements."""

    movements = ListAttribute(default=list)  # type: ignore[var-annotated]  # [{fund_id, project_id, amount}]
    chunks = NumberAttribute(default=0)

    @classmethod
    def key(cls, tenant_id: str, claim_id: str) -> tuple[str, str]:
        return keys.claim_pk(tenant_id, claim_id), "ALLOCPLAN"


class ClaimAllocationDone(Entity, discriminator="GiftAidAllocationDone"):
    """One chunk of a claim's allocation written: put (if absent) in the chunk's own ledger
    transaction, so a chunk is written once however often the message is delivered."""

    chunk_number = NumberAttribute()

    @classmethod
    def key(cls, tenant_id: str, claim_id: str, number: int) -> tuple[str, str]:
        return keys.claim_pk(tenant_id, claim_id), f"ALLOCDONE#{number:04d}"


class ClaimLine(Entity, discriminator="GiftAidClaimLine"):
    """Membership of one donation in one claim, written in the same transaction as the donation's
    conditional `claim_id`, so the two never disagree."""

    donation_id = UnicodeAttribute()
    donation_date = UnicodeAttribute()
    amount = DecimalAttribute()
    # The rest of what the claim is built from, as the donation was when it joined (written in the
    # same transaction, conditional on the version read): finishing and sealing the claim read the
    # lines, not the donations again. Absent on lines written before they kept it.
    donor_id = UnicodeAttribute(null=True)
    sponsored = BooleanAttribute(null=True)
    status = UnicodeAttribute(null=True)


class ClaimGasds(Entity, discriminator="GiftAidClaimGasds"):
    """Membership of one GASDS small donation in one claim, written in the same transaction as the
    donation's conditional `claim_id`."""

    donation_id = UnicodeAttribute()
    donation_date = UnicodeAttribute()
    amount = DecimalAttribute()


class ClaimAdjustment(Entity, discriminator="GiftAidClaimAdjustment"):
    """A reversal taken into one claim's adjustment, written with the reversal's `adjusted_in`."""

    donation_id = UnicodeAttribute()
    tax = DecimalAttribute()


class Reversal(Entity, discriminator="GiftAidReversal"):
    """Tax over-claimed on one donation (GIFT_AID.md §6): one per donation (put if absent). Open
    while `adjusted_in` is absent (then also in the sparse GSI4 partition `open_reversals_pk`)."""

    donation_id = UnicodeAttribute()
    donor_name = UnicodeAttribute(null=True)
    donation_date = UnicodeAttribute()
    amount = DecimalAttribute()
    tax = DecimalAttribute()
    cause = UnicodeAttribute()  # functions.domain.giftaid.adjustments.ReversalCause
    claim_id = UnicodeAttribute()  # the claim the donation was claimed in
    claim_label = UnicodeAttribute()  # that claim as HMRC knows it (its submission date)
    adjusted_in = UnicodeAttribute(null=True)  # the claim whose adjustment deducts it
    recorded_by = UnicodeAttribute(null=True)

    @classmethod
    def key(cls, tenant_id: str, donation_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.reversal_sk(donation_id)


class GasdsYear(Entity, discriminator="GiftAidGasdsYear"):
    """GASDS the charity's live claims carry for one tax year: each claim adds its amount when its
    build ends (conditional on the total read) and takes it back when cancelled or rejected, so two
    claims together never pass the year's cap."""

    tax_year = NumberAttribute()
    reserved = DecimalAttribute(default=lambda: Decimal("0.00"))

    @classmethod
    def key(cls, tenant_id: str, tax_year: int) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.gasds_year_sk(tax_year)


class ClaimSubmission(Entity, discriminator="GiftAidSubmission"):
    """One exchange with the gateway: what we sent and what came back (bodies in S3)."""

    submission_id = UnicodeAttribute()
    step = UnicodeAttribute()  # submit | poll | delete
    endpoint = UnicodeAttribute()
    request_key = UnicodeAttribute(null=True)
    response_key = UnicodeAttribute(null=True)
    http_status = NumberAttribute(null=True)
    qualifier = UnicodeAttribute(null=True)  # acknowledgement | response | error
    correlation_id = UnicodeAttribute(null=True)
    summary = UnicodeAttribute(null=True)


class ReminderSent(Entity, discriminator="GiftAidReminder"):
    sent_to = NumberAttribute(default=0)
