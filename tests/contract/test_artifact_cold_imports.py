"""The areas' routes defer their imports (functions/core/deferred.py) so that a Lambda cold start
stays within ARCHITECTURE.md §8; this keeps both halves of that bargain true on the BUILT artifact:

- a cold start of any area's handler imports neither pydantic nor another area's code path that
  needs it (the import that took each handler over budget);
- every deferred import still resolves from the artifact, as the eager imports used to prove at
  cold start (a module that packaging leaves out would otherwise fail only on a first request).
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from functions.areas import AREAS

PROBE = """
import importlib, json, sys
sys.path.insert(0, sys.argv[1])
from functions.core.deferred import load_all

areas = json.loads(sys.argv[2])
for area in areas:
    importlib.import_module(f"functions.{area}.handler")
cold = sorted(name for name in ("pydantic", "pydantic_core", "lxml", "openpyxl") if name in sys.modules)
problems = {}
for area in areas:
    routes = importlib.import_module(f"functions.{area}.routes")
    try:
        load_all(vars(routes))
    except Exception as error:
        problems[area] = f"{type(error).__name__}: {error}"
print(json.dumps({"cold": cold, "problems": problems, "pydantic": "pydantic" in sys.modules}))
"""


def test_handlers_start_without_pydantic_and_every_deferred_import_resolves(artifact: Path) -> None:
    # GIVEN the built artifact and a bare interpreter (-I -S: the artifact and the stdlib only)
    environment = {"AWS_DEFAULT_REGION": "eu-west-2", "ALMONER_STAGE": "dev", "TABLE_NAME": "contract"}
    # WHEN it imports every area's handler, then runs every routes module's deferred imports
    completed = subprocess.run(
        [sys.executable, "-I", "-S", "-c", PROBE, str(artifact), json.dumps(list(AREAS))],
        capture_output=True,
        text=True,
        env=environment,
        check=False,
    )
    assert completed.returncode == 0, completed.stderr[-2000:]
    report = json.loads(completed.stdout)
    # THEN the cold imports needed none of the heavy libraries
    assert report["cold"] == []
    # AND every deferred import resolves, which does need pydantic (the request models)
    assert report["problems"] == {}
    assert report["pydantic"] is True
