"""Delivers SQS messages to the job handlers the way Lambda's event source mapping does: batches
of at most BatchSize, a real SQS event (each record with its own messageId and receiptHandle),
partial batch failures (`batchItemFailures`), the queue's visibility timeout, and the queue's
redrive policy (moto moves a message to the DLQ on receive once maxReceiveCount is reached, as
SQS does).

Like Lambda, which runs several execution environments for one queue, each function is served by
ALMONER_LOCAL_CONCURRENCY threads, each receiving and delivering its own batches. The default is 5:
"Lambda starts processing five batches at a time with five concurrent invocations" (AWS Lambda
guide, scaling of SQS event source mappings). The embedded moto answers one DynamoDB request at a
time (`moto_speedups`), as DynamoDB isolates transactions.

The threads share one interpreter, where Lambda gives each invocation its own; `start()` shortens
the interpreter's switch interval (5 ms → `SWITCH_SECONDS`) so that a thread whose answer from moto
has arrived waits less for one that is computing.

One difference, on purpose: a failed record is made visible again after
ALMONER_LOCAL_RETRY_SECONDS (default 5) instead of the queue's visibility timeout. The template
sets 5400 s on long-job queues (6x the function timeout, as AWS advises); locally that would make
every retry wait 90 minutes. Success, redrive and maxReceiveCount are unchanged.
"""

from __future__ import annotations

import multiprocessing
import os
import sys
import threading
import traceback
from typing import Any

import boto3

from chalicelocal import lambdas
from chalicelocal.lambdas import Handler, SqsTrigger

DEFAULT_RETRY_SECONDS = 5
DEFAULT_CONCURRENCY = 5
SWITCH_SECONDS = 0.0005
POLL_SECONDS = 1  # long-poll wait: short so that stop() is prompt


def retry_seconds() -> int:
    return int(os.environ.get("ALMONER_LOCAL_RETRY_SECONDS", DEFAULT_RETRY_SECONDS))


def concurrency(trigger: SqsTrigger | None = None) -> int:
    """Batches a queue's worker handles at a time: ALMONER_LOCAL_CONCURRENCY (5), at most the
    trigger's ScalingConfig.MaximumConcurrency, as Lambda's pollers would."""
    threads = max(1, int(os.environ.get("ALMONER_LOCAL_CONCURRENCY", DEFAULT_CONCURRENCY)))
    if trigger is not None and trigger.max_concurrency:
        threads = min(threads, trigger.max_concurrency)
    return threads


def sqs_event(messages: list[dict[str, Any]], queue_arn: str, region: str) -> dict[str, Any]:
    """The event Lambda passes for a batch of received messages."""
    return {"Records": [_record(message, queue_arn, region) for message in messages]}


def _record(message: dict[str, Any], queue_arn: str, region: str) -> dict[str, Any]:
    attributes = message.get("MessageAttributes") or {}
    return {
        "messageId": message["MessageId"],
        "receiptHandle": message["ReceiptHandle"],
        "body": message["Body"],
        "attributes": dict(message.get("Attributes") or {}),
        "messageAttributes": {
            name: {
                "stringValue": value.get("StringValue"),
                "binaryValue": value.get("BinaryValue"),
                "stringListValues": value.get("StringListValues", []),
                "binaryListValues": value.get("BinaryListValues", []),
                "dataType": value.get("DataType"),
            }
            for name, value in attributes.items()
        },
        "md5OfBody": message.get("MD5OfBody"),
        "eventSource": "aws:sqs",
        "eventSourceARN": queue_arn,
        "awsRegion": region,
    }


def failed_ids(result: Any, message_ids: list[str], report_failures: bool) -> set[str]:
    """Which records Lambda would retry given the handler's return value."""
    if not report_failures or not isinstance(result, dict) or not result.get("batchItemFailures"):
        return set()
    failed = set()
    for failure in result["batchItemFailures"]:
        identifier = failure.get("itemIdentifier") if isinstance(failure, dict) else None
        if not identifier or identifier not in message_ids:
            return set(message_ids)  # Lambda treats a malformed response as a failed batch
        failed.add(identifier)
    return failed


