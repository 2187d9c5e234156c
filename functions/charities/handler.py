"""Lambda entry point of the charities API area (one function per area; see template.yaml)."""

from functions.areas import API_PREFIX
from functions.charities.routes import bp
from functions.core.application import make_app

app = make_app("almoner-charities", [(bp, API_PREFIX)])
