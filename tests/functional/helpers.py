"""Factories for functional tests: charities with signed-in users, platform admins, and SQS
deliveries to job handlers shaped like Lambda's events (a unique messageId per record).

Built on `tests/functional/browser.py` (a cookie-keeping client that behaves like the SPA).
"""

from __future__ import annotations

import itertools
import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import boto3
from chalice.test import Client

from functions.auth import service as auth_service
from functions.core import keys
from tests.functional.browser import Browser, login, register

PASSWORD = "correct horse battery"
_numbers = itertools.count(1)


@dataclass
class SignedIn:
    """A browser signed in as one user of one charity (or of the platform)."""

    browser: Browser
    user_id: str
    tenant_id: str
    email: str

    def get(self, path: str, **kw: Any) -> Any:
        return self.browser.get(path, **kw)

    def post(self, path: str, body: Any = None, **kw: Any) -> Any:
        return self.browser.post(path, body, **kw)

    def put(self, path: str, body: Any = None, **kw: Any) -> Any:
        return self.browser.put(path, body, **kw)

    def delete(self, path: str, body: Any = None, **kw: Any) -> Any:
        return self.browser.delete(path, body, **kw)


def sign_up_charity(
    client: Client, name: str = "Hope Trust", email: str | None = None, locale: str = "en"
) -> SignedIn:
    """Register a charity through the API; the browser is signed in as its owner."""
    email = email or f"owner{next(_numbers)}@{name.lower().replace(' ', '')}.example"
    browser = Browser(client, locale=locale)
    reply = register(browser, charity=name, email=email, password=PASSWORD)
    assert reply.status == 201, reply
    user = reply.json["user"]
    return SignedIn(browser, user["id"], user["tenant"]["id"], email)


def sign_in(client: Client, email: str, password: str = PASSWORD, locale: str = "en") -> SignedIn:
    browser = Browser(client, locale=locale)
    reply = login(browser, email, password)
    assert reply.status == 200, reply
    user = reply.json["user"]
    return SignedIn(browser, user["id"], user["tenant"]["id"], email)


def add_user(
    client: Client,
    tenant_id: str,
    role_id: str = "staff",
    *,
    name: str = "Sam Staff",
    email: str | None = None,
    sign_in_now: bool = True,
) -> SignedIn | str:
    """A verified user of the charity `tenant_id`, signed in with `PASSWORD`; with
    `sign_in_now=False` a user without a password, and only its id is returned."""
    email = email or f"user{next(_numbers)}@example.org"
    # A user who will not sign in gets no password: Argon2 hashing is the slow part of a test.
    password = PASSWORD if sign_in_now else None
    user = auth_service.create_user(tenant_id, name, email, role_id, password=password, verified=True)
    if not sign_in_now:
        return user.user_id
    return sign_in(client, email)


def platform_admin(client: Client, email: str | None = None) -> SignedIn:
    email = email or f"admin{next(_numbers)}@almoner.example"
    auth_service.create_platform_admin("Ada Admin", email, PASSWORD)
    signed = sign_in(client, email)
    assert signed.tenant_id == keys.PLATFORM_TENANT
    return signed


# ------------------------------------------------------------------ SQS → job handlers
def receive(
    aws: dict[str, Any], queue_logical_id: str, max_messages: int = 10, visibility: int = 0
) -> list[dict[str, Any]]:
    """Take the waiting messages of a queue created from template.yaml (e.g. "ExportsQueue")."""
    sqs = boto3.client("sqs", region_name="eu-west-2")
    answer = sqs.receive_message(
        QueueUrl=aws[queue_logical_id], MaxNumberOfMessages=max_messages, VisibilityTimeout=visibility
    )
    return list(answer.get("Messages", []))


def receive_all(aws: dict[str, Any], queue_logical_id: str) -> list[dict[str, Any]]:
    """Every waiting message of a queue: SQS may answer a ReceiveMessage with fewer than are
    waiting (moto does for messages sent within the same millisecond), so receive until a call
    finds none, each hidden meanwhile so that none comes twice; then all visible again, as
    `receive` leaves them."""
    taken: list[dict[str, Any]] = []
    while found := receive(aws, queue_logical_id, visibility=60):
        taken.extend(found)
    sqs = boto3.client("sqs", region_name="eu-west-2")
    for start in range(0, len(taken), 10):
        entries = [
            {"Id": str(n), "ReceiptHandle": message["ReceiptHandle"], "VisibilityTimeout": 0}
            for n, message in enumerate(taken[start : start + 10])
        ]
        sqs.change_message_visibility_batch(QueueUrl=aws[queue_logical_id], Entries=entries)
    return taken


def lambda_event(
    messages: list[dict[str, Any]], queue_arn: str = "arn:aws:sqs:eu-west-2:123456789012:q"
) -> dict:
    """An SQS event as Lambda delivers it, every record with its own messageId (Chalice's
    generate_sqs_event gives all records the same one)."""
    return {
        "Records": [
            {
                "messageId": str(uuid.uuid4()),
                "receiptHandle": message.get("ReceiptHandle", "handle"),
                "body": message["Body"],
                "attributes": {
                    "ApproximateReceiveCount": "1",
                    "SentTimestamp": "0",
                    "SenderId": "test",
                    "ApproximateFirstReceiveTimestamp": "0",
                },
                "messageAttributes": {},
                "md5OfBody": "",
                "eventSource": "aws:sqs",
                "eventSourceARN": queue_arn,
                "awsRegion": "eu-west-2",
            }
            for message in messages
        ]
    }


def deliver(
    aws: dict[str, Any], queue_logical_id: str, handler: Callable[[dict, Any], dict], times: int = 1
) -> list[dict[str, Any]]:
    """Receive the queue's messages and hand them to `handler` `times` times (a redelivery is the
    same body under a new messageId). Returns the messages' JSON bodies."""
    messages = receive(aws, queue_logical_id)
    assert messages, f"nothing waiting on {queue_logical_id}"
    for _ in range(times):
        answer = handler(lambda_event(messages), None)
        assert answer == {"batchItemFailures": []}, answer
    return [json.loads(message["Body"]) for message in messages]
