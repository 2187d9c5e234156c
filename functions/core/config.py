"""Settings read from the environment (the SAM template sets them for every function).

Read lazily so tests and `chalicelocal` can set the environment before first use.
"""

from __future__ import annotations

import os

QUEUES = ("imports", "exports", "claims", "webhooks", "notifications", "subscriptions")


def env(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def stage() -> str:
    """`local` (chalicelocal and tests), `dev` or `prod`."""
    return env("ALMONER_STAGE", "local")


def is_local() -> bool:
    return stage() == "local"


def table_name() -> str:
    return env("TABLE_NAME", "almoner-local-table")


def queue_url(queue: str) -> str:
    if queue not in QUEUES:
        raise ValueError(f"unknown queue {queue!r}")
    url = env(f"{queue.upper()}_QUEUE_URL")
    if not url:
        raise RuntimeError(f"{queue.upper()}_QUEUE_URL is not set")
    return url


def max_receive_count() -> int:
    """Deliveries of a job message before SQS moves it to the DLQ (the queues' RedrivePolicy)."""
    return int(env("JOBS_MAX_RECEIVE_COUNT", "5"))


def files_bucket() -> str:
    return env("FILES_BUCKET", "almoner-local-files")


def email_from() -> str:
    return env("EMAIL_FROM", "no-reply@almoner.local")


def app_url() -> str:
    """Public URL of the SPA, used in links sent by email."""
    return env("APP_URL", "http://127.0.0.1:8000").rstrip("/")


def secure_cookies() -> bool:
    # Browsers drop `Secure` cookies on plain-HTTP origins other than localhost; the local stack
    # is plain HTTP on 127.0.0.1, every deployed stage is HTTPS behind CloudFront.
    return env("ALMONER_SECURE_COOKIES", "0" if is_local() else "1") == "1"


def dev_outbox_enabled() -> bool:
    return is_local() and env("ALMONER_DEV_OUTBOX", "1") == "1"
