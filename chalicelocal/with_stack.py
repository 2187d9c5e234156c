"""`python -m chalicelocal.with_stack CMD ...`: run CMD against a throwaway local stack.

Starts `python -m chalicelocal` on a free port with a temporary state folder, waits until
`GET /api/user` answers 401 (the API is up), runs CMD with ALMONER_URL set, stops the stack and
exits with CMD's status. `make test` runs the browser tests this way; so can a developer.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from chalicelocal.embedded import free_port

ROOT = Path(__file__).resolve().parent.parent
STARTUP_SECONDS = 90


def wait_until_up(url: str, process: subprocess.Popen[bytes], timeout: float = STARTUP_SECONDS) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the local stack exited with {process.returncode} before answering")
        try:
            urllib.request.urlopen(f"{url}/api/user", timeout=2)  # noqa: S310 (local URL)
        except urllib.error.HTTPError as error:
            if error.code == 401:
                return
        except OSError:
            pass
        time.sleep(0.3)
    raise TimeoutError(f"{url}/api/user did not answer 401 within {timeout:.0f} s")


def start(state_dir: str, port: int, log: int | None = None) -> subprocess.Popen[bytes]:
    env = dict(os.environ, ALMONER_PORT=str(port), ALMONER_STATE_DIR=state_dir, ALMONER_QUIET="1")
    return subprocess.Popen(  # noqa: S603 (our own interpreter and module)
        [sys.executable, "-m", "chalicelocal"], cwd=ROOT, env=env, stdout=log, stderr=log
    )


def stop(process: subprocess.Popen[bytes]) -> int:
    if process.poll() is None:
        process.send_signal(signal.SIGTERM)
        try:
            return process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
    return process.wait()


def main(argv: list[str]) -> int:
    command = argv[1:] if argv[:1] == ["--"] else argv
    if not command:
        print("usage: python -m chalicelocal.with_stack CMD [ARGS...]", file=sys.stderr)
        return 2
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory(prefix="almoner-state-") as state_dir:
        log_path = Path(state_dir) / "stack.log"
        with open(log_path, "wb") as log:
            process = start(state_dir, port, log.fileno())
            try:
                wait_until_up(url, process)
                print(f"with_stack: local stack up at {url}", flush=True)
                status = subprocess.call(command, env=dict(os.environ, ALMONER_URL=url))  # noqa: S603
            except (RuntimeError, TimeoutError) as exc:
                print(f"with_stack: {exc}", file=sys.stderr)
                status = 1
            finally:
                stop(process)
        if status != 0:
            print(f"with_stack: the stack's log follows ({log_path})", file=sys.stderr)
            sys.stderr.write(log_path.read_text(encoding="utf-8", errors="replace")[-20000:])
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
