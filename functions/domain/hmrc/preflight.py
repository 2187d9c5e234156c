"""Pre-flight: every HMRC rule on what a claim carries, checked before a file is produced.

The rules are the table in `rules.py`: the R68 schema's patterns, lengths and enumerations for each
element we generate, HMRC's numbered business rules (7031, 7033, 7035) and HMRC's Charities portal
checks on the ODS schedule (GIFT_AID.md §7; hmrc/charities-claims-validation,
GiftAidValidationService). Per line: title `^[A-Za-z][A-Za-z'-]{1,3}$` (optional); first and last
name required, ≤ 35; house name or number required, ≤ 40; postcode upper case with one space
matching the portal's UK pattern (stricter than the schema's), or `X` (overseas); date not in the
future; amount with exactly 2 decimals, ≥ 0.01 and at most 15 digits; an aggregated line has a
description ≤ 35, an amount ≤ 1,000.00 and no title, name, house, postcode or sponsored flag; no
leading or trailing spaces; characters outside printable Latin-1 are stripped by HMRC (reported so
the user sees the change). Per claim (`check_claim`): the organisation name, HMRC reference,
regulator, authorised official, adjustment, GASDS years and other information, and the business
rules between them. Every problem is reported, never just the first.

Problems are `(line index or None, field, message key, params)`; `message(key, lang, params)`
renders the key in English or Spanish, always ending with the rule it quotes (schema element,
business rule number or the portal).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from typing import NamedTuple, Protocol

from functions.domain.giftaid.model import Claim, GadLine
from functions.domain.hmrc import rules

TITLE_PATTERN = re.compile(rf"^{rules.PORTAL_TITLE}$")
UK_POSTCODE_PATTERN = re.compile(rf"^({rules.PORTAL_POSTCODE})$")  # the portal's: stricter than the XSD
NAME_MAX = 35
HOUSE_MAX = 40
AGGREGATED_DESCRIPTION_MAX = 35
AGGREGATED_AMOUNT_MAX = rules.PORTAL_AGGREGATED_MAX
AMOUNT_MIN = rules.MIN_AMOUNT
# Printable Latin-1 as HMRC's portal keeps it: 0x20-0x7E and 0xA1-0xFF (the rest is stripped).
_OUTSIDE_LATIN1 = rules.PORTAL_CHARACTERS

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
AMOUNT_TOO_LARGE = "hmrc.amount.too_large"
# The claim as a whole: the charity's settings, the adjustment, GASDS, other information.
ORG_NAME_MISSING = "hmrc.org_name.missing"
ORG_NAME_TOO_LONG = "hmrc.org_name.too_long"
ORG_NAME_FORMAT = "hmrc.org_name.format"
HMRC_REF_MISSING = "hmrc.hmrc_ref.missing"
HMRC_REF_FORMAT = "hmrc.hmrc_ref.format"
REGULATOR_CHOICE = "hmrc.regulator.choice"
REG_NO_TOO_LONG = "hmrc.reg_no.too_long"
REG_NO_FORMAT = "hmrc.reg_no.format"
RULE_7031 = "hmrc.rule.7031"
RULE_7033 = "hmrc.rule.7033"
RULE_7035 = "hmrc.rule.7035"
OFFICIAL_TITLE_FORMAT = "hmrc.official.title"
OFFICIAL_FIRST_NAME_MISSING = "hmrc.official.first_name_missing"
OFFICIAL_LAST_NAME_MISSING = "hmrc.official.last_name_missing"
OFFICIAL_NAME_TOO_LONG = "hmrc.official.name_too_long"
OFFICIAL_FORENAME_FORMAT = "hmrc.official.forename_format"
OFFICIAL_FORENAMES = "hmrc.official.forenames"
OFFICIAL_SURNAME_FORMAT = "hmrc.official.surname_format"
OFFICIAL_POSTCODE_MISSING = "hmrc.official.postcode_missing"
OFFICIAL_POSTCODE_FORMAT = "hmrc.official.postcode_format"
OFFICIAL_PHONE_MISSING = "hmrc.official.phone_missing"
OFFICIAL_PHONE_FORMAT = "hmrc.official.phone_format"
ADJUSTMENT_FORMAT = "hmrc.adjustment.format"
GASDS_TOO_MANY_YEARS = "hmrc.gasds.too_many_years"
GASDS_YEAR = "hmrc.gasds.year"
GASDS_AMOUNT_FORMAT = "hmrc.gasds.amount"
OTHER_INFO_TOO_LONG = "hmrc.other_info.too_long"
OTHER_INFO_FORMAT = "hmrc.other_info.format"

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
        AMOUNT_TOO_LARGE: "Amount {value} has more than 15 digits",
        ORG_NAME_MISSING: "Enter the charity's name",
        ORG_NAME_TOO_LONG: "The charity's name must be at most {max} characters",
        ORG_NAME_FORMAT: "The charity's name must start with a letter or a digit, on one line",
        HMRC_REF_MISSING: "Enter the charity's HMRC reference",
        HMRC_REF_FORMAT: (
            "HMRC reference '{value}' must be 1 or 2 capital letters then 1 to 5 digits (e.g. AB12345)"
        ),
        REGULATOR_CHOICE: "Regulator '{value}' must be CCEW, CCNI, OSCR or none",
        REG_NO_TOO_LONG: "The registration number must be at most {max} characters",
        REG_NO_FORMAT: "Registration number '{value}' must start with a letter or a digit, on one line",
        RULE_7031: "Enter the registration number given by {regulator}, or choose no regulator",
        RULE_7033: ("An HMRC reference starting CH or CF ({value}) has no regulator: choose no regulator"),
        RULE_7035: (
            "The over-claimed tax to deduct (£{amount}) needs Gift Aid donations in the same claim: "
            "it is deducted from a later claim that has some"
        ),
        OFFICIAL_TITLE_FORMAT: (
            "The official's title '{value}' must be 1 to 4 letters (apostrophe or hyphen allowed)"
        ),
        OFFICIAL_FIRST_NAME_MISSING: "Enter the authorised official's first name",
        OFFICIAL_LAST_NAME_MISSING: "Enter the authorised official's last name",
        OFFICIAL_NAME_TOO_LONG: "Each of the official's names must be at most {max} characters",
        OFFICIAL_FORENAME_FORMAT: (
            "The official's first name '{value}' may hold letters without accents, apostrophes and "
            "hyphens only"
        ),
        OFFICIAL_FORENAMES: "The official can have at most two first names ('{value}')",
        OFFICIAL_SURNAME_FORMAT: (
            "The official's last name '{value}' may hold letters without accents, digits, spaces and "
            ", . ( ) / & - ' only"
        ),
        OFFICIAL_POSTCODE_MISSING: "Enter the official's postcode, or mark the official as overseas",
        OFFICIAL_POSTCODE_FORMAT: (
            "The official's postcode '{value}' is not a full UK postcode in capitals with a space "
            "(e.g. SW1A 1AA)"
        ),
        OFFICIAL_PHONE_MISSING: "Enter the official's phone number",
        OFFICIAL_PHONE_FORMAT: (
            "Phone '{value}' may hold digits, spaces, brackets and hyphens only, at most 30 characters"
        ),
        ADJUSTMENT_FORMAT: "The over-claimed tax to deduct ({value}) must be at least 0.01 with 2 decimals",
        GASDS_TOO_MANY_YEARS: "A claim can carry at most {max} GASDS tax years",
        GASDS_YEAR: "GASDS tax year ending {value} is before 2014",
        GASDS_AMOUNT_FORMAT: "GASDS amount {value} must be at least 0.01 with 2 decimals",
        OTHER_INFO_TOO_LONG: "The other information must be at most {max} characters",
        OTHER_INFO_FORMAT: "The other information holds characters an HMRC claim cannot carry",
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
        AMOUNT_TOO_SMALL: "El importe debe ser de al menos £0.01",
        AGGREGATED_TOO_LONG: "La descripción de donativos agregados debe tener como máximo {max} caracteres",
        AGGREGATED_OVER_LIMIT: "Una línea agregada puede sumar como máximo £{max}",
        AGGREGATED_WITH_DONOR: "Una línea agregada no puede llevar {part}",
        AGGREGATED_SPONSORED: "Una línea agregada no puede ser un evento patrocinado",
        SPACES: "Quite los espacios al principio o al final de '{value}'",
        CHARACTERS_STRIPPED: (
            "HMRC quitará los caracteres que no puede leer de '{value}' (quedará '{cleaned}')"
        ),
        AMOUNT_TOO_LARGE: "El importe {value} tiene más de 15 dígitos",
        ORG_NAME_MISSING: "Indique el nombre de la entidad",
        ORG_NAME_TOO_LONG: "El nombre de la entidad debe tener como máximo {max} caracteres",
        ORG_NAME_FORMAT: "El nombre de la entidad debe empezar por una letra o un dígito, en una sola línea",
        HMRC_REF_MISSING: "Indique la referencia de HMRC de la entidad",
        HMRC_REF_FORMAT: (
            "La referencia de HMRC '{value}' debe tener 1 o 2 letras mayúsculas y luego de 1 a 5 "
            "dígitos (p. ej. AB12345)"
        ),
        REGULATOR_CHOICE: "El regulador '{value}' debe ser CCEW, CCNI, OSCR o ninguno",
        REG_NO_TOO_LONG: "El número de registro debe tener como máximo {max} caracteres",
        REG_NO_FORMAT: (
            "El número de registro '{value}' debe empezar por una letra o un dígito, en una sola línea"
        ),
        RULE_7031: "Indique el número de registro que le dio {regulator}, o elija ningún regulador",
        RULE_7033: (
            "Una referencia de HMRC que empieza por CH o CF ({value}) no tiene regulador: elija "
            "ningún regulador"
        ),
        RULE_7035: (
            "El impuesto reclamado de más que se descuenta (£{amount}) necesita donativos Gift Aid "
            "en la misma reclamación: se descuenta en una reclamación posterior que los tenga"
        ),
        OFFICIAL_TITLE_FORMAT: (
            "El tratamiento del responsable '{value}' debe tener de 1 a 4 letras (se admiten apóstrofo "
            "o guion)"
        ),
        OFFICIAL_FIRST_NAME_MISSING: "Indique el nombre del responsable autorizado",
        OFFICIAL_LAST_NAME_MISSING: "Indique el apellido del responsable autorizado",
        OFFICIAL_NAME_TOO_LONG: "Cada nombre del responsable debe tener como máximo {max} caracteres",
        OFFICIAL_FORENAME_FORMAT: (
            "El nombre del responsable '{value}' solo puede tener letras sin tilde, apóstrofos y guiones"
        ),
        OFFICIAL_FORENAMES: "El responsable puede tener como máximo dos nombres de pila ('{value}')",
        OFFICIAL_SURNAME_FORMAT: (
            "El apellido del responsable '{value}' solo puede tener letras sin tilde, dígitos, "
            "espacios y , . ( ) / & - '"
        ),
        OFFICIAL_POSTCODE_MISSING: (
            "Indique el código postal del responsable o márquelo como residente en el extranjero"
        ),
        OFFICIAL_POSTCODE_FORMAT: (
            "El código postal del responsable '{value}' no es un código británico completo en "
            "mayúsculas con un espacio (p. ej. SW1A 1AA)"
        ),
        OFFICIAL_PHONE_MISSING: "Indique el teléfono del responsable",
        OFFICIAL_PHONE_FORMAT: (
            "El teléfono '{value}' solo puede tener dígitos, espacios, paréntesis y guiones, como "
            "máximo 30 caracteres"
        ),
        ADJUSTMENT_FORMAT: (
            "El impuesto reclamado de más que se descuenta ({value}) debe ser de al menos 0,01 con 2 "
            "decimales"
        ),
        GASDS_TOO_MANY_YEARS: "Una reclamación puede incluir como máximo {max} ejercicios GASDS",
        GASDS_YEAR: "El ejercicio GASDS que termina en {value} es anterior a 2014",
        GASDS_AMOUNT_FORMAT: "El importe GASDS {value} debe ser de al menos 0,01 con 2 decimales",
        OTHER_INFO_TOO_LONG: "La información adicional debe tener como máximo {max} caracteres",
        OTHER_INFO_FORMAT: (
            "La información adicional tiene caracteres que una reclamación de HMRC no admite"
        ),
    },
}


# Where each rule comes from: ("schema", element), ("rule", number) or ("portal", "").
SOURCES: dict[str, tuple[str, str]] = {
    TITLE_FORMAT: ("portal", ""),
    FIRST_NAME_MISSING: ("schema", "GAD/Donor/Fore"),
    FIRST_NAME_TOO_LONG: ("schema", "GAD/Donor/Fore"),
    LAST_NAME_MISSING: ("schema", "GAD/Donor/Sur"),
    LAST_NAME_TOO_LONG: ("schema", "GAD/Donor/Sur"),
    HOUSE_MISSING: ("schema", "GAD/Donor/House"),
    HOUSE_TOO_LONG: ("schema", "GAD/Donor/House"),
    POSTCODE_MISSING: ("schema", "GAD/Donor/Postcode"),
    POSTCODE_FORMAT: ("portal", ""),
    DATE_IN_FUTURE: ("portal", ""),
    AMOUNT_FORMAT: ("schema", "GAD/Total"),
    AMOUNT_TOO_SMALL: ("schema", "GAD/Total"),
    AMOUNT_TOO_LARGE: ("portal", ""),
    AGGREGATED_TOO_LONG: ("schema", "GAD/AggDonation"),
    AGGREGATED_OVER_LIMIT: ("portal", ""),
    AGGREGATED_WITH_DONOR: ("portal", ""),
    AGGREGATED_SPONSORED: ("portal", ""),
    SPACES: ("portal", ""),
    CHARACTERS_STRIPPED: ("portal", ""),
    ORG_NAME_MISSING: ("schema", "Claim/OrgName"),
    ORG_NAME_TOO_LONG: ("schema", "Claim/OrgName"),
    ORG_NAME_FORMAT: ("schema", "Claim/OrgName"),
    HMRC_REF_MISSING: ("schema", "Claim/HMRCref"),
    HMRC_REF_FORMAT: ("schema", "Claim/HMRCref"),
    REGULATOR_CHOICE: ("schema", "Claim/Regulator/RegName"),
    REG_NO_TOO_LONG: ("schema", "Claim/Regulator/RegNo"),
    REG_NO_FORMAT: ("schema", "Claim/Regulator/RegNo"),
    RULE_7031: ("rule", "7031"),
    RULE_7033: ("rule", "7033"),
    RULE_7035: ("rule", "7035"),
    OFFICIAL_TITLE_FORMAT: ("schema", "AuthOfficial/OffName/Ttl"),
    OFFICIAL_FIRST_NAME_MISSING: ("schema", "AuthOfficial/OffName/Fore"),
    OFFICIAL_LAST_NAME_MISSING: ("schema", "AuthOfficial/OffName/Sur"),
    OFFICIAL_NAME_TOO_LONG: ("schema", "AuthOfficial/OffName"),
    OFFICIAL_FORENAME_FORMAT: ("schema", "AuthOfficial/OffName/Fore"),
    OFFICIAL_FORENAMES: ("schema", "AuthOfficial/OffName/Fore"),
    OFFICIAL_SURNAME_FORMAT: ("schema", "AuthOfficial/OffName/Sur"),
    OFFICIAL_POSTCODE_MISSING: ("schema", "AuthOfficial/OffID"),
    OFFICIAL_POSTCODE_FORMAT: ("schema", "AuthOfficial/OffID/Postcode"),
    OFFICIAL_PHONE_MISSING: ("schema", "AuthOfficial/Phone"),
    OFFICIAL_PHONE_FORMAT: ("schema", "AuthOfficial/Phone"),
    ADJUSTMENT_FORMAT: ("schema", "Repayment/Adjustment"),
    GASDS_TOO_MANY_YEARS: ("schema", "GASDS/GASDSClaim"),
    GASDS_YEAR: ("schema", "GASDS/GASDSClaim/Year"),
    GASDS_AMOUNT_FORMAT: ("schema", "GASDS/GASDSClaim/Amount"),
    OTHER_INFO_TOO_LONG: ("schema", "Claim/OtherInfo"),
    OTHER_INFO_FORMAT: ("schema", "Claim/OtherInfo"),
}
_SOURCE_TEXT = {
    "en": {
        "schema": "[HMRC R68 schema: {element}]",
        "rule": "[HMRC business rule {element}]",
        "portal": "[HMRC Charities portal check]",
    },
    "es": {
        "schema": "[esquema R68 de HMRC: {element}]",
        "rule": "[regla de negocio {element} de HMRC]",
        "portal": "[comprobación del portal Charities de HMRC]",
    },
}


def source_text(key: str, lang: str = "en") -> str:
    """The rule a message quotes, in `lang`: schema element, business rule number or the portal."""
    kind, element = SOURCES[key]
    return _SOURCE_TEXT.get(lang, _SOURCE_TEXT["en"])[kind].format(element=element)


def catalogue() -> dict[str, dict[str, str]]:
    """Every message as `{key: {lang: text with its rule}}`, for the server's message catalogue."""
    return {
        key: {lang: f"{MESSAGES[lang][key]} {source_text(key, lang)}" for lang in MESSAGES}
        for key in MESSAGES["en"]
    }


