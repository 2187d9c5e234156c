"""Every Handler string of template.yaml imports from the BUILT artifact and is callable.

Importing from the repository would hide a module that packaging leaves out or a dependency
missing from requirements.txt, so the check runs in a fresh interpreter whose sys.path holds the
artifact folder and the standard library only (`-I -S`: no site-packages, no PYTHONPATH)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.contract.conftest import resources_of_type

PROBE = """
import importlib, json, sys
sys.path.insert(0, sys.argv[1])
problems = {}
for handler in json.loads(sys.argv[2]):
    module_name, _, attribute = handler.rpartition(".")
    try:
        target = getattr(importlib.import_module(module_name), attribute)
    except Exception as error:
        problems[handler] = f"{type(error).__name__}: {error}"
        continue
    if not callable(target):
        problems[handler] = "not callable"
print(json.dumps(problems))
"""


def probe_environment(template: dict[str, Any]) -> dict[str, str]:
    """The functions' environment with placeholder values for resource references; AWS points at
    a closed port so any AWS call made at import time fails instead of reaching out."""
    variables = template["Globals"]["Function"]["Environment"]["Variables"]
    environment = {
        name: value if isinstance(value, str) else f"contract-{name.lower()}"
        for name, value in variables.items()
    }
    environment.update(
        {
            "AWS_DEFAULT_REGION": "eu-west-2",
            "AWS_ACCESS_KEY_ID": "contract",
            "AWS_SECRET_ACCESS_KEY": "contract",
            "AWS_ENDPOINT_URL": "http://127.0.0.1:9",
        }
    )
    return environment


def test_every_handler_imports_from_the_built_artifact(
    template: dict[str, Any], resources: dict[str, Any], artifact: Path
) -> None:
    # GIVEN every Handler string of the template
    functions = resources_of_type(resources, "AWS::Serverless::Function")
    handlers = sorted({function["Properties"]["Handler"] for function in functions.values()})
    assert handlers
    # WHEN a bare interpreter imports each one from the artifact
    completed = subprocess.run(
        [sys.executable, "-I", "-S", "-c", PROBE, str(artifact), json.dumps(handlers)],
        capture_output=True,
        text=True,
        timeout=120,
        env=probe_environment(template),
        check=False,
    )
    # THEN each resolves to a callable
    assert completed.returncode == 0, completed.stderr
    problems = json.loads(completed.stdout.strip().splitlines()[-1])
    assert not problems, f"handlers that do not import from the artifact: {problems}"


def test_artifact_ships_precompiled_bytecode(artifact: Path) -> None:
    # Lambda's /var/task is read-only: without .pyc files each cold start compiles in memory.
    for source in [artifact / "app.py", *sorted((artifact / "functions").rglob("*.py"))]:
        compiled = source.parent / "__pycache__" / f"{source.stem}.{sys.implementation.cache_tag}.pyc"
        assert compiled.exists(), f"no bytecode for {source.relative_to(artifact)}"
