"""UK postcodes as HMRC accepts them (R68 schema `r68_PostCodeType`, ../reference/hmrc/xsd):
upper case, one space before the inward code (digit + two letters), or the special `GIR 0AA`."""

from __future__ import annotations

import re

_HMRC_POSTCODE = re.compile(
    r"^(GIR 0AA|(([A-Z][0-9][0-9]?)|([A-Z][A-HJ-Y][0-9][0-9]?)|([A-Z][0-9][A-Z])|([A-Z][A-HJ-Y][0-9]?[A-Z]))"
    r" [0-9][A-Z]{2})$"
)

_SPACES = re.compile(r"\s+")


def normalise_uk_postcode(value: str) -> str | None:
    """`sw1a1aa` → `SW1A 1AA`; None when the text cannot be a full UK postcode."""
    compact = _SPACES.sub("", value or "").upper()
    if len(compact) < 5 or len(compact) > 7:
        return None
    candidate = f"{compact[:-3]} {compact[-3:]}"
    return candidate if _HMRC_POSTCODE.match(candidate) else None
