"""Schedule expressions of the template are understood, and functions are found in it."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from chalicelocal import lambdas, scheduler

NOON = dt.datetime(2026, 11, 22, 12, 0, 30, tzinfo=dt.UTC)


@pytest.mark.parametrize(
    ("expression", "expected"),
    [
        ("rate(1 minute)", NOON + dt.timedelta(minutes=1)),
        ("rate(5 minutes)", NOON + dt.timedelta(minutes=5)),
        ("rate(1 hour)", NOON + dt.timedelta(hours=1)),
        ("rate(2 hours)", NOON + dt.timedelta(hours=2)),
        ("rate(1 day)", NOON + dt.timedelta(days=1)),
        ("rate(7 days)", NOON + dt.timedelta(days=7)),
        ("cron(0 3 * * ? *)", dt.datetime(2026, 11, 23, 3, 0, tzinfo=dt.UTC)),
        ("cron(*/15 * * * ? *)", dt.datetime(2026, 11, 22, 12, 15, tzinfo=dt.UTC)),
        ("cron(30 9,17 ? * MON-FRI *)", dt.datetime(2026, 11, 22, 17, 30, tzinfo=dt.UTC)),
        ("cron(0 10-11 * * ? *)", dt.datetime(2026, 11, 23, 10, 0, tzinfo=dt.UTC)),
    ],
)
def test_next_run(expression: str, expected: dt.datetime) -> None:
    assert scheduler.parse(expression)(NOON) == expected


@pytest.mark.parametrize(
    "expression", ["rate(0 minutes)", "rate(1 week)", "cron(0 3 * *)", "cron(61 3 * * ? *)", "at(x)"]
)
def test_bad_expressions_are_refused(expression: str) -> None:
    with pytest.raises(ValueError):
        scheduler.parse(expression)


TEMPLATE: dict[str, Any] = {
    "Globals": {"Function": {"Timeout": 20, "MemorySize": 512}},
    "Resources": {
        "ExportsQueue": {"Type": "AWS::SQS::Queue"},
        "ExportsWorker": {
            "Type": "AWS::Serverless::Function",
            "Properties": {
                "Handler": "functions.exports.jobs.handler",
                "Timeout": 900,
                "Events": {
                    "Jobs": {
                        "Type": "SQS",
                        "Properties": {
                            "Queue": {"Fn::GetAtt": ["ExportsQueue", "Arn"]},
                            "BatchSize": 5,
                            "FunctionResponseTypes": ["ReportBatchItemFailures"],
                        },
                    }
                },
            },
        },
        "Reminders": {
            "Type": "AWS::Serverless::Function",
            "Properties": {
                "Handler": "functions.giftaid.schedules.reminders",
                "Events": {"Daily": {"Type": "Schedule", "Properties": {"Schedule": "rate(1 day)"}}},
            },
        },
        "DonorsApi": {
            "Type": "AWS::Serverless::Function",
            "Properties": {"Handler": "functions.donors.handler.app", "Events": {"Get": {"Type": "Api"}}},
        },
    },
}


def test_triggers_are_read_from_the_template() -> None:
    [sqs] = lambdas.sqs_triggers(TEMPLATE)
    assert (sqs.function.logical_id, sqs.queue, sqs.batch_size, sqs.report_failures) == (
        "ExportsWorker",
        "ExportsQueue",
        5,
        True,
    )
    assert sqs.function.timeout == 900 and sqs.function.memory == 512
    assert sqs.max_concurrency is None


def test_the_local_worker_takes_as_many_batches_at_a_time_as_lambda_would(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from chalicelocal import resources, runner

    triggers = {t.queue: t for t in lambdas.sqs_triggers(resources.load_template())}
    monkeypatch.delenv("ALMONER_LOCAL_CONCURRENCY", raising=False)
    assert triggers["WebhooksQueue"].max_concurrency == 2
    assert runner.concurrency(triggers["WebhooksQueue"]) == 2  # ScalingConfig.MaximumConcurrency
    assert runner.concurrency(triggers["ExportsQueue"]) == runner.DEFAULT_CONCURRENCY
    monkeypatch.setenv("ALMONER_LOCAL_CONCURRENCY", "1")
    assert runner.concurrency(triggers["WebhooksQueue"]) == 1
    [schedule] = lambdas.schedule_triggers(TEMPLATE)
    assert (schedule.name, schedule.expression, schedule.function.timeout) == (
        "Reminders-Daily",
        "rate(1 day)",
        20,
    )


def test_scheduled_event_has_eventbridge_shape() -> None:
    [trigger] = lambdas.schedule_triggers(TEMPLATE)
    event = scheduler.scheduled_event(trigger, NOON, "eu-west-2")
    assert event["detail-type"] == "Scheduled Event" and event["source"] == "aws.events"
    assert event["time"] == "2026-11-22T12:00:30Z"
    assert event["resources"] == ["arn:aws:events:eu-west-2:123456789012:rule/Reminders-Daily"]


def test_the_scheduler_fires_the_handler() -> None:
    [trigger] = lambdas.schedule_triggers(TEMPLATE)
    calls: list[tuple[dict[str, Any], Any]] = []
    runner = scheduler.Scheduler([trigger], handlers={trigger.name: lambda e, c: calls.append((e, c))})
    assert runner.names == ["Reminders-Daily"]
    runner.fire(trigger, runner._entries[0][2], NOON)
    event, context = calls[0]
    assert event["source"] == "aws.events" and context.function_name == "Reminders"
