"""Lambda entry point of the dashboard API area (one function per area; see template.yaml)."""

from functions.areas import API_PREFIX
from functions.dashboard.routes import bp
from functions.core.application import make_app

app = make_app("almoner-dashboard", [(bp, API_PREFIX)])
