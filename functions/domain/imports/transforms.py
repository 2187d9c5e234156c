"""Cell transforms of the import mapping: UK and ISO dates, amounts as charities' files write them,
a name in one column, yes/no columns, payment methods and statuses in the words platforms use.

Every function takes the cell's text and returns a value or raises `CellProblem` with a message
key (`functions/imports/messages.py`, English and Spanish) and its parameters, so a rejected row
can say exactly why.
"""

from __future__ import annotations

import datetime as dt
import re
from decimal import Decimal, InvalidOperation

from functions.domain.names import TITLE_PATTERN
from functions.domain.record_fields import MAX_AMOUNT

DATE_FORMATS = ("dmy", "dmy2", "iso", "mdy", "iso_utc")
AMOUNT_FORMATS = ("plain", "brackets_negative")
NAME_FORMATS = ("split", "first_last")
GIFT_AID_FORMATS = ("yes_no",)
PENNY = Decimal("0.01")


class CellProblem(ValueError):
    """Why a cell cannot be used: a message key and its parameters (strings)."""

    def __init__(self, key: str, **params: str) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


# ------------------------------------------------------------------ dates
_TIME = (
    r"(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?\s*(?:[AaPp][Mm])?(?:Z|[+-]\d{2}:?\d{2}| ?UTC| ?GMT| ?BST)?)?"
)
_ISO = re.compile(rf"^(\d{{4}})-(\d{{1,2}})-(\d{{1,2}}){_TIME}$")
_NUMERIC = re.compile(rf"^(\d{{1,2}})[/.-](\d{{1,2}})[/.-](\d{{4}}|\d{{2}}){_TIME}$")
_FORMAT_NAMES = {
    "dmy": "dd/mm/yyyy",
    "dmy2": "dd/mm/yy",
    "iso": "yyyy-mm-dd",
    "mdy": "mm/dd/yyyy",
    "iso_utc": "yyyy-mm-dd hh:mm (UTC)",
}
_ISO_TIME = re.compile(
    r"^(\d{4})-(\d{1,2})-(\d{1,2})[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?\s*(?:Z|\+00:?00|UTC)?$"
)


def parse_date(text: str, date_format: str) -> dt.date:
    """A date as the chosen format writes it. An ISO date (`2025-04-06`, also with a time, as
    Stripe and spreadsheets write it) is unambiguous and accepted whatever the format; otherwise
    `dmy` reads 06/04/2025 (also `6-4-2025`, `06.04.2025`), `dmy2` 06/04/25 (years 20yy, as HMRC
    reads them), `mdy` 04/06/2025 (US exports of PayPal and Stripe). A time after the date is
    ignored."""
    value = text.strip()
    if not value:
        raise CellProblem("imports.date_missing")
    if date_format == "iso_utc":
        timed = _ISO_TIME.match(value)
        if timed:
            return uk_date_of_utc(_real_datetime(timed.groups(), value))
    found = _ISO.match(value)
    if found:
        year, month, day = (int(part) for part in found.groups())
        return _real_date(year, month, day, value)
    found = _NUMERIC.match(value) if date_format != "iso" else None
    if found is None:
        raise CellProblem(
            "imports.date_invalid", value=value, format=_FORMAT_NAMES.get(date_format, date_format)
        )
    first, second, year_text = found.groups()
    day_text, month_text = (first, second) if date_format in ("dmy", "dmy2") else (second, first)
    full_year = int(year_text) + (2000 if len(year_text) == 2 else 0)
    return _real_date(full_year, int(month_text), int(day_text), value)


def _real_datetime(parts: tuple[str | None, ...], value: str) -> dt.datetime:
    year, month, day, hour, minute, second = (int(part or 0) for part in parts)
    try:
        return dt.datetime(year, month, day, hour, minute, second)
    except ValueError as exc:
        raise CellProblem("imports.date_not_real", value=value) from exc


def _last_sunday(year: int, month: int) -> dt.date:
    last = dt.date(year, month + 1, 1) - dt.timedelta(days=1)
    return last - dt.timedelta(days=(last.weekday() + 1) % 7)


def uk_date_of_utc(moment: dt.datetime) -> dt.date:
    """The UK calendar date of a UTC time (Stripe writes its times in UTC): British Summer Time,
    one hour ahead, runs from 01:00 UTC on the last Sunday of March to 01:00 UTC on the last
    Sunday of October (Summer Time Act 1972 as amended). So 23:30 UTC on 5 April is 00:30 on
    6 April in London: the next tax year."""
    starts = dt.datetime.combine(_last_sunday(moment.year, 3), dt.time(1))
    ends = dt.datetime.combine(_last_sunday(moment.year, 10), dt.time(1))
    offset = dt.timedelta(hours=1) if starts <= moment < ends else dt.timedelta(0)
    return (moment + offset).date()


def _real_date(year: int, month: int, day: int, value: str) -> dt.date:
    try:
        return dt.date(year, month, day)
    except ValueError as exc:
        raise CellProblem("imports.date_not_real", value=value) from exc


