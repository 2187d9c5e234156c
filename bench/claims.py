"""A Gift Aid claim end to end at charity scale (issue 18, "claims"), in-process on moto's
`mock_aws` with the local stack's resources (`bench/local.py`).

Seeds one charity with N claimable donations (default 100,000) from N/5 donors, each donor with
a written declaration covering the past four years and the future: the items the app writes
(donors, declarations, donations with their GSI keys) by batch writes, each donation assessed by
the app's own rules (`eligibility.stamp`) and checked claimable. Then, timed as the user waits:
`POST /api/gift-aid/claims {"all": true}`, the claims queue's messages delivered to the real job
handler (plan, chunks, finish, seal, files) until it is empty, and the claim read back
(`GET /api/gift-aid/claims/{id}`): sealed with its IRmark and files. After the timed region the
R68 XML, the schedules zip and the line map are read from S3 and checked.

Prints time per stage (exclusive: a stage's time leaves out the stages it calls), AWS calls by
operation, donation items read per donation (budget: 1), peak RSS, end-to-end seconds against the
60 s budget, and linearity: the same run at N/10 (after a small warm-up claim) and the time per
donation compared. Not run by `make test`.

`--separate`: moto in a child process of its own (`bench.local.separate_stack`, as `make run`'s
clients see AWS over HTTP and as DynamoDB is not in a Lambda's interpreter); the CPU time of both
processes over the timed region is printed (`cpu` this one's, `moto_cpu` the child's, read from
/proc), and the wall time is what two cores give them together. The claims queue is then served
as the local stack serves it, by `chalicelocal.runner.QueueWorker` with `--threads` pollers (the
stack's default, 5), and the claim is read as the SPA reads it while it is built
(`useClaimBuild`: every 250 ms, then every second) until it is sealed; stage times are then
summed over the threads. `--threads 0` delivers the messages one batch at a time instead.

    .venv/bin/python bench/claims.py [--count 100000] [--no-linearity] [--separate [--threads N]]
"""

from __future__ import annotations

import argparse
import datetime as dt
import io
import random
import resource
import sys
import threading
import time
import zipfile
from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from decimal import Decimal
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import tests.conftest  # noqa: E402,F401  (the test environment: fake credentials, local stage)

BUDGET_SECONDS, BUDGET_XML_SECONDS, BUDGET_READS_PER_DONATION = 60.0, 1.0, 1.0
LINEARITY_TOLERANCE = 1.5  # time per donation at N may be at most 1.5x that at N/10
DONATIONS_PER_DONOR = 5
WARM_UP = 300


# ------------------------------------------------------------------ what the run costs
class Calls:
    """Every AWS call of this process by `service.operation`, and the items each read returned
    by kind (the start of their sort key: DONATION, DONOR, LINE, …)."""

    def __init__(self) -> None:
        self.calls: Counter[str] = Counter()
        self.items: Counter[str] = Counter()
        self.paused = threading.local()  # `paused.on` in a thread: its calls are not counted

    def install(self) -> None:
        from botocore.client import BaseClient

        original = BaseClient._make_api_call
        calls, items, lock, paused = self.calls, self.items, threading.Lock(), self.paused

        def counted(client: Any, operation: str, kwargs: Any) -> Any:
            answer = original(client, operation, kwargs)
            if getattr(paused, "on", False):
                return answer
            kinds = []
            if operation in ("Query", "GetItem", "BatchGetItem", "Scan"):
                kinds = [_kind(item) for item in _items_of(operation, answer)]
            with lock:  # the job runner's threads call at once
                calls[f"{client.meta.service_model.service_name}.{operation}"] += 1
                items.update(kinds)
            return answer

        BaseClient._make_api_call = counted  # type: ignore[method-assign]

    def clear(self) -> None:
        self.calls.clear()
        self.items.clear()


