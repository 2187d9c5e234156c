"""The local stack's TransactWriteItems keeps moto's all-or-nothing behaviour without copying
the table."""

from __future__ import annotations

import bisect
import random

import boto3
import pytest
from botocore.exceptions import ClientError
from moto import mock_aws
from moto.dynamodb.models.dynamo_type import DynamoType

from chalicelocal import moto_speedups
from tests.unit.moto_tables import hash_key_table, index, key_schema

TABLE = "speedups"


@pytest.fixture
def dynamodb():
    moto_speedups.apply()
    with mock_aws():
        client = hash_key_table(TABLE)
        client.put_item(TableName=TABLE, Item={"PK": {"S": "a"}, "n": {"N": "1"}})
        client.put_item(TableName=TABLE, Item={"PK": {"S": "gone"}, "n": {"N": "5"}})
        yield client


def _items(client):
    return {i["PK"]["S"]: i for i in client.scan(TableName=TABLE)["Items"]}


def _failing_transaction(client):
    client.transact_write_items(
        TransactItems=[
            {"Put": {"TableName": TABLE, "Item": {"PK": {"S": "new"}}}},
            {
                "Update": {
                    "TableName": TABLE,
                    "Key": {"PK": {"S": "a"}},
                    "UpdateExpression": "SET n = :two",
                    "ExpressionAttributeValues": {":two": {"N": "2"}},
                }
            },
            {"Delete": {"TableName": TABLE, "Key": {"PK": {"S": "gone"}}}},
            {
                "ConditionCheck": {
                    "TableName": TABLE,
                    "Key": {"PK": {"S": "missing"}},
                    "ConditionExpression": "attribute_exists(PK)",
                }
            },
        ]
    )


def test_a_cancelled_transaction_leaves_every_item_as_it_was(dynamodb):
    before = _items(dynamodb)
    with pytest.raises(ClientError) as caught:
        _failing_transaction(dynamodb)
    assert caught.value.response["Error"]["Code"] == "TransactionCanceledException"
    assert _items(dynamodb) == before


def test_a_committed_transaction_applies_every_write(dynamodb):
    dynamodb.put_item(TableName=TABLE, Item={"PK": {"S": "missing"}})
    _failing_transaction(dynamodb)
    items = _items(dynamodb)
    assert "new" in items and "gone" not in items and items["a"]["n"] == {"N": "2"}


def test_other_deep_copies_in_moto_still_copy():
    moto_speedups.apply()
    from moto.dynamodb import models

    value = {"nested": [1, 2]}
    assert models.copy.deepcopy(value) is not value


# --- Query: the speed-up answers every query exactly as moto's full walk does -----------------

QUERY_TABLE = "speedups-query"


@pytest.fixture(autouse=True)
def _query_speedup_left_as_found():
    """Other suites (functional) run on plain moto in the same worker: leave the switch as found."""
    before = moto_speedups._query_enabled
    yield
    moto_speedups._query_enabled = before


@pytest.fixture
def query_table():
    moto_speedups.apply()
    with mock_aws():
        client = boto3.client("dynamodb", region_name="eu-west-2")
        client.create_table(
            TableName=QUERY_TABLE,
            BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[
                {"AttributeName": name, "AttributeType": kind}
                for name, kind in (
                    ("PK", "S"),
                    ("SK", "S"),
                    ("G1PK", "S"),
                    ("G1SK", "S"),
                    ("G2PK", "S"),
                    ("G2SK", "N"),
                    ("G3PK", "S"),
                    ("LSK", "N"),
                )
            ],
            KeySchema=key_schema("PK", "SK"),
            GlobalSecondaryIndexes=[
                index("GSI1", "G1PK", "G1SK"),
                index("GSI2", "G2PK", "G2SK", {"ProjectionType": "INCLUDE", "NonKeyAttributes": ["n"]}),
                index("GSI3", "G3PK", projection={"ProjectionType": "KEYS_ONLY"}),
            ],
            LocalSecondaryIndexes=[index("LSI", "PK", "LSK")],
        )
        yield client


STRINGS = ["a", "ab", "abc", "b", "b#1", "b#10", "b#2", "ba", "c", "zz"]
NUMBERS = ["-3", "-1.5", "0", "1", "2", "2.5", "10", "100"]


