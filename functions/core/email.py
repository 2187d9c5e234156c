"""Email through SES. On the local stage every message is also kept in the dev outbox so a
newcomer can follow reset and verification links without a mail server."""

from __future__ import annotations

import datetime as dt

from pynamodb.attributes import UnicodeAttribute

from functions.core import aws, clock, config, ids, keys
from functions.core.table import Entity


class OutboxEmail(Entity, discriminator="OutboxEmail"):
    email_id = UnicodeAttribute()
    to = UnicodeAttribute()
    subject = UnicodeAttribute()
    text = UnicodeAttribute()
    html = UnicodeAttribute(null=True)


def send(to: str, subject: str, text: str, html: str | None = None) -> None:
    body: dict[str, dict[str, str]] = {"Text": {"Data": text, "Charset": "UTF-8"}}
    if html:
        body["Html"] = {"Data": html, "Charset": "UTF-8"}
    aws.client("ses").send_email(
        Source=config.email_from(),
        Destination={"ToAddresses": [to]},
        Message={"Subject": {"Data": subject, "Charset": "UTF-8"}, "Body": body},
    )
    if config.dev_outbox_enabled():
        email_id = ids.new_id()
        pk, sk = keys.outbox_key(email_id)
        OutboxEmail(
            pk,
            sk,
            email_id=email_id,
            to=to,
            subject=subject,
            text=text,
            html=html,
            expires_at=clock.now() + dt.timedelta(days=7),
        ).save()


def outbox(limit: int = 50) -> list[OutboxEmail]:
    return list(OutboxEmail.query(keys.outbox_pk(), scan_index_forward=False, limit=limit))
