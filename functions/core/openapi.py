"""The OpenAPI 3.1 document of the API, generated from a Chalice app's route table and the pydantic
models its views parse (served at GET /api/openapi.json; docs/api.md is the prose contract and a
contract test keeps the two listing the same routes).

Nothing is declared twice: for each route the view's own source is read (`ast`) for its
`parse_body(<model>, ...)` and `parse_query(<model>, ...)` calls, and `<model>` is resolved in the
view's module (`schemas.DonorBody`, `ListQuery`, ...). Path parameters come from the path, who may
call the route from its access declaration (`functions.core.access`), the success status from
the literal status of its `json_response(..., 201)` / `Response(status_code=204)`. A route reading
the request any other way is a defect the contract tests name (tests/contract/test_openapi.py).

Imports pydantic: import this module lazily (the dev area's routes defer it).
"""

from __future__ import annotations

import ast
import inspect
import re
import textwrap
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel
from pydantic.json_schema import models_json_schema

from functions.core.access import (
    ACCESS_ATTRIBUTE,
    ANY_OF_ATTRIBUTE,
    PENDING_TWO_FACTOR_ATTRIBUTE,
    UNSAFE_METHODS,
)
from functions.core.deferred import load_all
from functions.core.pagination import ListQuery
from functions.core.plain_query import PlainQuery

OPENAPI_VERSION = "3.1.0"
API_VERSION = "1"
PARSERS = {"parse_body": "body", "parse_query": "query", "parse_raw_body": "body"}
REF = "#/components/schemas/{model}"
# Routes that read the list query but answer one object (not the {data, meta} envelope).
NOT_ENVELOPES = frozenset({("GET", "/api/donations/totals"), ("GET", "/api/gift-aid/claims/{claim_id}")})
# Routes whose success answer is a file's text (its media type), not JSON.
TEXT_ANSWERS = {
    ("GET", "/api/funds/statement.csv"): "text/csv",
    ("GET", "/api/billings/payments.csv"): "text/csv",
}
# Short lists answered whole, in the same {data, meta} envelope, without the list query.
ONE_PAGE_LISTS = frozenset(
    {
        ("GET", "/api/donation-types"),
        ("GET", "/api/locations"),
        ("GET", "/api/donors/merges"),
        ("GET", "/api/funds"),
        ("GET", "/api/expense-types"),
        ("GET", "/api/projects"),
        ("GET", "/api/billings/accounts"),
    }
)
_PATH_PARAMETER = re.compile(r"\{([^}]+)\}")
_ACCESS_TEXT = {
    "public": "Public: no session needed.",
    "signed_in": "Any signed-in user.",
    "admin": "Platform administrators only.",
}


@dataclass
class Route:
    """One (method, path) of the app with what its view reads and who may call it."""

    method: str
    path: str
    area: str
    name: str
    view: Callable[..., Any]
    body: type[BaseModel] | None = None
    query: type[BaseModel] | None = None
    statuses: list[int] = field(default_factory=list)
    unresolved: list[str] = field(default_factory=list)  # parse_* arguments not resolved to a model

    @property
    def access(self) -> dict[str, Any]:
        kind, permissions = getattr(self.view, ACCESS_ATTRIBUTE, ("undeclared", ()))
        return {
            "kind": kind,
            "permissions": list(permissions),
            "any_of": bool(getattr(self.view, ANY_OF_ATTRIBUTE, False)),
            "pending_two_factor": bool(getattr(self.view, PENDING_TWO_FACTOR_ATTRIBUTE, False)),
        }

    @property
    def is_list(self) -> bool:
        if (self.method, self.path) in ONE_PAGE_LISTS:
            return True
        return (
            self.query is not None
            and issubclass(getattr(self.query, "plain", object), ListQuery)
            and (self.method, self.path) not in NOT_ENVELOPES
        )


# ------------------------------------------------------------------ reading the views
def _view_tree(view: Callable[..., Any]) -> ast.FunctionDef | ast.AsyncFunctionDef:
    source = textwrap.dedent(inspect.getsource(inspect.unwrap(view)))
    node = ast.parse(source).body[0]
    if not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        raise TypeError(f"{view!r} is not a function definition")
    return node


def called_name(call: ast.Call) -> str | None:
    if isinstance(call.func, ast.Name):
        return call.func.id
    if isinstance(call.func, ast.Attribute):
        return call.func.attr
    return None


def _resolve(expression: ast.expr, namespace: dict[str, Any]) -> Any:
    """`Model` or `schemas.Model` (any attribute chain) in the view's module; None otherwise."""
    if isinstance(expression, ast.Name):
        return namespace.get(expression.id)
    if isinstance(expression, ast.Attribute):
        owner = _resolve(expression.value, namespace)
        return getattr(owner, expression.attr, None) if owner is not None else None
    return None


