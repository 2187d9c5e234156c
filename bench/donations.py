"""Donors and donations at charity scale (ARCHITECTURE.md §8): the lists in-process on moto's
`mock_aws`, the export with moto in a process of its own.

Lists (`--part lists`): seeds one charity with 20,000 donors and 100,000 donations by batch writes
in the shapes the repositories use, then measures the real routes through Chalice's test client:
list pages (default, filtered by date range + method, sorted by amount, a donor's page), p50/p95
and DynamoDB calls per request (the session's BatchGetItem counted apart), search p95, and
`export_time_in_process`, the donations export's earlier figure (moto in this process, so its
answers are built on the same core). The embedded moto runs with `chalicelocal.moto_speedups`
(ADR 0006): a Query reads only its partition's window of a kept sort order, not the whole table.
The call counts are what DynamoDB would see; the times are this process's (the app, botocore and
moto on one core).

Export (`--part export`, run by `--part all` in a fresh interpreter): moto in a child process of
its own (`bench.local.separate_stack`, as bench/import.py), 100,000 donations seeded, then the
donations export through its real job (request, SQS, the worker's handler with progress and the
S3 upload, the job's status): `export_time` is the wall time of that path with moto apart, and
`export_peak_memory` the peak of this process's Python allocations (tracemalloc: the API and the
worker, not moto) for every row against the newest tenth of them. See `export`. Not run by
`make test`.

    .venv/bin/python bench/donations.py [--donors 20000] [--donations 100000] [--requests 50]
        [--part all|lists|export]
"""

from __future__ import annotations

import argparse
import datetime as dt
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections import Counter
from decimal import Decimal
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import tests.conftest  # noqa: E402,F401  (the test environment: fake credentials, local stage)

BUDGET_CALLS, BUDGET_LIST_P95_MS, BUDGET_EXPORT_S = 2, 40.0, 30.0
FLAT_FACTOR = 2.0  # ten times the rows may cost at most twice the peak memory
EXPORT_DONORS = 1_000  # the export reads the donations only: few donors to seed
SEED_TODAY = dt.date(2026, 11, 1)  # donations are dated over the three years before it
CALLS: Counter[str] = Counter()
FILE_SIZES: dict[str, int] = {}  # exported files' sizes in bytes, by key


def count_calls() -> None:
    """Wrap PynamoDB's connection: every DynamoDB operation of the app passes through it."""
    from pynamodb.connection.base import Connection

    original = Connection._make_api_call

    def counted(self, operation_name, operation_kwargs):  # type: ignore[no-untyped-def]
        CALLS[operation_name] += 1
        return original(self, operation_name, operation_kwargs)

    Connection._make_api_call = counted  # type: ignore[method-assign]


def seed(tenant_id: str, donors: int, donations: int) -> tuple[list[str], int]:
    from functions.core import keys
    from functions.core.counters import TenantCounters
    from functions.core.table import Entity
    from functions.domain.donor_tokens import donor_tokens
    from functions.domain.tax_year import tax_year_of
    from functions.donations import repository as donation_repository
    from functions.donations.models import PAYMENT_METHODS, Donation
    from functions.donors import repository as donor_repository
    from functions.donors.models import Donor, DonorSearchToken

    rng = random.Random(7)  # noqa: S311
    firsts = ["Olivia", "Amelia", "Isla", "Noah", "Oliver", "George", "Arthur", "Leo", "Harry", "Freya"]
    lasts = ["Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Patel", "Walker", "Wright", "Evans"]
    today = SEED_TODAY
    donor_ids, totals = [], {}
    with Entity.batch_write() as batch:
        for n in range(donors):
            donor_id = f"{n:026d}"
            first, last = rng.choice(firsts), f"{rng.choice(lasts)}{n}"
            donor = Donor(
                *Donor.key(tenant_id, donor_id),
                donor_id=donor_id,
                tenant_id=tenant_id,
                first_name=first,
                last_name=last,
                email=f"{first}.{last}@example.org".lower(),
                postcode="BA1 1AA",
                house=str(n % 200),
                version=1,
            )
            donor_repository.index_keys(donor)
            batch.save(donor)
            for token in donor_tokens(
                first_name=first,
                last_name=last,
                company_name=None,
                email=donor.email,
                phone=None,
                postcode=None,
            ):
                sk = keys.donor_search_sk(token, donor_id)
                batch.save(
                    DonorSearchToken(
                        keys.donor_search_pk(tenant_id), sk, donor_id=donor_id, name=f"{first} {last}"
                    )
                )
            donor_ids.append(donor_id)
    total_amount = Decimal(0)
    with Entity.batch_write() as batch:
        for n in range(donations):
            donor_id = rng.choice(donor_ids)
            day = today - dt.timedelta(days=rng.randint(0, 3 * 365))
            amount = Decimal(rng.randint(100, 50_000)) / 100
            donation = Donation(
                *Donation.key(tenant_id, f"{n:026d}"),
                donation_id=f"{n:026d}",
                tenant_id=tenant_id,
                donor_id=donor_id,
                donor_name="Bench donor",
                amount=amount,
                donation_date=day.isoformat(),
                payment_method=rng.choice(PAYMENT_METHODS),
                version=1,
            )
            donation_repository.index_keys(donation)
            batch.save(donation)
            totals[donor_id] = totals.get(donor_id, 0) + 1
            total_amount += amount
            assert tax_year_of(day)  # noqa: S101
        counters = TenantCounters(
            *TenantCounters.key(tenant_id), donors=donors, donations=donations, donations_total=total_amount
        )
        batch.save(counters)
    busiest = max(totals, key=lambda donor_id: totals[donor_id])
    return [busiest], totals[busiest]


