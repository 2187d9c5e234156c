"""Entity construction and serialization (functions/core/table.py: `Entity._set_defaults`,
`_set_attributes`, `_container_serialize`) give exactly PynamoDB's results for every entity of
the table: the same attribute values, stored names, types, values and order, and the same error
for a missing required attribute or an unknown one."""

from __future__ import annotations

import datetime as dt
import importlib
import pkgutil
import random
from decimal import Decimal
from typing import Any

import pytest
from pynamodb.attributes import (
    Attribute,
    AttributeContainer,
    BooleanAttribute,
    DiscriminatorAttribute,
    ListAttribute,
    MapAttribute,
    NumberAttribute,
    UnicodeAttribute,
    UTCDateTimeAttribute,
    VersionAttribute,
)
from pynamodb.models import Model

import functions
from functions.core.table import Entity, _get, _utc_text


def _entities() -> list[type[Entity]]:
    for module in pkgutil.walk_packages(functions.__path__, "functions."):
        if not module.name.endswith(("handler", "app")):
            importlib.import_module(module.name)
    found, pending = [], [Entity]
    while pending:
        model = pending.pop()
        found.append(model)
        pending.extend(model.__subclasses__())
    return sorted(set(found), key=lambda model: model.__qualname__)


ENTITIES = _entities()


# Raw maps and lists as items hold them (a donation's Gift Aid parameters and fund split), and
# values PynamoDB writes otherwise or refuses (a Decimal, a set, a map instance, an int subclass):
# the direct serialization of plain ones must give PynamoDB's result, the others go its way.
RAW_MAPS: list[Any] = [
    {"state": "claimable", "amount": "2.50", "nested": {"n": 1}},
    {},
    {"year": 2026, "rate": 0.25, "ok": True, "no": False, "gone": None, "empty": ""},
    {"list": [1, "a", None, [True, {"deep": -7}]], "big": 10**20, "nan": float("nan")},
    {"money": Decimal("2.50")},
    {"tags": {"a", "b"}},
    {"inner": MapAttribute(x="y")},
    {"flag": type("Flag", (int,), {})(1)},
]
RAW_LISTS: list[Any] = [
    ["a", "é£"],
    [],
    [{"fund_id": "general", "amount": 1250}, {"fund_id": "roof", "amount": 5, "project_id": "p1"}],
    [None, True, 3, 2.5, "", [], {}, [[{"n": {"m": "x"}}]]],
    [Decimal("1.00")],
    [{"amount": Decimal("1.00")}],
    [MapAttribute(fund_id="general")],
    [b"bytes"],
]


def _value(attr: Any, rng: random.Random) -> Any:
    if isinstance(attr, VersionAttribute):
        return rng.choice([1, 7, 3.0])  # a float version is read back as an int
    if isinstance(attr, BooleanAttribute):
        return rng.random() < 0.5
    if isinstance(attr, UTCDateTimeAttribute):
        return dt.datetime(2026, 4, rng.randrange(1, 30), 12, 30, tzinfo=dt.UTC)
    if type(attr).__name__ == "TTLAttribute":
        return dt.datetime(2027, 1, 1, tzinfo=dt.UTC)
    if isinstance(attr, NumberAttribute):
        return rng.choice([0, 12, -3])
    if type(attr).__name__ == "DecimalAttribute":
        return Decimal(rng.randrange(-(10**6), 10**6)) / 100
    if isinstance(attr, MapAttribute):
        return rng.choice(RAW_MAPS) if attr.is_raw() else None
    if isinstance(attr, ListAttribute):
        if attr.element_type is None:
            return rng.choice(RAW_LISTS)
        if attr.element_type is UnicodeAttribute:
            return rng.choice([[], ["a", "DONATION#1", ""], ["x", None], [5], ["y", b"z"]])
        return []
    return rng.choice(["", "Zoë O'Brien £5", "DONOR#1", "x" * rng.randrange(1, 30)])


def _item(model: type[Entity], rng: random.Random) -> Entity:
    item = model("TENANT#t1", f"ITEM#{rng.randrange(10**6)}")
    sparse = rng.random() < 0.5  # else every required attribute is set
    for name, attr in model.get_attributes().items():
        if name in ("pk", "sk") or isinstance(attr, DiscriminatorAttribute):
            continue
        roll = rng.random()
        if roll < 0.25 and (sparse or attr.null):
            item.attribute_values.pop(name, None)  # missing: required ones must fail alike
        elif roll < 0.9:
            setattr(item, name, _value(attr, rng))
    return item


