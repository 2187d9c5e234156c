"""Every route of app.py is served by exactly one function of template.yaml, with the same path
and method; no API event of the template lacks a route; every route declares who may call it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from functions.areas import API_PREFIX, AREAS
from functions.core.access import ACCESS_ATTRIBUTE
from infra.sync_template import TEMPLATE, function_id, route_area, synced_text
from tests.contract.conftest import resources_of_type

ACCESS_KINDS = {"public", "signed_in", "permission", "admin"}


def app_routes(app: Any) -> set[tuple[str, str]]:
    return {(path, method) for path, methods in app.routes.items() for method in methods}


def template_api_events(resources: dict[str, Any]) -> dict[tuple[str, str], list[str]]:
    """{(path, METHOD): [functions serving it]} over every Api event of every function."""
    served: dict[tuple[str, str], list[str]] = {}
    functions = resources_of_type(resources, "AWS::Serverless::Function")
    for name, function in functions.items():
        for event in (function["Properties"].get("Events") or {}).values():
            if event["Type"] == "Api":
                key = (event["Properties"]["Path"], event["Properties"]["Method"].upper())
                served.setdefault(key, []).append(name)
    return served


def test_every_route_is_served_by_exactly_one_function(app: Any, resources: dict[str, Any]) -> None:
    # GIVEN the app's route table and the template's API events
    served = template_api_events(resources)
    # THEN each route has one function, and no event points at a route the app lacks
    missing = sorted(route for route in app_routes(app) if route not in served)
    duplicated = {route: names for route, names in served.items() if len(names) > 1}
    stale = sorted(route for route in served if route not in app_routes(app))
    assert not missing, f"routes no function serves (run infra/sync_template.py): {missing}"
    assert not duplicated, f"routes served by several functions: {duplicated}"
    assert not stale, f"template API events without a route: {stale}"


def test_each_route_is_served_by_its_own_areas_function(app: Any, resources: dict[str, Any]) -> None:
    served = template_api_events(resources)
    wrong = {}
    for path, methods in app.routes.items():
        for method, entry in methods.items():
            expected = function_id(route_area(entry.view_function))
            if served.get((path, method), [expected]) != [expected]:
                wrong[(path, method)] = (served[(path, method)], expected)
    assert not wrong, f"routes served by another area's function: {wrong}"


def test_every_area_has_a_function_with_its_handler(resources: dict[str, Any]) -> None:
    for area in AREAS:
        function = resources.get(function_id(area))
        assert function is not None, f"no {function_id(area)} in template.yaml"
        assert function["Properties"]["Handler"] == f"functions.{area}.handler.app"


def test_api_events_use_the_one_rest_api(resources: dict[str, Any]) -> None:
    for name, function in resources_of_type(resources, "AWS::Serverless::Function").items():
        for event_name, event in (function["Properties"].get("Events") or {}).items():
            if event["Type"] == "Api":
                assert event["Properties"]["RestApiId"] == {"Ref": "Api"}, (name, event_name)
                assert event["Properties"]["Path"].startswith(API_PREFIX), (name, event_name)


def test_generated_blocks_are_up_to_date(app: Any) -> None:
    text = Path(TEMPLATE).read_text(encoding="utf-8")
    assert synced_text(text, app, AREAS, API_PREFIX) == text, "run python infra/sync_template.py"


def test_every_route_declares_who_may_call_it(app: Any) -> None:
    undeclared = []
    for path, methods in app.routes.items():
        for method, entry in methods.items():
            declaration = getattr(entry.view_function, ACCESS_ATTRIBUTE, None)
            if not declaration or declaration[0] not in ACCESS_KINDS:
                undeclared.append(f"{method} {path} ({entry.view_name})")
    assert not undeclared, f"routes without public/signed_in/requires/admin_only: {undeclared}"
