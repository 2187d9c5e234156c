"""Regenerate the API's OpenAPI 3.1 document (`functions/dev/openapi.json`, served at
GET /api/openapi.json) from app.py's route table and the pydantic models its views parse
(`functions/core/openapi.py`). Run it after adding a route or changing a request model:

    python infra/openapi.py           # rewrite functions/dev/openapi.json
    python infra/openapi.py --check   # exit 1 if it is out of date
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from infra.sync_template import load_app  # noqa: E402

DOCUMENT = ROOT / "functions" / "dev" / "openapi.json"


def render(app: Any) -> str:
    from functions.core import openapi

    return json.dumps(openapi.build(app), indent=1, ensure_ascii=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the document is out of date")
    args = parser.parse_args(argv)
    text = render(load_app())
    current = DOCUMENT.read_text(encoding="utf-8") if DOCUMENT.exists() else ""
    if args.check:
        if text != current:
            print(f"{DOCUMENT.relative_to(ROOT)} is out of date: run python infra/openapi.py")
            return 1
        return 0
    if text != current:
        DOCUMENT.write_text(text, encoding="utf-8")
        print(f"wrote {DOCUMENT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
