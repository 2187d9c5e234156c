"""Lambda entry point of the giftaid API area (one function per area; see template.yaml)."""

from functions.areas import API_PREFIX
from functions.core.application import make_app
from functions.giftaid.routes import bp

app = make_app("almoner-giftaid", [(bp, API_PREFIX)])
