"""The single DynamoDB table: one parent PynamoDB model with a discriminator.

The key attributes and GSIs are defined here once; `template.yaml` declares the same table and a
contract test keeps the two equal. Entities subclass `Entity` with `discriminator="Name"`.
"""

from __future__ import annotations

from pynamodb.attributes import (
    DiscriminatorAttribute,
    TTLAttribute,
    UnicodeAttribute,
    UTCDateTimeAttribute,
)
from pynamodb.indexes import AllProjection, GlobalSecondaryIndex
from pynamodb.models import Model

from functions.core import clock, config


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


TABLE_KEYS = {"hash": "PK", "range": "SK"}
INDEXES = {
    "GSI1": ("GSI1PK", "GSI1SK"),
    "GSI2": ("GSI2PK", "GSI2SK"),
    "GSI3": ("GSI3PK", "GSI3SK"),
    "GSI4": ("GSI4PK", "GSI4SK"),
}
TTL_ATTRIBUTE = "expires_at"
