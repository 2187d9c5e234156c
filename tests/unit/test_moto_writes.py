"""The embedded moto's faster writes (chalicelocal/moto_writes.py) answer exactly as moto does:
the same items stored, the same conditional failures, the same validation errors."""

from __future__ import annotations

import random
from decimal import Decimal

import boto3
import pytest
from botocore.exceptions import ClientError
from moto import mock_aws
from moto.dynamodb.exceptions import ItemSizeTooLarge
from moto.dynamodb.models import dynamodb_backends
from moto.dynamodb.models.dynamo_type import DynamoType, Item

from chalicelocal import moto_writes
from tests.unit.moto_tables import hash_key_table, index, key_schema

TABLE = "writes"


@pytest.fixture(autouse=True)
def _installed_and_left_on():
    moto_writes.apply()
    yield
    moto_writes.enabled(True)


def _value(rng: random.Random, depth: int = 0) -> dict:
    kind = rng.choice(["S", "N", "BOOL", "NULL", "SS", "NS", "B", "M", "L"] if depth < 3 else ["S", "N"])
    if kind == "S":
        return {"S": rng.choice(["", "é£", "x" * rng.randrange(1, 40)])}
    if kind == "N":
        return {"N": str(Decimal(rng.randrange(-(10**6), 10**6)) / 100)}
    if kind == "BOOL":
        return {"BOOL": rng.random() < 0.5}
    if kind == "NULL":
        return {"NULL": True}
    if kind == "SS":
        return {"SS": sorted({f"s{rng.randrange(9)}" for _ in range(3)})}
    if kind == "NS":
        return {"NS": sorted({str(rng.randrange(99)) for _ in range(3)})}
    if kind == "B":
        return {"B": bytes(rng.randrange(256) for _ in range(5))}
    if kind == "M":
        return {"M": {f"k{i}": _value(rng, depth + 1) for i in range(rng.randrange(0, 5))}}
    return {"L": [_value(rng, depth + 1) for _ in range(rng.randrange(0, 5))]}


@pytest.mark.parametrize("seed", range(5))
def test_an_item_is_built_as_moto_builds_it(seed):
    rng = random.Random(seed)  # noqa: S311
    for _ in range(50):
        attrs = {f"a{i}": _value(rng) for i in range(rng.randrange(1, 30))}
        moto_writes.enabled(False)
        theirs = Item(DynamoType({"S": "pk"}), None, attrs)
        moto_writes.enabled(True)
        ours = Item(DynamoType({"S": "pk"}), None, attrs)
        assert type(ours.attrs) is type(theirs.attrs)
        assert ours.attrs == theirs.attrs and ours.to_json() == theirs.to_json()
        for name, value in theirs.attrs.items():
            assert type(ours.attrs[name]) is type(value) and vars(ours.attrs[name]) == vars(value)
        assert ours.size() == theirs.size()


