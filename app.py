"""The whole Almoner API as one Chalice app: every area's blueprint under /api.

Wiring only. Used by `chalicelocal` (the local stack) and the functional tests; in AWS each area
runs as its own Lambda function from `functions/<area>/handler.py`.
"""

from importlib import import_module

from functions.areas import API_PREFIX, AREAS
from functions.core.application import make_app

app = make_app(
    "almoner",
    [(import_module(f"functions.{area}.routes").bp, API_PREFIX) for area in AREAS],
)
