"""`python -m chalicelocal`: the whole of Almoner in one process, no AWS account, no Docker.

Order matters: moto starts and the environment points at it before app.py or any client is
imported; the template's resources are created, the last snapshot is restored, then the API, the
job runner, the scheduler and the periodic snapshot start. Ctrl-C (or SIGTERM) saves and exits 0.
"""

from __future__ import annotations

import importlib
import os
import signal
import sys
from pathlib import Path
from typing import Any

from chalicelocal import resources

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
PREFIX = "almoner-local"
# `npm run dev` in frontend/ serves the SPA from Vite's origin; its uploads go to the bucket too.
VITE_DEV_ORIGINS = ("http://localhost:5173", "http://127.0.0.1:5173")


def _state_dir() -> Path:
    return Path(os.environ.get("ALMONER_STATE_DIR") or ROOT / ".almoner").resolve()


def _stop_on_signals() -> None:
    """SIGTERM and SIGINT both stop cleanly. SIGINT is installed explicitly: a shell starts
    background jobs with SIGINT ignored, and Python then never raises KeyboardInterrupt."""

    def handler(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, handler)
    signal.signal(signal.SIGINT, handler)


def provider_environment(url: str, paypal_root_pem: str) -> dict[str, str]:
    """The environment that points the app at the local fake payment providers (contract of issue
    16): API bases, the allow-listed PayPal certificate host and its trusted root, the public URL."""
    return {
        "ALMONER_STRIPE_API_BASE": f"{url}/fake-stripe",
        "ALMONER_PAYPAL_API_BASE": f"{url}/fake-paypal",
        "ALMONER_PAYPAL_CERT_HOSTS": url.split("://", 1)[1],
        "ALMONER_PAYPAL_TRUST_ROOTS": paypal_root_pem,
        "ALMONER_PUBLIC_URL": url,
    }


def main() -> int:
    port = int(os.environ.get("ALMONER_PORT", "8000"))
    state_dir = _state_dir()
    url = f"http://{HOST}:{port}"

    # moto's server answers every origin with permissive CORS headers unless this is set (read when
    # moto is imported); without them S3 applies the bucket's own CorsConfiguration, as AWS does
    # (docs/decisions/0007-files-bucket-cors.md).
    os.environ["MOTO_DISABLE_GLOBAL_CORS"] = "true"
    from chalicelocal import embedded, fake_address, fake_hmrc, fake_paypal, web

    try:
        server = web.make_server(HOST, port, quiet=os.environ.get("ALMONER_QUIET") == "1")
    except OSError as exc:
        print(f"chalicelocal: cannot listen on {url}: {exc}. Set ALMONER_PORT to another port.", flush=True)
        return 1
    moto, endpoint = embedded.start_moto()
    embedded.point_environment_at(endpoint)
    # Everything below may create clients: imported only now.
    from chalicelocal import fake_state, runner, scheduler, seed, state
    from chalicelocal.lambdas import schedule_triggers, sqs_triggers

    template = resources.load_template()
    created = resources.create_resources(
        prefix=PREFIX,
        template=template,
        region=embedded.REGION,
        parameters={"AppUrl": url},
        extra_cors_origins=VITE_DEV_ORIGINS,
    )
    os.environ.update(
        resources.function_environment(
            created, template, overrides={"ALMONER_STAGE": "local", "APP_URL": url}
        )
    )
    # The postcode lookup of the donor forms asks the local fake unless another provider is set.
    os.environ["ADDRESS_LOOKUP_URL"] = (
        os.environ.get("ALMONER_ADDRESS_LOOKUP_URL") or f"{url}{fake_address.PATH}"
    )

    # Online giving talks to the local fake Stripe and PayPal on this same server (issue 16); the
    # fake PayPal's certificate chain is trusted by this process only.
    os.environ.update(provider_environment(url, fake_paypal.fake().root_pem))
    fake_paypal.fake().public_base = f"{url}{fake_paypal.PREFIX}"

    stores = state.stores_from(created, template)
    snapshot_path = state_dir / state.FILE_NAME
    try:
        saved = state.read(snapshot_path)
    except (OSError, ValueError) as exc:  # a hand-edited or foreign file: never overwrite it silently
        print(
            f"chalicelocal: cannot read {snapshot_path}: {exc}. Move it away or run `make reset`.", flush=True
        )
        moto.stop()
        return 1
    restored = state.restore(saved, stores) if saved else None

    sys.path.insert(0, str(ROOT))
    app = importlib.import_module("app").app
    fake_gateway_url = f"{url}{fake_hmrc.PATH}"
    fakes_path = state_dir / fake_state.FILE_NAME
    fake_state.restore(fakes_path)  # before the seed, which registers the demo's accounts again
    seeded = seed.seed(fake_gateway_url=fake_gateway_url, public_url=url)
    web.attach(server, app, files_origin=endpoint)

    workers = runner.start_workers(sqs_triggers(template), created)
    schedules = scheduler.Scheduler(schedule_triggers(template) if scheduler.enabled() else [])
    schedules.start()
    snapshotter = state.Snapshotter(
        snapshot_path, stores, float(os.environ.get("ALMONER_SNAPSHOT_SECONDS", 30))
    )
    snapshotter.save_if_changed()
    snapshotter.start()
    fakes_saver = fake_state.Saver(fakes_path, float(os.environ.get("ALMONER_SNAPSHOT_SECONDS", 30)))
    fakes_saver.start()

    _print_banner(
        url,
        state_dir,
        restored,
        seeded,
        [w.trigger.function.logical_id for w in workers],
        schedules.names,
        fake_gateway_url,
    )
    _stop_on_signals()
    try:
        server.serve_forever(poll_interval=0.5)
    except KeyboardInterrupt:
        print("\nchalicelocal: stopping...", flush=True)
    finally:
        server.server_close()
        for worker in workers:
            worker.stop()
        schedules.stop()
        snapshotter.stop()
        fakes_saver.stop()
        moto.stop()
    print(f"chalicelocal: state saved to {snapshot_path}", flush=True)
    return 0


