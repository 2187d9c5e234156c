"""Lambda entry point of the auth API area (one function per area; see template.yaml)."""

import functions.core.coldstart  # noqa: F401  (first: it pauses the collector for the cold start)

# isort: split
from functions.areas import API_PREFIX
from functions.auth.routes import bp
from functions.core.application import make_app

app = make_app("almoner-auth", [(bp, API_PREFIX)])
