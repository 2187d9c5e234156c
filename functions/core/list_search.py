"""The search box of a list (docs/api.md Lists: `search`): which rows a typed text matches.

A list that has no key for its search filters its own Query page by page instead (the bounded
read of `functions/donors/paging.py`): a row matches when every word of the search starts a word
of one of the row's searched fields, folded (case and accents ignored): `3.25` finds £3.25 but not
£13.25, `fair` finds "Spring-Fair.csv". Amounts are searched as written
in the list (`25.00`), so `25`, `£25` and `25.00` all find a £25.00 gift.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from decimal import Decimal
from typing import TypeVar

from functions.core.money import money_text

MAX_SEARCH_LENGTH = 100  # characters of a list's `search` (longer is a 422 on `search`)
_STRIPPED = str.maketrans({"£": " ", ",": ""})

T = TypeVar("T")


def fold(text: str | None) -> str:
    """Lower case without accents: `"Zoë O'Brien"` → `"zoe o'brien"`."""
    decomposed = unicodedata.normalize("NFKD", text or "")
    return "".join(c for c in decomposed if not unicodedata.combining(c)).casefold()


def terms(search: str | None) -> list[str]:
    """The words a search must all find (`£` and thousands commas dropped); [] for no search."""
    return fold(search).translate(_STRIPPED).split()


def amount_text(amount: Decimal | None) -> str | None:
    return None if amount is None else money_text(amount)


def matcher(search: str | None, fields: Callable[[T], Iterable[str | None]]) -> Callable[[T], bool] | None:
    """`keep(row)` for a list's bounded read, or None when there is nothing to search for."""
    wanted = terms(search)
    if not wanted:
        return None

    patterns = [re.compile(r"(?<!\w)" + re.escape(word)) for word in wanted]

    def keep(row: T) -> bool:
        haystack = "\n".join(fold(value).translate(_STRIPPED) for value in fields(row) if value)
        return all(pattern.search(haystack) for pattern in patterns)

    return keep