# ------------------------------------------------------------------ amounts
_THOUSANDS = re.compile(r"^\d{1,3}(,\d{3})+(\.\d+)?$")
_DECIMAL_COMMA = re.compile(r"^\d+,\d{1,2}$")
_EUROPEAN = re.compile(r"^\d{1,3}(\.\d{3})+,\d{1,2}$")
_PLAIN = re.compile(r"^\d*\.?\d+$|^\d+\.$")


def parse_amount(text: str, amount_format: str = "plain") -> Decimal:
    """`£1,234.50` → 1234.50, `1234.5` → 1234.50, `-5` → -5.00; with `brackets_negative`,
    `(5.00)` → -5.00 (accounting style). Also `GBP 12.50`, `12,50` and `1.234,50` (decimal
    comma). More than two decimal places (other than zeros) is refused, never rounded."""
    value = text.strip().replace("\u00a0", "").replace(" ", "")
    if not value:
        raise CellProblem("imports.amount_missing")
    negative = False
    if amount_format == "brackets_negative" and value.startswith("(") and value.endswith(")"):
        negative, value = True, value[1:-1]
    for _ in range(2):  # "-£5", "£-5"
        if value.startswith("-"):
            negative, value = not negative, value[1:]
        for symbol in ("£", "GBP", "gbp"):
            if value.startswith(symbol):
                value = value[len(symbol) :]
            if value.endswith(symbol):
                value = value[: -len(symbol)]
    if _THOUSANDS.match(value):
        value = value.replace(",", "")
    elif _EUROPEAN.match(value):
        value = value.replace(".", "").replace(",", ".")
    elif _DECIMAL_COMMA.match(value):
        value = value.replace(",", ".")
    if not _PLAIN.match(value):
        raise CellProblem("imports.amount_invalid", value=text.strip())
    try:
        amount = Decimal(value)
    except InvalidOperation as exc:
        raise CellProblem("imports.amount_invalid", value=text.strip()) from exc
    if amount != amount.quantize(PENNY):
        raise CellProblem("imports.amount_decimals", value=text.strip())
    amount = amount.quantize(PENNY)
    return -amount if negative else amount


def signed_amount(text: str, amount_format: str) -> Decimal:
    """An amount that may be negative (a refund of an earlier payment), never zero, at most
    £1,000,000 either way."""
    amount = parse_amount(text, amount_format)
    if amount == 0:
        raise CellProblem("imports.amount_zero")
    if abs(amount) > MAX_AMOUNT:
        raise CellProblem("imports.amount_too_large", value=text.strip())
    return amount


def donation_amount(text: str, amount_format: str) -> Decimal:
    """A donation's amount: more than zero and at most £1,000,000. A negative amount is a refund
    of an earlier payment: the import refuses it with that reason rather than guess which
    donation it refunds."""
    amount = parse_amount(text, amount_format)
    if amount < 0:
        raise CellProblem("imports.amount_negative", value=text.strip())
    if amount == 0:
        raise CellProblem("imports.amount_zero")
    if amount > MAX_AMOUNT:
        raise CellProblem("imports.amount_too_large", value=text.strip())
    return amount


# ------------------------------------------------------------------ names
TITLES = frozenset(
    "mr mrs ms miss mx dr prof rev revd sir dame lady lord master fr canon capt col major".split()
)
SURNAME_PARTICLES = frozenset("van von der den de da di del della la le du st ter ten dos das".split())


def split_name(text: str) -> tuple[str | None, str | None, str | None]:
    """(title, first name, last name) of a name in one column: `Mrs Jane Smith` → (Mrs, Jane,
    Smith); `Smith, Jane` → (None, Jane, Smith); `Dr. Anna van der Berg` → (Dr, Anna, van der
    Berg); `Mary Jane Smith` → (None, Mary Jane, Smith); one word is a last name. A title is kept
    only if HMRC's title pattern accepts it (GIFT_AID.md §7)."""
    value = " ".join(text.split())
    if not value:
        return None, None, None
    if "," in value:
        # "Smith, Mrs Jane": everything after the comma is the title and the first names
        last, _, rest = value.partition(",")
        title, first_words = _title_of(rest.split())
        return title, " ".join(first_words) or None, last.strip() or None
    title, words = _title_of(value.split(" "))
    if len(words) == 1:
        return title, None, words[0]
    cut = len(words) - 1
    while cut > 1 and words[cut - 1].lower() in SURNAME_PARTICLES:
        cut -= 1
    return title, " ".join(words[:cut]), " ".join(words[cut:])


def _title_of(words: list[str]) -> tuple[str | None, list[str]]:
    """(title, the other words) when the first of several words is a title HMRC accepts."""
    bare = words[0].rstrip(".") if words else ""
    if len(words) > 1 and bare.lower() in TITLES and TITLE_PATTERN.match(bare):
        return bare, words[1:]
    return None, words


