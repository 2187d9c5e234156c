"""Lambda entry point of the imports API area (one function per area; see template.yaml)."""

from functions.areas import API_PREFIX
from functions.core.application import make_app
from functions.imports.routes import bp

app = make_app("almoner-imports", [(bp, API_PREFIX)])
