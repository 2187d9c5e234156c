"""Stored events are processed once however often they arrive, failures are retried then parked in
the DLQ, and the webhook-calls screen lists, shows, replays, fetches missed events and sends test
events, each charity seeing only its own (ADR 0022)."""

from __future__ import annotations

import json
import threading
from types import SimpleNamespace
from typing import Any

import boto3
import pytest
from aws_lambda_powertools.utilities.batch.exceptions import BatchProcessingError

from chalicelocal import moto_speedups
from functions.core import audit
from functions.webhooks import jobs, processing, repository, service
from functions.webhooks.processing import Outcome
from tests.functional.helpers import lambda_event, receive, sign_up_charity
from tests.functional.webhooks_helpers import (
    SECRET,
    connect_stripe,
    deliver,
    stripe_body,
    stripe_event,
    stripe_headers,
)


@pytest.fixture
def charity(client: Any) -> Any:
    owner = sign_up_charity(client, "Hope Trust")
    connect_stripe(owner.tenant_id)
    return owner


def _send(client: Any, tenant_id: str, event_id: str, kind: str = "payment_intent.succeeded") -> None:
    raw = stripe_body(stripe_event(event_id, kind))
    reply = deliver(client, "stripe", tenant_id, raw, stripe_headers(raw))
    assert reply.status == 200, reply


class Recorder:
    """processing.apply stand-in: counts calls, answers `outcome` or raises `error`."""

    def __init__(self, outcome: Outcome | None = None, error: Exception | None = None) -> None:
        self.calls: list[tuple[str, dict[str, Any]]] = []
        self.outcome = outcome or Outcome(
            "processed", "donation created", donation_id="d1", business_key="pi_1"
        )
        self.error = error
        self.lock = threading.Lock()

    def __call__(self, event: Any, payload: dict[str, Any]) -> Outcome:
        with self.lock:
            self.calls.append((event.event_id, payload))
        if self.error is not None:
            raise self.error
        return self.outcome


def _run_queue(aws: dict) -> Any:
    """The waiting messages to the worker, deleted once handled (as Lambda does on success)."""
    messages = receive(aws, "WebhooksQueue")
    answer = jobs.handler(lambda_event(messages), None)
    sqs = boto3.client("sqs", region_name="eu-west-2")
    for message in messages:
        sqs.delete_message(QueueUrl=aws["WebhooksQueue"], ReceiptHandle=message["ReceiptHandle"])
    return answer


