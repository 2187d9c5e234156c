"""The import worker's fast paths give what the plain code gave (ADR 0012, tenth addendum):
a transaction's size counted without building its items, names folded without Unicode
decomposition when they are ASCII, and a row's cells found by a position computed once per
mapping and header."""

from __future__ import annotations

import datetime as dt
import random
import unicodedata
from decimal import Decimal

import pytest

from functions.domain import names
from functions.domain.imports import fields
from functions.domain.imports.rows import read_row
from functions.donations.models import Donation, DonationStats
from functions.donors.models import DonorTotals, DonorYear
from functions.donors.transaction import Transaction
from functions.funds import ledger
from functions.funds.models import FundBalance

TODAY = dt.date(2026, 11, 27)


def _random_transaction(rng: random.Random) -> Transaction:
    transaction = Transaction()
    for n in range(rng.randrange(0, 6)):
        transaction.put(
            Donation(
                "TENANT#t", f"DONATION#{n}", donation_id=str(n), tenant_id="t", donation_date="2026-04-06"
            ),
            condition=Donation.pk.does_not_exist() if rng.random() < 0.5 else None,
        )
    for n in range(rng.randrange(0, 3)):
        transaction.delete(Donation("TENANT#t", f"DONATION#gone{n}"))
    for _ in range(rng.randrange(0, 25)):
        key = ("TENANT#t", f"STATS#{rng.randrange(6)}")
        model = rng.choice([DonationStats, DonorYear])
        deltas = rng.choice([{"gifts": 0}, {"gifts": 1}, {"gifts": -1}, {}])
        deltas.update(rng.choice([{}, {"total": Decimal("0.00")}, {"total": Decimal("2.50")}]))
        roll = rng.random()
        if roll < 0.2:
            transaction.add(model, key, condition=model.pk.exists(), **deltas)
        elif roll < 0.35:
            fund_key = ("TENANT#t", key[1].replace("STATS", "FUND"))
            transaction.add(FundBalance, fund_key, condition_of=ledger.money_in_condition, tag="fund")
        elif roll < 0.55:
            transaction.add(model, key, fresh=True, **deltas)
        else:
            transaction.add(model, key, **deltas)
    if rng.random() < 0.3:
        transaction.update(DonorTotals("TENANT#t", "DONOR#1"), actions=[], condition=DonorTotals.pk.exists())
    return transaction


def test_a_transaction_counts_the_items_it_would_send():
    rng = random.Random(18)  # noqa: S311
    sizes = set()
    for _ in range(400):
        transaction = _random_transaction(rng)
        built = len(transaction._ordered())
        assert len(transaction) == built
        sizes.add(built)
    assert len(sizes) > 10  # empty, small and large transactions were all compared


def test_a_fresh_add_of_nothing_is_still_a_put_and_an_unconditional_zero_is_nothing():
    transaction = Transaction()
    transaction.add(DonorYear, ("TENANT#t", "YEAR#1"), fresh=True, gifts=0)
    transaction.add(DonationStats, ("TENANT#t", "MONTH#1"), gifts=0)
    transaction.add(DonationStats, ("TENANT#t", "MONTH#2"), condition=DonationStats.pk.exists(), gifts=0)
    assert len(transaction) == 2
    assert [kind for kind, _ in transaction._ordered()] == ["check", "put"]


def _folded_by_unicode(text: str | None) -> str:
    decomposed = unicodedata.normalize("NFKD", text or "")
    plain = "".join(c for c in decomposed if not unicodedata.combining(c)).lower()
    return " ".join(plain.split())


@pytest.mark.parametrize(
    "text",
    [
        None,
        "",
        "  Zoë  O'Brien ",
        "JANE\tSMITH\n",
        "Seán Ó Briain",
        "ＡＢＣ",  # full-width letters: NFKD makes them ASCII
        "ﬁnance",  # a ligature
        "Mr. A-B  c/o 12",
        "\x00\x1f\x7f",
        "Ⅻ straße",
    ],
)
def test_names_fold_as_unicode_decomposition_folds_them(text):
    assert names.fold(text) == _folded_by_unicode(text)


