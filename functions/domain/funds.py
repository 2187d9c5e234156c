"""Fund ledger rules (Charities SORP): fund classes, splitting a donation across funds, and the
ledger movements a donation write makes. Pure: amounts are integer pence, no AWS here.

Sources: Charities SORP (FRS 102) module 2 (fund accounting: unrestricted, designated,
restricted and endowment funds); issue 15 §1–3."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from decimal import ROUND_FLOOR, Decimal

# the classes and kinds live in their own module (cold starts, ADR 0011); importable from here too
from functions.domain.fund_classes import FUND_CLASSES as FUND_CLASSES
from functions.domain.fund_classes import GUARDED_CLASSES as GUARDED_CLASSES
from functions.domain.fund_classes import KINDS as KINDS
from functions.domain.fund_classes import is_guarded as is_guarded

# Moving money out of a restricted or endowment fund needs one of these reasons and a note.
RESTRICTED_TRANSFER_REASONS = ("donor_consent", "release_from_restriction", "correction")
TRANSFER_REASONS = (*RESTRICTED_TRANSFER_REASONS, "reallocation", "other")

DEFAULT_FUND_ID = "general"  # every charity's default General (unrestricted) fund
DEFAULT_FUND_NAME = "General"


def folded_name(name: str) -> str:
    """A fund's name as its uniqueness key: case and surrounding/inner runs of spaces ignored."""
    return " ".join(name.split()).casefold()


def pence(amount: Decimal) -> int:
    """Pounds (2 places) as integer pence."""
    return int((amount * 100).to_integral_value())


class SplitError(ValueError):
    """A split that cannot be applied: `key` is the message key, `params` its values."""

    def __init__(self, key: str, **params: object) -> None:
        super().__init__(key)
        self.key = key
        self.params = params


@dataclass(frozen=True)
class SplitLine:
    """One line of a requested split: an amount in pence or a percentage (not both)."""

    fund_id: str
    amount: int | None = None
    percent: Decimal | None = None
    project_id: str | None = None  # a project within the fund


# One line of a stored split: (fund id, pence, project id or None).
Line = tuple[str, int, str | None]


def split(total: int, lines: Sequence[SplitLine]) -> list[tuple[str, int]]:
    """(fund id, pence) per line for a donation of `total` pence (see `split_lines`)."""
    return [(fund_id, amount) for fund_id, amount, _ in split_lines(total, lines)]


def split_lines(total: int, lines: Sequence[SplitLine]) -> list[Line]:
    """(fund id, pence, project id) per line for a donation of `total` pence.

    Rules: every line names a distinct fund (or a distinct project of a fund); all lines give
    amounts or all give percentages; amounts must add up to the total exactly; percentages must
    add up to 100, each line gets its share rounded down and the remainder pence go to the first
    line; no line may come to zero."""
    if not lines:
        raise SplitError("funds.split_empty")
    funds = [line.fund_id for line in lines]
    projects = [line.project_id for line in lines]
    targets = list(zip(funds, projects, strict=True))
    if len(set(targets)) != len(targets):
        raise SplitError("funds.split_repeated")
    by_amount = [line.amount is not None for line in lines]
    by_percent = [line.percent is not None for line in lines]
    if not all(a != p for a, p in zip(by_amount, by_percent, strict=True)) or (
        any(by_amount) and any(by_percent)
    ):
        raise SplitError("funds.split_mixed")
    if all(by_amount):
        amounts = [int(line.amount or 0) for line in lines]
        if any(amount <= 0 for amount in amounts):
            raise SplitError("funds.split_zero")
        if sum(amounts) != total:
            raise SplitError("funds.split_sum", total=total, given=sum(amounts))
        return list(zip(funds, amounts, projects, strict=True))
    percents = [line.percent or Decimal(0) for line in lines]
    if any(p <= 0 for p in percents) or sum(percents) != 100:
        raise SplitError("funds.split_percent")
    shares = [int((Decimal(total) * p / 100).to_integral_value(rounding=ROUND_FLOOR)) for p in percents]
    shares[0] += total - sum(shares)
    if any(share <= 0 for share in shares):
        raise SplitError("funds.split_zero")
    return list(zip(funds, shares, projects, strict=True))


def rebalance(total: int, current: Sequence[tuple[str, int]]) -> list[tuple[str, int]]:
    """The same split for a new total, in proportion to the current lines (remainder pence to the
    first line); one line simply takes the whole new total."""
    lines = rebalance_lines(total, [(fund_id, amount, None) for fund_id, amount in current])
    return [(fund_id, amount) for fund_id, amount, _ in lines]


