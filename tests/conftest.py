"""Shared test set-up. The environment is set before any application module is imported, and
moto starts before any boto3/PynamoDB client exists (ARCHITECTURE.md §9)."""

from __future__ import annotations

import os

os.environ.update(
    {
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
        "AWS_SESSION_TOKEN": "testing",
        "AWS_DEFAULT_REGION": "eu-west-2",
        "ALMONER_STAGE": "local",
        "TABLE_NAME": "almoner-test-table",
        "FILES_BUCKET": "almoner-test-filesbucket",
        "EMAIL_FROM": "no-reply@almoner.app",
        "POWERTOOLS_METRICS_NAMESPACE": "Almoner",
        "POWERTOOLS_DEV": "0",
        "POWERTOOLS_LOG_LEVEL": "WARNING",
    }
)
os.environ.pop("AWS_ENDPOINT_URL", None)


def _cheap_password_hashing() -> None:
    """Argon2id at the product's parameters costs ~0.2 s of CPU per hash and per verify, and most
    tests sign a charity up and in: in tests the same code path hashes with the cheapest
    parameters instead. The product's own parameters are asserted by
    tests/unit/test_passwords.py in a fresh interpreter, and the local stack (the browser tests,
    test_chalicelocal_process) hashes at full cost."""
    from functools import cache

    from argon2 import PasswordHasher

    from functions.auth import passwords

    passwords._hasher = cache(lambda: PasswordHasher(time_cost=1, memory_cost=8, parallelism=1))


_cheap_password_hashing()