def _random_item(rng, pk=None, sk=None):
    item = {
        "PK": {"S": pk or rng.choice(["p0", "p1", "p2"])},
        "SK": {"S": sk or rng.choice(STRINGS) + str(rng.randint(0, 30))},
        "n": {"N": str(rng.randint(0, 9))},
        "s": {"S": rng.choice(STRINGS)},
    }
    for name, values, kind in (
        ("G1PK", ["g0", "g1"], "S"),
        ("G1SK", STRINGS, "S"),
        ("G2PK", ["h0", "h1"], "S"),
        ("G2SK", NUMBERS, "N"),
        ("G3PK", ["k0", "k1"], "S"),
        ("LSK", NUMBERS, "N"),
    ):
        if rng.random() < 0.75:  # sparse indexes: some items lack a key attribute
            item[name] = {kind: rng.choice(values)}
    return item


def _existing_key(client, rng):
    items = client.scan(TableName=QUERY_TABLE, ProjectionExpression="PK, SK")["Items"]
    return rng.choice(items) if items else {"PK": {"S": "p0"}, "SK": {"S": "a0"}}


def _write(client, rng):
    """One random write through one of moto's write paths."""
    kind = rng.choice(["put", "put", "update", "update", "delete", "batch", "transact", "cancelled"])
    if kind == "put":
        client.put_item(TableName=QUERY_TABLE, Item=_random_item(rng))
    elif kind == "update":
        key = _existing_key(client, rng) if rng.random() < 0.8 else _random_item(rng)
        names = rng.sample(["G1PK", "G1SK", "G2SK", "G3PK", "LSK", "n"], 2)
        values = {"G1PK": "g1", "G1SK": rng.choice(STRINGS), "G3PK": "k0", "n": "7"}
        if rng.random() < 0.4:
            client.update_item(
                TableName=QUERY_TABLE,
                Key={"PK": key["PK"], "SK": key["SK"]},
                UpdateExpression="REMOVE " + ", ".join(names),
            )
        else:
            client.update_item(
                TableName=QUERY_TABLE,
                Key={"PK": key["PK"], "SK": key["SK"]},
                UpdateExpression="SET " + ", ".join(f"{name} = :{name}" for name in names),
                ExpressionAttributeValues={
                    f":{name}": (
                        {"N": rng.choice(NUMBERS)}
                        if name in ("G2SK", "LSK")
                        else {"S": values.get(name, "x")}
                    )
                    if name != "n"
                    else {"N": "7"}
                    for name in names
                },
            )
    elif kind == "delete":
        key = _existing_key(client, rng)
        client.delete_item(TableName=QUERY_TABLE, Key={"PK": key["PK"], "SK": key["SK"]})
    elif kind == "batch":
        requests = [{"PutRequest": {"Item": _random_item(rng, sk=f"batch{n}")}} for n in range(3)]
        key = _existing_key(client, rng)
        requests.append({"DeleteRequest": {"Key": {"PK": key["PK"], "SK": key["SK"]}}})
        client.batch_write_item(RequestItems={QUERY_TABLE: requests})
    else:
        key = _existing_key(client, rng)
        items = [
            {
                "Put": {
                    "TableName": QUERY_TABLE,
                    "Item": _random_item(rng, pk="p1", sk=f"tx{rng.randint(0, 9)}"),
                }
            },
            {
                "Update": {
                    "TableName": QUERY_TABLE,
                    "Key": {"PK": key["PK"], "SK": key["SK"]},
                    "UpdateExpression": "SET G1SK = :v, G1PK = :g",
                    "ExpressionAttributeValues": {":v": {"S": rng.choice(STRINGS)}, ":g": {"S": "g0"}},
                }
            },
        ]
        if kind == "cancelled":
            items.append(
                {
                    "ConditionCheck": {
                        "TableName": QUERY_TABLE,
                        "Key": {"PK": {"S": "missing"}, "SK": {"S": "missing"}},
                        "ConditionExpression": "attribute_exists(PK)",
                    }
                }
            )
        try:
            client.transact_write_items(TransactItems=items)
        except ClientError as error:
            assert error.response["Error"]["Code"] == "TransactionCanceledException"


