"""Lambda entry point of the gateways API area (one function per area; see template.yaml)."""

import functions.core.coldstart  # noqa: F401  (first: it pauses the collector for the cold start)

# isort: split
from functions.areas import API_PREFIX
from functions.core.application import make_app
from functions.gateways.routes import bp

app = make_app("almoner-gateways", [(bp, API_PREFIX)])
