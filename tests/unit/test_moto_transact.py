"""The embedded moto's TransactWriteItems without a snapshot (chalicelocal/moto_speedups.py `_transact`,
ADR 0006 eleventh addendum) answers exactly as moto's own loop with its backup does: the same
answers and cancellation reasons, the same stored items after every transaction, the same index
contents, a cancelled transaction leaving tables and indexes as they were."""

from __future__ import annotations

import random

import boto3
import pytest
from botocore.exceptions import ClientError
from moto import mock_aws
from moto.dynamodb.models import dynamodb_backends
from moto.dynamodb.models.dynamo_type import DynamoType, Item

from chalicelocal import moto_speedups, moto_writes
from tests.unit.moto_tables import hash_key_table, index, key_schema

PAIRS, SINGLE = "tx-pairs", "tx-single"
PARTITIONS = ["p0", "p1"]
SORTS = ["a", "b", "c", "d"]
G_VALUES = ["g0", "g1", "g2"]


@pytest.fixture(autouse=True)
def _installed_and_left_on():
    moto_speedups.apply()
    yield
    moto_writes.enabled(True)


def _tables() -> object:
    client = boto3.client(
        "dynamodb", region_name="eu-west-2", config=boto3.session.Config(parameter_validation=False)
    )
    client.create_table(
        TableName=PAIRS,
        BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[
            {"AttributeName": n, "AttributeType": t}
            for n, t in (("PK", "S"), ("SK", "S"), ("G", "S"), ("GS", "N"))
        ],
        KeySchema=key_schema("PK", "SK"),
        GlobalSecondaryIndexes=[index("byG", "G", "GS"), index("byGonly", "G")],
    )
    hash_key_table(SINGLE)
    return client


def _pairs_key(rng: random.Random) -> dict:
    return {"PK": {"S": rng.choice(PARTITIONS)}, "SK": {"S": rng.choice(SORTS)}}


CONDITIONS = [
    None,
    None,
    "attribute_not_exists(PK)",
    "attribute_exists(PK)",
    "attribute_exists(#n) AND #n < :lim",
    "(attribute_not_exists(#g) AND #t = :x) OR #g = :g",
    "#t = :x",
]
SIMPLE_UPDATES = [
    "SET #t = :x",
    "SET #g = :g, #t = :x ADD #n :one",
    "ADD #n :one",
    "SET #g = :g",
    "SET #gs = :gs",
    "SET #t = :x ADD #n :one",
]
MOTO_UPDATES = ["REMOVE #g", "SET #t = :x REMOVE #gs", "SET #m.#t = :x", "ADD #tags :tags", "ADD #t :one"]


def _entry(rng: random.Random) -> dict:
    """One operation: mostly on PAIRS (which has two indexes), now and then on SINGLE."""
    kind = rng.choice(["Put", "Put", "Update", "Update", "Update", "ConditionCheck", "Delete"])
    table = PAIRS if rng.random() < 0.85 else SINGLE
    key = _pairs_key(rng) if table == PAIRS else {"PK": {"S": rng.choice(SORTS)}}
    condition = rng.choice(CONDITIONS if kind != "ConditionCheck" else CONDITIONS[2:])
    update = rng.choice(SIMPLE_UPDATES if rng.random() < 0.75 else MOTO_UPDATES) if kind == "Update" else ""
    names = {"#n": "n", "#t": "t", "#g": "G", "#gs": "GS", "#m": "m", "#tags": "tags"}
    values = {
        ":lim": {"N": str(rng.randrange(1, 6))},
        ":x": {"S": rng.choice(["x", "y"])},
        ":g": {"S": rng.choice(G_VALUES)} if rng.random() < 0.9 else {"S": ""},  # an empty key: refused
        ":gs": {"N": str(rng.randrange(3))},
        ":one": {"N": "1"},
        ":tags": {"SS": [rng.choice(["u", "v"])]},
    }
    text = f"{condition or ''} {update}"
    body: dict = {"TableName": table}
    used_names = {k: v for k, v in names.items() if k in text}
    used_values = {k: v for k, v in values.items() if k in text}
    if used_names:
        body["ExpressionAttributeNames"] = used_names
    if used_values:
        body["ExpressionAttributeValues"] = used_values
    if condition:
        body["ConditionExpression"] = condition
        if rng.random() < 0.3:
            body["ReturnValuesOnConditionCheckFailure"] = "ALL_OLD"
    if kind == "Put":
        body["Item"] = {**key, "n": {"N": str(rng.randrange(5))}, "t": {"S": rng.choice(["x", "y"])}}
        if table == PAIRS and rng.random() < 0.6:
            body["Item"]["G"] = {"S": rng.choice(G_VALUES)}
            body["Item"]["GS"] = {"N": str(rng.randrange(3))}
        if rng.random() < 0.2:
            body["Item"]["m"] = {"M": {"t": {"S": "x"}, "l": {"L": [{"N": "1"}, {"SS": ["q"]}]}}}
    else:
        body["Key"] = dict(reversed(list(key.items()))) if rng.random() < 0.2 else key  # order of key names
    if kind == "Update":
        body["UpdateExpression"] = update
    return {kind: body}


