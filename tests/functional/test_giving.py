"""The public donation page through the API: its settings (a default page on first read, slugs
unique across charities, a slug change moving the pointer), the public page and when it is not
there, starting a gift (each validation rule named on its field, the honeypot, rate limits), the
Stripe Checkout Session and PayPal order created on the charity's own account (tests/functional/
gateway_fakes.py), the Gift Aid declaration evidence stored on the gift, and the thank-you poll
that answers only with the gift's token."""

from __future__ import annotations

import json
from typing import Any

from functions.core import keys
from functions.core.table import Entity
from functions.giving import service as giving
from functions.giving.models import GivingIntent
from tests.functional.browser import Browser
from tests.functional.helpers import add_user, sign_up_charity

STRIPE = {
    "publishable_key": "pk_test_51Hope",
    "secret_key": "rk_test_51HopeSecretA1b2",
    "signing_secret": "whsec_hopeSigning1",
}
PAYPAL = {
    "client_id": "HopeClient",
    "client_secret": "HopeSecret9",
    "webhook_id": "8PT597110X687430L",
    "mode": "test",
}


def connect(who: Any, provider: str = "stripe") -> None:
    reply = who.put(f"/api/payment-gateways/{provider}", STRIPE if provider == "stripe" else PAYPAL)
    assert reply.status == 200, reply.json


def page_of(who: Any) -> dict[str, Any]:
    reply = who.get("/api/giving-page")
    assert reply.status == 200, reply.json
    return reply.json


def set_page(who: Any, **changes: Any) -> Any:
    page = page_of(who)
    body = {k: v for k, v in page.items() if k != "page_url"}
    return who.put("/api/giving-page", {**body, **changes})


def gift(**fields: Any) -> dict[str, Any]:
    return {
        "amount": "25.00",
        "cover_fees": False,
        "provider": "stripe",
        "first_name": "Ada",
        "last_name": "Lovelace",
        "email": "ada@example.org",
        "consents": {"email": True, "post": False, "phone": False, "sms": False},
        "gift_aid": True,
        "house": "12",
        "address_line1": "Analytical Row",
        "town": "London",
        "postcode": "sw1a1aa",
        "overseas": False,
        "tax_statement": True,
        "website": "",
        **fields,
    }


def visitor(client: Any, ip: str = "203.0.113.7") -> Any:
    """An anonymous browser whose requests come from `ip` (as CloudFront reports the viewer)."""
    browser = Browser(client)
    original = browser.request

    def request(method: str, path: str, body: Any = None, headers: dict[str, str] | None = None) -> Any:
        return original(
            method, path, body, headers={"CloudFront-Viewer-Address": f"{ip}:443", **(headers or {})}
        )

    browser.request = request  # type: ignore[method-assign]
    return browser


def intents(tenant_id: str) -> list[GivingIntent]:
    return [
        i
        for i in Entity.query(
            keys.tenant_pk(tenant_id), Entity.sk.startswith("INTENT#"), consistent_read=True
        )
        if isinstance(i, GivingIntent)
    ]


# ------------------------------------------------------------------ page settings
def test_a_charity_gets_a_default_page_with_an_address_from_its_name_unique_across_charities(client, owner):
    page = page_of(owner)
    assert page["slug"] == "hope-trust" and page["enabled"] is True and page["version"] == 1
    assert page["presets"] == ["5.00", "10.00", "25.00"]
    assert (page["min_amount"], page["max_amount"], page["cover_fees"]) == ("1.00", "10,000.00", True) or (
        page["min_amount"],
        page["max_amount"],
    ) == ("1.00", "10000.00")
    assert page["page_url"].endswith("/give/hope-trust")
    assert page_of(owner) == page  # created once
    twin = sign_up_charity(client, "Hope Trust")
    assert page_of(twin)["slug"] == "hope-trust-2"
    # WHEN the twin asks for the first charity's address
    taken = set_page(twin, slug="hope-trust")
    assert taken.status == 422 and taken.json["errors"]["slug"] == ["That address is taken."]
    # AND /give/manage is the donors' self-service page: no charity may take it, not even by name
    reserved = set_page(twin, slug="manage")
    assert reserved.status == 422 and reserved.json["errors"]["slug"] == ["That address is taken."]
    assert page_of(sign_up_charity(client, "Manage"))["slug"] == "manage-2"