INDEXES = {
    None: ("PK", ["p0", "p1", "p2"], "SK", "S"),
    "GSI1": ("G1PK", ["g0", "g1"], "G1SK", "S"),
    "GSI2": ("G2PK", ["h0", "h1"], "G2SK", "N"),
    "GSI3": ("G3PK", ["k0", "k1"], None, None),
    "LSI": ("PK", ["p0", "p1", "p2"], "LSK", "N"),
}


def _random_query(rng):
    index = rng.choice(list(INDEXES))
    hash_name, hash_values, range_name, kind = INDEXES[index]
    values = {":h": {"S": rng.choice(hash_values)}}
    condition = "#h = :h"
    names = {"#h": hash_name}
    if range_name is not None and rng.random() < 0.75:
        names["#r"] = range_name
        pool = [s + str(rng.randint(0, 30)) if index is None and rng.random() < 0.5 else s for s in STRINGS]
        pick = (lambda: {"S": rng.choice(pool)}) if kind == "S" else (lambda: {"N": rng.choice(NUMBERS)})
        operator = rng.choice(
            ["=", "<", "<=", ">", ">=", "BETWEEN"] + (["begins_with"] if kind == "S" else [])
        )
        if operator == "BETWEEN":
            low, high = sorted([pick(), pick()], key=lambda value: next(iter(value.values())))
            if kind == "N":
                low, high = sorted([low, high], key=lambda value: float(value["N"]))
            values.update({":a": low, ":b": high})
            condition += " AND #r BETWEEN :a AND :b"
        elif operator == "begins_with":
            values[":a"] = {"S": rng.choice(["a", "ab", "b", "b#", "b#1", "c", "q"])}
            condition += " AND begins_with(#r, :a)"
        else:
            values[":a"] = pick()
            condition += f" AND #r {operator} :a"
    request = {
        "TableName": QUERY_TABLE,
        "KeyConditionExpression": condition,
        "ExpressionAttributeNames": names,
        "ExpressionAttributeValues": values,
        "ScanIndexForward": rng.random() < 0.5,
    }
    if index is not None:
        request["IndexName"] = index
    if rng.random() < 0.8:
        request["Limit"] = rng.choice([1, 3, 5, 50])
    if rng.random() < 0.3:
        request["FilterExpression"] = "n > :f"
        request["ExpressionAttributeValues"][":f"] = {"N": str(rng.randint(0, 9))}
    if rng.random() < 0.15:
        request["Select"] = "COUNT"
    elif rng.random() < 0.2 and index in (None, "GSI1", "LSI"):
        request["ProjectionExpression"] = "PK, SK, #s"
        request["ExpressionAttributeNames"]["#s"] = "s"
    if rng.random() < 0.1:
        request["ConsistentRead"] = True
    return request


def _answer(client, request):
    try:
        reply = client.query(**request)
    except ClientError as error:
        return {"error": error.response["Error"]["Code"]}
    reply.pop("ResponseMetadata", None)
    return reply


def _random_start_key(client, request, rng):
    """The key of a random item of the queried partition (in or out of the key condition)."""
    index = request.get("IndexName")
    hash_name, _, range_name, _ = INDEXES[index]
    partition = {
        "TableName": QUERY_TABLE,
        "KeyConditionExpression": "#h = :h",
        "ExpressionAttributeNames": {"#h": hash_name},
        "ExpressionAttributeValues": {":h": request["ExpressionAttributeValues"][":h"]},
    }
    if index is not None:
        partition["IndexName"] = index
    with moto_speedups.query_speedup(False):
        items = client.query(**partition)["Items"]
    if not items:
        return None
    item = rng.choice(items)
    return {name: item[name] for name in {"PK", "SK", hash_name, range_name} - {None}}


def _pages(client, request, rng):
    """Every page of `request` with the speed-up off and on; the start keys come from moto."""
    pages = []
    if rng.random() < 0.3:
        start = _random_start_key(client, request, rng)
        if start is not None:
            request = {**request, "ExclusiveStartKey": start}
    for _ in range(8):
        with moto_speedups.query_speedup(False):
            expected = _answer(client, request)
        with moto_speedups.query_speedup(True):
            actual = _answer(client, request)
        pages.append((expected, actual))
        if "LastEvaluatedKey" not in expected:
            break
        request = {**request, "ExclusiveStartKey": expected["LastEvaluatedKey"]}
    return pages


