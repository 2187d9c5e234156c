"""Lambda entry point of the gateways API area (one function per area; see template.yaml)."""

from functions.areas import API_PREFIX
from functions.core.application import make_app
from functions.gateways.routes import bp

app = make_app("almoner-gateways", [(bp, API_PREFIX)])