def test_changing_the_address_moves_the_public_page_and_frees_the_old_one(client, owner, providers):
    connect(owner)
    moved = set_page(owner, slug="hope-roof", title="Mend the roof")
    assert moved.status == 200, moved.json
    assert (moved.json["slug"], moved.json["title"], moved.json["version"]) == (
        "hope-roof",
        "Mend the roof",
        2,
    )
    public = Browser(client)
    assert public.get("/api/give/hope-trust").status == 404
    assert public.get("/api/give/hope-roof").json["title"] == "Mend the roof"
    # AND the old address is free for another charity
    other = sign_up_charity(client, "Other Trust")
    assert set_page(other, slug="hope-trust").status == 200
    # AND an edit from a stale copy is refused
    stale = owner.put(
        "/api/giving-page", {**{k: v for k, v in moved.json.items() if k != "page_url"}, "version": 1}
    )
    assert stale.status == 409


def test_page_settings_are_validated_per_field(owner):
    other = sign_up_charity(owner.browser.client, "Other Trust")
    theirs = other.post("/api/funds", {"name": "Their appeal"}).json["id"]
    cases = {
        "slug": {"slug": "A b"},
        "max_amount": {"min_amount": "50.00", "max_amount": "10.00"},
        "presets": {"presets": ["5.00", "20000.00"]},
        "fund_ids": {"fund_ids": [theirs]},
        "title": {"title": "x" * 101},
    }
    for field, change in cases.items():
        reply = set_page(owner, **change)
        assert reply.status == 422, (field, reply.json)
        assert list(reply.json["errors"]) == [field], reply.json
    assert set_page(owner, slug="ab").status == 422
    assert set_page(owner, slug="-hope").status == 422


def test_only_users_who_manage_integrations_see_the_page_settings(client, owner):
    staff = add_user(client, owner.tenant_id, "staff")
    assert staff.get("/api/giving-page").status == 403
    assert staff.put("/api/giving-page", {}).status == 403


# ------------------------------------------------------------------ the public page
def test_the_public_page_shows_what_the_donor_needs_and_nothing_else(client, owner, providers):
    fund = owner.post("/api/funds", {"name": "Roof appeal", "description": "Mend the roof"}).json["id"]
    connect(owner)
    assert set_page(owner, fund_ids=[fund], intro="Every pound helps").status == 200
    page = Browser(client).get("/api/give/hope-trust")
    assert page.status == 200
    body = page.json
    assert body["charity"] == {"name": "Hope Trust", "registration_number": None}
    assert body["intro"] == "Every pound helps"
    assert body["funds"] == [{"id": fund, "name": "Roof appeal", "description": "Mend the roof"}]
    assert body["fee"] == {"percent": "1.5", "fixed": "0.20"}
    assert body["providers"] == [{"provider": "stripe", "mode": "test"}]
    assert body["gift_aid"]["version"] == "2026-11"
    assert "25p for every £1" in body["gift_aid"]["declaration"]
    assert "Hope Trust" in body["gift_aid"]["declaration"]
    assert "in the future or have made in the past 4 years" in body["gift_aid"]["declaration"]
    assert body["gift_aid"]["statement"].startswith("I am a UK taxpayer and understand")
    assert "slug" not in body and "tenant_id" not in json.dumps(body)