def _literal_status(call: ast.Call) -> int | None:
    name = called_name(call)
    candidates: list[ast.expr] = []
    if name == "json_response" and len(call.args) >= 2:
        candidates.append(call.args[1])
    if name in {"json_response", "Response", "_with_session"}:
        candidates += [k.value for k in call.keywords if k.arg in {"status", "status_code"}]
    if name == "_with_session" and len(call.args) >= 3:
        candidates.append(call.args[2])
    for candidate in candidates:
        if isinstance(candidate, ast.Constant) and isinstance(candidate.value, int):
            return candidate.value
    return None


def read_route(method: str, path: str, entry: Any) -> Route:
    view = entry.view_function
    original = inspect.unwrap(view)
    module = inspect.getmodule(original)
    namespace: dict[str, Any] = dict(vars(module)) if module else {}
    if module is not None:
        load_all(vars(module))  # deferred imports (functions/core/deferred.py) become the real names
        namespace = dict(vars(module))
    area = original.__module__.split(".")[1] if original.__module__.startswith("functions.") else "app"
    route = Route(method=method, path=path, area=area, name=entry.view_name, view=view)
    for node in ast.walk(_view_tree(view)):
        if not isinstance(node, ast.Call):
            continue
        status = _literal_status(node)
        if status is not None and status not in route.statuses:
            route.statuses.append(status)
        kind = PARSERS.get(called_name(node) or "")
        if kind is None:
            continue
        model = _resolve(node.args[0], namespace) if node.args else None
        if isinstance(model, type) and issubclass(model, PlainQuery):
            model = model.twin()  # a plain query string is described by its pydantic twin
        if isinstance(model, type) and issubclass(model, BaseModel):
            setattr(route, kind, model)
        else:
            route.unresolved.append(ast.unparse(node))
    return route


def read_routes(app: Any) -> list[Route]:
    """Every (method, path) of the app, sorted by path then method."""
    return [
        read_route(method, path, entry)
        for path, methods in sorted(app.routes.items())
        for method, entry in sorted(methods.items())
    ]


# ------------------------------------------------------------------ the document
def _components() -> dict[str, Any]:
    string_list = {"type": "array", "items": {"type": "string"}}
    return {
        "schemas": {
            "Error": {
                "type": "object",
                "description": "Every 4xx and 5xx answer. `errors` names each field (422).",
                "required": ["message"],
                "properties": {
                    "message": {"type": "string", "minLength": 1},
                    "errors": {"type": "object", "additionalProperties": string_list},
                },
                "additionalProperties": False,
            },
            "ListMeta": {
                "type": "object",
                "required": ["total", "page", "length", "next_cursor"],
                "properties": {
                    "total": {"type": ["integer", "null"]},
                    "page": {"type": "integer", "minimum": 1},
                    "length": {"type": "integer"},
                    "next_cursor": {"type": ["string", "null"]},
                },
            },
            "ListEnvelope": {
                "type": "object",
                "description": "A page of a list (docs/api.md Lists); some lists add totals.",
                "required": ["data", "meta"],
                "properties": {
                    "data": {"type": "array", "items": {"type": "object"}},
                    "meta": {"$ref": REF.format(model="ListMeta")},
                },
            },
        },
        "responses": {
            "Error": {
                "description": "The one error shape (docs/api.md Errors).",
                "content": {"application/json": {"schema": {"$ref": REF.format(model="Error")}}},
            }
        },
        "securitySchemes": {
            "session": {"type": "apiKey", "in": "cookie", "name": "almoner_session"},
            "xsrf": {
                "type": "apiKey",
                "in": "header",
                "name": "X-XSRF-TOKEN",
                "description": "The XSRF-TOKEN cookie's value, on unsafe methods with the session cookie.",
            },
            "bearer": {"type": "http", "scheme": "bearer", "description": "Integration API tokens."},
        },
    }


def _model_schemas(routes: list[Route]) -> tuple[dict[Any, dict[str, Any]], dict[str, Any]]:
    models = sorted(
        {m for r in routes for m in (r.body, r.query) if m is not None},
        key=lambda m: (m.__module__, m.__qualname__),
    )
    refs, definitions = models_json_schema([(m, "validation") for m in models], ref_template=REF)
    return {model: refs[(model, "validation")] for model in models}, definitions.get("$defs", {})


Refs = dict[Any, dict[str, Any]]


