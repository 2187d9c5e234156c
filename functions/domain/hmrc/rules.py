"""HMRC's rules for everything Almoner writes into an R68 claim and its ODS schedule: one table.

Sources, each named in the messages that quote a rule:
- the R68 schema (`../shared/reference/hmrc/xsd/r68-v2-0.xsd`): every pattern, length and
  enumeration of the elements we generate (`SCHEMA` below, keyed by element path). XSD patterns are
  anchored and their `\\s` is `[ \\t\\n\\r]`, their `.` any character but CR and LF: the Python forms
  below are written that way and always used with `fullmatch`;
- HMRC's numbered business rules for the Charities Online XML channel ("Non-Form Validation
  Rules"). Their published text could not be found in the reference material nor with the search
  tools; the numbers and meaning below are the ones named in issue 13 and HMRC's rejections:
  7031 a RegName needs a RegNo; 7033 a reference starting CH or CF (clubs and other bodies HMRC
  registers without a regulator) carries no Regulator element; 7035 an Adjustment needs Gift Aid
  donations (GAD) or other income in the same claim. Anything else is derived from the schema;
- HMRC's Charities portal, which reads the ODS schedule (hmrc/charities-claims-validation,
  GiftAidValidationService): stricter than the schema for titles (2 to 4 characters), postcodes
  (an outward code `AANA`-style needs its digit: `SWA 1AA` passes the schema, not the portal) and
  amounts (at most 15 digits, exactly 2 decimals).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from decimal import Decimal

# ------------------------------------------------------------------ the schema's own patterns
XSD_POSTCODE = (
    r"(GIR 0AA)|((([A-Z][0-9][0-9]?)|(([A-Z][A-HJ-Y][0-9][0-9]?)|(([A-Z][0-9][A-Z])"
    r"|([A-Z][A-HJ-Y][0-9]?[A-Z])))) [0-9][A-Z]{2})"
)
# The portal's (GiftAidValidationService.validatePostcode): the last outward form needs its digit.
PORTAL_POSTCODE = (
    r"(GIR 0AA)|((([A-Z][0-9][0-9]?)|(([A-Z][A-HJ-Y][0-9][0-9]?)|(([A-Z][0-9][A-Z])"
    r"|([A-Z][A-HJ-Y][0-9][A-Z])))) [0-9][A-Z]{2})"
)
PORTAL_TITLE = r"[A-Za-z][A-Za-z'-]{1,3}"
MONETARY = r"-?(([1-9][0-9]*)|0)\.[0-9]{2}"  # r68_IRmonetaryType
NAME_WORD = r"[A-Za-z][A-Za-z'\-]*"  # r68_NameStructure Ttl and Fore
SURNAME = r"[A-Za-z0-9 ,.()/&\-']+"  # r68_NameStructure Sur
STARTS_ALPHANUMERIC = r"[a-zA-Z0-9][^\n\r]*"  # OrgName, RegNo: `[a-zA-Z0-9].*`
PHONE = r"[0-9()\- \t\n\r]{1,35}"  # r68_TelephoneNumberType
HMRC_REFERENCE = r"[A-Z]{1,2}[0-9]{1,5}"
REGULATORS = ("CCEW", "CCNI", "OSCR")
NO_REGULATOR_PREFIXES = ("CH", "CF")  # rule 7033
MAX_FORENAMES = 2  # r68_NameStructure: Fore maxOccurs="2"
MIN_AMOUNT = Decimal("0.01")
GASDS_FIRST_YEAR = 2014
GASDS_MAX_YEARS = 3
PORTAL_MAX_DIGITS = 15
PORTAL_MAX_AMOUNT = Decimal("9999999999999.99")
PORTAL_AGGREGATED_MAX = Decimal("1000.00")
# Characters HMRC's portal keeps ("Western"): the rest is stripped from every cell it reads.
PORTAL_CHARACTERS = re.compile(r"[^\x20-\x7e\xa1-\xff]")
# Characters an XML 1.0 document can hold at all; compiled on first use (17 ms: every area that
# imports these rules would pay it at a cold start, ADR 0011).
XML_CHARACTERS = "[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"


@dataclass(frozen=True)
class FieldRule:
    """One element's schema facets: length in characters, pattern (fullmatch), enumeration."""

    element: str
    min_length: int = 1
    max_length: int | None = None
    pattern: str | None = None
    enumeration: tuple[str, ...] = ()

    def failure(self, value: str | None) -> str | None:
        """`missing`, `too_long`, `format`, `choice` or None when the value is valid here."""
        if not value or len(value) < self.min_length:
            return "missing"
        if self.enumeration and value not in self.enumeration:
            return "choice"
        if self.max_length is not None and len(value) > self.max_length:
            return "too_long"
        if re.search(XML_CHARACTERS, value) or (self.pattern and not re.fullmatch(self.pattern, value)):
            return "format"
        return None


