"""Every query string read without pydantic (functions/core/plain_query.py: a list's page and sort,
the search box) answers exactly as its pydantic twin does: the same values for the SPA's usual
queries, the same 422 naming the same fields for anything else, and no pydantic imported for the
usual ones."""

from __future__ import annotations

import importlib
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import functions
from functions.core.errors import Invalid
from functions.core.pagination import ListQuery
from functions.core.plain_query import PlainQuery
from functions.core.validation import validate


def _every_plain_query() -> list[type[PlainQuery]]:
    for module in pkgutil.walk_packages(functions.__path__, "functions."):
        if module.name.endswith((".schemas", ".list_queries")):
            importlib.import_module(module.name)
    found, pending = [], list(PlainQuery.__subclasses__())
    while pending:
        cls = pending.pop()
        found.append(cls)
        pending.extend(cls.__subclasses__())
    return sorted(found, key=lambda cls: (cls.__module__, cls.__qualname__))


QUERIES = _every_plain_query()
NAMES = ["length", "page", "cursor", "search", "sortBy", "sortDesc", "filters", "state", "provider",
         "status", "type", "from", "to", "q", "bogus"]  # fmt: skip
SAMPLES = ["20", "40", "50", "100", "500", "30", "0", "1", "01", "2", "-1", "1.0", " 20", "true", "false",
         "True", "1e3", "yes", "", " ", "date", "amount", "id", "name", "created_at", "updated_at",
         "first_received_at", "draft", "stripe", "received", "2026-04-06", "2026-13-01", "{}",
         '{"a": 1}', "x" * 100, "x" * 101, " smith ", "99999999999", "١", "\u00a0x", "x\x1f"]  # fmt: skip
TEXTS = st.one_of(st.sampled_from(SAMPLES), st.text(max_size=12))


def _answer(query, read, values):
    try:
        answer = read(values)
    except Invalid as exc:
        return "invalid", exc.errors
    fields, _ = query._spec()
    return "ok", {name: getattr(answer, name) for name in fields}


def _by_twin(query):
    return lambda values: validate(query.twin(), values)


def test_every_query_string_of_the_api_is_found():
    names = {cls.__name__ for cls in QUERIES}
    assert {"ListQuery", "DonationListQuery", "CallListQuery", "ClaimsQuery", "CharityListQuery"} <= names


@pytest.mark.parametrize("query", QUERIES, ids=lambda cls: cls.__name__)
def test_each_name_with_each_sample_value_reads_as_the_twin_reads_it(query):
    differ = [
        (name, text)
        for name in NAMES
        for text in SAMPLES
        if _answer(query, query.parse, {name: text}) != _answer(query, _by_twin(query), {name: text})
    ]
    assert differ == []


@pytest.mark.parametrize("query", QUERIES, ids=lambda cls: cls.__name__)
@settings(max_examples=60, deadline=None)
@given(values=st.dictionaries(st.sampled_from(NAMES), TEXTS, max_size=5))
def test_read_directly_or_by_the_twin_the_answer_is_the_same(query, values):
    assert _answer(query, query.parse, values) == _answer(query, _by_twin(query), values)


def test_the_spa_usual_query_is_read_without_the_twin_and_a_wrong_one_is_named():
    from functions.donations.list_queries import DonationListQuery

    read = DonationListQuery.parse({"length": "50", "page": "2", "sortBy": "amount", "sortDesc": "false"})
    assert (read.length, read.page, read.sortBy, read.sortDesc, read.search) == (50, 2, "amount", False, "")
    with pytest.raises(Invalid) as caught:
        DonationListQuery.parse({"sortBy": "name", "length": "30"})
    assert set(caught.value.errors) == {"sortBy", "length"}


def test_a_usual_list_query_imports_no_pydantic():
    code = (
        "import sys\n"
        "from functions.core.pagination import ListQuery\n"
        "class Q(ListQuery):\n"
        "    pass\n"
        "q = Q.parse({'length': '50', 'page': '3', 'search': 'smith', 'sortDesc': 'false', 'filters': ''})\n"
        "assert (q.length, q.page, q.search, q.sortDesc) == (50, 3, 'smith', False)\n"
        "print('pydantic' in sys.modules)\n"
    )
    root = Path(__file__).resolve().parents[2]
    answer = subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True)
    assert answer.returncode == 0, answer.stderr
    assert answer.stdout.strip() == "False"


def test_filters_are_checked_only_when_applied_and_then_named():
    class Untouchable:
        def __getattr__(self, name):
            raise AssertionError(f"the filters model was used ({name}) with no filter applied")

    assert ListQuery.parse({"filters": '{"applied": true, "status": ""}'}).filters_as(Untouchable()) is None

    from functions.charities.schemas import CharityFilters

    applied = ListQuery.parse({"filters": '{"status": "disabled"}'})
    assert applied.filters_as(CharityFilters).status == "disabled"
    with pytest.raises(Invalid) as caught:
        ListQuery.parse({"filters": '{"status": "closed"}'}).filters_as(CharityFilters)
    assert list(caught.value.errors) == ["filters.status"]
