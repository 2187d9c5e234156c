"""What the subscriptions tests share (Stripe, PayPal, self-service): the webhooks
queue drained through its real job, and the staff screen's reads."""

from __future__ import annotations

from typing import Any

import boto3

from tests.functional.helpers import SignedIn, lambda_event, receive


def drain_webhooks(aws: dict) -> None:
    """The webhooks queue to its worker until it is empty (as Lambda would)."""
    from functions.webhooks import jobs

    sqs = boto3.client("sqs", region_name="eu-west-2")
    for _ in range(20):
        messages = receive(aws, "WebhooksQueue")
        if not messages:
            return
        answer = jobs.handler(lambda_event(messages), None)
        assert not answer.get("batchItemFailures"), answer
        for message in messages:
            sqs.delete_message(QueueUrl=aws["WebhooksQueue"], ReceiptHandle=message["ReceiptHandle"])


def subscriptions(who: SignedIn, query: str = "") -> list[dict[str, Any]]:
    reply = who.get(f"/api/subscriptions{query}")
    assert reply.status == 200, reply.json
    return list(reply.json["data"])


def detail(who: SignedIn, subscription_id: str) -> dict[str, Any]:
    reply = who.get(f"/api/subscriptions/{subscription_id}")
    assert reply.status == 200, reply.json
    return dict(reply.json)


def donations_of(who: SignedIn) -> list[dict[str, Any]]:
    reply = who.get("/api/donations?length=100")
    assert reply.status == 200, reply.json
    return list(reply.json["data"])
