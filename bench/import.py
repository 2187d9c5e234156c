"""Import: a generated donations CSV imported end to end on the local stack (ARCHITECTURE.md §8).

The embedded AWS of `chalicelocal` (`embedded.start_moto`: moto's server with `moto_speedups`)
runs in a child process of its own (`alone=True`: longer thread time slices, see
`chalicelocal/embedded.py`), as DynamoDB, S3 and SQS are not in a Lambda's interpreter; this process
is the API (Chalice's test client over `app.py`). The imports worker is fed exactly as the local
stack feeds it (real SQS messages, batches, partial failures: `chalicelocal.runner.QueueWorker`)
with `--concurrency` batches at a time (default: the local stack's, ALMONER_LOCAL_CONCURRENCY or 5,
the batches Lambda starts with), each in an interpreter of its own (`ProcessWorkers`), as Lambda
runs each concurrent invocation in an execution environment of its own; `--processes 0` runs
them as threads of this process instead, as `make run` does. `make run` differs twice: it hosts
moto in a thread of its own process and the job runner's threads too, so there the API, the
workers and moto share one interpreter and one core, and the same import takes about the sum of
all processes' CPU. It:

1. generates a CSV of `--rows` donations (default 100,000) from `--donors` people, with UK dates,
   amounts like `£1,234.50`, names in one column and a Gift Aid column; 1 donor in 10 already
   exists in the charity (linked by email);
2. uploads it with the presigned POST, creates the import, maps it, runs the dry run and the
   import through the imports queue, and times each step (`wall_time` = upload → imported);
3. writes exactly the items the import wrote (read back by Scan, a bench-only shortcut) under
   another tenant with raw 25-item BatchWriteItem calls (bodies encoded as the import's own client
   encodes them, `functions.core.item_requests`), from one thread and from as many threads as
   the job runner has: the faster is the baseline `raw_rows_per_s` (the fastest raw writer of
   the same items); the import job's rows per second must be at least 0.8 of it (`run_vs_raw`);
   CPU seconds of this process (API and workers) and of the moto child are printed for the
   import and for each raw writer (on a shared machine, a steadier figure than wall time);
4. measures the peak memory of this process (tracemalloc: the API and worker code, moto is in
   its own process) in two more imports, of `--rows` and of a tenth of them naming the same
   people:
   flat means the larger import needs at most `FLAT_FACTOR` times the memory of the smaller one
   (memory follows the charity's donors, which matching holds, not the file's rows, which are
   streamed). The peak is taken from the end of the file's upload: the upload is the browser's
   (a presigned POST straight to S3), and the multipart body `requests` builds for it here holds
   the file twice (20 MB for the 100,000-row file), which is not the app's memory.
   tracemalloc slows allocation-heavy Python two to three times over, so the timed import runs
   without it and the traced ones are not timed.

    .venv/bin/python bench/import.py [--rows 100000] [--donors 10000]
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import json
import os
import random
import sys
import tempfile
import time
import tracemalloc
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.local import start_moto_child, stop_moto_child  # noqa: E402 (after the path set-up above)

BUDGET_SECONDS = 120.0
BUDGET_RATIO = 0.8
FLAT_FACTOR = 2.0  # 10x the rows may cost at most 2x the peak memory
FIRST = ["Olivia", "Amelia", "Isla", "Noah", "Oliver", "George", "Arthur", "Zoë", "Seán", "Freya"]
LAST = ["Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Patel", "O'Brien", "Wright", "Evans"]
TITLES = ["Mrs", "Mr", "Ms", "Dr", ""]


def print_now(line: str) -> None:
    print(line, flush=True)


AREAS = ["BA", "BS", "CF", "SW", "NW", "LS", "EH", "GL", "OX", "CB"]
LETTERS = "ABDEFGHJLNPQRSTUWXYZ"


def person(n: int) -> dict[str, str]:
    """Donor `n`: a common name (names repeat, as they do), a unique email and a unique postcode,
    so that matching links the existing ones by email and holds nobody for review."""
    rng = random.Random(n)  # noqa: S311
    first, last = FIRST[n % len(FIRST)], LAST[(n // len(FIRST)) % len(LAST)]
    unit = n // 200
    postcode = (
        f"{AREAS[n % 10]}{(n // 10) % 20 + 1} {unit % 10}"
        f"{LETTERS[(unit // 10) % 20]}{LETTERS[(unit // 200) % 20]}"
    )
    return {
        "name": " ".join(part for part in (rng.choice(TITLES), first, last) if part),
        "email": f"donor{n}@example.org",
        "address": f"{n % 300 + 1} High Street",
        "postcode": postcode,
    }


def write_csv(path: Path, rows: int, donors: int) -> None:
    """`rows` donations: the first `donors` rows name each donor once (so a tenth of the rows and
    the whole file name the same people), the rest a donor at random."""
    rng = random.Random(7)  # noqa: S311
    start = dt.date(2024, 4, 6)
    with path.open("w", encoding="utf-8", newline="") as handle:
        writer = csv.writer(handle)
        writer.writerow(["Reference", "Name", "Email", "Address", "Postcode", "Amount", "Date", "Gift Aid"])
        for n in range(rows):
            who = person(n if n < donors else rng.randrange(donors))
            pennies = rng.choice([500, 1000, 2000, 2500, 5000, rng.randrange(100, 500_000)])
            amount = f"£{pennies // 100:,}.{pennies % 100:02d}" if n % 3 else f"{pennies / 100:.2f}"
            day = start + dt.timedelta(days=rng.randrange(0, 900))
            gift_aid = "Yes" if rng.random() < 0.3 else "No"
            writer.writerow(
                [
                    f"B{n:07d}",
                    who["name"],
                    who["email"],
                    who["address"],
                    who["postcode"],
                    amount,
                    day.strftime("%d/%m/%Y"),
                    gift_aid,
                ]
            )


def seed_existing(tenant_id: str, donors: int) -> None:
    """1 in 10 of the file's donors already in the charity (batch writes in the repositories'
    shapes: the donor and its index items)."""
    from functions.core.counters import TenantCounters
    from functions.core.table import Entity
    from functions.domain import names
    from functions.donors import repository
    from functions.donors.models import Donor

    with Entity.batch_write() as batch:
        count = 0
        for n in range(0, donors, 10):
            who = person(n)
            title, first, last = (
                (None, *who["name"].split(" ", 1))
                if who["name"].count(" ") == 1
                else who["name"].split(" ", 2)
            )
            donor = Donor(
                *Donor.key(tenant_id, f"{n:026d}"),
                donor_id=f"{n:026d}",
                tenant_id=tenant_id,
                title=title,
                first_name=first,
                last_name=last,
                email=who["email"],
                house=str(n % 300 + 1),
                postcode=names.tidy_postcode(who["postcode"], "GB"),
                version=1,
            )
            repository.index_keys(donor)
            batch.save(donor)
            for item in repository.index_items(donor).values():
                batch.save(item)
            count += 1
        batch.save(TenantCounters(*TenantCounters.key(tenant_id), donors=count))


POLL_SECONDS = 1.0  # the SPA polls every IMPORT_POLL_MS (frontend/src/features/imports/constants.ts)


def drain(worker, owner, job_id: str) -> dict:  # type: ignore[no-untyped-def]
    """Wait for the job, which the worker's threads take through the queue, polling as the SPA
    does (a faster poll was 3.6 % of this process's CPU in a 10,000-row import)."""
    while True:
        job = owner.get(f"/api/jobs/{job_id}").json
        if job["status"] in ("done", "failed"):
            return job
        time.sleep(POLL_SECONDS)


def import_file(client, worker, path: Path, tenant_name: str, donors: int) -> dict:  # type: ignore[no-untyped-def]
    import requests

    from tests.functional.helpers import sign_up_charity

    owner = sign_up_charity(client, tenant_name)
    seed_existing(owner.tenant_id, donors)
    figures: dict = {"tenant_id": owner.tenant_id}
    size = path.stat().st_size
    started = time.perf_counter()
    upload = owner.post(
        "/api/imports/uploads", {"filename": path.name, "size": size, "content_type": "text/csv"}
    ).json
    with path.open("rb") as handle:
        answer = requests.post(
            upload["url"], data=upload["fields"], files={"file": (path.name, handle)}, timeout=300
        )
    assert answer.status_code in (200, 204), answer.text  # noqa: S101
    del answer
    if tracemalloc.is_tracing():
        tracemalloc.reset_peak()  # the browser's upload is over: from here, the app's memory
    created = owner.post("/api/imports", {"upload_id": upload["upload_id"]})
    assert created.status == 201, created  # noqa: S101
    import_id = created.json["id"]
    mapping = {
        "columns": {
            "Reference": "external_ref",
            "Name": "full_name",
            "Email": "email",
            "Address": "address_line1",
            "Postcode": "postcode",
            "Amount": "amount",
            "Date": "date",
            "Gift Aid": "gift_aid",
        },
        "date_format": "dmy",
        "amount_format": "plain",
        "name_format": "split",
        "source": "file",
        "defaults": {"payment_method": "card", "declaration_method": "online"},
    }
    assert owner.put(f"/api/imports/{import_id}/mapping", {"mapping": mapping}).status == 200  # noqa: S101
    figures["upload_time"] = time.perf_counter() - started
    step, cpu = time.perf_counter(), cpu_seconds()
    job = drain(worker, owner, owner.post(f"/api/imports/{import_id}/dry-run").json["job_id"])
    assert job["status"] == "done", job  # noqa: S101
    figures["dry_run_time"] = time.perf_counter() - step
    figures["dry_run_cpu"] = cpu_seconds() - cpu  # this process: the pass, and the API's polls
    step = time.perf_counter()
    job = drain(worker, owner, owner.post(f"/api/imports/{import_id}/run").json["job_id"])
    assert job["status"] == "done", job  # noqa: S101
    figures["run_time"] = time.perf_counter() - step
    figures["wall_time"] = time.perf_counter() - started
    final = owner.get(f"/api/imports/{import_id}").json
    figures["counts"] = final["counts"]
    totals = owner.get("/api/donations/totals").json
    assert totals["count"] == final["counts"]["donations_new"], (totals, final["counts"])  # noqa: S101
    return figures


def raw_baseline(tenant_id: str, threads: int) -> tuple[int, float]:
    """The import's own items, read back, written again under another tenant by BatchWriteItem
    of 25 items from `threads` threads (the time counts the writes only)."""
    import boto3
    from botocore.config import Config

    from functions.core import item_requests

    config = Config(parameter_validation=False, max_pool_connections=max(10, threads))
    # request bodies encoded as the import's own client encodes them (orjson, no shape walk):
    # the baseline is the fastest writer of these items, not one slowed by botocore's serializer
    client = item_requests.use_for(boto3.client("dynamodb", config=config))
    table = os.environ["TABLE_NAME"]
    prefix, other = f"TENANT#{tenant_id}", f"TENANT#raw-baseline-{threads}"
    items = []
    pages = client.get_paginator("scan").paginate(
        TableName=table,
        FilterExpression="begins_with(PK, :tenant)",
        ExpressionAttributeValues={":tenant": {"S": prefix}},
    )
    for page in pages:
        for item in page["Items"]:
            if item["PK"]["S"].startswith(prefix):
                for name in ("PK", "GSI1PK", "GSI2PK", "GSI3PK", "GSI4PK"):
                    if name in item:
                        item[name] = {"S": item[name]["S"].replace(prefix, other, 1)}
                items.append(item)

    def write(start: int) -> None:
        request = {table: [{"PutRequest": {"Item": item}} for item in items[start : start + 25]]}
        while request:
            request = client.batch_write_item(RequestItems=request).get("UnprocessedItems") or None

    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=threads) as pool:
        list(pool.map(write, range(0, len(items), 25)))
    return len(items), time.perf_counter() - started


