"""Lambda entry point of the donations API area (one function per area; see template.yaml)."""

from functions.areas import API_PREFIX
from functions.core.application import make_app
from functions.donations.routes import bp

app = make_app("almoner-donations", [(bp, API_PREFIX)])
