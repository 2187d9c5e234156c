"""Prefix-search tokens (ARCHITECTURE.md §4: search uses prefix-token items kept beside the entity).

A token is a lower-case run of letters and digits. The query is a single keyword (spec §2 global
search: "a single keyword"), so a match is any stored token that starts with the keyword's token.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable

MAX_TOKEN_LENGTH = 40
_WORD = re.compile(r"[a-z0-9]+")


def _fold(text: str) -> str:
    decomposed = unicodedata.normalize("NFKD", text or "")
    return "".join(c for c in decomposed if not unicodedata.combining(c)).lower()


def words(text: str | None) -> list[str]:
    """Each word of a free text: `"St. Mary's Trust"` → `["st", "mary", "s", "trust", "marys"]`
    (the word with its apostrophe dropped is kept too, so `marys` finds it)."""
    folded = _fold(text or "")
    found = _WORD.findall(folded)
    found += [w for w in _WORD.findall(folded.replace("'", "").replace("’", "")) if w not in found]
    return [w[:MAX_TOKEN_LENGTH] for w in found]


def compact(text: str | None) -> str:
    """A code written with spaces or dashes as one token: `"01632 960 001"` → `"01632960001"`."""
    return "".join(_WORD.findall(_fold(text or "")))[:MAX_TOKEN_LENGTH]


def query_token(query: str | None) -> str:
    """The keyword of a search box: its first word only, folded like the stored tokens."""
    first = (query or "").strip().split()
    return compact(first[0]) if first else ""


def token_set(*groups: Iterable[str]) -> set[str]:
    return {token for group in groups for token in group if token}


def charity_tokens(
    name: str, registration_number: str | None, phone: str | None, country: str | None
) -> set[str]:
    """Tokens a charity is found by (spec: name, registration number, phone number, country).

    Phone numbers are also stored in national form (`+44 1632 …` → `01632…`) so either prefix works.
    """
    phone_token = compact(phone)
    phones = [phone_token]
    if phone_token.startswith("44") and (phone or "").strip().startswith("+"):
        phones.append("0" + phone_token[2:])
    return token_set(words(name), [compact(name)], [compact(registration_number)], phones, words(country))