def _state(client) -> tuple:
    """Every stored item, and every index read both through the kept indexes and by moto's walk."""
    items = tuple(
        sorted(repr(item) for name in (PAIRS, SINGLE) for item in client.scan(TableName=name)["Items"])
    )
    answers = []
    for fast in (True, False):
        with moto_speedups.query_speedup(fast):
            read = []
            for value in G_VALUES:
                for index_name in ("byG", "byGonly"):
                    query = client.query(
                        TableName=PAIRS,
                        IndexName=index_name,
                        KeyConditionExpression="G = :g",
                        ExpressionAttributeValues={":g": {"S": value}},
                    )
                    read.append([repr(item) for item in query["Items"]])
            for value in PARTITIONS:
                query = client.query(
                    TableName=PAIRS,
                    KeyConditionExpression="PK = :p",
                    ExpressionAttributeValues={":p": {"S": value}},
                    ScanIndexForward=False,
                )
                read.append([repr(item) for item in query["Items"]])
            answers.append(read)
    assert answers[0] == answers[1]  # the kept indexes hold what moto's walk finds
    return items, answers[0]


def _sizes_kept_right() -> None:
    """An item's kept size, wherever one is kept, is moto's own `Item.size()` of it."""
    backend = dynamodb_backends["123456789012"]["eu-west-2"]
    for table in backend.tables.values():
        stored = [
            i for part in table.items.values() for i in (part.values() if isinstance(part, dict) else [part])
        ]
        for item in stored:
            kept = item.__dict__.get(moto_writes.SIZE_ATTRIBUTE)
            if kept is not None:
                assert kept == sum(len(k.encode()) + v.size() for k, v in item.attrs.items()), item.attrs


def _run(seed: int, on: bool, monkeypatch) -> tuple[list, int, int]:
    """The steps' answers and states; how many transactions reached the fast loop and the slow one."""
    moto_writes.enabled(on)
    runs = {"fast": 0, "slow": 0}

    def counted(name, original):
        def run(*args):
            runs[name] += 1
            return original(*args)

        return run

    monkeypatch.setattr(moto_speedups, "_transact", counted("fast", moto_speedups._transact))
    monkeypatch.setattr(moto_speedups, "_snapshot", counted("slow", moto_speedups._snapshot))
    rng = random.Random(seed)  # noqa: S311
    steps = []
    with mock_aws():
        client = _tables()
        before = _state(client)
        for _ in range(STEPS):
            entries = [_entry(rng) for _ in range(rng.randrange(1, 7))]
            if rng.random() < 0.1:
                entries.append(dict(rng.choice(entries)))  # the same item twice: refused whole
            try:
                client.transact_write_items(TransactItems=entries)
                answer: object = "ok"
            except ClientError as error:
                answer = (
                    error.response["Error"]["Code"],
                    error.response["Error"]["Message"],
                    error.response.get("CancellationReasons"),
                )
            after = _state(client)
            if answer != "ok":
                assert after == before  # a refused or cancelled transaction changed nothing
            _sizes_kept_right()
            steps.append((answer, after))
            before = after
    monkeypatch.undo()
    return steps, runs["fast"], runs["slow"]


STEPS = 80


