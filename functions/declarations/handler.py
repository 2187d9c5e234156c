"""Lambda entry point of the declarations API area (one function per area; see template.yaml)."""

from functions.areas import API_PREFIX
from functions.core.application import make_app
from functions.declarations.routes import bp

app = make_app("almoner-declarations", [(bp, API_PREFIX)])