class Problem(NamedTuple):
    """One problem: `line` is the line index (None for the claim as a whole); `field` a GadLine
    attribute for a line, else the setting or claim part at fault (`hmrc_reference`,
    `official.first_name`, `adjustment`...)."""

    line: int | None
    field: str
    key: str
    params: dict[str, str]


def message(key: str, lang: str = "en", params: dict[str, str] | None = None) -> str:
    """The problem's text in `lang` (English when the language is unknown), naming its rule."""
    lang = lang if lang in MESSAGES else "en"
    return f"{MESSAGES[lang][key].format(**(params or {}))} {source_text(key, lang)}"


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
    elif rules.is_money(line.amount) and not rules.portal_amount_ok(line.amount):
        add("amount", AMOUNT_TOO_LARGE, value=str(line.amount))
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


# ------------------------------------------------------------------ the claim as a whole
Found = tuple[str, str, dict[str, str]]  # (field, key, params)


def charity_problems(
    name: str | None, hmrc_reference: str | None, regulator: str | None, registration_number: str | None
) -> list[Found]:
    """OrgName, HMRCref and Regulator as the schema takes them, with rules 7031 and 7033.
    `hmrc_reference` None: not known here (the charity information form), its rules are skipped."""
    found: list[Found] = []
    failure = rules.SCHEMA["Claim/OrgName"].failure(name)
    if failure:
        key = {"missing": ORG_NAME_MISSING, "too_long": ORG_NAME_TOO_LONG}.get(failure, ORG_NAME_FORMAT)
        found.append(("charity_name", key, {"max": "160"}))
    if hmrc_reference is not None:
        failure = rules.SCHEMA["Claim/HMRCref"].failure(hmrc_reference)
        if failure:
            key = HMRC_REF_MISSING if failure == "missing" else HMRC_REF_FORMAT
            found.append(("hmrc_reference", key, {"value": hmrc_reference}))
    if not regulator:
        return found
    if rules.SCHEMA["Claim/Regulator/RegName"].failure(regulator):
        found.append(("regulator", REGULATOR_CHOICE, {"value": regulator}))
    if hmrc_reference is not None and rules.needs_no_regulator(hmrc_reference):
        found.append(("regulator", RULE_7033, {"value": hmrc_reference}))
    if not registration_number:
        found.append(("regulator_number", RULE_7031, {"regulator": regulator}))
    else:
        failure = rules.SCHEMA["Claim/Regulator/RegNo"].failure(registration_number)
        if failure:
            key = REG_NO_TOO_LONG if failure == "too_long" else REG_NO_FORMAT
            found.append(("regulator_number", key, {"value": registration_number, "max": "20"}))
    return found


