"""Postcode address lookup for the donor forms (issue 14): "Find address" next to the postcode.

The provider is an HTTP service configured by `ADDRESS_LOOKUP_URL` (template parameter
`AddressLookupUrl`): `GET <url>/<postcode>` answers `{"addresses": [{house, line1, line2, town,
county, postcode}, ...]}`. Locally that is `chalicelocal.fake_address`; in AWS an adapter for a
commercial provider speaking this shape. Empty URL: the lookup is off (503, manual entry stays).
A provider that cannot be reached or times out is 503, one that answers nonsense is 502, never
500. Lookups are throttled per user (a provider charges per lookup)."""

from __future__ import annotations

import json
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from functions.core import config, throttle
from functions.core.access import Principal
from functions.core.errors import AlmonerError
from functions.core.messages import CATALOG
from functions.core.observability import logger

TIMEOUT_SECONDS = 5
MAX_ADDRESSES = 100
FIELDS = ("house", "line1", "line2", "town", "county", "postcode")
FIELD_LIMIT = 100
LOOKUPS_PER_WINDOW = 30
WINDOW_SECONDS = 60

CATALOG.update(
    {
        "address_lookup.unavailable": {
            "en": "The address lookup is not available at the moment. Type the address in instead.",
            "es": "La búsqueda de direcciones no está disponible en este momento. Escriba la dirección.",
        },
        "address_lookup.bad_gateway": {
            "en": "The address lookup service gave an answer we could not read. Type the address in instead.",
            "es": "El servicio de búsqueda de direcciones dio una respuesta ilegible. Escriba la dirección.",
        },
    }
)


class LookupUnavailable(AlmonerError):
    status = 503
    message_key = "address_lookup.unavailable"


class LookupBadGateway(AlmonerError):
    status = 502
    message_key = "address_lookup.bad_gateway"


def provider_url() -> str:
    return config.env("ADDRESS_LOOKUP_URL").rstrip("/")


def _fetch(url: str) -> Any:
    request = urllib.request.Request(url, headers={"Accept": "application/json"})  # noqa: S310
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT_SECONDS) as response:  # noqa: S310
            raw = response.read(1_000_000)
    except urllib.error.HTTPError as error:
        if error.code == 404:
            return {"addresses": []}
        logger.warning("address lookup answered %s", error.code)
        raise (
            LookupUnavailable() if error.code >= 500 or error.code == 429 else LookupBadGateway()
        ) from None
    except (urllib.error.URLError, TimeoutError, OSError):
        logger.warning("address lookup unreachable")
        raise LookupUnavailable() from None
    try:
        return json.loads(raw)
    except ValueError:
        raise LookupBadGateway() from None


def _clean(item: Any) -> dict[str, str] | None:
    if not isinstance(item, dict):
        return None
    address = {name: str(item.get(name) or "").strip()[:FIELD_LIMIT] for name in FIELDS}
    return address if address["line1"] or address["house"] else None


def lookup(who: Principal, postcode: str) -> dict[str, Any]:
    """`postcode` is already normalised (`SW1A 1AA`)."""
    base = provider_url()
    if not base:
        raise LookupUnavailable()
    bucket = f"address-lookup:{who.user_id}"
    throttle.check(bucket, LOOKUPS_PER_WINDOW, WINDOW_SECONDS)
    throttle.record_failure(bucket, WINDOW_SECONDS)  # counts every lookup, not only failures
    answer = _fetch(f"{base}/{urllib.parse.quote(postcode)}")
    found = answer.get("addresses") if isinstance(answer, dict) else None
    if not isinstance(found, list):
        raise LookupBadGateway()
    addresses = [a for a in (_clean(item) for item in found[:MAX_ADDRESSES]) if a]
    for address in addresses:
        address["postcode"] = address["postcode"] or postcode
    return {"postcode": postcode, "addresses": addresses}
