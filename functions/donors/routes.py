"""API routes of the donors area."""

from chalice import Blueprint

bp = Blueprint(__name__)
