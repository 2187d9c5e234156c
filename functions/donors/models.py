"""Entities of the donors area: the donor, its per-tax-year totals, its index items (search
tokens and duplicate-match keys) and merge records. Key shapes: `functions.core.keys`."""

from __future__ import annotations

from decimal import Decimal

from pynamodb.attributes import (
    ListAttribute,
    MapAttribute,
    NumberAttribute,
    UnicodeAttribute,
    VersionAttribute,
)

from functions.core import keys
from functions.core.money import DecimalAttribute
from functions.core.table import Entity
from functions.domain.record_fields import DONOR_FIELDS

PROFILE_FIELDS = (*DONOR_FIELDS, "notes")


class Donor(Entity, discriminator="Donor"):
    donor_id = UnicodeAttribute()
    tenant_id = UnicodeAttribute()
    donor_type = UnicodeAttribute(default="individual")
    title = UnicodeAttribute(null=True)
    first_name = UnicodeAttribute(null=True)
    last_name = UnicodeAttribute(null=True)
    company_name = UnicodeAttribute(null=True)
    email = UnicodeAttribute(null=True)
    phone = UnicodeAttribute(null=True)
    house = UnicodeAttribute(null=True)
    address_line1 = UnicodeAttribute(null=True)
    address_line2 = UnicodeAttribute(null=True)
    town = UnicodeAttribute(null=True)
    county = UnicodeAttribute(null=True)
    postcode = UnicodeAttribute(null=True)
    postcode_compact = UnicodeAttribute(null=True)  # for the postcode-prefix filter
    country = UnicodeAttribute(default="GB")
    consents = MapAttribute(default=dict)  # type: ignore[var-annotated]
    notes = UnicodeAttribute(null=True)
    tags = ListAttribute(of=UnicodeAttribute, default=list)  # type: ignore[arg-type]
    # Totals kept by the donation transactions (received donations only); donations_count counts
    # every donation record, whatever its status, and guards deletion.
    total_given = DecimalAttribute(default=Decimal)
    donations_count = NumberAttribute(default=0)
    merged_into = UnicodeAttribute(null=True)
    version = VersionAttribute()

    @classmethod
    def key(cls, tenant_id: str, donor_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.donor_sk(donor_id)


class DonorTotals(Entity):
    """The donor item seen by the donation transactions: totals only, so adding a donation does
    not bump the donor's version (an edit form open meanwhile stays valid)."""

    total_given = DecimalAttribute(null=True)
    donations_count = NumberAttribute(null=True)


class DonorYear(Entity, discriminator="DonorYear"):
    """A donor's received total in one UK tax year (named by its start year)."""

    total = DecimalAttribute(default=Decimal)
    gifts = NumberAttribute(default=0)  # received donations (`count` would hide Model.count)

    @classmethod
    def key(cls, tenant_id: str, donor_id: str, tax_year: int) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.donor_year_sk(donor_id, tax_year)


class DonorSearchToken(Entity, discriminator="DonorSearchToken"):
    donor_id = UnicodeAttribute()
    name = UnicodeAttribute(default="")


class DonorMatchKey(Entity, discriminator="DonorMatchKey"):
    """One (kind, value) a donor shares with its possible duplicates, with the facts to score it."""

    donor_id = UnicodeAttribute()
    name = UnicodeAttribute(default="")
    email = UnicodeAttribute(default="")
    phone = UnicodeAttribute(default="")
    postcode = UnicodeAttribute(default="")


class DonorMerge(Entity, discriminator="DonorMerge"):
    merge_id = UnicodeAttribute()
    tenant_id = UnicodeAttribute()
    survivor_id = UnicodeAttribute()
    merged_id = UnicodeAttribute()
    survivor_name = UnicodeAttribute(default="")
    merged_name = UnicodeAttribute(default="")
    # Both donors exactly as stored before the merge (DynamoDB JSON), for the undo.
    survivor_before = UnicodeAttribute()
    merged_before = UnicodeAttribute()
    fields = MapAttribute(default=dict)  # type: ignore[var-annotated]
    moved = ListAttribute(of=UnicodeAttribute, default=list)  # type: ignore[arg-type]  # "pk|sk" re-pointed
    # running | done | failed (put back) | incomplete (an undo finishes it) | undoing | undone
    status = UnicodeAttribute(default="running")
    actor_id = UnicodeAttribute(null=True)
    undone_at = UnicodeAttribute(null=True)

    @classmethod
    def key(cls, tenant_id: str, merge_id: str) -> tuple[str, str]:
        return keys.tenant_pk(tenant_id), keys.donor_merge_sk(merge_id)
