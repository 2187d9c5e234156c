"""The embedded moto answers DynamoDB requests without its Flask app exactly as the app answers
them: statuses, headers (CRC32 and CORS included) and bodies, errors and crashes included."""

from __future__ import annotations

import contextlib
import json
import random
import string
import zlib
from typing import Any
from urllib.parse import urlsplit

import boto3
import pytest
from botocore import xform_name
from botocore.awsrequest import AWSResponse
from botocore.exceptions import ClientError
from moto.backends import get_backend
from moto.core.botocore_stubber import MockRawResponse
from moto.dynamodb.responses import DynamoHandler
from moto.moto_server.threaded_moto_server import ThreadedMotoServer
from moto.moto_server.werkzeug_app import DomainDispatcherApplication, create_backend_app
from werkzeug.exceptions import BadRequest
from werkzeug.test import Client

from chalicelocal import embedded, moto_direct, moto_speedups
from tests.unit.dynamodb_requests import TABLE, requests
from tests.unit.moto_tables import hash_key_table, index, key_schema

REQUEST_ID = "x-amzn-requestid"


class Wire:
    """A boto3 DynamoDB client whose requests go to moto's server application in this thread;
    each raw answer (status, headers, body) is kept."""

    def __init__(self) -> None:
        self.server = Client(DomainDispatcherApplication(create_backend_app))
        self.answers: list[tuple[int, list[tuple[str, str]], bytes]] = []
        self.headers: dict[str, str] = {}
        self.client = boto3.client(
            "dynamodb",
            region_name="eu-west-2",
            endpoint_url="http://127.0.0.1:9",
            aws_access_key_id="almoner-local",
            aws_secret_access_key="almoner-local",
        )
        self.client.meta.events.register("before-send", self._send)

    def _send(self, request: Any, **_: Any) -> AWSResponse:
        self.headers = {k: v.decode() if isinstance(v, bytes) else v for k, v in request.headers.items()}
        status, headers, body = self.raw(request.body, self.headers, url=request.url)
        return AWSResponse(request.url, status, dict(headers), MockRawResponse(body))

    def raw(
        self, body: Any, headers: dict[str, str], url: str = "http://127.0.0.1:9/", method: str = "POST"
    ) -> tuple[int, list[tuple[str, str]], bytes]:
        parts = urlsplit(url)
        try:
            answer = self.server.open(
                path=parts.path or "/",
                method=method,
                headers=list(headers.items()),
                data=body,
                base_url=f"{parts.scheme}://{parts.netloc}",
            )
        except Exception as crash:  # moto's own crash, raised to the server (a 500 there)
            self.answers.append((500, [("raised", type(crash).__name__)], str(crash).encode()))
            raise
        kept = (answer.status_code, list(answer.headers.items()), answer.data)
        self.answers.append(kept)
        return kept

    def call(self, action: str, params: dict[str, Any]) -> None:
        try:
            getattr(self.client, xform_name(action))(**params)
        except ClientError:
            pass  # the raw answer is what is compared
        except TypeError:
            pass  # moto 5.2 crashes on some of the random conditions (kept as answers too)


def _timeless(value: Any) -> tuple[Any, bool]:
    """`value` with every ...DateTime value blanked, and whether there was one."""
    if isinstance(value, dict):
        changed, out = False, {}
        for key, inner in value.items():
            if key.endswith("DateTime"):
                out[key], changed = None, True
            else:
                out[key], inner_changed = _timeless(inner)
                changed = changed or inner_changed
        return out, changed
    if isinstance(value, list):
        pairs = [_timeless(inner) for inner in value]
        return [p[0] for p in pairs], any(p[1] for p in pairs)
    return value, False


def _comparable(answer: tuple[int, list[tuple[str, str]], bytes]) -> tuple[Any, ...]:
    """The answer without its request id (random) and timestamps (CreateTable's: the clock)."""
    status, headers, body = answer
    kept = [(name, value if name.lower() != REQUEST_ID else "(random)") for name, value in headers]
    try:
        document, timed = _timeless(json.loads(body))
    except ValueError:
        return status, kept, body
    if timed:  # the CRC32 and the length cover the timestamps: check them, then leave them out
        crc, length = dict(kept)["x-amz-crc32"], dict(kept)["Content-Length"]
        assert crc == str(zlib.crc32(body) & 0xFFFFFFFF) and length == str(len(body))
        kept = [(name, value) for name, value in kept if name not in ("x-amz-crc32", "Content-Length")]
        return status, kept, document
    return status, kept, body