def measure(browser, path: str, requests: int) -> tuple[float, float, float, int]:  # type: ignore[no-untyped-def]
    """(p50 ms, p95 ms, calls per request excluding auth, auth calls per request)."""
    timings, calls, auth = [], [], []
    for _ in range(requests):
        CALLS.clear()
        start = time.perf_counter()
        reply = browser.get(path)
        timings.append((time.perf_counter() - start) * 1000)
        assert reply.status == 200, (path, reply)  # noqa: S101
        auth.append(min(CALLS["BatchGetItem"], 1))
        calls.append(sum(CALLS.values()) - auth[-1])
    timings.sort()
    p95 = timings[max(0, int(len(timings) * 0.95) - 1)]
    return statistics.median(timings), p95, max(calls), max(auth)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--donors", type=int, default=20_000)
    parser.add_argument("--donations", type=int, default=100_000)
    parser.add_argument("--requests", type=int, default=50)
    parser.add_argument(
        "--part",
        choices=("all", "lists", "export"),
        default="all",
        help="lists (in-process moto) and the export (moto in a process of its own), or one of them",
    )
    args = parser.parse_args()
    status = 0
    if args.part in ("all", "lists"):
        status |= lists(args)
    if args.part == "export":
        status |= export(args.donations)
    elif args.part == "all":
        # a fresh interpreter: no mock_aws, no client of the in-process stack, the worker alone
        sys.stdout.flush()
        command = [sys.executable, __file__, "--part", "export", "--donations", str(args.donations)]
        status |= subprocess.run(command, check=False).returncode  # noqa: S603
    return status


