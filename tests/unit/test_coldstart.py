"""A Lambda's cold start runs without the cyclic collector, which comes back after the first
request with the cold start's objects frozen (functions/core/coldstart.py); nothing else ever
pauses it. Each case runs in a fresh interpreter: the pause happens at import."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

FIRST_REQUEST = """
import gc, json
import functions.core.coldstart
seen = {"during_init": gc.isenabled()}
from chalice import Blueprint
from chalice.test import Client
from functions.core.application import make_app

bp = Blueprint(__name__)

@bp.route("/ping")
def ping():
    seen.setdefault("during_request", gc.isenabled())  # the first request's
    return {"ok": True}

app = make_app("almoner-test", [(bp, "/api")])
with Client(app) as client:
    status = client.http.get("/api/ping").status_code
    seen["after_first"] = gc.isenabled()
    seen["frozen"] = gc.get_freeze_count()
    client.http.get("/api/ping")
    seen["after_second"] = gc.isenabled()
print(json.dumps(seen | {"status": status}))
"""


def _run(in_lambda: bool) -> dict[str, object]:
    env = {k: v for k, v in os.environ.items() if k != "AWS_LAMBDA_FUNCTION_NAME"}
    if in_lambda:
        env["AWS_LAMBDA_FUNCTION_NAME"] = "almoner-test"
    done = subprocess.run(  # noqa: S603 (our interpreter, our code)
        [sys.executable, "-c", FIRST_REQUEST], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def test_in_a_lambda_the_collector_pauses_for_the_cold_start_and_comes_back_frozen_after_it() -> None:
    seen = _run(in_lambda=True)
    assert seen["status"] == 200
    assert seen["during_init"] is False
    assert seen["during_request"] is False
    assert seen["after_first"] is True
    assert isinstance(seen["frozen"], int) and seen["frozen"] > 10_000  # the modules, classes, models
    assert seen["after_second"] is True


def test_outside_a_lambda_the_collector_is_never_paused() -> None:
    seen = _run(in_lambda=False)
    assert seen["status"] == 200
    assert seen["during_init"] is True
    assert seen["during_request"] is True
    assert seen["frozen"] == 0
