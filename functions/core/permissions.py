"""The spec's permission list (§6) and the built-in roles."""

from __future__ import annotations

PLATFORM_PERMISSIONS = (
    "view-dashboard",
    "manage-charities",
    "manage-feedbacks",
    "manage-knowledge-base",
    "access-knowledge-base",
    "manage-users",
    "two-factor-authentication",
)

CHARITY_PERMISSIONS = (
    "view-dashboard",
    "manage-donations",
    "manage-donors",
    "import-donations",
    "manage-fund-distributions",
    "manage-expense-types",
    "manage-projects",
    "manage-donation-types",
    "manage-integrations",
    "manage-unclaimed",
    "manage-passed-claim",
    "access-knowledge-base",
    "manage-users",
    "manage-subscriptions",
    "two-factor-authentication",
)

ALL_PERMISSIONS = tuple(dict.fromkeys(CHARITY_PERMISSIONS + PLATFORM_PERMISSIONS))

LABELS = {
    "view-dashboard": {"en": "View dashboard", "es": "Ver panel"},
    "manage-donations": {"en": "Manage donations", "es": "Gestionar donaciones"},
    "manage-donors": {"en": "Manage donors", "es": "Gestionar donantes"},
    "import-donations": {"en": "Import donations", "es": "Importar donaciones"},
    "manage-fund-distributions": {
        "en": "Manage fund distributions",
        "es": "Gestionar distribución de fondos",
    },
    "manage-expense-types": {"en": "Manage expense types", "es": "Gestionar tipos de gasto"},
    "manage-projects": {"en": "Manage projects", "es": "Gestionar proyectos"},
    "manage-donation-types": {"en": "Manage donation types", "es": "Gestionar tipos de donación"},
    "manage-integrations": {"en": "Manage integrations", "es": "Gestionar integraciones"},
    "manage-unclaimed": {"en": "Create Gift Aid claims", "es": "Crear reclamaciones de Gift Aid"},
    "manage-passed-claim": {
        "en": "View past Gift Aid claims",
        "es": "Ver reclamaciones de Gift Aid anteriores",
    },
    "access-knowledge-base": {"en": "Use the help centre", "es": "Usar el centro de ayuda"},
    "manage-charities": {"en": "Manage charities", "es": "Gestionar organizaciones benéficas"},
    "manage-feedbacks": {"en": "Manage support tickets", "es": "Gestionar tickets de soporte"},
    "manage-knowledge-base": {"en": "Manage the knowledge base", "es": "Gestionar la base de conocimiento"},
    "manage-users": {"en": "Manage users and roles", "es": "Gestionar usuarios y roles"},
    "manage-subscriptions": {"en": "Manage subscriptions", "es": "Gestionar suscripciones"},
    "two-factor-authentication": {"en": "Two-factor authentication", "es": "Autenticación en dos pasos"},
}

# Built-in roles: (role id, name, permissions, system). `owner` and the platform roles cannot be
# edited; `staff` is a starting point a charity may change.
PLATFORM_ROLES = (
    ("admin", "admin", PLATFORM_PERMISSIONS, True),
    ("super-admin", "super-admin", ALL_PERMISSIONS, True),
)
CHARITY_ROLES = (
    ("owner", "owner", CHARITY_PERMISSIONS, True),
    (
        "staff",
        "staff",
        (
            "view-dashboard",
            "manage-donations",
            "manage-donors",
            "import-donations",
            "manage-donation-types",
            "access-knowledge-base",
            "two-factor-authentication",
        ),
        False,
    ),
)
