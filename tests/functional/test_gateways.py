"""Connecting a charity's own Stripe and PayPal accounts through the API, against a local stand-in
of the providers (tests/functional/gateway_fakes.py): keys checked by a real call before they are
saved, refused keys named on their field, secrets sealed and never answered or logged (hints
only), Stripe signing-secret rotation, the default fund, disconnecting, and who may do it."""

from __future__ import annotations

import base64
import logging
from typing import Any

from functions.core import audit
from functions.gateways.models import GatewayAccount
from tests.functional.helpers import add_user, sign_up_charity

PK = "pk_test_51HopeTrustPublishable"
SK = "rk_test_51HopeTrustSecretKeyA1b2"
WHSEC = "whsec_firstSigningSecretZz90"
WHSEC2 = "whsec_secondSigningSecretYy81"
PAYPAL_SECRET = "EPaYpAlClientSecretValue77Q9"


def stripe_body(**fields: Any) -> dict[str, Any]:
    return {"publishable_key": PK, "secret_key": SK, "signing_secret": WHSEC, **fields}


def gateway(who: Any, provider: str) -> dict[str, Any]:
    views = who.get("/api/payment-gateways").json["data"]
    assert [v["provider"] for v in views] == ["stripe", "paypal"]
    return next(v for v in views if v["provider"] == provider)


def everything_said(who: Any, replies: list[Any], caplog: Any) -> str:
    """Every response body, the audit trail and the log of the test, as one text."""
    trail = [str(event.details.as_dict()) for event in audit.recent(who.tenant_id)]
    return " ".join([*(r.text for r in replies), *trail, caplog.text])


def test_a_charity_sees_both_gateways_unconnected_with_the_webhook_to_set_up(owner, providers):
    stripe, paypal = (gateway(owner, p) for p in ("stripe", "paypal"))
    assert (stripe["connected"], stripe["mode"], stripe["secret_hint"]) == (False, None, None)
    assert stripe["webhook_url"] == f"http://almoner.test/api/webhooks/stripe/{owner.tenant_id}"
    assert paypal["webhook_url"] == f"http://almoner.test/api/webhooks/paypal/{owner.tenant_id}"
    assert "checkout.session.completed" in stripe["events"] and "payout.paid" in stripe["events"]
    assert "charge.dispute.created" in stripe["events"]
    assert paypal["events"] == [
        "PAYMENT.CAPTURE.COMPLETED",
        "PAYMENT.CAPTURE.PENDING",
        "PAYMENT.CAPTURE.REFUNDED",
        "PAYMENT.CAPTURE.REVERSED",
    ]


def test_stripe_connects_after_stripe_accepts_the_key_and_the_secrets_are_never_shown(
    owner, providers, caplog
):
    caplog.set_level(logging.DEBUG)
    reply = owner.put("/api/payment-gateways/stripe", stripe_body())
    assert reply.status == 200, reply.json
    # THEN Stripe was asked about the key itself
    [call] = providers.made("GET", "/stripe/v1/account")
    assert call["headers"]["Authorization"] == f"Bearer {SK}"
    view = reply.json
    assert view["connected"] is True and view["mode"] == "test" and view["status"] == "connected"
    assert view["public_key"] == PK
    assert view["secret_hint"] == "rk_test_…A1b2"
    assert view["signing_hints"] == ["whsec_…Zz90"]
    assert view["account_name"] == "Hope Trust (Stripe)"
    assert view["connected_by_name"] and view["connected_at"]
    assert gateway(owner, "stripe") == view
    # AND the secrets are stored sealed, and appear in no answer, audit entry or log line
    stored = GatewayAccount.get(*GatewayAccount.key(owner.tenant_id, "stripe"))
    assert SK not in stored.secret and WHSEC not in stored.signing_secrets[0]
    said = everything_said(owner, [reply, owner.get("/api/payment-gateways")], caplog)
    assert SK not in said and WHSEC not in said and "51HopeTrustSecret" not in said
    assert [e.action for e in audit.recent(owner.tenant_id)][0] == "gateway.connected"


def test_a_key_stripe_refuses_is_named_on_its_field_and_nothing_is_saved(owner, providers, caplog):
    bad = "sk_test_badKeyThatStripeRefuses"
    reply = owner.put("/api/payment-gateways/stripe", stripe_body(secret_key=bad))
    assert reply.status == 422
    [message] = reply.json["errors"]["secret_key"]
    assert message.startswith("Stripe did not accept this key: Invalid API Key provided")
    assert gateway(owner, "stripe")["connected"] is False
    assert bad not in caplog.text


