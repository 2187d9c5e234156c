"""Request bodies of the donations area (unknown fields are rejected); its list query is in
`list_queries` (no pydantic on the list's first request)."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from typing import Annotated, Any, ClassVar, Literal

from pydantic import BeforeValidator, Field, ValidationInfo, field_validator
from pydantic_core import PydanticCustomError

from functions.core import clock
from functions.core.money import money_text
from functions.core.validation import Money, MoneyOrZero, Schema
from functions.domain import funds
from functions.domain.giftaid.gasds import small_donation_problem
from functions.domain.record_fields import LIMITS
from functions.donations.models import PAYMENT_METHODS

MAX_QUICK_ROWS = 200
MAX_SPLIT_LINES = 20

PaymentMethod = Literal[
    "cash",
    "cheque",
    "card",
    "contactless",
    "bank_transfer",
    "direct_debit",
    "standing_order",
    "stripe",
    "paypal",
    "justgiving",
    "caf",
    "other",
]
assert set(PaymentMethod.__args__) == set(PAYMENT_METHODS)  # type: ignore[attr-defined]  # noqa: S101


def _date(value: Any) -> dt.date:
    if isinstance(value, dt.date):
        return value
    try:
        return dt.date.fromisoformat(str(value))
    except ValueError as exc:
        raise PydanticCustomError("field.date", "date") from exc


def _past_date(value: Any) -> dt.date:
    day = _date(value)
    if day > clock.today():
        raise PydanticCustomError("field.future_date", "future")
    return day


GiftAidStateName = Literal[
    "claimable",
    "not_eligible",
    "needs_attention",
    "excluded",
    "in_claim",
    "claimed",
    "handled_elsewhere",
    "gasds",
]
Amount = Money  # above zero (functions/core/money.py parse_amount)
Benefit = MoneyOrZero
PastDate = Annotated[dt.date, BeforeValidator(_past_date)]
AnyDate = Annotated[dt.date, BeforeValidator(_date)]


class AllocationBody(Schema):
    """One line of a donation's split across funds: an amount or a percentage; a line may name
    a project (no fund → the project's fund, filled in by the service before the split)."""

    project_id: str | None = Field(default=None, min_length=1, max_length=40)
    fund_id: str | None = Field(default=None, min_length=1, max_length=40, validate_default=True)
    amount: Amount | None = None
    percent: Decimal | None = Field(default=None, gt=0, le=100, decimal_places=4)

    @field_validator("fund_id")
    @classmethod
    def _fund_or_project(cls, value: str | None, info: ValidationInfo) -> str | None:
        """A line names a fund, a project (of its fund), or both."""
        if not value and not info.data.get("project_id"):
            raise PydanticCustomError("field.required", "required")
        return value or None


class DonationBody(Schema):
    donor_id: str | None = Field(default=None, max_length=40)
    amount: Amount
    date: PastDate
    type_id: str | None = Field(default=None, max_length=40)
    payment_method: PaymentMethod = "other"
    location_id: str | None = Field(default=None, max_length=40)
    source: str | None = Field(default=None, max_length=LIMITS["source"])
    external_ref: str | None = Field(default=None, max_length=LIMITS["external_ref"])
    benefit_value: Benefit | None = None
    sponsored: bool = False
    notes: str | None = Field(default=None, max_length=LIMITS["notes"])
    # "pending": an online payment still clearing, set only by the gateway (ADR 0022); an edit
    # may keep it, nobody may choose it (`_pending`)
    status: Literal["received", "refunded", "cancelled", "pending"] = "received"
    refunded_at: PastDate | None = Field(default=None, validate_default=True)
    payment_for_goods: bool = False
    gasds: bool = False  # a GASDS small donation (GIFT_AID.md §5): never Gift Aid
    # the split across funds; none → the default fund ("unallocated (defaulted)")
    allocations: list[AllocationBody] | None = Field(default=None, max_length=MAX_SPLIT_LINES)

    @field_validator("allocations")
    @classmethod
    def _split_adds_up(cls, value: list[AllocationBody] | None, info: ValidationInfo) -> Any:
        """Lines that do not add up to the amount (or to 100%) are refused naming `allocations`
        (an edit checks them in the service: the form sends the stored split back unchanged)."""
        amount = info.data.get("amount")
        if not value or amount is None:
            return value or None
        if cls.checks_split_here:
            problem = split_problem(amount, value)
            if problem is not None:
                raise PydanticCustomError(problem[0], problem[0], problem[1])  # type: ignore[arg-type]
        return value

    checks_split_here: ClassVar[bool] = True
    keeps_pending: ClassVar[bool] = False  # see `_pending`

    def fund_split(self) -> list[funds.Line] | None:
        """(fund id, pence, project id) per line of the requested split, None when no split was
        given (lines naming only a project have their fund filled in first)."""
        if not self.allocations:
            return None
        return funds.split_lines(funds.pence(self.amount), split_lines(self.allocations))

    @field_validator("donor_id", "type_id", "location_id", "source", "external_ref", "notes")
    @classmethod
    def _blank_is_none(cls, value: str | None) -> str | None:
        return value or None

    @field_validator("status")
    @classmethod
    def _pending(cls, value: str) -> str:
        """A new donation cannot be "pending" (service.update refuses changing one to it)."""
        if value == "pending" and not cls.keeps_pending:
            raise PydanticCustomError("donations.pending_by_gateway", "pending")
        return value

    @field_validator("refunded_at")
    @classmethod
    def _refund(cls, value: dt.date | None, info: ValidationInfo) -> dt.date | None:
        """Required (not before the donation) when refunded; dropped otherwise."""
        if info.data.get("status") != "refunded":
            return None
        donated = info.data.get("date")
        if value is None or (donated is not None and value < donated):
            raise PydanticCustomError("field.refunded_at", "refund date")
        return value

    @field_validator("gasds")
    @classmethod
    def _small_donation(cls, value: bool, info: ValidationInfo) -> bool:
        """Only a cash/contactless donation within the GASDS limit, with no benefit, sponsorship
        or goods, can be a small donation (the other fields are validated first)."""
        amount, day, method = (info.data.get(name) for name in ("amount", "date", "payment_method"))
        if not value or amount is None or day is None or method is None:
            return value
        problem = small_donation_problem(
            amount,
            day,
            method,
            benefit=info.data.get("benefit_value") or Decimal(0),
            sponsored=bool(info.data.get("sponsored")),
            payment_for_goods=bool(info.data.get("payment_for_goods")),
        )
        if problem is not None:
            key, params = problem
            raise PydanticCustomError(key, key, params)  # type: ignore[arg-type]
        return value


class DonationUpdateBody(DonationBody):
    checks_split_here: ClassVar[bool] = False
    keeps_pending: ClassVar[bool] = True
    version: int = Field(ge=1)
    # a new amount re-balances an existing split across funds only when the user confirms it
    rebalance: bool = False


def split_problem(amount: Decimal, lines: list[AllocationBody]) -> tuple[str, dict[str, str]] | None:
    """(message key, params) when `lines` cannot split `amount`, else None."""
    try:
        funds.split(funds.pence(amount), split_lines(lines))
    except funds.SplitError as exc:
        return exc.key, {k: money_text(Decimal(int(v)) / 100) for k, v in exc.params.items()}  # type: ignore[call-overload]
    return None


def split_lines(lines: list[AllocationBody]) -> list[funds.SplitLine]:
    return [
        funds.SplitLine(
            line.fund_id or "",
            funds.pence(line.amount) if line.amount is not None else None,
            line.percent,
            line.project_id,
        )
        for line in lines
    ]


class QuickBody(Schema):
    rows: list[dict[str, Any]] = Field(min_length=1)

    @field_validator("rows")
    @classmethod
    def _count(cls, value: list[dict[str, Any]]) -> list[dict[str, Any]]:
        if len(value) > MAX_QUICK_ROWS:
            raise PydanticCustomError("field.too_many_rows", "too many", {"max": MAX_QUICK_ROWS})
        return value


class DonationFilterBody(Schema):
    date_from: AnyDate | None = None
    date_to: AnyDate | None = None
    amount_min: Benefit | None = None
    amount_max: Benefit | None = None
    type_id: str | None = Field(default=None, max_length=40)
    payment_method: PaymentMethod | None = None
    location_id: str | None = Field(default=None, max_length=40)
    status: Literal["received", "refunded", "cancelled", "pending"] | None = None
    donor_id: str | None = Field(default=None, max_length=40)
    gift_aid_state: GiftAidStateName | None = None
    allocation: Literal["defaulted"] | None = None  # donations no fund was given for

    @field_validator("date_to", "amount_max")
    @classmethod
    def _range_end(cls, value: Any, info: ValidationInfo) -> Any:
        start = info.data.get("date_from" if info.field_name == "date_to" else "amount_min")
        if value is not None and start is not None and value < start:
            raise PydanticCustomError("field.range", "range")
        return value


MAX_BULK_IDS = 200


class BulkDeleteBody(Schema):
    """Donations to delete in one request (the list's "Delete selected"): each is deleted or
    reported on its own."""

    ids: list[Annotated[str, Field(min_length=1, max_length=64)]] = Field(
        min_length=1, max_length=MAX_BULK_IDS
    )


class ExcludeBody(Schema):
    reason: str = Field(min_length=1, max_length=200)


class BulkExcludeBody(Schema):
    """Donations to park out of Gift Aid claims in one request (New Claim's "Exclude from
    claim…"), with one reason for all: each is excluded or reported on its own."""

    ids: list[Annotated[str, Field(min_length=1, max_length=64)]] = Field(
        min_length=1, max_length=MAX_BULK_IDS
    )
    reason: str = Field(min_length=1, max_length=200)


class BulkIncludeBody(Schema):
    """Excluded donations to add back to Gift Aid claims in one request (New Claim's "Add
    back"): each is included or reported on its own."""

    ids: list[Annotated[str, Field(min_length=1, max_length=64)]] = Field(
        min_length=1, max_length=MAX_BULK_IDS
    )


class FiltersQuery(Schema):
    filters: str = "{}"


class CatalogBody(Schema):
    name: str = Field(min_length=1, max_length=100)
    description: str | None = Field(default=None, max_length=500)


class CatalogUpdateBody(CatalogBody):
    version: int = Field(ge=1)