def _kind(item: dict[str, Any]) -> str:
    """An item's kind: its sort key's first part, or its entity when a projection left the key out."""
    sort_key = item.get("SK", {}).get("S") or item.get("entity", {}).get("S", "?").upper()
    return str(sort_key.split("#", 1)[0])


def _items_of(operation: str, answer: dict[str, Any]) -> list[dict[str, Any]]:
    if operation == "GetItem":
        return [answer["Item"]] if "Item" in answer else []
    if operation == "BatchGetItem":
        return [item for found in answer.get("Responses", {}).values() for item in found]
    return list(answer.get("Items", []))


class Stages:
    """Exclusive time per stage: functions of the app wrapped by name; a stage called inside
    another is taken out of the outer one's time. Wall seconds, and the CPU seconds of the thread
    that runs them (the claim runs on this thread; in-process, moto's work for it too)."""

    def __init__(self) -> None:
        self.seconds: dict[str, float] = defaultdict(float)
        self.cpu: dict[str, float] = defaultdict(float)
        self._local = threading.local()  # each thread's stack of stages
        self._lock = threading.Lock()

    @contextmanager
    def stage(self, name: str) -> Iterator[None]:
        stack: list[str] = self._local.__dict__.setdefault("stack", [])
        started, cpu = time.perf_counter(), time.thread_time()
        stack.append(name)
        try:
            yield
        finally:
            stack.pop()
            spent, used = time.perf_counter() - started, time.thread_time() - cpu
            with self._lock:
                self.seconds[name] += spent
                self.cpu[name] += used
                if stack:
                    self.seconds[stack[-1]] -= spent
                    self.cpu[stack[-1]] -= used

    def clear(self) -> None:
        self.seconds.clear()
        self.cpu.clear()

    def wrap(self, module: Any, attribute: str, name: str) -> None:
        original: Callable[..., Any] = getattr(module, attribute)

        def timed(*args: Any, **kwargs: Any) -> Any:
            with self.stage(name):
                return original(*args, **kwargs)

        setattr(module, attribute, timed)


STAGE_NAMES = (
    ("plan", "the plan: GSI4 read of the claimable donations, chunk items, messages"),
    ("attach", "the chunks: conditional transactions (donation + line), progress"),
    ("finish", "finish: lines read, GASDS and reversals, totals"),
    ("content", "content: settings, donors read, GAD lines built"),
    ("preflight", "preflight over the whole claim"),
    ("xml_irmark", "lines → R68 XML + IRmark"),
    ("ods_zip", "ODS schedules (zip)"),
    ("uploads", "S3 uploads"),
    ("queue", "the rest: queue receive/delete, handler, jobs, request"),
)


def instrument(stages: Stages) -> None:
    from functions.domain.hmrc import r68, schedule
    from functions.giftaid import files, pipeline

    stages.wrap(pipeline, "plan", "plan")
    stages.wrap(pipeline, "chunk", "attach")
    stages.wrap(pipeline, "finish_build", "finish")
    stages.wrap(files, "content_of", "content")
    stages.wrap(pipeline, "_problems", "preflight")
    stages.wrap(r68, "build_submission", "xml_irmark")
    stages.wrap(schedule, "write_schedules_zip", "ods_zip")
    stages.wrap(schedule, "write_schedule", "ods_zip")
    stages.wrap(files, "put", "uploads")


def moto_child() -> int | None:
    """The pid of this process's child that hosts moto (`separate_stack`), if there is one."""
    import os

    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        if parent == os.getpid() and b"start_moto" in command:
            return int(entry.name)
    return None


def cpu_of(pid: int | None) -> float:
    """User + system CPU seconds of a process so far (0 when there is none)."""
    import os

    if pid is None:
        return 0.0
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


