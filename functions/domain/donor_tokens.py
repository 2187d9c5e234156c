"""Prefix-search tokens of a donor (spec §2 global search: first name, last name, company, email,
phone, postcode). Stored as items beside the donor; a keyword matches a token it prefixes."""

from __future__ import annotations

from functions.domain.search_tokens import compact, token_set, words

MAX_TOKENS = 24  # bounds the items one donor write adds to its transaction


def donor_tokens(
    *,
    first_name: str | None,
    last_name: str | None,
    company_name: str | None,
    email: str | None,
    phone: str | None,
    postcode: str | None,
) -> set[str]:
    """`Jane Smith, jane@x.org, 01632 960 001, SW1A 1AA` → jane, smith, janexorg, 01632960001, sw1a1aa…

    Phone numbers are also kept in national form (`+44 1632…` → `01632…`); an email is one token
    (so `jane@` finds it) plus its local part's words."""
    phone_token = compact(phone)
    phones = [phone_token]
    if phone_token.startswith("44") and (phone or "").strip().startswith("+"):
        phones.append("0" + phone_token[2:])
    local_part = (email or "").split("@")[0]
    tokens = token_set(
        words(first_name),
        words(last_name),
        words(company_name),
        [compact(company_name)],
        [compact(email)],
        words(local_part),
        phones,
        [compact(postcode)],
    )
    return set(sorted(tokens, key=lambda t: (-len(t), t))[:MAX_TOKENS])
