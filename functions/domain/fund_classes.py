"""The funds' classes and ledger kinds (Charities SORP, issue 15), apart from the ledger rules'
dataclasses (`functions.domain.funds`, which re-exports every name here) so that a screen needing
only these (the dashboard's fund tiles) does not create them on a cold start (ADR 0011)."""

from __future__ import annotations

FUND_CLASSES = (
    "unrestricted_general",
    "designated",
    "restricted",
    "endowment_expendable",
    "endowment_permanent",
)
# Money given for a purpose (restricted) or to be kept (endowment) can never be overspent: the
# balance of such a fund may not go below zero.
GUARDED_CLASSES = frozenset({"restricted", "endowment_expendable", "endowment_permanent"})

KINDS = ("allocation", "transfer_in", "transfer_out", "expense", "gift_aid", "refund_reversal")


def is_guarded(fund_class: str) -> bool:
    """A restricted or endowment fund: its balance never goes below zero."""
    return fund_class in GUARDED_CLASSES