# ------------------------------------------------------------------ seeding
def seed(tenant_id: str, count: int, today: dt.date) -> None:
    """N claimable donations from N/5 donors with declarations, assessed by the app's rules."""
    from functions.core.counters import TenantCounters
    from functions.core.table import Entity
    from functions.declarations import eligibility
    from functions.declarations import repository as declaration_repository
    from functions.declarations.models import DeclarationRecord
    from functions.declarations.records import domain_declaration
    from functions.domain.giftaid.eligibility import HANDLED_ELSEWHERE
    from functions.donations import repository as donation_repository
    from functions.donations.models import PAYMENT_METHODS, Donation
    from functions.donors import repository as donor_repository
    from functions.donors.models import Donor

    rng = random.Random(18)  # noqa: S311
    titles = ("Mr", "Mrs", "Ms", "Dr", None)
    firsts = ("Olivia", "Amelia", "Isla", "Noah", "Oliver", "George", "Seán", "Zoë")
    lasts = ("Smith", "Jones", "Taylor", "O'Brien", "Patel", "Walker", "Müller", "Evans")
    # not cash (under £30 it may be GASDS instead), nor a platform that claims it itself
    methods = [m for m in PAYMENT_METHODS if m != "cash" and m not in HANDLED_ELSEWHERE]
    declared = (today - dt.timedelta(days=3 * 365)).isoformat()

    class Seeding(eligibility.Context):
        """The rules' context with the declarations just written (no read per donor)."""

        def declarations(self, donor_id: str) -> list[Any]:
            return [domain_declaration(r) for r in self.fresh_of(donor_id)]

    donors: dict[str, Donor] = {}
    records: list[DeclarationRecord] = []
    with Entity.batch_write() as batch:
        for n in range(max(1, count // DONATIONS_PER_DONOR)):
            donor_id = f"{n:026d}"
            donor = Donor(
                *Donor.key(tenant_id, donor_id),
                donor_id=donor_id,
                tenant_id=tenant_id,
                title=titles[n % len(titles)],
                first_name=firsts[n % len(firsts)],
                last_name=f"{lasts[n % len(lasts)]}{n}",
                house=str(n % 200 + 1),
                postcode="BA1 1AA",
                version=1,
            )
            donor_repository.index_keys(donor)
            batch.save(donor)
            donors[donor_id] = donor
            record = DeclarationRecord(
                *DeclarationRecord.key(tenant_id, f"{n:026d}"),
                declaration_id=f"{n:026d}",
                tenant_id=tenant_id,
                donor_id=donor_id,
                method="written",
                scopes=["past_4_years", "future"],
                date_given=declared,
                statement_version="bench",
            )
            declaration_repository.index_keys(record)
            batch.save(record)
            records.append(record)
    context = Seeding(tenant_id, records)
    donor_ids = list(donors)
    total = Decimal(0)
    with Entity.batch_write() as batch:
        for n in range(count):
            donor_id = donor_ids[n % len(donor_ids)]
            day = today - dt.timedelta(days=1 + rng.randint(0, 700))
            donation = Donation(
                *Donation.key(tenant_id, f"{n:026d}"),
                donation_id=f"{n:026d}",
                tenant_id=tenant_id,
                donor_id=donor_id,
                donor_name="Bench donor",
                amount=Decimal(rng.randint(500, 50_000)) / 100,
                donation_date=day.isoformat(),
                payment_method=rng.choice(methods),
                sponsored=n % 50 == 7,
                version=1,
            )
            donation_repository.index_keys(donation)
            eligibility.stamp(donation, donors[donor_id], context)
            assert donation.gift_aid_state == "claimable", (donation.gift_aid_state, donation.gift_aid_reason)  # noqa: S101
            batch.save(donation)
            total += donation.amount
        batch.save(
            TenantCounters(
                *TenantCounters.key(tenant_id), donors=len(donors), donations=count, donations_total=total
            )
        )


# ------------------------------------------------------------------ one claim
def claim_all(
    owner: Any,
    count: int,
    calls: Calls,
    stages: Stages,
    moto: int | None = None,
    runner: Runner | None = None,
) -> dict[str, Any]:
    """Seed, then the claim as the user waits for it (timed, counted), then its files checked."""
    from bench.local import deliver
    from functions.core import clock
    from functions.giftaid.jobs import handler
    from tests.functional.giftaid_helpers import configure

    configure(owner)  # complete Gift Aid settings, as the claims tests use
    seed(owner.tenant_id, count, clock.today())
    # The user creates the claim from the New Claim page, which lists the claimable donations
    # (its first page): opened before the timed region, timed apart. On the local stack its read
    # of GSI4 is the first since the seeding, so it also builds moto's in-memory index of it
    # (`moto_speedups`, filled on a first query), which DynamoDB keeps as items are written.
    opened = time.perf_counter()
    page = owner.get("/api/gift-aid/claimable")
    assert page.status == 200, page  # noqa: S101
    page_seconds = time.perf_counter() - opened
    calls.clear()
    stages.clear()
    started, cpu, moto_cpu = time.perf_counter(), time.process_time(), cpu_of(moto)
    with stages.stage("queue"):
        reply = owner.post("/api/gift-aid/claims", {"all": True})
        assert reply.status == 202, reply  # noqa: S101
        claim_id = reply.json["claim_id"]
        if runner is None:
            messages = deliver("claims", handler)
            shown = owner.get(f"/api/gift-aid/claims/{claim_id}?length=20")
        else:
            before = runner.delivered
            calls.paused.on = True  # the polls read a page of the claim each: not the claim's cost
            try:
                built(owner, claim_id)
            finally:
                calls.paused.on = False
            messages = runner.delivered - before
            shown = owner.get(f"/api/gift-aid/claims/{claim_id}?length=20")  # as the serial run's
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    moto_cpu = cpu_of(moto) - moto_cpu
    assert shown.status == 200, shown  # noqa: S101
    claim = shown.json
    assert claim["state"] == "sealed", (claim["state"], claim.get("problems"))  # noqa: S101
    return {
        "count": count,
        "seconds": seconds,
        "page_seconds": page_seconds,
        "cpu": cpu,
        "moto_cpu": moto_cpu if moto is not None else None,
        "messages": messages,
        "calls": Counter(calls.calls),
        "items": Counter(calls.items),
        "stages": dict(stages.seconds),
        "stages_cpu": dict(stages.cpu),
        "claim": claim,
        "files": check_files(owner.tenant_id, claim_id, count),
    }


class Runner:
    """The claims queue served as the local stack serves it: `chalicelocal.runner.QueueWorker`,
    `threads` pollers receiving and delivering batches at once, each message counted."""

    def __init__(self, created: dict[str, Any], threads: int) -> None:
        from chalicelocal import resources
        from chalicelocal.lambdas import load_handler, sqs_triggers
        from chalicelocal.runner import QueueWorker

        trigger = next(t for t in sqs_triggers(resources.load_template()) if t.queue == "ClaimsQueue")
        handler, lock = load_handler(trigger.function.handler), threading.Lock()
        self.delivered = 0

        def counting(event: dict[str, Any], context: Any) -> Any:
            with lock:
                self.delivered += len(event["Records"])
            return handler(event, context)

        queue = (created["ClaimsQueue"], created["__queue_arns__"]["ClaimsQueue"])
        self.worker = QueueWorker(trigger, *queue, handler=counting, threads=threads)


def built(owner: Any, claim_id: str) -> None:
    """Read the claim as the SPA does while it is built (`useClaimBuild`: every 250 ms twelve
    times, then every second) until it is sealed with its files, failed or needs review."""
    reads = 0
    while True:
        shown = owner.get(f"/api/gift-aid/claims/{claim_id}?length=20")
        claim = shown.json if shown.status == 200 else {}
        if claim.get("build_status") == "failed" or claim.get("state") == "cancelled":
            return
        if claim.get("state") not in (None, "draft") and claim.get("files_ready"):
            return
        if claim.get("build_status") == "ready" and (not claim["counts"]["donations"] or claim["problems"]):
            return
        time.sleep(0.25 if reads < 12 else 1.0)
        reads += 1


def check_files(tenant_id: str, claim_id: str, count: int) -> dict[str, int]:
    """The sealed claim's objects in S3: sizes, and the XML, zip and line map checked."""
    import json

    import boto3

    from functions.core import config
    from functions.giftaid import files, repository

    item = repository.get_claim(tenant_id, claim_id)
    stored = item.stored_files()
    s3 = boto3.client("s3")
    body = {
        name: s3.get_object(Bucket=config.files_bucket(), Key=key)["Body"].read()
        for name, key in stored.items()
    }
    lines = json.loads(body[files.LINE_MAP])
    on_lines = sum(len(ids) for ids in lines)
    assert on_lines == count, (on_lines, item.donations_count, item.requested, (item.skipped or [])[:3])  # noqa: S101
    assert body[files.R68_XML].count(b"<GAD>") == len(lines), "XML lines"  # noqa: S101
    assert item.irmark and item.irmark.encode() in body[files.R68_XML], "IRmark"  # noqa: S101
    schedules = body.get(files.SCHEDULE_ZIP) or body.get(files.SCHEDULE_ODS)
    assert schedules is not None  # noqa: S101
    if files.SCHEDULE_ZIP in body:
        assert zipfile.ZipFile(io.BytesIO(body[files.SCHEDULE_ZIP])).testzip() is None  # noqa: S101
    return {name: len(data) for name, data in body.items()}


# ------------------------------------------------------------------ report
def report(run: dict[str, Any], prefix: str = "") -> list[str]:
    """Print one run's figures; answers the budgets it fails."""
    count, seconds = run["count"], run["seconds"]
    print(f"{prefix}donations: {count} claimable, {run['messages']} claims-queue messages")
    for name, meaning in STAGE_NAMES:
        print(f"{prefix}stage_{name}: {run['stages'].get(name, 0.0):.2f} s ({meaning})")
    for name, _ in STAGE_NAMES:
        used = run["stages_cpu"].get(name, 0.0)
        print(f"{prefix}stage_cpu_{name}: {used:.2f} s, {used / count * 1000:.3f} ms per donation")
    dynamodb = {k: v for k, v in sorted(run["calls"].items()) if k.startswith("dynamodb.")}
    s3 = {k: v for k, v in sorted(run["calls"].items()) if k.startswith("s3.")}
    sqs = sum(v for k, v in run["calls"].items() if k.startswith("sqs."))
    by_operation = ", ".join(f"{k[9:]} {v}" for k, v in dynamodb.items())
    print(f"{prefix}dynamodb_calls: {sum(dynamodb.values())} ({by_operation})")
    print(f"{prefix}s3_calls: {sum(s3.values())} ({', '.join(f'{k[3:]} {v}' for k, v in s3.items())})")
    print(f"{prefix}sqs_calls: {sqs}")
    items = run["items"]
    per_donation = items["DONATION"] / count
    print(f"{prefix}items_read: " + ", ".join(f"{kind} {n}" for kind, n in items.most_common()))
    print(f"{prefix}donation_reads_per_donation: {per_donation:.3f} (budget {BUDGET_READS_PER_DONATION:.0f})")
    print(f"{prefix}donor_reads_per_donor: {items['DONOR'] / max(1, count // DONATIONS_PER_DONOR):.3f}")
    print(
        f"{prefix}files: "
        + ", ".join(f"{name} {size // 1024} kB" for name, size in sorted(run["files"].items()))
    )
    print(
        f"{prefix}new_claim_page: {run['page_seconds']:.2f} s (GET /api/gift-aid/claimable, before the "
        "timed region: the page the claim is created from; its first GSI4 read builds moto's index)"
    )
    print(f"{prefix}end_to_end: {seconds:.1f} s (budget {BUDGET_SECONDS:.0f} s)")
    print(f"{prefix}cpu: {run['cpu']:.1f} s (this process's CPU time over the same region: the load's share)")
    if run["moto_cpu"] is not None:
        print(f"{prefix}moto_cpu: {run['moto_cpu']:.1f} s (moto's process, same region)")
        print(f"{prefix}cpu_both: {(run['cpu'] + run['moto_cpu']) / count * 1000:.3f} ms per donation")
    else:
        print(f"{prefix}cpu_per_donation: {run['cpu'] / count * 1000:.3f} ms")
    print(f"{prefix}per_donation: {seconds / count * 1000:.3f} ms")
    failures = []
    if seconds > BUDGET_SECONDS:
        failures.append("end to end")
    if per_donation > BUDGET_READS_PER_DONATION + 0.01:
        failures.append("donation reads")
    if run["stages"].get("xml_irmark", 0.0) > BUDGET_XML_SECONDS:
        failures.append("XML + IRmark")
    return failures


def main() -> int:
    import os

    parser = argparse.ArgumentParser()
    parser.add_argument("--count", type=int, default=100_000)
    parser.add_argument("--no-linearity", action="store_true", help="only the N run")
    parser.add_argument("--separate", action="store_true", help="moto in a child process of its own")
    parser.add_argument(
        "--threads",
        type=int,
        default=None,
        help="with --separate: the job runner's threads for the claims queue (the local stack's: "
        "ALMONER_LOCAL_CONCURRENCY or 5); 0 delivers the messages one batch at a time",
    )
    args = parser.parse_args()
    print(f"load_average_at_start: {os.getloadavg()[0]:.2f}")

    from bench.local import embedded_stack, separate_stack

    with separate_stack() if args.separate else embedded_stack() as created:
        moto = moto_child() if args.separate else None
        runner = None
        if args.separate and args.threads != 0:
            from chalicelocal.runner import concurrency

            threads = args.threads or concurrency()
            runner = Runner(created, threads)
            runner.worker.start()
            print(f"job_runner: {threads} threads (chalicelocal.runner.QueueWorker)")
        from chalice.test import Client

        from app import app
        from tests.functional.helpers import sign_up_charity

        calls, stages = Calls(), Stages()
        calls.install()
        instrument(stages)
        with Client(app) as client:
            runs = []
            sizes = [args.count] if args.no_linearity else [WARM_UP, max(1, args.count // 10), args.count]
            for n, size in enumerate(sizes):
                owner = sign_up_charity(client, f"Claims Bench {n}")
                seeded = time.perf_counter()
                run = claim_all(owner, size, calls, stages, moto, runner)
                print(f"run_{size}: seeded and claimed in {time.perf_counter() - seeded:.1f} s", flush=True)
                runs.append(run)
                if len(sizes) == 3 and n == 1:  # the N/10 figures as soon as they are known
                    print(f"--- at N/10 ({size})")
                    report(run, prefix="tenth_")
                    print(f"--- at N ({args.count}), load average {os.getloadavg()[0]:.2f}", flush=True)
        if runner is not None:
            runner.worker.stop()
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        holds = "the app" if args.separate else "the app and moto's table"
        print(f"peak_rss: {peak:.0f} MB (the process: {holds})")
        failures = report(runs[-1])
        if not args.no_linearity:
            ratio = (runs[2]["seconds"] / runs[2]["count"]) / (runs[1]["seconds"] / runs[1]["count"])
            print(f"linearity: {ratio:.2f}x the time per donation at N/10 (budget {LINEARITY_TOLERANCE}x)")
            cpu = (runs[2]["cpu"] / runs[2]["count"]) / (runs[1]["cpu"] / runs[1]["count"])
            print(f"linearity_cpu: {cpu:.2f}x the CPU time per donation at N/10 (not load-dependent)")
            if ratio > LINEARITY_TOLERANCE:
                failures.append("not linear")
        print("budget: pass" if not failures else f"budget: fail ({', '.join(failures)})")
        return 0 if not failures else 1


if __name__ == "__main__":
    raise SystemExit(main())