def test_stripe_that_cannot_be_reached_is_a_clear_422_not_a_500(owner, providers, monkeypatch):
    monkeypatch.setenv("ALMONER_STRIPE_API_BASE", "http://127.0.0.1:9/closed")
    reply = owner.put("/api/payment-gateways/stripe", stripe_body())
    assert reply.status == 422
    assert reply.json["errors"]["secret_key"] == [
        "Stripe could not check this key just now (Stripe could not be reached). Try again in a minute."
    ]


def test_the_keys_are_checked_for_shape_mode_and_presence_before_stripe_is_asked(owner, providers):
    first = owner.put("/api/payment-gateways/stripe", {"publishable_key": PK})
    assert first.status == 422
    assert set(first.json["errors"]) == {"secret_key", "signing_secret"}
    shapes = owner.put(
        "/api/payment-gateways/stripe",
        {"publishable_key": "pub_x", "secret_key": "whsec_x", "signing_secret": "sk_test_x"},
    )
    assert shapes.status == 422
    assert set(shapes.json["errors"]) == {"publishable_key", "secret_key", "signing_secret"}
    mixed = owner.put("/api/payment-gateways/stripe", stripe_body(publishable_key="pk_live_51Hope"))
    assert mixed.status == 422
    assert mixed.json["errors"]["publishable_key"] == [
        "The keys are from different modes (test and live): use keys of one mode."
    ]
    unknown = owner.put("/api/payment-gateways/stripe", stripe_body(api_version="x"))
    assert unknown.status == 422 and "api_version" in unknown.json["errors"]
    assert providers.made("GET", "/stripe/v1/account") == []


def test_live_keys_connect_in_live_mode(owner, providers):
    reply = owner.put(
        "/api/payment-gateways/stripe",
        stripe_body(publishable_key="pk_live_51Hope", secret_key="rk_live_51HopeSecretQq12"),
    )
    assert reply.status == 200
    assert (reply.json["mode"], reply.json["secret_hint"]) == ("live", "rk_live_…Qq12")


def test_a_new_signing_secret_rotates_keeping_the_previous_until_it_is_removed(owner, providers):
    owner.put("/api/payment-gateways/stripe", stripe_body())
    # WHEN only a new signing secret is sent (the keys omitted are kept)
    rotated = owner.put("/api/payment-gateways/stripe", {"publishable_key": PK, "signing_secret": WHSEC2})
    assert rotated.status == 200
    assert rotated.json["signing_hints"] == ["whsec_…Yy81", "whsec_…Zz90"]
    assert rotated.json["secret_hint"] == "rk_test_…A1b2"
    stored = GatewayAccount.get(*GatewayAccount.key(owner.tenant_id, "stripe"))
    assert len(stored.signing_secrets) == 2
    assert [e.action for e in audit.recent(owner.tenant_id)][0] == "gateway.secret_rotated"
    # AND the same secret again changes nothing
    again = owner.put("/api/payment-gateways/stripe", {"publishable_key": PK, "signing_secret": WHSEC2})
    assert again.json["signing_hints"] == ["whsec_…Yy81", "whsec_…Zz90"]
    # WHEN the rotation is ended
    ended = owner.delete("/api/payment-gateways/stripe/previous-secret")
    assert ended.status == 200 and ended.json["signing_hints"] == ["whsec_…Yy81"]
    assert owner.delete("/api/payment-gateways/stripe/previous-secret").status == 409


def test_the_default_fund_must_be_an_active_fund_of_the_charity(owner, providers):
    other = sign_up_charity(owner.browser.client, "Other Trust")
    theirs = other.post("/api/funds", {"name": "Their appeal"}).json["id"]
    archived = owner.post("/api/funds", {"name": "Old appeal"}).json["id"]
    owner.post(f"/api/funds/{archived}/archive")
    mine = owner.post("/api/funds", {"name": "Roof appeal"}).json["id"]
    for fund_id in (theirs, archived, "nope"):
        reply = owner.put("/api/payment-gateways/stripe", stripe_body(default_fund_id=fund_id))
        assert reply.status == 422
        assert reply.json["errors"]["default_fund_id"] == ["Choose an active fund of this charity."]
    reply = owner.put("/api/payment-gateways/stripe", stripe_body(default_fund_id=mine))
    assert reply.status == 200 and reply.json["default_fund_id"] == mine
    # AND an update that does not name a fund keeps it; an explicit null clears it
    assert owner.put("/api/payment-gateways/stripe", {"publishable_key": PK}).json["default_fund_id"] == mine
    cleared = owner.put("/api/payment-gateways/stripe", {"publishable_key": PK, "default_fund_id": None})
    assert cleared.json["default_fund_id"] is None