@pytest.mark.parametrize(("seed", "block"), [(0, 512), (1, 512), (2, 512), (3, 2), (4, 3)])
def test_queries_answer_as_moto_does_through_every_write_path(query_table, seed, block, monkeypatch):
    monkeypatch.setattr(moto_speedups._Sorted, "BLOCK", block)  # small blocks: split, emptied, many
    rng = random.Random(seed)  # noqa: S311
    for _ in range(60):
        query_table.put_item(TableName=QUERY_TABLE, Item=_random_item(rng))
    for step in range(60):
        if rng.random() < 0.4:
            _write(query_table, rng)
        request = _random_query(rng)
        for expected, actual in _pages(query_table, request, rng):
            assert actual == expected, (seed, step, request)


def test_a_page_hands_moto_only_a_page_of_candidates(query_table, monkeypatch):
    for n in range(300):
        query_table.put_item(
            TableName=QUERY_TABLE,
            Item={
                "PK": {"S": "t"},
                "SK": {"S": f"d{n:04d}"},
                "G1PK": {"S": "g"},
                "G1SK": {"S": f"{n % 97:03d}"},
            },
        )
    seen = []
    original = moto_speedups._candidates

    def spy(table, arguments):
        chosen = original(table, arguments)
        seen.append(len(chosen))
        return chosen

    monkeypatch.setattr(moto_speedups, "_candidates", spy)
    reply = query_table.query(
        TableName=QUERY_TABLE,
        IndexName="GSI1",
        KeyConditionExpression="G1PK = :g AND G1SK > :s",
        ExpressionAttributeValues={":g": {"S": "g"}, ":s": {"S": "050"}},
        ScanIndexForward=False,
        Limit=20,
    )
    query_table.query(
        TableName=QUERY_TABLE,
        KeyConditionExpression="PK = :p AND begins_with(SK, :s)",
        ExpressionAttributeValues={":p": {"S": "t"}, ":s": {"S": "d01"}},
        ExclusiveStartKey={"PK": {"S": "t"}, "SK": {"S": "d0150"}},
        Limit=20,
    )
    assert len(reply["Items"]) == 20 and "LastEvaluatedKey" in reply
    assert seen == [22, 22]


def test_a_query_answers_with_copies_and_leaves_stored_items_alone(query_table):
    # GIVEN stored items read by a narrowed query with a filter and a projection (moto copied
    # every item read; the speed-up hands the stored items to the filter and the response)
    from moto.dynamodb.models import table as table_module
    from moto.dynamodb.responses import DynamoResult

    for n in range(30):
        item = {"PK": {"S": "t"}, "SK": {"S": f"d{n:03d}"}, "tags": {"L": [{"S": "a"}]}, "n": {"N": "1"}}
        query_table.put_item(TableName=QUERY_TABLE, Item=item)
    reply = query_table.query(
        TableName=QUERY_TABLE,
        KeyConditionExpression="PK = :p",
        FilterExpression="size(tags) = :one",
        ProjectionExpression="SK, tags",
        ExpressionAttributeValues={":p": {"S": "t"}, ":one": {"N": "1"}},
        Limit=5,
    )
    assert [i["SK"]["S"] for i in reply["Items"]] == [f"d{n:03d}" for n in range(5)]
    # THEN the stored items are as written (the projection and filter built their own)
    stored = query_table.get_item(TableName=QUERY_TABLE, Key={"PK": {"S": "t"}, "SK": {"S": "d000"}})
    assert stored["Item"] == {
        "PK": {"S": "t"},
        "SK": {"S": "d000"},
        "tags": {"L": [{"S": "a"}]},
        "n": {"N": "1"},
    }
    # AND moto's response still copies what it answers into plain values (what the speed-up
    # relies on instead of moto's copy before the filter)
    value = DynamoType({"L": [{"S": "a"}]})
    answered = DynamoResult({"Items": [{"tags": value}]}).result["Items"][0]["tags"]
    assert answered == {"L": [{"S": "a"}]} and answered["L"] is not value.value
    # AND outside a query the table module's copies are real copies
    listed = [{"nested": [1, 2]}]
    assert table_module.copy.deepcopy(listed)[0] is not listed[0]