SCHEMA: dict[str, FieldRule] = {
    rule.element: rule
    for rule in (
        FieldRule("Claim/OrgName", 1, 160, STARTS_ALPHANUMERIC),
        FieldRule("Claim/HMRCref", 1, None, HMRC_REFERENCE),
        FieldRule("Claim/Regulator/RegName", enumeration=REGULATORS),
        FieldRule("Claim/Regulator/RegNo", 1, 20, STARTS_ALPHANUMERIC),
        FieldRule("AuthOfficial/OffName/Ttl", 1, 4, NAME_WORD),
        FieldRule("AuthOfficial/OffName/Fore", 1, 35, NAME_WORD),
        FieldRule("AuthOfficial/OffName/Sur", 1, 35, SURNAME),
        FieldRule("AuthOfficial/OffID/Postcode", 1, 8, XSD_POSTCODE),
        FieldRule("AuthOfficial/Phone", 1, 30, PHONE),
        FieldRule("GAD/Donor/Ttl", 1, 4, NAME_WORD),
        FieldRule("GAD/Donor/Fore", 1, 35),
        FieldRule("GAD/Donor/Sur", 1, 35),
        FieldRule("GAD/Donor/House", 1, 40),
        FieldRule("GAD/Donor/Postcode", 1, 8, XSD_POSTCODE),
        FieldRule("GAD/AggDonation", 1, 35),
        FieldRule("GAD/Total", 4, None, MONETARY),
        FieldRule("Repayment/Adjustment", 4, None, MONETARY),
        FieldRule("GASDS/GASDSClaim/Amount", 4, None, MONETARY),
        FieldRule("Claim/OtherInfo", 1, 350),
    )
}


def is_money(amount: Decimal) -> bool:
    """The amount is written as it is (exactly 2 decimals), matches the monetary type and ≥ 0.01."""
    exponent = amount.as_tuple().exponent
    return isinstance(exponent, int) and exponent == -2 and amount >= MIN_AMOUNT


def portal_amount_ok(amount: Decimal) -> bool:
    """The portal's amount rule: exactly 2 decimals, at most 15 digits, 0.01 to 9999999999999.99."""
    if not is_money(amount):
        return False
    return len(amount.as_tuple().digits) <= PORTAL_MAX_DIGITS and amount <= PORTAL_MAX_AMOUNT


def portal_postcode_ok(postcode: str) -> bool:
    return postcode == "X" or re.fullmatch(PORTAL_POSTCODE, postcode) is not None


def needs_no_regulator(hmrc_reference: str | None) -> bool:
    """Rule 7033: references starting CH or CF carry no Regulator element."""
    return (hmrc_reference or "").upper().startswith(NO_REGULATOR_PREFIXES)


def forenames(first_name: str) -> list[str]:
    """An official's first name as the schema's `Fore` elements: one per word (at most 2 allowed)."""
    return first_name.split()


# ------------------------------------------------------------------ normalising at entry
# Letters NFKD does not decompose into an ASCII base letter.
_LETTERS = str.maketrans(
    {"ß": "ss", "Æ": "AE", "æ": "ae", "Ø": "O", "ø": "o", "Œ": "OE", "œ": "oe", "Ł": "L", "ł": "l"}
    | {"Đ": "D", "đ": "d", "Ð": "D", "ð": "d", "Þ": "Th", "þ": "th", "\u2019": "'", "\u2018": "'"}
    | {"\u2010": "-", "\u2011": "-", "\u2013": "-"}
)


def to_ascii(value: str) -> str:
    """Accented Latin letters as their base letters (`Zoë Ñúñez` → `Zoe Nunez`), typographic
    apostrophes and hyphens as ASCII ones. What the schema's name patterns take; other
    characters are left for the pattern to refuse."""
    decomposed = unicodedata.normalize("NFKD", value.translate(_LETTERS))
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def collapse_spaces(value: str) -> str:
    return " ".join(value.split())


def normalise_phone(value: str) -> str:
    """`+44 20 7946 0000` → `0044 20 7946 0000`: the schema takes digits, brackets, hyphens and
    spaces only, and `00` is what `+` stands for when dialling from the UK."""
    value = value.strip()
    return "00" + value[1:].lstrip() if value.startswith("+") else value
