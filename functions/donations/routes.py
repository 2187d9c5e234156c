"""API routes of the donations area."""

from chalice import Blueprint

bp = Blueprint(__name__)
