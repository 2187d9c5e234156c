"""Persistence of the embedded AWS across restarts: moto keeps everything in memory, so the table
items, the files bucket's objects and the messages waiting in queues are snapshotted to one JSON
file and put back on the next start.

Dev tool only: capturing Scans the table (request paths never Scan). The file is replaced
atomically (temp file in the same folder, fsync, os.replace), so a crash or a kill mid-write
leaves the previous snapshot intact. See docs/decisions/0002-local-stack.md for the format.
"""

from __future__ import annotations

import base64
import contextlib
import hashlib
import json
import os
import tempfile
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import boto3

FORMAT_VERSION = 1
FILE_NAME = "state.json"


@dataclass(frozen=True)
class Stores:
    """What is persisted: physical table and bucket names, queue name -> URL."""

    tables: list[str]
    buckets: list[str]
    queues: dict[str, str] = field(default_factory=dict)


def stores_from(created: dict[str, Any], template: dict[str, Any]) -> Stores:
    tables, buckets, queues = [], [], {}
    for logical_id, resource in template["Resources"].items():
        kind = resource.get("Type")
        if logical_id not in created:
            continue
        if kind == "AWS::DynamoDB::Table":
            tables.append(created[logical_id])
        elif kind == "AWS::S3::Bucket":
            buckets.append(created[logical_id])
        elif kind == "AWS::SQS::Queue":
            url = created[logical_id]
            queues[url.rsplit("/", 1)[-1]] = url
    return Stores(tables, buckets, queues)


# ---------------------------------------------------------------- capture


def capture(stores: Stores) -> dict[str, Any]:
    """The current content of every store as JSON-ready data."""
    return {
        "format": FORMAT_VERSION,
        "tables": {name: _scan(name) for name in stores.tables},
        "buckets": {name: _objects(name) for name in stores.buckets},
        "queues": {name: _queued_bodies(name) for name in stores.queues},
    }


def _scan(table: str) -> list[dict[str, Any]]:
    pages = boto3.client("dynamodb").get_paginator("scan").paginate(TableName=table, ConsistentRead=True)
    items = [_encode(item) for page in pages for item in page.get("Items", [])]
    return sorted(items, key=lambda item: json.dumps(item, sort_keys=True))


def _objects(bucket: str) -> list[dict[str, str]]:
    s3 = boto3.client("s3")
    objects = []
    for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket):
        for entry in page.get("Contents", []):
            got = s3.get_object(Bucket=bucket, Key=entry["Key"])
            objects.append(
                {
                    "key": entry["Key"],
                    "content_type": got.get("ContentType", "binary/octet-stream"),
                    "data": base64.b64encode(got["Body"].read()).decode("ascii"),
                }
            )
    return objects


def _queued_bodies(queue_name: str) -> list[str]:
    """Bodies of the messages still in a queue (visible or in flight). SQS has no way to peek
    without receiving, so this reads moto's in-process backend; when moto is not in this process
    (LocalStack, real AWS) nothing is captured and the queues keep their own state."""
    try:
        from moto.core import DEFAULT_ACCOUNT_ID
        from moto.sqs.models import sqs_backends

        region = os.environ.get("AWS_DEFAULT_REGION", "eu-west-2")
        queue = sqs_backends[DEFAULT_ACCOUNT_ID][region].queues.get(queue_name)
        if queue is None:
            return []
        return [message.body for message in list(queue._messages)]
    except Exception:  # (moto internals: persistence of queues is best effort)
        return []


def _encode(value: Any) -> Any:
    """DynamoDB JSON with binary values as base64 (JSON has no bytes)."""
    if isinstance(value, dict):
        if set(value) == {"B"}:
            return {"B": base64.b64encode(value["B"]).decode("ascii")}
        if set(value) == {"BS"}:
            return {"BS": [base64.b64encode(v).decode("ascii") for v in value["BS"]]}
        return {key: _encode(inner) for key, inner in value.items()}
    if isinstance(value, list):
        return [_encode(inner) for inner in value]
    return value


