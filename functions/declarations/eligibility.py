"""Gift Aid eligibility stored on every donation (docs/api.md "Gift Aid: declarations and
eligibility"): the adapter between table items and the pure rules of
`functions.domain.giftaid.eligibility`.

- `Context` gathers what the rules read (the charity's entity type and year end, each donor's
  declarations), once per write, lazily.
- `stamp` sets a donation item's assessment and GSI4 keys; the donation transactions call it, so
  a donation is never written without its state.
- `recompute_donor` / `recompute_donations` re-assess stored donations after a donor, declaration
  or claim change: an UpdateItem per changed donation, conditional on the version read and on no
  claim holding it (the claims pipeline owns `in_claim` / `claimed`).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from functions.core import clock, keys
from functions.core.identity import Tenant
from functions.core.table import Entity
from functions.declarations import messages  # noqa: F401  (registers the reasons' texts)
from functions.declarations.models import DeclarationRecord
from functions.declarations.records import declaration_records, domain_declaration
from functions.domain.giftaid import model
from functions.domain.giftaid.benefits import BenefitEntry, earlier_benefits
from functions.domain.giftaid.eligibility import Charity, assess
from functions.domain.tax_year import tax_year_bounds, tax_year_of
from functions.donations.models import Donation, DonationGiftAid
from functions.donors.models import Donor
from functions.donors.transaction import Transaction, TransactionFailed

MAX_RECOMPUTE = 2000  # donations one donor change re-assesses at once; the daily refresh does the rest
HELD = (model.GiftAidState.IN_CLAIM.value, model.GiftAidState.CLAIMED.value)


def domain_donor(donor: Donor) -> model.Donor:
    return model.Donor(
        donor_id=donor.donor_id,
        is_individual=donor.donor_type == "individual",
        title=donor.title,
        first_name=donor.first_name or "",
        last_name=donor.last_name or "",
        house=donor.house or "",
        postcode=donor.postcode,
        overseas=(donor.country or "GB") != "GB",
    )


def domain_donation(donation: Donation) -> model.Donation:
    return model.Donation(
        donation_id=donation.donation_id,
        donor_id=donation.donor_id,
        amount=donation.amount,
        date=dt.date.fromisoformat(donation.donation_date),
        payment_method=donation.payment_method or "other",
        benefit_value=donation.benefit_value or Decimal("0.00"),
        sponsored=bool(donation.sponsored),
        status=donation.status,
        is_payment_for_goods=bool(donation.payment_for_goods),
        excluded_reason=donation.gift_aid_excluded_reason,
        claim_id=donation.claim_id,
        small_cash=bool(donation.gasds),
    )


def declarations_of(tenant_id: str, donor_id: str) -> list[model.Declaration]:
    return [domain_declaration(record) for record in declaration_records(tenant_id, donor_id)]


def charity_of(tenant_id: str) -> Charity:
    try:
        tenant = Tenant.get(*Tenant.key(tenant_id))
    except Tenant.DoesNotExist:
        return Charity()
    month, day = (int(part) for part in (tenant.year_end or "03-31").split("-"))
    entity = tenant.entity_type or "trust"
    known = {member.value for member in model.EntityType}
    return Charity(model.EntityType(entity if entity in known else "other"), (month, day))


class Context:
    """What the rules read for the donations of one write, each part read once when first needed.
    `fresh` declarations (just written) replace their stored copies: the GSI3 read that finds the
    others is eventually consistent."""

    def __init__(self, tenant_id: str, fresh: Iterable[DeclarationRecord] = ()) -> None:
        self.tenant_id = tenant_id
        self.today = clock.today()
        self._charity: Charity | None = None
        self._declarations: dict[str, list[model.Declaration]] = {}
        self._fresh: dict[str, list[DeclarationRecord]] = {}  # by donor
        for record in fresh:
            self._fresh.setdefault(record.donor_id, []).append(record)
        self._benefits: dict[tuple[str, int], dict[str, BenefitEntry]] = {}

    def charity(self) -> Charity:
        if self._charity is None:
            self._charity = charity_of(self.tenant_id)
        return self._charity

    def declarations(self, donor_id: str) -> list[model.Declaration]:
        if donor_id not in self._declarations:
            fresh = {r.declaration_id: r for r in self.fresh_of(donor_id)}
            stored = declaration_records(self.tenant_id, donor_id)
            stored = [record for record in stored if record.declaration_id not in fresh]
            self._declarations[donor_id] = [domain_declaration(r) for r in [*stored, *fresh.values()]]
        return self._declarations[donor_id]

    def fresh_of(self, donor_id: str) -> list[DeclarationRecord]:
        return self._fresh.get(donor_id, [])

    def note(self, donation: Donation, *, removed: bool = False) -> None:
        """This write's own version of a donation (or its deletion) for the benefit cap: the GSI3
        read that finds the donor's others is eventually consistent."""
        if not donation.donor_id:
            return
        day = dt.date.fromisoformat(donation.donation_date)
        year = self._benefit_year(donation.donor_id, tax_year_of(day))
        if removed:
            year.pop(donation.donation_id, None)
        else:
            year[donation.donation_id] = benefit_entry(donation)

    def _benefit_year(self, donor_id: str, year: int) -> dict[str, BenefitEntry]:
        if (donor_id, year) not in self._benefits:
            found = donor_year_donations(self.tenant_id, donor_id, year)
            self._benefits[(donor_id, year)] = {d.donation_id: benefit_entry(d) for d in found}
        return self._benefits[(donor_id, year)]

    def earlier_benefits(self, donation: Donation) -> Decimal:
        """Benefits the donor received for earlier donations of the same tax year (the annual cap,
        `functions.domain.giftaid.benefits`); read only for a donation that has a benefit."""
        if not donation.donor_id or not donation.benefit_value or donation.gasds:
            return Decimal("0.00")
        self.note(donation)
        day = dt.date.fromisoformat(donation.donation_date)
        entries = self._benefit_year(donation.donor_id, tax_year_of(day)).values()
        return earlier_benefits(entries, donation.donation_id, day)

    def assess(self, donation: Donation, donor: Donor | None) -> model.Assessment:
        return assess(
            domain_donation(donation),
            domain_donor(donor) if donor is not None else None,
            self.declarations(donation.donor_id) if donation.donor_id else [],
            today=self.today,
            charity=self.charity(),
            claimed=donation.gift_aid_state == model.GiftAidState.CLAIMED.value,
            earlier_benefits=self.earlier_benefits(donation),
        )


