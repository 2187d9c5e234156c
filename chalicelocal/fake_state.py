"""The fake payment providers' state across restarts of the local stack: `fakes.json` beside
`state.json`, restored at start and saved (when changed) every snapshot interval and on stop, by
the same atomic write as the AWS snapshot. Without it a restart would forget every payment the
fakes took, and a refund or a dispute of an older gift could not be tried."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from chalicelocal import fake_paypal, fake_stripe, state

FILE_NAME = "fakes.json"
FORMAT_VERSION = 1


def capture() -> dict[str, Any]:
    return {
        "format": FORMAT_VERSION,
        "stripe": fake_stripe.FAKE.snapshot(),
        "paypal": fake_paypal.fake().snapshot(),
    }


def restore(path: Path) -> bool:
    """Put the saved fakes back; False when there is nothing (or nothing readable) to restore:
    the fakes are a convenience, never a reason not to start."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return False
    if not isinstance(data, dict) or data.get("format") != FORMAT_VERSION:
        return False
    try:
        fake_stripe.FAKE.restore(data.get("stripe") or {})
        fake_paypal.fake().restore(data.get("paypal") or {})
    except (KeyError, TypeError, ValueError) as exc:
        print(f"chalicelocal: ignoring {path}: {exc}", flush=True)
        return False
    return True


class Saver(state.Snapshotter):
    """Saves `capture()` to `path` every `interval` seconds when it changed, and on `stop()`."""

    what = "saving the fake providers"

    def __init__(self, path: Path, interval: float = 30.0) -> None:
        super().__init__(path, None, interval)

    def capture(self) -> dict[str, Any]:
        return capture()
