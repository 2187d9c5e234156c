"""Pre-flight: HMRC's own checks on each schedule/claim line, before a file is produced.

Rules (GIFT_AID.md §7; HMRC's portal validation, hmrc/charities-claims-validation
GiftAidValidationService; R68 schema `r68_PostCodeType`): title `^[A-Za-z][A-Za-z'-]{1,3}$`
(optional); first and last name required, ≤ 35; house name or number required, ≤ 40; postcode
upper case with one space matching HMRC's UK pattern, or `X` (overseas); date not in the future;
amount with exactly 2 decimals and ≥ 0.01; an aggregated line has a description ≤ 35, an amount
≤ 1,000.00 and no title, name, house, postcode or sponsored flag; no leading or trailing spaces;
characters outside printable Latin-1 are stripped by HMRC (reported so the user sees the change).

Problems are `(line index, field, message key, params)`; `message(key, lang, params)` renders the
key in English or Spanish from the small catalogue below.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from decimal import Decimal
from typing import NamedTuple, Protocol

from functions.domain.giftaid.model import GadLine

TITLE_PATTERN = re.compile(r"^[A-Za-z][A-Za-z'-]{1,3}$")
UK_POSTCODE_PATTERN = re.compile(
    r"^(GIR 0AA|((([A-Z][0-9][0-9]?)|(([A-Z][A-HJ-Y][0-9][0-9]?)"
    r"|(([A-Z][0-9][A-Z])|([A-Z][A-HJ-Y][0-9]?[A-Z])))) [0-9][A-Z]{2}))$"
)
NAME_MAX = 35
HOUSE_MAX = 40
AGGREGATED_DESCRIPTION_MAX = 35
AGGREGATED_AMOUNT_MAX = Decimal("1000.00")
AMOUNT_MIN = Decimal("0.01")
# Printable Latin-1: ASCII 0x20-0x7E and 0xA0-0xFF (HMRC strips anything else, "non-Western").
_OUTSIDE_LATIN1 = re.compile(r"[^\x20-\x7e\xa0-\xff]")

TITLE_FORMAT = "hmrc.title.format"
FIRST_NAME_MISSING = "hmrc.first_name.missing"
FIRST_NAME_TOO_LONG = "hmrc.first_name.too_long"
LAST_NAME_MISSING = "hmrc.last_name.missing"
LAST_NAME_TOO_LONG = "hmrc.last_name.too_long"
HOUSE_MISSING = "hmrc.house.missing"
HOUSE_TOO_LONG = "hmrc.house.too_long"
POSTCODE_MISSING = "hmrc.postcode.missing"
POSTCODE_FORMAT = "hmrc.postcode.format"
DATE_IN_FUTURE = "hmrc.date.future"
AMOUNT_FORMAT = "hmrc.amount.format"
AMOUNT_TOO_SMALL = "hmrc.amount.too_small"
AGGREGATED_TOO_LONG = "hmrc.aggregated.too_long"
AGGREGATED_OVER_LIMIT = "hmrc.aggregated.over_limit"
AGGREGATED_WITH_DONOR = "hmrc.aggregated.with_donor"
AGGREGATED_SPONSORED = "hmrc.aggregated.sponsored"
SPACES = "hmrc.text.spaces"
CHARACTERS_STRIPPED = "hmrc.text.stripped"

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        TITLE_FORMAT: "Title '{value}' must be 2 to 4 letters (apostrophe or hyphen allowed), or blank",
        FIRST_NAME_MISSING: "Enter the donor's first name or initial",
        FIRST_NAME_TOO_LONG: "First name must be at most {max} characters",
        LAST_NAME_MISSING: "Enter the donor's last name",
        LAST_NAME_TOO_LONG: "Last name must be at most {max} characters",
        HOUSE_MISSING: "Enter the donor's house name or number",
        HOUSE_TOO_LONG: "House name or number must be at most {max} characters",
        POSTCODE_MISSING: "Enter the donor's postcode, or mark the donor as overseas",
        POSTCODE_FORMAT: (
            "Postcode '{value}' is not a full UK postcode in capitals with a space (e.g. SW1A 1AA)"
        ),
        DATE_IN_FUTURE: "Donation date {value} is in the future",
        AMOUNT_FORMAT: "Amount {value} must have exactly 2 decimal places",
        AMOUNT_TOO_SMALL: "Amount must be at least £0.01",
        AGGREGATED_TOO_LONG: "Aggregated donations description must be at most {max} characters",
        AGGREGATED_OVER_LIMIT: "An aggregated line can total at most £{max}",
        AGGREGATED_WITH_DONOR: "An aggregated line cannot have a {part}",
        AGGREGATED_SPONSORED: "An aggregated line cannot be a sponsored event",
        SPACES: "Remove the spaces at the start or end of '{value}'",
        CHARACTERS_STRIPPED: (
            "HMRC will remove characters it cannot read from '{value}' (it becomes '{cleaned}')"
        ),
    },
    "es": {
        TITLE_FORMAT: (
            "El tratamiento '{value}' debe tener de 2 a 4 letras (se admiten apóstrofo o guion) "
            "o quedar vacío"
        ),
        FIRST_NAME_MISSING: "Indique el nombre o la inicial del donante",
        FIRST_NAME_TOO_LONG: "El nombre debe tener como máximo {max} caracteres",
        LAST_NAME_MISSING: "Indique el apellido del donante",
        LAST_NAME_TOO_LONG: "El apellido debe tener como máximo {max} caracteres",
        HOUSE_MISSING: "Indique el nombre o número de la casa del donante",
        HOUSE_TOO_LONG: "El nombre o número de la casa debe tener como máximo {max} caracteres",
        POSTCODE_MISSING: "Indique el código postal del donante o márquelo como residente en el extranjero",
        POSTCODE_FORMAT: (
            "El código postal '{value}' no es un código británico completo en mayúsculas con un espacio "
            "(p. ej. SW1A 1AA)"
        ),
        DATE_IN_FUTURE: "La fecha del donativo {value} es futura",
        AMOUNT_FORMAT: "El importe {value} debe tener exactamente 2 decimales",
        AMOUNT_TOO_SMALL: "El importe debe ser de al menos 0,01 £",
        AGGREGATED_TOO_LONG: "La descripción de donativos agregados debe tener como máximo {max} caracteres",
        AGGREGATED_OVER_LIMIT: "Una línea agregada puede sumar como máximo {max} £",
        AGGREGATED_WITH_DONOR: "Una línea agregada no puede llevar {part}",
        AGGREGATED_SPONSORED: "Una línea agregada no puede ser un evento patrocinado",
        SPACES: "Quite los espacios al principio o al final de '{value}'",
        CHARACTERS_STRIPPED: (
            "HMRC quitará los caracteres que no puede leer de '{value}' (quedará '{cleaned}')"
        ),
    },
}


class Problem(NamedTuple):
    """One problem on one line: `field` is a GadLine attribute name."""

    line: int
    field: str
    key: str
    params: dict[str, str]


def message(key: str, lang: str = "en", params: dict[str, str] | None = None) -> str:
    """The problem's text in `lang` (English when the language is unknown)."""
    catalogue = MESSAGES.get(lang, MESSAGES["en"])
    return catalogue[key].format(**(params or {}))


