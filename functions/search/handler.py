"""Lambda entry point of the search API area (one function per area; see template.yaml)."""

from functions.areas import API_PREFIX
from functions.core.application import make_app
from functions.search.routes import bp

app = make_app("almoner-search", [(bp, API_PREFIX)])
