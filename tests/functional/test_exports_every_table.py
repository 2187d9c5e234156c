"""Every table the SPA offers for export exports: with the table's default columns (no heads
sent), with the columns the SPA sends (frontend/src/test/export-columns.json, kept equal to the
SPA's column factories by a vitest), and with every column the exporter knows (each optional one)."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from functions.core import files
from functions.exports import jobs as export_jobs
from functions.exports import registry
from tests.functional.donations_helpers import make_donation, make_donor
from tests.functional.helpers import deliver, sign_up_charity

SPA_COLUMNS = {
    table: keys
    for table, keys in json.loads(
        (Path(__file__).parents[2] / "frontend/src/test/export-columns.json").read_text()
    ).items()
    if not table.startswith("/")
}


def _export(owner, aws, table: str, heads: list[dict[str, str]]) -> list[list[str]]:
    reply = owner.post(f"/api/exports/{table}", {"meta": {"filters": {"applied": False}}, "heads": heads})
    assert reply.status == 202, reply
    deliver(aws, "ExportsQueue", export_jobs.handler)
    job = owner.get(f"/api/jobs/{reply.json['job_id']}").json
    assert job["status"] == "done", job
    assert job["result"]["filename"].endswith(f"-{table}.csv") and job["result"]["download_url"]
    return list(csv.reader(io.StringIO(files.read(job["result"]["key"]).decode("utf-8-sig"))))


def test_the_spa_offers_exactly_the_registered_tables():
    assert set(SPA_COLUMNS) == {"donors", "donations", "users"}
    for table in SPA_COLUMNS:
        registry.exporter_for(table)  # each is registered


@pytest.mark.parametrize("table", sorted(SPA_COLUMNS))
def test_every_table_exports_with_default_spa_and_every_column(client, aws, table):
    owner = sign_up_charity(client, "Hope Trust")
    donor = make_donor(owner, first_name="Ada", last_name="Lovelace")
    make_donation(owner, donor_id=donor["id"], amount="1709.26")
    exporter = registry.exporter_for(table)
    every = [{"key": key, "label": label} for key, label in exporter.columns]
    spa = [{"key": key, "label": f"Visible {key}"} for key in SPA_COLUMNS[table]]

    default_rows = _export(owner, aws, table, [])
    assert default_rows[0] == [label for _, label in exporter.columns]
    assert len(default_rows) == 2  # one donor, one donation, one user

    spa_rows = _export(owner, aws, table, spa)
    assert spa_rows[0] == [head["label"] for head in spa]
    assert len(spa_rows) == 2

    every_rows = _export(owner, aws, table, every)  # every optional column at once
    assert every_rows[0] == [head["label"] for head in every]
    assert len(every_rows) == 2

    if table == "donors":
        named = dict(zip(spa_rows[0], spa_rows[1], strict=True))
        assert named["Visible name"] == donor["name"] and named["Visible total_given"] == "1709.26"
