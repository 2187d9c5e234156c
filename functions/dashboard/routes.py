"""API routes of the dashboard area."""

from chalice import Blueprint

bp = Blueprint(__name__)
