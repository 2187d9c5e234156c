"""Secrets sealed before they are stored: the HMRC gateway password, payment-gateway keys (ADR 0005, 0022).

Secrets are encrypted with KMS (`SECRETS_KEY_ID`, template.yaml `SecretsKey`; the tenant id as
encryption context, so a ciphertext copied to another charity does not decrypt): in AWS the
stack's key, on the local stack and in the functional tests moto's key created from the template
(chalicelocal/resources.py). Values sealed before that with local AES-256-GCM (`aesgcm:`, the
HMRC passwords of earlier local data) are still read, with `ALMONER_SECRETS_KEY` (Base64 of 32
bytes) or the fixed development key; a local process without a KMS key (unit tests) still seals
that way. A non-local stage without KMS refuses to store a secret.
"""

from __future__ import annotations

import base64
import hashlib
import os
import threading

from functions.core import aws, config

KMS_PREFIX = "kms:"
LOCAL_PREFIX = "aesgcm:"
_DEV_KEY = hashlib.sha256(b"almoner-local-development-only").digest()


def _local_key() -> bytes:
    configured = config.env("ALMONER_SECRETS_KEY")
    if configured:
        return base64.b64decode(configured)
    if not config.is_local():
        raise RuntimeError("SECRETS_KEY_ID (KMS) is required outside the local stage")
    return _DEV_KEY


def seal(plain: str, tenant_id: str) -> str:
    key_id = config.env("SECRETS_KEY_ID")
    context = {"tenant": tenant_id}
    if key_id:
        answer = aws.client("kms").encrypt(
            KeyId=key_id, Plaintext=plain.encode("utf-8"), EncryptionContext=context
        )
        return KMS_PREFIX + base64.b64encode(answer["CiphertextBlob"]).decode("ascii")
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM  # local stage only

    nonce = os.urandom(12)
    sealed = AESGCM(_local_key()).encrypt(nonce, plain.encode("utf-8"), tenant_id.encode("utf-8"))
    return LOCAL_PREFIX + base64.b64encode(nonce + sealed).decode("ascii")


def unseal(stored: str, tenant_id: str) -> str:
    if stored.startswith(KMS_PREFIX):
        blob = base64.b64decode(stored[len(KMS_PREFIX) :])
        answer = aws.client("kms").decrypt(CiphertextBlob=blob, EncryptionContext={"tenant": tenant_id})
        return bytes(answer["Plaintext"]).decode("utf-8")
    if not stored.startswith(LOCAL_PREFIX):
        raise ValueError("unknown secret format")
    from cryptography.hazmat.primitives.ciphers.aead import AESGCM  # local stage only

    raw = base64.b64decode(stored[len(LOCAL_PREFIX) :])
    return AESGCM(_local_key()).decrypt(raw[:12], raw[12:], tenant_id.encode("utf-8")).decode("utf-8")


_unsealed: dict[tuple[str, str], str] = {}
_unsealed_lock = threading.Lock()


def unseal_cached(stored: str, tenant_id: str) -> str:
    """`unseal`, once per sealed value and process (a burst of webhook deliveries or events costs
    one KMS call; a rotated secret is a new sealed value)."""
    with _unsealed_lock:
        known = _unsealed.get((tenant_id, stored))
    if known is not None:
        return known
    plain = unseal(stored, tenant_id)
    with _unsealed_lock:
        if len(_unsealed) > 1000:
            _unsealed.clear()
        _unsealed[(tenant_id, stored)] = plain
    return plain