class QueueWorker:
    """`threads` pollers for one SQS-triggered function (Lambda's event source mapping and its
    concurrent execution environments)."""

    def __init__(
        self,
        trigger: SqsTrigger,
        queue_url: str,
        queue_arn: str,
        handler: Handler | None = None,
        threads: int = 1,
    ) -> None:
        self.trigger, self.queue_url, self.queue_arn = trigger, queue_url, queue_arn
        self.handler = handler or lambdas.load_handler(trigger.function.handler)
        self.region = os.environ.get("AWS_DEFAULT_REGION", "eu-west-2")
        self._sqs = boto3.client("sqs")
        self._stop = threading.Event()
        self._threads = [
            threading.Thread(target=self._run, name=f"jobs-{trigger.function.logical_id}-{n}", daemon=True)
            for n in range(max(1, threads))
        ]

    def start(self) -> None:
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_SECONDS))
        for thread in self._threads:
            thread.start()

    def stop(self) -> None:
        self._stop.set()
        for thread in self._threads:
            if thread.is_alive():
                thread.join(timeout=POLL_SECONDS + 30)

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self.poll_once()
            except Exception:  # (a broken poll must not kill the worker)
                traceback.print_exc()
                self._stop.wait(1)

    def poll_once(self, wait_seconds: int = POLL_SECONDS) -> int:
        """Receive one batch and deliver it; return how many records were delivered."""
        received = self._sqs.receive_message(
            QueueUrl=self.queue_url,
            MaxNumberOfMessages=max(1, min(self.trigger.batch_size, 10)),
            WaitTimeSeconds=wait_seconds,
            AttributeNames=["All"],
            MessageAttributeNames=["All"],
        )
        messages = received.get("Messages", [])
        if messages:
            self.deliver(messages)
        return len(messages)

    def deliver(self, messages: list[dict[str, Any]]) -> set[str]:
        """Invoke the handler with one batch; delete what succeeded; return the failed ids."""
        ids = [message["MessageId"] for message in messages]
        event = sqs_event(messages, self.queue_arn, self.region)
        try:
            result = self.handler(event, lambdas.context(self.trigger.function))
            failed = failed_ids(result, ids, self.trigger.report_failures)
        except Exception:  # (Lambda: an error fails the whole batch)
            print(
                f"chalicelocal: {self.trigger.function.logical_id} raised; the batch will be retried",
                flush=True,
            )
            traceback.print_exc()
            failed = set(ids)
        done = [m for m in messages if m["MessageId"] not in failed]
        for start in range(0, len(done), 10):
            chunk = done[start : start + 10]
            self._sqs.delete_message_batch(
                QueueUrl=self.queue_url,
                Entries=[{"Id": str(i), "ReceiptHandle": m["ReceiptHandle"]} for i, m in enumerate(chunk)],
            )
        for message in messages:
            if message["MessageId"] in failed:
                self._retry_soon(message)
        return failed

    def _retry_soon(self, message: dict[str, Any]) -> None:
        try:
            self._sqs.change_message_visibility(
                QueueUrl=self.queue_url,
                ReceiptHandle=message["ReceiptHandle"],
                VisibilityTimeout=retry_seconds(),
            )
        except Exception:  # (the queue's own visibility timeout then applies)
            traceback.print_exc()


class ProcessWorkers:
    """One SQS-triggered function's `batches` pollers (as `QueueWorker`'s threads: the batches
    handled at a time) spread over `processes` interpreters of their own. Lambda runs each
    concurrent invocation in an execution environment of its own, where `QueueWorker`'s threads
    share one interpreter and so one core. Each process starts fresh (`spawn`) with this
    process's environment, so it talks to the same AWS endpoint and resources; `stop()` ends each
    after its current batch."""

    def __init__(
        self, trigger: SqsTrigger, queue_url: str, queue_arn: str, processes: int, batches: int
    ) -> None:
        context = multiprocessing.get_context("spawn")
        self._stop = context.Event()
        environ = dict(os.environ)
        processes = max(1, min(processes, batches))
        share, rest = divmod(batches, processes)
        self.threads = [share + (1 if n < rest else 0) for n in range(processes)]
        self._processes = [
            context.Process(
                target=_serve,
                args=(trigger, queue_url, queue_arn, threads, self._stop, environ),
                name=f"jobs-{trigger.function.logical_id}-{n}",
                daemon=True,
            )
            for n, threads in enumerate(self.threads)
        ]

    @property
    def pids(self) -> list[int]:
        return [process.pid for process in self._processes if process.pid is not None]

    def start(self) -> None:
        for process in self._processes:
            process.start()

    def stop(self) -> None:
        self._stop.set()
        for process in self._processes:
            process.join(timeout=POLL_SECONDS + 30)
            if process.is_alive():
                process.terminate()
                process.join()


def _serve(
    trigger: SqsTrigger, queue_url: str, queue_arn: str, threads: int, stop: Any, environ: dict[str, str]
) -> None:
    """A `ProcessWorkers` process: its worker's threads until `stop` is set."""
    os.environ.update(environ)
    worker = QueueWorker(trigger, queue_url, queue_arn, threads=threads)
    worker.start()
    stop.wait()
    worker.stop()


def start_workers(triggers: list[SqsTrigger], created: dict[str, Any]) -> list[QueueWorker]:
    workers = []
    arns = created.get("__queue_arns__", {})
    for trigger in triggers:
        if trigger.queue not in created:
            print(f"chalicelocal: {trigger.function.logical_id}: queue {trigger.queue} not created; skipped")
            continue
        try:
            worker = QueueWorker(
                trigger, created[trigger.queue], arns[trigger.queue], threads=concurrency(trigger)
            )
        except Exception as exc:  # (one broken handler must not stop the stack)
            print(f"chalicelocal: cannot load {trigger.function.handler}: {exc!r}; its queue is not served")
            continue
        worker.start()
        workers.append(worker)
    return workers