def lists(args: argparse.Namespace) -> int:
    from bench.local import embedded_stack

    with embedded_stack():
        from chalice.test import Client

        from app import app
        from tests.functional.helpers import sign_up_charity

        count_calls()
        with Client(app) as client:
            owner = sign_up_charity(client, "Bench Trust")
            started = time.perf_counter()
            busiest, busiest_count = seed(owner.tenant_id, args.donors, args.donations)
            print(f"seed_rows: {args.donors + args.donations} items")
            print(f"seed_time: {time.perf_counter() - started:.1f} s")
            failures = []
            cases = {
                "list_default": "/api/donations?length=20",
                "list_filtered": "/api/donations?length=20&filters="
                + '{"date_from":"2025-06-01","date_to":"2026-03-31","payment_method":"card"}',
                "list_by_amount": "/api/donations?length=20&sortBy=amount&sortDesc=true",
                "list_donor_page": f"/api/donors/{busiest[0]}/donations?length=20",
                "list_donors": "/api/donors?length=20&sortBy=name&sortDesc=false",
            }
            for name, path in cases.items():
                p50, p95, calls, auth = measure(owner.browser, path, args.requests)
                print(f"{name}_p50: {p50:.1f} ms")
                print(f"{name}_p95: {p95:.1f} ms")
                print(f"{name}_calls: {calls + auth} calls ({auth} auth + {calls} query)")
                if calls + auth > BUDGET_CALLS:
                    failures.append(f"{name} calls")
                if p95 > BUDGET_LIST_P95_MS:
                    failures.append(f"{name} p95")
            print(f"donor_page_donations: {busiest_count} rows")
            _, search_p95, _, _ = measure(
                owner.browser, "/api/donors?search=smith1&length=20", args.requests // 2
            )
            from functions.donors.search import search_donors

            timings = []
            for keyword in ("oli", "smith12", "walker", "freya", "ba11aa", "patel9"):
                for _ in range(max(1, args.requests // 6)):
                    start = time.perf_counter()
                    search_donors(owner.tenant_id, keyword)
                    timings.append((time.perf_counter() - start) * 1000)
            timings.sort()
            print(f"search_p95: {timings[int(len(timings) * 0.95) - 1]:.1f} ms")
            print(f"list_search_p95: {search_p95:.1f} ms")
            # the export's earlier figure, beside the one taken with moto apart (`export`)
            seconds, key, reported = export_job(owner, {})
            written = rows_in(key)
            print(f"export_time_in_process: {seconds:.1f} s (moto in this process; {written} rows)")
            if seconds > BUDGET_EXPORT_S:
                failures.append("export time in process")
            if not written == reported == args.donations:
                failures.append("export rows in process")
            print("budget: pass" if not failures else f"budget: fail ({', '.join(failures)})")
            return 0 if not failures else 1


def export_job(owner: Any, meta: dict[str, object]) -> tuple[float, str, int]:
    """One donations export as the user waits for it: `POST /api/exports/donations` (the job
    queued on SQS), the exports worker's handler on the received message (rows streamed through
    a temporary file with progress every 500 rows, the upload to S3), and the job's status with
    its download link. (seconds, the file's S3 key, rows the job reported)."""
    from bench.local import deliver
    from functions.exports.jobs import handler

    started = time.perf_counter()
    reply = owner.browser.post("/api/exports/donations", {"meta": meta, "heads": []})
    assert reply.status == 202, reply  # noqa: S101
    job_id = reply.json["job_id"]
    assert deliver("exports", handler) == 1  # noqa: S101
    status = owner.browser.get(f"/api/jobs/{job_id}")
    seconds = time.perf_counter() - started
    assert status.status == 200 and status.json["status"] == "done", status  # noqa: S101
    result = status.json["result"]
    return seconds, str(result["key"]), int(result["rows"])


def rows_in(key: str) -> int:
    """The rows of the exported file in S3, less the header (the bench's check, read after the
    export's figures are taken); its size in `FILE_SIZES`."""
    import boto3

    from functions.core import config

    body = boto3.client("s3").get_object(Bucket=config.files_bucket(), Key=key)["Body"].read()
    FILE_SIZES[key] = len(body)
    return body.decode("utf-8-sig").count("\n") - 1


def export(donations: int) -> int:
    """The donations export with moto in a process of its own (`bench.local.separate_stack`), as
    the worker pays it: this process is the API (Chalice's test client) and the exports worker
    (its real handler on the SQS message), talking to DynamoDB, SQS and S3 over HTTP.

    `export_time`: request → job done (rows read, written to the temporary file with progress,
    uploaded to S3) → the job's status with its download link, wall time, without tracemalloc.
    `export_peak_memory`: the peak of what this process's Python allocated (tracemalloc) over the
    same path, in a second export of every row and one of the newest tenth of them (a date
    filter): the API's and the worker's code and their AWS clients; not moto's (its own process,
    where S3 keeps the whole file) and not the bench's own check of the file, read after tracing
    stops. Flat means ten times the rows need at most `FLAT_FACTOR` times the memory. The process's
    RSS is not the figure: the seed and the timed export before it set its high-water mark, and
    freed memory is rarely given back. tracemalloc slows Python several times over, so the traced
    exports are not timed."""
    from bench.local import separate_stack

    failures: list[str] = []
    with separate_stack():
        from chalice.test import Client

        from app import app
        from tests.functional.helpers import sign_up_charity

        with Client(app) as client:
            owner = sign_up_charity(client, "Bench Export Trust")
            started = time.perf_counter()
            seed(owner.tenant_id, EXPORT_DONORS, donations)
            print(f"export_seed_time: {time.perf_counter() - started:.1f} s ({donations} donations)")

            def traced(meta: dict[str, object]) -> tuple[int, float]:
                tracemalloc.start()
                try:
                    _, key, reported = export_job(owner, meta)
                    peak = tracemalloc.get_traced_memory()[1]
                finally:
                    tracemalloc.stop()
                if rows_in(key) != reported:
                    failures.append("export rows (traced)")
                return reported, peak / 1_000_000

            cpu_started = time.process_time()
            seconds, key, reported = export_job(owner, {})
            cpu = time.process_time() - cpu_started
            written = rows_in(key)
            print(f"export_rows: {written} rows in the file on S3 ({reported} reported by the job)")
            print(f"export_file_size: {FILE_SIZES[key] / 1_000_000:.1f} MB")
            print(f"export_time: {seconds:.1f} s (request, job with progress and upload, status; moto apart)")
            print(f"export_cpu: {cpu:.2f} s (this process's CPU over that export: the API and the worker)")
            _, peak = traced({})
            tenth = {"filters": {"date_from": (SEED_TODAY - dt.timedelta(days=109)).isoformat()}}
            tenth_rows, tenth_peak = traced(tenth)
    print(f"export_peak_memory: {peak:.1f} MB (the worker and API process; {written} rows)")
    print(f"export_peak_memory_{tenth_rows}_rows: {tenth_peak:.1f} MB")
    if seconds > BUDGET_EXPORT_S:
        failures.append("export time")
    if not written == reported == donations:
        failures.append("export rows")
    if peak > FLAT_FACTOR * tenth_peak:
        failures.append("export memory grows with the rows")
    print("budget: pass" if not failures else f"budget: fail ({', '.join(failures)})")
    return 0 if not failures else 1


if __name__ == "__main__":
    raise SystemExit(main())
