"""The OpenAPI document (functions/core/openapi.py, served at GET /api/openapi.json): valid
OpenAPI 3.1, up to date with the code, complete (every request model a route reads is found),
and listing exactly the routes docs/api.md documents."""

from __future__ import annotations

import ast
import inspect
import json
import re
from importlib import import_module
from pathlib import Path
from typing import Any

import pytest
from openapi_spec_validator import validate

from functions.areas import AREAS
from functions.core import openapi
from functions.core.access import ACCESS_ATTRIBUTE
from infra.openapi import DOCUMENT, render

API_MD = Path(__file__).resolve().parents[2] / "docs" / "api.md"
METHOD = r"(?:GET|POST|PUT|PATCH|DELETE)"
# `| GET/PUT /api/settings/authorized-official |`, `| GET /api/donation-types, /api/locations |`
ROUTE_CELL = re.compile(rf"^(?P<methods>{METHOD}(?:/{METHOD})*) (?P<paths>/api/.*)$")
# The request's own parts, read only through parse_body/parse_query (which the document follows).
RAW_REQUEST_PARTS = {"query_params", "json_body", "raw_body", "uri_params"}
HEADER_PARTS = {"headers", "context", "method"}


@pytest.fixture(scope="module")
def routes(app: Any) -> list[openapi.Route]:
    return openapi.read_routes(app)


@pytest.fixture(scope="module")
def document(app: Any, routes: list[openapi.Route]) -> dict[str, Any]:
    return openapi.build(app, routes)


def shape(path: str) -> str:
    """`/api/donors/{donor_id}` and `/api/donors/{id}` are the same route."""
    return re.sub(r"\{[^}]*\}", "{}", path.split("?", 1)[0].strip("`"))


def documented_routes(text: str) -> set[tuple[str, str]]:
    """(METHOD, path shape) of every route row of docs/api.md's tables."""
    found: set[tuple[str, str]] = set()
    for line in text.splitlines():
        if not line.startswith("| "):
            continue
        match = ROUTE_CELL.match(line.split("|")[1].strip())
        if not match:
            continue
        for method in match["methods"].split("/"):
            for path in match["paths"].split(","):
                found.add((method, shape(path.strip())))
    return found


def test_the_document_is_valid_openapi_3_1(document: dict[str, Any]) -> None:
    assert document["openapi"].startswith("3.1")
    validate(document)  # raises with the first problem


def test_the_served_document_is_the_generated_one(app: Any) -> None:
    assert DOCUMENT.read_text(encoding="utf-8") == render(app), "run python infra/openapi.py"


def test_every_route_is_an_operation_with_its_access(app: Any, document: dict[str, Any]) -> None:
    operations = {(method, path): op for method, path, op in openapi.operations(document)}
    expected = {(m, p) for p, methods in app.routes.items() for m in methods}
    assert set(operations) == expected
    for (method, path), operation in operations.items():
        kind, permissions = getattr(app.routes[path][method].view_function, ACCESS_ATTRIBUTE)
        assert operation["x-almoner-access"]["kind"] == kind, (method, path)
        assert operation["x-almoner-access"]["permissions"] == list(permissions), (method, path)
        assert operation["responses"]["4XX"] == {"$ref": "#/components/responses/Error"}
        assert (operation["security"] == []) == (kind == "public"), (method, path)
    ids = [op["operationId"] for _, _, op in openapi.operations(document)]
    assert len(ids) == len(set(ids)), "operationIds are unique"


def test_path_parameters_bodies_and_queries_come_from_the_views(document: dict[str, Any]) -> None:
    donor = document["paths"]["/api/donors/{donor_id}"]["put"]
    assert [p["name"] for p in donor["parameters"] if p["in"] == "path"] == ["donor_id"]
    assert donor["requestBody"]["content"]["application/json"]["schema"]["$ref"].endswith("/DonorUpdateBody")
    donors = document["paths"]["/api/donors"]["get"]
    query = {p["name"] for p in donors["parameters"] if p["in"] == "query"}
    assert {"length", "cursor", "filters", "sortBy"} <= query
    answer = donors["responses"]["200"]["content"]["application/json"]["schema"]
    assert answer["$ref"].endswith("/ListEnvelope")
    assert document["paths"]["/api/register"]["post"]["responses"].keys() >= {"201", "422", "4XX"}
    assert document["paths"]["/api/logout"]["post"]["responses"].keys() >= {"204"}
    error = document["components"]["schemas"]["Error"]
    assert error["required"] == ["message"] and set(error["properties"]) == {"message", "errors"}