def _scenario(wire: Wire, seed: int) -> None:
    rng = random.Random(seed)  # noqa: S311
    client = wire.client
    client.create_table(
        TableName=TABLE,
        BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": "PK", "AttributeType": "S"}],
        KeySchema=key_schema("PK"),
    )
    client.create_table(
        TableName="indexed",
        BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[
            {"AttributeName": name, "AttributeType": "S"} for name in ("pk", "sk", "gpk", "gsk")
        ],
        KeySchema=key_schema("pk", "sk"),
        GlobalSecondaryIndexes=[index("gsi", "gpk", "gsk")],
    )
    for _ in range(3):
        for action, params in requests(rng, plain=rng.random() < 0.5):
            wire.call(action, params)
    for n in range(12):
        item = {"pk": {"S": "a"}, "sk": {"S": f"s{n:02}"}, "gpk": {"S": "g"}, "gsk": {"S": f"{n % 5}"}}
        wire.call("PutItem", {"TableName": "indexed", "Item": item})
    wire.call(
        "Query",
        {
            "TableName": "indexed",
            "IndexName": "gsi",
            "KeyConditionExpression": "gpk = :g AND gsk BETWEEN :a AND :b",
            "ExpressionAttributeValues": {":g": {"S": "g"}, ":a": {"S": "1"}, ":b": {"S": "3"}},
            "Limit": 4,
        },
    )
    failing = [  # moto's error answers: 400s with their __type, as the SDK reads them
        ("DescribeTable", {"TableName": "missing"}),
        ("GetItem", {"TableName": "missing", "Key": {"PK": {"S": "a"}}}),
        ("PutItem", {"TableName": TABLE, "Item": {"PK": {"S": ""}}}),
        ("PutItem", {"TableName": "indexed", "Item": {"pk": {"S": "a"}}}),
        ("UpdateItem", {"TableName": TABLE, "Key": {"PK": {"S": "a"}}, "UpdateExpression": "SET = 1"}),
        (
            "PutItem",
            {
                "TableName": TABLE,
                "Item": {"PK": {"S": "p1"}},
                "ConditionExpression": "attribute_not_exists(PK)",
            },
        ),
        (
            "TransactWriteItems",
            {
                "TransactItems": [
                    {"Put": {"TableName": TABLE, "Item": {"PK": {"S": "t"}}}},
                    {
                        "ConditionCheck": {
                            "TableName": TABLE,
                            "Key": {"PK": {"S": "nobody"}},
                            "ConditionExpression": "attribute_exists(PK)",
                        }
                    },
                ]
            },
        ),
        ("Query", {"TableName": "indexed", "KeyConditionExpression": "sk = :s"}),
    ]
    for action, params in failing:
        wire.call(action, params)
    client.describe_table(TableName="indexed")
    client.list_tables()
    signed = dict(wire.headers)
    for body in (b"not json", b"", b"[]", b'{"TableName": 3}', b"\xff\xfe", b'{"TableName": "requests"}'):
        with contextlib.suppress(Exception):  # moto answers some, crashes on others: both are kept
            wire.raw(body, {**signed, "X-Amz-Target": "DynamoDB_20120810.GetItem"})
    with pytest.raises(
        Exception, match="NoSuchOperation"
    ):  # moto's crash reaches the server, as through Flask
        wire.raw(b"{}", {**signed, "X-Amz-Target": "DynamoDB_20120810.NoSuchOperation"})
    wire.raw(b"{}", {**signed, "Origin": "http://localhost:3000"})  # Flask's CORS answers
    wire.raw(b"{}", {**signed, "X-Amz-Target": "DynamoDB_20120810.ListTables"}, method="GET")


