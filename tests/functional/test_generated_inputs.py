"""Generated inputs over every route of the OpenAPI document (functions/core/openapi.py): bodies,
query strings and path parameters drawn from each operation's schemas by hypothesis, and
malformed variants (bad JSON, wrong types, unknown fields, huge and deeply nested values,
out-of-range numbers, hand-made cursors, another Content-Type, a method the path does not serve),
sent as a signed-in charity owner and as the platform admin, with the XSRF header, so requests
reach validation.

What a client may rely on (docs/api.md Errors): no answer is a 5xx; every 4xx is
`{"message": "...", "errors": {"field": ["...", ...]}}` (errors optional); a list route's page is
the `{data, meta}` envelope the document names, and only those routes answer one.

Deterministic (`derandomize`, no example database, no shrinking: every failure is collected and
reported together). `ALMONER_GENERATED_EXAMPLES` (default 3) sets the generated examples per
operation and principal; a nightly run may raise it.
"""

from __future__ import annotations

import base64
import json
import os
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date
from typing import Any
from urllib.parse import quote, urlencode

from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from functions.core import openapi
from tests.functional.browser import Browser, Reply
from tests.functional.helpers import SignedIn, platform_admin, sign_up_charity

EXAMPLES = int(os.environ.get("ALMONER_GENERATED_EXAMPLES", "3"))
METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE")
# Run last: they end the session every later request needs.
SESSION_ENDERS = {("POST", "/api/logout")}
UNKNOWN_ID = "00000000000000000000000000"
FILTER_KEYS = [
    "status",
    "state",
    "type",
    "role",
    "tag",
    "postcode",
    "has_email",
    "date_from",
    "date_to",
    "amount_min",
    "amount_max",
    "type_id",
    "location_id",
    "donor_id",
    "payment_method",
    "gift_aid_state",
]

JSON_SCALARS = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**20), max_value=10**20)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20)
)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=8), children, max_size=3)
    ),
    max_leaves=8,
)


# ------------------------------------------------------------------ strategies from the schemas
def from_schema(schema: dict[str, Any], defs: dict[str, Any], depth: int = 0) -> st.SearchStrategy[Any]:
    """Values that mostly satisfy `schema` (a pydantic JSON schema of the document)."""
    if depth > 6:
        return JSON_SCALARS
    if "$ref" in schema:
        return from_schema(defs[schema["$ref"].rsplit("/", 1)[1]], defs, depth + 1)
    if "const" in schema:
        return st.just(schema["const"])
    if "enum" in schema:
        return st.sampled_from(schema["enum"])
    for key in ("anyOf", "oneOf"):
        if key in schema:
            return st.one_of([from_schema(option, defs, depth + 1) for option in schema[key]])
    if "allOf" in schema:
        return from_schema(schema["allOf"][0], defs, depth + 1)
    kind = schema.get("type")
    if isinstance(kind, list):
        return st.one_of([from_schema({**schema, "type": k}, defs, depth) for k in kind])
    if kind == "string":
        return _strings(schema)
    if kind == "integer":
        low = schema.get("minimum", schema.get("exclusiveMinimum", -(10**6)))
        high = schema.get("maximum", schema.get("exclusiveMaximum", 10**6))
        return st.integers(min_value=low, max_value=max(low, high))
    if kind == "number":
        return st.integers(min_value=-(10**6), max_value=10**6) | st.floats(
            allow_nan=False, allow_infinity=False
        )
    if kind == "boolean":
        return st.booleans()
    if kind == "null":
        return st.none()
    if kind == "array":
        items = from_schema(schema.get("items", {}), defs, depth + 1)
        low = schema.get("minItems", 0)
        return st.lists(items, min_size=low, max_size=max(low, min(schema.get("maxItems", 3), 3)))
    if kind == "object" or "properties" in schema:
        properties = schema.get("properties", {})
        if not properties:
            return st.dictionaries(st.text(max_size=10), JSON_VALUES, max_size=3)
        required = set(schema.get("required", []))
        return st.fixed_dictionaries(
            {name: from_schema(s, defs, depth + 1) for name, s in properties.items() if name in required},
            optional={
                name: from_schema(s, defs, depth + 1)
                for name, s in properties.items()
                if name not in required
            },
        )
    return JSON_VALUES


