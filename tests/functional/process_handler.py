"""A job handler for the job runner's process test: answers each record on the queue named by
ALMONER_TEST_ECHO_QUEUE with its body and the process that handled it."""

from __future__ import annotations

import json
import os
from typing import Any

import boto3


def handler(event: dict[str, Any], context: Any) -> dict[str, Any]:
    sqs = boto3.client("sqs")
    for record in event["Records"]:
        answer = {"body": record["body"], "pid": os.getpid()}
        sqs.send_message(QueueUrl=os.environ["ALMONER_TEST_ECHO_QUEUE"], MessageBody=json.dumps(answer))
    return {"batchItemFailures": []}
