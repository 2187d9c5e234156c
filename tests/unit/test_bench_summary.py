"""`make bench`'s summary (bench/summary.py): one row per bench, failing on any budget failure,
on a bench that prints no verdict, or one that exits non-zero."""

from __future__ import annotations

import sys

from bench import summary

PASSING = summary.Bench("quick", (sys.executable, "-c", ""), ("wall_*",), "≤ 1 s")


def test_figures_and_verdicts_are_read_from_the_output() -> None:
    output = "wall_time: 0.4 s\nother: 3 calls\nnoise line\nbudget: pass\n"
    outcome = summary.read(PASSING, output, status=0, load=0.5, seconds=2.0)
    assert outcome.passed and outcome.verdict() == "pass"
    assert outcome.figures == {"wall_time": "0.4 s", "other": "3 calls"}
    assert outcome.headline() == "wall_time 0.4 s"


def test_a_failed_budget_a_missing_verdict_or_a_crash_is_a_failure() -> None:
    failed = summary.read(PASSING, "wall_time: 9 s\nbudget: fail (wall 9 s > 1 s)\n", 0, 0.5, 2.0)
    assert not failed.passed and failed.verdict() == "FAIL fail (wall 9 s > 1 s)"
    silent = summary.read(PASSING, "wall_time: 0.1 s\n", 0, 0.5, 2.0)
    assert not silent.passed and silent.verdict() == "FAIL no budget verdict printed"
    crashed = summary.read(PASSING, "budget: pass\n", 1, 0.5, 2.0)
    assert not crashed.passed and crashed.verdict() == "FAIL exit status 1"
    two = summary.read(PASSING, "budget: pass\nbudget: fail (x)\n", 0, 0.5, 2.0)
    assert not two.passed


def test_the_table_has_a_row_per_bench_with_load_time_result_and_budget(capsys, monkeypatch) -> None:
    slow = summary.Bench(
        "slow",
        (sys.executable, "-c", "print('wall_time: 5 s'); print('budget: fail (wall)')"),
        ("wall_*",),
        "≤ 1 s",
    )
    quick = summary.Bench(
        "quick",
        (sys.executable, "-c", "print('wall_time: 0.2 s'); print('budget: pass')"),
        ("wall_*",),
        "≤ 1 s",
    )
    monkeypatch.setattr(summary, "BENCHES", (quick, slow))
    assert summary.main([]) == 1
    shown = capsys.readouterr().out.split("==> summary")[1]
    rows = [line for line in shown.splitlines() if line.startswith(("quick", "slow"))]
    assert rows[0].split(" | ")[3].strip() == "pass" and "wall_time 0.2 s" in rows[0]
    assert rows[1].split(" | ")[3].strip() == "FAIL fail (wall)"
    assert "benches: 2, failed: 1 (slow)" in shown
    assert summary.main(["--only", "quick"]) == 0


def test_a_figure_per_area_shows_its_largest_and_a_long_reason_is_cut() -> None:
    per_area = summary.Bench("cold", ("true",), ("bare", "ratio_*"), "≤ 1.3×")
    figures = "bare: 0.3 s\nratio_auth: 1.28\nratio_dev: 0.96\nratio_giftaid: 1.20\n"
    output = figures + "budget: fail (" + "x" * 200 + ")\n"
    outcome = summary.read(per_area, output, 0, 0.1, 1.0)
    assert outcome.headline() == "bare 0.3 s; ratio_* max 1.28 (ratio_auth)"
    assert outcome.verdict().startswith("FAIL fail (xxx") and len(outcome.verdict()) == len("FAIL ") + 70


def test_qualified_figures_are_read_and_the_bundle_headline_is_the_worst_page() -> None:
    bundle = next(bench for bench in summary.BENCHES if bench.name == "bundle")
    output = (
        "initial_js_gzip: 150.0 kB\n"
        "page_js_gzip[/]: 160.1 kB (30 files, en; budget 170 kB, ok)\n"
        "page_js_gzip[/donations]: 171.3 kB (40 files, es; budget 170 kB, OVER)\n"
        "page_js_gzip_worst: 171.3 kB (/donations)\n"
        "budget: fail (page_js_gzip)\n"
    )
    outcome = summary.read(bundle, output, 1, 0.2, 30.0)
    assert outcome.figures["page_js_gzip[/donations]"].startswith("171.3 kB")
    assert outcome.headline().startswith("page_js_gzip_worst 171.3 kB (/donations)")
    assert not outcome.passed