def test_the_public_page_is_not_there_without_a_gateway_when_disabled_or_unknown(client, owner, providers):
    public = Browser(client)
    page_of(owner)
    missing = public.get("/api/give/hope-trust")
    assert missing.status == 404 and missing.json == {"message": "This donation page is not available."}
    connect(owner)
    assert public.get("/api/give/hope-trust").status == 200
    set_page(owner, enabled=False)
    assert public.get("/api/give/hope-trust").status == 404
    assert public.get("/api/give/no-such-page").status == 404
    assert public.post("/api/give/no-such-page/checkout", gift()).status == 404


# ------------------------------------------------------------------ starting a gift
def test_each_checkout_rule_is_named_on_its_field(client, owner, providers):
    fund = owner.post("/api/funds", {"name": "Roof appeal"}).json["id"]
    unoffered = owner.post("/api/funds", {"name": "Minibus"}).json["id"]
    connect(owner)
    set_page(owner, fund_ids=[fund], cover_fees=False, min_amount="2.00", max_amount="500.00")
    cases: list[tuple[dict[str, Any], str]] = [
        ({"amount": "1.99"}, "amount"),
        ({"amount": "500.01"}, "amount"),
        ({"amount": "10.5x"}, "amount"),
        ({"amount": "10.555"}, "amount"),
        ({"fund_id": unoffered}, "fund_id"),
        ({"cover_fees": True}, "cover_fees"),
        ({"provider": "paypal"}, "provider"),
        ({"provider": "bitcoin"}, "provider"),
        ({"first_name": ""}, "first_name"),
        ({"last_name": " "}, "last_name"),
        ({"email": "ada@"}, "email"),
        ({"tax_statement": False}, "tax_statement"),
        ({"house": None}, "house"),
        ({"house": "x" * 41}, "house"),
        ({"address_line1": ""}, "address_line1"),
        ({"town": None}, "town"),
        ({"postcode": "SW1A"}, "postcode"),
        ({"postcode": None}, "postcode"),
        ({"overseas": True, "postcode": None, "country": None}, "country"),
        ({"consents": {"email": "maybe"}}, "consents.email"),
    ]
    for number, (change, field) in enumerate(cases):
        reply = visitor(client, f"203.0.113.{number}").post("/api/give/hope-trust/checkout", gift(**change))
        assert reply.status == 422, (change, reply.json)
        assert list(reply.json["errors"]) == [field], (change, reply.json)
    donor = visitor(client, "192.0.2.1")
    assert donor.post("/api/give/hope-trust/checkout", gift(amount="2.00", fund_id=fund)).status == 201
    # AND without Gift Aid no address is needed; overseas donors give a country, not a postcode
    plain = {
        "gift_aid": False,
        "tax_statement": False,
        "house": None,
        "address_line1": None,
        "town": None,
        "postcode": None,
    }
    assert donor.post("/api/give/hope-trust/checkout", gift(**plain)).status == 201
    abroad = gift(overseas=True, postcode=None, country="France")
    assert donor.post("/api/give/hope-trust/checkout", abroad).status == 201
    assert providers.made("POST", "/stripe/v1/checkout/sessions").__len__() == 3


def test_a_filled_honeypot_is_refused_generically_and_nothing_is_stored(client, owner, providers):
    connect(owner)
    page_of(owner)
    reply = visitor(client).post(
        "/api/give/hope-trust/checkout", gift(website="http://spam.example", amount="x")
    )
    assert reply.status == 422
    assert reply.json == {"message": "We could not accept this donation. Please try again."}
    assert intents(owner.tenant_id) == []
    assert providers.made("POST", "/stripe/v1/checkout/sessions") == []


def test_checkouts_are_rate_limited_per_visitor_and_per_page(
    client, owner, providers, still_clock, monkeypatch
):
    connect(owner)
    page_of(owner)
    donor = visitor(client, "198.51.100.1")
    for _ in range(giving.IP_LIMIT):
        assert donor.post("/api/give/hope-trust/checkout", gift(amount="0.10")).status == 422
    limited = donor.post("/api/give/hope-trust/checkout", gift())
    assert limited.status == 429
    assert int(limited.headers["Retry-After"]) >= 1
    assert limited.json["message"]
    # AND another visitor is not limited, until the page itself has had too many attempts
    monkeypatch.setattr(giving, "SLUG_LIMIT", giving.IP_LIMIT + 1)
    assert visitor(client, "198.51.100.2").post("/api/give/hope-trust/checkout", gift()).status == 201
    assert visitor(client, "198.51.100.3").post("/api/give/hope-trust/checkout", gift()).status == 429


