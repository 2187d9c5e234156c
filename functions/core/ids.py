"""Identifiers: random, URL-safe and sortable by creation time."""

from __future__ import annotations

import hashlib
import secrets

from functions.core import clock


def new_id() -> str:
    """26 hex characters: 12 of milliseconds since the epoch, then 14 random."""
    millis = int(clock.now().timestamp() * 1000)
    return f"{millis:012x}{secrets.token_hex(7)}"


def new_token(nbytes: int = 32) -> str:
    """An opaque secret for a session, a link or a recovery code (≥ 128 bits)."""
    return secrets.token_urlsafe(nbytes)


def sha256_hex(value: str) -> str:
    return hashlib.sha256(value.encode()).hexdigest()
