"""HMRC's claim rules applied where the facts are entered (Gift Aid settings, charity information):
each value is normalised as HMRC allows, else refused with a 422 naming the field and the rule.

Decisions (issue 13 §3):
- HMRC reference: spaces dropped and upper-cased on save (`ab 12345` → `AB12345`); HMRC issues
  references in capitals, so this changes nothing but the typing. Refused if still not `HMRCref`.
- Official's names: accented Latin letters written without their accents (`Zoë` → `Zoe`, `Núñez`
  → `Nunez`): the schema's name patterns take ASCII letters only, and a name HMRC cannot hold
  would otherwise block every claim. Two words in the first name are kept: the claim writes them
  as the two `Fore` elements the schema allows; three or more are refused. Anything else the
  pattern refuses (digits in a first name, other scripts) is refused with the rule.
- Phone: a leading `+` becomes `00` (what it stands for when dialling from the UK); the schema
  takes digits, spaces, brackets and hyphens only.
- Postcode: required unless the official is overseas, written as HMRC expects (`ba11aa` → `BA1 1AA`).
- Organisation name: must start with a letter or digit (OrgName), refused otherwise.
- Regulator: a regulator needs its registration number (rule 7031); an HMRC reference starting
  CH or CF takes no regulator (rule 7033).
"""

from __future__ import annotations

from typing import NoReturn

from pydantic import Field, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from functions.core.messages import CATALOG
from functions.core.validation import Schema
from functions.domain.hmrc import preflight, rules
from functions.domain.postcodes import normalise_uk_postcode

CATALOG.update(preflight.catalogue())


def refuse(found: preflight.Found) -> NoReturn:
    _, key, params = found
    raise PydanticCustomError(key, key, dict(params))


def hmrc_reference(value: str | None) -> str | None:
    compact = "".join((value or "").split()).upper()
    if not compact:
        return None
    found = preflight.charity_problems("x", compact, None, None)
    if found:
        refuse(found[0])
    return compact


def org_name(value: str) -> str:
    value = value.strip()
    found = preflight.charity_problems(value, None, None, None)
    if found:
        refuse(found[0])
    return value


def regulator(value: str, reference: str | None) -> str:
    if value not in ("none", "") and rules.needs_no_regulator(reference):
        refuse(("regulator", preflight.RULE_7033, {"value": reference or ""}))
    return value


def registration_number(value: str | None, chosen_regulator: str | None) -> str | None:
    value = (value or "").strip() or None
    if chosen_regulator in rules.REGULATORS:
        found = preflight.charity_problems("x", None, chosen_regulator, value)
        if found:
            refuse(found[0])
    return value


def official_title(value: str | None) -> str | None:
    value = (value or "").strip() or None
    found = preflight.title_problem(value)
    if found:
        refuse(found)
    return value


def official_first_name(value: str) -> str:
    value = rules.collapse_spaces(rules.to_ascii(value))
    found = preflight.forename_problem(value)
    if found:
        refuse(found)
    return value


def official_last_name(value: str) -> str:
    value = rules.collapse_spaces(rules.to_ascii(value))
    found = preflight.surname_problem(value)
    if found:
        refuse(found)
    return value


def official_postcode(value: str | None, overseas: bool) -> str | None:
    if overseas:
        return None
    if not (value or "").strip():
        refuse(("official.postcode", preflight.OFFICIAL_POSTCODE_MISSING, {}))
    normalised = normalise_uk_postcode(value or "")
    found = preflight.postcode_problem(normalised) if normalised else None
    if normalised is None or found:
        refuse(("official.postcode", preflight.OFFICIAL_POSTCODE_FORMAT, {"value": value or ""}))
    return normalised


def official_phone(value: str) -> str:
    value = rules.normalise_phone(value)
    found = preflight.phone_problem(value)
    if found:
        refuse(found)
    return value


class Official(Schema):
    """The authorised official as HMRC's `AuthOfficial` takes it (see this module for what is
    normalised and what is refused): the Gift Aid settings and the charity information
    form both take it."""

    title: str | None = Field(default=None, max_length=4)
    first_name: str = Field(min_length=1, max_length=71)  # up to two names of 35
    last_name: str = Field(min_length=1, max_length=35)
    # `overseas` comes first: the postcode's validator reads it.
    overseas: bool = False
    postcode: str | None = Field(default=None, max_length=10, validate_default=True)
    phone: str = Field(min_length=1, max_length=35)

    @field_validator("title")
    @classmethod
    def _title(cls, value: str | None) -> str | None:
        return official_title(value)

    @field_validator("first_name")
    @classmethod
    def _first_name(cls, value: str) -> str:
        return official_first_name(value)

    @field_validator("last_name")
    @classmethod
    def _last_name(cls, value: str) -> str:
        return official_last_name(value)

    @field_validator("postcode")
    @classmethod
    def _postcode(cls, value: str | None, info: ValidationInfo) -> str | None:
        return official_postcode(value, bool(info.data.get("overseas")))

    @field_validator("phone")
    @classmethod
    def _phone(cls, value: str) -> str:
        return official_phone(value)
