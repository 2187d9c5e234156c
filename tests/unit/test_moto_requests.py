"""The embedded moto reads a plain DynamoDB item request exactly as its own parser reads it."""

from __future__ import annotations

import json
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


TRICKY = [
    b'{"Limit": 123456789012345678901234567890}',  # orjson: a float
    b'{"Limit": 18446744073709551615}',
    b'{"Limit": 18446744073709551616}',
    b'{"Limit": -9223372036854775809}',
    b'{"a": 1e400}',
    b'{"a": -1e400}',
    b'{"a": NaN}',
    b'{"a": Infinity}',
    b'{"a": 1, "a": 2}',
    b'{"a": {"S": "x"}, "b": 3, "a": {"N": "1"}}',
    b'{"a": "\\ud800"}',
    b'{"a": "\\udc00\\ud800"}',
    b'{"a": "\\ud83d\\ude00"}',
    b'\xef\xbb\xbf{"a": 1}',
    '{"a": 1}'.encode("utf-16"),
    '{"a": "é"}'.encode("utf-32"),
    b'{"a": "\xff"}',
    b'{"a": "\xed\xa0\x80"}',  # a surrogate encoded as UTF-8
    b'{"a": 0.1, "b": -0.0, "c": 1E5, "d": 4.9e-325, "e": 2.2250738585072011e-308}',
    b'{"a": 0.30000000000000004, "b": 9007199254740993, "c": 1.7976931348623157e308}',
    b'{"a": "\\u0000", "b": "\\/", "c": "\\b\\f\\n\\r\\t"}',
    b' \t\n{"a": [1, 2, {"b": null}]}\r\n ',
    b'{"a": 1}\x00',
    b'{"a": 1} {"b": 2}',
    b'{"a": 01}',
    b'{"a": 1.}',
    b'{"a": tru}',
    b"{'a': 1}",
    b'{"a": 1,}',
    b"[" * 2000 + b"]" * 2000,
    b'{"x": ' + b"[" * 600 + b"]" * 600 + b"}",
    b"",
    b"[]",
]


def _read(body: bytes) -> str:
    try:
        return repr(moto_requests._loads(body))  # noqa: SLF001 (the reading itself is what is compared)
    except (ValueError, RecursionError) as error:
        return f"refused: {type(error).__name__}"


def _both(body: bytes) -> tuple[str, str]:
    moto_requests.enabled(False)
    try:
        plain = _read(body)
    finally:
        moto_requests.enabled(True)
    return plain, _read(body)


@pytest.mark.parametrize("body", TRICKY)
def test_orjson_reads_a_body_as_json_loads_does_or_leaves_it_to_json(body):
    plain, fast = _both(body)
    assert fast == plain  # repr: 1 and 1.0, -0.0 and 0.0, key order and surrogates all show


def _random_document(rng: random.Random, depth: int = 0):
    kind = rng.randrange(8 if depth < 4 else 5)
    if kind == 0:
        return rng.choice(
            [rng.randrange(-(10**25), 10**25), rng.randrange(-1000, 1000), 2**63, -(2**63), 2**64]
        )
    if kind == 1:
        return rng.choice([rng.uniform(-1e6, 1e6), rng.random() * 10 ** rng.randrange(-320, 308), -0.0])
    if kind == 2:
        return "".join(
            chr(rng.choice([rng.randrange(32, 127), rng.randrange(128, 0xD800), 0x1F600])) for _ in range(5)
        )
    if kind == 3:
        return rng.choice([True, False, None])
    if kind == 4:
        return str(rng.randrange(10 ** rng.randrange(1, 40)))
    if kind == 5:
        return [_random_document(rng, depth + 1) for _ in range(rng.randrange(4))]
    return {f"k{rng.randrange(6)}": _random_document(rng, depth + 1) for _ in range(rng.randrange(5))}


@pytest.mark.parametrize("seed", range(4))
def test_orjson_reads_random_documents_as_json_loads_does(seed):
    rng = random.Random(seed)  # noqa: S311
    for _ in range(300):
        text = json.dumps(_random_document(rng), ensure_ascii=rng.random() < 0.5)
        if rng.random() < 0.3:  # numbers as a hand-written client might send them
            text = text.replace(".0,", ".00,").replace("e-", "E-")
        plain, fast = _both(text.encode())
        assert fast == plain, text
