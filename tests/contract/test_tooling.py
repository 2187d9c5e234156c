"""The import-linter contract that keeps functions.core free of area imports names every area."""

from __future__ import annotations

import tomllib
from pathlib import Path

from functions.areas import AREAS

PYPROJECT = Path(__file__).resolve().parents[2] / "pyproject.toml"


def test_core_contract_forbids_every_area() -> None:
    contracts = tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["importlinter"]["contracts"]
    core = next(c for c in contracts if c["source_modules"] == ["functions.core"])
    assert set(core["forbidden_modules"]) == {f"functions.{area}" for area in AREAS}
