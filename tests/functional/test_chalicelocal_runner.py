"""The job runner gives handlers Lambda's SQS semantics: partial batch failure, unique message
ids, retry after a (short, local) visibility timeout, redrive to the DLQ after maxReceiveCount."""

from __future__ import annotations

import json
import os
import threading
import time
from collections.abc import Iterator
from typing import Any

import boto3
import pytest

from chalicelocal import runner
from chalicelocal.lambdas import Function, SqsTrigger
from tests.functional.moto_server import moto_endpoint

MAX_RECEIVES = 2


@pytest.fixture
def queues(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, str]]:
    monkeypatch.setenv("ALMONER_LOCAL_RETRY_SECONDS", "0")
    with moto_endpoint():
        sqs = boto3.client("sqs")
        dlq = sqs.create_queue(QueueName="jobs-dlq")["QueueUrl"]
        dlq_arn = sqs.get_queue_attributes(QueueUrl=dlq, AttributeNames=["QueueArn"])["Attributes"][
            "QueueArn"
        ]
        redrive = json.dumps({"deadLetterTargetArn": dlq_arn, "maxReceiveCount": MAX_RECEIVES})
        queue = sqs.create_queue(
            QueueName="jobs", Attributes={"VisibilityTimeout": "5400", "RedrivePolicy": redrive}
        )["QueueUrl"]
        arn = sqs.get_queue_attributes(QueueUrl=queue, AttributeNames=["QueueArn"])["Attributes"]["QueueArn"]
        yield {"queue": queue, "arn": arn, "dlq": dlq}


class Recorder:
    """A throwaway job handler: fails the records whose body is "bad" (partial failure)."""

    def __init__(self, raise_error: bool = False) -> None:
        self.events: list[dict[str, Any]] = []
        self.raise_error = raise_error

    def __call__(self, event: dict[str, Any], context: Any) -> dict[str, Any]:
        self.events.append(event)
        assert context.get_remaining_time_in_millis() > 0 and context.aws_request_id
        if self.raise_error:
            raise RuntimeError("handler crashed")
        failures = [{"itemIdentifier": r["messageId"]} for r in event["Records"] if r["body"] == "bad"]
        return {"batchItemFailures": failures}


def worker(queues: dict[str, str], handler: Recorder) -> runner.QueueWorker:
    function = Function(logical_id="TestWorker", handler="unused.handler", timeout=20, memory=512)
    trigger = SqsTrigger(function=function, queue="Jobs", batch_size=10, report_failures=True)
    return runner.QueueWorker(trigger, queues["queue"], queues["arn"], handler=handler)


def send(queue: str, *bodies: str) -> None:
    sqs = boto3.client("sqs")
    for body in bodies:
        sqs.send_message(QueueUrl=queue, MessageBody=body)


def bodies_waiting(queue: str) -> list[str]:
    received = boto3.client("sqs").receive_message(QueueUrl=queue, MaxNumberOfMessages=10, WaitTimeSeconds=1)
    return sorted(message["Body"] for message in received.get("Messages", []))


def test_only_the_failed_record_comes_back(queues: dict[str, str]) -> None:
    handler = Recorder()
    send(queues["queue"], "ok-1", "bad", "ok-2")
    assert worker(queues, handler).poll_once() == 3

    records = handler.events[0]["Records"]
    assert len({record["messageId"] for record in records}) == 3  # unique ids, unlike chalice's test client
    assert {record["eventSource"] for record in records} == {"aws:sqs"}
    assert {record["eventSourceARN"] for record in records} == {queues["arn"]}
    assert all(record["attributes"]["ApproximateReceiveCount"] == "1" for record in records)
    assert bodies_waiting(queues["queue"]) == ["bad"]


def test_a_record_that_keeps_failing_lands_in_the_dlq(queues: dict[str, str]) -> None:
    handler = Recorder()
    send(queues["queue"], "bad")
    job_worker = worker(queues, handler)
    for _ in range(MAX_RECEIVES):
        assert job_worker.poll_once() == 1
    assert job_worker.poll_once() == 0  # the next receive moves it instead of delivering it
    counts = [r["attributes"]["ApproximateReceiveCount"] for e in handler.events for r in e["Records"]]
    assert counts == ["1", "2"]
    assert bodies_waiting(queues["dlq"]) == ["bad"]


