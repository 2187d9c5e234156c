"""GET /api/address-lookup: the donor forms' "Find address", against the local fake provider
(`chalicelocal.fake_address`, a real HTTP server on its own port) as the stack runs it."""

from __future__ import annotations

import json
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from threading import Thread

import pytest

from chalicelocal import fake_address
from chalicelocal.embedded import free_port
from functions.core.identity import Role
from functions.core.permissions import CHARITY_PERMISSIONS
from functions.donors import address_lookup
from tests.functional.helpers import add_user, platform_admin, sign_up_charity


@pytest.fixture
def provider(monkeypatch):
    server, url = fake_address.serve()
    monkeypatch.setenv("ADDRESS_LOOKUP_URL", url)
    yield url
    server.shutdown()
    server.server_close()


def test_a_known_postcode_lists_its_addresses_in_any_spacing(client, provider):
    owner = sign_up_charity(client, "Hope Trust")
    reply = owner.get("/api/address-lookup?postcode=ba11aa")
    assert reply.status == 200, reply
    assert reply.json["postcode"] == "BA1 1AA"
    assert reply.json["addresses"][0] == {
        "house": "1",
        "line1": "Abbey Churchyard",
        "line2": "",
        "town": "Bath",
        "county": "Somerset",
        "postcode": "BA1 1AA",
    }
    assert [a["house"] for a in reply.json["addresses"]] == ["1", "2", "3", "12", "Abbey House"]


def test_an_unknown_postcode_is_an_empty_list(client, provider):
    owner = sign_up_charity(client, "Hope Trust")
    reply = owner.get("/api/address-lookup?postcode=sw1a9zz")
    assert reply.status == 200
    assert reply.json == {"postcode": "SW1A 9ZZ", "addresses": []}


@pytest.mark.parametrize("postcode", ["", "BS1", "12345", "NOT A POSTCODE", "x" * 40])
def test_an_invalid_postcode_is_422_naming_the_field(client, provider, postcode):
    owner = sign_up_charity(client, "Hope Trust")
    reply = owner.get(f"/api/address-lookup?postcode={postcode}")
    assert reply.status == 422
    assert "postcode" in reply.json["errors"]


def test_a_missing_postcode_is_422(client, provider):
    owner = sign_up_charity(client, "Hope Trust")
    reply = owner.get("/api/address-lookup")
    assert reply.status == 422 and "postcode" in reply.json["errors"]


def test_a_provider_that_is_down_is_503_with_a_clear_message(client, monkeypatch):
    monkeypatch.setenv("ADDRESS_LOOKUP_URL", f"http://127.0.0.1:{free_port()}/postcodes")
    owner = sign_up_charity(client, "Hope Trust")
    reply = owner.get("/api/address-lookup?postcode=BA1 1AA")
    assert reply.status == 503
    assert (
        reply.json["message"]
        == "The address lookup is not available at the moment. Type the address in instead."
    )


def test_no_provider_configured_is_503(client, monkeypatch):
    monkeypatch.delenv("ADDRESS_LOOKUP_URL", raising=False)
    owner = sign_up_charity(client, "Hope Trust")
    assert owner.get("/api/address-lookup?postcode=BA1 1AA").status == 503


class _Nonsense(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802
        body = b"<html>not json</html>" if "BA1" in self.path else json.dumps({"addresses": "x"}).encode()
        self.send_response(200)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args) -> None:
        pass


def test_a_provider_answering_nonsense_is_502(client, monkeypatch):
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Nonsense)
    Thread(target=server.serve_forever, daemon=True).start()
    try:
        monkeypatch.setenv("ADDRESS_LOOKUP_URL", f"http://127.0.0.1:{server.server_address[1]}")
        owner = sign_up_charity(client, "Hope Trust")
        assert owner.get("/api/address-lookup?postcode=BA1 1AA").status == 502
        assert owner.get("/api/address-lookup?postcode=BS1 4DJ").status == 502
    finally:
        server.shutdown()
        server.server_close()


def test_without_manage_donors_or_as_platform_admin_it_is_403(client, provider):
    owner = sign_up_charity(client, "Hope Trust")
    Role(
        *Role.key(owner.tenant_id, "limited"),
        role_id="limited",
        tenant_id=owner.tenant_id,
        name="limited",
        permissions=[p for p in CHARITY_PERMISSIONS if p != "manage-donors"],
    ).save()
    limited = add_user(client, owner.tenant_id, "limited")
    assert limited.get("/api/address-lookup?postcode=BA1 1AA").status == 403
    assert platform_admin(client).get("/api/address-lookup?postcode=BA1 1AA").status == 403


def test_lookups_are_throttled_per_user(client, provider, monkeypatch):
    monkeypatch.setattr(address_lookup, "LOOKUPS_PER_WINDOW", 2)
    owner = sign_up_charity(client, "Hope Trust")
    assert [owner.get("/api/address-lookup?postcode=BA1 1AA").status for _ in range(3)] == [200, 200, 429]
    other = sign_up_charity(client, "Other Trust")
    assert other.get("/api/address-lookup?postcode=BA1 1AA").status == 200


def test_the_demo_donors_postcodes_are_known_to_the_fake():
    from functions.donations.demo import TOWNS

    for _town, postcode in TOWNS:
        assert fake_address.addresses(postcode), postcode
