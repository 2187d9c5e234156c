"""CSV exports of the donors and donations tables: the job writes the filtered rows, escaped."""

from __future__ import annotations

import csv
import io

from functions.core import files
from functions.exports import jobs as export_jobs
from tests.functional.donations_helpers import make_donation, make_donor
from tests.functional.helpers import deliver, sign_up_charity


def _export(owner, aws, table, meta, heads):
    reply = owner.post(f"/api/exports/{table}", {"meta": meta, "heads": heads})
    assert reply.status == 202, reply
    deliver(aws, "ExportsQueue", export_jobs.handler)
    job = owner.get(f"/api/jobs/{reply.json['job_id']}").json
    assert job["status"] == "done", job
    assert job["result"]["filename"].endswith(f"-{table}.csv")
    return list(csv.reader(io.StringIO(files.read(job["result"]["key"]).decode("utf-8-sig"))))


def test_the_donations_export_follows_the_filters_and_escapes_formulas(client, aws):
    owner = sign_up_charity(client, "Hope Trust")
    other = sign_up_charity(client, "Other Trust")
    make_donation(other, amount="999.00", payment_method="card")
    donor = make_donor(owner, first_name="=cmd|'/c calc'!A1")
    make_donation(owner, donor_id=donor["id"], amount="12.50", payment_method="card", notes="+SUM(A1)")
    make_donation(owner, amount="7.00", payment_method="cash")
    rows = _export(
        owner,
        aws,
        "donations",
        {"filters": {"payment_method": "card", "applied": True}},
        [
            {"key": "amount", "label": "Amount"},
            {"key": "donor_name", "label": "Donor"},
            {"key": "notes", "label": "Notes"},
        ],
    )
    assert rows == [["Amount", "Donor", "Notes"], ["12.50", "Mrs =cmd|'/c calc'!A1 Smith", "'+SUM(A1)"]]


def test_the_donors_export_lists_every_donor_of_the_charity_only(client, aws):
    owner = sign_up_charity(client, "Hope Trust")
    other = sign_up_charity(client, "Other Trust")
    make_donor(other, last_name="Outsider")
    make_donor(owner, last_name="Insider", tags=["vip"])
    make_donor(owner, last_name="Plain")
    rows = _export(
        owner,
        aws,
        "donors",
        {"filters": {"tag": "vip"}},
        [{"key": "last_name", "label": "Last name"}, {"key": "total_given", "label": "Total"}],
    )
    assert rows == [["Last name", "Total"], ["Insider", "0.00"]]
