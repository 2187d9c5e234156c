"""Lambda entry point of the giving API area (one function per area; see template.yaml)."""

from functions.areas import API_PREFIX
from functions.core.application import make_app
from functions.giving.routes import bp

app = make_app("almoner-giving", [(bp, API_PREFIX)])