def test_a_stripe_gift_creates_a_checkout_session_on_the_charitys_account_with_the_fee_covered(
    client, owner, providers
):
    connect(owner)
    page_of(owner)
    reply = visitor(client).post("/api/give/hope-trust/checkout", gift(amount="25.00", cover_fees=True))
    assert reply.status == 201, reply.json
    answer = reply.json
    assert set(answer) == {"intent_id", "token", "redirect_url"}
    assert answer["redirect_url"] == "https://checkout.stripe.com/c/pay/cs_test_1"
    [call] = providers.made("POST", "/stripe/v1/checkout/sessions")
    form = call["form"]
    assert call["headers"]["Authorization"] == f"Bearer {STRIPE['secret_key']}"
    # 25.00 + 1.5% (0.38) + 0.20 = 25.58
    assert form["line_items[0][price_data][unit_amount]"] == "2558"
    assert form["line_items[0][price_data][currency]"] == "gbp"
    assert form["line_items[0][price_data][product_data][name]"] == "Donation to Hope Trust"
    assert form["mode"] == "payment"
    assert form["client_reference_id"] == answer["intent_id"]
    for prefix in ("metadata", "payment_intent_data[metadata]"):
        assert form[f"{prefix}[almoner_tenant]"] == owner.tenant_id
        assert form[f"{prefix}[almoner_intent]"] == answer["intent_id"]
        assert form[f"{prefix}[almoner_mode]"] == "test"
    assert form["customer_email"] == "ada@example.org"
    assert form["success_url"] == (
        f"http://almoner.test/give/hope-trust/thanks?intent={answer['intent_id']}&key={answer['token']}"
    )
    assert form["cancel_url"] == "http://almoner.test/give/hope-trust?cancelled=1"
    # AND the gift is stored with what the donor chose and declared
    [intent] = intents(owner.tenant_id)
    assert (intent.amount, intent.fee_cover, intent.status, intent.provider_ref) == (
        2500,
        58,
        "open",
        "cs_test_1",
    )
    assert intent.token_hash != answer["token"]
    assert intent.donor.as_dict()["postcode"] == "SW1A 1AA"
    assert intent.consents.as_dict() == {"email": True, "post": False, "phone": False, "sms": False}
    evidence = intent.gift_aid.as_dict()
    assert evidence["version"] == "2026-11"
    assert evidence["scope"] == ["this_donation", "future", "past_4_years"]
    assert "25p for every £1" in evidence["text"] and "I am a UK taxpayer" in evidence["text"]
    assert evidence["page_url"] == "http://almoner.test/give/hope-trust"
    assert evidence["ip"] == "203.0.113.7" and evidence["declared_at"]


def test_the_thank_you_poll_answers_only_with_the_gifts_token(client, owner, providers):
    connect(owner)
    page_of(owner)
    started = visitor(client).post("/api/give/hope-trust/checkout", gift()).json
    public = Browser(client)
    path = f"/api/give/hope-trust/intents/{started['intent_id']}"
    poll = public.get(f"{path}?token={started['token']}")
    assert poll.status == 200
    assert poll.json == {
        "status": "open",
        "received": False,
        "amount": "25.00",
        "gift_aid": True,
        "charity_name": "Hope Trust",
    }
    assert public.get(path).status == 404
    assert public.get(f"{path}?token=wrong").status == 404
    assert public.get(f"/api/give/hope-trust/intents/nope?token={started['token']}").status == 404
    # AND another charity's address does not reach the gift either
    other = sign_up_charity(client, "Other Trust")
    page_of(other)
    assert (
        public.get(f"/api/give/other-trust/intents/{started['intent_id']}?token={started['token']}").status
        == 404
    )


