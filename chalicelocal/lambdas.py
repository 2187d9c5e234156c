"""The functions of `template.yaml` that are not API routes: SQS-triggered job handlers and
schedule handlers. The template is the only list, as for the data resources, so a worker added to
the template runs locally without touching `chalicelocal`."""

from __future__ import annotations

import importlib
import json
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from chalice.local import LambdaContext

Handler = Callable[[dict[str, Any], Any], Any]


@dataclass(frozen=True)
class Function:
    logical_id: str
    handler: str
    timeout: int
    memory: int


@dataclass(frozen=True)
class SqsTrigger:
    function: Function
    queue: str  # logical id of the queue
    batch_size: int
    report_failures: bool
    max_concurrency: int | None = None  # ScalingConfig.MaximumConcurrency: batches at a time


@dataclass(frozen=True)
class ScheduleTrigger:
    function: Function
    name: str
    expression: str
    input: dict[str, Any] | None = field(default=None)


def _functions(template: dict[str, Any]) -> list[tuple[Function, dict[str, Any]]]:
    defaults = template.get("Globals", {}).get("Function", {})
    found = []
    for logical_id, resource in template.get("Resources", {}).items():
        if resource.get("Type") != "AWS::Serverless::Function":
            continue
        props = resource.get("Properties", {})
        function = Function(
            logical_id=logical_id,
            handler=str(props.get("Handler", "")),
            timeout=int(props.get("Timeout", defaults.get("Timeout", 3))),
            memory=int(props.get("MemorySize", defaults.get("MemorySize", 128))),
        )
        found.append((function, props.get("Events") or {}))
    return found


def sqs_triggers(template: dict[str, Any]) -> list[SqsTrigger]:
    triggers = []
    for function, events in _functions(template):
        for event in events.values():
            if event.get("Type") != "SQS":
                continue
            props = event.get("Properties", {})
            queue = props["Queue"]
            logical = queue["Fn::GetAtt"][0] if isinstance(queue, dict) and "Fn::GetAtt" in queue else None
            if logical is None:
                raise ValueError(f"{function.logical_id}: SQS Queue must be !GetAtt <Queue>.Arn")
            triggers.append(
                SqsTrigger(
                    function=function,
                    queue=logical,
                    batch_size=int(props.get("BatchSize", 10)),
                    report_failures="ReportBatchItemFailures" in props.get("FunctionResponseTypes", []),
                    max_concurrency=(
                        int(props["ScalingConfig"]["MaximumConcurrency"])
                        if "MaximumConcurrency" in (props.get("ScalingConfig") or {})
                        else None
                    ),
                )
            )
    return triggers


def schedule_triggers(template: dict[str, Any]) -> list[ScheduleTrigger]:
    triggers = []
    for function, events in _functions(template):
        for name, event in events.items():
            if event.get("Type") not in ("Schedule", "ScheduleV2"):
                continue
            props = event.get("Properties", {})
            if props.get("Enabled") is False or props.get("State") == "DISABLED":
                continue
            expression = props.get("Schedule") or props.get("ScheduleExpression")
            raw_input = props.get("Input")
            triggers.append(
                ScheduleTrigger(
                    function=function,
                    name=f"{function.logical_id}-{name}",
                    expression=str(expression),
                    input=json.loads(raw_input) if isinstance(raw_input, str) else None,
                )
            )
    return triggers


def load_handler(handler: str) -> Handler:
    """Import `package.module.attr` the way the Lambda runtime does. Call only after the
    environment is set: modules read it at import time."""
    module_name, _, attr = handler.rpartition(".")
    if not module_name:
        raise ValueError(f"handler {handler!r} is not module.attr")
    return getattr(importlib.import_module(module_name), attr)  # type: ignore[no-any-return]


def context(function: Function) -> LambdaContext:
    """A fresh Lambda context per invocation (request id, remaining time from the timeout)."""
    ctx = LambdaContext(function.logical_id, function.memory, max_runtime_ms=function.timeout * 1000)
    ctx.aws_request_id = str(uuid.uuid4())
    return ctx