def _attempt(serialize: Any, item: Entity) -> Any:
    try:
        return list(serialize(item).items())
    except Exception as error:  # noqa: BLE001 (the comparison is the point)
        return (type(error), str(error))


def _both(item: Entity) -> tuple[Any, Any]:
    return _attempt(type(item)._container_serialize, item), _attempt(
        AttributeContainer._container_serialize, item
    )


@pytest.mark.parametrize("model", ENTITIES, ids=lambda model: model.__qualname__)
def test_every_entity_serializes_as_pynamodb_does(model):
    rng = random.Random(model.__qualname__)  # noqa: S311
    outcomes = set()
    for _ in range(40):
        ours, theirs = _both(_item(model, rng))
        assert ours == theirs
        outcomes.add(isinstance(ours, tuple))
    if Entity.entity.get_discriminator(model) is not None:  # (a view model is never put whole)
        assert False in outcomes  # some items were serialized, not only errors compared


def test_the_entities_cover_the_table():
    names = {model.__qualname__ for model in ENTITIES}
    assert {"Donation", "Donor", "DeclarationRecord", "ImportItem", "TenantCounters"} <= names
    assert len(ENTITIES) > 30


def test_a_missing_required_attribute_is_refused_by_name():
    donation_model = next(model for model in ENTITIES if model.__qualname__ == "Donation")
    item = donation_model(
        "TENANT#t1", "DONATION#d1", donation_id="d1", tenant_id="t1", donation_date="2026-04-06"
    )
    with pytest.raises(ValueError, match="amount"):
        item._container_serialize()
    item.amount = Decimal("5.00")
    stored = item._container_serialize()
    assert stored["PK"] == {"S": "TENANT#t1"} and stored["amount"] == {"N": "5.00"}
    assert stored["entity"] == {"S": "Donation"} and "notes" not in stored


def _kwargs(model: type[Entity], rng: random.Random) -> dict[str, Any]:
    chosen = {}
    for name, attr in model.get_attributes().items():
        if name in ("pk", "sk") or isinstance(attr, DiscriminatorAttribute) or rng.random() < 0.3:
            continue
        value = _value(attr, rng)
        if value is not None or rng.random() < 0.2:
            chosen[name] = value
    return chosen


def _built_by_pynamodb(model: type[Entity], **attributes: Any) -> Entity:
    item = model.__new__(model)
    item.attribute_values = {}
    item._set_discriminator()
    AttributeContainer._set_defaults(item, _user_instantiated=True)
    AttributeContainer._set_attributes(item, **attributes, pk="TENANT#t1", sk="ITEM#1")
    return item


@pytest.mark.parametrize("model", ENTITIES, ids=lambda model: model.__qualname__)
def test_every_entity_is_built_as_pynamodb_builds_it(model):
    rng = random.Random(f"build {model.__qualname__}")  # noqa: S311
    for _ in range(40):
        attributes = _kwargs(model, rng)
        try:
            ours = model("TENANT#t1", "ITEM#1", **attributes)
        except Exception as error:  # noqa: BLE001
            with pytest.raises(type(error), match=str(error)):
                _built_by_pynamodb(model, **attributes)
            continue
        theirs = _built_by_pynamodb(model, **attributes)
        assert list(ours.attribute_values) == list(theirs.attribute_values)
        for name, value in theirs.attribute_values.items():
            mine = ours.attribute_values[name]
            assert type(mine) is type(value)
            if isinstance(value, MapAttribute):
                assert mine.as_dict() == value.as_dict()
            elif name == "created_at" and "created_at" not in attributes:  # clock.now, twice
                assert abs(mine - value) < dt.timedelta(seconds=5)
                ours.created_at = value
            else:
                assert mine == value
        assert _attempt(type(ours)._container_serialize, ours) == _attempt(
            AttributeContainer._container_serialize, theirs
        )


def test_defaults_and_unknown_attributes():
    donation_model = next(model for model in ENTITIES if model.__qualname__ == "Donation")
    item = donation_model("TENANT#t1", "DONATION#d1", version=2.0)
    assert item.payment_method == "other" and item.sponsored is False and item.status == "received"
    assert item.version == 2 and type(item.attribute_values["version"]) is int  # VersionAttribute casts
    assert item.created_at is not None and item.gift_aid_params.as_dict() == {}
    read = donation_model.from_raw_data({"PK": {"S": "TENANT#t1"}, "SK": {"S": "DONATION#d1"}})
    assert read.created_at is None  # a stored item gets no creation time of today
    with pytest.raises(ValueError, match="Attribute colour specified does not exist"):
        donation_model("TENANT#t1", "DONATION#d1", colour="red")


