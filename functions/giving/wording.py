"""The Gift Aid wording of the public donation page: HMRC's model declaration for a single
donation extended to future and past gifts (Chapter 3 of HMRC's Gift Aid guidance for charities,
"model declarations"), and the taxpayer statement the donor must tick. Versioned: a gift stores
the exact text it was given with, so the wording can change without rewriting what was declared."""

from __future__ import annotations

VERSION = "2026-11"
SCOPE = ["this_donation", "future", "past_4_years"]

DECLARATION = (
    "Boost your donation by 25p for every £1 you donate, at no extra cost to you. "
    "I want to Gift Aid my donation and any donations I make in the future or have made in the "
    "past 4 years to {charity}."
)
STATEMENT = (
    "I am a UK taxpayer and understand that if I pay less Income Tax and/or Capital Gains Tax than "
    "the amount of Gift Aid claimed on all my donations in that tax year it is my responsibility to "
    "pay any difference."
)


def declaration(charity: str) -> str:
    return DECLARATION.format(charity=charity)


def full_text(charity: str) -> str:
    """What the donor declared, as stored on the gift: the declaration, then the statement."""
    return f"{declaration(charity)} {STATEMENT}"