def test_ten_concurrent_deliveries_of_one_event_store_it_once_and_apply_it_once(
    client, aws, charity, monkeypatch
):
    # DynamoDB applies each request atomically (a conditional put against a concurrent one);
    # moto in-process does only with the local stack's lock, installed by moto_speedups
    moto_speedups.apply()
    recorder = Recorder()
    monkeypatch.setattr(processing, "apply", recorder)
    raw = stripe_body(stripe_event("evt_dup"))
    headers = stripe_headers(raw)
    answers: list[int] = []
    start = threading.Barrier(10)

    def send() -> None:
        start.wait()
        answers.append(deliver(client, "stripe", charity.tenant_id, raw, headers).status)

    threads = [threading.Thread(target=send) for _ in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert answers == [200] * 10
    event = repository.get(charity.tenant_id, "stripe", "evt_dup")
    assert event.deliveries == 10
    # WHEN every queued message (one per delivery that found it still "received") is processed
    assert _run_queue(aws) == {"batchItemFailures": []}
    # THEN processing ran once, and the event shows its outcome
    assert [call[0] for call in recorder.calls] == ["evt_dup"]
    assert recorder.calls[0][1]["id"] == "evt_dup"
    shown = charity.get("/api/webhook-calls/stripe/evt_dup").json
    assert (
        shown["status"],
        shown["result"],
        shown["donation_id"],
        shown["attempts"],
        shown["deliveries"],
    ) == (
        "processed",
        "donation created",
        "d1",
        1,
        10,
    )
    # a later delivery of the processed event is counted and not queued again
    deliver(client, "stripe", charity.tenant_id, raw, headers)
    assert receive(aws, "WebhooksQueue") == []
    assert repository.get(charity.tenant_id, "stripe", "evt_dup").deliveries == 11


def test_unknown_types_are_ignored_by_processing(client, aws, charity):
    _send(client, charity.tenant_id, "evt_unknown", "customer.created")
    _run_queue(aws)
    shown = charity.get("/api/webhook-calls/stripe/evt_unknown").json
    assert shown["status"] == "ignored" and "customer.created" in shown["result"]


def test_a_failing_event_is_retried_then_parked_in_the_dlq_and_replayed_once_fixed(
    client, aws, charity, monkeypatch
):
    monkeypatch.setattr(processing, "apply", Recorder(error=RuntimeError("the donor table is unavailable")))
    _send(client, charity.tenant_id, "evt_fail")
    sqs = boto3.client("sqs", region_name="eu-west-2")
    deliveries = 0
    while True:
        messages = sqs.receive_message(
            QueueUrl=aws["WebhooksQueue"], MaxNumberOfMessages=10, VisibilityTimeout=0
        ).get("Messages", [])
        if not messages:
            break
        deliveries += 1
        event = lambda_event(messages)
        event["Records"][0]["attributes"]["ApproximateReceiveCount"] = str(deliveries)
        with pytest.raises(BatchProcessingError):
            jobs.handler(event, None)
        shown = charity.get("/api/webhook-calls/stripe/evt_fail").json
        assert shown["status"] == "failed"
        assert shown["error"] == "RuntimeError: the donor table is unavailable"
        assert deliveries <= 5
    # THEN after maxReceiveCount (5) deliveries the message is in the DLQ
    assert deliveries == 5
    parked = sqs.receive_message(QueueUrl=aws["WebhooksDLQ"], MaxNumberOfMessages=10)["Messages"]
    assert [json.loads(m["Body"])["event_id"] for m in parked] == ["evt_fail"]
    assert charity.get("/api/webhook-calls/stripe/evt_fail").json["attempts"] == 5
    listed = charity.get('/api/webhook-calls?filters={"status":"failed"}').json["data"]
    assert [row["event_id"] for row in listed] == ["evt_fail"]
    # WHEN the cause is fixed and a person replays it
    monkeypatch.setattr(processing, "apply", Recorder())
    reply = charity.post("/api/webhook-calls/stripe/evt_fail/replay")
    assert reply.status == 200 and reply.json == {"status": "processed", "result": "donation created"}
    shown = charity.get("/api/webhook-calls/stripe/evt_fail").json
    assert (shown["status"], shown["error"], shown["donation_id"]) == ("processed", None, "d1")
    assert [(r["by_name"], r["result"]) for r in shown["replays"]] == [("Olive Owner", "donation created")]
    actions = [(e.action, e.details.as_dict()) for e in audit.recent(charity.tenant_id)]
    assert (
        "webhook.replayed",
        {"provider": "stripe", "event_id": "evt_fail", "result": "donation created"},
    ) in actions


def test_a_replay_of_an_applied_event_reports_what_processing_says(client, aws, charity, monkeypatch):
    monkeypatch.setattr(processing, "apply", Recorder())
    _send(client, charity.tenant_id, "evt_again")
    _run_queue(aws)
    monkeypatch.setattr(processing, "apply", Recorder(Outcome("processed", "no change", business_key="pi_1")))
    reply = charity.post("/api/webhook-calls/stripe/evt_again/replay")
    assert reply.json == {"status": "processed", "result": "no change"}
    shown = charity.get("/api/webhook-calls/stripe/evt_again").json
    assert shown["donation_id"] == "d1" and shown["attempts"] == 2


def test_the_list_is_newest_first_filtered_and_paged(client, aws, charity):
    for number in range(3):
        _send(
            client,
            charity.tenant_id,
            f"evt_{number}",
            "charge.refunded" if number == 1 else "payment_intent.succeeded",
        )
    rows = charity.get("/api/webhook-calls").json["data"]
    assert {row["event_id"] for row in rows} == {"evt_0", "evt_1", "evt_2"}
    assert [row["first_received_at"] for row in rows] == sorted(
        (row["first_received_at"] for row in rows), reverse=True
    )
    assert set(rows[0]) == {
        "provider", "event_id", "type", "mode", "status", "deliveries", "attempts", "first_received_at",
        "last_received_at", "donation_id", "result", "error", "test_event",
    }  # fmt: skip
    typed = charity.get('/api/webhook-calls?filters={"type":"charge.refunded"}').json["data"]
    assert [row["event_id"] for row in typed] == ["evt_1"]
    assert [r["event_id"] for r in charity.get("/api/webhook-calls?type=charge.refunded").json["data"]] == [
        "evt_1"
    ]
    assert charity.get('/api/webhook-calls?filters={"provider":"paypal"}').json["data"] == []
    bad = charity.get('/api/webhook-calls?filters={"status":"lost"}')
    assert bad.status == 422 and "filters.status" in bad.json["errors"]
    backwards = charity.get('/api/webhook-calls?filters={"from":"2026-05-02","to":"2026-05-01"}')
    assert backwards.status == 422 and "filters.to" in backwards.json["errors"]


def test_another_charity_cannot_list_read_or_replay_the_calls(client, aws, charity):
    _send(client, charity.tenant_id, "evt_private")
    other = sign_up_charity(client, "Other Trust")
    connect_stripe(other.tenant_id, ("whsec_other",))
    raw = stripe_body(stripe_event("evt_theirs"))
    assert deliver(client, "stripe", other.tenant_id, raw, stripe_headers(raw, "whsec_other")).status == 200
    assert [row["event_id"] for row in other.get("/api/webhook-calls").json["data"]] == ["evt_theirs"]
    assert [row["event_id"] for row in charity.get("/api/webhook-calls").json["data"]] == ["evt_private"]
    assert other.get("/api/webhook-calls/stripe/evt_private").status == 404
    assert other.post("/api/webhook-calls/stripe/evt_private/replay").status == 404
    assert other.get("/api/webhook-calls/nosuch/evt_private").status == 404


def test_the_detail_shows_headers_redacted_the_raw_body_and_the_verification(client, charity):
    raw = stripe_body(stripe_event("evt_detail"))
    deliver(client, "stripe", charity.tenant_id, raw, stripe_headers(raw))
    shown = charity.get("/api/webhook-calls/stripe/evt_detail").json
    assert shown["body"] == raw.decode()
    assert shown["verification"] == {
        "method": "Stripe-Signature (HMAC-SHA256)",
        "result": "verified",
        "secret": "current",
    }
    assert shown["headers"]["stripe-signature"].endswith("v1=…")
    assert SECRET not in json.dumps(shown)


def test_a_stripe_test_event_is_signed_verified_and_marked_as_a_test(client, aws, charity):
    reply = charity.post("/api/webhook-calls/test-event", {"provider": "stripe"})
    assert reply.status == 200, reply
    answer = reply.json
    assert answer["event_id"].startswith("evt_test_")
    assert (answer["status"], answer["result"]) == ("processed", "test event received and verified")
    shown = charity.get(f"/api/webhook-calls/stripe/{answer['event_id']}").json
    assert shown["test_event"] is True and shown["verification"]["secret"] == "current"
    # AND it made no donation and no payment
    assert shown["donation_id"] is None
    assert charity.get("/api/billings/payments").json["data"] == []
    assert shown["type"] == "checkout.session.completed"
    assert (
        charity.post("/api/webhook-calls/test-event", {"provider": "paypal"}).status == 422
    )  # not connected
    assert charity.post("/api/webhook-calls/test-event", {"provider": "square"}).status == 422


def test_fetch_missed_stores_only_the_events_not_yet_stored(client, aws, charity, monkeypatch):
    _send(client, charity.tenant_id, "evt_seen")
    _run_queue(aws)  # the delivery's own message, processed
    pages = [
        [stripe_event("evt_seen"), stripe_event("evt_missed_1")],
        [stripe_event("evt_missed_2", "charge.refunded")],
    ]
    asked: list[dict[str, Any]] = []

    class Events:
        def list(self, params: dict[str, Any]) -> Any:
            asked.append(params)
            page = pages[len(asked) - 1]
            data = [SimpleNamespace(id=item["id"], to_dict=lambda item=item: item) for item in page]
            return SimpleNamespace(data=data, has_more=len(asked) < len(pages))

    monkeypatch.setattr(
        service,
        "_stripe_client",
        lambda account, tenant: SimpleNamespace(v1=SimpleNamespace(events=Events())),
    )
    reply = charity.post("/api/webhook-calls/fetch-missed", {"provider": "stripe"})
    assert reply.status == 200 and reply.json == {"fetched": 3, "new": 2}
    assert asked[1]["starting_after"] == "evt_missed_1" and asked[0]["created"]["gte"] > 0
    queued = sorted(json.loads(m["Body"])["event_id"] for m in receive(aws, "WebhooksQueue"))
    assert queued == ["evt_missed_1", "evt_missed_2"]
    shown = charity.get("/api/webhook-calls/stripe/evt_missed_2").json
    assert shown["verification"]["method"] == "fetched from Stripe's API"
    assert repository.get(charity.tenant_id, "stripe", "evt_seen").deliveries == 1
    assert charity.post("/api/webhook-calls/fetch-missed", {"provider": "paypal"}).status == 422