def test_every_ascii_character_folds_as_unicode_folds_it():
    rng = random.Random(7)  # noqa: S311
    for _ in range(300):
        text = "".join(chr(rng.randrange(128)) for _ in range(rng.randrange(0, 20)))
        assert names.fold(text) == _folded_by_unicode(text)


def _tidied_by_letters(text: str | None) -> str | None:
    """`names.tidy_case` as it was: every letter looked at."""
    if not text:
        return text
    letters = [c for c in text if c.isalpha()]
    if len(letters) < 2 or not (all(c.isupper() for c in letters) or all(c.islower() for c in letters)):
        return text
    words = text.lower().split(" ")
    out = []
    for position, word in enumerate(words):
        if position and word in names._NAME_PARTICLES and position < len(words) - 1:
            out.append(word)
            continue
        out.append(names._cap_word(word))
    return " ".join(out)


def test_names_are_tidied_as_when_every_letter_was_looked_at():
    rng = random.Random(11)  # noqa: S311
    alphabet = "aAzZ '-.1éÉ" + "\u24b6\u01c5\u02b0ß"  # a circled A, a titlecase Dz, a modifier h
    samples = ["JANE SMITH", "jane van der berg", "Jane Smith", "J", "", None, "\u24b6 jane", "ǅ JANE"]
    samples += ["".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 12))) for _ in range(2000)]
    for text in samples:
        assert names.tidy_case(text) == _tidied_by_letters(text), text


MAPPING = {
    "columns": {"Ref": "external_ref", "Name": "full_name", "Amount": "amount", "Date": "date"},
    "date_format": "dmy",
}


def test_cells_are_found_by_each_header_of_the_same_mapping():
    """One mapping read over two files whose columns are in other orders (a position found for
    the first header must not be used for the second)."""
    first, second = ["Ref", "Name", "Amount", "Date"], ["Date", "Amount", "Name", "Ref"]
    mapping = fields.mapping_from(MAPPING, first)
    rows = {
        tuple(header): read_row(
            2,
            [{"Ref": "R1", "Name": "Jane Smith", "Amount": "£5", "Date": "06/04/2025"}[c] for c in header],
            {name: position for position, name in enumerate(header)},
            mapping,
            today=TODAY,
        )
        for header in (first, second, first)
    }
    for row in rows.values():
        assert row.ok, row.problems
        assert row.donation["external_ref"] == "R1" and row.donation["amount"] == "5.00"
        assert row.donation["date"] == "2025-04-06" and row.donor["last_name"] == "Smith"


def test_a_field_of_two_columns_reads_the_first_and_a_column_the_file_lacks_reads_blank():
    header = ["Amount", "Date", "Total"]
    mapping = fields.ImportMapping(
        columns={"Amount": "amount", "Total": "amount", "Date": "date", "Ref": "external_ref"}
    )
    row = read_row(3, ["7", "01/01/2025", "9"], {n: p for p, n in enumerate(header)}, mapping, today=TODAY)
    assert row.ok and row.donation["amount"] == "7.00" and row.donation["external_ref"] is None
    short = read_row(4, ["7"], {n: p for p, n in enumerate(header)}, mapping, today=TODAY)
    assert [problem.reason for problem in short.problems] == ["imports.date_missing"]


def test_a_new_items_condition_built_once_puts_as_a_fresh_one():
    from pynamodb.models import Model

    from functions.core.table import absent

    donation = Donation("TENANT#t", "DONATION#1", donation_id="1", tenant_id="t", donation_date="2026-04-06")
    donation.amount = Decimal("5.00")
    shared = absent(Donation)
    assert absent(Donation) is shared
    for _ in range(2):  # used again, it is what it was
        ours = donation.get_save_kwargs_from_instance(condition=shared & Donation.claim_id.does_not_exist())
        theirs = Model.get_save_kwargs_from_instance(
            donation, condition=Donation.pk.does_not_exist() & Donation.claim_id.does_not_exist()
        )
        assert ours == theirs
        assert donation.get_save_kwargs_from_instance(
            condition=shared
        ) == Model.get_save_kwargs_from_instance(donation, condition=Donation.pk.does_not_exist())
