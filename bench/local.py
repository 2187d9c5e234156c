"""What the in-process benches share: the embedded AWS of the local stack (moto with
`chalicelocal.moto_speedups`, ADR 0006, and the stack's resources), and a queue's messages
delivered to a worker's real handler as Lambda would (received, the SQS event, deleted unless
reported failed)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

REGION = "eu-west-2"


@contextmanager
def embedded_stack() -> Iterator[dict[str, Any]]:
    """moto in this process with the local stack's table, buckets and queues; the function
    environment set as the stack sets it. Yields the created resources."""
    from moto import mock_aws

    from chalicelocal import moto_speedups

    moto_speedups.apply()  # the same embedded AWS as the local stack
    with mock_aws():
        from chalicelocal.resources import create_resources, function_environment

        created = create_resources(prefix="almoner-bench", region=REGION)
        os.environ.update(function_environment(created, overrides={"ALMONER_STAGE": "local"}))
        yield created


def deliver(queue: str, handler: Callable[[dict[str, Any], Any], Any], *, rounds: int = 1_000_000) -> int:
    """Deliver the queue's waiting messages (ten at a time, as the event source mapping's batch)
    to `handler` until the queue is empty; a message the handler reports failed is left to come
    back. Returns how many messages were delivered."""
    import boto3

    from chalicelocal.runner import sqs_event
    from functions.core import config

    sqs = boto3.client("sqs", region_name=REGION)
    url = config.queue_url(queue)
    arn = sqs.get_queue_attributes(QueueUrl=url, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
    delivered = 0
    for _ in range(rounds):
        received = sqs.receive_message(
            QueueUrl=url, MaxNumberOfMessages=10, AttributeNames=["All"], MessageAttributeNames=["All"]
        ).get("Messages", [])
        if not received:
            break
        answer = handler(sqs_event(received, arn, REGION), None) or {}
        failed = {item["itemIdentifier"] for item in answer.get("batchItemFailures", [])}
        done = [m for m in received if m["MessageId"] not in failed]
        if done:
            sqs.delete_message_batch(
                QueueUrl=url,
                Entries=[{"Id": str(n), "ReceiptHandle": m["ReceiptHandle"]} for n, m in enumerate(done)],
            )
        delivered += len(received)
    return delivered
