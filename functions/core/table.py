"""The single DynamoDB table: one parent PynamoDB model with a discriminator.

The key attributes and GSIs are defined here once; `template.yaml` declares the same table and a
contract test keeps the two equal. Entities subclass `Entity` with `discriminator="Name"`.
"""

from __future__ import annotations

import datetime as dt
import json
from typing import Any

from pynamodb.attributes import (
    Attribute,
    DiscriminatorAttribute,
    ListAttribute,
    MapAttribute,
    TTLAttribute,
    UnicodeAttribute,
    UTCDateTimeAttribute,
)
from pynamodb.connection.table import TableConnection
from pynamodb.exceptions import AttributeNullError
from pynamodb.expressions.condition import Condition
from pynamodb.expressions.operand import Path
from pynamodb.indexes import AllProjection, GlobalSecondaryIndex
from pynamodb.models import Model

from functions.core import clock, config, item_connection


class GSI1(GlobalSecondaryIndex):  # type: ignore[type-arg]
    class Meta:
        index_name = "GSI1"
        projection = AllProjection()

    gsi1pk = UnicodeAttribute(hash_key=True, attr_name="GSI1PK")
    gsi1sk = UnicodeAttribute(range_key=True, attr_name="GSI1SK")


class GSI2(GlobalSecondaryIndex):  # type: ignore[type-arg]
    class Meta:
        index_name = "GSI2"
        projection = AllProjection()

    gsi2pk = UnicodeAttribute(hash_key=True, attr_name="GSI2PK")
    gsi2sk = UnicodeAttribute(range_key=True, attr_name="GSI2SK")


class GSI3(GlobalSecondaryIndex):  # type: ignore[type-arg]
    class Meta:
        index_name = "GSI3"
        projection = AllProjection()

    gsi3pk = UnicodeAttribute(hash_key=True, attr_name="GSI3PK")
    gsi3sk = UnicodeAttribute(range_key=True, attr_name="GSI3SK")


class GSI4(GlobalSecondaryIndex):  # type: ignore[type-arg]
    class Meta:
        index_name = "GSI4"
        projection = AllProjection()

    gsi4pk = UnicodeAttribute(hash_key=True, attr_name="GSI4PK")
    gsi4sk = UnicodeAttribute(range_key=True, attr_name="GSI4SK")