def rebalance_lines(total: int, current: Sequence[Line]) -> list[Line]:
    """`rebalance` of lines that may name a project (each keeps its project)."""
    if not current:
        return []
    old = sum(amount for _, amount, _ in current)
    if len(current) == 1 or old <= 0:
        return [(current[0][0], total, current[0][2])]
    shares = [total * amount // old for _, amount, _ in current]
    shares[0] += total - sum(shares)
    return [(fund_id, share, project) for (fund_id, _, project), share in zip(current, shares, strict=True)]


@dataclass(frozen=True)
class Movement:
    """A change to one fund's balance: one ledger line (signed pence)."""

    fund_id: str
    date: str  # ISO date of the line (the donation's date for allocations)
    kind: str
    amount: int
    project_id: str | None = None  # the project within the fund the money is for
    expense_type_id: str | None = None  # an expense's type (a project's budget against actual)


@dataclass(frozen=True)
class DonationSide:
    """What of a donation the ledger sees: its allocations count only while it is received."""

    date: str
    received: bool
    # (fund id, pence) or (fund id, pence, project id or None) per line of its split
    lines: tuple[tuple[str, int] | Line, ...]


def _target(line: tuple[str, int] | Line) -> tuple[str, int, str | None]:
    return (line[0], line[1], line[2] if len(line) > 2 else None)  # type: ignore[misc]


def donation_movements(before: DonationSide | None, after: DonationSide | None) -> list[Movement]:
    """The ledger lines a donation write makes: its old allocations taken back and its new ones
    given, netted per (fund, project, date, kind), zero lines dropped. A received donation
    refunded or cancelled gives its allocations back as `refund_reversal`; anything else is
    `allocation` (a deletion is a negative allocation)."""
    old = before.lines if before is not None and before.received else ()
    new = after.lines if after is not None and after.received else ()
    back_kind = "refund_reversal" if after is not None and not after.received else "allocation"
    net: dict[tuple[str, str | None, str, str], int] = {}
    if before is not None:
        for line in old:
            fund_id, amount, project = _target(line)
            key = (fund_id, project, before.date, back_kind)
            net[key] = net.get(key, 0) - amount
    if after is not None:
        for line in new:
            fund_id, amount, project = _target(line)
            key = (fund_id, project, after.date, "allocation")
            net[key] = net.get(key, 0) + amount
    return [Movement(f, d, k, amount, project_id=p) for (f, p, d, k), amount in net.items() if amount]


def balance_changes(movements: Iterable[Movement]) -> dict[str, int]:
    """Net change per fund (funds whose lines net to zero included, with 0)."""
    changes: dict[str, int] = {}
    for movement in movements:
        changes[movement.fund_id] = changes.get(movement.fund_id, 0) + movement.amount
    return changes


def transfer_problem(from_class: str, reason: str, note: str | None, evidence: bool = False) -> str | None:
    """Why a transfer out of a fund of `from_class` may not be made (a message key), or None.
    Out of a restricted or endowment fund: a reason from the fixed list, and a note or an
    attached file (the evidence of the donor's consent or of the release)."""
    if not is_guarded(from_class):
        return None
    if reason not in RESTRICTED_TRANSFER_REASONS:
        return "funds.transfer_reason_restricted"
    if not (note or "").strip() and not evidence:
        return "funds.transfer_note_required"
    return None


def overdraws(fund_class: str, balance: int, change: int) -> bool:
    """True when `change` would take a guarded fund below zero."""
    return is_guarded(fund_class) and change < 0 and balance + change < 0


# ------------------------------------------------------------------ money that follows a split
def shares(total: int, weights: Sequence[int]) -> list[int]:
    """`total` pence (either sign) in proportion to `weights` (positive pence), each share rounded
    towards zero and the remainder pence to the first: the shares add up to `total` exactly."""
    if not weights:
        return []
    whole = sum(weights)
    if whole <= 0:
        return [total] + [0] * (len(weights) - 1)
    sign = -1 if total < 0 else 1
    size = abs(total)
    parts = [size * weight // whole for weight in weights]
    parts[0] += size - sum(parts)
    return [sign * part for part in parts]


@dataclass(frozen=True)
class FundShare:
    """One line of a donation's split as money that follows it sees it: its fund, its project
    within the fund (if any) and its pence (the weight of its share)."""

    fund_id: str
    amount: int
    project_id: str | None = None


FundKey = tuple[str, str | None]  # (fund id, project id or None)


def follow_split(totals: dict[FundKey, int], amount: int, split_lines: Sequence[FundShare]) -> None:
    """Add `amount` pence (Gift Aid received on a donation, or taken back) to `totals` in the
    proportions of the donation's split; a donation without a split goes to the default fund."""
    lines = list(split_lines) or [FundShare(DEFAULT_FUND_ID, 1)]
    for line, share in zip(lines, shares(amount, [max(line.amount, 0) for line in lines]), strict=True):
        if share:
            key = (line.fund_id, line.project_id)
            totals[key] = totals.get(key, 0) + share


def partial_refund_movements(before: DonationSide, after: DonationSide) -> list[Movement]:
    """A received donation reduced by a partial refund: what each line of its split lost goes back
    as `refund_reversal` (the split re-balanced in proportion, so each line gives back its share);
    a line that grew (never, for a proportional re-balance) is an `allocation`. A changed date
    moves the whole of each line (taken back on the old date, given on the new)."""
    if before.date != after.date or not (before.received and after.received):
        return donation_movements(before, after)
    old: dict[tuple[str, str | None], int] = {}
    for line in before.lines:
        fund_id, amount, project = _target(line)
        old[(fund_id, project)] = old.get((fund_id, project), 0) + amount
    new: dict[tuple[str, str | None], int] = {}
    for line in after.lines:
        fund_id, amount, project = _target(line)
        new[(fund_id, project)] = new.get((fund_id, project), 0) + amount
    moves: list[Movement] = []
    for target in dict.fromkeys([*old, *new]):
        change = new.get(target, 0) - old.get(target, 0)
        if change:
            kind = "refund_reversal" if change < 0 else "allocation"
            moves.append(Movement(target[0], after.date, kind, change, project_id=target[1]))
    return moves