def _answers(seed: int, direct: bool) -> list[tuple[Any, ...]]:
    get_backend("dynamodb").reset()
    moto_direct.enabled(direct)
    try:
        wire = Wire()
        _scenario(wire, seed)
        return [_comparable(answer) for answer in wire.answers]
    finally:
        moto_direct.enabled(True)
        get_backend("dynamodb").reset()


@pytest.fixture(autouse=True)
def _speedups():
    moto_speedups.apply()


@pytest.mark.parametrize("seed", range(3))
def test_dynamodb_answers_without_flask_are_the_apps_answers(seed, monkeypatch):
    through_flask = _answers(seed, direct=False)
    answered = []
    original = moto_direct.answer
    monkeypatch.setattr(moto_direct, "answer", lambda *args: answered.append(1) or original(*args))
    direct = _answers(seed, direct=True)
    assert len(direct) == len(through_flask) > 50
    for number, (fast, moto) in enumerate(zip(direct, through_flask, strict=True)):
        assert fast == moto, number
    assert len(answered) == len(direct) - 2  # all but the request with an Origin and the GET


@pytest.mark.parametrize("refusal", ["http", "client"])
def test_a_werkzeug_http_error_or_a_client_error_is_answered_as_flask_answers_it(refusal, monkeypatch):
    original = DynamoHandler.setup_class

    def refusing(self, request, *args, **kwargs):
        if request.headers.get("X-Refuse") == "http":
            raise BadRequest("refused here")
        if request.headers.get("X-Refuse") == "client":  # moto's view answers it as a 400
            raise ClientError({"Error": {"Code": "Refused", "Message": "refused here"}}, "GetItem")
        return original(self, request, *args, **kwargs)

    monkeypatch.setattr(DynamoHandler, "setup_class", refusing)
    answers = []
    for direct in (False, True):
        moto_direct.enabled(direct)
        try:
            wire = Wire()
            wire.client.list_tables()
            answers.append(_comparable(wire.raw(b"{}", {**wire.headers, "X-Refuse": refusal})))
        finally:
            moto_direct.enabled(True)
    assert answers[0] == answers[1]
    assert answers[0][0] == 400 and b"refused here" in answers[0][2]


def test_the_sdk_reads_the_servers_answers_crc32_checked():
    moto_speedups.apply()
    server = ThreadedMotoServer(ip_address="127.0.0.1", port=embedded.free_port(), verbose=False)
    server.start()
    try:
        host, port = server.get_host_and_port()
        client = hash_key_table("served", f"http://{host}:{port}")
        client.put_item(TableName="served", Item={"PK": {"S": "a"}, "n": {"N": "1.50"}, "z": {"S": "Zoë"}})
        got = client.get_item(TableName="served", Key={"PK": {"S": "a"}})
        assert got["Item"] == {"PK": {"S": "a"}, "n": {"N": "1.50"}, "z": {"S": "Zoë"}}
        with pytest.raises(ClientError) as caught:
            client.put_item(
                TableName="served", Item={"PK": {"S": "a"}}, ConditionExpression="attribute_not_exists(PK)"
            )
        assert caught.value.response["Error"]["Code"] == "ConditionalCheckFailedException"
        with pytest.raises(client.exceptions.ResourceNotFoundException):
            client.get_item(TableName="absent", Key={"PK": {"S": "a"}})
    finally:
        server.stop()
        get_backend("dynamodb").reset()


def test_request_ids_are_drawn_as_motos_are():
    from moto.moto_api._internal import mock_random

    ids = []
    for direct in (False, True, True):
        moto_direct.enabled(direct)
        try:
            wire = Wire()
            wire.client.list_tables()
            ids.append(dict(wire.answers[-1][1])[REQUEST_ID])
        finally:
            moto_direct.enabled(True)
    assert len({len(drawn) for drawn in ids}) == 1 and len(set(ids)) == 3
    assert set("".join(ids)) <= set(string.ascii_letters + string.digits)
    assert len(set("".join(ids[1:]))) > 30  # letters of both cases and digits, not one class
    mock_random.seed(7)
    first = moto_direct.request_id()
    mock_random.seed(7)
    assert moto_direct.request_id() == first  # a seeded moto repeats its ids
