"""Lambda entry point of the notifications API area (one function per area; see template.yaml)."""

from functions.areas import API_PREFIX
from functions.core.application import make_app
from functions.notifications.routes import bp

app = make_app("almoner-notifications", [(bp, API_PREFIX)])
