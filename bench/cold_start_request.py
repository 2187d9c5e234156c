"""Cold start as a user pays it (issue 18): a fresh interpreter imports an API area's Lambda
handler from the built artifact AND answers that area's first request through it (the deferred
imports resolved, the AWS clients created, the session read, one real request to the local
stack's DynamoDB), against a bare `import boto3` + one client created in the same kind of
interpreter. Budget: at most 1.3x that floor for every area (ARCHITECTURE.md §8).

Each area's figure is the median of `--repeat` fresh interpreters (`-I -S`: only the artifact and
the standard library, as Lambda's /var/task). Every one of them is paired with a bare-boto3
interpreter run just before it, and the ratio is taken per pair, then the median of the pairs: this
machine's speed moves by a third within minutes (a bare boto3 took 0.197 s and 0.321 s ten minutes
apart), and a floor measured once per round let that drift into the ratios. Each interpreter also
reports its own CPU time (`time.process_time`), printed beside the wall times: the steadier figure
on a shared machine, though the verdict is on wall time, what the user waits for. The local stack is
moto in a process of its own, seeded with the demo charity (`chalicelocal.seed`); the request is the
area's first screen as its owner (or the platform admin for the charities area) signed in, built as
API Gateway's proxy event. Each area's line also says whether its first request imported pydantic
(ADR 0011 addendum: the largest part of the gap; tests/functional/test_cold_first_request.py holds
the areas that no longer do); `--json` also lists, per area, the areas' model modules
(`functions.<area>.models`) its first request loaded (the dashboard reads plain attributes and
loads none).

    .venv/bin/python bench/cold_start_request.py [--repeat 5] [--only donations,donors] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench import cold_start  # noqa: E402 (after the path set-up above)

BUDGET_RATIO = 1.3
# the area's first request: (method, path; "{donor}" is a demo donor's id), who makes it
REQUESTS: dict[str, tuple[str, str, str]] = {
    "auth": ("GET", "/api/user", "owner"),
    "settings": ("GET", "/api/settings/users", "owner"),
    "notifications": ("GET", "/api/notifications", "owner"),
    "exports": ("GET", "/api/jobs/no-such-job", "owner"),  # the area has no list: a 404 read
    "charities": ("GET", "/api/charities", "admin"),
    "search": ("GET", "/api/search?q=smith", "owner"),
    "feedbacks": ("GET", "/api/feedbacks", "admin"),
    "donors": ("GET", "/api/donors", "owner"),
    "donations": ("GET", "/api/donations", "owner"),
    "declarations": ("GET", "/api/donors/{donor}/declarations", "owner"),
    "dashboard": ("GET", "/api/dashboard", "owner"),
    "giftaid": ("GET", "/api/gift-aid/claims", "owner"),
    "imports": ("GET", "/api/imports", "owner"),
    "funds": ("GET", "/api/funds", "owner"),
    "expenses": ("GET", "/api/expenses", "owner"),
    "projects": ("GET", "/api/projects", "owner"),
    "gateways": ("GET", "/api/payment-gateways", "owner"),
    "giving": ("GET", "/api/giving-page", "owner"),
    "billing": ("GET", "/api/billings/payments", "owner"),
    "webhooks": ("GET", "/api/webhook-calls", "owner"),
    "dev": ("GET", "/api/dev/outbox", "owner"),
    "subscriptions": ("GET", "/api/subscriptions", "owner"),
    "pages": ("GET", "/api/pages", "owner"),
}
EXPECTED = {"exports": 404}
FLOOR = """
import sys, time, json
sys.path.insert(0, sys.argv[1])
started = time.perf_counter()
import boto3
boto3.client("dynamodb")
print(json.dumps({"total": time.perf_counter() - started, "cpu": time.process_time()}))
"""
FIRST = """
import sys, time, json
sys.path.insert(0, sys.argv[1])
started = time.perf_counter()
handler = __import__(sys.argv[2], fromlist=["app"])
imported = time.perf_counter()

class Context:
    function_name = sys.argv[2]
    function_version = "$LATEST"
    invoked_function_arn = "arn:aws:lambda:eu-west-2:123456789012:function:" + sys.argv[2]
    memory_limit_in_mb = 512
    aws_request_id = "bench-request"
    log_group_name = log_stream_name = "bench"
    def get_remaining_time_in_millis(self):
        return 29000

answer = handler.app(json.loads(sys.stdin.read()), Context())
done = time.perf_counter()
pydantic = "pydantic" in sys.modules
cpu = time.process_time()
models = sorted(name for name in sys.modules if name.startswith("functions.") and name.endswith(".models"))
print(json.dumps({"import": imported - started, "total": done - started, "status": answer["statusCode"],
                  "pydantic": pydantic, "cpu": cpu, "models": models}))
"""
MOTO = """
import sys
from chalicelocal import embedded
server, endpoint = embedded.start_moto()
print(endpoint, flush=True)
sys.stdin.read()
"""


def child(code: str, artifact: Path, args: list[str], stdin: str, env: dict[str, str]) -> dict[str, Any]:
    return dict(json.loads(cold_start.fresh_interpreter(code, artifact, args, env, stdin)))


def stack() -> tuple[subprocess.Popen[str], dict[str, str]]:
    """moto in a process of its own with the template's resources and the demo data; the
    functions' environment."""
    moto = subprocess.Popen(  # noqa: S603
        [sys.executable, "-c", MOTO], cwd=ROOT, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
    )
    assert moto.stdout is not None  # noqa: S101
    endpoint = moto.stdout.readline().strip()
    import tests.conftest  # noqa: F401  (fake credentials, local stage)
    from chalicelocal import embedded, resources

    embedded.point_environment_at(endpoint)
    created = resources.create_resources(prefix="almoner-cold", region=embedded.REGION)
    environment = resources.function_environment(created, overrides={"ALMONER_STAGE": "local"})
    os.environ.update(environment)
    from chalicelocal import seed

    seed.seed()
    keep = ("AWS_ENDPOINT_URL", "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_DEFAULT_REGION")
    # As Lambda's runtime sets it (functions.core.coldstart acts on it), for the floor too.
    lambda_like = {"POWERTOOLS_LOG_LEVEL": "WARNING", "AWS_LAMBDA_FUNCTION_NAME": "almoner-bench"}
    env = {name: os.environ[name] for name in keep} | environment | lambda_like
    return moto, env


