"""Lambda entry point of the expenses API area (one function per area; see template.yaml)."""

from functions.areas import API_PREFIX
from functions.core.application import make_app
from functions.expenses.routes import bp

app = make_app("almoner-expenses", [(bp, API_PREFIX)])
