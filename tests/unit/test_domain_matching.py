"""Scores of likely duplicate donors (functions/domain/matching.py)."""

from __future__ import annotations

import pytest

from functions.domain import matching
from functions.domain.donor_tokens import donor_tokens


def donor(donor_id, name="Jane Smith", email="", phone="", postcode="BA1 1AA"):
    return matching.facts(donor_id, name=name, email=email, phone=phone, postcode=postcode)


@pytest.mark.parametrize(
    ("a", "b", "score", "reasons"),
    [
        (
            donor("1", email="J@x.org", postcode=""),
            donor("2", name="Other", email="j@x.org", postcode=""),
            0.9,
            ["same_email"],
        ),
        (donor("1"), donor("2"), 0.8, ["same_name_and_postcode"]),
        (donor("1", name="Jon Smith"), donor("2", name="John Smith"), 0.7, ["similar_name_same_postcode"]),
        (donor("1", name="Jon Smith"), donor("2", name="Mary Brown"), 0.0, []),
        (
            donor("1", phone="+44 1632 960001", postcode=""),
            donor("2", name="X", phone="01632 960001", postcode=""),
            0.6,
            ["same_phone"],
        ),
        (
            donor("1", email="j@x.org"),
            donor("2", email="j@x.org"),
            0.98,
            ["same_email", "same_name_and_postcode"],
        ),
        (donor("1", phone="123"), donor("2", name="Q", phone="123", postcode="X"), 0.0, []),
    ],
)
def test_score(a, b, score, reasons):
    value, found = matching.score(a, b)
    assert value == pytest.approx(score)
    assert found == reasons


@pytest.mark.parametrize(
    ("a", "b", "expected"),
    [
        ("martha", "marhta", 0.9611),
        ("dixon", "dicksonx", 0.8133),
        ("same", "same", 1.0),
        ("", "x", 0.0),
        ("abc", "xyz", 0.0),
    ],
)
def test_jaro_winkler(a, b, expected):
    assert matching.jaro_winkler(a, b) == pytest.approx(expected, abs=1e-4)


def test_pairs_come_only_from_shared_keys_and_skip_huge_groups():
    a, b, c = donor("a"), donor("b"), donor("c", name="Zed", postcode="ZZ1 1ZZ")
    assert matching.candidate_pairs([[a, b], [c]]) == {("a", "b")}
    crowd = [donor(str(n)) for n in range(matching.MAX_GROUP + 1)]
    assert matching.candidate_pairs([crowd]) == set()
    assert [(s, r) for s, r, *_ in matching.scored_pairs([[a, b, c]])] == [(0.8, ["same_name_and_postcode"])]


def test_donor_tokens():
    tokens = donor_tokens(
        first_name="Zoë",
        last_name="O'Brien",
        company_name=None,
        email="Zo.B@mail.example",
        phone="+44 1632 960001",
        postcode="BA1 1AA",
    )
    assert {
        "zoe",
        "obrien",
        "brien",
        "zobmailexample",
        "zo",
        "01632960001",
        "441632960001",
        "ba11aa",
    } <= tokens