class Entity(Model):
    """Every item of the table. Subclasses own their key shapes through `functions.core.keys`."""

    class Meta:
        table_name = config.table_name()
        billing_mode = "PAY_PER_REQUEST"

    pk = UnicodeAttribute(hash_key=True, attr_name="PK")
    sk = UnicodeAttribute(range_key=True, attr_name="SK")
    entity = DiscriminatorAttribute(attr_name="entity")
    gsi1pk = UnicodeAttribute(null=True, attr_name="GSI1PK")
    gsi1sk = UnicodeAttribute(null=True, attr_name="GSI1SK")
    gsi2pk = UnicodeAttribute(null=True, attr_name="GSI2PK")
    gsi2sk = UnicodeAttribute(null=True, attr_name="GSI2SK")
    gsi3pk = UnicodeAttribute(null=True, attr_name="GSI3PK")
    gsi3sk = UnicodeAttribute(null=True, attr_name="GSI3SK")
    gsi4pk = UnicodeAttribute(null=True, attr_name="GSI4PK")
    gsi4sk = UnicodeAttribute(null=True, attr_name="GSI4SK")
    expires_at = TTLAttribute(null=True, attr_name="expires_at")
    created_at = UTCDateTimeAttribute(default_for_new=clock.now)

    gsi1 = GSI1()
    gsi2 = GSI2()
    gsi3 = GSI3()
    gsi4 = GSI4()

    @classmethod
    def _get_connection(cls) -> TableConnection:
        """PynamoDB's table connection, its client writing and reading items directly
        (`functions.core.item_connection`)."""
        return item_connection.direct(super()._get_connection())

    def _set_defaults(self, _user_instantiated: bool = True) -> None:
        """PynamoDB's defaults (`AttributeContainer._set_defaults`), plain ones stored directly."""
        values = self.attribute_values
        for name, default_for_new, default, plain in _plan(type(self)).defaults:
            chosen = default_for_new if _user_instantiated and default_for_new is not None else default
            value = chosen() if callable(chosen) else chosen
            if value is None:
                continue
            if plain:
                values[name] = value
            else:
                setattr(self, name, value)

    def _set_attributes(self, **attributes: Any) -> None:
        """PynamoDB's `AttributeContainer._set_attributes`, plain attributes stored directly (what
        their descriptor does): building items was a tenth of an import worker's time."""
        plain_set = _plan(type(self)).plain_set
        values = self.attribute_values
        for name, value in attributes.items():
            plain = plain_set.get(name)
            if plain is None:
                raise ValueError(f"Attribute {name} specified does not exist")
            if plain:
                values[name] = value
            else:
                setattr(self, name, value)

    def _container_serialize(self, null_check: bool = True) -> dict[str, dict[str, Any]]:
        """PynamoDB's serialization, attribute for attribute, without its per-attribute lookups.

        PynamoDB reads each value through the attribute's descriptor and its path property,
        which was a tenth of an import worker's time; an item's plain attributes are read from
        `attribute_values` directly (what the plain descriptor returns), and maps, lists and
        attributes with their own `__get__` go PynamoDB's own way.
        tests/unit/test_table_items.py compares both on every entity."""
        serialized: dict[str, dict[str, Any]] = {}
        values = self.attribute_values
        for name, attr, dynamo_name, attr_type, plain, convert in _plan(type(self)).serialize:
            if plain:
                value = values.get(name)
                attr_value = value if value is None or convert is None else convert(value)
            else:
                attr_value = _serialize_slowly(self, name, attr, null_check)
            if attr_value is None:
                if null_check and not attr.null:
                    raise AttributeNullError(name)
                continue
            serialized[dynamo_name] = {attr_type: attr_value}
        return serialized

    def get_save_kwargs_from_instance(
        self, condition: Condition | None = None, return_values_on_condition_failure: str | None = None
    ) -> dict[str, Any]:
        """The Put of a transaction (`TransactWrite.save`), as PynamoDB builds it, built directly.

        PynamoDB serializes the item, takes its key out, then puts the key back and every other
        value in again through the table's metadata (`Connection.get_operation_kwargs`): two
        thirds of the 67 µs a donation's Put took. Here the item is serialized once and the key
        moved first. The version and the condition are PynamoDB's (`_handle_version_attribute`,
        `Condition.serialize`), except that a condition without values (`pk.does_not_exist()`,
        and the new item's `version.does_not_exist()`) is serialized once per shape: building
        and serializing those was 7 % of an import worker's CPU.
        tests/unit/test_table_items.py compares both on every entity."""
        if return_values_on_condition_failure is not None or not isinstance(condition, Condition | None):
            return super().get_save_kwargs_from_instance(condition, return_values_on_condition_failure)
        attributes = self.serialize(null_check=True)
        item = {"PK": attributes.pop("PK"), "SK": attributes.pop("SK")}
        item.update(attributes)
        kwargs: dict[str, Any] = {"TableName": self.Meta.table_name, "Item": item}
        version = _plan(type(self)).version
        shape = _shape(condition)
        if shape is not None and (version is None or getattr(self, version.name) is None):
            expression, names = _value_free_condition(shape, condition, version)
            if version is not None:
                item[version.attr_name] = dict(version.first)
            if expression is not None:
                kwargs["ConditionExpression"] = expression
                kwargs["ExpressionAttributeNames"] = dict(names)
            return kwargs
        version_condition = self._handle_version_attribute(attributes=item)
        if version_condition is not None:
            condition &= version_condition
        if condition is not None:
            _serialize_condition(kwargs, condition)
        return kwargs


_absent: dict[type, Condition] = {}


def absent(model: type[Entity]) -> Condition:
    """`model.pk.does_not_exist()` (the Put of a new item), built once per model: a condition is
    only ever read (`&` makes a new one), and building it (an attribute path and a condition
    object) for every item of every import row was 2 % of an import worker's CPU."""
    found = _absent.get(model)
    if found is None:
        found = _absent[model] = model.pk.does_not_exist()
    return found


def client() -> Any:
    """The process's DynamoDB client for calls PynamoDB does not make (ADD counters, projected
    BatchGetItem): PynamoDB's own botocore client, so a cold start creates one DynamoDB client,
    not two (a second costs ~60 ms). It skips botocore's parameter validation, as every PynamoDB
    call does: DynamoDB itself refuses a malformed request."""
    return Entity._get_connection().connection.client


def _serialize_condition(kwargs: dict[str, Any], condition: Condition) -> None:
    """`Connection.get_operation_kwargs`'s condition members."""
    names: dict[str, str] = {}
    values: dict[str, Any] = {}
    kwargs["ConditionExpression"] = condition.serialize(names, values)
    if names:
        kwargs["ExpressionAttributeNames"] = {holder: name for name, holder in names.items()}
    if values:
        kwargs["ExpressionAttributeValues"] = values


