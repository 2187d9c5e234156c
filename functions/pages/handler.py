"""Lambda entry point of the landing pages API area (one function per area; see template.yaml)."""

from functions.areas import API_PREFIX
from functions.core.application import make_app
from functions.pages.routes import bp

app = make_app("almoner-pages", [(bp, API_PREFIX)])
