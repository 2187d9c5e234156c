"""Likely duplicate donors: a score per pair, and the rules behind it (pure; no I/O).

Rules (each gives a score; several combine as independent evidence, 1 - Π(1 - s)):
- same email address (case-insensitive): 0.9
- same normalised name and same postcode: 0.8
- similar names (Jaro-Winkler ≥ 0.9 on the normalised names) in the same postcode: 0.7
- same phone number (its digits, at least 7): 0.6
Pairs are only ever compared inside a group sharing an email, a phone or a postcode (the match
keys kept beside each donor), so finding them never needs every pair of donors.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import combinations

from functions.domain.names import fold

SAME_EMAIL = 0.9
SAME_NAME_AND_POSTCODE = 0.8
SIMILAR_NAME_SAME_POSTCODE = 0.7
SAME_PHONE = 0.6
SIMILAR_NAME_THRESHOLD = 0.9
MIN_PHONE_DIGITS = 7
MAX_GROUP = 50  # a group larger than this (a shared office phone) says little about any one pair


@dataclass(frozen=True)
class DonorFacts:
    donor_id: str
    name: str = ""
    email: str = ""
    phone: str = ""
    postcode: str = ""


def facts(
    donor_id: str, *, name: str | None, email: str | None, phone: str | None, postcode: str | None
) -> DonorFacts:
    """Normalised facts of a donor: folded name, lower-case email, phone digits, compact postcode."""
    digits = "".join(c for c in phone or "" if c.isdigit())
    if digits.startswith("44") and (phone or "").strip().startswith("+"):
        digits = "0" + digits[2:]
    return DonorFacts(
        donor_id=donor_id,
        name=fold(name),
        email=(email or "").strip().lower(),
        phone=digits if len(digits) >= MIN_PHONE_DIGITS else "",
        postcode="".join((postcode or "").split()).upper(),
    )


def match_keys(donor: DonorFacts) -> list[tuple[str, str]]:
    """(kind, value) keys that put a donor in a candidate group."""
    found = [("EMAIL", donor.email), ("PHONE", donor.phone), ("POSTCODE", donor.postcode)]
    return [(kind, value) for kind, value in found if value]


def jaro_winkler(a: str, b: str, prefix_scale: float = 0.1) -> float:
    """Jaro-Winkler similarity in [0, 1] (Winkler 1990): common prefix up to 4 characters boosted."""
    if a == b:
        return 1.0 if a else 0.0
    if not a or not b:
        return 0.0
    window = max(max(len(a), len(b)) // 2 - 1, 0)
    a_matched, b_matched = [False] * len(a), [False] * len(b)
    matches = 0
    for i, char in enumerate(a):
        for j in range(max(0, i - window), min(len(b), i + window + 1)):
            if not b_matched[j] and b[j] == char:
                a_matched[i] = b_matched[j] = True
                matches += 1
                break
    if not matches:
        return 0.0
    a_chars = [c for c, m in zip(a, a_matched, strict=True) if m]
    b_chars = [c for c, m in zip(b, b_matched, strict=True) if m]
    transpositions = sum(x != y for x, y in zip(a_chars, b_chars, strict=True)) / 2
    jaro = (matches / len(a) + matches / len(b) + (matches - transpositions) / matches) / 3
    prefix = 0
    for x, y in zip(a[:4], b[:4], strict=False):
        if x != y:
            break
        prefix += 1
    return jaro + prefix * prefix_scale * (1 - jaro)


def score(a: DonorFacts, b: DonorFacts) -> tuple[float, list[str]]:
    """(score in [0, 1], reasons) for one pair; (0, []) when nothing matches."""
    found: list[tuple[str, float]] = []
    if a.email and a.email == b.email:
        found.append(("same_email", SAME_EMAIL))
    if a.postcode and a.postcode == b.postcode and a.name and b.name:
        if a.name == b.name:
            found.append(("same_name_and_postcode", SAME_NAME_AND_POSTCODE))
        elif jaro_winkler(a.name, b.name) >= SIMILAR_NAME_THRESHOLD:
            found.append(("similar_name_same_postcode", SIMILAR_NAME_SAME_POSTCODE))
    if a.phone and a.phone == b.phone:
        found.append(("same_phone", SAME_PHONE))
    remaining = 1.0
    for _, value in found:
        remaining *= 1 - value
    return round(1 - remaining, 4), [reason for reason, _ in found]


def candidate_pairs(groups: Iterable[Sequence[DonorFacts]]) -> set[tuple[str, str]]:
    """Pairs of donor ids (smaller id first) that share a group, skipping oversized groups."""
    pairs: set[tuple[str, str]] = set()
    for group in groups:
        members = {d.donor_id: d for d in group}
        if len(members) < 2 or len(members) > MAX_GROUP:
            continue
        for x, y in combinations(sorted(members), 2):
            pairs.add((x, y))
    return pairs


def scored_pairs(
    groups: Iterable[Sequence[DonorFacts]], minimum: float = 0.5
) -> list[tuple[float, list[str], DonorFacts, DonorFacts]]:
    """Every candidate pair scoring at least `minimum`, best first."""
    groups = list(groups)
    by_id = {d.donor_id: d for group in groups for d in group}
    results = []
    for x, y in candidate_pairs(groups):
        value, reasons = score(by_id[x], by_id[y])
        if value >= minimum:
            results.append((value, reasons, by_id[x], by_id[y]))
    results.sort(key=lambda r: (-r[0], r[2].donor_id, r[3].donor_id))
    return results