def _print_banner(
    url: str,
    state_dir: Path,
    restored: dict[str, int] | None,
    seeded: bool,
    workers: list[str],
    schedules: list[str],
    fake_gateway_url: str,
) -> None:
    from chalicelocal.fake_hmrc import REJECT_SURNAME
    from chalicelocal.seed import ACCOUNTS

    if restored is None:
        origin = "fresh start"
    else:
        origin = (
            f"restored {restored['items']} items, {restored['objects']} files, "
            f"{restored['messages']} queued messages"
        )
    lines = [
        "",
        f"  Almoner is running at {url}",
        "",
        "  Sign in with:",
        *(f"    {a.label + ':':<34} {a.email} / {a.password}" for a in ACCOUNTS),
        "",
        f"  Emails sent locally:   {url}/api/dev/outbox",
        f"  Fake HMRC gateway:     {fake_gateway_url}",
        "                         (Gift Aid settings > Endpoint: custom URL; the demo charity uses it;",
        f"                         a donor surnamed {REJECT_SURNAME} gets a claim rejected)",
        f"  Address lookup:        {os.environ.get('ADDRESS_LOOKUP_URL', '')} (postcodes, e.g. BA1 1AA)",
        f"  Fake Stripe:           {url}/fake-stripe/ (accounts, keys, webhooks, refunds, payouts)",
        f"  Fake PayPal:           {url}/fake-paypal/ (apps, webhooks, captures, refunds)",
        f"  Widget demo:           {url.replace('127.0.0.1', 'localhost')}/fake-host/ (another website"
        " embedding the demo's published page)",
        f"  State:                 {state_dir / 'state.json'} ({origin}{'; demo seeded' if seeded else ''})",
        "  Reset:                 make reset (stop the server first)",
        f"  Job handlers:          {', '.join(workers) or 'none in template.yaml yet'}",
        f"  Schedules:             {', '.join(schedules) or 'none'}",
        "  Stop:                  Ctrl-C (saves the state)",
        "",
    ]
    print("\n".join(lines), flush=True)


if __name__ == "__main__":
    sys.exit(main())
