"""Every bench, one after another, then one table: `make bench` (issue 18 §3).

Each bench prints `name: value` lines and one or more `budget: pass` / `budget: fail (…)` lines
(bench/README conventions of every script here). This runs each as its own process, shows its
output as it comes, and ends with one row per bench: the 1-minute load average when it started
(a figure taken on a busy machine is not a budget verdict), how long it ran, its headline
figures, its budget and pass/fail. A bench that exits non-zero, prints no verdict or any
`budget: fail` fails; the exit status is 1 when any bench failed.

    .venv/bin/python bench/summary.py [--only webhooks,claim_build] [--list]
"""

from __future__ import annotations

import argparse
import fnmatch
import os
import re
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PY = sys.executable
REASON_WIDTH = 70  # the bench's own output above has the whole reason
# `name: value`, the name optionally qualified: `page_js_gzip[/donations]: 165.2 kB (31 files)`.
FIGURE = re.compile(r"^([a-z][a-z0-9_-]*(?:\[[^\]]*\])?): (.+)$")


@dataclass(frozen=True)
class Bench:
    name: str
    command: tuple[str, ...]
    headlines: tuple[str, ...]  # figure names (fnmatch patterns) shown in the table
    budget: str


BENCHES = (
    Bench(
        "cold_start",
        (PY, "bench/cold_start.py"),
        ("bare_boto3", "ratio_*"),
        "each area ≤ 1.3× a bare boto3 import + client",
    ),
    Bench(
        "cold_first_request",
        (PY, "bench/cold_start_request.py"),
        ("bare_boto3_client", "worst_ratio"),
        "import + first request ≤ 1.3× a bare boto3 import + client, every area",
    ),
    Bench(
        "claim_build",
        (PY, "bench/claim_build.py"),
        ("xml_build_time", "ods_build_time", "xml_peak_memory"),
        "XML ≤ 1.5 s, ODS ≤ 5 s, ≤ 200 MB",
    ),
    Bench(
        "claims",
        (PY, "bench/claims.py", "--separate"),
        ("end_to_end", "donation_reads_per_donation", "stage_xml_irmark", "linearity"),
        "100,000 donations → sealed with files ≤ 60 s, 1 read per donation, XML ≤ 1 s, linear",
    ),
    Bench(
        "import",
        (PY, "bench/import.py"),
        ("wall_time", "run_vs_raw"),
        "100,000 rows ≤ 120 s, ≥ 0.8× the fastest raw writer",
    ),
    Bench(
        "donations",
        (PY, "bench/donations.py"),
        ("*_p95", "export_time", "export_peak_memory"),
        "lists p95 ≤ 40 ms, export ≤ 30 s (moto apart and in-process), export memory ≤ 2× at 10× the rows",
    ),
    Bench(
        "funds",
        (PY, "bench/funds.py"),
        ("statement_p95", "statement_calls", "donation_3way_calls"),
        "statement ≤ 0.5 s and ≤ 60 calls",
    ),
    Bench(
        "webhooks",
        (PY, "bench/webhooks.py"),
        ("ingestion_p95", "lost_events", "donations_doubled", "processing_rate"),
        "p95 ≤ 300 ms, 0 lost, 0 doubled",
    ),
    Bench(
        "bundle",
        ("bash", "bench/bundle.sh"),
        ("page_js_gzip_worst", "initial_js_gzip", "give_page_js_beyond_react_gzip"),
        "JS of each first signed-in page ≤ 170 kB gzip; give page ≤ 100 kB beyond React",
    ),
    Bench(
        "ux",
        (PY, "-m", "chalicelocal.with_stack", "node", "bench/ux.mjs"),
        ("sign-in", "donations", "new-claim", "claim-140"),
        "content ≤ 1 s per screen, a 140-donation claim ≤ 3 s",
    ),
)