def test_a_page_still_ends_at_one_megabyte_after_items_grow_in_place(query_table):
    # GIVEN items of ~100 KB read once (the speed-up keeps each item's size on it) ...
    for n in range(14):
        item = {"PK": {"S": "big"}, "SK": {"S": f"i{n:02d}"}, "payload": {"S": "x" * 100_000}}
        query_table.put_item(TableName=QUERY_TABLE, Item=item)
    request = {
        "TableName": QUERY_TABLE,
        "KeyConditionExpression": "PK = :p",
        "ExpressionAttributeValues": {":p": {"S": "big"}},
    }
    first = query_table.query(**request)
    # ... then grown to ~300 KB in place by UpdateItem, directly and in a transaction
    grow = {"UpdateExpression": "SET payload = :b", "ExpressionAttributeValues": {":b": {"S": "y" * 300_000}}}
    query_table.update_item(TableName=QUERY_TABLE, Key={"PK": {"S": "big"}, "SK": {"S": "i00"}}, **grow)
    query_table.transact_write_items(
        TransactItems=[
            {"Update": {"TableName": QUERY_TABLE, "Key": {"PK": {"S": "big"}, "SK": {"S": "i01"}}, **grow}}
        ]
    )
    # THEN the pages end where moto's own walk ends them, before and after
    ours = query_table.query(**request)
    with moto_speedups.query_speedup(False):
        theirs = query_table.query(**request)
    assert len(first["Items"]) == 9  # moto ends a page before 1,000,000 bytes
    assert [i["SK"] for i in ours["Items"]] == [i["SK"] for i in theirs["Items"]]
    assert ours["LastEvaluatedKey"] == theirs["LastEvaluatedKey"] and len(ours["Items"]) < 9


def test_a_page_of_a_key_condition_ends_where_moto_ends_it_after_a_big_neighbour(query_table):
    # GIVEN a big item just before a run of small ones (a claim's chunk items before its lines)
    big = {"PK": {"S": "claim"}, "SK": {"S": "CHUNK#1"}, "payload": {"S": "x" * 300_000}}
    query_table.put_item(TableName=QUERY_TABLE, Item=big)
    for n in range(2_400):
        item = {"PK": {"S": "claim"}, "SK": {"S": f"LINE#{n:05d}"}, "payload": {"S": "y" * 450}}
        query_table.put_item(TableName=QUERY_TABLE, Item=item)
    request = {
        "TableName": QUERY_TABLE,
        "KeyConditionExpression": "PK = :p AND begins_with(SK, :s)",
        "ExpressionAttributeValues": {":p": {"S": "claim"}, ":s": {"S": "LINE#"}},
    }
    # WHEN the lines are read page by page, with the speed-up and with moto's own walk
    ours = query_table.query(**request)
    with moto_speedups.query_speedup(False):
        theirs = query_table.query(**request)
    # THEN the first page ends at moto's 1 MB with a key to go on from (the neighbour not counted)
    assert len(theirs["Items"]) < 2_400 and "LastEvaluatedKey" in theirs
    assert [i["SK"] for i in ours["Items"]] == [i["SK"] for i in theirs["Items"]]
    assert ours.get("LastEvaluatedKey") == theirs["LastEvaluatedKey"]


def test_a_restored_table_answers_from_its_own_items(query_table):
    rng = random.Random(11)  # noqa: S311
    for _ in range(40):
        query_table.put_item(TableName=QUERY_TABLE, Item=_random_item(rng))
    request = {
        "TableName": QUERY_TABLE,
        "IndexName": "GSI1",
        "KeyConditionExpression": "G1PK = :g",
        "ExpressionAttributeValues": {":g": {"S": "g0"}},
    }
    query_table.query(**request)  # builds the source table's indexes
    backup = query_table.create_backup(TableName=QUERY_TABLE, BackupName="before")["BackupDetails"][
        "BackupArn"
    ]
    query_table.restore_table_from_backup(TargetTableName="restored", BackupArn=backup)
    query_table.put_item(TableName=QUERY_TABLE, Item=_random_item(rng) | {"G1PK": {"S": "g0"}})
    restored = {**request, "TableName": "restored"}
    with moto_speedups.query_speedup(False):
        expected = _answer(query_table, restored)
    with moto_speedups.query_speedup(True):
        assert _answer(query_table, restored) == expected
    assert _answer(query_table, request)["Count"] == expected["Count"] + 1