def official_problems(
    title: str | None,
    first_name: str | None,
    last_name: str | None,
    postcode: str | None,
    overseas: bool,
    phone: str | None,
) -> list[Found]:
    """The authorised official as `AuthOfficial` takes it: Ttl, one or two Fore (one per word of
    the first name), Sur, Postcode or Overseas, Phone."""
    found = [
        title_problem(title),
        forename_problem(first_name),
        surname_problem(last_name),
        None if overseas else postcode_problem(postcode),
        phone_problem(phone),
    ]
    return [problem for problem in found if problem is not None]


def title_problem(title: str | None) -> Found | None:
    if title and rules.SCHEMA["AuthOfficial/OffName/Ttl"].failure(title):
        return ("official.title", OFFICIAL_TITLE_FORMAT, {"value": title})
    return None


def forename_problem(first_name: str | None) -> Found | None:
    names = rules.forenames(first_name or "")
    fore = rules.SCHEMA["AuthOfficial/OffName/Fore"]
    field = "official.first_name"
    if not names:
        return (field, OFFICIAL_FIRST_NAME_MISSING, {})
    if len(names) > rules.MAX_FORENAMES or first_name != " ".join(names):
        return (field, OFFICIAL_FORENAMES, {"value": first_name or ""})
    if any(fore.failure(word) == "too_long" for word in names):
        return (field, OFFICIAL_NAME_TOO_LONG, {"max": "35"})
    if any(fore.failure(word) for word in names):
        return (field, OFFICIAL_FORENAME_FORMAT, {"value": first_name or ""})
    return None


