"""A delivery is stored only when it verifiably comes from the charity's own gateway account
(ADR 0022 "Verification"): Stripe signatures and PayPal certificate chains."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest

from functions.webhooks import verify
from functions.webhooks.models import WebhookEvent
from tests.functional.helpers import receive, sign_up_charity
from tests.functional.webhooks_helpers import (
    CERT_URL,
    PREVIOUS,
    SECRET,
    PayPalChain,
    connect_paypal,
    connect_stripe,
    deliver,
    paypal_event,
    stripe_body,
    stripe_event,
    stripe_headers,
)


def _events(tenant_id: str) -> list[WebhookEvent]:
    from functions.core import keys

    return list(WebhookEvent.query(keys.tenant_pk(tenant_id), WebhookEvent.sk.startswith("WEBHOOK#")))


@pytest.fixture
def charity(client: Any) -> Any:
    owner = sign_up_charity(client, "Hope Trust")
    connect_stripe(owner.tenant_id, (SECRET, PREVIOUS))
    return owner


# ------------------------------------------------------------------ Stripe
def test_a_signed_stripe_event_is_stored_once_with_its_raw_body_and_queued(client, aws, charity):
    raw = stripe_body(stripe_event("evt_ok"))
    reply = deliver(client, "stripe", charity.tenant_id, raw, stripe_headers(raw))
    assert reply.status == 200 and reply.json == {"received": True}
    (event,) = _events(charity.tenant_id)
    assert (event.event_id, event.status, event.deliveries, event.mode) == ("evt_ok", "received", 1, "test")
    assert event.body == raw.decode()  # the bytes as received, not a re-serialisation
    assert event.verification.as_dict() == {
        "method": "Stripe-Signature (HMAC-SHA256)",
        "result": "verified",
        "secret": "current",
    }
    signature = event.headers.as_dict()["stripe-signature"]
    assert signature.startswith("t=") and signature.endswith("v1=…") and SECRET not in signature
    (message,) = receive(aws, "WebhooksQueue")
    assert json.loads(message["Body"]) == {
        "tenant_id": charity.tenant_id,
        "provider": "stripe",
        "event_id": "evt_ok",
    }


def test_during_a_rotation_the_previous_secret_is_still_accepted_and_noted(client, charity):
    raw = stripe_body(stripe_event("evt_prev"))
    assert deliver(client, "stripe", charity.tenant_id, raw, stripe_headers(raw, PREVIOUS)).status == 200
    (event,) = _events(charity.tenant_id)
    assert event.verification.as_dict()["secret"] == "previous"


@pytest.mark.parametrize(
    "case",
    ["wrong secret", "tampered body", "stale", "future", "re-serialised", "no signature", "not json"],
)
def test_an_unverifiable_stripe_delivery_is_400_and_nothing_is_stored(client, aws, charity, case):
    raw = stripe_body(stripe_event("evt_bad"))
    headers = stripe_headers(raw)
    now = int(time.time())
    if case == "wrong secret":
        headers = stripe_headers(raw, "whsec_someone_else")
    elif case == "tampered body":
        raw = raw.replace(b"1000", b"9000")
    elif case == "stale":
        headers = stripe_headers(raw, timestamp=now - 301)
    elif case == "future":
        headers = stripe_headers(raw, timestamp=now + 400)
    elif case == "re-serialised":
        raw = json.dumps(json.loads(raw)).encode()  # the same JSON, other bytes
    elif case == "no signature":
        headers = {}
    elif case == "not json":
        raw = b"not json"
        headers = stripe_headers(raw)
    reply = deliver(client, "stripe", charity.tenant_id, raw, headers)
    assert reply.status == 400, reply
    assert (
        reply.json["message"]
        == "This request could not be verified as coming from the charity's payment account."
    )
    assert _events(charity.tenant_id) == []
    assert receive(aws, "WebhooksQueue") == []


def test_a_delivery_signed_by_another_charitys_secret_or_for_an_unknown_charity_is_refused(client, charity):
    other = sign_up_charity(client, "Other Trust")
    connect_stripe(other.tenant_id, ("whsec_other_charity",))
    raw = stripe_body(stripe_event("evt_x"))
    assert (
        deliver(client, "stripe", charity.tenant_id, raw, stripe_headers(raw, "whsec_other_charity")).status
        == 400
    )
    assert deliver(client, "stripe", "nosuchcharity", raw, stripe_headers(raw)).status == 400
    assert deliver(client, "stripe", "x" * 2000, raw, stripe_headers(raw)).status == 400
    # a charity with no Stripe account connected
    third = sign_up_charity(client, "Third Trust")
    assert deliver(client, "stripe", third.tenant_id, raw, stripe_headers(raw)).status == 400
    assert (
        _events(charity.tenant_id) == [] and _events(other.tenant_id) == [] and _events(third.tenant_id) == []
    )


def test_an_event_for_the_other_mode_or_charity_is_stored_rejected_and_not_queued(client, aws, charity):
    live = stripe_body(stripe_event("evt_live", livemode=True))
    foreign = stripe_body(stripe_event("evt_foreign", metadata={"almoner_tenant": "another"}))
    for raw in (live, foreign):
        reply = deliver(client, "stripe", charity.tenant_id, raw, stripe_headers(raw))
        assert reply.status == 200
    stored = {event.event_id: (event.status, event.result) for event in _events(charity.tenant_id)}
    assert stored == {
        "evt_live": ("rejected", "rejected: mismatch"),
        "evt_foreign": ("rejected", "rejected: mismatch"),
    }
    assert receive(aws, "WebhooksQueue") == []


def test_a_body_over_256_kb_is_refused_before_anything_else(client, charity):
    raw = b'{"id":"evt_big","pad":"' + b"x" * (256 * 1024) + b'"}'
    assert deliver(client, "stripe", charity.tenant_id, raw, stripe_headers(raw)).status == 413
    assert _events(charity.tenant_id) == []


def test_a_large_body_under_the_limit_is_kept_on_s3(client, charity):
    from functions.webhooks import repository

    event = stripe_event("evt_large")
    event["data"]["object"]["description"] = "y" * (150 * 1024)
    raw = stripe_body(event)
    assert deliver(client, "stripe", charity.tenant_id, raw, stripe_headers(raw)).status == 200
    (stored,) = _events(charity.tenant_id)
    assert stored.body is None and stored.body_key.endswith("/stripe/evt_large.json")
    assert repository.body_text(stored) == raw.decode()


# ------------------------------------------------------------------ PayPal
@pytest.fixture
def paypal(client: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    owner = sign_up_charity(client, "Paypal Trust")
    connect_paypal(owner.tenant_id)
    chain = PayPalChain.make()
    served = {CERT_URL: chain.pem(), "http://127.0.0.1:8123/certs/local": chain.pem()}
    fetched: list[str] = []

    def fetch(url: str) -> bytes:
        fetched.append(url)
        if url not in served:
            raise verify.Unverified("not found")
        return served[url]

    verify.clear_cache()
    monkeypatch.setattr(verify, "_fetch", fetch)
    monkeypatch.setenv("ALMONER_PAYPAL_TRUST_ROOTS", chain.root_pem())
    yield owner, chain, served, fetched
    verify.clear_cache()


def test_a_paypal_event_signed_through_a_trusted_chain_is_stored(client, paypal):
    owner, chain, _, fetched = paypal
    raw = paypal_event("WH-ok", custom_id=f"{owner.tenant_id}:intent1")
    for _ in range(2):
        assert deliver(client, "paypal", owner.tenant_id, raw, chain.headers(raw)).status == 200
    (event,) = _events(owner.tenant_id)
    assert (event.event_id, event.type, event.deliveries, event.mode) == (
        "WH-ok",
        "PAYMENT.CAPTURE.COMPLETED",
        2,
        "test",
    )
    assert event.verification.as_dict() == {
        "method": "PayPal certificate (SHA256withRSA)",
        "result": "verified",
        "cert_host": "api.paypal.com",
    }
    assert event.headers.as_dict()["paypal-transmission-sig"] == "…"
    assert fetched == [CERT_URL]  # the certificate is fetched once per URL


def test_a_local_cert_host_is_accepted_only_when_allow_listed(client, paypal, monkeypatch):
    owner, chain, _, _ = paypal
    raw = paypal_event("WH-local")
    headers = chain.headers(raw, cert_url="http://127.0.0.1:8123/certs/local")
    assert deliver(client, "paypal", owner.tenant_id, raw, headers).status == 400
    monkeypatch.setenv("ALMONER_PAYPAL_CERT_HOSTS", "127.0.0.1:8123")
    assert deliver(client, "paypal", owner.tenant_id, raw, headers).status == 200


@pytest.mark.parametrize(
    "case",
    [
        "host not allow-listed",
        "untrusted chain",
        "wrong webhook id",
        "re-serialised",
        "tampered",
        "other key",
    ],
)
def test_an_unverifiable_paypal_delivery_is_400_and_nothing_is_stored(client, paypal, case):
    owner, chain, served, _ = paypal
    raw = paypal_event("WH-bad")
    headers = chain.headers(raw)
    if case == "host not allow-listed":
        served["https://evil.example/cert"] = chain.pem()
        headers = chain.headers(raw, cert_url="https://evil.example/cert")
    elif case == "untrusted chain":
        stranger = PayPalChain.make("Stranger")
        served["https://api.sandbox.paypal.com/v1/notifications/certs/x"] = stranger.pem()
        headers = stranger.headers(raw, cert_url="https://api.sandbox.paypal.com/v1/notifications/certs/x")
    elif case == "wrong webhook id":
        headers = chain.headers(raw, webhook_id="WH-SOMEONE-ELSES")
    elif case == "re-serialised":
        raw = json.dumps(json.loads(raw), indent=2).encode()
    elif case == "tampered":
        raw = raw.replace(b"10.00", b"99.00")
    elif case == "other key":
        headers = chain.headers(raw, key=PayPalChain.make().leaf_key)
    reply = deliver(client, "paypal", owner.tenant_id, raw, headers)
    assert reply.status == 400, reply
    assert _events(owner.tenant_id) == []


def test_an_expired_certificate_does_not_verify():
    import datetime as dt

    chain = PayPalChain.make()
    later = dt.datetime.now(dt.UTC) + dt.timedelta(days=60)
    with pytest.raises(verify.Unverified, match="expired"):
        verify.check_chain([chain.leaf, chain.intermediate], [chain.root], later)
    assert (
        verify.check_chain([chain.leaf, chain.intermediate], [chain.root], dt.datetime.now(dt.UTC))
        == chain.leaf
    )
    with pytest.raises(verify.Unverified, match="trusted root"):
        verify.check_chain([chain.leaf], [chain.root], dt.datetime.now(dt.UTC))  # intermediate missing


def test_a_paypal_event_naming_another_charity_is_rejected_as_a_mismatch(client, aws, paypal):
    owner, chain, _, _ = paypal
    raw = paypal_event("WH-foreign", custom_id="someoneelse:intent")
    assert deliver(client, "paypal", owner.tenant_id, raw, chain.headers(raw)).status == 200
    (event,) = _events(owner.tenant_id)
    assert (event.status, event.result) == ("rejected", "rejected: mismatch")
    assert receive(aws, "WebhooksQueue") == []


def test_a_delivery_notes_the_time_on_the_connection_without_changing_its_version(client, charity):
    from functions.gateways.models import GatewayAccount

    before = GatewayAccount.get(*GatewayAccount.key(charity.tenant_id, "stripe"))
    raw = stripe_body(stripe_event("evt_time"))
    assert deliver(client, "stripe", charity.tenant_id, raw, stripe_headers(raw)).status == 200
    after = GatewayAccount.get(*GatewayAccount.key(charity.tenant_id, "stripe"))
    assert before.last_event_at is None and after.last_event_at is not None
    assert after.version == before.version  # the settings form's next save is not a 409
