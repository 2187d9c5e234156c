"""Contract tests: template.yaml against the app's routes, the PynamoDB model and the built
artifact. They read the template as data (no AWS); the artifact is built once per session."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from chalicelocal.resources import load_template
from infra import package
from infra.sync_template import load_app


@pytest.fixture(scope="session")
def template() -> dict[str, Any]:
    return load_template()


@pytest.fixture(scope="session")
def resources(template: dict[str, Any]) -> dict[str, Any]:
    return template["Resources"]


@pytest.fixture(scope="session")
def app() -> Any:
    return load_app()


@pytest.fixture(scope="session")
def artifact(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The Lambda artifact as infra/package.py builds it (dependencies cached under build/cache)."""
    return package.build(tmp_path_factory.mktemp("artifact") / "artifact")


def resources_of_type(resources: dict[str, Any], kind: str) -> dict[str, Any]:
    return {name: resource for name, resource in resources.items() if resource["Type"] == kind}
