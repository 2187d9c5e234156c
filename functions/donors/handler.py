"""Lambda entry point of the donors API area (one function per area; see template.yaml)."""

from functions.areas import API_PREFIX
from functions.core.application import make_app
from functions.donors.routes import bp

app = make_app("almoner-donors", [(bp, API_PREFIX)])
