"""The charity's facts HMRC asks for — regulator, registration number, entity type, year end and
the authorised official — kept once, on the charity's own item (`Tenant`), and read and written
by both Settings → Charity information / Authorised official and the Gift Aid settings
(docs/decisions/0018-charity-facts-one-copy.md).

Before that decision the Gift Aid settings item held its own regulator, registration number and
official (and an entity type and year end no rule ever read). That old copy is still read, never
written: a fact set there counts unless the charity item's facts were saved after it (a Gift Aid
settings item is written whole on each save, so its `created_at` is its last change), and the
next save of either screen folds the result onto the charity item (`facts_at`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from functions.core import clock
from functions.core.identity import Tenant
from functions.giftaid.models import GiftAidSettings

REGULATORS = ("CCEW", "CCNI", "OSCR")


@dataclass
class Facts:
    regulator: str = "none"
    registration_number: str | None = None
    entity_type: str = "trust"
    year_end: str = "03-31"
    official: dict[str, Any] = field(default_factory=dict)


def _map(value: Any) -> dict[str, Any]:
    return dict(value.as_dict()) if value is not None else {}


def _old_copy_counts(tenant: Tenant, settings: GiftAidSettings | None) -> bool:
    if settings is None:
        return False
    saved_at = tenant.facts_at
    return saved_at is None or settings.created_at is None or settings.created_at > saved_at


def of(tenant: Tenant, settings: GiftAidSettings | None) -> Facts:
    """The single copy (the charity item), with what only the old Gift Aid copy still holds."""
    facts = Facts(
        regulator=tenant.regulator or "none",
        registration_number=tenant.registration_number,
        entity_type=tenant.entity_type or "trust",
        year_end=tenant.year_end or "03-31",
        official=_map(tenant.official),
    )
    if settings is not None and _old_copy_counts(tenant, settings):
        if settings.regulator in REGULATORS:
            facts.regulator = settings.regulator
            facts.registration_number = settings.regulator_number
        old_official = _map(settings.official)
        if old_official.get("last_name"):
            facts.official = old_official
    return facts


def store(tenant: Tenant, facts: Facts) -> None:
    """Write every fact onto the charity item (the caller saves it, version-checked)."""
    tenant.regulator = facts.regulator
    tenant.registration_number = facts.registration_number or None
    tenant.entity_type = facts.entity_type
    tenant.year_end = facts.year_end
    tenant.official = facts.official
    tenant.facts_at = clock.now()


def overlay(settings: GiftAidSettings, facts: Facts) -> GiftAidSettings:
    """The Gift Aid settings as claims read them: the charity's facts in place of the old copy
    (in memory only; the settings item is never saved from this)."""
    settings.regulator = facts.regulator
    settings.regulator_number = facts.registration_number
    settings.entity_type = facts.entity_type
    settings.year_end = facts.year_end
    settings.official = facts.official
    return settings
