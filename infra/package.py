"""Build the Lambda artifact (`build/artifact/` by default): app.py, functions/ and the pinned
runtime dependencies, with precompiled bytecode.

Chalice's own packager zips only app.py, chalicelib/ and vendor/, so our top-level `functions/`
package needs this step. Bytecode is compiled with `UNCHECKED_HASH`: Lambda's /var/task is
read-only, so without valid .pyc files every cold start recompiles everything in memory (~1 s
instead of ~0.3 s), and unchecked-hash .pyc files stay valid whatever mtimes the zip restores.

Dependencies are installed once per (requirements.txt, platform) into `build/cache/<hash>/`,
compiled there, and hard-linked into the artifact, so a rebuild takes about a second.

    python infra/package.py                 # local interpreter's platform (tests, bench)
    python infra/package.py --lambda        # manylinux2014 aarch64 wheels, CPython 3.11 (deploy)
"""

from __future__ import annotations

import argparse
import compileall
import fcntl
import hashlib
import os
import py_compile
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
REQUIREMENTS = ROOT / "requirements.txt"
DEFAULT_OUT = ROOT / "build" / "artifact"
CACHE = ROOT / "build" / "cache"
LAMBDA_PYTHON = (3, 11)
LAMBDA_PLATFORM = [
    "--platform",
    "manylinux2014_aarch64",
    "--only-binary=:all:",
    "--python-version",
    "3.11",
    "--implementation",
    "cp",
]
SOURCES = ["app.py", "functions"]
_IGNORE = shutil.ignore_patterns("__pycache__", "*.pyc", ".mypy_cache", ".pytest_cache")
# The .pyc is trusted without comparing the source's mtime (see the module docstring).
UNCHECKED = py_compile.PycInvalidationMode.UNCHECKED_HASH


def _compile(path: Path) -> None:
    if path.is_file():
        ok = py_compile.compile(str(path), invalidation_mode=UNCHECKED, doraise=False) is not None
    else:
        ok = compileall.compile_dir(str(path), quiet=1, workers=0, invalidation_mode=UNCHECKED)
    if not ok:
        raise SystemExit(f"bytecode compilation failed under {path}")


def dependencies(for_lambda: bool) -> Path:
    """The installed, compiled dependencies for this requirements.txt and platform (cached)."""
    platform = "lambda-arm64-cp311" if for_lambda else f"local-{sys.implementation.cache_tag}-{sys.platform}"
    key = hashlib.sha256(REQUIREMENTS.read_bytes() + platform.encode()).hexdigest()[:16]
    target = CACHE / f"{platform}-{key}"
    if (target / ".complete").exists():
        return target
    # Parallel test workers need it at the same moment: one installs, the others wait for it and
    # take the cached copy (two pip installs side by side took as long as two in a row).
    CACHE.mkdir(parents=True, exist_ok=True)
    with open(CACHE / f"{target.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if (target / ".complete").exists():
            return target
        return _install(target, for_lambda)


def _install(target: Path, for_lambda: bool) -> Path:
    # A staging folder per process: a crashed install never passes for a finished one.
    staging = target.with_name(f"{target.name}.partial-{os.getpid()}")
    shutil.rmtree(staging, ignore_errors=True)
    command = [
        sys.executable,
        "-m",
        "pip",
        "install",
        "--quiet",
        "--no-compile",
        "--disable-pip-version-check",
        "--target",
        str(staging),
        "-r",
        str(REQUIREMENTS),
    ]
    subprocess.run(command + (LAMBDA_PLATFORM if for_lambda else []), check=True)
    shutil.rmtree(staging / "bin", ignore_errors=True)  # console scripts: useless in Lambda
    _compile(staging)
    (staging / ".complete").touch()
    try:
        staging.rename(target)  # atomic: a half-finished install is never taken for a cached one
    except OSError:  # another process finished first (or left a broken folder): keep one
        if not (target / ".complete").exists():
            shutil.rmtree(target, ignore_errors=True)
            staging.rename(target)
            return target
        shutil.rmtree(staging, ignore_errors=True)
    return target


def _link_tree(source: Path, destination: Path) -> None:
    """Copy a tree by hard links (fast, no extra disk); plain copies across file systems."""
    try:
        shutil.copytree(
            source,
            destination,
            copy_function=os.link,
            dirs_exist_ok=True,
            ignore=shutil.ignore_patterns(".complete"),
        )
    except OSError:
        shutil.copytree(source, destination, dirs_exist_ok=True, ignore=shutil.ignore_patterns(".complete"))


def build(out: Path = DEFAULT_OUT, for_lambda: bool = False) -> Path:
    """Build the artifact into `out` (replaced) and return it."""
    if for_lambda and sys.version_info[:2] != LAMBDA_PYTHON:
        raise SystemExit("--lambda needs Python 3.11 here: .pyc files are specific to the Python version")
    deps = dependencies(for_lambda)
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    _link_tree(deps, out)
    for name in SOURCES:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, out / name, ignore=_IGNORE)
        else:
            shutil.copy2(source, out / name)
        _compile(out / name)
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the Lambda artifact with precompiled bytecode.")
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT, help="artifact folder (replaced)")
    parser.add_argument(
        "--lambda",
        dest="for_lambda",
        action="store_true",
        help="install manylinux2014 aarch64 CPython 3.11 wheels (for deploys)",
    )
    args = parser.parse_args(argv)
    out = build(args.out.resolve(), args.for_lambda)
    print(f"artifact: {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