def test_a_stripe_failure_marks_the_gift_failed_and_answers_a_clear_503(client, owner, providers):
    connect(owner)
    page_of(owner)
    providers.fail_next = "stripe"
    reply = visitor(client).post("/api/give/hope-trust/checkout", gift())
    assert reply.status == 503
    assert (
        reply.json["message"]
        == "Stripe could not start the payment just now. Nothing was charged. Try again shortly."
    )
    [intent] = intents(owner.tenant_id)
    assert intent.status == "failed"


def test_a_paypal_gift_creates_an_order_and_the_thank_you_page_captures_it(client, owner, providers):
    connect(owner, "paypal")
    page_of(owner)
    reply = visitor(client).post("/api/give/hope-trust/checkout", gift(provider="paypal", amount="1234.50"))
    assert reply.status == 201, reply.json
    answer = reply.json
    [call] = providers.made("POST", "/paypal/v2/checkout/orders")
    assert call["headers"]["Authorization"] == "Bearer A21AA-HopeClient"
    order = call["json"]
    assert order["intent"] == "CAPTURE"
    unit = order["purchase_units"][0]
    assert unit["amount"] == {"currency_code": "GBP", "value": "1234.50"}
    assert unit["custom_id"] == f"{owner.tenant_id}:{answer['intent_id']}"
    experience = order["payment_source"]["paypal"]["experience_context"]
    assert experience["return_url"].endswith(
        f"/give/hope-trust/thanks?intent={answer['intent_id']}&key={answer['token']}&provider=paypal"
    )
    assert answer["redirect_url"].startswith("https://www.sandbox.paypal.com/checkoutnow?token=")
    public = Browser(client)
    capture = f"/api/give/hope-trust/intents/{answer['intent_id']}/capture"
    assert public.post(f"{capture}?token=wrong").status == 404
    captured = public.post(f"{capture}?token={answer['token']}")
    assert captured.status == 200, captured.json
    assert (captured.json["status"], captured.json["received"]) == ("paid", False)
    order_id = intents(owner.tenant_id)[0].provider_ref
    assert len(providers.made("POST", f"/paypal/v2/checkout/orders/{order_id}/capture")) == 1
    # AND capturing again asks PayPal nothing more
    assert public.post(f"{capture}?token={answer['token']}").json["status"] == "paid"
    assert len(providers.made("POST", f"/paypal/v2/checkout/orders/{order_id}/capture")) == 1


def test_the_demo_charity_gets_a_page_offering_its_funds_and_both_gateways_on_the_local_fakes(
    owner, providers
):
    from chalicelocal.seed import DEMO_PAYPAL, DEMO_STRIPE
    from functions.gateways.demo import connect_demo
    from functions.giving.demo import seed_giving

    fund = owner.post("/api/funds", {"name": "Roof appeal"}).json["id"]
    assert seed_giving(owner.tenant_id, owner.user_id) is True
    page = page_of(owner)
    assert page["fund_ids"] == [fund] and page["intro"]
    assert connect_demo(owner.tenant_id, owner.user_id, DEMO_STRIPE, DEMO_PAYPAL) is True
    views = {view["provider"]: view for view in owner.get("/api/payment-gateways").json["data"]}
    assert [(views[name]["connected"], views[name]["mode"]) for name in ("stripe", "paypal")] == [
        (True, "test"),
        (True, "test"),
    ]
    assert views["stripe"]["secret_hint"].endswith(DEMO_STRIPE["secret_key"][-4:])
    assert views["paypal"]["webhook_id"] == DEMO_PAYPAL["webhook_id"]
    # AND a second start changes nothing
    assert seed_giving(owner.tenant_id, owner.user_id) is False
    assert connect_demo(owner.tenant_id, owner.user_id, DEMO_STRIPE, DEMO_PAYPAL) is False
