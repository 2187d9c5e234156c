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


def test_transactions_share_the_models_client(owner: Any) -> None:
    # GIVEN a process that has read through the models (the owner's sign-up did)
    from functions.core import item_connection
    from functions.core.table import Entity
    from functions.donors import transaction
    from functions.giftaid import repository as claims

    models = Entity._get_connection().connection  # noqa: SLF001
    # WHEN the transactions of the areas ask for their connection
    # THEN they get the models' own, so the process has one DynamoDB client (a second is ~60 ms)
    assert item_connection.shared() is models
    assert transaction._conn() is models  # noqa: SLF001
    assert claims.transaction_connection() is models
    assert isinstance(models, item_connection.ItemConnection)
    # AND a donation written in a transaction still reads back through that client
    donor = make_donor(owner, first_name="Ada")
    made = make_donation(owner, donor_id=donor["id"], amount="3.00")
    assert owner.get(f"/api/donations/{made['id']}").json["amount"] == "3.00"
    assert item_connection.shared().client is models.client