def events() -> dict[str, str]:
    """Each area's first request as API Gateway's proxy event (JSON), with the signed-in cookie."""
    from chalice.config import Config
    from chalice.local import LocalGateway
    from chalice.test import Client

    from app import app
    from chalicelocal import seed
    from functions.core import keys
    from functions.donors.models import Donor
    from tests.functional.browser import Browser
    from tests.functional.helpers import login

    cookies: dict[str, str] = {}
    with Client(app) as client:
        for who, email, password in (
            ("owner", seed.OWNER_EMAIL, seed.DEMO_PASSWORD),
            ("admin", seed.ADMIN_EMAIL, seed.ADMIN_PASSWORD),
        ):
            browser = Browser(client)
            reply = login(browser, email, password)
            assert reply.status == 200, reply  # noqa: S101
            cookies[who] = f"almoner_session={browser.cookies['almoner_session']}"
    user = json.loads(Client(app).http.get("/api/user", headers={"Cookie": cookies["owner"]}).body)
    tenant_id = user["tenant"]["id"]
    donor = next(iter(Donor.query(keys.tenant_pk(tenant_id), Donor.sk.startswith("DONOR#"), limit=1)))
    gateway = LocalGateway(app, Config.create(chalice_stage="local", app_name=app.app_name))
    found = {}
    for area, (method, path, who) in REQUESTS.items():
        path = path.replace("{donor}", str(donor.donor_id))
        headers = {"cookie": cookies[who], "accept": "application/json", "host": "127.0.0.1"}
        event = gateway._generate_lambda_event(method, path, headers, None)
        found[area] = json.dumps(event)
    return found


def main(argv: list[str] | None = None) -> int:
    from functions.areas import AREAS
    from infra import package

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--only", default="", help="areas, comma-separated")
    parser.add_argument("--json", action="store_true", help="also one last line: each area's figures as JSON")
    args = parser.parse_args(argv)
    areas = [a for a in AREAS if not args.only or a in args.only.split(",")]
    moto, env = stack()
    try:
        requests = events()
        with tempfile.TemporaryDirectory(prefix="almoner-bench-") as folder:
            artifact = package.build(Path(folder) / "artifact")
            child(FLOOR, artifact, [], "", env)  # warm the OS file cache once, like a reused host
            floors: list[dict[str, Any]] = []
            samples: dict[str, list[dict[str, Any]]] = {area: [] for area in areas}
            for _ in range(args.repeat):
                for area in areas:
                    floor = child(FLOOR, artifact, [], "", env)
                    floors.append(floor)
                    sample = child(FIRST, artifact, [f"functions.{area}.handler"], requests[area], env)
                    sample["ratio"] = sample["total"] / floor["total"]
                    sample["cpu_ratio"] = sample["cpu"] / floor["cpu"]
                    samples[area].append(sample)
    finally:
        if moto.stdin:
            moto.stdin.close()
        moto.kill()
    floor = statistics.median(run["total"] for run in floors)
    floor_cpu = statistics.median(run["cpu"] for run in floors)
    spread = min(run["total"] for run in floors), max(run["total"] for run in floors)
    over_the_run = f"{spread[0]:.3f}-{spread[1]:.3f} s over the run"
    print(f"bare_boto3_client: {floor:.3f} s (CPU {floor_cpu:.3f} s; {over_the_run})")
    failures = []
    worst = 0.0
    found: dict[str, dict[str, Any]] = {}
    for area in areas:
        runs = samples[area]
        total = statistics.median(run["total"] for run in runs)
        imported = statistics.median(run["import"] for run in runs)
        statuses = {run["status"] for run in runs}
        pydantic = any(run["pydantic"] for run in runs)
        ratio = statistics.median(run["ratio"] for run in runs)
        cpu_ratio = statistics.median(run["cpu_ratio"] for run in runs)
        worst = max(worst, ratio)
        found[area] = {
            "ratio": ratio,
            "cpu_ratio": cpu_ratio,
            "statuses": sorted(statuses),
            "pydantic": pydantic,
            "models": sorted({name for run in runs for name in run["models"]}),
        }
        uses = "yes" if pydantic else "no"
        shown = f"{total:.3f} s (import {imported:.3f} s, status {sorted(statuses)}, pydantic {uses})"
        print(f"cold_first_request_{area}: {shown}")
        print(f"ratio_{area}: {ratio:.2f} (CPU {cpu_ratio:.2f})")
        if statuses != {EXPECTED.get(area, 200)}:
            failures.append(f"{area} answered {sorted(statuses)}")
        if ratio > BUDGET_RATIO:
            failures.append(f"{area} {ratio:.2f}x")
    print(f"worst_ratio: {worst:.2f}")
    with_pydantic = sum(area["pydantic"] for area in found.values())
    print(f"pydantic_on_first_request: {with_pydantic} of {len(found)} areas")
    print("budget: pass" if not failures else f"budget: fail ({'; '.join(failures)} > {BUDGET_RATIO}x)")
    if args.json:
        print(json.dumps(found))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
