"""Claim build: 100,000 Gift Aid lines → the R68 XML with its IRmark, and the ODS schedules.

Budget (ARCHITECTURE.md §8, issue 5 point 12): for 100,000 lines, XML + IRmark ≤ 1.5 s, the ODS
schedules (100 files of 1,000 lines, zipped) ≤ 5 s, peak memory ≤ 200 MB, linear in N (the XML is
also built for 10,000 and 50,000 lines and the time per line compared). The XML is uncompressed,
as HMRC's own portal sends it.

Each measurement runs in a fresh interpreter so its peak RSS (`ru_maxrss`: the interpreter, lxml,
the generated lines and the build) belongs to that build alone; times are the best of `--repeat`.

    .venv/bin/python bench/claim_build.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import resource
import subprocess
import sys
import time
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from functions.domain.giftaid.model import AuthorisedOfficial, Claim, GadLine, GasdsYear  # noqa: E402
from functions.domain.hmrc.r68 import build_submission  # noqa: E402
from functions.domain.hmrc.schedule import write_schedules_zip  # noqa: E402

BUDGET_XML_SECONDS = 1.5
BUDGET_ODS_SECONDS = 5.0
BUDGET_PEAK_MB = 200.0
LINEARITY_TOLERANCE = 1.5  # time per line at 100k may be at most 1.5x that at 10k
TITLES = ("Mr", "Mrs", "Ms", "Miss", "Dr", "Prof", None)
FIRST_NAMES = ("John", "Zoë", "Aisha", "B", "Seán", "Mary-Jane", "O'Neil")
LAST_NAMES = ("Smith", "O'Brien", "Chaudry", "House Martin", "Nguyen", "Smith & Sons", "Müller")
POSTCODES = ("M99 2QD", "L43 4FB", "SW1A 1AA", "EC1A 1BB", "B33 8TH", "CR2 6XH", "DN55 1PT")


def generate_lines(count: int) -> tuple[GadLine, ...]:
    """Varied lines: 1 in 10 aggregated, 1 in 25 overseas, 1 in 15 sponsored, titles and names mixed."""
    start = dt.date(2024, 4, 6)
    lines = []
    for i in range(count):
        date = start + dt.timedelta(days=i % 360)
        amount = Decimal(i % 50_000 + 1).scaleb(-2) + Decimal(i % 7 * 5)
        if i % 10 == 0:
            lines.append(
                GadLine(date, min(amount, Decimal("1000.00")), aggregated=f"Collection tins week {i % 52}")
            )
            continue
        overseas = i % 25 == 1
        lines.append(
            GadLine(
                date=date,
                amount=amount,
                title=TITLES[i % len(TITLES)],
                first_name=FIRST_NAMES[i % len(FIRST_NAMES)],
                last_name=f"{LAST_NAMES[i % len(LAST_NAMES)]} {i}",
                house="12 Rue de Rivoli, Paris" if overseas else f"{i % 300 + 1}{'A' if i % 9 == 0 else ''}",
                postcode=None if overseas else POSTCODES[i % len(POSTCODES)],
                overseas=overseas,
                sponsored=i % 15 == 2,
                donation_ids=(f"don-{i}",),
            )
        )
    return tuple(lines)


def claim_of(lines: tuple[GadLine, ...]) -> Claim:
    return Claim(
        charity_name="Almoner Bench Charity",
        hmrc_reference="XR4010",
        regulator="CCEW",
        registration_number="1137948",
        official=AuthorisedOfficial("Mrs", "Jane", "Official", "AB12 3YZ", False, "07777 777777"),
        lines=lines,
        earliest_date=min(line.date for line in lines),
        adjustment=Decimal("12.50"),
        other_info="Refund of a donation claimed in a previous claim",
        gasds=(GasdsYear(2025, Decimal("2000.00")),),
        sender_id="bench-user",
        vendor_id="1234",
    )


def child(kind: str, count: int, repeat: int) -> dict[str, float]:
    """Build `kind` (xml | ods) for `count` lines in this process; best time and peak RSS."""
    lines = generate_lines(count)
    claim = claim_of(lines)
    best = float("inf")
    size = 0
    for _ in range(repeat):
        started = time.perf_counter()
        if kind == "xml":
            size = len(build_submission(claim, password="bench-password").xml)  # noqa: S106 - fake
        else:
            size = len(write_schedules_zip(lines, claim.earliest_date, claim.adjustment))
        best = min(best, time.perf_counter() - started)
    peak_kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # kilobytes on Linux
    return {"seconds": best, "peak_mb": peak_kb / 1024, "bytes": size}


def measure(kind: str, count: int, repeat: int) -> dict[str, float]:
    completed = subprocess.run(
        [sys.executable, __file__, "--child", kind, "--lines", str(count), "--repeat", str(repeat)],
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(completed.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--child", choices=("xml", "ods"))
    parser.add_argument("--lines", type=int, default=100_000)
    args = parser.parse_args()
    if args.child:
        print(json.dumps(child(args.child, args.lines, args.repeat)))
        return

    per_line = {}
    for count in (10_000, 50_000):
        result = measure("xml", count, args.repeat)
        per_line[count] = result["seconds"] / count * 1e6
    xml = measure("xml", 100_000, args.repeat)
    per_line[100_000] = xml["seconds"] / 100_000 * 1e6
    ods = measure("ods", 100_000, args.repeat)

    print("lines: 100000")
    print(f"xml_build_time: {xml['seconds']:.3f} s")
    print(f"xml_size: {xml['bytes'] / 1e6:.1f} MB")
    print(f"xml_peak_memory: {xml['peak_mb']:.0f} MB")
    for count, label in ((10_000, "10k"), (50_000, "50k"), (100_000, "100k")):
        print(f"xml_time_per_line_us_{label}: {per_line[count]:.2f} us")
    print(f"ods_build_time: {ods['seconds']:.3f} s")
    print(f"ods_zip_size: {ods['bytes'] / 1e6:.1f} MB")
    print(f"ods_peak_memory: {ods['peak_mb']:.0f} MB")

    failures = []
    if xml["seconds"] > BUDGET_XML_SECONDS:
        failures.append("xml_build_time")
    if ods["seconds"] > BUDGET_ODS_SECONDS:
        failures.append("ods_build_time")
    if xml["peak_mb"] > BUDGET_PEAK_MB:
        failures.append("xml_peak_memory")
    if ods["peak_mb"] > BUDGET_PEAK_MB:
        failures.append("ods_peak_memory")
    if per_line[100_000] > LINEARITY_TOLERANCE * per_line[10_000]:
        failures.append("xml_linearity")
    print("budget: pass" if not failures else f"budget: fail ({', '.join(failures)})")


if __name__ == "__main__":
    main()