# ------------------------------------------------------------------ yes / no
YES = frozenset({"yes", "y", "true", "t", "1", "x", "✓", "✔", "si", "sí", "eligible", "gift aid"})
NO = frozenset({"no", "n", "false", "f", "0", "", "-", "not eligible", "ineligible", "none"})


def parse_yes_no(text: str) -> bool:
    """`Yes`, `Y`, `TRUE`, `1`, `x` → True; `No`, `N`, `FALSE`, `0`, blank → False."""
    value = " ".join(text.strip().lower().split())
    if value in YES:
        return True
    if value in NO:
        return False
    raise CellProblem("imports.yes_no_invalid", value=text.strip())


# ------------------------------------------------------------------ payment methods, statuses
PAYMENT_METHOD_WORDS = {
    "cash": "cash",
    "cheque": "cheque",
    "check": "cheque",
    "card": "card",
    "credit card": "card",
    "debit card": "card",
    "contactless": "card",
    "bank transfer": "bank_transfer",
    "bank_transfer": "bank_transfer",
    "transfer": "bank_transfer",
    "bacs": "bank_transfer",
    "faster payment": "bank_transfer",
    "direct debit": "direct_debit",
    "direct_debit": "direct_debit",
    "dd": "direct_debit",
    "standing order": "standing_order",
    "standing_order": "standing_order",
    "so": "standing_order",
    "stripe": "stripe",
    "paypal": "paypal",
    "justgiving": "justgiving",
    "just giving": "justgiving",
    "caf": "caf",
    "other": "other",
}


def parse_payment_method(text: str) -> str:
    value = " ".join(text.strip().lower().replace("-", " ").split())
    method = PAYMENT_METHOD_WORDS.get(value) or PAYMENT_METHOD_WORDS.get(value.replace(" ", "_"))
    if method is None:
        raise CellProblem("imports.payment_method_invalid", value=text.strip())
    return method


STATUS_WORDS = {
    "received": "received",
    "completed": "received",
    "complete": "received",
    "paid": "received",
    "succeeded": "received",
    "success": "received",
    "cleared": "received",
    "refunded": "refunded",
    "partially refunded": "received",
    "cancelled": "cancelled",
    "canceled": "cancelled",
}
NOT_PAID_WORDS = frozenset(
    {"failed", "declined", "denied", "pending", "incomplete", "uncaptured", "requires payment method"}
)


def parse_status(text: str) -> str:
    """The donation's status; a payment that never completed (failed, pending) is refused: no
    money arrived, so there is no donation to record."""
    value = " ".join(text.strip().lower().split())
    if not value:
        return "received"
    if value in NOT_PAID_WORDS:
        raise CellProblem("imports.status_not_paid", value=text.strip())
    status = STATUS_WORDS.get(value)
    if status is None:
        raise CellProblem("imports.status_invalid", value=text.strip())
    return status


# ------------------------------------------------------------------ transaction types
DONATION, REFUND, OTHER = "donation", "refund", "other"
# The types of a payment platform's rows (PayPal's "Type", JustGiving's payment report "Type"),
# lower case: what is a gift received, what returns one; every other type is not a donation.
DONATION_TYPES = frozenset(
    {
        "donation",
        "donation payment",
        "donation received",
        "website payment",
        "web accept payment received",
        "express checkout payment",
        "express checkout payment received",
        "subscription payment",
        "subscription payment received",
        "recurring payment",
        "recurring payment received",
        "mobile payment",
        "mobile payment received",
        "payment received",
        "general payment",
        "paypal giving fund payment",
        "charge",
        "payment",
    }
)
REFUND_TYPES = frozenset(
    {
        "payment refund",
        "refund",
        "chargeback",
        "chargeback settlement",
        "payment reversal",
        "reversal",
    }
)


def transaction_kind(text: str) -> str:
    """`donation`, `refund` or `other` for a row's transaction type; a blank type is a donation
    (a file whose rows carry no type)."""
    value = " ".join(text.strip().lower().split())
    if not value or value in DONATION_TYPES:
        return DONATION
    if value in REFUND_TYPES:
        return REFUND
    return OTHER


DECLARATION_METHODS = ("written", "online", "oral")
_METHOD_WORDS = {
    "written": "written",
    "paper": "written",
    "online": "online",
    "web": "online",
    "oral": "oral",
}


def parse_declaration_method(text: str) -> str:
    value = text.strip().lower()
    method = _METHOD_WORDS.get(value)
    if method is None:
        raise CellProblem("imports.declaration_method_invalid", value=text.strip())
    return method


# ------------------------------------------------------------------ text
FORMULA_ESCAPED = ("'=", "'+", "'-", "'@")


def clean_text(text: str) -> str:
    """Trimmed text; a leading `'` that Almoner's own exports put before `= + - @` (so that
    spreadsheets show the cell as text) is removed again."""
    value = text.strip()
    if value.startswith(FORMULA_ESCAPED):
        return value[1:]
    return value