@dataclass
class Outcome:
    bench: Bench
    load: float
    seconds: float
    status: int
    figures: dict[str, str] = field(default_factory=dict)
    verdicts: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return self.status == 0 and bool(self.verdicts) and all(v == "pass" for v in self.verdicts)

    def headline(self) -> str:
        """The headline figures; a pattern matching several (one per area) shows its largest."""
        shown: list[str] = []
        for pattern in self.bench.headlines:
            found = [
                (n, v.split(" (budget")[0]) for n, v in self.figures.items() if fnmatch.fnmatch(n, pattern)
            ]
            if len(found) == 1 or (found and not all(_number(v) is not None for _, v in found)):
                shown += [f"{name} {value}" for name, value in found]
            elif found:
                name, value = max(found, key=lambda item: _number(item[1]) or 0.0)
                shown.append(f"{pattern} max {value} ({name})")
        return "; ".join(shown) or "(no figures)"

    def verdict(self) -> str:
        if self.passed:
            return "pass"
        reasons = [v for v in self.verdicts if v != "pass"]
        if not self.verdicts:
            reasons = ["no budget verdict printed"]
        if self.status != 0 and not reasons:
            reasons = [f"exit status {self.status}"]
        text = "; ".join(reasons)
        return "FAIL " + (text if len(text) <= REASON_WIDTH else text[: REASON_WIDTH - 1] + "…")


def _number(value: str) -> float | None:
    found = re.match(r"^-?[0-9][0-9,]*(\.[0-9]+)?", value)
    return float(found.group(0).replace(",", "")) if found else None


def read(bench: Bench, output: str, status: int, load: float, seconds: float) -> Outcome:
    """The figures and verdicts of one bench's output."""
    outcome = Outcome(bench, load, seconds, status)
    for line in output.splitlines():
        found = FIGURE.match(line.strip())
        if not found:
            continue
        name, value = found.groups()
        if name == "budget":
            outcome.verdicts.append("pass" if value == "pass" else value)
        else:
            outcome.figures[name] = value
    return outcome


def run(bench: Bench) -> Outcome:
    load = os.getloadavg()[0]
    print(f"\n==> bench {bench.name} (load average {load:.2f}): {' '.join(bench.command[1:])}", flush=True)
    started = time.perf_counter()
    lines: list[str] = []
    with subprocess.Popen(  # noqa: S603 (our own scripts)
        bench.command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    ) as process:
        assert process.stdout is not None  # noqa: S101
        for line in process.stdout:
            print(line, end="", flush=True)
            lines.append(line)
        status = process.wait()
    return read(bench, "".join(lines), status, load, time.perf_counter() - started)


def table(outcomes: list[Outcome]) -> str:
    rows = [("bench", "load@start", "time", "result", "figures", "budget")]
    rows += [
        (o.bench.name, f"{o.load:.2f}", f"{o.seconds:.0f} s", o.verdict(), o.headline(), o.bench.budget)
        for o in outcomes
    ]
    widths = [max(len(row[column]) for row in rows) for column in range(len(rows[0]))]
    lines = [" | ".join(cell.ljust(width) for cell, width in zip(row, widths, strict=True)) for row in rows]
    lines.insert(1, "-+-".join("-" * width for width in widths))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Run every bench and print one summary table.")
    parser.add_argument("--only", default="", help="comma-separated bench names (default: all)")
    parser.add_argument("--list", action="store_true", help="list the benches and exit")
    args = parser.parse_args(argv)
    if args.list:
        for bench in BENCHES:
            print(f"{bench.name}: {' '.join(bench.command[1:])} ({bench.budget})")
        return 0
    wanted = [name for name in args.only.split(",") if name]
    unknown = sorted(set(wanted) - {bench.name for bench in BENCHES})
    if unknown:
        parser.error(f"unknown bench(es): {', '.join(unknown)}")
    outcomes = [run(bench) for bench in BENCHES if not wanted or bench.name in wanted]
    print("\n==> summary (load average = 1 minute, when each bench started)\n")
    print(table(outcomes))
    failed = [o.bench.name for o in outcomes if not o.passed]
    print(
        f"\nbenches: {len(outcomes)}, failed: {len(failed)}" + (f" ({', '.join(failed)})" if failed else "")
    )
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