def test_paypal_connects_after_an_oauth_token_call_and_a_refused_secret_is_named(owner, providers, caplog):
    body = {
        "client_id": "AbCdClientId",
        "client_secret": "bad-secret",
        "webhook_id": "8PT597110X687430LKGECATA",
        "mode": "test",
    }
    refused = owner.put("/api/payment-gateways/paypal", body)
    assert refused.status == 422
    assert refused.json["errors"]["client_secret"] == [
        "PayPal did not accept this key: Client Authentication failed"
    ]
    reply = owner.put("/api/payment-gateways/paypal", {**body, "client_secret": PAYPAL_SECRET})
    assert reply.status == 200, reply.json
    token_call = providers.made("POST", "/paypal/v1/oauth2/token")[-1]
    assert token_call["form"] == {"grant_type": "client_credentials"}
    expected = base64.b64encode(f"AbCdClientId:{PAYPAL_SECRET}".encode()).decode()
    assert token_call["headers"]["Authorization"] == f"Basic {expected}"
    view = reply.json
    assert (view["connected"], view["mode"], view["public_key"]) == (True, "test", "AbCdClientId")
    assert view["secret_hint"] == "…77Q9" and view["webhook_id"] == "8PT597110X687430LKGECATA"
    assert view["account_name"] == "APP-80W284485P519543T"
    said = everything_said(owner, [reply], caplog)
    assert PAYPAL_SECRET not in said
    # AND a bad webhook id or mode is named on its field
    bad_id = owner.put("/api/payment-gateways/paypal", {**body, "client_secret": None, "webhook_id": "x y"})
    assert bad_id.status == 422 and "webhook_id" in bad_id.json["errors"]
    bad_mode = owner.put("/api/payment-gateways/paypal", {**body, "mode": "sandbox"})
    assert bad_mode.status == 422 and "mode" in bad_mode.json["errors"]


def test_disconnecting_removes_the_secrets_and_keeps_the_history(owner, providers):
    owner.put("/api/payment-gateways/stripe", stripe_body())
    reply = owner.delete("/api/payment-gateways/stripe")
    assert reply.status == 200
    assert reply.json == {"message": "Stripe disconnected. Its keys were removed; its history is kept."}
    view = gateway(owner, "stripe")
    assert (view["connected"], view["status"], view["mode"], view["secret_hint"], view["signing_hints"]) == (
        False,
        "disconnected",
        None,
        None,
        [],
    )
    stored = GatewayAccount.get(*GatewayAccount.key(owner.tenant_id, "stripe"))
    assert stored.secret == "" and list(stored.signing_secrets) == []
    assert owner.delete("/api/payment-gateways/stripe").status == 404
    # AND connecting again needs the secrets again
    again = owner.put("/api/payment-gateways/stripe", {"publishable_key": PK})
    assert again.status == 422 and "secret_key" in again.json["errors"]


def test_only_users_who_manage_integrations_see_or_change_gateways_and_only_their_own(
    client, owner, providers
):
    owner.put("/api/payment-gateways/stripe", stripe_body())
    staff = add_user(client, owner.tenant_id, "staff")
    assert staff.get("/api/payment-gateways").status == 403
    assert staff.put("/api/payment-gateways/stripe", stripe_body()).status == 403
    assert staff.put("/api/payment-gateways/paypal", {}).status == 403
    assert staff.delete("/api/payment-gateways/stripe").status == 403
    assert staff.delete("/api/payment-gateways/stripe/previous-secret").status == 403
    # AND another charity sees none of this charity's connection, and cannot disconnect it
    other = sign_up_charity(client, "Other Trust")
    assert gateway(other, "stripe")["connected"] is False
    assert other.delete("/api/payment-gateways/stripe").status == 404
    assert gateway(owner, "stripe")["connected"] is True
