"""The embedded SQS hands each message to one poller at a time, as SQS does within a message's
visibility timeout, and a long poll still wakes for a message sent while it waits."""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Iterator
from typing import Any

import boto3
import pytest
from moto.sqs.models import Message

from chalicelocal import moto_sqs
from tests.functional.moto_server import moto_endpoint

MESSAGES = 300
POLLERS = 8


@pytest.fixture
def queue() -> Iterator[str]:
    with moto_endpoint():
        yield boto3.client("sqs").create_queue(QueueName="jobs", Attributes={"VisibilityTimeout": "600"})[
            "QueueUrl"
        ]


def test_concurrent_receives_never_take_the_same_message(queue: str, monkeypatch: pytest.MonkeyPatch) -> None:
    # moto decides a message is visible, then marks it received: a pause between the two (a
    # thread switch) is where a second poller could take it too
    mark_received = Message.mark_received

    def after_a_pause(self: Message, *args: Any, **kwargs: Any) -> None:
        time.sleep(0.002)
        mark_received(self, *args, **kwargs)

    monkeypatch.setattr(Message, "mark_received", after_a_pause)
    sqs = boto3.client("sqs")
    for start in range(0, MESSAGES, 10):
        sqs.send_message_batch(
            QueueUrl=queue,
            Entries=[{"Id": str(n), "MessageBody": f"m-{n}"} for n in range(start, start + 10)],
        )
    received: list[str] = []
    lock = threading.Lock()
    go = threading.Barrier(POLLERS)

    def poll() -> None:
        client = boto3.client("sqs")
        go.wait()
        while True:
            messages = client.receive_message(QueueUrl=queue, MaxNumberOfMessages=10).get("Messages", [])
            if not messages:
                return
            with lock:
                received.extend(message["Body"] for message in messages)

    threads = [threading.Thread(target=poll) for _ in range(POLLERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    twice = [body for body, times in Counter(received).items() if times > 1]
    assert twice == []
    assert sorted(received) == sorted(f"m-{n}" for n in range(MESSAGES))


def test_a_long_poll_takes_a_message_sent_while_it_waits(queue: str) -> None:
    got: list[str] = []
    waiting = threading.Event()

    def long_poll() -> None:
        client = boto3.client("sqs")
        waiting.set()
        messages = client.receive_message(QueueUrl=queue, WaitTimeSeconds=10).get("Messages", [])
        got.extend(message["Body"] for message in messages)

    poller = threading.Thread(target=long_poll)
    poller.start()
    waiting.wait(5)
    time.sleep(1)  # the poll is now waiting inside moto, for a message that is not there yet
    boto3.client("sqs").send_message(QueueUrl=queue, MessageBody="late")
    poller.join(timeout=30)
    assert got == ["late"]


def test_a_message_older_than_the_retention_period_is_not_received(
    queue: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    sqs = boto3.client("sqs")
    sqs.set_queue_attributes(QueueUrl=queue, Attributes={"MessageRetentionPeriod": "60"})
    sqs.send_message(QueueUrl=queue, MessageBody="old")
    sqs.send_message(QueueUrl=queue, MessageBody="kept")
    sent = time.time()
    monkeypatch.setattr(moto_sqs, "unix_time", lambda: sent + 59)
    assert [m["Body"] for m in sqs.receive_message(QueueUrl=queue).get("Messages", [])] == ["old"]
    monkeypatch.setattr(moto_sqs, "unix_time", lambda: sent + 61)
    assert sqs.receive_message(QueueUrl=queue, MaxNumberOfMessages=10).get("Messages", []) == []


def test_a_send_does_not_count_the_queue_yet_the_counts_stay_right(
    queue: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from moto.sqs.models import Queue

    counted: list[str] = []
    visible = Message.visible

    def watched(self: Message) -> bool:
        counted.append(self.body)
        return bool(visible.fget(self))  # type: ignore[attr-defined]

    sqs = boto3.client("sqs")
    for n in range(20):
        sqs.send_message(QueueUrl=queue, MessageBody=f"waiting {n}")
    monkeypatch.setattr(Message, "visible", property(watched))
    sqs.send_message(QueueUrl=queue, MessageBody="one more")
    sqs.send_message_batch(
        QueueUrl=queue, Entries=[{"Id": str(n), "MessageBody": f"batch {n}"} for n in range(5)]
    )
    assert counted == []  # 26 sends, no message asked whether it is visible
    sqs.receive_message(QueueUrl=queue, MaxNumberOfMessages=3)
    found = sqs.get_queue_attributes(
        QueueUrl=queue,
        AttributeNames=["ApproximateNumberOfMessages", "ApproximateNumberOfMessagesNotVisible"],
    )["Attributes"]
    waiting, in_flight = found["ApproximateNumberOfMessages"], found["ApproximateNumberOfMessagesNotVisible"]
    assert (waiting, in_flight) == ("23", "3")
    assert counted  # the attributes still count
    assert isinstance(Queue.approximate_number_of_messages, property)

    # content-based deduplication (the one attribute a send reads) still applies
    fifo = sqs.create_queue(
        QueueName="jobs.fifo", Attributes={"FifoQueue": "true", "ContentBasedDeduplication": "true"}
    )["QueueUrl"]
    for _ in range(2):
        sqs.send_message(QueueUrl=fifo, MessageBody="same", MessageGroupId="g")
    assert len(sqs.receive_message(QueueUrl=fifo, MaxNumberOfMessages=10)["Messages"]) == 1