def clean_text(value: str) -> str:
    """What HMRC keeps of a text: printable Latin-1 characters only, trimmed."""
    return _OUTSIDE_LATIN1.sub("", value).strip()


def check_lines(lines: Sequence[GadLine], today: dt.date) -> list[Problem]:
    """Every problem of every line, in line order; an empty list means HMRC will accept them."""
    problems: list[Problem] = []
    for index, line in enumerate(lines):
        problems.extend(check_line(index, line, today))
    return problems


def check_line(index: int, line: GadLine, today: dt.date) -> list[Problem]:
    """The problems of one line (see the module docstring for the rules)."""
    problems: list[Problem] = []

    def add(field: str, key: str, **params: str) -> None:
        problems.append(Problem(index, field, key, params))

    for field in ("title", "first_name", "last_name", "house", "postcode", "aggregated"):
        value = getattr(line, field)
        if value:
            if value != value.strip():
                add(field, SPACES, value=value)
            cleaned = _OUTSIDE_LATIN1.sub("", value)
            if cleaned != value:
                add(field, CHARACTERS_STRIPPED, value=value, cleaned=cleaned.strip())
    if line.aggregated:
        _check_aggregated(line, add)
    else:
        _check_donor(line, add)
    if line.date > today:
        add("date", DATE_IN_FUTURE, value=line.date.isoformat())
    exponent = line.amount.as_tuple().exponent
    if not isinstance(exponent, int) or exponent != -2:
        add("amount", AMOUNT_FORMAT, value=str(line.amount))
    if line.amount < AMOUNT_MIN:
        add("amount", AMOUNT_TOO_SMALL)
    return problems


class _Add(Protocol):
    def __call__(self, field: str, key: str, **params: str) -> None: ...


def _check_aggregated(line: GadLine, add: _Add) -> None:
    if line.aggregated and len(line.aggregated.strip()) > AGGREGATED_DESCRIPTION_MAX:
        add("aggregated", AGGREGATED_TOO_LONG, max=str(AGGREGATED_DESCRIPTION_MAX))
    if line.amount > AGGREGATED_AMOUNT_MAX:
        add("amount", AGGREGATED_OVER_LIMIT, max=f"{AGGREGATED_AMOUNT_MAX:,.2f}")
    for field in ("title", "first_name", "last_name", "house", "postcode"):
        if getattr(line, field):
            add(field, AGGREGATED_WITH_DONOR, part=field)
    if line.overseas:
        add("postcode", AGGREGATED_WITH_DONOR, part="postcode")
    if line.sponsored:
        add("sponsored", AGGREGATED_SPONSORED)


def _check_donor(line: GadLine, add: _Add) -> None:
    title = (line.title or "").strip()
    if title and not TITLE_PATTERN.match(title):
        add("title", TITLE_FORMAT, value=title)
    for field, missing, too_long in (
        ("first_name", FIRST_NAME_MISSING, FIRST_NAME_TOO_LONG),
        ("last_name", LAST_NAME_MISSING, LAST_NAME_TOO_LONG),
    ):
        value = clean_text(getattr(line, field) or "")
        if not value:
            add(field, missing)
        elif len(value) > NAME_MAX:
            add(field, too_long, max=str(NAME_MAX))
    house = clean_text(line.house or "")
    if not house:
        add("house", HOUSE_MISSING)
    elif len(house) > HOUSE_MAX:
        add("house", HOUSE_TOO_LONG, max=str(HOUSE_MAX))
    if line.overseas:
        return
    postcode = line.postcode or ""
    if not postcode.strip():
        add("postcode", POSTCODE_MISSING)
    elif postcode != "X" and not UK_POSTCODE_PATTERN.match(postcode):
        add("postcode", POSTCODE_FORMAT, value=postcode)
