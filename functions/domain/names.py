"""Donor details as HMRC will check them on a Gift Aid claim (GIFT_AID.md §7), warned at entry so
that a claim never fails later. Warnings never block saving: the charity may still be collecting
the details.

Rules (HMRC's schedule validation and the R68 schema): title `^[A-Za-z][A-Za-z'-]{1,3}$`; first
and last name at most 35 characters; house name or number at most 40; a UK postcode upper case
with one space matching HMRC's pattern (or an overseas address, marked `X`).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping

from functions.domain.postcodes import normalise_uk_postcode

TITLE_PATTERN = re.compile(r"^[A-Za-z][A-Za-z'-]{1,3}$")
NAME_LIMIT = 35
HOUSE_LIMIT = 40
UK = "GB"

# warning codes → message keys of the server catalog (functions/donors/messages.py)
TITLE = "hmrc.title"
NAME_TOO_LONG = "hmrc.name_length"
HOUSE_TOO_LONG = "hmrc.house_length"
POSTCODE_FORMAT = "hmrc.postcode"
POSTCODE_MISSING = "hmrc.postcode_missing"
HOUSE_MISSING = "hmrc.house_missing"


def hmrc_warnings(donor: Mapping[str, object]) -> dict[str, str]:
    """`{field: warning code}` for an individual donor's details that HMRC would reject.

    Organisations get none: their donations are never Gift Aid claims (GIFT_AID.md §3)."""
    if donor.get("type") == "organisation":
        return {}
    warnings: dict[str, str] = {}
    title = str(donor.get("title") or "")
    if title and not TITLE_PATTERN.match(title):
        warnings["title"] = TITLE
    for field in ("first_name", "last_name"):
        if len(str(donor.get(field) or "")) > NAME_LIMIT:
            warnings[field] = NAME_TOO_LONG
    house = str(donor.get("house") or "")
    if len(house) > HOUSE_LIMIT:
        warnings["house"] = HOUSE_TOO_LONG
    elif not house:
        warnings["house"] = HOUSE_MISSING
    if (donor.get("country") or UK) == UK:
        postcode = str(donor.get("postcode") or "")
        if not postcode:
            warnings["postcode"] = POSTCODE_MISSING
        elif normalise_uk_postcode(postcode) != postcode:
            warnings["postcode"] = POSTCODE_FORMAT
    return warnings


def tidy_postcode(postcode: str | None, country: str | None) -> str | None:
    """A UK postcode normalised (`sw1a1aa` → `SW1A 1AA`) when it can be; otherwise as typed,
    trimmed (and upper case for the UK), so the warning can explain it. Others untouched."""
    if not postcode:
        return None
    text = " ".join(postcode.split())
    if (country or UK) != UK:
        return text
    return normalise_uk_postcode(text) or text.upper()


def fold(text: str | None) -> str:
    """Lower case, accents removed, single spaces: `"  Zoë  O'Brien"` → `"zoe o'brien"`."""
    decomposed = unicodedata.normalize("NFKD", text or "")
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).lower()
    return " ".join(plain.split())


def display_name(donor: Mapping[str, object]) -> str:
    """`Mrs Jane Smith`, or the company name for an organisation."""
    if donor.get("type") == "organisation":
        return str(donor.get("company_name") or "")
    parts = [donor.get("title"), donor.get("first_name"), donor.get("last_name")]
    return " ".join(str(p) for p in parts if p) or str(donor.get("company_name") or "")


def sort_name(donor: Mapping[str, object]) -> str:
    """The name a donor list sorts by: `smith jane` (surname first), or the company name."""
    if donor.get("type") == "organisation":
        return fold(str(donor.get("company_name") or ""))
    return fold(f"{donor.get('last_name') or ''} {donor.get('first_name') or ''}")
