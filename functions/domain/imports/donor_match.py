"""Which donor an imported row belongs to, with the scored matching of the duplicates screen
(`functions/domain/matching.py`):

- the candidates are the donors sharing the row's email, phone or postcode (their match keys);
- exactly one candidate scoring at least `CLEAR` (same email 0.9, same name and postcode 0.8,
  or several weaker reasons together) → the row is linked to that donor;
- no candidate scoring at least `matching`'s 0.5 → a new donor;
- anything else (two clear candidates, or only weaker evidence such as a similar name in the
  same postcode or a shared phone) is ambiguous: the row waits in the import's review list.

`MatchIndex` holds the charity's match keys in memory for one pass over a file; donors the
import will create are added to it, so later rows of the same person link to them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from functions.domain import matching
from functions.domain.matching import DonorFacts

CLEAR = 0.8
MINIMUM = 0.5
MAX_CANDIDATES = 5
LINK, NEW, REVIEW = "link", "new", "review"


@dataclass(frozen=True)
class Candidate:
    facts: DonorFacts
    score: float
    reasons: tuple[str, ...]


@dataclass(frozen=True)
class Decision:
    kind: str  # link | new | review
    donor_id: str | None = None
    candidates: tuple[Candidate, ...] = ()


@dataclass
class MatchIndex:
    by_key: dict[tuple[str, str], list[DonorFacts]] = field(default_factory=dict)

    def add(self, facts: DonorFacts) -> None:
        for key in matching.match_keys(facts):
            group = self.by_key.setdefault(key, [])
            if all(existing.donor_id != facts.donor_id for existing in group):
                group.append(facts)

    def candidates(self, facts: DonorFacts) -> list[DonorFacts]:
        found: dict[str, DonorFacts] = {}
        for key in matching.match_keys(facts):
            group = self.by_key.get(key, [])
            if len(group) > matching.MAX_GROUP:
                continue  # a shared office phone or a postcode of a block of flats says little
            for candidate in group:
                found.setdefault(candidate.donor_id, candidate)
        return list(found.values())


def decide(row: DonorFacts, candidates: Iterable[DonorFacts]) -> Decision:
    scored = []
    for candidate in candidates:
        value, reasons = matching.score(row, candidate)
        if value >= MINIMUM:
            scored.append(Candidate(candidate, value, tuple(reasons)))
    scored.sort(key=lambda c: (-c.score, c.facts.donor_id))
    if not scored:
        return Decision(NEW)
    clear = [c for c in scored if c.score >= CLEAR]
    if len(clear) == 1:
        return Decision(LINK, clear[0].facts.donor_id, tuple(scored[:MAX_CANDIDATES]))
    return Decision(REVIEW, None, tuple(scored[:MAX_CANDIDATES]))