EVERY_KIND = {
    "PK": {"S": "p1"},
    "SK": {"S": "every-kind"},
    "empty": {"S": ""},
    "number": {"N": "-12.50"},
    "binary": {"B": b"\x00\xffbytes"},
    "strings": {"SS": ["a", "b", "é"]},
    "numbers": {"NS": ["1", "2.5"]},
    "binaries": {"BS": [b"\x01", b"\x02\x03"]},
    "nothing": {"NULL": True},
    "yes": {"BOOL": True},
    "no": {"BOOL": False},
    "map": {"M": {"inner": {"L": [{"S": "x"}, {"N": "1"}, {"M": {}}, {"L": []}, {"B": b"z"}]}}},
    "empty_map": {"M": {}},
    "list": {"L": [{"NULL": True}, {"SS": ["q"]}]},
}


def _sets_sorted(value):  # type: ignore[no-untyped-def]
    if isinstance(value, dict):
        return {
            k: sorted(v) if k in ("SS", "NS", "BS") and isinstance(v, list) else _sets_sorted(v)
            for k, v in value.items()
        }
    if isinstance(value, list):
        return [_sets_sorted(v) for v in value]
    return value


@pytest.mark.parametrize(
    "operation", ["get_item", "query", "query_projected", "scan", "batch_get_item", "update_item"]
)
def test_responses_read_back_as_moto_writes_them(query_table, operation):
    # GIVEN an item with every kind of attribute value, nested, binary, empty
    query_table.put_item(TableName=QUERY_TABLE, Item=EVERY_KIND)
    key = {"PK": {"S": "p1"}, "SK": {"S": "every-kind"}}
    requests = {
        "get_item": {"TableName": QUERY_TABLE, "Key": key},
        "query": {
            "TableName": QUERY_TABLE,
            "KeyConditionExpression": "PK = :p",
            "ExpressionAttributeValues": {":p": {"S": "p1"}},
        },
        "query_projected": {  # an export's columns: top-level names, binary ones among them
            "TableName": QUERY_TABLE,
            "KeyConditionExpression": "PK = :p",
            "ExpressionAttributeValues": {":p": {"S": "p1"}},
            "ProjectionExpression": "#b, #n, #m, #bs, #s, #missing",
            "ExpressionAttributeNames": {
                "#b": "binary",
                "#n": "number",
                "#m": "map",
                "#bs": "binaries",
                "#s": "strings",
                "#missing": "missing",
            },
        },
        "scan": {"TableName": QUERY_TABLE},
        "batch_get_item": {"RequestItems": {QUERY_TABLE: {"Keys": [key]}}},
        "update_item": {
            "TableName": QUERY_TABLE,
            "Key": key,
            "UpdateExpression": "SET touched = :t",
            "ExpressionAttributeValues": {":t": {"BOOL": True}},
            "ReturnValues": "ALL_NEW",
        },
    }
    call = getattr(query_table, operation.removesuffix("_projected"))
    # WHEN it is read with moto's own response serializer, then with the fast one
    with moto_speedups.query_speedup(False):
        expected = call(**requests[operation])
    with moto_speedups.query_speedup(True):
        actual = call(**requests[operation])
    # THEN the client reads the same answer, byte for byte in every value (a set's members in
    # any order: moto's own projection turns sets into Python sets and back, in arbitrary order)
    expected.pop("ResponseMetadata"), actual.pop("ResponseMetadata")
    assert _sets_sorted(actual) == _sets_sorted(expected)
    assert ("every-kind" if operation != "query_projected" else "bytes") in repr(actual)


def test_a_value_the_fast_path_does_not_know_is_left_to_moto():
    # GIVEN values the fast path must not guess about
    class Serializer:
        def _base64(self, value):
            return "b64"

    unusual = [{"X": "unknown member"}, {"M": {"a": None}}, {"L": [{"Q": 1}]}, "not a dict"]
    # THEN each goes back to moto's walk, while a plain value is written directly
    for value in unusual:
        assert moto_speedups._fast_attribute_value(Serializer(), value) is moto_speedups._NOT_FAST
    assert moto_speedups._fast_attribute_value(Serializer(), {"S": "x", "B": b"1", "N": 5}) == {
        "S": "x",
        "B": "b64",
        "N": "5",
    }


