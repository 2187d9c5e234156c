"""Lambda entry point of the subscriptions API area (one function per area; see template.yaml)."""

from functions.areas import API_PREFIX
from functions.core.application import make_app
from functions.subscriptions.routes import bp

app = make_app("almoner-subscriptions", [(bp, API_PREFIX)])
