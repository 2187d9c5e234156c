"""Cold import time of each API area's Lambda handler, from the built artifact.

A Lambda cold start pays for every module the handler imports. Budget (ARCHITECTURE.md §8): at
most 0.35 s per handler, and at most 1.3x a bare `import boto3` measured in the same run (the
floor every function pays). Each figure is the median of fresh interpreters that see only the
artifact and the standard library (`-I -S`), as Lambda's /var/task does.

    .venv/bin/python bench/cold_start.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from functions.areas import AREAS  # noqa: E402 (after the path set-up above)
from infra import package  # noqa: E402

BUDGET_SECONDS = 0.35
BUDGET_RATIO = 1.3
TIMER = """
import sys, time
sys.path.insert(0, sys.argv[1])
started = time.perf_counter()
__import__(sys.argv[2])
print(time.perf_counter() - started)
"""
ENVIRONMENT = {"AWS_DEFAULT_REGION": "eu-west-2", "ALMONER_STAGE": "dev", "TABLE_NAME": "bench-table"}


def fresh_interpreter(
    code: str, artifact: Path, args: list[str], env: dict[str, str], stdin: str = ""
) -> str:
    """Run `code` in a fresh interpreter that sees only `artifact` and the standard library
    (`-I -S`, as Lambda's /var/task); its last line of output. `ImportFailed` (the error's last
    line) when it fails."""
    completed = subprocess.run(  # noqa: S603 (our own interpreter and code)
        [sys.executable, "-I", "-S", "-c", code, str(artifact), *args],
        input=stdin,
        capture_output=True,
        text=True,
        env=env,
        check=False,
    )
    if completed.returncode != 0:
        raise ImportFailed((completed.stderr.strip().splitlines() or ["no output"])[-1])
    return (completed.stdout.strip().splitlines() or [""])[-1]


def import_seconds(artifact: Path, module: str) -> float:
    return float(fresh_interpreter(TIMER, artifact, [module], ENVIRONMENT))


class ImportFailed(Exception):
    """The module does not import from the artifact (the message is the error's last line)."""


def median_imports(artifact: Path, modules: list[str], repeat: int) -> dict[str, float | str]:
    """Median per module (or its import error), measured round-robin so a change in machine load
    affects every module alike and the ratios stay meaningful on a busy machine."""
    samples: dict[str, list[float]] = {module: [] for module in modules}
    errors: dict[str, str] = {}
    for _ in range(repeat):
        for module in modules:
            if module not in errors:
                try:
                    samples[module].append(import_seconds(artifact, module))
                except ImportFailed as error:
                    errors[module] = str(error)
    return {module: errors.get(module) or statistics.median(samples[module]) for module in modules}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="almoner-bench-") as folder:
        artifact = package.build(Path(folder) / "artifact")
        import_seconds(artifact, "boto3")  # warm the OS file cache once, like a reused host
        medians = median_imports(
            artifact, ["boto3"] + [f"functions.{area}.handler" for area in AREAS], args.repeat
        )
    boto3 = medians["boto3"]
    if isinstance(boto3, str):
        print(f"budget: fail (boto3 does not import from the artifact: {boto3})")
        return 1
    print(f"bare_boto3: {boto3:.3f} s")
    failures = []
    for area in AREAS:
        seconds = medians[f"functions.{area}.handler"]
        if isinstance(seconds, str):
            print(f"cold_import_{area}: error ({seconds})")
            failures.append(f"{area} does not import")
            continue
        ratio = seconds / boto3
        print(f"cold_import_{area}: {seconds:.3f} s")
        print(f"ratio_{area}: {ratio:.2f}")
        if seconds > BUDGET_SECONDS:
            failures.append(f"{area} {seconds:.3f} s > {BUDGET_SECONDS} s")
        if ratio > BUDGET_RATIO:
            failures.append(f"{area} {ratio:.2f}x > {BUDGET_RATIO}x boto3")
    print("budget: pass" if not failures else f"budget: fail ({'; '.join(failures)})")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