def _decode(value: Any) -> Any:
    if isinstance(value, dict):
        if set(value) == {"B"} and isinstance(value["B"], str):
            return {"B": base64.b64decode(value["B"])}
        if set(value) == {"BS"}:
            return {"BS": [base64.b64decode(v) for v in value["BS"]]}
        return {key: _decode(inner) for key, inner in value.items()}
    if isinstance(value, list):
        return [_decode(inner) for inner in value]
    return value


# ---------------------------------------------------------------- file


def write(path: Path, data: dict[str, Any]) -> None:
    """Replace `path` atomically: the old file stays whole until the new one is fully on disk."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            json.dump(data, handle, separators=(",", ":"))
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(temp)
        raise
    with contextlib.suppress(OSError):  # make the rename itself durable (not possible everywhere)
        directory = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(directory)
        finally:
            os.close(directory)


def read(path: Path) -> dict[str, Any] | None:
    if not path.exists():
        return None
    with open(path, encoding="utf-8") as handle:
        data: dict[str, Any] = json.load(handle)
    if data.get("format") != FORMAT_VERSION:
        raise ValueError(f"{path}: unknown snapshot format {data.get('format')!r}; run `make reset`")
    return data


# ---------------------------------------------------------------- restore


def restore(data: dict[str, Any], stores: Stores) -> dict[str, int]:
    """Put a snapshot back into freshly created stores; return counts restored."""
    counts = {"items": 0, "objects": 0, "messages": 0}
    dynamodb, s3, sqs = boto3.client("dynamodb"), boto3.client("s3"), boto3.client("sqs")
    for table, items in data.get("tables", {}).items():
        if table in stores.tables:
            counts["items"] += _batch_write(dynamodb, table, [_decode(item) for item in items])
    for bucket, objects in data.get("buckets", {}).items():
        if bucket not in stores.buckets:
            continue
        for entry in objects:
            s3.put_object(
                Bucket=bucket,
                Key=entry["key"],
                Body=base64.b64decode(entry["data"]),
                ContentType=entry.get("content_type", "binary/octet-stream"),
            )
            counts["objects"] += 1
    for queue, bodies in data.get("queues", {}).items():
        url = stores.queues.get(queue)
        for body in bodies if url else []:
            sqs.send_message(QueueUrl=url, MessageBody=body)
            counts["messages"] += 1
    return counts


def _batch_write(dynamodb: Any, table: str, items: list[dict[str, Any]]) -> int:
    for start in range(0, len(items), 25):
        requests = {table: [{"PutRequest": {"Item": item}} for item in items[start : start + 25]]}
        while requests:
            requests = dynamodb.batch_write_item(RequestItems=requests).get("UnprocessedItems") or {}
    return len(items)


# ---------------------------------------------------------------- periodic saving


class Snapshotter:
    """Saves a snapshot every `interval` seconds when the content changed, and on `stop()`."""

    what = "snapshot"  # in the message of a failed save

    def __init__(self, path: Path, stores: Stores | None, interval: float = 30.0) -> None:
        self.path, self.stores, self.interval = path, stores, interval
        self._digest: str | None = None
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="snapshotter", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def capture(self) -> dict[str, Any]:
        """What is saved (a subclass may save something else the same way)."""
        assert self.stores is not None  # noqa: S101
        return capture(self.stores)

    def save_if_changed(self) -> bool:
        with self._lock:
            data = self.capture()
            digest = hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()
            if digest == self._digest:
                return False
            write(self.path, data)
            self._digest = digest
            return True

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()
        self.save_if_changed()

    def _run(self) -> None:
        while not self._stop.wait(self.interval):
            try:
                self.save_if_changed()
            except Exception as exc:  # (keep serving; the next tick retries)
                print(f"chalicelocal: {self.what} failed: {exc}", flush=True)
