"""The exportable tables. Each entry names the permission that its screen requires."""

from __future__ import annotations

from functions.donations.exporters import DONATIONS
from functions.donors.exporters import DONORS
from functions.exports.registry import Exporter, register
from functions.settings.service import users_for_export

USERS = register(
    Exporter(
        table="users",
        permission="manage-users",
        columns=(
            ("name", "Name"),
            ("email", "Email"),
            ("role", "Role"),
            ("disabled", "Disabled"),
            ("two_factor_enabled", "Two-factor"),
            ("last_login_at", "Last sign-in"),
            ("created_at", "Created"),
        ),
        rows=users_for_export,
    )
)

register(DONORS)
register(DONATIONS)