def _strings(schema: dict[str, Any]) -> st.SearchStrategy[str]:
    low = schema.get("minLength", 0)
    high = max(low, min(schema.get("maxLength", 40), 40))
    plain = st.text(min_size=low, max_size=high)
    fmt = schema.get("format")
    if fmt == "date":
        return st.dates(min_value=date(1990, 1, 1), max_value=date(2035, 12, 31)).map(date.isoformat) | plain
    if fmt == "email":
        return st.emails() | plain
    if "pattern" in schema:
        try:
            return st.from_regex(re.compile(schema["pattern"]), fullmatch=True) | plain
        except re.error:
            return plain
    return plain


def query_text(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value
    return json.dumps(value)


# ------------------------------------------------------------------ requests
@dataclass
class Call:
    method: str
    path: str
    body: bytes | None = None
    headers: dict[str, str] = field(default_factory=dict)
    label: str = "generated"

    def __repr__(self) -> str:
        body = (self.body or b"")[:160]
        return f"{self.label}: {self.method} {self.path[:200]} {self.headers or ''} {body!r}"


@dataclass
class Operation:
    method: str
    path: str
    spec: dict[str, Any]
    defs: dict[str, Any]

    @property
    def body_schema(self) -> dict[str, Any] | None:
        body = self.spec.get("requestBody")
        return body["content"]["application/json"]["schema"] if body else None

    @property
    def body_properties(self) -> dict[str, Any]:
        schema = self.body_schema
        if schema is None:
            return {}
        return self.defs[schema["$ref"].rsplit("/", 1)[1]].get("properties", {})

    def parameters(self, where: str) -> list[dict[str, Any]]:
        return [p for p in self.spec.get("parameters", []) if p["in"] == where]

    @property
    def is_list(self) -> bool:
        answer = self.spec["responses"].get("200", {}).get("content", {}).get("application/json", {})
        return answer.get("schema", {}).get("$ref", "").endswith("/ListEnvelope")


def path_values(name: str, ids: dict[str, list[str]]) -> st.SearchStrategy[str]:
    known = ids.get(name, []) + [UNKNOWN_ID]
    random = st.text(min_size=1, max_size=40).map(lambda text: quote(text, safe=""))
    return st.sampled_from(known) | random


def query_values(parameter: dict[str, Any], defs: dict[str, Any]) -> st.SearchStrategy[str]:
    generic = st.text(max_size=30)
    if parameter["name"] == "filters":
        objects = st.dictionaries(st.sampled_from(FILTER_KEYS) | st.text(max_size=8), JSON_VALUES, max_size=4)
        return objects.map(json.dumps) | generic
    return from_schema(parameter["schema"], defs).map(query_text) | generic


def calls(operation: Operation, ids: dict[str, list[str]]) -> st.SearchStrategy[Call]:
    path_parts = {p["name"]: path_values(p["name"], ids) for p in operation.parameters("path")}
    query_parts = {p["name"]: query_values(p, operation.defs) for p in operation.parameters("query")}
    schema = operation.body_schema
    if schema is None:
        bodies: st.SearchStrategy[Any] = st.none()
    else:
        valid = from_schema(schema, operation.defs)
        keys = sorted(operation.body_properties) or ["field"]
        changed = st.tuples(valid, st.sampled_from([*keys, "unknown_field"]), JSON_VALUES).map(
            lambda t: {**(t[0] if isinstance(t[0], dict) else {}), t[1]: t[2]}
        )
        bodies = valid | changed | JSON_VALUES

    def build(parts: dict[str, str], query: dict[str, str], body: Any) -> Call:
        path = operation.path
        for name, value in parts.items():
            path = path.replace("{" + name + "}", value)
        if query:
            path += "?" + urlencode(query)
        payload = None if body is None else json.dumps(body).encode()
        return Call(operation.method, path, payload)

    return st.builds(
        build,
        st.fixed_dictionaries(path_parts),
        st.fixed_dictionaries({}, optional=query_parts),
        bodies,
    )


def numeric_fields(operation: Operation) -> list[str]:
    text = {name: json.dumps(schema) for name, schema in operation.body_properties.items()}
    return [name for name, s in text.items() if '"number"' in s or '"integer"' in s or "amount" in name]


def malformed_calls(operation: Operation, ids: dict[str, list[str]]) -> list[Call]:
    """Hand-picked inputs that generated ones rarely reach."""
    path = operation.path
    for parameter in operation.parameters("path"):
        name = parameter["name"]
        path = path.replace("{" + name + "}", (ids.get(name) or [UNKNOWN_ID])[0])
    method = operation.method
    found: list[Call] = []
    if operation.body_schema is not None:
        properties = operation.body_properties
        raw_bodies = {
            "not JSON": b"{not json",
            "a JSON array": b"[]",
            "not UTF-8": b'{"name": "\xff\xfe"}',
            "an unknown field": b'{"zz_unknown": 1}',
            "deeply nested array": b"[" * 5000 + b"]" * 5000,
            "deeply nested object": b'{"a":' * 3000 + b"1" + b"}" * 3000,
            "too large": b'{"name": "' + b"x" * 300_000 + b'"}',
            "long strings": json.dumps({k: "x" * 5_000 for k in properties}).encode(),
            "every field the wrong type": json.dumps({k: {"wrong": [1]} for k in properties}).encode(),
            "every field a deep list": json.dumps({k: [[[[[[1]]]]]] for k in properties}).encode(),
        }
        numbers = numeric_fields(operation)
        if numbers:
            # every numeric field at once: pydantic reports each field, a 500 on any one shows
            def every(value: str) -> bytes:
                return ("{" + ", ".join(f'"{name}": {value}' for name in numbers) + "}").encode()

            raw_bodies["numbers as '1e400'"] = every('"1e400"')
            raw_bodies["numbers as bare 1e400"] = every("1e400")
            raw_bodies["numbers as NaN"] = every("NaN")
            raw_bodies["numbers as -Infinity"] = every("-Infinity")
            raw_bodies["numbers with 30 digits"] = every("9" * 30)
            raw_bodies["numbers as 30-digit strings"] = every(f'"{"9" * 30}"')
            raw_bodies["numbers as '-0.001'"] = every('"-0.001"')
        found += [Call(method, path, body, label=label) for label, body in raw_bodies.items()]
        found.append(Call(method, path, b'{"a": 1}', {"Content-Type": "text/plain"}, "text/plain body"))
    queries = {p["name"] for p in operation.parameters("query")}
    if queries:
        hand_made = base64.urlsafe_b64encode(json.dumps({"PK": "x", "SK": "y"}).encode()).decode()
        variants = {
            "cursor": ["not-a-cursor", hand_made],
            "filters": ["[" * 5000 + "]" * 5000, '{"status": ["open"]}', '{"amount_min": "1e400"}', "[]"],
            "length": ["9" * 30],
            "page": ["1e400"],
            "sortDesc": ["maybe"],
        }
        for name in sorted(queries):
            for value in variants.get(name, ["x" * 5_000]):
                found.append(Call(method, f"{path}?{urlencode({name: value})}", label=f"query {name}"))
        found.append(Call(method, f"{path}?{urlencode({'zz_unknown': '1'})}", label="unknown query"))
    return found


def wrong_methods(app: Any) -> list[Call]:
    found = []
    for path, methods in sorted(app.routes.items()):
        concrete = re.sub(r"\{[^}]+\}", UNKNOWN_ID, path)
        for method in METHODS:
            if method not in methods:
                found.append(Call(method, concrete, b"{}", label="method not served"))
                break
    return found


# ------------------------------------------------------------------ what every answer must be
def problem(reply: Reply, operation: Operation | None) -> str | None:
    if reply.status >= 500:
        return f"{reply.status} {reply.text[:300]}"
    if 400 <= reply.status < 500:
        return error_shape_problem(reply)
    if operation is not None and reply.status == 200:
        media = next(iter(operation.spec["responses"].get("200", {}).get("content", {})), "application/json")
        if media != "application/json":  # a file's text: the media type it declares
            answered = reply.headers.get("Content-Type", "")
            return None if answered.startswith(media) else f"200 answered {answered!r}, not {media}"
        return envelope_problem(reply, operation)
    return None


def error_shape_problem(reply: Reply) -> str | None:
    try:
        body = json.loads(reply.text)
    except ValueError:
        return f"{reply.status} answer is not JSON: {reply.text[:200]!r}"
    if not isinstance(body, dict) or not set(body) <= {"message", "errors"}:
        return f"{reply.status} answer is not {{message, errors}}: {reply.text[:200]}"
    if not isinstance(body.get("message"), str) or not body["message"].strip():
        return f"{reply.status} answer has no message: {reply.text[:200]}"
    errors = body.get("errors")
    if errors is not None:
        well_formed = isinstance(errors, dict) and all(
            isinstance(k, str) and isinstance(v, list) and v and all(isinstance(m, str) and m for m in v)
            for k, v in errors.items()
        )
        if not well_formed:
            return f"{reply.status} errors is not field -> [messages]: {reply.text[:200]}"
    return None


def envelope_problem(reply: Reply, operation: Operation) -> str | None:
    body = reply.json
    meta = body.get("meta") if isinstance(body, dict) else None
    looks_like_page = isinstance(body, dict) and isinstance(body.get("data"), list) and isinstance(meta, dict)
    if operation.is_list:
        if not looks_like_page or not {"total", "page", "length", "next_cursor"} <= set(meta or {}):
            return f"a list route answered no {{data, meta}} page: {reply.text[:200]}"
    elif looks_like_page and {"total", "next_cursor"} <= set(meta or {}):
        return "answers a {data, meta} page the document does not declare (functions/core/openapi.py)"
    return None


# ------------------------------------------------------------------ the sweep
@dataclass
class Sweep:
    who: str
    send: Callable[[Call], Reply]
    failures: dict[tuple[str, str, str], str] = field(default_factory=dict)
    requests: int = 0
    statuses: Counter[int] = field(default_factory=Counter)

    def check(self, call: Call, operation: Operation | None) -> None:
        self.requests += 1
        reply = self.send(call)
        self.statuses[reply.status] += 1
        found = problem(reply, operation)
        if found:
            route = f"{operation.method} {operation.path}" if operation else call.path
            key = (route, found[:3], call.label)
            self.failures.setdefault(key, f"[{self.who}] {route}: {found}\n    input: {call!r}")


def browser_sender(browser: Browser) -> Callable[[Call], Reply]:
    def send(call: Call) -> Reply:
        return browser.request(call.method, call.path, call.body, headers=call.headers)

    return send


def seed(owner: SignedIn, admin: SignedIn) -> dict[str, list[str]]:
    """A few real records, so generated path parameters also reach existing items."""
    today = date.today().isoformat()
    donor = owner.post("/api/donors", {"first_name": "Ann", "last_name": "Able", "postcode": "BA1 1AA"})
    assert donor.status == 201, donor
    donor_id = donor.json["id"]
    donation = owner.post("/api/donations", {"donor_id": donor_id, "amount": "10.00", "date": today})
    assert donation.status == 201, donation
    donation_type = owner.post("/api/donation-types", {"name": "Gala"})
    location = owner.post("/api/locations", {"name": "Shop"})
    role = owner.post("/api/settings/roles", {"name": "Helper", "permissions": ["manage-donors"]})
    ticket = owner.post("/api/feedbacks/store", {"title": "Hello", "type": "bug", "description": "It broke"})
    assert {donation_type.status, location.status, role.status, ticket.status} == {201}, (role, ticket)
    return {
        "donor_id": [donor_id],
        "donation_id": [donation.json["id"]],
        "item_id": [donation_type.json["id"], location.json["id"]],
        "role_id": [role.json["id"], "owner", "staff"],
        "user_id": [owner.user_id, admin.user_id],
        "charity_id": [owner.tenant_id],
        "feedback_id": [ticket.json["data"]["id"]],
        "table": ["donors", "donations", "users"],
        "row": ["2"],
    }


def operations_of(document: dict[str, Any]) -> list[Operation]:
    defs = document["components"]["schemas"]
    found = [Operation(m, p, spec, defs) for m, p, spec in openapi.operations(document)]
    return sorted(found, key=lambda o: ((o.method, o.path) in SESSION_ENDERS, o.path, o.method))


def run_generated(sweep: Sweep, operation: Operation, ids: dict[str, list[str]]) -> None:
    @settings(
        max_examples=EXAMPLES,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(calls(operation, ids))
    def generated(call: Call) -> None:
        sweep.check(call, operation)

    generated()


def reachable(operation: Operation, permissions: set[str]) -> bool:
    """Routes a principal may call (the others answer 403 before reading any input)."""
    access = operation.spec["x-almoner-access"]
    if access["kind"] != "permission":
        return True
    held = [p in permissions for p in access["permissions"]]
    return any(held) if access["any_of"] else all(held)


def run_sweep(sweep: Sweep, operations: list[Operation], ids: dict[str, list[str]], app: Any) -> None:
    for operation in operations:
        for call in malformed_calls(operation, ids):
            sweep.check(call, operation)
        run_generated(sweep, operation, ids)
    for call in wrong_methods(app):
        sweep.check(call, None)


def report(sweep: Sweep) -> str:
    lines = sorted(sweep.failures.values())
    return f"{len(lines)} problem(s) in {sweep.requests} requests:\n" + "\n".join(lines)


def test_no_generated_input_gives_a_5xx_or_an_error_of_another_shape(client: Any) -> None:
    # GIVEN a charity owner (every charity permission) and the platform admin, signed in, and the
    # document generated from the app (not the committed copy: the code as it is now)
    from app import app

    document = openapi.build(app)
    owner = sign_up_charity(client, "Hope Trust")
    admin = platform_admin(client)
    ids = seed(owner, admin)
    operations = operations_of(document)
    admin_permissions = set(admin.get("/api/user").json["permissions"])
    admin_operations = [o for o in operations if reachable(o, admin_permissions)]
    assert any(o.path == "/api/charities" for o in admin_operations)
    # WHEN every operation gets generated and malformed inputs from each of them (the admin: the
    # ones it may call; tests/functional/test_access_sweep.py covers the 403s)
    owner_sweep = Sweep("owner", browser_sender(owner.browser))
    run_sweep(owner_sweep, operations, ids, app)
    admin_sweep = Sweep("admin", browser_sender(admin.browser))
    run_sweep(admin_sweep, admin_operations, ids, app)
    sweeps = [owner_sweep, admin_sweep]
    # THEN no answer is a 5xx, every 4xx has the one error shape, lists answer their envelope
    failures = [report(sweep) for sweep in sweeps if sweep.failures]
    assert not failures, "\n\n".join(failures)
    # and the inputs did reach the views: saved, refused per field, and every kind of refusal
    assert {200, 400, 404, 405, 413, 415, 422} <= set(owner_sweep.statuses), owner_sweep.statuses
    assert owner_sweep.statuses[422] > owner_sweep.requests / 4
    assert {200, 422} <= set(admin_sweep.statuses)


def test_chalice_own_answers_have_the_error_shape_in_the_request_language(client: Any) -> None:
    visitor = Browser(client, locale="es")
    # a method the path does not serve: 405 with Allow
    reply = visitor.request("PATCH", "/api/donors", {})
    assert reply.status == 405 and error_shape_problem(reply) is None, reply
    assert reply.json["message"] == "Esta dirección no admite solicitudes PATCH."
    assert reply.headers["Allow"] == "GET, POST"
    # a body in another media type: 415
    reply = visitor.request("POST", "/api/login", b"email=a", headers={"Content-Type": "text/plain"})
    assert reply.status == 415 and error_shape_problem(reply) is None, reply
    assert "application/json" in reply.json["message"]
    # no such route: the gateway's own 403, also {message}
    reply = visitor.request("GET", "/api/no-such-route", None)
    assert reply.status == 403 and error_shape_problem(reply) is None, reply


def test_the_openapi_document_is_served_to_anyone(client: Any) -> None:
    from infra.openapi import DOCUMENT

    reply = Browser(client).get("/api/openapi.json")
    assert reply.status == 200
    assert reply.json == json.loads(DOCUMENT.read_text(encoding="utf-8"))
    assert reply.json["paths"]["/api/donors"]["get"]["x-almoner-access"]["permissions"] == ["manage-donors"]


class FakeReply(Reply):
    def __init__(self, status: int, body: Any) -> None:
        self.status, self.headers = status, {}
        self.text = body if isinstance(body, str) else json.dumps(body)


def test_the_checks_refuse_what_a_client_could_not_rely_on() -> None:
    listing = Operation(
        "GET",
        "/api/donors",
        {
            "responses": {
                "200": {
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ListEnvelope"}}}
                }
            }
        },
        {},
    )
    one = Operation("GET", "/api/dashboard", {"responses": {"200": {}}}, {})
    page = {"data": [], "meta": {"total": 0, "page": 1, "length": 20, "next_cursor": None}}
    refused = [
        FakeReply(500, {"message": "Something went wrong."}),
        FakeReply(502, "Bad gateway"),
        FakeReply(415, {"Code": "UnsupportedMediaType", "Message": "Unsupported media type"}),
        FakeReply(422, {"message": "", "errors": {"name": ["Required."]}}),
        FakeReply(422, {"message": "Invalid.", "errors": {"name": "Required."}}),
        FakeReply(422, {"message": "Invalid.", "errors": {"name": []}}),
        FakeReply(409, {"message": "Conflict.", "detail": "x"}),
        FakeReply(404, "Not found"),
    ]
    for reply in refused:
        assert problem(reply, listing) is not None, reply
    assert problem(FakeReply(200, {"data": []}), listing) is not None
    assert problem(FakeReply(200, page), one) is not None
    accepted = [
        (FakeReply(422, {"message": "Invalid.", "errors": {"name": ["Required."]}}), listing),
        (FakeReply(403, {"message": "Missing Authentication Token"}), None),
        (FakeReply(200, page), listing),
        (FakeReply(200, {"tiles": {}}), one),
    ]
    for reply, operation in accepted:
        assert problem(reply, operation) is None, reply