def test_every_parse_call_of_a_view_resolves_to_a_model(routes: list[openapi.Route]) -> None:
    unresolved = {f"{r.method} {r.path}": r.unresolved for r in routes if r.unresolved}
    assert not unresolved, f"parse_body/parse_query arguments the document cannot resolve: {unresolved}"


def _view_lines(app: Any) -> dict[str, list[range]]:
    """{module file: [line range of each view]} (nested views included)."""
    spans: dict[str, list[range]] = {}
    for methods in app.routes.values():
        for entry in methods.values():
            view = inspect.unwrap(entry.view_function)
            lines, start = inspect.getsourcelines(view)
            spans.setdefault(inspect.getsourcefile(view) or "", []).append(range(start, start + len(lines)))
    return spans


@pytest.mark.parametrize("area", AREAS)
def test_routes_read_bodies_and_queries_only_through_parse_calls_in_views(app: Any, area: str) -> None:
    # A body or query read any other way (or by a helper the view calls) would be missing from the
    # document: the request's parts are read only by parse_body/parse_query inside a view.
    module = import_module(f"functions.{area}.routes")
    source_file = inspect.getsourcefile(module) or ""
    tree = ast.parse(Path(source_file).read_text(encoding="utf-8"))
    views = _view_lines(app).get(source_file, [])
    problems: list[str] = []
    parse_arguments: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and openapi.called_name(node) in openapi.PARSERS:
            parse_arguments.update(id(argument) for argument in node.args)
            if not any(node.lineno in span for span in views):
                problems.append(f"line {node.lineno}: {ast.unparse(node)} outside a route's view")
        if isinstance(node, ast.Attribute) and node.attr in RAW_REQUEST_PARTS:
            problems.append(f"line {node.lineno}: .{node.attr} (use parse_body/parse_query)")
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and openapi.called_name(node) == "current_request"):
            continue
        if id(node) in parse_arguments:
            continue
        problems.extend(_other_uses(tree, node))
    assert not problems, f"functions/{area}/routes.py: {problems}"


def _other_uses(tree: ast.Module, call: ast.Call) -> list[str]:
    """A `current_request()` outside parse_*: only its headers/context may be read."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.value is call:
            return [] if node.attr in HEADER_PARTS else [f"line {call.lineno}: current_request().{node.attr}"]
        if isinstance(node, ast.Assign) and node.value is call and len(node.targets) == 1:
            target = node.targets[0]
            if not isinstance(target, ast.Name):
                break
            uses = [
                n
                for n in ast.walk(tree)
                if isinstance(n, ast.Name) and n.id == target.id and isinstance(n.ctx, ast.Load)
            ]
            attributes = [n for n in ast.walk(tree) if isinstance(n, ast.Attribute)]
            parents = {id(n.value): n.attr for n in attributes if n.value in uses}
            if all(parents.get(id(use)) in HEADER_PARTS for use in uses):
                return []
            return [f"line {call.lineno}: request {target.id} used beyond its headers"]
    return [f"line {call.lineno}: current_request() used beyond its headers"]


def test_docs_api_md_documents_exactly_the_documents_routes(document: dict[str, Any]) -> None:
    # GIVEN the route rows of docs/api.md's tables and the operations of the document
    documented = documented_routes(API_MD.read_text(encoding="utf-8"))
    generated = {(method, shape(path)) for method, path, _ in openapi.operations(document)}
    # THEN each lists the other's routes
    undocumented = sorted(generated - documented)
    stale = sorted(documented - generated)
    assert not undocumented, f"routes missing from docs/api.md: {undocumented}"
    assert not stale, f"docs/api.md rows without a route: {stale}"


def test_the_docs_parser_reads_combined_rows() -> None:
    text = "\n".join(
        [
            "| GET/PUT /api/settings/authorized-official | manage-users (PUT) | x |",
            "| GET /api/donation-types, /api/locations | manage-donation-types | x |",
            "| GET /api/search?q= | signed in | x |",
            "| Method, path | Body | Answer |",
        ]
    )
    assert documented_routes(text) == {
        ("GET", "/api/settings/authorized-official"),
        ("PUT", "/api/settings/authorized-official"),
        ("GET", "/api/donation-types"),
        ("GET", "/api/locations"),
        ("GET", "/api/search"),
    }


def test_the_document_is_plain_json(document: dict[str, Any]) -> None:
    assert json.loads(json.dumps(document)) == document