def _shape(node: Any) -> Any:
    """A hashable description of a condition made only of conditions and attribute paths (what
    its serialization depends on), () for no condition, None when it holds anything else."""
    if node is None:
        return ()
    if type(node) is Path:
        return ("path", tuple(node.path))
    if isinstance(node, Condition):
        parts = tuple(_shape(value) for value in node.values)
        if None in parts:
            return None
        return (type(node), node.operator, parts)
    return None


_value_free: dict[tuple[Any, ...], tuple[str | None, dict[str, str]]] = {}


def _value_free_condition(
    shape: Any, condition: Condition | None, version: Any
) -> tuple[str | None, dict[str, str]]:
    """(ConditionExpression, ExpressionAttributeNames) of `condition` AND, for a model with a
    version, the new item's `version.does_not_exist()`; serialized once per shape."""
    key = (shape, version.attr_name if version is not None else None)
    found = _value_free.get(key)
    if found is None:
        if version is not None:
            condition &= version.attribute.does_not_exist()
        if condition is None:
            found = (None, {})
        else:
            kwargs: dict[str, Any] = {}
            _serialize_condition(kwargs, condition)
            found = (kwargs["ConditionExpression"], kwargs.get("ExpressionAttributeNames", {}))
        if len(_value_free) < 1024:
            _value_free[key] = found
    return found


class _Version:
    """A model's version attribute as a new item's Put writes it (`_handle_version_attribute`)."""

    def __init__(self, model: type[Entity], name: str) -> None:
        self.name = name
        self.attribute = model.get_attributes()[name]
        self.attr_name = self.attribute.attr_name
        self.first = {self.attribute.attr_type: self.attribute.serialize(1)}


class _Plan:
    """An entity class's attributes as its fast paths walk them; "plain" attributes use the base
    descriptor (`Attribute.__get__` / `__set__`: the value sits in `attribute_values` under the
    Python name), maps, lists and attributes that convert on the way in or out do not."""

    def __init__(self, model: type[Entity]) -> None:
        attributes = model.get_attributes()
        plain = {name: _is_plain(attr) for name, attr in attributes.items()}
        self.serialize = [
            (name, attr, attr.attr_name, attr.attr_type, plain[name], _converter(attr))
            for name, attr in attributes.items()
        ]
        self.plain_set = plain
        for name, attr in attributes.items():
            if plain[name]:
                _read_directly(attr, name)
        self.version = (
            _Version(model, model._version_attribute_name) if model._version_attribute_name else None
        )
        self.defaults = [
            (name, attr.default_for_new, attr.default, self.plain_set[name])
            for name, attr in attributes.items()
            if attr.default_for_new is not None or attr.default is not None
        ]


def _is_plain(attr: Attribute[Any]) -> bool:
    descriptors = (type(attr).__get__, type(attr).__set__)
    return descriptors in _PLAIN_DESCRIPTORS and not isinstance(attr, ListAttribute | MapAttribute)


def _converter(attr: Attribute[Any]) -> Any:
    """How a plain attribute serializes a value that is not None: None when `Attribute.serialize`
    keeps it as it is (text), a faster equal function for a time in UTC, else its own method."""
    serialize = type(attr).serialize
    if serialize is Attribute.serialize:
        return None
    if serialize is UTCDateTimeAttribute.serialize:
        return _utc_text
    return attr.serialize


def _utc_text(value: Any) -> str:
    """`UTCDateTimeAttribute.serialize`: '2026-11-24T23:27:03.378998+0000' (years padded to four
    digits); a time already in UTC from year 1000 on is written by `isoformat`, twice as fast."""
    if value.tzinfo is dt.UTC and value.year >= 1000:
        return value.isoformat(timespec="microseconds")[:-6] + "+0000"
    return _UTC_SERIALIZE(value)


def _get(self: Attribute[Any], instance: Any, owner: Any) -> Any:
    """`Attribute.__get__` on an entity: the value stored under the attribute's Python name."""
    if instance is None:
        return self
    return instance.attribute_values.get(self._entity_name)  # type: ignore[attr-defined]


def _set(self: Attribute[Any], instance: Any, value: Any) -> None:
    """`Attribute.__set__` on an entity."""
    if instance is not None:
        instance.attribute_values[self._entity_name] = value  # type: ignore[attr-defined]


_UTC_SERIALIZE = UTCDateTimeAttribute().serialize
_PLAIN_DESCRIPTORS: set[tuple[Any, Any]] = {(Attribute.__get__, Attribute.__set__), (_get, _set)}
_readers: dict[type, type] = {}


