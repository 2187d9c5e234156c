"""What the in-process benches share: the embedded AWS of the local stack (moto with
`chalicelocal.moto_speedups`, ADR 0006, and the stack's resources), in this process or in a child
process of its own, and a queue's messages delivered to a worker's real handler as Lambda would
(received, the SQS event, deleted unless reported failed)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

REGION = "eu-west-2"
ROOT = Path(__file__).resolve().parent.parent
# The child process that hosts moto alone (bench/import.py's and `separate_stack`'s): its
# endpoint on the first line, stopped when its stdin closes.
MOTO_ALONE = """
import os, sys
from chalicelocal import embedded
server, endpoint = embedded.start_moto(alone=True)
print(endpoint, flush=True)
sys.stdin.read()
server.stop()
os._exit(0)  # skip freeing a million stored items one by one
"""


@contextmanager
def embedded_stack() -> Iterator[dict[str, Any]]:
    """moto in this process with the local stack's table, buckets and queues; the function
    environment set as the stack sets it. Yields the created resources."""
    from moto import mock_aws

    from chalicelocal import embedded, moto_speedups

    moto_speedups.apply()  # the same embedded AWS as the local stack,
    embedded.keep_survivors_frozen()  # its stored items kept out of full collections as there
    with mock_aws():
        from chalicelocal.resources import create_resources, function_environment

        created = create_resources(prefix="almoner-bench", region=REGION)
        os.environ.update(function_environment(created, overrides={"ALMONER_STAGE": "local"}))
        yield created


@contextmanager
def separate_stack() -> Iterator[dict[str, Any]]:
    """The local stack's embedded AWS (`embedded.start_moto(alone=True)`: moto's server with
    `moto_speedups`) in a child process of its own, as DynamoDB, S3 and SQS are not in a Lambda's
    interpreter, with the stack's table, buckets and queues; this process's clients talk to it
    over HTTP and the function environment is set as the stack sets it. Call before any AWS
    client of this process exists. Yields the created resources."""
    moto, endpoint = start_moto_child()
    try:
        from chalicelocal import embedded, resources

        embedded.point_environment_at(endpoint)
        template = resources.load_template()
        created = resources.create_resources(prefix="almoner-bench", template=template, region=REGION)
        os.environ.update(
            resources.function_environment(created, template, overrides={"ALMONER_STAGE": "local"})
        )
        yield created
    finally:
        stop_moto_child(moto)


def start_moto_child(code: str = MOTO_ALONE) -> tuple[subprocess.Popen[str], str]:
    """moto's server started by `code` (default `MOTO_ALONE`) in a child process: the process and
    the endpoint it printed. `stop_moto_child` ends it."""
    moto = subprocess.Popen(  # noqa: S603 (our interpreter, our code)
        [sys.executable, "-c", code], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert moto.stdout is not None  # noqa: S101
    return moto, moto.stdout.readline().strip()


def stop_moto_child(moto: subprocess.Popen[str]) -> None:
    """Close the child's stdin (its code waits on it, then exits); kill it after 30 s."""
    if moto.stdin:
        moto.stdin.close()
    try:
        moto.wait(timeout=30)
    except subprocess.TimeoutExpired:
        moto.kill()


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