@pytest.mark.parametrize("seed", range(3))
def test_random_transactions_answer_store_and_index_as_motos_own(seed, monkeypatch):
    # GIVEN the same random transactions (puts, simple and other updates, condition checks and
    # deletes; conditions failing mid-transaction; index keys set, changed and removed; an item
    # twice in one transaction; empty index key values) with the fast loop off and on
    theirs, fast_off, slow_off = _run(seed, on=False, monkeypatch=monkeypatch)
    ours, fast_on, slow_on = _run(seed, on=True, monkeypatch=monkeypatch)
    # THEN every answer, cancellation reason, stored item and index read is the same after
    # every transaction (and a cancelled one left them as they were)
    for step, (mine, moto) in enumerate(zip(ours, theirs, strict=True)):
        assert mine == moto, step
    # ... every transaction that reached the backend went through the fast loop when on, none when off
    assert (fast_off, slow_on) == (0, 0) and fast_on == slow_off > STEPS // 2
    answers = " ".join(str(answer) for answer, _ in theirs)
    assert "ok" in answers and "ConditionalCheckFailed" in answers and "multiple operations" in answers


def _gift(client, sk: str, g: str | None) -> None:
    item = {"PK": {"S": "p0"}, "SK": {"S": sk}, "n": {"N": "1"}, "t": {"S": "x"}}
    if g is not None:
        item["G"], item["GS"] = {"S": g}, {"N": "1"}
    client.put_item(TableName=PAIRS, Item=item)


def _set_g(sk: str, g: str) -> dict:
    return {
        "Update": {
            "TableName": PAIRS,
            "Key": {"PK": {"S": "p0"}, "SK": {"S": sk}},
            "UpdateExpression": "SET #g = :g, #gs = :gs ADD #n :one",
            "ConditionExpression": "attribute_exists(PK)",
            "ExpressionAttributeNames": {"#g": "G", "#gs": "GS", "#n": "n"},
            "ExpressionAttributeValues": {":g": {"S": g}, ":gs": {"N": "2"}, ":one": {"N": "1"}},
        }
    }


def _by_g(client, g: str) -> list[str]:
    query = client.query(
        TableName=PAIRS,
        IndexName="byG",
        KeyConditionExpression="G = :g",
        ExpressionAttributeValues={":g": {"S": g}},
    )
    return [item["SK"]["S"] for item in query["Items"]]


def test_a_failed_condition_after_index_key_changes_puts_items_and_indexes_back():
    with mock_aws():
        client = _tables()
        _gift(client, "a", "g0")
        _gift(client, "b", None)
        _by_g(client, "g0")  # the index is built (kept current from here on)
        before = _state(client)
        # WHEN one transaction moves both into another index partition, puts a new one there,
        # and then fails its last condition
        put = {
            "Put": {
                "TableName": PAIRS,
                "Item": {"PK": {"S": "p0"}, "SK": {"S": "c"}, "G": {"S": "g1"}, "GS": {"N": "0"}},
            }
        }
        failing = {
            "ConditionCheck": {
                "TableName": PAIRS,
                "Key": {"PK": {"S": "p1"}, "SK": {"S": "a"}},
                "ConditionExpression": "attribute_exists(PK)",
            }
        }
        with pytest.raises(ClientError) as caught:
            client.transact_write_items(TransactItems=[_set_g("a", "g1"), _set_g("b", "g1"), put, failing])
        # THEN the transaction is cancelled at that check only, and items and indexes are as before
        reasons = [reason["Code"] for reason in caught.value.response["CancellationReasons"]]
        assert reasons == ["None", "None", "None", "ConditionalCheckFailed"]
        assert _state(client) == before
        assert _by_g(client, "g0") == ["a"] and _by_g(client, "g1") == []
        _sizes_kept_right()
        # ... and without the failing check the same writes move them (the test is not idle)
        client.transact_write_items(TransactItems=[_set_g("a", "g1"), _set_g("b", "g1"), put])
        assert _by_g(client, "g0") == [] and _by_g(client, "g1") == ["c", "a", "b"]
        _sizes_kept_right()


