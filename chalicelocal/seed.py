"""The demo a newcomer signs in to on first start: a platform admin and the charity "Riverside
Animal Rescue" with an owner (every charity permission) and a staff member.

Idempotent per account (an account whose email exists is left alone), so restarting or an
interrupted first start never duplicates anything. The charity also gets demo donors, donation
types, locations, declarations and donations (`functions.donations.demo`), and complete Gift Aid
settings whose gateway endpoint is the local fake HMRC gateway (`chalicelocal.fake_hmrc`), so a
claim can be submitted end to end on a fresh start. At every start the local fake Stripe and fake
PayPal (`chalicelocal.fake_stripe`, `fake_paypal`, in memory) get the demo charity's account and
app again, with the fixed credentials below and webhooks pointing at its endpoints, so a gateway
connected with them keeps working across restarts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from chalicelocal import fake_hmrc

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
# The demo charity's Gift Aid settings (made-up references; the fake gateway accepts any
# credentials, HMRC's test service would not).
DEMO_GIFT_AID: dict[str, Any] = {
    "hmrc_reference": "AB12345",
    "regulator": "CCEW",
    "regulator_number": "1234567",
    "official": {
        "first_name": "Olivia",
        "last_name": "Owner",
        "postcode": "BA1 1AA",
        "overseas": False,
        "phone": "01225 000000",
    },
    "gateway_user_id": "323412300001",
    "gateway_password": "testing1",
    "vendor_id": "1234",
}


# The demo charity's accounts at the local fake payment providers (issue 16): made-up credentials
# of the right shapes, known only to the fakes.
DEMO_STRIPE = {
    "publishable_key": "pk_test_RiversideDemo0000000000000001",
    "secret_key": "sk_test_RiversideDemo0000000000000001",
    "signing_secret": "whsec_RiversideDemoLocalOnly000000000001",
}
DEMO_PAYPAL = {
    "client_id": "RiversideDemo-local-client-0001",
    "client_secret": "RiversideDemo-local-secret-0001",
    "webhook_id": "RIVERSIDEDEMO0001",
}


def seed(fake_gateway_url: str | None = None, public_url: str | None = None) -> bool:
    """Create what is missing of the demo; True when anything was created. `fake_gateway_url`:
    where this run's fake HMRC gateway answers (the demo's Gift Aid endpoint); `public_url`: this
    run's origin, where the fake payment providers deliver the demo charity's webhooks."""
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
    # Funds and projects with a few donations given to them (idempotent: skipped when the
    # charity already has projects).
    from functions.projects.demo import seed_projects

    created = seed_projects(owner.tenant_id) or created
    # A restricted and a designated fund with transfers from General (the statement of funds).
    from functions.funds.demo import seed_funds

    created = seed_funds(owner.tenant_id) or created
    # Expense types and expenses on its funds (idempotent: skipped when it has expense types).
    from functions.expenses.demo import seed_expenses

    created = seed_expenses(owner) or created
    # The public donation page offering the appeal funds.
    from functions.giving.demo import seed_giving

    created = seed_giving(owner.tenant_id, owner.user_id) or created
    # A published monthly-giving page and a draft appeal page (the page builder's demo).
    from functions.pages.demo import seed_pages

    created = seed_pages(owner) or created
    # Gateway payments of its Stripe and PayPal donations, paid out weekly (idempotent: skipped
    # when it has any payment).
    from functions.billing.demo import seed_payments

    created = seed_payments(owner.tenant_id) or created
    if fake_gateway_url:
        created = _demo_gift_aid(owner, fake_gateway_url) or created
    if public_url:
        demo_payment_providers(owner.tenant_id, public_url)
        from functions.gateways.demo import connect_demo

        created = connect_demo(owner.tenant_id, owner.user_id, DEMO_STRIPE, DEMO_PAYPAL) or created
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


def _is_local_fake(endpoint: str) -> bool:
    return endpoint.startswith("http://127.0.0.1:") and endpoint.endswith(fake_hmrc.PATH)


def _demo_gift_aid(owner: Any, fake_gateway_url: str) -> bool:
    """Complete Gift Aid settings pointing at the fake gateway, when the charity has none; when
    they point at the fake of an earlier run on another port, only the endpoint follows."""
    from functions.core import counters
    from functions.core.access import Principal
    from functions.giftaid import repository, service
    from functions.giftaid.schemas import SettingsBody

    who = Principal(user=owner, session=None, counters=counters.read(owner.tenant_id))
    current = repository.stored_settings(owner.tenant_id)
    if current is None:
        body = SettingsBody(**DEMO_GIFT_AID, endpoint=fake_gateway_url)
    elif _is_local_fake(current.endpoint) and current.endpoint != fake_gateway_url:
        view = service.get_settings(who)
        view.pop("gateway_password_set")
        body = SettingsBody(**{**view, "endpoint": fake_gateway_url})
    else:
        return False
    service.save_settings(who, body)
    return current is None


def demo_payment_providers(tenant_id: str, public_url: str) -> None:
    """The demo charity's fake Stripe account (with a webhook endpoint for every event) and fake
    PayPal app (with a webhook), registered again at each start: the fakes keep nothing."""
    from chalicelocal import fake_paypal, fake_stripe

    fake_stripe.register_account(DEMO_STRIPE["publishable_key"], DEMO_STRIPE["secret_key"], name=CHARITY_NAME)
    fake_stripe.add_endpoint(
        DEMO_STRIPE["secret_key"],
        f"{public_url}/api/webhooks/stripe/{tenant_id}",
        ["*"],
        secret=DEMO_STRIPE["signing_secret"],
    )
    fake_paypal.register_app(DEMO_PAYPAL["client_id"], DEMO_PAYPAL["client_secret"], name=CHARITY_NAME)
    fake_paypal.add_webhook(
        DEMO_PAYPAL["client_id"],
        f"{public_url}/api/webhooks/paypal/{tenant_id}",
        webhook_id=DEMO_PAYPAL["webhook_id"],
    )
