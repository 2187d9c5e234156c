"""Verification of a webhook delivery's raw body, before anything is stored (ADR 0022 "Verification").

Stripe: `stripe.WebhookSignature.verify_header` with each of the account's signing secrets (newest
first: during a rotation the previous one is still accepted and the match says "previous"), a
signature older than `TOLERANCE_SECONDS` refused by the library and one dated more than
`TOLERANCE_SECONDS` ahead refused here (the library checks only the past).

PayPal: the certificate named by PAYPAL-CERT-URL, fetched only from an allow-listed host (the
public PayPal API hosts plus ALMONER_PAYPAL_CERT_HOSTS), its chain walked issuer by issuer (each
signature and validity period) up to a trusted root (certifi's roots plus
ALMONER_PAYPAL_TRUST_ROOTS), then RSA-SHA256 over
"<transmission id>|<transmission time>|<the account's webhook id>|<crc32 of the raw body>".

Any failure raises `Unverified` with a reason in words (logged and answered as 400; never a secret).
"""

from __future__ import annotations

import datetime as dt
import threading
import time
import urllib.request
import zlib
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from functions.core import config

TOLERANCE_SECONDS = 300
PAYPAL_CERT_HOSTS = (
    "api.paypal.com",
    "api.sandbox.paypal.com",
    "api-m.paypal.com",
    "api-m.sandbox.paypal.com",
)
MAX_CERT_BYTES = 64 * 1024
MAX_CHAIN = 5


class Unverified(Exception):
    """The delivery cannot be shown to come from the charity's gateway account."""


@dataclass(frozen=True)
class Verification:
    method: str
    result: str = "verified"
    secret: str | None = None  # Stripe: "current" | "previous"
    cert_host: str | None = None  # PayPal
    details: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        found = {
            "method": self.method,
            "result": self.result,
            "secret": self.secret,
            "cert_host": self.cert_host,
        }
        return {key: value for key, value in found.items() if value is not None}


# ------------------------------------------------------------------ Stripe
def stripe_signature(
    raw: bytes, header: str | None, secrets: list[str], now: float | None = None
) -> Verification:
    """Which of `secrets` (newest first) signed `raw`; `Unverified` when none did or the time is off."""
    import stripe

    if not header:
        raise Unverified("no Stripe-Signature header")
    if not secrets:
        raise Unverified("no signing secret is set for this account")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise Unverified("the body is not UTF-8") from exc
    timestamp = _stripe_timestamp(header)
    moment = time.time() if now is None else now
    if timestamp > moment + TOLERANCE_SECONDS:
        raise Unverified("the signature is dated in the future")
    reasons = []
    for position, secret in enumerate(secrets):
        try:
            stripe.WebhookSignature.verify_header(text, header, secret, tolerance=TOLERANCE_SECONDS)
        except stripe.SignatureVerificationError as exc:
            reasons.append(str(exc.user_message or exc))
            continue
        return Verification(
            method="Stripe-Signature (HMAC-SHA256)", secret="current" if position == 0 else "previous"
        )
    if any("tolerance" in reason for reason in reasons):
        raise Unverified("the signature is older than 5 minutes")
    raise Unverified("the signature does not match this account's signing secret")


def _stripe_timestamp(header: str) -> int:
    for part in header.split(","):
        name, _, value = part.strip().partition("=")
        if name == "t":
            try:
                return int(value)
            except ValueError:
                break
    raise Unverified("the Stripe-Signature header has no timestamp")


# ------------------------------------------------------------------ PayPal
_certs: dict[str, Any] = {}
_certs_lock = threading.Lock()


def paypal_cert_hosts() -> set[str]:
    extra = {
        host.strip().lower() for host in config.env("ALMONER_PAYPAL_CERT_HOSTS").split(",") if host.strip()
    }
    return set(PAYPAL_CERT_HOSTS) | extra


_roots: dict[str, list[Any]] = {}


def _trusted_roots() -> list[Any]:
    """certifi's roots plus ALMONER_PAYPAL_TRUST_ROOTS, read once per value of the variable."""
    extra = config.env("ALMONER_PAYPAL_TRUST_ROOTS")
    found = _roots.get(extra)
    if found is not None:
        return found
    import warnings

    import certifi
    from cryptography import x509

    roots: list[Any] = []
    if extra.strip():
        roots.extend(x509.load_pem_x509_certificates(extra.encode("ascii")))
    with open(certifi.where(), "rb") as bundle, warnings.catch_warnings():
        warnings.simplefilter("ignore")  # a few public roots have non-positive serial numbers
        roots.extend(x509.load_pem_x509_certificates(bundle.read()))
    if len(_roots) > 8:
        _roots.clear()
    _roots[extra] = roots
    return roots