def cpu_seconds(pid: int | None = None) -> float:
    """CPU time (user + system) of this process, or of process `pid` (the moto child)."""
    if pid is None:
        times = os.times()
        return times.user + times.system
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def app_cpu_seconds(worker_pids: list[int]) -> float:
    """CPU time of the app: this process (the API, and the job runner's threads if it has them)
    and the job runner's processes."""
    return cpu_seconds() + sum(cpu_seconds(pid) for pid in worker_pids)


def traced(run) -> float:  # type: ignore[no-untyped-def]
    """The peak of what Python allocated while `run` ran (tracemalloc), in bytes."""
    tracemalloc.start()
    try:
        run()
        return float(tracemalloc.get_traced_memory()[1])
    finally:
        tracemalloc.stop()


def report_import(rows: int, path: Path, figures: dict) -> None:  # type: ignore[type-arg]
    """The timed import's figures, printed as soon as it ends (a long run stopped later still
    reports them)."""
    print_now(f"rows: {rows} rows")
    print_now(f"file_size: {path.stat().st_size / 1_000_000:.1f} MB")
    print_now(f"counts: {json.dumps(figures['counts'])}")
    print_now(f"upload_and_detect_time: {figures['upload_time']:.1f} s")
    dry_cpu = figures["dry_run_cpu"]
    print_now(f"dry_run_time: {figures['dry_run_time']:.1f} s (CPU of this process {dry_cpu:.1f} s)")
    print_now(f"run_time: {figures['run_time']:.1f} s")
    print_now(f"wall_time: {figures['wall_time']:.1f} s")
    print_now(f"rows_per_s: {rows / figures['wall_time']:.0f} rows/s")
    print_now(f"run_rows_per_s: {rows / figures['run_time']:.0f} rows/s")