@pytest.mark.parametrize("seed", range(4))
def test_a_projection_of_names_builds_the_item_moto_builds(seed):
    # GIVEN items with every kind of value and projections of names (repeated, missing, and some
    # with nested paths or list indexes, which moto's own projection keeps)
    moto_speedups.apply()
    from moto.dynamodb.models.dynamo_type import Item

    rng = random.Random(seed)  # noqa: S311
    values = [
        {"S": "é£"},
        {"N": "12.50"},
        {"N": "1E+2"},
        {"BOOL": False},
        {"NULL": True},
        {"SS": ["b", "a"]},
        {"NS": ["1", "2.5"]},
        {"B": b"\x00\x01"},
        {"M": {"k": {"L": [{"S": "v"}, {"N": "3"}]}}},
        {"L": [{"M": {"x": {"S": "y"}}}]},
    ]
    names = [f"a{n}" for n in range(8)]
    for _ in range(60):
        attrs = {name: rng.choice(values) for name in rng.sample(names, rng.randrange(1, 8))}
        item = Item(DynamoType({"S": "pk"}), DynamoType({"S": "sk"}), {"PK": {"S": "pk"}, **attrs})
        paths = [[rng.choice(names + ["PK", "missing"])] for _ in range(rng.randrange(1, 6))]
        if rng.random() < 0.2:
            paths.append(["a1", "k"] if rng.random() < 0.5 else ["a2[0]"])
        ours, theirs = _projected(item, paths, True), _projected(item, paths, False)
        if isinstance(theirs, str):  # moto's own projection fails on a path into a non-map
            assert ours == theirs
            continue
        # THEN the same attributes, values and order (sets compared as sets: moto's own order
        # of a set's members is arbitrary)
        assert list(ours.attrs) == list(theirs.attrs)
        for name, value in theirs.attrs.items():
            if value.type in ("SS", "NS", "BS"):
                assert sorted(ours.attrs[name].value) == sorted(value.value)
            else:
                assert ours.attrs[name].to_json() == value.to_json()
        assert (ours.hash_key, ours.range_key) == (theirs.hash_key, theirs.range_key)


def _projected(item, paths, fast):  # type: ignore[no-untyped-def]
    with moto_speedups.query_speedup(fast):
        try:
            return item.project(paths)
        except TypeError as error:
            return f"{type(error).__name__}: {error}"


@pytest.mark.parametrize("block", [1, 2, 5, 512])
def test_a_partition_in_blocks_reads_as_one_sorted_list(block, monkeypatch):
    monkeypatch.setattr(moto_speedups._Sorted, "BLOCK", block)
    rng = random.Random(block)  # noqa: S311
    expected: list[tuple] = []
    partition = moto_speedups._Sorted([])
    for step in range(600):
        if expected and rng.random() < 0.35:
            entry = expected.pop(rng.randrange(len(expected)))
            partition.remove(entry)
        else:
            entry = (rng.choice("abc"), rng.randrange(10**6), object())  # (values..., reference)
            expected.append(entry)
            expected.sort(key=lambda e: e[:-1])
            partition.insort(entry)
        if step % 25 == 0 or step > 580:
            assert len(partition) == len(expected)
            assert [partition[i] for i in range(len(expected))] == expected
            probe = (rng.choice("abc"), rng.randrange(10**6))
            for find in (bisect.bisect_left, bisect.bisect_right):
                assert find(partition, probe, key=lambda e: e[:-1]) == find(
                    expected, probe, key=lambda e: e[:-1]
                )
    with pytest.raises(IndexError):
        partition[len(expected)]
    assert max(len(b) for b in partition.blocks) <= 2 * block and all(partition.blocks)