def _fetch(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=5) as answer:  # noqa: S310 (host allow-listed, http(s) only)
        data = answer.read(MAX_CERT_BYTES + 1)
    if len(data) > MAX_CERT_BYTES:
        raise Unverified("the certificate is too large")
    return bytes(data)


def _certificate_chain(url: str) -> list[Any]:
    """The certificates at `url` (leaf first), fetched once per URL and process."""
    from cryptography import x509

    with _certs_lock:
        found = _certs.get(url)
    if found is not None:
        return list(found)
    try:
        chain = x509.load_pem_x509_certificates(_fetch(url))
    except Unverified:
        raise
    except Exception as exc:  # network, HTTP status, not PEM
        raise Unverified("the signing certificate could not be fetched or read") from exc
    with _certs_lock:
        if len(_certs) > 100:
            _certs.clear()
        _certs[url] = chain
    return list(chain)


def _valid_now(cert: Any, moment: dt.datetime) -> bool:
    return bool(cert.not_valid_before_utc <= moment <= cert.not_valid_after_utc)


def _issued_by(cert: Any, issuer: Any) -> bool:
    from cryptography import x509

    try:
        constraints = issuer.extensions.get_extension_for_class(x509.BasicConstraints).value
    except x509.ExtensionNotFound:
        return False
    if not constraints.ca:
        return False
    try:
        cert.verify_directly_issued_by(issuer)
    except Exception:  # InvalidSignature, ValueError (names differ), TypeError (key type)
        return False
    return True


def check_chain(chain: list[Any], roots: list[Any], moment: dt.datetime) -> Any:
    """The leaf of `chain` when every link is in date and signed by the next, ending at a root."""
    if not chain:
        raise Unverified("no certificate was found at PAYPAL-CERT-URL")
    leaf = chain[0]
    current = leaf
    pool = list(chain[1:])
    for _ in range(MAX_CHAIN):
        if not _valid_now(current, moment):
            raise Unverified("a certificate of the chain is expired or not yet valid")
        for root in roots:
            if root.subject == current.issuer and _issued_by(current, root):
                if not _valid_now(root, moment):
                    raise Unverified("the root certificate is expired")
                return leaf
        parent = next(
            (cert for cert in pool if cert.subject == current.issuer and _issued_by(current, cert)), None
        )
        if parent is None:
            break
        pool.remove(parent)
        current = parent
    raise Unverified("the signing certificate does not chain to a trusted root")


def paypal_signature(
    raw: bytes, headers: Any, webhook_id: str | None, now: dt.datetime | None = None
) -> Verification:
    import base64

    from cryptography.hazmat.primitives import hashes
    from cryptography.hazmat.primitives.asymmetric import padding, rsa

    def header(name: str) -> str:
        return str(headers.get(name) or "").strip()

    transmission_id, transmission_time = header("paypal-transmission-id"), header("paypal-transmission-time")
    signature, cert_url = header("paypal-transmission-sig"), header("paypal-cert-url")
    algorithm = header("paypal-auth-algo")
    if not (transmission_id and transmission_time and signature and cert_url):
        raise Unverified("the PayPal signature headers are missing")
    if algorithm and algorithm.upper() != "SHA256WITHRSA":
        raise Unverified("the PayPal signature algorithm is not SHA256withRSA")
    if not webhook_id:
        raise Unverified("no webhook id is set for this account")
    parts = urlsplit(cert_url)
    host = (parts.netloc or "").lower()
    if parts.scheme not in ("https", "http") or host not in paypal_cert_hosts():
        raise Unverified("the certificate host is not one of PayPal's")
    if parts.scheme == "http" and host in PAYPAL_CERT_HOSTS:
        raise Unverified("the certificate address is not HTTPS")
    moment = now or dt.datetime.now(dt.UTC)
    leaf = check_chain(_certificate_chain(cert_url), _trusted_roots(), moment)
    key = leaf.public_key()
    if not isinstance(key, rsa.RSAPublicKey):
        raise Unverified("the signing certificate has no RSA key")
    message = f"{transmission_id}|{transmission_time}|{webhook_id}|{zlib.crc32(raw)}".encode()
    try:
        key.verify(base64.b64decode(signature, validate=True), message, padding.PKCS1v15(), hashes.SHA256())
    except Exception as exc:  # InvalidSignature, bad Base64
        raise Unverified("the signature does not match this account's webhook") from exc
    return Verification(method="PayPal certificate (SHA256withRSA)", cert_host=host)


def clear_cache() -> None:
    with _certs_lock:
        _certs.clear()