def surname_problem(last_name: str | None) -> Found | None:
    failure = rules.SCHEMA["AuthOfficial/OffName/Sur"].failure(last_name)
    field = "official.last_name"
    if failure == "missing":
        return (field, OFFICIAL_LAST_NAME_MISSING, {})
    if failure == "too_long":
        return (field, OFFICIAL_NAME_TOO_LONG, {"max": "35"})
    if failure:
        return (field, OFFICIAL_SURNAME_FORMAT, {"value": last_name or ""})
    return None


def postcode_problem(postcode: str | None) -> Found | None:
    failure = rules.SCHEMA["AuthOfficial/OffID/Postcode"].failure(postcode)
    if failure == "missing":
        return ("official.postcode", OFFICIAL_POSTCODE_MISSING, {})
    if failure:
        return ("official.postcode", OFFICIAL_POSTCODE_FORMAT, {"value": postcode or ""})
    return None


def phone_problem(phone: str | None) -> Found | None:
    failure = rules.SCHEMA["AuthOfficial/Phone"].failure(phone)
    if failure == "missing":
        return ("official.phone", OFFICIAL_PHONE_MISSING, {})
    if failure:
        return ("official.phone", OFFICIAL_PHONE_FORMAT, {"value": phone or ""})
    return None


def check_claim(claim: Claim, today: dt.date) -> list[Problem]:
    """Every problem of the claim: its settings and parts first (line None), then each line."""
    found = charity_problems(
        claim.charity_name, claim.hmrc_reference, claim.regulator, claim.registration_number
    )
    official = claim.official
    found += official_problems(
        official.title,
        official.first_name,
        official.last_name,
        official.postcode,
        official.overseas,
        official.phone,
    )
    if claim.adjustment:
        if not rules.is_money(claim.adjustment):
            found.append(("adjustment", ADJUSTMENT_FORMAT, {"value": str(claim.adjustment)}))
        if not claim.lines:  # we never write other income (OtherInc)
            found.append(("adjustment", RULE_7035, {"amount": f"{claim.adjustment:,.2f}"}))
    if len(claim.gasds) > rules.GASDS_MAX_YEARS:
        found.append(("gasds", GASDS_TOO_MANY_YEARS, {"max": str(rules.GASDS_MAX_YEARS)}))
    for year in claim.gasds:
        if year.tax_year_end < rules.GASDS_FIRST_YEAR:
            found.append(("gasds", GASDS_YEAR, {"value": str(year.tax_year_end)}))
        if not rules.is_money(year.amount):
            found.append(("gasds", GASDS_AMOUNT_FORMAT, {"value": str(year.amount)}))
    if claim.other_info:
        failure = rules.SCHEMA["Claim/OtherInfo"].failure(claim.other_info)
        if failure == "too_long":
            found.append(("other_info", OTHER_INFO_TOO_LONG, {"max": "350"}))
        elif failure:
            found.append(("other_info", OTHER_INFO_FORMAT, {}))
    problems = [Problem(None, field, key, params) for field, key, params in found]
    return problems + check_lines(claim.lines, today)