def benefit_entry(donation: Donation) -> BenefitEntry:
    return BenefitEntry(
        donation_id=donation.donation_id,
        date=dt.date.fromisoformat(donation.donation_date),
        benefit=donation.benefit_value or Decimal("0.00"),
        received=donation.status == "received",
    )


def donor_year_donations(tenant_id: str, donor_id: str, tax_year: int) -> list[Donation]:
    """A donor's donations dated in one tax year (GSI3, the donor's owned records, date range)."""
    first, last = tax_year_bounds(tax_year)
    found = Donation.gsi3.query(
        keys.donor_owned_pk(tenant_id, donor_id),
        Donation.gsi3sk.between(
            keys.owned_donation_sk(first.isoformat(), ""), keys.owned_donation_sk(last.isoformat(), "~")
        ),
    )
    return [item for item in found if isinstance(item, Donation)]


def _stored(donation: Donation) -> tuple[Any, ...]:
    params = donation.gift_aid_params
    plain = params.as_dict() if hasattr(params, "as_dict") else dict(params or {})
    return (
        donation.gift_aid_state,
        donation.gift_aid_reason,
        plain,
        donation.gift_aid_amount,
        donation.gsi4pk,
        donation.gsi4sk,
    )


def stamp(donation: Donation, donor: Donor | None, context: Context) -> bool:
    """Set the donation's assessment and GSI4 keys; True when they changed."""
    before = _stored(donation)
    found = context.assess(donation, donor)
    donation.gift_aid_state = found.state.value
    donation.gift_aid_reason = found.reason
    donation.gift_aid_params = dict(found.params)
    if found.state.value not in HELD:  # a claim keeps the value it attached with
        donation.gift_aid_amount = found.gift_aid
    elif donation.gift_aid_amount is None:
        donation.gift_aid_amount = Decimal("0.00")
    donation.gsi4pk = keys.gift_aid_state_pk(donation.tenant_id, found.state.value)
    donation.gsi4sk = keys.gift_aid_state_sk(donation.donation_date, donation.donation_id)
    return _stored(donation) != before


