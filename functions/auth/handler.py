"""Lambda entry point of the auth API area (one function per area; see template.yaml)."""

from functions.areas import API_PREFIX
from functions.auth.routes import bp
from functions.core.application import make_app

app = make_app("almoner-auth", [(bp, API_PREFIX)])
