"""Jobs in template.yaml follow ARCHITECTURE.md §5: every queue has a DLQ with a redrive policy,
a visibility timeout of at least 6x the timeout of the function it triggers, workers report
partial batch failures, and every DLQ has an alarm on its depth."""

from __future__ import annotations

from typing import Any

from tests.contract.conftest import resources_of_type


def dead_letter_queues(resources: dict[str, Any]) -> set[str]:
    queues = resources_of_type(resources, "AWS::SQS::Queue")
    return {
        q["Properties"]["RedrivePolicy"]["deadLetterTargetArn"]["Fn::GetAtt"][0]
        for q in queues.values()
        if "RedrivePolicy" in q.get("Properties", {})
    }


def sqs_events(resources: dict[str, Any]) -> list[tuple[str, dict[str, Any], dict[str, Any]]]:
    """[(function name, function properties, SQS event properties)]."""
    found = []
    for name, function in resources_of_type(resources, "AWS::Serverless::Function").items():
        for event in (function["Properties"].get("Events") or {}).values():
            if event["Type"] == "SQS":
                found.append((name, function["Properties"], event["Properties"]))
    return found


def test_every_work_queue_has_a_dead_letter_queue(resources: dict[str, Any]) -> None:
    queues = resources_of_type(resources, "AWS::SQS::Queue")
    dlqs = dead_letter_queues(resources)
    for name, queue in queues.items():
        if name in dlqs:
            continue
        redrive = queue["Properties"].get("RedrivePolicy")
        assert redrive, f"{name} has no RedrivePolicy"
        assert redrive["deadLetterTargetArn"]["Fn::GetAtt"][0] in queues
        assert 1 <= int(redrive["maxReceiveCount"]) <= 10


def test_visibility_timeout_is_at_least_six_times_the_worker_timeout(
    template: dict[str, Any], resources: dict[str, Any]
) -> None:
    default_timeout = template["Globals"]["Function"]["Timeout"]
    for name, function, event in sqs_events(resources):
        queue_name = event["Queue"]["Fn::GetAtt"][0]
        visibility = int(resources[queue_name]["Properties"]["VisibilityTimeout"])
        timeout = int(function.get("Timeout", default_timeout))
        assert visibility >= 6 * timeout, f"{queue_name}: {visibility} s < 6 x {name}'s {timeout} s"


def test_workers_report_partial_batch_failures(resources: dict[str, Any]) -> None:
    events = sqs_events(resources)
    assert events, "no worker function in template.yaml"
    for name, _, event in events:
        assert "ReportBatchItemFailures" in event.get("FunctionResponseTypes", []), name
        assert event.get("BatchSize", 10) <= 10, name


def test_no_dead_letter_queue_is_consumed_and_each_has_an_alarm(resources: dict[str, Any]) -> None:
    consumed = {event["Queue"]["Fn::GetAtt"][0] for _, _, event in sqs_events(resources)}
    alarms = resources_of_type(resources, "AWS::CloudWatch::Alarm").values()
    watched = {
        dimension["Value"]["Fn::GetAtt"][0]
        for alarm in alarms
        if alarm["Properties"]["MetricName"] == "ApproximateNumberOfMessagesVisible"
        for dimension in alarm["Properties"]["Dimensions"]
    }
    for dlq in dead_letter_queues(resources):
        assert dlq not in consumed, f"{dlq} is a DLQ: redrive it by hand, do not consume it"
        assert dlq in watched, f"{dlq} has no depth alarm"


def test_jobs_know_when_a_delivery_is_the_last(template: dict[str, Any], resources: dict[str, Any]) -> None:
    """Workers mark a job failed on its last delivery (JOBS_MAX_RECEIVE_COUNT): that number must
    be every work queue's maxReceiveCount."""
    configured = int(template["Globals"]["Function"]["Environment"]["Variables"]["JOBS_MAX_RECEIVE_COUNT"])
    queues = resources_of_type(resources, "AWS::SQS::Queue")
    counts = {
        name: int(queue["Properties"]["RedrivePolicy"]["maxReceiveCount"])
        for name, queue in queues.items()
        if "RedrivePolicy" in queue.get("Properties", {})
    }
    assert counts and set(counts.values()) == {configured}, counts
