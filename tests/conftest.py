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
