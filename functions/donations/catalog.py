"""Donation types and locations: small per-charity lists with a usage counter that the donation
transactions keep, so one in use cannot be deleted (a conditional delete on `usage = 0`)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from pynamodb.exceptions import DeleteError, PutError, UpdateError

from functions.core import audit, clock, ids, keys
from functions.core.access import Principal
from functions.core.errors import Conflict, NotFound
from functions.core.messages import t
from functions.donations.models import DonationType, Location
from functions.donors import messages  # noqa: F401  (registers the area's messages)

if TYPE_CHECKING:
    from functions.donations.schemas import CatalogBody, CatalogUpdateBody

MAX_ITEMS = 500


@dataclass(frozen=True)
class Catalog:
    model: type[DonationType] | type[Location]
    id_field: str
    prefix: str
    in_use_key: str
    kind: str

    def key(self, tenant_id: str, item_id: str) -> tuple[str, str]:
        return self.model.key(tenant_id, item_id)


TYPES = Catalog(
    DonationType, "type_id", keys.donation_type_prefix(), "donation_types.in_use", "donation_type"
)
LOCATIONS = Catalog(Location, "location_id", keys.location_prefix(), "locations.in_use", "location")


def view(catalog: Catalog, item: Any) -> dict[str, Any]:
    return {
        "id": getattr(item, catalog.id_field),
        "name": item.name,
        "description": item.description,
        "usage": int(item.usage or 0),
        "version": item.version,
        "created_at": clock.iso(item.created_at),
    }


def _get(catalog: Catalog, tenant_id: str, item_id: str) -> Any:
    try:
        return catalog.model.get(*catalog.key(tenant_id, item_id), consistent_read=True)
    except catalog.model.DoesNotExist as exc:
        raise NotFound() from exc


def listing(catalog: Catalog, who: Principal) -> dict[str, Any]:
    items = catalog.model.query(
        keys.tenant_pk(who.tenant_id), catalog.model.sk.startswith(catalog.prefix), limit=MAX_ITEMS
    )
    rows = sorted((view(catalog, item) for item in items), key=lambda row: row["name"].lower())
    return {"data": rows, "meta": {"total": len(rows), "page": 1, "length": len(rows), "next_cursor": None}}


def create(catalog: Catalog, who: Principal, body: CatalogBody) -> dict[str, Any]:
    item_id = ids.new_id()
    item = catalog.model(
        *catalog.key(who.tenant_id, item_id),
        name=body.name,
        description=body.description,
    )
    setattr(item, catalog.id_field, item_id)
    item.save(condition=catalog.model.pk.does_not_exist())
    return view(catalog, item)


def show(catalog: Catalog, who: Principal, item_id: str) -> dict[str, Any]:
    return view(catalog, _get(catalog, who.tenant_id, item_id))


def update(catalog: Catalog, who: Principal, item_id: str, body: CatalogUpdateBody) -> dict[str, Any]:
    item = _get(catalog, who.tenant_id, item_id)
    item.version = body.version
    try:
        description = catalog.model.description
        item.update(
            actions=[
                catalog.model.name.set(body.name),
                description.set(body.description) if body.description else description.remove(),
            ]
        )
    except (UpdateError, PutError) as exc:
        raise Conflict() from exc
    return view(catalog, _get(catalog, who.tenant_id, item_id))


def remove(catalog: Catalog, who: Principal, item_id: str) -> dict[str, Any]:
    item = _get(catalog, who.tenant_id, item_id)
    if item.usage:
        raise Conflict(catalog.in_use_key, count=int(item.usage))
    try:
        item.delete(condition=catalog.model.usage == 0, add_version_condition=False)
    except DeleteError as exc:
        raise Conflict(
            catalog.in_use_key, count=int(_get(catalog, who.tenant_id, item_id).usage or 0)
        ) from exc
    audit.record(who.tenant_id, f"{catalog.kind}.deleted", actor_id=who.user_id, item_id=item_id)
    return {"message": t("catalog.deleted")}
