"""Gateway accounts, signed Stripe deliveries and a PayPal certificate chain of our own for the
webhooks tests (the connection screens and the local fakes are other areas' work)."""

from __future__ import annotations

import base64
import datetime as dt
import json
import time
import zlib
from dataclasses import dataclass
from typing import Any

import stripe
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa
from cryptography.x509.oid import NameOID

from functions.core import clock
from functions.core.secret_box import seal
from functions.gateways.models import GatewayAccount
from functions.webhooks import repository
from tests.functional.browser import Browser

SECRET = "whsec_current_secret_for_tests"
PREVIOUS = "whsec_previous_secret_for_tests"
WEBHOOK_ID = "WH-8PT597110X687430LKGECATA"
CERT_URL = "https://api.paypal.com/v1/notifications/certs/CERT-360caa42-fca2a594-test"


def connect_stripe(
    tenant_id: str, secrets: tuple[str, ...] = (SECRET,), mode: str = "test"
) -> GatewayAccount:
    account = GatewayAccount(
        *GatewayAccount.key(tenant_id, "stripe"),
        tenant_id=tenant_id,
        provider="stripe",
        mode=mode,
        public_key=f"pk_{mode}_abc",
        secret=seal(f"rk_{mode}_secretkey", tenant_id),
        secret_hint=f"rk_{mode}_…ekey",
        signing_secrets=[seal(secret, tenant_id) for secret in secrets],
        signing_hints=[f"whsec_…{secret[-4:]}" for secret in secrets],
        connected_at=clock.now(),
        connected_by="test",
        api_base="http://127.0.0.1:9/fake-stripe",
    )
    account.save()
    repository.forget_accounts()
    return account


def connect_paypal(tenant_id: str, webhook_id: str = WEBHOOK_ID, mode: str = "test") -> GatewayAccount:
    account = GatewayAccount(
        *GatewayAccount.key(tenant_id, "paypal"),
        tenant_id=tenant_id,
        provider="paypal",
        mode=mode,
        public_key="client-id",
        secret=seal("client-secret", tenant_id),
        secret_hint="…cret",
        webhook_id=webhook_id,
        connected_at=clock.now(),
        connected_by="test",
    )
    account.save()
    repository.forget_accounts()
    return account


def stripe_event(
    event_id: str = "evt_1",
    kind: str = "payment_intent.succeeded",
    *,
    livemode: bool = False,
    metadata: dict[str, str] | None = None,
    created: int | None = None,
) -> dict[str, Any]:
    return {
        "id": event_id,
        "object": "event",
        "type": kind,
        "livemode": livemode,
        "created": created or int(time.time()),
        "data": {
            "object": {"id": "pi_1", "object": "payment_intent", "amount": 1000, "metadata": metadata or {}}
        },
    }


def stripe_body(event: dict[str, Any]) -> bytes:
    return json.dumps(event, indent=1).encode()  # indented: a re-serialised copy has other bytes


def stripe_headers(raw: bytes, secret: str = SECRET, timestamp: int | None = None) -> dict[str, str]:
    header = stripe.WebhookSignature.generate_signature_header(raw.decode(), secret, timestamp=timestamp)
    return {"Stripe-Signature": header, "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)"}


def deliver(client: Any, provider: str, tenant_id: str, raw: bytes, headers: dict[str, str]) -> Any:
    return Browser(client).post(f"/api/webhooks/{provider}/{tenant_id}", raw, headers=headers)


# ------------------------------------------------------------------ PayPal certificates
def _name(common_name: str) -> x509.Name:
    return x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, common_name)])


def _cert(
    subject: str, key: Any, issuer: str, issuer_key: Any, *, ca: bool, days: int = 30, ago: int = 1
) -> Any:
    now = dt.datetime.now(dt.UTC)
    return (
        x509.CertificateBuilder()
        .subject_name(_name(subject))
        .issuer_name(_name(issuer))
        .public_key(key.public_key())
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(days=ago))
        .not_valid_after(now + dt.timedelta(days=days))
        .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
        .sign(issuer_key, hashes.SHA256())
    )


def _key() -> Any:
    return rsa.generate_private_key(public_exponent=65537, key_size=2048)


@dataclass
class PayPalChain:
    """A root (trusted through ALMONER_PAYPAL_TRUST_ROOTS), an intermediate and a signing leaf."""

    root: Any
    intermediate: Any
    leaf: Any
    leaf_key: Any

    @classmethod
    def make(cls, name: str = "Test PayPal") -> PayPalChain:
        root_key, mid_key, leaf_key = _key(), _key(), _key()
        root = _cert(f"{name} Root", root_key, f"{name} Root", root_key, ca=True)
        mid = _cert(f"{name} CA", mid_key, f"{name} Root", root_key, ca=True)
        leaf = _cert("messageverificationcerts.paypal.com", leaf_key, f"{name} CA", mid_key, ca=False)
        return cls(root, mid, leaf, leaf_key)

    def pem(self, *certs: Any) -> bytes:
        chosen = certs or (self.leaf, self.intermediate)
        return b"".join(cert.public_bytes(serialization.Encoding.PEM) for cert in chosen)

    def root_pem(self) -> str:
        return self.root.public_bytes(serialization.Encoding.PEM).decode()

    def headers(
        self,
        raw: bytes,
        webhook_id: str = WEBHOOK_ID,
        *,
        cert_url: str = CERT_URL,
        transmission_id: str = "69cd13f0-d67a-11e5-baa3-778b53f4ae55",
        key: Any = None,
    ) -> dict[str, str]:
        sent = dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
        message = f"{transmission_id}|{sent}|{webhook_id}|{zlib.crc32(raw)}".encode()
        signature = (key or self.leaf_key).sign(message, padding.PKCS1v15(), hashes.SHA256())
        return {
            "PAYPAL-TRANSMISSION-ID": transmission_id,
            "PAYPAL-TRANSMISSION-TIME": sent,
            "PAYPAL-TRANSMISSION-SIG": base64.b64encode(signature).decode(),
            "PAYPAL-CERT-URL": cert_url,
            "PAYPAL-AUTH-ALGO": "SHA256withRSA",
        }


def paypal_event(
    event_id: str = "WH-1", kind: str = "PAYMENT.CAPTURE.COMPLETED", custom_id: str | None = None
) -> bytes:
    event = {
        "id": event_id,
        "event_version": "1.0",
        "create_time": dt.datetime.now(dt.UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "resource_type": "capture",
        "event_type": kind,
        "resource": {
            "id": "2GG279541U471931P",
            "status": "COMPLETED",
            "amount": {"currency_code": "GBP", "value": "10.00"},
            **({"custom_id": custom_id} if custom_id else {}),
        },
    }
    return json.dumps(event).encode()
