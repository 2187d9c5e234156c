"""Builds a Chalice app from blueprints: used by `app.py` (all areas, local and tests) and by each
area's `handler.py` (one Lambda function per API area, so a cold start imports one area only)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from chalice import Blueprint, Chalice

from functions.core import access, coldstart
from functions.core.errors import from_chalice
from functions.core.messages import set_locale
from functions.core.observability import logger, metrics


def make_app(name: str, blueprints: Iterable[tuple[Blueprint, str]]) -> Chalice:
    # configure_logs=False: powertools' Logger prints the JSON lines; Chalice's own handler would
    # print every line twice.
    app = Chalice(app_name=name, configure_logs=False)
    app.api.binary_types = ["application/octet-stream", "application/zip"]

    @app.middleware("http")
    def bind_request(event: Any, get_response: Any) -> Any:
        token = access.bind_request(event)
        context = event.context or {}
        logger.append_keys(request_id=context.get("requestId"), path=context.get("resourcePath"))
        try:
            response = get_response(event)
            if response.status_code >= 400 and isinstance(response.body, dict):
                # Chalice's own answers (405, 415) come out in the one error shape
                set_locale((event.headers or {}).get("accept-language"))
                response = from_chalice(response, event.method)
            return response
        finally:
            # EMF metrics are printed to the log at the end of every request
            if metrics.metric_set:
                metrics.flush_metrics()
            access.unbind_request(token)
            logger.remove_keys(["request_id", "path", "tenant_id", "user_id"])
            coldstart.settle()

    for blueprint, prefix in blueprints:
        app.register_blueprint(blueprint, url_prefix=prefix)
    return app
