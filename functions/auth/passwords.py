"""Password hashing with Argon2id (argon2-cffi defaults, RFC 9106 low-memory profile)."""

from __future__ import annotations

from functools import cache
from typing import Any

MIN_LENGTH = 8
MAX_LENGTH = 256


@cache
def _hasher() -> Any:
    # argon2 is imported on first use: most API requests never hash a password (cold start).
    from argon2 import PasswordHasher

    return PasswordHasher()


@cache
def _dummy_hash() -> str:
    # Verifying against this for an unknown email costs the same time as a real check, so the
    # answer's timing does not reveal which addresses have accounts.
    return _hasher().hash("almoner-dummy-password")


def hash_password(password: str) -> str:
    return str(_hasher().hash(password))


def verify_password(password_hash: str | None, password: str) -> bool:
    from argon2.exceptions import InvalidHashError, VerificationError

    try:
        return bool(_hasher().verify(password_hash or _dummy_hash(), password)) and password_hash is not None
    except (VerificationError, InvalidHashError):  # VerifyMismatchError is a VerificationError
        return False


def needs_rehash(password_hash: str) -> bool:
    return bool(_hasher().check_needs_rehash(password_hash))
