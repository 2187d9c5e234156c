"""The webhooks queue (functions/core/jobs.py recipe): each message {tenant_id, provider, event_id}
applies one stored event through `processing.apply` and records its `Outcome`.

- Idempotent on the event: an event no longer "received" or "failed" is skipped (a repeat
  delivery's message, a redelivery), and a worker claims the event by adding to `attempts` on
  the condition that nobody else did since it read it, so ten messages for one event apply it once.
- Unknown types come back "ignored" from processing.
- An exception: the event shows "failed" with the error's type and text (cut to 300 characters;
  processing never puts secrets in its errors) and the message is reported failed, so SQS retries
  it; after the queue's maxReceiveCount (5) it goes to the DLQ, with the event still "failed".
- Backoff: on failure the message's visibility timeout is set to 30 s x 2^(receive count - 1)
  (30 s, 60 s, 120 s, 240 s; ChangeMessageVisibility on the record's receipt handle, as Lambda's
  partial batch failures leave the message in flight until its visibility timeout ends). The
  local job runner makes a failed record visible again after ALMONER_LOCAL_RETRY_SECONDS instead.
"""

from __future__ import annotations

import json
from typing import Any

from pynamodb.exceptions import UpdateError

from functions.core import aws, config
from functions.core.errors import NotFound
from functions.core.observability import logger
from functions.webhooks import messages as _messages  # noqa: F401 (registers the messages)
from functions.webhooks import processing, repository
from functions.webhooks.models import WebhookEvent

RETRYABLE = ("received", "failed")
BACKOFF_SECONDS = 30
MAX_BACKOFF_SECONDS = 900


def _claim(event: WebhookEvent) -> bool:
    """attempts + 1 unless another worker claimed the event since it was read."""
    attempts = int(event.attempts or 0)
    try:
        event.update(
            actions=[WebhookEvent.attempts.set(attempts + 1)],
            condition=(WebhookEvent.attempts == attempts) & WebhookEvent.status.is_in(*RETRYABLE),
        )
    except UpdateError as exc:
        if getattr(exc, "cause_response_code", None) == "ConditionalCheckFailedException":
            return False
        raise
    return True


def record(event: WebhookEvent, outcome: processing.Outcome) -> None:
    actions: list[Any] = [
        WebhookEvent.status.set(outcome.status),
        WebhookEvent.result.set(outcome.result[:300]),
        WebhookEvent.error.remove(),
    ]
    if outcome.donation_id:
        actions.append(WebhookEvent.donation_id.set(outcome.donation_id))
    if outcome.business_key:
        actions.append(WebhookEvent.business_key.set(outcome.business_key))
    repository.update(event, actions)


def error_text(error: Exception) -> str:
    return f"{type(error).__name__}: {error}"[:300]


def apply(event: WebhookEvent) -> processing.Outcome:
    return processing.apply(event, repository.payload(event))


def handle(message: dict[str, Any]) -> None:
    tenant_id, provider, event_id = message.get("tenant_id"), message.get("provider"), message.get("event_id")
    if not (isinstance(tenant_id, str) and isinstance(provider, str) and isinstance(event_id, str)):
        logger.warning("webhook message without an event; dropped")
        return
    try:
        event = repository.get(tenant_id, provider, event_id)
    except NotFound:
        logger.warning("webhook message for an event not stored; dropped")
        return
    if event.status not in RETRYABLE or not _claim(event):
        return
    try:
        outcome = apply(event)
    except Exception as error:
        repository.update(
            event, [WebhookEvent.status.set("failed"), WebhookEvent.error.set(error_text(error))]
        )
        raise
    record(event, outcome)


def _backoff(record_: Any) -> None:
    """A longer wait before each retry (see the module's docstring)."""
    if config.is_local():
        return
    count = int(record_.attributes.approximate_receive_count)
    seconds = min(BACKOFF_SECONDS * 2 ** max(count - 1, 0), MAX_BACKOFF_SECONDS)
    queue_url = config.queue_url("webhooks")
    try:
        aws.client("sqs").change_message_visibility(
            QueueUrl=queue_url, ReceiptHandle=record_.receipt_handle, VisibilityTimeout=seconds
        )
    except Exception:  # noqa: BLE001 (the queue's own visibility timeout then applies)
        logger.exception("backoff not set")


def _handler() -> Any:
    from aws_lambda_powertools.utilities.batch import BatchProcessor, EventType, process_partial_response

    def record_handler(record: Any) -> None:
        message = json.loads(record.body)
        logger.append_keys(tenant_id=message.get("tenant_id"), event_id=message.get("event_id"))
        try:
            handle(message)
        except Exception:
            if int(record.attributes.approximate_receive_count) >= config.max_receive_count():
                logger.exception("webhook event failed for the last time; its message goes to the DLQ")
            else:
                _backoff(record)
            raise

    def handler(event: dict[str, Any], context: Any) -> Any:
        processor = BatchProcessor(event_type=EventType.SQS)
        return process_partial_response(
            event=event, record_handler=record_handler, processor=processor, context=context
        )

    return handler


handler = _handler()