@pytest.mark.parametrize("filler", [404_900, 404_980, 404_990, 405_000, 406_000])
@pytest.mark.parametrize("letter", ["x", "é", "€"])  # one, two and three bytes in UTF-8
def test_the_item_size_limit_falls_where_moto_puts_it(filler, letter):
    size = len(letter.encode("utf-8"))
    attrs = {"PK": {"S": "p"}, "big": {"S": "é" + letter * ((filler - 2) // size)}, "n": {"N": "12345"}}
    outcomes = []
    for on in (False, True):
        moto_writes.enabled(on)
        try:
            Item(DynamoType({"S": "p"}), None, attrs)
            outcomes.append("stored")
        except ItemSizeTooLarge:
            outcomes.append("too large")
    assert outcomes[0] == outcomes[1]


NAMES = ["n", "total", "count", "tag", "PK"]
UPDATES = [
    "SET #a = :x",
    "ADD #a :n",
    "ADD #a :d, #b :n",
    "SET #b = :d ADD #a :d",
    "set #a = :n, #b = :x",
    "ADD #a :d SET #a = :n",  # invalid: two actions on one path
    "ADD #a :s",  # a set: moto's own path
    "SET #a = #a + :n",
    "SET #a = if_not_exists(#a, :n) REMOVE #b",
    "ADD #a :n SET #b = :x",
    "SET #a = list_append(#a, :l)",
    "REMOVE #a",
    "SET #a = :x, #a = :n",  # invalid: two actions on one path
    "ADD #a :x",  # wrong type for a number attribute
]
CONDITIONS = [
    None,
    "attribute_not_exists(PK)",
    "attribute_exists(PK)",
    "#a = :n",
    "#a < :n OR attribute_not_exists(#a)",
    "begins_with(#b, :x)",
    "#a BETWEEN :n AND :m",
    "size(#b) > :n",
]


def _expression_request(rng: random.Random, expression: str | None) -> dict:
    a, b = rng.sample(NAMES, 2)
    names = {"#a": a, "#b": b}
    values = {
        ":x": {"S": rng.choice(["x", "xy", "yz"])},
        ":n": {"N": str(rng.randrange(0, 6))},
        ":m": {"N": str(rng.randrange(3, 9))},
        ":l": {"L": [{"S": "v"}]},
        ":d": {"N": rng.choice(["2.50", "-1.25", "0.1", "7"])},
        ":s": {"SS": ["a", "b"]},
    }
    text = expression or ""
    request = {
        "ExpressionAttributeNames": {k: v for k, v in names.items() if k in text},
        "ExpressionAttributeValues": {k: v for k, v in values.items() if k in text},
    }
    return {k: v for k, v in request.items() if v}


def _operation(rng: random.Random) -> tuple[str, dict]:
    key = {"PK": {"S": f"p{rng.randrange(6)}"}}
    kind = rng.choice(["put", "update", "update", "transact"])
    condition = rng.choice(CONDITIONS)
    if kind == "put":
        item = {**key, "total": {"N": str(rng.randrange(6))}, "tag": {"S": rng.choice(["x", "xz"])}}
        request = {"TableName": TABLE, "Item": item, **_expression_request(rng, condition)}
        if condition:
            request["ConditionExpression"] = condition
        return "put_item", request
    update = rng.choice(UPDATES)
    text = update + " " + (condition or "")
    request = {"TableName": TABLE, "Key": key, "UpdateExpression": update, **_expression_request(rng, text)}
    if condition:
        request["ConditionExpression"] = condition
    if kind == "update":
        return "update_item", request
    request.pop("TableName")
    other = {"Put": {"TableName": TABLE, "Item": {"PK": {"S": f"q{rng.randrange(4)}"}}}}
    if rng.random() < 0.5:
        other["Put"]["ConditionExpression"] = "attribute_not_exists(PK)"
    return "transact_write_items", {"TransactItems": [{"Update": {"TableName": TABLE, **request}}, other]}


def _run(seed: int, on: bool) -> tuple[list, list]:
    moto_writes.enabled(on)
    rng = random.Random(seed)  # noqa: S311
    answers = []
    with mock_aws():
        client = hash_key_table(TABLE)
        for _ in range(300):
            name, request = _operation(rng)
            try:
                getattr(client, name)(**request)
                answers.append((name, "ok"))
            except ClientError as error:
                answers.append((name, error.response["Error"]["Code"], error.response["Error"]["Message"]))
            except Exception as error:  # noqa: BLE001 (moto's own crashes must be the same too)
                answers.append((name, type(error).__name__, str(error)))
        items = sorted(client.scan(TableName=TABLE)["Items"], key=lambda item: item["PK"]["S"])
    return answers, items


@pytest.mark.parametrize("seed", range(4))
def test_conditional_writes_and_updates_answer_as_moto_does(seed):
    # GIVEN the same random puts, updates and transactions, with conditions and update
    # expressions that repeat with other values (and some invalid ones)
    theirs = _run(seed, on=False)
    ours = _run(seed, on=True)
    # THEN every answer, every error and every stored item is moto's own
    assert ours == theirs
    codes = {answer[1] for answer in theirs[0]}
    assert "ok" in codes and "ConditionalCheckFailedException" in codes and "ValidationException" in codes


def test_a_repeated_transaction_still_finds_its_placeholders():
    # moto checks every ExpressionAttributeName is used, from what the parse found: a kept parse
    # must report them again, or the second identical transaction would be refused
    with mock_aws():
        client = hash_key_table(TABLE)
        for n in range(3):
            client.transact_write_items(
                TransactItems=[
                    {
                        "Put": {
                            "TableName": TABLE,
                            "Item": {"PK": {"S": f"d{n}"}},
                            "ConditionExpression": "attribute_not_exists(#pk)",
                            "ExpressionAttributeNames": {"#pk": "PK"},
                        }
                    }
                ]
            )
        with pytest.raises(ClientError) as unused:
            client.transact_write_items(
                TransactItems=[
                    {
                        "Put": {
                            "TableName": TABLE,
                            "Item": {"PK": {"S": "d9"}},
                            "ConditionExpression": "attribute_not_exists(#pk)",
                            "ExpressionAttributeNames": {"#pk": "PK", "#other": "x"},
                        }
                    }
                ]
            )
        assert "unused" in unused.value.response["Error"]["Message"].lower()
        assert len(client.scan(TableName=TABLE)["Items"]) == 3


def test_items_are_not_kept_alive_by_motos_instance_list():
    # GIVEN moto's models list every instance they create (for its dashboard)
    before = len(Item.instances_tracked)
    # WHEN items are built, as every write, copy and projected answer builds them
    for n in range(100):
        Item(DynamoType({"S": f"pk{n}"}), None, {"PK": {"S": f"pk{n}"}})
    # THEN none is added to the list that would keep it alive for ever
    assert len(Item.instances_tracked) == before
    moto_writes.enabled(False)
    Item(DynamoType({"S": "pk"}), None, {"PK": {"S": "pk"}})
    assert len(Item.instances_tracked) == before + 1  # (moto's own behaviour, for contrast)


def _every_kind(rng: random.Random) -> list[DynamoType]:
    values = [DynamoType(_value(rng)) for _ in range(300)]
    values += [DynamoType({"S": "1"}), DynamoType({"N": "1"}), DynamoType({"S": ""}), DynamoType({"B": b""})]
    values += [DynamoType({"BOOL": True}), DynamoType({"N": "1.0"}), DynamoType({"BOOL": False})]
    return values


def test_values_hash_compare_and_cast_as_moto_does():
    rng = random.Random(21)  # noqa: S311
    values = _every_kind(rng)
    pairs = [(a, b) for a in values[-40:] for b in values[-40:]] + [(a, rng.choice(values)) for a in values]
    theirs = []
    moto_writes.enabled(False)
    for value in values:
        theirs.append((value.cast_value, _hashed(value)))
    equal_theirs = [_compared(a, b) for a, b in pairs]
    moto_writes.enabled(True)
    ours = [(value.cast_value, _hashed(value)) for value in values]
    assert ours == theirs
    assert [_compared(a, b) for a, b in pairs] == equal_theirs
    assert DynamoType({"S": "1"}) != DynamoType({"N": "1"}) and DynamoType({"N": "1"}) == DynamoType(
        {"N": "1.0"}
    )
    assert {DynamoType({"S": "a"}): 1}[DynamoType({"S": "a"})] == 1  # a table's key lookup


def _hashed(value: DynamoType):
    try:
        return hash(value)
    except TypeError as error:  # sets, lists and maps are not hashable, alike
        return str(error)


def _compared(a: DynamoType, b: DynamoType):
    return a == b


@mock_aws
def test_key_sizes_are_checked_as_moto_checks_them():
    client = boto3.client("dynamodb", region_name="eu-west-2")
    strings = [{"AttributeName": name, "AttributeType": "S"} for name in ("PK", "SK", "G1", "G2")]
    client.create_table(
        TableName="keys",
        BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=strings,
        KeySchema=key_schema("PK", "SK"),
        GlobalSecondaryIndexes=[index("GSI", "G1", "G2")],
    )
    table = dynamodb_backends["123456789012"]["eu-west-2"].get_table("keys")
    rng = random.Random(3)  # noqa: S311
    outcomes = set()
    for _ in range(400):
        attrs = {}
        for name, limit in (("PK", 2048), ("SK", 1024), ("G1", 2048), ("G2", 1024)):
            if rng.random() < 0.8:
                letter = rng.choice(["x", "é", "€"])
                length = rng.choice(
                    [0, 1, limit // len(letter.encode()), limit // len(letter.encode()) + 1, limit]
                )
                attrs[name] = rng.choice(
                    [{"S": letter * length}, {"N": "1" * rng.choice([5, 1025])}, {"B": b"x"}]
                )
        moto_writes.enabled(False)
        theirs = _outcome(table._validate_key_sizes, attrs)
        moto_writes.enabled(True)
        assert _outcome(table._validate_key_sizes, attrs) == theirs, attrs
        outcomes.add(theirs)
    assert outcomes == {"ok", "HashKeyTooLong", "RangeKeyTooLong"}


def _outcome(check, attrs) -> str:
    try:
        check(attrs)
    except Exception as error:  # noqa: BLE001 (the comparison is the point)
        return type(error).__name__
    return "ok"


def _index_key_run(seed: int, on: bool) -> tuple[list, list, list]:
    """Random SETs of a GSI's key attributes (strings, empty strings, numbers, binaries), alone
    or with other actions, conditional or not; then the items and the index's answer."""
    moto_writes.enabled(on)
    rng = random.Random(seed)  # noqa: S311
    answers = []
    with mock_aws():
        client = boto3.client("dynamodb", region_name="eu-west-2")
        client.create_table(
            TableName="indexed",
            BillingMode="PAY_PER_REQUEST",
            AttributeDefinitions=[
                {"AttributeName": "PK", "AttributeType": "S"},
                {"AttributeName": "G1", "AttributeType": "S"},
                {"AttributeName": "G2", "AttributeType": "S"},
            ],
            KeySchema=key_schema("PK"),
            GlobalSecondaryIndexes=[index("GSI", "G1", "G2")],
        )
        for _ in range(200):
            names = {"#a": rng.choice(["G1", "G2"]), "#b": rng.choice(["n", "tag", "G2"])}
            values = {
                ":v": rng.choice([{"S": rng.choice(["g1", "g2"])}, {"S": ""}, {"N": "3"}, {"B": b""}]),
                ":w": rng.choice([{"S": "w"}, {"N": "1"}]),
            }
            update = rng.choice(["SET #a = :v", "SET #a = :v, #b = :w", "SET #b = :w ADD #a :w"])
            request = {
                "TableName": "indexed",
                "Key": {"PK": {"S": f"p{rng.randrange(5)}"}},
                "UpdateExpression": update,
                "ExpressionAttributeNames": {k: v for k, v in names.items() if k in update},
                "ExpressionAttributeValues": {k: v for k, v in values.items() if k in update},
            }
            if rng.random() < 0.3:
                request["ConditionExpression"] = "attribute_exists(PK)"
            try:
                client.update_item(**request)
                answers.append("ok")
            except ClientError as error:
                answers.append((error.response["Error"]["Code"], error.response["Error"]["Message"]))
        items = sorted(client.scan(TableName="indexed")["Items"], key=lambda item: item["PK"]["S"])
        found = [
            item
            for value in ("g1", "g2")
            for item in client.query(
                TableName="indexed",
                IndexName="GSI",
                KeyConditionExpression="G1 = :g",
                ExpressionAttributeValues={":g": {"S": value}},
            )["Items"]
        ]
    return answers, items, found


@pytest.mark.parametrize("seed", range(3))
def test_updates_of_index_keys_answer_as_moto_does(seed, monkeypatch):
    # GIVEN random updates that set a global index's key attributes, valid or not
    theirs = _index_key_run(seed, on=False)
    motos_own = []
    original = moto_writes._originals["update_item"]
    monkeypatch.setitem(
        moto_writes._originals, "update_item", lambda *a, **k: motos_own.append(1) or original(*a, **k)
    )
    ours = _index_key_run(seed, on=True)
    # THEN the answers, the errors, the items and what the index finds are moto's own
    assert ours == theirs
    # AND some took the fast path (before, any update of an index key went to moto's own code)
    assert len(motos_own) < len(theirs[0])
    codes = {answer if answer == "ok" else answer[0] for answer in theirs[0]}
    assert {"ok", "ValidationException"} <= codes and theirs[2]


# --- TransactWriteItems' validation (ADR 0006, tenth addendum) -----------------------------------

PAIRS = "pairs"
TRANSACT_CONDITIONS = [
    None,
    "attribute_not_exists(PK)",
    "attribute_exists(#a)",
    "#a = :n",
    "#a < :n OR attribute_not_exists(#a)",
    "#b = :x AND #a <> :m",
    "#a = :undefined",  # a value the request does not give
    "#undefined = :n",  # a name the request does not give
]
TRANSACT_UPDATES = [
    "SET #a = :n",
    "SET #b = :x, #a = :m",
    "ADD #a :n",
    "SET #G = :g",
    "REMOVE #b",
    "SET #a = :nope",
]


def _pairs_table() -> object:
    client = boto3.client(
        "dynamodb", region_name="eu-west-2", config=boto3.session.Config(parameter_validation=False)
    )
    client.create_table(
        TableName=PAIRS,
        BillingMode="PAY_PER_REQUEST",
        AttributeDefinitions=[{"AttributeName": n, "AttributeType": "S"} for n in ("PK", "SK", "G")],
        KeySchema=key_schema("PK", "SK"),
        GlobalSecondaryIndexes=[index("byG", "G")],
    )
    return client


def _key_value(rng: random.Random) -> object:
    # now and then an empty string, an empty binary, a value of another type or a malformed one
    return rng.choice([{"S": f"k{rng.randrange(4)}"}] * 12 + [{"S": ""}, {"B": ""}, {"N": "1"}, {}, "k1"])


def _transact_entry(rng: random.Random) -> dict:
    kind = rng.choice(["Put", "Put", "Update", "Update", "ConditionCheck", "Delete"])
    key = {"PK": {"S": f"p{rng.randrange(3)}"}, "SK": _key_value(rng) if rng.random() < 0.3 else {"S": "s"}}
    condition = rng.choice(TRANSACT_CONDITIONS if kind != "ConditionCheck" else TRANSACT_CONDITIONS[1:])
    update = rng.choice(TRANSACT_UPDATES) if kind == "Update" else ""
    names = {"#a": "total", "#b": "tag", "#G": "G", "#spare": "spare"}
    values = {
        ":n": {"N": str(rng.randrange(4))},
        ":m": {"N": str(rng.randrange(4))},
        ":x": {"S": rng.choice(["x", "y"])},
        ":g": _key_value(rng),
        ":other": {"S": f"unused {rng.randrange(1000)}"},  # differs every time, read by nothing
    }
    text = f"{condition or ''} {update}"
    entry: dict = {"TableName": PAIRS}
    chosen_names = {k: v for k, v in names.items() if k in text or (k == "#spare" and rng.random() < 0.1)}
    chosen_values = {k: v for k, v in values.items() if k in text or (k == ":other" and rng.random() < 0.7)}
    if chosen_names:
        entry["ExpressionAttributeNames"] = chosen_names
    if chosen_values or rng.random() < 0.05:
        entry["ExpressionAttributeValues"] = chosen_values
    if condition:
        entry["ConditionExpression"] = condition
    if kind == "Put":
        entry["Item"] = {**key, "total": {"N": str(rng.randrange(4))}, "tag": {"S": "x"}}
        if rng.random() < 0.3:
            entry["Item"]["G"] = _key_value(rng)
    else:
        entry["Key"] = key
    if kind == "Update":
        entry["UpdateExpression"] = update
    return {kind: entry}


def _transact_run(seed: int, on: bool) -> tuple[list, list]:
    moto_writes.enabled(on)
    rng = random.Random(seed)  # noqa: S311
    answers = []
    with mock_aws():
        client = _pairs_table()
        for _ in range(150):
            entries = [_transact_entry(rng) for _ in range(rng.randrange(1, 6))]
            try:
                client.transact_write_items(TransactItems=entries)
                answers.append("ok")
            except ClientError as error:
                reasons = error.response.get("CancellationReasons")
                answers.append((error.response["Error"]["Code"], error.response["Error"]["Message"], reasons))
            except Exception as error:  # noqa: BLE001 (moto's own crashes must be the same too)
                answers.append((type(error).__name__, str(error)))
        items = sorted(client.scan(TableName=PAIRS)["Items"], key=repr)
    return answers, items


@pytest.mark.parametrize("seed", range(4))
def test_transactions_are_validated_and_applied_as_moto_does(seed):
    # GIVEN the same random transactions: puts, updates, condition checks and deletes, conditions
    # that repeat with other values (and values no expression reads), empty or malformed key
    # values, unused names, placeholders the request does not define
    theirs = _transact_run(seed, on=False)
    ours = _transact_run(seed, on=True)
    # THEN every answer, every error and every stored item is moto's own
    assert ours == theirs
    messages = " ".join(str(answer) for answer in theirs[0])
    assert "ok" in theirs[0] and "TransactionCanceledException" in messages
    assert "empty string" in messages and "unused" in messages


def _field_value(rng: random.Random) -> object:
    return rng.choice(
        [
            {"S": "a"},
            {"S": ""},
            {"B": ""},
            {"B": b""},
            {"N": ""},
            {"NULL": True},
            {},
            "S",
            None,
            {"S": "", "N": "1"},
        ]
        + [{"N": "1", "S": ""}, {"L": []}, {"M": {"S": ""}}, {"BOOL": False}]
    )


def test_a_put_or_key_is_skipped_only_when_motos_empty_key_check_cannot_raise():
    # GIVEN random attribute maps (empty strings and binaries, malformed values) on a table whose
    # key and index key attributes they may name
    from moto.dynamodb import responses

    rng = random.Random(7)  # noqa: S311
    with mock_aws():
        _pairs_table()
        table = dynamodb_backends["123456789012"]["eu-west-2"].get_table(PAIRS)
        outcomes = set()
        for _ in range(3000):
            names = rng.sample(["PK", "SK", "G", "other"], rng.randrange(0, 4))
            fields = {name: _field_value(rng) for name in names}
            outcome = []
            for on in (False, True):
                moto_writes.enabled(on)
                try:
                    responses.validate_put_has_empty_keys(fields, table)
                    outcome.append("passed")
                except Exception as error:  # noqa: BLE001 (moto's own crashes must be the same too)
                    outcome.append((type(error).__name__, str(error)))
            # THEN the check answers as moto's own, error for error
            assert outcome[0] == outcome[1], fields
            outcomes.add(outcome[0] if outcome[0] == "passed" else outcome[0][0])
    assert {"passed", "MockValidationException"} <= outcomes and len(outcomes) >= 3


def test_a_kept_condition_is_evaluated_with_the_values_it_reads():
    # GIVEN one condition text sent with different values, some read by it and some not
    with mock_aws():
        client = hash_key_table(TABLE)
        client.put_item(TableName=TABLE, Item={"PK": {"S": "p"}, "n": {"N": "2"}})
        outcomes = []
        for wanted, spare in [("2", "a"), ("3", "a"), ("2", "b"), ("3", "b"), ("2", "a")]:
            try:
                client.transact_write_items(
                    TransactItems=[
                        {
                            "ConditionCheck": {
                                "TableName": TABLE,
                                "Key": {"PK": {"S": "p"}},
                                "ConditionExpression": "#n = :n",
                                "ExpressionAttributeNames": {"#n": "n"},
                                "ExpressionAttributeValues": {":n": {"N": wanted}, ":spare": {"S": spare}},
                            }
                        }
                    ]
                )
                outcomes.append("ok")
            except ClientError as error:
                outcomes.append(error.response["Error"]["Code"])
    # THEN it passes exactly when the value it reads matches the item
    assert outcomes == ["ok", "TransactionCanceledException", "ok", "TransactionCanceledException", "ok"]


def _typed_value(rng: random.Random) -> object:
    return rng.choice(
        [
            {"S": "a"},
            {"S": 5},
            {"S": {"S": "x"}},
            {"N": "12.5"},
            {"N": " 1"},
            {"N": "x"},
            {"N": "1e999"},
            {"N": 3},
        ]
        + [{"N": 2.5}, {"N": "1" * 40}, {"BOOL": True}, {"BOOL": {"N": 1}}, {"NULL": True}, {"NULL": False}]
        + [{"NULL": "yes"}, {"M": {"n": {"N": "x"}}}, {"L": [{"S": 1}]}, {}, {"S": "a", "N": "1"}, "S", None]
    )


def test_item_types_are_checked_as_moto_checks_them():
    # GIVEN random items (numbers that are not numbers, strings that are numbers, a false NULL,
    # nested values, malformed values), under attribute names that are type names too
    rng = random.Random(11)  # noqa: S311
    with mock_aws():
        _pairs_table()
        table = dynamodb_backends["123456789012"]["eu-west-2"].get_table(PAIRS)
        outcomes = set()
        for _ in range(3000):
            names = rng.sample(["PK", "SK", "G", "N", "S", "NULL", "other"], rng.randrange(0, 5))
            attrs = {name: _typed_value(rng) for name in names}
            outcome = []
            for on in (False, True):
                moto_writes.enabled(on)
                try:
                    table._validate_item_types(attrs)
                    outcome.append("passed")
                except Exception as error:  # noqa: BLE001 (moto's own crashes must be the same too)
                    outcome.append((type(error).__name__, str(error)))
            # THEN the same items pass and the same first error is raised
            assert outcome[0] == outcome[1], attrs
            outcomes.add(outcome[0] if outcome[0] == "passed" else outcome[0][0])
    assert {"passed", "ValidationException", "InvalidConversion", "SerializationException"} <= outcomes
