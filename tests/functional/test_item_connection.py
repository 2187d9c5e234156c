"""The table's models write item requests and read item answers directly (functions/core/
item_connection.py): what a user sees is unchanged, and every answer the app read is the one
botocore's own parser reads."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from botocore.parsers import JSONParser

from tests.functional.donations_helpers import make_donation, make_donor


def test_the_app_reads_every_answer_as_botocore_reads_it(owner: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    # GIVEN the direct reading of answers, recording each answer it reads and what it made of it
    from functions.core import item_answers, item_requests
    from functions.core.table import Entity

    dynamodb = Entity._get_connection().connection.client  # noqa: SLF001
    assert isinstance(dynamodb._serializer, item_requests.ItemRequestSerializer)  # noqa: SLF001
    assert isinstance(dynamodb._endpoint._response_parser_factory, item_answers.ItemAnswerParserFactory)  # noqa: SLF001
    seen: list[tuple[dict[str, Any], Any, Any]] = []
    parse = item_answers.ItemAnswerParser.parse

    def recording(parser: Any, response: dict[str, Any], shape: Any) -> Any:
        body = response["body"]
        found = parse(parser, response, shape)
        seen.append(({**response, "body": body}, shape, copy.deepcopy(found)))  # before RetryAttempts
        return found

    monkeypatch.setattr(item_answers.ItemAnswerParser, "parse", recording)
    # WHEN the owner adds a donor and two donations, then opens the lists
    donor = make_donor(owner, first_name="Zoë")
    make_donation(owner, donor_id=donor["id"], amount="12.50")
    make_donation(owner, donor_id=donor["id"], amount="7.00")
    donations = owner.get("/api/donations").json
    donors = owner.get("/api/donors").json
    one = owner.get(f"/api/donors/{donor['id']}").json
    # THEN the lists show what was added
    assert sorted(row["amount"] for row in donations["data"]) == ["12.50", "7.00"]
    assert [row["first_name"] for row in donors["data"]] == ["Zoë"]
    assert one["first_name"] == "Zoë"
    # AND each answer the app read (queries, gets, writes) is botocore's parse of it
    operations = {response["context"]["operation_name"] for response, _, _ in seen}
    assert {"Query", "GetItem", "BatchGetItem", "TransactWriteItems"} <= operations
    for response, shape, found in seen:
        assert found == JSONParser().parse(response, shape), response["context"]["operation_name"]