def _schema_of(model: type[BaseModel], refs: Refs, defs: dict[str, Any]) -> dict[str, Any]:
    ref = refs[model]["$ref"]
    return dict(defs[ref.rsplit("/", 1)[1]])


def _parameters(route: Route, refs: dict[Any, dict[str, Any]], defs: dict[str, Any]) -> list[dict[str, Any]]:
    parameters: list[dict[str, Any]] = [
        {"name": name, "in": "path", "required": True, "schema": {"type": "string", "minLength": 1}}
        for name in _PATH_PARAMETER.findall(route.path)
    ]
    if route.query is not None:
        schema = _schema_of(route.query, refs, defs)
        required = set(schema.get("required", []))
        for name, prop in schema.get("properties", {}).items():
            parameter: dict[str, Any] = {"name": name, "in": "query", "required": name in required}
            parameter["schema"] = {k: v for k, v in prop.items() if k != "description"}
            if "description" in prop:
                parameter["description"] = prop["description"]
            parameters.append(parameter)
    return parameters


def _describe_access(access: dict[str, Any]) -> str:
    if access["kind"] == "permission":
        joined = (" or " if access["any_of"] else " and ").join(access["permissions"])
        text = f"Permission: {joined}."
    else:
        text = _ACCESS_TEXT.get(access["kind"], "Undeclared access.")
    if access["pending_two_factor"]:
        text += " Also from a session still pending two-factor."
    return text


def _operation(route: Route, refs: dict[Any, dict[str, Any]], defs: dict[str, Any]) -> dict[str, Any]:
    access = route.access
    doc = inspect.getdoc(inspect.unwrap(route.view)) or ""
    summary = doc.split("\n\n", 1)[0].replace("\n", " ") if doc else route.name.replace("_", " ")
    operation: dict[str, Any] = {
        "operationId": f"{route.area}.{route.name}",
        "tags": [route.area],
        "summary": summary,
        "description": _describe_access(access),
        "x-almoner-access": access,
    }
    parameters = _parameters(route, refs, defs)
    if parameters:
        operation["parameters"] = parameters
    if route.body is not None:
        body_schema = _schema_of(route.body, refs, defs)
        operation["requestBody"] = {
            "required": bool(body_schema.get("required")),
            "content": {"application/json": {"schema": refs[route.body]}},
        }
    if access["kind"] == "public":
        operation["security"] = []
    elif route.method in UNSAFE_METHODS:
        operation["security"] = [{"session": [], "xsrf": []}, {"bearer": []}]
    else:
        operation["security"] = [{"session": []}, {"bearer": []}]
    success = [s for s in route.statuses if 200 <= s < 300] or [200]
    responses: dict[str, Any] = {}
    for status in sorted(success):
        if status == 204:
            responses["204"] = {"description": "No content."}
            continue
        schema: dict[str, Any] = {"type": ["object", "array", "string", "integer", "null"]}
        if route.is_list:
            schema = {"$ref": REF.format(model="ListEnvelope")}
        elif status == 202:
            schema = {"type": "object", "required": ["job_id"], "properties": {"job_id": {"type": "string"}}}
        content = {"application/json": {"schema": schema}}
        media = TEXT_ANSWERS.get((route.method, route.path))
        if media is not None:
            content = {media: {"schema": {"type": "string"}}}
        responses[str(status)] = {"description": "Success.", "content": content}
    error = {"$ref": "#/components/responses/Error"}
    if route.body is not None or route.query is not None:
        responses["422"] = error
    responses["4XX"] = error
    responses["5XX"] = error
    operation["responses"] = responses
    return operation


def build(app: Any, routes: list[Route] | None = None) -> dict[str, Any]:
    """The OpenAPI 3.1 document of `app` (a Chalice app with every area registered)."""
    routes = read_routes(app) if routes is None else routes
    refs, defs = _model_schemas(routes)
    components = _components()
    components["schemas"].update(defs)
    paths: dict[str, dict[str, Any]] = {}
    for route in routes:
        paths.setdefault(route.path, {})[route.method.lower()] = _operation(route, refs, defs)
    return {
        "openapi": OPENAPI_VERSION,
        "info": {
            "title": "Almoner API",
            "version": API_VERSION,
            "description": "Donations and Gift Aid for UK charities. The prose contract is docs/api.md.",
        },
        "servers": [{"url": "/"}],
        "tags": [{"name": area} for area in sorted({r.area for r in routes})],
        "paths": paths,
        "components": components,
    }


def operations(document: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    """(METHOD, path, operation) of every operation of a document."""
    for path, item in document["paths"].items():
        for method, operation in item.items():
            yield method.upper(), path, operation