def save_assessment(donation: Donation) -> bool:
    """Write a donation's stamped assessment without bumping its version; False when the donation
    changed since it was read (its own write stamped it) or a claim took it meanwhile."""
    view = DonationGiftAid(donation.pk, donation.sk)
    actions: list[Any] = [
        DonationGiftAid.gift_aid_state.set(donation.gift_aid_state),
        DonationGiftAid.gift_aid_params.set(donation.gift_aid_params),
        DonationGiftAid.gift_aid_amount.set(donation.gift_aid_amount),
        DonationGiftAid.gsi4pk.set(donation.gsi4pk),
        DonationGiftAid.gsi4sk.set(donation.gsi4sk),
    ]
    for attribute, value in (
        (DonationGiftAid.gift_aid_reason, donation.gift_aid_reason),
        (DonationGiftAid.gift_aid_excluded_reason, donation.gift_aid_excluded_reason),
    ):
        actions.append(attribute.set(value) if value is not None else attribute.remove())
    condition = (DonationGiftAid.version == donation.version) & DonationGiftAid.claim_id.does_not_exist()
    # A one-item transaction: Model.update would refuse the item's own discriminator (Donation).
    transaction = Transaction()
    transaction.update(view, actions=actions, condition=condition, tag="donation")
    try:
        transaction.commit()
    except TransactionFailed:
        return False
    return True


def _donors(tenant_id: str, donor_ids: Iterable[str | None]) -> dict[str, Donor]:
    wanted = [Donor.key(tenant_id, donor_id) for donor_id in dict.fromkeys(d for d in donor_ids if d)]
    return {item.donor_id: item for item in Entity.batch_get(wanted) if isinstance(item, Donor)}


def reassess(donations: list[Donation], context: Context) -> int:
    """Re-stamp stored donations and save those whose assessment changed; returns how many."""
    donors = _donors(context.tenant_id, (donation.donor_id for donation in donations))
    changed = 0
    for donation in donations:
        if donation.claim_id:
            continue
        if stamp(donation, donors.get(donation.donor_id or ""), context) and save_assessment(donation):
            changed += 1
    return changed


def recompute_donor(tenant_id: str, donor_id: str, fresh: Iterable[DeclarationRecord] = ()) -> int:
    """Re-assess a donor's donations (at most `MAX_RECOMPUTE`, newest first) after a change to the
    donor or its declarations."""
    found = Donation.gsi3.query(
        keys.donor_owned_pk(tenant_id, donor_id),
        Donation.gsi3sk.startswith(keys.donation_prefix()),
        scan_index_forward=False,
        limit=MAX_RECOMPUTE,
    )
    donations = [item for item in found if isinstance(item, Donation)]
    return reassess(donations, Context(tenant_id, fresh))


def recompute_benefit_year(
    tenant_id: str,
    donor_id: str,
    tax_year: int,
    *,
    written: Iterable[Donation] = (),
    removed: Iterable[Donation] = (),
) -> int:
    """Re-assess a donor's donations of one tax year after a donation's benefit, date, donor or
    status changed: the annual benefit cap may now hold or fail for the others. `written` and
    `removed`: what the write just stored or deleted (the GSI3 read may not show it yet)."""
    context = Context(tenant_id)
    skip = set()
    for donation in written:
        context.note(donation)
        skip.add(donation.donation_id)
    for donation in removed:
        context.note(donation, removed=True)
        skip.add(donation.donation_id)
    others = [d for d in donor_year_donations(tenant_id, donor_id, tax_year) if d.donation_id not in skip]
    return reassess(others, context)


def recompute_donations(tenant_id: str, donation_ids: Iterable[str]) -> int:
    """Re-assess the named donations (e.g. released by a rejected or cancelled claim)."""
    wanted = [Donation.key(tenant_id, donation_id) for donation_id in dict.fromkeys(donation_ids)]
    donations = [item for item in Entity.batch_get(wanted) if isinstance(item, Donation)]
    return reassess(donations, Context(tenant_id))
