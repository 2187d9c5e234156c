"""The API areas. Each is a package `functions/<area>/` with `routes.py` (a Chalice Blueprint named
`bp`) and `handler.py` (its own Lambda function). `app.py` registers them all; `template.yaml` has
one function per area, and a contract test keeps the two in sync."""

from __future__ import annotations

AREAS = (
    "auth",
    "settings",
    "notifications",
    "exports",
    "charities",
    "search",
    "feedbacks",
    "donors",
    "donations",
    "declarations",
    "dashboard",
    "giftaid",
    "imports",
    "funds",
    "expenses",
    "projects",
    "gateways",
    "giving",
    "pages",
    "billing",
    "webhooks",
    "subscriptions",
    "dev",
)
API_PREFIX = "/api"
