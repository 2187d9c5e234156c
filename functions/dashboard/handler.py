"""Lambda entry point of the dashboard API area (one function per area; see template.yaml)."""

from functions.areas import API_PREFIX
from functions.core.application import make_app
from functions.dashboard.routes import bp

app = make_app("almoner-dashboard", [(bp, API_PREFIX)])