def _conditions(model: type[Entity], rng: random.Random) -> list[Any]:
    compared = (DiscriminatorAttribute, ListAttribute, MapAttribute)
    attributes = [attr for name, attr in model.get_attributes().items() if not isinstance(attr, compared)]
    other = rng.choice(attributes)
    return [
        None,
        model.pk.does_not_exist(),
        model.pk.exists() & other.does_not_exist(),
        (other == _value(other, rng)) | model.sk.startswith("ITEM#"),
        "not a condition",
    ]


@pytest.mark.parametrize("model", ENTITIES, ids=lambda model: model.__qualname__)
def test_every_entity_is_put_as_pynamodb_puts_it(model):
    # a transaction's Put: item, key first, version bumped, condition and its placeholders
    rng = random.Random(f"put {model.__qualname__}")  # noqa: S311
    puts = set()
    for _ in range(30):
        item = _item(model, rng)
        for condition in _conditions(model, rng):
            for failure in (None, "ALL_OLD"):
                ours = _attempt_put(type(item).get_save_kwargs_from_instance, item, condition, failure)
                theirs = _attempt_put(Model.get_save_kwargs_from_instance, item, condition, failure)
                assert ours == theirs
                puts.add(isinstance(ours, list))
    if Entity.entity.get_discriminator(model) is not None:
        assert puts == {True, False}  # some items were put, some refused (a missing attribute)


def _attempt_put(save_kwargs: Any, item: Entity, condition: Any, failure: Any) -> Any:
    try:
        kwargs = save_kwargs(item, condition=condition, return_values_on_condition_failure=failure)
    except Exception as error:  # noqa: BLE001 (the comparison is the point)
        return (type(error), str(error))
    ordered = lambda value: list(value.items()) if isinstance(value, dict) else value  # noqa: E731
    return [(name, ordered(value)) for name, value in kwargs.items()]


@pytest.mark.parametrize("model", ENTITIES, ids=lambda model: model.__qualname__)
def test_every_entity_reads_and_writes_attributes_as_pynamodb_does(model):
    # the plain attributes' direct descriptors (functions/core/table.py: `_read_directly`)
    rng = random.Random(f"descriptors {model.__qualname__}")  # noqa: S311
    swapped = 0
    for _ in range(10):
        item = _item(model, rng)
        for name, attr in model.get_attributes().items():
            if type(attr).__get__ is _get:  # the same class but for its two descriptors
                assert type(attr).__name__ == type(attr).__mro__[1].__name__
            assert getattr(model, name) is attr and Attribute.__get__(attr, None, model) is attr
            assert getattr(item, name) == Attribute.__get__(attr, item, model)
            if type(attr).__get__ is _get:
                swapped += 1
                value = _value(attr, rng)
                theirs = dict(item.attribute_values)
                setattr(item, name, value)
                mine, theirs_item = item.attribute_values, type(item).__new__(type(item))
                theirs_item.attribute_values = theirs
                Attribute.__set__(attr, theirs_item, value)
                assert mine == theirs_item.attribute_values
    plain = [a for a in model.get_attributes().values() if not isinstance(a, ListAttribute | MapAttribute)]
    assert swapped or not plain  # the entity's plain attributes read directly


def test_times_are_written_as_pynamodb_writes_them():
    rng = random.Random(7)  # noqa: S311
    zones = [
        dt.UTC,
        dt.timezone(dt.timedelta(hours=1)),
        dt.timezone(dt.timedelta(hours=-5, minutes=-30)),
        None,
    ]
    for _ in range(3000):
        value = dt.datetime(
            rng.choice([5, 999, 1000, 1999, 2026, 9999]),
            rng.randrange(1, 13),
            rng.randrange(1, 29),
            rng.randrange(24),
            rng.randrange(60),
            rng.randrange(60),
            rng.choice([0, rng.randrange(10**6)]),
            tzinfo=rng.choice(zones),
        )
        assert _utc_text(value) == UTCDateTimeAttribute().serialize(value), value


def test_an_attribute_under_two_names_keeps_pynamodbs_descriptors():
    from pynamodb.attributes import UnicodeAttribute

    from functions.core import table

    shared = UnicodeAttribute(null=True)
    table._read_directly(shared, "first")
    assert type(shared).__get__ is _get
    table._read_directly(shared, "second")
    assert type(shared) is UnicodeAttribute
    table._read_directly(shared, "first")
    assert type(shared) is UnicodeAttribute
