"""The demo a newcomer signs in to on first start: a platform admin and the charity "Riverside
Animal Rescue" with an owner (every charity permission) and a staff member.

Idempotent per account (an account whose email exists is left alone), so restarting or an
interrupted first start never duplicates anything. The charity also gets demo donors, donation
types, locations and donations (`functions.donations.demo`); later issues add declarations.
"""

from __future__ import annotations

from dataclasses import dataclass

ADMIN_EMAIL, ADMIN_PASSWORD = "admin@almoner.local", "almoner-admin"
CHARITY_NAME = "Riverside Animal Rescue"
OWNER_EMAIL, STAFF_EMAIL, DEMO_PASSWORD = "owner@riverside.example", "staff@riverside.example", "almoner-demo"


@dataclass(frozen=True)
class Account:
    label: str
    email: str
    password: str


ACCOUNTS = (
    Account("Platform admin", ADMIN_EMAIL, ADMIN_PASSWORD),
    Account(f"{CHARITY_NAME} owner", OWNER_EMAIL, DEMO_PASSWORD),
    Account(f"{CHARITY_NAME} staff", STAFF_EMAIL, DEMO_PASSWORD),
)


def seed() -> bool:
    """Create what is missing of the demo; True when anything was created."""
    # Imported here: the application modules must see the local environment first.
    from functions.auth import repository, service

    created = False
    if repository.find_user_by_email(ADMIN_EMAIL) is None:
        service.create_platform_admin(name="Almoner Admin", email=ADMIN_EMAIL, password=ADMIN_PASSWORD)
        created = True
    owner = repository.find_user_by_email(OWNER_EMAIL)
    if owner is None:
        owner = service.register_charity(
            charity_name=CHARITY_NAME,
            name="Olivia Owner",
            email=OWNER_EMAIL,
            password=DEMO_PASSWORD,
            verified=True,
        )
        created = True
    # Donors, types, locations and donations over three tax years (idempotent: skipped when the
    # charity already has donors).
    from functions.donations.demo import seed_demo

    created = seed_demo(owner.tenant_id) or created
    if repository.find_user_by_email(STAFF_EMAIL) is None:
        service.create_user(
            tenant_id=owner.tenant_id,
            name="Sam Staff",
            email=STAFF_EMAIL,
            role_id="staff",
            password=DEMO_PASSWORD,
            verified=True,
        )
        created = True
    return created
