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
    if text is None:
        return ""
    if text.isascii():  # NFKD leaves ASCII as it is, and none of it is a combining mark
        return " ".join(text.lower().split())
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


# ------------------------------------------------------------------ names as files write them
_NAME_PARTICLES = frozenset("van von der den de da di del della la le du ter ten dos das".split())
_MAC = re.compile(r"^(ma?c)([a-z]{3,})$")


def tidy_case(text: str | None) -> str | None:
    """A name written all in capitals (as card schemes print it) or all in lower case, in the
    case people write it: `JANE SMITH` → `Jane Smith`, `MARY O'BRIEN-JONES` → `Mary O'Brien-Jones`,
    `ANNA VAN DER BERG` → `Anna van der Berg`, `JOHN MCDONALD` → `John McDonald`. A name with
    both cases is left as its owner wrote it (`McDonald`, `de Souza`)."""
    if not text:
        return text
    if text.isascii() and not (text.isupper() or text.islower()):
        return text  # ASCII letters in both cases, or none (in ASCII a letter is a cased character)
    letters = [c for c in text if c.isalpha()]
    if len(letters) < 2 or not (all(c.isupper() for c in letters) or all(c.islower() for c in letters)):
        return text
    words = text.lower().split(" ")
    out = []
    for position, word in enumerate(words):
        if position and word in _NAME_PARTICLES and position < len(words) - 1:
            out.append(word)
            continue
        out.append(_cap_word(word))
    return " ".join(out)


def _cap_word(word: str) -> str:
    parts = re.split(r"([-'’])", word)
    capped = []
    for part in parts:
        found = _MAC.match(part)
        if found:
            capped.append(found.group(1).capitalize() + found.group(2).capitalize())
        else:
            capped.append(part[:1].upper() + part[1:])
    return "".join(capped)


# Words that make a name an organisation's, not a person's: a legal form at its end, or a word
# only bodies use anywhere in it ("Riverside Rotary Club", "Friends of St Mary's Association").
_ORGANISATION_ENDINGS = frozenset(
    "ltd ltd. limited plc llp llc inc inc. cic cio co co. corp corporation company partners".split()
)
_ORGANISATION_WORDS = frozenset(
    """association society foundation trust club council committee charity charities fund
    federation institute institution union league guild fellowship ministries parish
    school academy college university group partnership trustees friends lodge brigade
    rotary lions scouts guides wi""".split()
)


def looks_like_organisation(name: str | None) -> bool:
    """`Mill Lane Residents Association`, `Smith & Sons Ltd`, `Riverside Rotary Club` → True;
    `Jane Smith`, `Charlotte Church` → False."""
    words = [w.strip(".,()&'\"").lower() for w in (name or "").split()]
    words = [w for w in words if w]
    if len(words) < 2:
        return False
    if words[-1] in _ORGANISATION_ENDINGS or (len(words) > 2 and words[-2:] == ["and", "co"]):
        return True
    return any(word in _ORGANISATION_WORDS for word in words)


# ------------------------------------------------------------------ the house of an address
_NUMBERED = re.compile(r"^(\d+[A-Za-z]?(?:\s*[-/]\s*\d+[A-Za-z]?)?)(?:\s+(.+))?$")
_STREET_WORDS = frozenset(
    """street st road rd lane ln avenue ave close drive dr way place crescent grove gardens terrace
    hill square row walk green rise view mews yard parade wharf quay circus broadway boulevard
    approach bank end gate court""".split()
)


def _is_street(part: str) -> bool:
    words = part.lower().replace(".", "").split()
    return len(words) > 1 and words[-1] in _STREET_WORDS


def split_house(line1: str | None, line2: str | None = None) -> tuple[str | None, str | None, str | None]:
    """(house, address line 1, address line 2) of a first address line that starts with the house
    name or number HMRC asks for: `1 Mill Lane` → (`1`, `Mill Lane`); `The Old Forge, Church
    Street` → (`The Old Forge`, `Church Street`); `Flat 2, The Old Rectory` → (`Flat 2, The Old
    Rectory`, line 2 moved up); `Flat 2, 10 High Street` → (`Flat 2, 10`, `High Street`); a
    street alone (`Church Street`) has no house."""
    parts = [part.strip() for part in (line1 or "").split(",") if part.strip()]
    house: list[str] = []
    rest: list[str] = []
    for position, part in enumerate(parts):
        found = _NUMBERED.match(part)
        if found:
            house.append(found.group(1))
            rest = ([found.group(2)] if found.group(2) else []) + parts[position + 1 :]
            break
        if _is_street(part):
            rest = parts[position:]
            break
        house.append(part)
    if not house:
        return None, line1, line2
    street = ", ".join(rest) or None
    if street is None:
        return ", ".join(house), line2 or None, None
    return ", ".join(house), street, line2


def without_house(line1: str | None, house: str | None) -> str | None:
    """The first address line without the house it repeats: (`1 Mill Lane`, `1`) → `Mill Lane`,
    so a house kept in its own field is never written twice (`1 1 Mill Lane`)."""
    if not line1 or not house:
        return line1
    text, name = line1.strip(), house.strip()
    if text.lower().startswith(name.lower()):
        rest = text[len(name) :]
        if not rest or rest[0] in " ,":
            return rest.lstrip(" ,") or None
    return line1