def test_an_item_named_twice_in_one_transaction_is_refused_and_nothing_is_written():
    with mock_aws():
        client = _tables()
        _gift(client, "a", "g0")
        before = _state(client)
        # WHEN the same item is named twice, its key's names in another order the second time
        same_key = {"SK": {"S": "a"}, "PK": {"S": "p0"}}
        check = {
            "ConditionCheck": {
                "TableName": PAIRS,
                "Key": same_key,
                "ConditionExpression": "attribute_exists(PK)",
            }
        }
        with pytest.raises(ClientError) as caught:
            client.transact_write_items(TransactItems=[_set_g("a", "g2"), check])
        # THEN moto refuses the whole transaction and the first update is undone
        assert caught.value.response["Error"]["Code"] == "ValidationException"
        assert "multiple operations on one item" in caught.value.response["Error"]["Message"]
        assert _state(client) == before and _by_g(client, "g2") == []


def test_the_uniqueness_key_matches_motos_text_for_every_pair_of_keys():
    # GIVEN keys of every shape moto's handler may pass on (flat strings and numbers, other types,
    # malformed values, names in either order)
    values = [
        {"S": "a"},
        {"S": "b"},
        {"N": "1"},
        {"N": 1},
        {"B": "YQ=="},
        {"S": "a", "N": "1"},
        {},
        "a",
        {"L": []},
    ]
    keys = [{"PK": a} for a in values] + [{"PK": a, "SK": b} for a in values[:4] for b in values[:4]]
    keys += [{"SK": b, "PK": a} for a in values[:3] for b in values[:3]]
    for table_name in (PAIRS, SINGLE):
        for first in keys:
            for second in keys:
                moto_same = str(dict(sorted(first.items()))) == str(dict(sorted(second.items())))
                ours = moto_speedups._unique_key(table_name, first) == moto_speedups._unique_key(
                    table_name, second
                )
                # THEN two keys are the same item for us exactly when they are for moto
                assert ours == moto_same, (first, second)
    assert moto_speedups._unique_key(PAIRS, {"PK": {"S": "a"}}) != moto_speedups._unique_key(
        SINGLE, {"PK": {"S": "a"}}
    )


def test_a_restored_item_reads_back_with_its_size_and_order_of_attributes():
    with mock_aws():
        client = _tables()
        _gift(client, "a", None)
        backend = dynamodb_backends["123456789012"]["eu-west-2"]
        stored = backend.get_item(PAIRS, {"PK": {"S": "p0"}, "SK": {"S": "a"}})
        order, size = list(stored.attrs), Item.size(stored)
        failing = {
            "ConditionCheck": {
                "TableName": SINGLE,
                "Key": {"PK": {"S": "none"}},
                "ConditionExpression": "attribute_exists(PK)",
            }
        }
        # WHEN an update adds attributes and changes others, then the transaction fails
        with pytest.raises(ClientError):
            client.transact_write_items(TransactItems=[_set_g("a", "g1"), failing])
        # THEN the same item holds the same attributes in the same order, and its kept size is right
        assert list(stored.attrs) == order and Item.size(stored) == size
        assert stored.attrs["n"].value == "1"
        _sizes_kept_right()


@pytest.mark.parametrize("on", [False, True])
def test_a_failed_condition_asking_for_the_old_item_gets_it_in_its_reason(on):
    moto_writes.enabled(on)
    with mock_aws():
        client = _tables()
        _gift(client, "a", "g0")
        _gift(client, "b", None)
        update = _set_g("a", "g1")
        update["Update"]["ConditionExpression"] = "attribute_not_exists(PK)"
        update["Update"]["ReturnValuesOnConditionCheckFailure"] = "ALL_OLD"
        with pytest.raises(ClientError) as caught:
            client.transact_write_items(TransactItems=[_set_g("b", "g1"), update])
        reasons = caught.value.response["CancellationReasons"]
        assert [reason["Code"] for reason in reasons] == ["None", "ConditionalCheckFailed"]
        assert reasons[1]["Item"]["G"] == {"S": "g0"} and _by_g(client, "g1") == []


