"""Regenerate the API events of `template.yaml` from app.py's route table.

API Gateway gives Chalice the *resource path* of a request, so each area's function must list
its routes exactly (`/api/settings/roles/{id}`); a `{proxy+}` catch-all would break routing. The
route table is the one source: each route belongs to the area whose `functions.<area>.routes`
module defines its view. Only the text between the marker comments is rewritten, so policies and
comments written by hand stay as they are; an area of functions/areas.py without a function gets
a stub (table access only) above the `# NEW AREA FUNCTIONS ABOVE` line, to review. Run it after
adding or removing a route or an area:

    python infra/sync_template.py           # rewrite template.yaml
    python infra/sync_template.py --check   # exit 1 if template.yaml is out of date
"""

from __future__ import annotations

import argparse
import difflib
import importlib
import os
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "template.yaml"
EVENTS_MARKER = "generated api events: "
BINARY_MARKER = "generated binary media types"
NEW_FUNCTIONS_MARKER = "  # NEW AREA FUNCTIONS ABOVE"
_BLOCK = re.compile(
    r"^(?P<indent> *)# BEGIN (?P<label>generated [^\n]*)\n.*?^(?P=indent)# END (?P=label)\n",
    re.MULTILINE | re.DOTALL,
)


def load_app() -> Any:
    """Import app.py from the repository root (wiring only: no AWS call happens at import)."""
    os.environ.setdefault("AWS_DEFAULT_REGION", "eu-west-2")
    if str(ROOT) not in sys.path:
        sys.path.insert(0, str(ROOT))
    return importlib.import_module("app").app


def area_label(area: str) -> str:
    """`giftaid` -> `Giftaid`, `landing_pages` -> `LandingPages` (logical ids are alphanumeric)."""
    return "".join(part.capitalize() for part in area.split("_"))


def function_id(area: str) -> str:
    return f"{area_label(area)}Function"


def route_area(view: Any) -> str:
    """The area of a view: its module is `functions.<area>.routes` (access decorators keep
    `__module__` through functools.wraps)."""
    parts = getattr(view, "__module__", "").split(".")
    if len(parts) != 3 or parts[0] != "functions" or parts[2] != "routes":
        raise SystemExit(f"cannot tell the area of view {view!r} (module {view.__module__!r})")
    return parts[1]


def routes_by_area(app: Any) -> dict[str, list[tuple[str, str]]]:
    """{area: sorted [(path, METHOD)]} from `app.routes` (path -> method -> RouteEntry)."""
    result: dict[str, list[tuple[str, str]]] = {}
    for path, methods in app.routes.items():
        for method, entry in methods.items():
            result.setdefault(route_area(entry.view_function), []).append((path, method.upper()))
    return {area: sorted(routes) for area, routes in result.items()}


def event_names(routes: Iterable[tuple[str, str]], prefix: str) -> list[str]:
    """`GET /api/settings/roles/{id}` -> `GetSettingsRolesId`; unique within the function."""
    names: list[str] = []
    for path, method in routes:
        rest = path[len(prefix) :] if path.startswith(prefix) else path
        words = re.findall(r"[A-Za-z0-9]+", rest) or ["Root"]
        base = method.capitalize() + "".join(word[0].upper() + word[1:] for word in words)
        name, counter = base, 2
        while name in names:
            name, counter = f"{base}{counter}", counter + 1
        names.append(name)
    return names


def render_events(routes: list[tuple[str, str]], indent: str, prefix: str) -> str:
    if not routes:
        return ""  # an area without routes yet: no Events key at all
    lines = [f"{indent}Events:"]
    for name, (path, method) in zip(event_names(routes, prefix), routes, strict=True):
        lines += [
            f"{indent}  {name}:",
            f"{indent}    Type: Api",
            f"{indent}    Properties:",
            f"{indent}      RestApiId: !Ref Api",
            f"{indent}      Path: {path}",
            f"{indent}      Method: {method}",
        ]
    return "\n".join(lines) + "\n"


def render_binary_types(binary_types: Iterable[str], indent: str) -> str:
    # SAM wants "~1" for "/" in BinaryMediaTypes (it is a JSON-pointer-like API Gateway setting).
    types = sorted(set(binary_types))
    if not types:
        return ""
    return f"{indent}BinaryMediaTypes:\n" + "".join(f"{indent}  - {t.replace('/', '~1')}\n" for t in types)


def stub(area: str) -> str:
    """A new area's function: table access only (least privilege); widen it by hand if needed."""
    label = area_label(area)
    return (
        f"  {function_id(area)}:\n    Type: AWS::Serverless::Function\n    Properties:\n"
        f"      Handler: functions.{area}.handler.app\n"
        f"      Description: The {area} API area.\n      Policies:\n"
        f"        - DynamoDBCrudPolicy: {{TableName: !Ref Table}}\n"
        f"      # BEGIN {EVENTS_MARKER}{label}\n      # END {EVENTS_MARKER}{label}\n"
    )


def synced_text(text: str, app: Any, areas: Iterable[str], prefix: str) -> str:
    """The template text with every generated block rebuilt; fails on a missing or stale area."""
    by_label = {area_label(area): area for area in areas}
    routes = routes_by_area(app)
    unknown = sorted(set(routes) - set(by_label.values()))
    if unknown:
        raise SystemExit(f"routes in areas missing from functions/areas.py AREAS: {unknown}")
    found: set[str] = set()

    def rebuild(match: re.Match[str]) -> str:
        indent, label = match["indent"], match["label"]
        if label == BINARY_MARKER:
            body = render_binary_types(app.api.binary_types, indent)
        elif label.startswith(EVENTS_MARKER):
            area_name = label[len(EVENTS_MARKER) :]
            if area_name not in by_label:
                raise SystemExit(f"template.yaml has events for an unknown area {area_name!r}")
            found.add(area_name)
            body = render_events(routes.get(by_label[area_name], []), indent, prefix)
        else:
            raise SystemExit(f"unknown generated block {label!r}")
        return f"{indent}# BEGIN {label}\n{body}{indent}# END {label}\n"

    result = _BLOCK.sub(rebuild, text)
    missing = [area for label, area in by_label.items() if label not in found]
    if not missing:
        return result
    if NEW_FUNCTIONS_MARKER not in result:
        raise SystemExit(f"template.yaml lacks the line {NEW_FUNCTIONS_MARKER!r} to add {missing} above")
    stubs = "".join(stub(area) + "\n" for area in missing)
    return synced_text(result.replace(NEW_FUNCTIONS_MARKER, stubs + NEW_FUNCTIONS_MARKER), app, areas, prefix)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if template.yaml is out of date")
    parser.add_argument("--template", type=Path, default=TEMPLATE)
    args = parser.parse_args(argv)
    app = load_app()
    areas_module = importlib.import_module("functions.areas")
    text = args.template.read_text(encoding="utf-8")
    new_text = synced_text(text, app, areas_module.AREAS, areas_module.API_PREFIX)
    if new_text == text:
        print(f"{args.template.name} is in sync with app.py's routes")
        return 0
    if args.check:
        sys.stdout.writelines(
            difflib.unified_diff(
                text.splitlines(True), new_text.splitlines(True), "template.yaml", "template.yaml (synced)"
            )
        )
        print("\ntemplate.yaml is out of date: run python infra/sync_template.py")
        return 1
    args.template.write_text(new_text, encoding="utf-8")
    print(f"rewrote the generated blocks of {args.template.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