def _read_directly(attr: Attribute[Any], name: str) -> None:
    """Give a plain attribute of the entities descriptors that go to `attribute_values` directly.

    PynamoDB's `Attribute.__get__` asks whether the instance is a map attribute's class object
    and maps the stored name back to the Python name on every read: half of the 49 µs a Gift Aid
    assessment took was reading the donation's and donor's attributes. An entity attribute is
    only ever read on an entity (a model instance, always truthy) or on its class, where both
    descriptors do what PynamoDB's do; the attribute keeps its class's name and behaviour
    otherwise (a subclass that only replaces the two descriptors). An attribute object found
    under two names gets PynamoDB's descriptors back for good.
    tests/unit/test_table_items.py compares them on every entity."""
    known = getattr(attr, "_entity_name", name)
    if known != name:
        if type(attr).__get__ is _get:
            attr.__class__ = type(attr).__mro__[1]
        attr._entity_name = ""  # type: ignore[attr-defined]
        return
    cls = type(attr)
    if cls.__get__ is _get:
        return
    reader = _readers.get(cls)
    if reader is None:
        namespace = {
            "__get__": _get,
            "__set__": _set,
            "__module__": cls.__module__,
            "__qualname__": cls.__qualname__,
        }
        reader = _readers[cls] = type(cls.__name__, (cls,), namespace)
    attr._entity_name = name  # type: ignore[attr-defined]
    attr.__class__ = reader


_plans: dict[type, _Plan] = {}


def _plan(model: type[Entity]) -> _Plan:
    plan = _plans.get(model)
    if plan is None:
        plan = _plans[model] = _Plan(model)
    return plan


class _NotPlain(Exception):
    """A value of a raw list or map that PynamoDB serializes some other way (or refuses)."""


def _plain_value(value: Any) -> dict[str, Any]:
    """One element of a raw list or map as PynamoDB writes it (`_get_class_for_serialize` by
    exact type, then that attribute's `serialize`): text, booleans, whole and float numbers,
    None, and lists and dicts of them; anything else raises `_NotPlain`."""
    kind = type(value)
    if kind is str:
        return {"S": value}
    if kind is dict:
        return {"M": {name: _plain_value(element) for name, element in value.items()}}
    if kind is int:
        return {"N": str(value)}
    if kind is bool:
        return {"BOOL": value}
    if value is None:
        return {"NULL": True}
    if kind is list:
        return {"L": [_plain_value(element) for element in value]}
    if kind is float:
        return {"N": json.dumps(value)}
    raise _NotPlain


def _text_element(value: Any) -> dict[str, Any]:
    """An element of a `ListAttribute(of=UnicodeAttribute)` as PynamoDB writes it."""
    if type(value) is str:
        return {"S": value}
    if value is None:
        return {"NULL": True}
    raise _NotPlain


def _plain_container(attr: Attribute[Any], value: Any) -> Any:
    """A raw `ListAttribute` (no element type) or raw `MapAttribute` value holding only plain
    values, or a list of text, serialized directly: PynamoDB's walk (a serialize class and a
    descriptor per element) was most of a donation's serialization (its allocations and Gift Aid
    parameters) and of a chunk manifest's. None when the value is anything else, which then goes
    PynamoDB's way."""
    try:
        if type(attr) is ListAttribute and type(value) is list:
            if attr.element_type is None:
                return [_plain_value(element) for element in value]
            if attr.element_type is UnicodeAttribute:  # a chunk manifest's 500 ids
                return [_text_element(element) for element in value]
            return None
        if type(attr) is MapAttribute:
            if type(value) is MapAttribute and value._is_attribute_container():
                value = value.attribute_values
            if type(value) is dict:
                return {name: _plain_value(element) for name, element in value.items()}
    except _NotPlain:
        return None
    return None


def _serialize_slowly(item: Entity, name: str, attr: Attribute[Any], null_check: bool) -> Any:
    """PynamoDB's own steps for one attribute (`AttributeContainer._container_serialize`), raw
    lists and maps of plain values directly (`_plain_container`)."""
    value = getattr(item, name)
    if value is not None:
        plain = _plain_container(attr, value)
        if plain is not None:
            return plain
    try:
        if isinstance(value, MapAttribute) and not value.validate(null_check=null_check):
            raise ValueError(f"Attribute '{name}' is not correctly typed")
        if value is None:
            return None
        if isinstance(attr, (ListAttribute, MapAttribute)):
            return attr.serialize(value, null_check=null_check)
        return attr.serialize(value)
    except AttributeNullError as error:
        error.prepend_path(name)
        raise


TABLE_KEYS = {"hash": "PK", "range": "SK"}
INDEXES = {
    "GSI1": ("GSI1PK", "GSI1SK"),
    "GSI2": ("GSI2PK", "GSI2SK"),
    "GSI3": ("GSI3PK", "GSI3SK"),
    "GSI4": ("GSI4PK", "GSI4SK"),
}
TTL_ATTRIBUTE = "expires_at"