def test_a_response_class_lists_its_methods_once_and_unknown_actions_still_fail(dynamodb, monkeypatch):
    import inspect

    listed = []
    original = inspect.getmembers

    def counting(thing, *args, **kwargs):
        listed.append(thing)
        return original(thing, *args, **kwargs)

    monkeypatch.setattr(inspect, "getmembers", counting)
    for n in range(3):
        dynamodb.put_item(TableName=TABLE, Item={"PK": {"S": f"k{n}"}})
    assert dynamodb.get_item(TableName=TABLE, Key={"PK": {"S": "k2"}})["Item"] == {"PK": {"S": "k2"}}
    assert len(listed) <= 1  # four requests: listed once at most (none if an earlier test did)
    from moto.core import utils as moto_utils

    assert moto_utils.camelcase_to_underscores("TransactWriteItems") == "transact_write_items"
    with pytest.raises(ClientError):
        dynamodb.describe_table(TableName="no-such-table")


def test_a_cancelled_transaction_undoes_in_place_changes_of_every_kind_of_value(dynamodb):
    # GIVEN an item holding every kind of value; the backup shares its scalars and copies the rest
    every_kind = {
        "PK": {"S": "all"},
        "s": {"S": "text"},
        "n": {"N": "7"},
        "b": {"B": b"\x00\x01"},
        "t": {"BOOL": True},
        "z": {"NULL": True},
        "ss": {"SS": ["x", "y"]},
        "ss2": {"SS": ["x", "y"]},
        "ns": {"NS": ["1", "2"]},
        "bs": {"BS": [b"\x02"]},
        "l": {"L": [{"S": "first"}, {"M": {"dx": {"N": "1"}}}]},
        "m": {"M": {"kx": {"S": "v"}, "wx": {"M": {"jx": {"L": [{"N": "3"}]}}}}},
    }
    dynamodb.put_item(TableName=TABLE, Item=every_kind)
    before = _items(dynamodb)
    # WHEN one transaction changes each of them in place (nested SET and REMOVE, ADD to sets and
    # numbers, DELETE from a set) and then fails on its last check
    update = {
        "TableName": TABLE,
        "Key": {"PK": {"S": "all"}},
        "UpdateExpression": (
            "SET s = :s, b = :b, t = :f, l[1].dx = :n, m.wx.jx[0] = :n, m.ax = :s "
            "ADD n :n, ss :ss, ns :ns, bs :bs REMOVE z, m.kx DELETE ss2 :gone"
        ),
        "ExpressionAttributeValues": {
            ":s": {"S": "changed"},
            ":b": {"B": b"\x09"},
            ":f": {"BOOL": False},
            ":n": {"N": "5"},
            ":ss": {"SS": ["new"]},
            ":ns": {"NS": ["9"]},
            ":bs": {"BS": [b"\x03"]},
            ":gone": {"SS": ["x"]},
        },
    }
    missing = {"PK": {"S": "missing"}}
    check = {"TableName": TABLE, "Key": missing, "ConditionExpression": "attribute_exists(PK)"}
    with pytest.raises(ClientError) as caught:
        dynamodb.transact_write_items(TransactItems=[{"Update": update}, {"ConditionCheck": check}])
    # THEN the item reads back exactly as it was
    assert caught.value.response["Error"]["Code"] == "TransactionCanceledException"
    assert _items(dynamodb) == before
    # ... and the same update, committed, does change every one of them (the test is not idle)
    dynamodb.transact_write_items(TransactItems=[{"Update": update}])
    after = _items(dynamodb)["all"]
    assert {name for name in every_kind if after.get(name) != before["all"][name]} == set(every_kind) - {"PK"}


def test_an_answer_gets_its_request_id_whether_or_not_its_body_names_it(dynamodb):
    from moto.core.responses import BaseResponse

    # an XML answer: the id in its header is written into its <RequestId>
    headers, body = BaseResponse._enrich_response({"status": 404}, "<Error><RequestId>?</RequestId></Error>")
    assert headers["status"] == "404"
    assert body == f"<Error><RequestId>{headers['x-amzn-requestid']}</RequestId></Error>"
    # a JSON answer (no tag): the same body, the status a string, an id in the header
    page = '{"Items": [{"PK": {"S": "a"}}], "Count": 1}'
    headers, body = BaseResponse._enrich_response({"status": 200}, page)
    assert (body, headers["status"], len(headers["x-amzn-requestid"])) == (page, "200", 52)
    # ... and through moto: an SDK call answers as before
    assert dynamodb.get_item(TableName=TABLE, Key={"PK": {"S": "a"}})["Item"]["n"] == {"N": "1"}