def _condition(rng: random.Random, depth: int = 0) -> str:
    if depth < 3 and rng.random() < 0.45:
        joiner = rng.choice([" AND ", " OR "])
        inner = _condition(rng, depth + 1) + joiner + _condition(rng, depth + 1)
        return f"({inner})" if rng.random() < 0.5 else inner
    if depth < 3 and rng.random() < 0.1:
        return f"NOT ({_condition(rng, depth + 1)})"
    path = rng.choice(["#a", "#b", "#m.#a", "#l[0]"])
    value = rng.choice([":s", ":n", ":t", ":bad", ":set"])
    return rng.choice(
        [
            f"attribute_exists({path})",
            f"attribute_not_exists({path})",
            f"{path} = {value}",
            f"{value} = {path}",
            f"{path} <> {value}",
            f"{path} < :n",
            f"begins_with({path}, :s)",
            f"size({path}) = :n",
            ":s = :s",
        ]
    )


def _condition_item(rng: random.Random) -> Item | None:
    if rng.random() < 0.15:
        return None
    choices = {
        "a": [{"S": "x"}, {"S": "y"}, {"N": "1"}, {"N": "1.0"}, {"BOOL": True}, {"SS": ["x"]}],
        "b": [{"S": "x"}, {"N": "2"}, {"NULL": True}],
        "m": [{"M": {"a": {"S": "x"}}}, {"M": {}}, {"S": "x"}],
        "l": [{"L": [{"S": "x"}]}, {"L": []}],
    }
    attrs = {"PK": {"S": "k"}}
    for name, options in choices.items():
        if rng.random() < 0.7:
            attrs[name] = rng.choice(options)
    return Item(DynamoType({"S": "k"}), None, attrs)


def _outcome(function, item):  # type: ignore[no-untyped-def]
    try:
        return ("value", function(item))
    except Exception as error:  # noqa: BLE001 (moto's own errors must be the same too)
        return ("error", type(error).__name__, str(error))


def test_a_compiled_condition_answers_as_motos_tree_for_every_item():
    # GIVEN random conditions (AND, OR, NOT, parentheses, =, <>, <, attribute_exists/not_exists,
    # begins_with, size, nested paths, a number that is not one, a set) and random items, or none
    from moto.dynamodb.comparisons import create_condition_expression_parser

    names = {"#a": "a", "#b": "b", "#m": "m", "#l": "l"}
    values = {
        ":s": {"S": "x"},
        ":n": {"N": "1"},
        ":t": {"BOOL": True},
        ":bad": {"N": "one"},
        ":set": {"SS": ["x"]},
    }
    rng = random.Random(11)  # noqa: S311
    compared = 0
    for _ in range(1500):
        text = _condition(rng)
        try:
            tree = create_condition_expression_parser(text, names, values).parse()
        except Exception:  # noqa: BLE001,S112 (a condition moto refuses is never evaluated)
            continue
        check = moto_speedups._compiled(tree)
        for _ in range(4):
            item = _condition_item(rng)
            # THEN the compiled form gives the same value (or error) as moto's own evaluation
            assert _outcome(check, item) == _outcome(tree.expr, item), (text, item and item.attrs)
            compared += 1
    assert compared > 4000


def test_a_request_leaves_no_parses_behind():
    with mock_aws():
        client = _tables()
        _gift(client, "a", None)
        client.transact_write_items(TransactItems=[_set_g("a", "g1")])
        assert moto_writes._request_parses is None
        assert _by_g(client, "g1") == ["a"]


def test_a_number_added_by_a_simple_update_is_motos_sum():
    # GIVEN pairs of number texts (integers, decimals, exponents, signs, text that is no number)
    texts = ["0", "1", "-1", "1.5", "0.10", "-0.0", "1e3", "1E-2", "12345678901234567890", "1_000"]
    texts += ["", "x", "1.2.3"]
    for left in texts:
        for right in texts:
            pair = (DynamoType({"N": left}), DynamoType({"N": right}))
            ours = _outcome(lambda numbers: moto_writes._add(*numbers), pair)
            theirs = _outcome(lambda numbers: numbers[0] + numbers[1], pair)
            # THEN the sum (type and text) or the error is moto's own
            if ours[0] == "value" and theirs[0] == "value":
                ours = ("value", ours[1].type, ours[1].value)
                theirs = ("value", theirs[1].type, theirs[1].value)
            assert ours == theirs, (left, right)