def main() -> int:
    parser = argparse.ArgumentParser(
        description="Import a generated donations CSV end to end on the embedded local stack and "
        "compare it with raw batch writes of the same items (budgets: wall time, ratio, memory)."
    )
    parser.add_argument("--rows", type=int, default=100_000, help="donation rows in the file (100000)")
    parser.add_argument(
        "--donors", type=int, default=10_000, help="distinct donors; 1 in 10 exists already (10000)"
    )
    parser.add_argument(
        "--concurrency",
        type=int,
        default=None,
        help="job runner threads for the imports queue (the local stack's default: 5)",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=None,
        help="interpreters the timed import's job runner spreads its --concurrency batches over "
        "(default: one a batch, as Lambda runs each invocation in an environment of its own; "
        "0: the job runner's threads in this process, as `make run` has them)",
    )
    parser.add_argument(
        "--import-only",
        action="store_true",
        help="stop after the timed import's figures (no raw baseline, no memory imports)",
    )
    args = parser.parse_args()

    moto, endpoint = start_moto_child()
    try:
        import tests.conftest  # noqa: F401  (fake credentials, local stage)
        from chalicelocal import embedded, resources

        embedded.point_environment_at(endpoint)
        template = resources.load_template()
        created = resources.create_resources(
            prefix="almoner-bench", template=template, region=embedded.REGION
        )
        os.environ.update(
            resources.function_environment(created, template, overrides={"ALMONER_STAGE": "local"})
        )
        os.environ["ALMONER_QUIET"] = "1"
        from chalice.test import Client

        from app import app
        from chalicelocal.lambdas import sqs_triggers
        from chalicelocal.runner import ProcessWorkers, QueueWorker, concurrency

        trigger = next(t for t in sqs_triggers(template) if t.queue == "ImportsQueue")
        threads = args.concurrency or concurrency()
        queue = (trigger, created["ImportsQueue"], created["__queue_arns__"]["ImportsQueue"])
        worker: QueueWorker | ProcessWorkers
        processes = threads if args.processes is None else args.processes
        if processes:
            worker = ProcessWorkers(*queue, processes=processes, batches=threads)
        else:
            worker = QueueWorker(*queue, threads=threads)
        worker.start()
        folder = Path(tempfile.gettempdir())
        warm = folder / "almoner-bench-warm.csv"
        small, large = folder / "almoner-bench-small.csv", folder / "almoner-bench-import.csv"
        # the same charity and the same people, a tenth of the rows: what grows is the file's cost
        small_rows, small_donors = max(1, args.rows // 10), args.donors
        write_csv(warm, 50, 10)
        write_csv(small, small_rows, small_donors)
        write_csv(large, args.rows, args.donors)
        print_now(f"load_average_at_start: {os.getloadavg()[0]:.2f}")
        with Client(app) as client:
            # the first import loads the code it uses: not a cost of the file, so not measured
            import_file(client, worker, warm, "Bench Warm-up Trust", 10)
            pids = worker.pids if isinstance(worker, ProcessWorkers) else []
            app_cpu, moto_cpu = app_cpu_seconds(pids), cpu_seconds(moto.pid)
            figures = import_file(client, worker, large, "Bench Trust", args.donors)
            app_cpu, moto_cpu = app_cpu_seconds(pids) - app_cpu, cpu_seconds(moto.pid) - moto_cpu
            rows = args.rows
            if isinstance(worker, ProcessWorkers):
                shares = " + ".join(str(n) for n in worker.threads)
                print_now(f"job_runner: {threads} batches at a time in processes of {shares} threads")
            else:
                print_now(f"job_runner: {threads} threads of this process")
            report_import(rows, large, figures)
            print_now(f"import_cpu_app: {app_cpu:.1f} s ({1000 * app_cpu / rows:.2f} ms/row)")
            print_now(f"import_cpu_moto: {moto_cpu:.1f} s ({1000 * moto_cpu / rows:.2f} ms/row)")
            if args.import_only:
                worker.stop()
                return 0
            run_rate = rows / figures["run_time"]
            # the fastest raw writer: one thread and as many as the job runner has, the better one
            raw_seconds = float("inf")
            for raw_threads in sorted({1, threads}):
                app_cpu, moto_cpu = cpu_seconds(), cpu_seconds(moto.pid)
                items, seconds = raw_baseline(figures["tenant_id"], raw_threads)
                app_cpu, moto_cpu = cpu_seconds() - app_cpu, cpu_seconds(moto.pid) - moto_cpu
                print_now(
                    f"raw_batch_write_time_{raw_threads}_threads: {seconds:.1f} s "
                    f"(CPU app {app_cpu:.1f} s, moto {moto_cpu:.1f} s)"
                )
                raw_seconds = min(raw_seconds, seconds)
            raw_rate = rows / raw_seconds
            print_now(f"items_written: {items} items ({items / rows:.2f} a row)")
            print_now(f"raw_batch_write_time: {raw_seconds:.1f} s")
            print_now(f"raw_rows_per_s: {raw_rate:.0f} rows/s")
            print_now(f"run_vs_raw: {run_rate / raw_rate:.2f} ratio")
            if isinstance(worker, ProcessWorkers):
                # tracemalloc sees this process: the traced imports run on the job runner's threads
                # here (the same code, so the same memory)
                worker.stop()
                worker = QueueWorker(*queue, threads=threads)
                worker.start()
            small_peak = traced(lambda: import_file(client, worker, small, "Bench Small Trust", small_donors))
            print_now(f"peak_memory_{small_rows}_rows: {small_peak / 1_000_000:.1f} MB")
            large_peak = traced(lambda: import_file(client, worker, large, "Bench Traced Trust", args.donors))
            print_now(f"peak_memory_{rows}_rows: {large_peak / 1_000_000:.1f} MB")
        worker.stop()
        failures = []
        if figures["wall_time"] > BUDGET_SECONDS:
            failures.append(f"wall time {figures['wall_time']:.0f} s > {BUDGET_SECONDS:.0f} s")
        if run_rate / raw_rate < BUDGET_RATIO:
            failures.append(f"run at {run_rate / raw_rate:.2f} of raw batch writes < {BUDGET_RATIO}")
        if large_peak > FLAT_FACTOR * max(small_peak, 1):
            failures.append("memory grows with the file")
        print("budget: pass" if not failures else f"budget: fail ({'; '.join(failures)})")
        return 0 if not failures else 1
    finally:
        stop_moto_child(moto)


if __name__ == "__main__":
    raise SystemExit(main())