def test_a_handler_that_raises_leaves_the_whole_batch(queues: dict[str, str]) -> None:
    send(queues["queue"], "ok-1", "ok-2")
    assert worker(queues, Recorder(raise_error=True)).poll_once() == 2
    assert bodies_waiting(queues["queue"]) == ["ok-1", "ok-2"]


def test_a_handler_returning_nothing_succeeds_for_every_record(queues: dict[str, str]) -> None:
    send(queues["queue"], "ok-1", "bad")
    runner_worker = worker(queues, Recorder())
    runner_worker.handler = lambda event, context: None
    assert runner_worker.poll_once() == 2
    assert bodies_waiting(queues["queue"]) == []


@pytest.mark.parametrize(
    ("result", "expected"),
    [
        (None, set()),
        ({"batchItemFailures": []}, set()),
        ({"batchItemFailures": [{"itemIdentifier": "b"}]}, {"b"}),
        ({"batchItemFailures": [{"itemIdentifier": "unknown"}]}, {"a", "b"}),  # malformed: whole batch
        ({"batchItemFailures": [{"itemIdentifier": ""}]}, {"a", "b"}),
    ],
)
def test_batch_item_failures_are_read_as_lambda_reads_them(result: Any, expected: set[str]) -> None:
    assert runner.failed_ids(result, ["a", "b"], report_failures=True) == expected
    assert runner.failed_ids(result, ["a", "b"], report_failures=False) == set()


def test_two_threads_deliver_batches_at_the_same_time(queues: dict[str, str]) -> None:
    # GIVEN more messages than one batch, and a worker with two threads (Lambda runs a queue's
    # batches in several environments at once)
    barrier = threading.Barrier(2, timeout=15)
    lock = threading.Lock()
    met: list[bool] = []
    handled: list[str] = []
    deliveries = 0

    def handler(event: dict[str, Any], context: Any) -> None:
        nonlocal deliveries
        with lock:
            deliveries += 1
            first_two = deliveries <= 2
        if first_two:  # SQS may split the messages into more receives than two; two must meet
            try:
                barrier.wait()  # returns only when the other thread is inside a delivery too
                met.append(True)
            except threading.BrokenBarrierError:
                met.append(False)
        with lock:
            handled.extend(record["body"] for record in event["Records"])

    send(queues["queue"], *[f"job-{n}" for n in range(20)])
    function = Function(logical_id="TestWorker", handler="unused.handler", timeout=20, memory=512)
    trigger = SqsTrigger(function=function, queue="Jobs", batch_size=10, report_failures=True)
    job_worker = runner.QueueWorker(trigger, queues["queue"], queues["arn"], handler=handler, threads=2)
    job_worker.start()
    try:
        deadline = time.monotonic() + 30
        while (len(met) < 2 or len(handled) < 20) and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        job_worker.stop()
    # THEN two batches were in their handlers at once, and every message was handled once
    assert met == [True, True]
    assert sorted(handled) == sorted(f"job-{n}" for n in range(20))
    assert bodies_waiting(queues["queue"]) == []


def test_processes_share_the_queue_s_batches_each_in_an_interpreter_of_its_own(
    queues: dict[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    sqs = boto3.client("sqs")
    echo = sqs.create_queue(QueueName="echo")["QueueUrl"]
    monkeypatch.setenv("ALMONER_TEST_ECHO_QUEUE", echo)
    function = Function(
        logical_id="TestWorker", handler="tests.functional.process_handler.handler", timeout=20, memory=512
    )
    trigger = SqsTrigger(function=function, queue="Jobs", batch_size=2, report_failures=True)
    workers = runner.ProcessWorkers(trigger, queues["queue"], queues["arn"], processes=2, batches=3)
    assert workers.threads == [2, 1]  # three batches at a time over two interpreters
    sent = [f"job-{n}" for n in range(8)]
    send(queues["queue"], *sent)
    workers.start()
    answers: list[dict[str, Any]] = []
    try:
        for _ in range(60):  # long polls of 1 s: at most a minute on a loaded machine
            received = sqs.receive_message(QueueUrl=echo, MaxNumberOfMessages=10, WaitTimeSeconds=1)
            answers += [json.loads(message["Body"]) for message in received.get("Messages", [])]
            if len(answers) >= len(sent):
                break
        pids = set(workers.pids)
    finally:
        workers.stop()
    assert sorted(answer["body"] for answer in answers) == sorted(sent)
    assert {answer["pid"] for answer in answers} <= pids and len(pids) == 2
    assert os.getpid() not in pids
    assert bodies_waiting(queues["queue"]) == []  # each delivered batch was deleted
