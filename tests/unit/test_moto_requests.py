"""The embedded moto reads a plain DynamoDB item request exactly as its own parser reads it."""

from __future__ import annotations

import random

import boto3
import pytest
from moto.core.parse import PROTOCOL_PARSERS
from moto.core.responses import get_service_model

from chalicelocal import moto_requests
from tests.unit.dynamodb_requests import requests


def _wire(client, action: str, params: dict) -> bytes:
    operation = client.meta.service_model.operation_model(action)
    return client._serializer.serialize_to_request(params, operation)["body"]  # noqa: SLF001


def _moto_parse(action: str, body: bytes) -> dict:
    operation = get_service_model("dynamodb").operation_model(action)
    parser = PROTOCOL_PARSERS["json"](operation, map_type=dict)
    return parser.parse(
        {"method": "POST", "values": {}, "headers": {}, "body": body, "url_path": "/", "url_params": {}}
    )


def _bodies(seed: int, plain: bool):
    client = boto3.client("dynamodb", region_name="eu-west-2", endpoint_url="http://127.0.0.1:9")
    for action, params in requests(random.Random(seed), plain=plain):  # noqa: S311
        yield action, _wire(client, action, params)


@pytest.mark.parametrize("seed", range(6))
def test_a_plain_request_reads_as_motos_parser_reads_it(seed):
    for action, body in _bodies(seed, plain=True):
        assert moto_requests.plain_body(action, body) == _moto_parse(action, body), action


@pytest.mark.parametrize("seed", range(6))
def test_binary_and_null_values_and_other_operations_go_to_motos_parser(seed):
    for action, body in _bodies(seed, plain=False):
        plain = moto_requests.plain_body(action, body)
        assert plain is None or plain == _moto_parse(action, body), action
    assert moto_requests.plain_body("PutItem", b'{"TableName": "t", "Item": {"b": {"B": "AA=="}}}') is None
    null_type = b'{"TableName": "t", "Item": {"n": {"NULL": true}}}'
    assert moto_requests.plain_body("PutItem", null_type) is not None
    assert moto_requests.plain_body("CreateTable", b'{"TableName": "t"}') is None
    assert moto_requests.plain_body("PutItem", b"not json") is None
