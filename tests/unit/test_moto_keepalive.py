"""The local stack's moto server keeps connections open (`chalicelocal/moto_keepalive.py`) and
answers every request as moto's own server does: the same statuses and bodies, one request after
another on one connection, whatever the request's body (by length, chunked, none) or the answer's
(HEAD, 204, errors)."""

from __future__ import annotations

import http.client
import json
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
import urllib3.connection
from moto.moto_server.threaded_moto_server import ThreadedMotoServer

from chalicelocal import embedded, moto_speedups
from chalicelocal.moto_keepalive import KeepAliveMotoServer
from tests.functional.moto_server import reset
from tests.unit.moto_tables import hash_key_table

DYNAMODB_JSON = {"Content-Type": "application/x-amz-json-1.0"}
AUTH = (
    "AWS4-HMAC-SHA256 Credential=almoner-local/20261127/{region}/{service}/aws4_request, "
    "SignedHeaders=host, Signature=0"
)


@contextmanager
def served(server_class: type[ThreadedMotoServer]) -> Iterator[tuple[str, int]]:
    moto_speedups.apply()
    server = server_class(ip_address="127.0.0.1", port=embedded.free_port(), verbose=False)
    server.start()
    host, port = server.get_host_and_port()
    try:
        yield host, port
    finally:
        reset(f"http://{host}:{port}")
        server.stop()


def _headers(service: str, extra: dict[str, str] | None = None) -> dict[str, str]:
    region = "us-east-1" if service == "s3" else "eu-west-2"  # a bucket there needs no location
    return {"Authorization": AUTH.format(region=region, service=service), **(extra or {})}


def _dynamodb(target: str, body: dict[str, Any]) -> tuple[str, str, bytes, dict[str, str]]:
    headers = _headers("dynamodb", {**DYNAMODB_JSON, "X-Amz-Target": f"DynamoDB_20120810.{target}"})
    return "POST", "/", json.dumps(body).encode(), headers


def _conversation() -> list[tuple[str, str, Any, dict[str, str]]]:
    """Requests of every shape the local stack sees: JSON POSTs, S3 objects sent by length and
    chunked, read back, HEAD (a length and no body), a 204, and errors."""
    table = {
        "TableName": "kept",
        "BillingMode": "PAY_PER_REQUEST",
        "AttributeDefinitions": [{"AttributeName": "PK", "AttributeType": "S"}],
        "KeySchema": [{"AttributeName": "PK", "KeyType": "HASH"}],
    }
    s3 = _headers("s3")
    chunks = iter([b"first part, ", b"second part"])
    return [
        _dynamodb("CreateTable", table),
        _dynamodb("PutItem", {"TableName": "kept", "Item": {"PK": {"S": "a"}, "name": {"S": "Zoë"}}}),
        _dynamodb("GetItem", {"TableName": "kept", "Key": {"PK": {"S": "a"}}}),
        _dynamodb("GetItem", {"TableName": "missing", "Key": {"PK": {"S": "a"}}}),  # a 400
        ("PUT", "/kept-bucket", b"", s3),
        ("PUT", "/kept-bucket/by-length.txt", b"x" * 70_000, s3),
        ("PUT", "/kept-bucket/chunked.txt", chunks, {**s3, "Transfer-Encoding": "chunked"}),
        ("HEAD", "/kept-bucket/by-length.txt", None, s3),
        ("GET", "/kept-bucket/chunked.txt", None, s3),
        ("GET", "/kept-bucket/by-length.txt", None, s3),
        ("GET", "/kept-bucket/absent.txt", None, s3),  # a 404 with a body
        ("DELETE", "/kept-bucket/chunked.txt", None, s3),  # a 204
        _dynamodb("ListTables", {}),
    ]


def _talk(host: str, port: int) -> tuple[list[tuple[int, bytes, str | None]], int]:
    """The conversation on ONE connection: each answer's status, body and length header, and how
    many sockets the connection opened."""
    connection = http.client.HTTPConnection(host, port, timeout=30)
    sockets = 0
    answers = []
    for method, path, body, headers in _conversation():
        if connection.sock is None:
            sockets += 1
        chunked = headers.get("Transfer-Encoding") == "chunked"
        connection.request(method, path, body=body, headers=headers, encode_chunked=chunked)
        response = connection.getresponse()
        answers.append((response.status, response.read(), response.getheader("Content-Length")))
    connection.close()
    return answers, sockets


def test_one_connection_carries_the_whole_conversation_with_moto_s_own_answers():
    with served(KeepAliveMotoServer) as (host, port):
        kept, sockets = _talk(host, port)
    with served(ThreadedMotoServer) as (host, port):
        plain, _ = _talk(host, port)
    assert sockets == 1
    assert [(status, _steady(body)) for status, body, _ in kept] == [
        (status, _steady(body)) for status, body, _ in plain
    ]
    statuses = [status for status, _, _ in kept]
    assert statuses == [200, 200, 200, 400, 200, 200, 200, 200, 200, 200, 404, 204, 200]
    assert kept[8][1] == b"first part, second part"  # the chunked upload, whole
    assert kept[7][1] == b"" and kept[7][2] == "70000"  # HEAD: the object's length, no body
    assert kept[9][1] == b"x" * 70_000


def test_a_client_that_asks_to_close_is_closed():
    with served(KeepAliveMotoServer) as (host, port):
        connection = http.client.HTTPConnection(host, port, timeout=30)
        method, path, body, headers = _dynamodb("ListTables", {})
        connection.request(method, path, body=body, headers={**headers, "Connection": "close"})
        response = connection.getresponse()
        assert response.status == 200
        assert response.getheader("Connection") == "close"
        response.read()
        assert response.will_close


def test_a_request_whose_length_is_not_a_number_ends_its_connection():
    with served(KeepAliveMotoServer) as (host, port):
        connection = http.client.HTTPConnection(host, port, timeout=30)
        method, path, body, headers = _dynamodb("ListTables", {})
        connection.putrequest(method, path)
        for name, value in {**headers, "Content-Length": "two"}.items():
            connection.putheader(name, value)
        connection.endheaders(body)
        response = connection.getresponse()
        response.read()
        assert response.getheader("Connection") == "close"


def _steady(body: bytes) -> bytes:
    """The body without what differs from one run to the next (a table's creation time, request
    ids)."""
    body = re.sub(rb'"CreationDateTime": [0-9.]+', b"", body)
    return re.sub(rb"<RequestId>[^<]*</RequestId>", b"", body)


@pytest.fixture
def new_connections(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    opened: list[int] = []
    original = urllib3.connection.HTTPConnection._new_conn

    def counted(self: Any) -> Any:
        opened.append(1)
        return original(self)

    monkeypatch.setattr(urllib3.connection.HTTPConnection, "_new_conn", counted)
    return opened


def test_the_sdk_reuses_its_connection_call_after_call(new_connections: list[int]):
    with served(KeepAliveMotoServer) as (host, port):
        client = hash_key_table("reused", f"http://{host}:{port}")
        for n in range(50):
            client.put_item(TableName="reused", Item={"PK": {"S": f"k{n}"}, "n": {"N": str(n)}})
        count = client.scan(TableName="reused", Select="COUNT")["Count"]
    assert count == 50
    assert len(new_connections) == 1  # 52 calls, one connection (werkzeug's own server: 52)
