"""Snapshots survive a restart of moto (its state is memory only) and a crash mid-write."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import boto3
import pytest

from chalicelocal import resources, state
from tests.functional.moto_server import moto_endpoint, reset


def _create() -> tuple[state.Stores, dict[str, Any]]:
    template = resources.load_template()
    created = resources.create_resources(prefix="almoner-snap", template=template, region="eu-west-2")
    return state.stores_from(created, template), created


def test_snapshot_then_restore_into_a_fresh_moto(tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    with moto_endpoint() as endpoint:
        stores, created = _create()
        table, bucket = created["Table"], created["FilesBucket"]
        dynamodb, s3 = boto3.client("dynamodb"), boto3.client("s3")
        item = {
            "PK": {"S": "TENANT#t1"},
            "SK": {"S": "DONOR#1"},
            "name": {"S": "Ada"},
            "amount": {"N": "12.50"},
            "blob": {"B": b"\x00\x01binary"},
            "tags": {"L": [{"S": "x"}, {"M": {"inner": {"B": b"\xff"}}}]},
        }
        dynamodb.put_item(TableName=table, Item=item)
        s3.put_object(
            Bucket=bucket, Key="exports/2026-11-22-users.csv", Body=b"a,b\n1,2\n", ContentType="text/csv"
        )
        queue_url = created["ExportsQueue"]
        boto3.client("sqs").send_message(QueueUrl=queue_url, MessageBody='{"job_id": "j1"}')

        state.write(path, state.capture(stores))

        reset(endpoint)  # a fresh moto: what the next `make run` starts from
        stores, created = _create()
        assert dynamodb.scan(TableName=table)["Items"] == []

        counts = state.restore(state.read(path) or {}, stores)

        assert counts == {"items": 1, "objects": 1, "messages": 1}
        got = dynamodb.get_item(TableName=table, Key={"PK": item["PK"], "SK": item["SK"]})["Item"]
        assert got == item
        body = s3.get_object(Bucket=bucket, Key="exports/2026-11-22-users.csv")
        assert body["Body"].read() == b"a,b\n1,2\n" and body["ContentType"] == "text/csv"
        messages = boto3.client("sqs").receive_message(QueueUrl=queue_url).get("Messages", [])
        assert [m["Body"] for m in messages] == ['{"job_id": "j1"}']


def test_a_crash_mid_write_leaves_the_previous_snapshot(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "state.json"
    state.write(path, {"format": state.FORMAT_VERSION, "tables": {"t": [{"PK": {"S": "old"}}]}})
    before = path.read_bytes()

    def dump_half_then_crash(data: Any, handle: Any, **kwargs: Any) -> None:
        handle.write(json.dumps(data)[:10])
        raise OSError("disk full")

    monkeypatch.setattr(state.json, "dump", dump_half_then_crash)
    with pytest.raises(OSError, match="disk full"):
        state.write(path, {"format": state.FORMAT_VERSION, "tables": {"t": [{"PK": {"S": "new"}}]}})

    assert path.read_bytes() == before
    assert [p.name for p in tmp_path.iterdir()] == ["state.json"]  # no temp file left behind


def test_the_snapshotter_writes_only_when_something_changed(tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    with moto_endpoint():
        stores, created = _create()
        snapshotter = state.Snapshotter(path, stores)
        assert snapshotter.save_if_changed() is True
        assert snapshotter.save_if_changed() is False
        boto3.client("dynamodb").put_item(
            TableName=created["Table"], Item={"PK": {"S": "TENANT#t"}, "SK": {"S": "X"}}
        )
        assert snapshotter.save_if_changed() is True


def test_an_unknown_format_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    path.write_text('{"format": 99}')
    with pytest.raises(ValueError, match="make reset"):
        state.read(path)
